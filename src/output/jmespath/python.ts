/**
 * The Python semantics python jmespath inherits: type names, ==, ordering of numbers and strings (code
 * point order), and the TypeError a comparison of a str with a number raises.
 */
import { entriesOf } from '../../core/keys.js';
import { comparePyNumbers, isFloat, isPyNumber, type PyNumber, pyJsonNumberText } from '../../core/pynum.js';
import { comparePy, isDict } from '../text.js';
import { QueryRuntimeError } from './errors.js';

/** An expression reference (`&expr`), bound to the interpreter that evaluates it. */
export class Expref {
  constructor(readonly visit: (value: unknown) => unknown) {}
}

export type Dict = Record<string, unknown>;

/** A JSON object (not an expression reference). */
export function isObject(v: unknown): v is Dict {
  return isDict(v) && !(v instanceof Expref);
}

export const isNumber = isPyNumber;

/** Python's type(v).__name__ for JSON values (numbers by the model of core/pynum.ts). */
export function pyType(v: unknown): string {
  if (v === null || v === undefined) return 'NoneType';
  if (typeof v === 'string') return 'str';
  if (typeof v === 'boolean') return 'bool';
  if (isPyNumber(v)) return isFloat(v) ? 'float' : 'int';
  if (Array.isArray(v)) return 'list';
  return v instanceof Expref ? '_Expression' : 'dict';
}

export function getKey(obj: Dict, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : null;
}

/** Python ==: deep, True == 1, dict equality ignores order. */
export function pyEquals(a: unknown, b: unknown): boolean {
  if (typeof a === 'boolean' && isPyNumber(b)) return comparePyNumbers(Number(a), b) === 0;
  if (isPyNumber(a) && typeof b === 'boolean') return comparePyNumbers(a, Number(b)) === 0;
  if (isPyNumber(a) && isPyNumber(b)) return comparePyNumbers(a, b) === 0;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => pyEquals(x, b[i]));
  }
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && pyEquals(a[k], b[k]));
  }
  return (a ?? null) === (b ?? null);
}

const SYMBOL: Record<string, string> = { lt: '<', gt: '>', lte: '<=', gte: '>=' };

/** Python's ordering comparison of two numbers or two strings; a str with a number is a TypeError. */
export function pyOrder(op: 'lt' | 'gt' | 'lte' | 'gte', a: PyNumber | string, b: PyNumber | string): boolean {
  if ((typeof a === 'string') !== (typeof b === 'string')) {
    throw new QueryRuntimeError(`'${SYMBOL[op]}' not supported between instances of '${pyType(a)}' and '${pyType(b)}'`);
  }
  const d = typeof a === 'string' ? comparePy(a, b as string) : comparePyNumbers(a, b as PyNumber);
  return op === 'lt' ? d < 0 : op === 'gt' ? d > 0 : op === 'lte' ? d <= 0 : d >= 0;
}

/** Orders keys of one type, numbers numerically and strings by code point (for sorted()). */
export function keyCompare(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return comparePy(a, b);
  return comparePyNumbers(a as PyNumber, b as PyNumber);
}

/** The truthiness of python jmespath (_is_false): '', [], {}, null and false are false; 0 is true. */
export function isFalse(v: unknown): boolean {
  if (v === '' || v === null || v === undefined || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isObject(v) && Object.keys(v).length === 0;
}

function escapeAscii(s: string): string {
  const named: Record<string, string> = {
    '"': '\\"',
    '\\': '\\\\',
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
    '\b': '\\b',
    '\f': '\\f',
  };
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const code = s.charCodeAt(i);
    if (named[c] !== undefined) out += named[c];
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += c;
  }
  return `${out}"`;
}

/** json.dumps(v, separators=(',', ':')) with Python's defaults (ensure_ascii, float repr). */
export function pyJsonCompact(v: unknown): string {
  if (typeof v === 'string') return escapeAscii(v);
  if (isPyNumber(v)) return pyJsonNumberText(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(pyJsonCompact).join(',')}]`;
  if (v instanceof Expref) return escapeAscii('<jmespath.visitor._Expression object>');
  return `{${entriesOf(v as Dict)
    .map(([k, x]) => `${escapeAscii(k)}:${pyJsonCompact(x)}`)
    .join(',')}}`;
}
