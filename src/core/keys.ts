/**
 * Keys in the order they were received, as the AWS CLI's Python dicts keep them, on every way out.
 *
 * A JavaScript object lists integer-like keys ("2", "10") first, in numeric order, whatever the order they
 * were set in. So an object made from input whose keys include such a key carries the received order under
 * KEY_ORDER, an enumerable symbol (object spread and Object.assign copy it; Object.keys, JSON.stringify and
 * `for…in` never see it). Everything that lists keys for output asks `keysOf`, which follows KEY_ORDER (for
 * the keys still there, then any added since) and is Object.keys for every other object. Only objects with
 * an integer-like key get one, so the common case costs nothing.
 *
 * Keys are set with `setOwn`, so that a key named `__proto__` is a key like any other, never the prototype.
 */

export const KEY_ORDER: unique symbol = Symbol('svcctl.keyOrder');

type Ordered = Record<string, unknown> & { [KEY_ORDER]?: readonly string[] };

/** True for a key a JavaScript object would list first (a canonical array index). */
export function isIndexKey(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}

/** Sets an own, enumerable property, even for `__proto__`. */
export function setOwn(obj: object, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The object's keys in received order. */
export function keysOf(obj: object): string[] {
  const own = Object.keys(obj);
  const order = (obj as Ordered)[KEY_ORDER];
  if (order === undefined) return own;
  const present = new Set(own);
  const out = order.filter((k) => present.delete(k));
  for (const k of own) if (present.has(k)) out.push(k);
  return out;
}

export function entriesOf(obj: object): [string, unknown][] {
  return keysOf(obj).map((k) => [k, (obj as Record<string, unknown>)[k]]);
}

export function valuesOf(obj: object): unknown[] {
  return keysOf(obj).map((k) => (obj as Record<string, unknown>)[k]);
}

/** An object of these entries, in this order (KEY_ORDER when a key needs it), `__proto__` kept as a key. */
export function fromEntriesOrdered(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const order: string[] = [];
  let indexKey = false;
  for (const [k, v] of entries) {
    if (!Object.hasOwn(out, k)) order.push(k);
    setOwn(out, k, v);
    if (!indexKey && isIndexKey(k)) indexKey = true;
  }
  if (indexKey) (out as Ordered)[KEY_ORDER] = order;
  return out;
}

/** A copy with each value mapped, keys in received order. */
export function mapEntries(obj: object, fn: (value: unknown, key: string) => unknown): Record<string, unknown> {
  return fromEntriesOrdered(entriesOf(obj).map(([k, v]) => [k, fn(v, k)]));
}

/** True when some object in the value carries a received order its keys do not already have. */
export function holdsOrder(v: unknown): boolean {
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x !== 'object') continue;
    if (Array.isArray(x)) {
      for (const item of x) stack.push(item);
      continue;
    }
    if ((x as Ordered)[KEY_ORDER] !== undefined) return true;
    for (const k in x) if (Object.hasOwn(x, k)) stack.push((x as Record<string, unknown>)[k]);
  }
  return false;
}

/**
 * JSON.stringify(value, replacer, indent) with keys in received order: the same text but for the order.
 * `number` writes a number (and a bigint or a PyFloat, which reach it as themselves).
 */
export function orderedJson(
  value: unknown,
  number: (v: unknown) => string | undefined,
  indent = 0,
  replacer?: (key: string, v: unknown) => unknown,
): string | undefined {
  const pad = ' '.repeat(indent);
  const write = (key: string, raw: unknown, depth: number): string | undefined => {
    let v = raw;
    if (v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function')
      v = (v as { toJSON: (k: string) => unknown }).toJSON(key);
    if (replacer) v = replacer(key, v);
    const num = number(v);
    if (num !== undefined) return num;
    if (v === null) return 'null';
    if (typeof v === 'string' || typeof v === 'boolean') return JSON.stringify(v);
    if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'null';
    if (typeof v !== 'object') return undefined;
    const inner = indent ? `\n${pad.repeat(depth + 1)}` : '';
    const close = indent ? `\n${pad.repeat(depth)}` : '';
    if (Array.isArray(v)) {
      if (v.length === 0) return '[]';
      const items = v.map((x, i) => write(String(i), x, depth + 1) ?? 'null');
      return `[${inner}${items.join(`,${inner}`)}${close}]`;
    }
    const parts: string[] = [];
    for (const k of keysOf(v)) {
      const text = write(k, (v as Record<string, unknown>)[k], depth + 1);
      if (text !== undefined) parts.push(`${JSON.stringify(k)}:${indent ? ' ' : ''}${text}`);
    }
    if (parts.length === 0) return '{}';
    return `{${inner}${parts.join(`,${inner}`)}${close}}`;
  };
  return write('', value, 0);
}
