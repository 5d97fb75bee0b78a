/**
 * The built-in functions of python jmespath 1.0.1 (jmespath/functions.py): the same signatures, the
 * same type checks and error texts, and Python's results (code point order for strings, max_by/min_by
 * and sort_by on string keys, len() of code points, stable sorts).
 */
import { entriesOf, fromEntriesOrdered, keysOf, valuesOf } from '../../core/keys.js';
import { arityError, QueryRuntimeError, typeError } from './errors.js';
import { Expref, isObject, keyCompare, pyEquals, pyJsonCompact, pyOrder, pyType, type Dict } from './python.js';
import { pyAbs, pyDivide, pyRoundToInt, pySum, pyToNumber } from './numbers.js';
import type { PyNumber } from '../../core/pynum.js';

const TYPES_MAP: Record<string, string> = {
  bool: 'boolean',
  list: 'array',
  dict: 'object',
  NoneType: 'null',
  str: 'string',
  float: 'number',
  int: 'number',
  _Expression: 'expref',
};
const REVERSE_TYPES_MAP: Record<string, string[]> = {
  boolean: ['bool'],
  array: ['list'],
  object: ['dict'],
  null: ['NoneType'],
  string: ['str'],
  number: ['float', 'int'],
  expref: ['_Expression'],
};

const jmesType = (pyName: string): string => TYPES_MAP[pyName] ?? 'unknown';

interface Spec {
  /** The allowed types of each argument ([] = any); `variadic` repeats the last. */
  signature: string[][];
  variadic?: boolean;
  fn: (...args: unknown[]) => unknown;
}

function checkSubtypes(name: string, current: unknown[], subtypes: string[][], types: string[]): void {
  if (subtypes.length === 1) {
    for (const el of current) if (!subtypes[0].includes(pyType(el))) throw typeError(name, el, pyType(el), types);
    return;
  }
  if (current.length === 0) return;
  const first = pyType(current[0]);
  const allowed = subtypes.find((s) => s.includes(first));
  if (allowed === undefined) throw typeError(name, current[0], first, types);
  for (const el of current) if (!allowed.includes(pyType(el))) throw typeError(name, el, pyType(el), types);
}

function checkType(name: string, current: unknown, types: string[]): void {
  const allowed: string[] = [];
  const subtypes: string[][] = [];
  for (const t of types) {
    const [type, sub] = t.split('-', 2);
    if (sub !== undefined) subtypes.push(REVERSE_TYPES_MAP[sub]);
    allowed.push(...REVERSE_TYPES_MAP[type]);
  }
  const actual = pyType(current);
  if (!allowed.includes(actual)) throw typeError(name, current, jmesType(actual), types);
  if (subtypes.length > 0) checkSubtypes(name, current as unknown[], subtypes, types);
}

function validate(name: string, args: unknown[], spec: Spec): void {
  const n = spec.signature.length;
  if (spec.variadic ? args.length < n : args.length !== n)
    throw arityError(n, args.length, name, spec.variadic === true);
  spec.signature.forEach((types, i) => {
    if (types.length > 0) checkType(name, args[i], types);
  });
}

/** A key function that only lets the allowed jmespath types through (_create_key_func). */
function keyFunc(expref: Expref, allowed: string[], name: string): (x: unknown) => unknown {
  return (x) => {
    const result = expref.visit(x);
    const type = jmesType(pyType(result));
    if (!allowed.includes(type)) throw typeError(name, result, type, allowed);
    return result;
  };
}

/** Python's max()/min() with a key: first of the best wins; a str key against a number key is a TypeError. */
function best(array: unknown[], key: (x: unknown) => unknown, op: 'gt' | 'lt'): unknown {
  let bestItem = array[0];
  let bestKey = key(array[0]);
  for (const item of array.slice(1)) {
    const k = key(item);
    if (pyOrder(op, k as number | string, bestKey as number | string)) {
      bestItem = item;
      bestKey = k;
    }
  }
  return bestItem;
}

function sortedBy(array: unknown[], key: (x: unknown) => unknown): unknown[] {
  const keyed = array.map((item) => ({ item, k: key(item) }));
  return keyed.sort((a, b) => keyCompare(a.k, b.k)).map((x) => x.item);
}

function sortBy(array: unknown[], expref: Expref): unknown[] {
  if (array.length === 0) return array;
  const required = jmesType(pyType(expref.visit(array[0])));
  if (required !== 'number' && required !== 'string')
    throw typeError('sort_by', array[0], required, ['string', 'number']);
  return sortedBy(array, keyFunc(expref, [required], 'sort_by'));
}

function contains(subject: unknown, search: unknown): boolean {
  if (typeof subject === 'string') {
    if (typeof search !== 'string')
      throw new QueryRuntimeError(`'in <string>' requires string as left operand, not ${pyType(search)}`);
    return subject.includes(search);
  }
  return (subject as unknown[]).some((x) => pyEquals(x, search));
}

/**
 * dict.update(arg): only merge's first argument is type-checked (as in python jmespath), so later ones
 * may be anything dict.update accepts (sequences of pairs) or rejects (with Python's TypeError).
 */
