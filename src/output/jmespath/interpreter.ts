/** The tree interpreter of python jmespath 1.0.1 (jmespath/visitor.py TreeInterpreter). */
import { fromEntriesOrdered, valuesOf } from '../../core/keys.js';
import { isPyNumber, type PyNumber, asDouble } from '../../core/pynum.js';
import { QueryRuntimeError } from './errors.js';
import { callFunction } from './functions.js';
import type { Node } from './parser.js';
import { Expref, getKey, isFalse, isObject, pyEquals, pyOrder } from './python.js';

type Visit = (node: Node, value: unknown) => unknown;

/** _equals: 0 and 1 never equal a boolean at the top level (Python would say 1 == True). */
function equals(x: unknown, y: unknown): boolean {
  if (zeroOrOne(x)) return typeof y !== 'boolean' && pyEquals(x, y);
  if (zeroOrOne(y)) return typeof x !== 'boolean' && pyEquals(x, y);
  return pyEquals(x, y);
}

const zeroOrOne = (v: unknown): boolean => isPyNumber(v) && (asDouble(v) === 0 || asDouble(v) === 1);

const comparable = (v: unknown): v is PyNumber | string => isPyNumber(v) || typeof v === 'string';

/** Python's slice.indices() applied to a list. */
function slice(list: unknown[], [start, stop, step]: (number | null)[]): unknown[] {
  const st = step ?? 1;
  if (st === 0) throw new QueryRuntimeError('slice step cannot be zero');
  const n = list.length;
  const [lower, upper] = st > 0 ? [0, n] : [-1, n - 1];
  const clamp = (v: number | null, dflt: number): number => {
    if (v === null) return dflt;
    const x = v < 0 ? v + n : v;
    return Math.max(lower, Math.min(x, upper));
  };
  const from = clamp(start, st > 0 ? lower : upper);
  const to = clamp(stop, st > 0 ? upper : lower);
  const out: unknown[] = [];
  for (let i = from; st > 0 ? i < to : i > to; i += st) out.push(list[i]);
  return out;
}

function project(visit: Visit, base: unknown[], right: Node): unknown[] {
  const collected: unknown[] = [];
  for (const element of base) {
    const current = visit(right, element);
    if (current !== null && current !== undefined) collected.push(current);
  }
  return collected;
}

function notExpression(v: unknown): boolean {
  if (isPyNumber(v)) return false; // !0 is false too: 0 is not special in JMESPath
  if (v === null || v === undefined || v === false || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  return isObject(v) && Object.keys(v).length === 0;
}

function comparator(visit: Visit, node: Node, value: unknown): unknown {
  const left = visit(node.children[0], value);
  const right = visit(node.children[1], value);
  if (node.value === 'eq') return equals(left, right);
  if (node.value === 'ne') return !equals(left, right);
  if (!comparable(left) || !comparable(right)) return null;
  return pyOrder(node.value as 'lt' | 'gt' | 'lte' | 'gte', left, right);
}

const chain = (visit: Visit, node: Node, value: unknown): unknown =>
  node.children.reduce<unknown>((result, child) => visit(child, result), value);

const VISITORS: Record<string, (visit: Visit, node: Node, value: unknown) => unknown> = {
  subexpression: chain,
  index_expression: chain,
  pipe: chain,
  field: (_v, node, value) => (isObject(value) ? getKey(value, node.value as string) : null),
  comparator,
  current: (_v, _n, value) => value,
  identity: (_v, _n, value) => value,
  literal: (_v, node) => node.value,
  expref: (visit, node) => new Expref((x) => visit(node.children[0], x)),
  function_expression: (visit, node, value) =>
    callFunction(
      node.value as string,
      node.children.map((c) => visit(c, value)),
    ),
  filter_projection: (visit, node, value) => {
    const base = visit(node.children[0], value);
    if (!Array.isArray(base)) return null;
    const collected: unknown[] = [];
    for (const element of base) {
      if (isFalse(visit(node.children[2], element))) continue;
      const current = visit(node.children[1], element);
      if (current !== null && current !== undefined) collected.push(current);
    }
    return collected;
  },
  flatten: (visit, node, value) => {
    const base = visit(node.children[0], value);
    return Array.isArray(base) ? base.flatMap((el) => (Array.isArray(el) ? el : [el])) : null;
  },
  index: (_v, node, value) => {
    if (!Array.isArray(value)) return null;
    const i = node.value as number;
    const at = i < 0 ? value.length + i : i;
    return at >= 0 && at < value.length ? value[at] : null;
  },
  slice: (_v, node, value) => (Array.isArray(value) ? slice(value, node.value as (number | null)[]) : null),
  key_val_pair: (visit, node, value) => visit(node.children[0], value),
  multi_select_dict: (visit, node, value) => {
    if (value === null || value === undefined) return null;
    return fromEntriesOrdered(node.children.map((child) => [child.value as string, visit(child, value)]));
  },
  multi_select_list: (visit, node, value) =>
    value === null || value === undefined ? null : node.children.map((c) => visit(c, value)),
  or_expression: (visit, node, value) => {
    const matched = visit(node.children[0], value);
    return isFalse(matched) ? visit(node.children[1], value) : matched;
  },
  and_expression: (visit, node, value) => {
    const matched = visit(node.children[0], value);
    return isFalse(matched) ? matched : visit(node.children[1], value);
  },
  not_expression: (visit, node, value) => notExpression(visit(node.children[0], value)),
  projection: (visit, node, value) => {
    const base = visit(node.children[0], value);
    return Array.isArray(base) ? project(visit, base, node.children[1]) : null;
  },
  value_projection: (visit, node, value) => {
    const base = visit(node.children[0], value);
    return isObject(base) ? project(visit, valuesOf(base), node.children[1]) : null;
  },
};

function holdsExpref(v: unknown): boolean {
  if (v instanceof Expref) return true;
  if (Array.isArray(v)) return v.some(holdsExpref);
  return isObject(v) && Object.values(v).some(holdsExpref);
}

export function evaluate(root: Node, data: unknown): unknown {
  const visit: Visit = (node, value) => VISITORS[node.type](visit, node, value);
  const result = visit(root, data);
  // An expression reference cannot be printed: the AWS CLI's json output fails with this message.
  if (holdsExpref(result)) throw new QueryRuntimeError('Circular reference detected');
  return result ?? null;
}
