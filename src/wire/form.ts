/**
 * The AWS Query protocol's request parameters: model values flattened into `Name.member.N` /
 * `Struct.Member` form fields and back. Decoding converts by the model (integers, booleans, lists,
 * nested structures); a value that does not convert is kept as the string it was, for the service's own
 * validation to reject in its words.
 */
import { parsePyInt } from '../core/pynum.js';
import { isPlainObject } from '../models/validate.js';
import type { Shape } from '../models/shapes.js';
import { setOwn } from '../core/keys.js';

/** RFC 3986 percent-encoding, as botocore sends Query bodies (unreserved characters kept). */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function encodeForm(pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');
}

/** Strict `application/x-www-form-urlencoded` parsing; throws URIError on a bad escape or bad UTF-8. */
export function decodeForm(body: string): Array<[string, string]> {
  if (body === '') return [];
  return body
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const [k, v] = eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
      const dec = (x: string) => decodeURIComponent(x.replace(/\+/g, ' '));
      return [dec(k), dec(v)];
    });
}

/** Flattens one value under a prefix (empty prefix: the top-level structure). */
export function flatten(shape: Shape, v: unknown, prefix: string, out: Array<[string, string]>): void {
  if (v === undefined || v === null) return;
  const at = (name: string) => (prefix ? `${prefix}.${name}` : name);
  if (shape.type === 'structure' && isPlainObject(v)) {
    for (const [name, value] of Object.entries(v)) {
      const member = shape.members[name];
      if (member) flatten(member, value, at(name), out);
    }
  } else if (shape.type === 'list' && Array.isArray(v)) {
    if (v.length === 0) out.push([prefix, '']);
    v.forEach((item, i) => flatten(shape.member, item, `${prefix}.member.${i + 1}`, out));
  } else if (shape.type === 'map' && isPlainObject(v)) {
    Object.entries(v).forEach(([key, value], i) => {
      out.push([`${prefix}.entry.${i + 1}.key`, key]);
      flatten(shape.value, value, `${prefix}.entry.${i + 1}.value`, out);
    });
  } else if (v instanceof Date) {
    out.push([prefix, v.toISOString()]);
  } else if (v instanceof Uint8Array) {
    out.push([prefix, Buffer.from(v).toString('base64')]);
  } else {
    out.push([prefix, String(v)]);
  }
}

interface Node {
  value?: string;
  children: Map<string, Node>;
}

function tree(pairs: Array<[string, string]>): Node {
  const root: Node = { children: new Map() };
  for (const [key, value] of pairs) {
    let node = root;
    for (const part of key.split('.')) {
      let next = node.children.get(part);
      if (!next) node.children.set(part, (next = { children: new Map() }));
      node = next;
    }
    node.value = value;
  }
  return root;
}

/** A node the model cannot type, as plain data (a string, or an object of its parts). */
function raw(node: Node): unknown {
  if (node.children.size === 0) return node.value ?? '';
  return Object.fromEntries([...node.children].map(([k, c]) => [k, raw(c)]));
}

/** A list member numbered outside 1..999999; `path` as the service names members (`blockDeviceMappings.1.member.ebs`). */
export class FormIndexError extends Error {
  constructor(
    readonly path: string,
    readonly index: string,
  ) {
    super(`list index ${index} at ${path}`);
  }
}

/** `BlockDeviceMappings 1 Ebs` → `blockDeviceMappings.1.member.ebs`, as Query services name a member. */
const wireName = (path: string[]) =>
  path.map((p) => (/^\d+$/.test(p) ? `${p}.member` : p.charAt(0).toLowerCase() + p.slice(1))).join('.');

function fromNode(shape: Shape, node: Node, path: string[] = []): unknown {
  const leaf = node.children.size === 0;
  switch (shape.type) {
    case 'structure': {
      if (leaf) return raw(node);
      const out: Record<string, unknown> = {};
      for (const [name, c] of node.children)
        setOwn(
          out,
          name,
          Object.hasOwn(shape.members, name) ? fromNode(shape.members[name]!, c, [...path, name]) : raw(c),
        );
      return out;
    }
    case 'list':
      return listFrom(shape.member, node, path);
    case 'integer':
      return leaf && /^-?\d+$/.test(node.value ?? '') ? parsePyInt(node.value!) : raw(node);
    case 'boolean':
      return leaf && (node.value === 'true' || node.value === 'false') ? node.value === 'true' : raw(node);
    default:
      return raw(node);
  }
}

function listFrom(member: Shape, node: Node, path: string[]): unknown {
  if (node.children.size === 0) return node.value === '' ? [] : raw(node);
  const items = node.children.get('member');
  if (node.children.size !== 1 || !items || items.value !== undefined) return raw(node);
  const entries = [...items.children];
  const bad = entries.find(([i]) => !/^[1-9]\d{0,5}$/.test(i));
  if (bad) throw new FormIndexError(wireName(path), `member.${bad[0]}`);
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([i, c]) => fromNode(member, c, [...path, i]));
}

/** Form fields (without Action and Version) → params by the model. */
export function unflatten(shape: Shape, pairs: Array<[string, string]>): Record<string, unknown> {
  const root = tree(pairs);
  return root.children.size === 0 ? {} : (fromNode(shape, root) as Record<string, unknown>);
}