function updatePairs(arg: unknown): Array<[string, unknown]> {
  if (isObject(arg)) return entriesOf(arg);
  if (typeof arg !== 'string' && !Array.isArray(arg))
    throw new QueryRuntimeError(`'${pyType(arg)}' object is not iterable`);
  return [...arg].map((el: unknown, i) => {
    if (typeof el !== 'string' && !Array.isArray(el) && !isObject(el)) {
      throw new QueryRuntimeError(`cannot convert dictionary update sequence element #${i} to a sequence`);
    }
    // A sequence as Python iterates it: a string's characters, a list's items, an object's keys.
    const pair = isObject(el) ? entriesOf(el).map(([k]) => k) : ([...el] as unknown[]);
    if (pair.length !== 2)
      throw new QueryRuntimeError(`dictionary update sequence element #${i} has length ${pair.length}; 2 is required`);
    const key = pair[0];
    if (Array.isArray(key) || isObject(key)) throw new QueryRuntimeError(`unhashable type: '${pyType(key)}'`);
    return [typeof key === 'string' ? key : pyJsonCompact(key), pair[1]];
  });
}

function extreme(arg: unknown[], op: 'gt' | 'lt'): unknown {
  return arg.length === 0 ? null : best(arg, (x) => x, op);
}

const ANY: string[] = [];
const S = (...types: string[]): string[] => types;

export const FUNCTIONS: Record<string, Spec> = {
  abs: { signature: [S('number')], fn: (a) => pyAbs(a as PyNumber) },
  avg: {
    signature: [S('array-number')],
    fn: (a) => {
      const xs = a as PyNumber[];
      return xs.length === 0 ? null : pyDivide(pySum(xs), xs.length);
    },
  },
  not_null: {
    signature: [ANY],
    variadic: true,
    fn: (...args) => args.find((x) => x !== null && x !== undefined) ?? null,
  },
  to_array: { signature: [ANY], fn: (a) => (Array.isArray(a) ? a : [a]) },
  to_string: { signature: [ANY], fn: (a) => (typeof a === 'string' ? a : pyJsonCompact(a)) },
  to_number: { signature: [ANY], fn: (a) => pyToNumber(a) },
  contains: { signature: [S('array', 'string'), ANY], fn: contains },
  length: {
    signature: [S('string', 'array', 'object')],
    fn: (a) => {
      if (typeof a === 'string') return [...a].length;
      return Array.isArray(a) ? a.length : Object.keys(a as Dict).length;
    },
  },
  ends_with: { signature: [S('string'), S('string')], fn: (s, x) => (s as string).endsWith(x as string) },
  starts_with: { signature: [S('string'), S('string')], fn: (s, x) => (s as string).startsWith(x as string) },
  reverse: {
    signature: [S('array', 'string')],
    fn: (a) => (typeof a === 'string' ? [...a].reverse().join('') : [...(a as unknown[])].reverse()),
  },
  ceil: { signature: [S('number')], fn: (a) => pyRoundToInt(a as PyNumber, Math.ceil) },
  floor: { signature: [S('number')], fn: (a) => pyRoundToInt(a as PyNumber, Math.floor) },
  join: { signature: [S('string'), S('array-string')], fn: (sep, xs) => (xs as string[]).join(sep as string) },
  map: { signature: [S('expref'), S('array')], fn: (e, xs) => (xs as unknown[]).map((x) => (e as Expref).visit(x)) },
  max: { signature: [S('array-number', 'array-string')], fn: (a) => extreme(a as unknown[], 'gt') },
  min: { signature: [S('array-number', 'array-string')], fn: (a) => extreme(a as unknown[], 'lt') },
  merge: {
    signature: [S('object')],
    variadic: true,
    fn: (...objs) => {
      return fromEntriesOrdered(objs.flatMap((o) => updatePairs(o)));
    },
  },
  sort: { signature: [S('array-string', 'array-number')], fn: (a) => [...(a as unknown[])].sort(keyCompare) },
  sum: { signature: [S('array-number')], fn: (a) => pySum(a as PyNumber[]) },
  keys: { signature: [S('object')], fn: (a) => keysOf(a as Dict) },
  values: { signature: [S('object')], fn: (a) => valuesOf(a as Dict) },
  type: { signature: [ANY], fn: (a) => (a instanceof Expref ? null : jmesType(pyType(a))) },
  sort_by: { signature: [S('array'), S('expref')], fn: (a, e) => sortBy(a as unknown[], e as Expref) },
  min_by: {
    signature: [S('array'), S('expref')],
    fn: (a, e) => {
      const key = keyFunc(e as Expref, ['number', 'string'], 'min_by');
      return (a as unknown[]).length === 0 ? null : best(a as unknown[], key, 'lt');
    },
  },
  max_by: {
    signature: [S('array'), S('expref')],
    fn: (a, e) => {
      const key = keyFunc(e as Expref, ['number', 'string'], 'max_by');
      return (a as unknown[]).length === 0 ? null : best(a as unknown[], key, 'gt');
    },
  },
};

export function callFunction(name: string, args: unknown[]): unknown {
  const spec = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
  if (spec === undefined) throw new QueryRuntimeError(`Unknown function: ${name}()`);
  validate(name, args, spec);
  return spec.fn(...args);
}
