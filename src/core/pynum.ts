/**
 * Python's numbers in JavaScript values: the one number model of responses, `--query` and formatters.
 *
 * botocore reads a JSON body with json.loads and an XML integer with int(), so a response holds Python
 * ints (exact, any size) and floats (doubles that remember they are floats: `3.0`, `1e+16`). JavaScript
 * has one number type, so the model is:
 *
 * - a `number` that is an integer is a Python int; one that is not (0.5, NaN, Infinity) is a float;
 * - a `bigint` is a Python int beyond 2^53 (only those: smaller ints are always numbers);
 * - a `PyFloat` is a float whose value is integral (`3.0`, `1e+16`, `-0.0`), the one case a number
 *   cannot say.
 *
 * Nothing else changes: the common values (small ints, fractions) stay plain numbers, so a response with
 * none of the rare cases is exactly what JSON.parse gives.
 */

import { fromEntriesOrdered, isIndexKey, KEY_ORDER, orderedJson } from './keys.js';

/** A Python float with an integral value (3.0, 1e+16, -0.0). */
export class PyFloat {
  constructor(readonly value: number) {}
}

export type PyNumber = number | bigint | PyFloat;

export const isPyNumber = (v: unknown): v is PyNumber =>
  typeof v === 'number' || typeof v === 'bigint' || v instanceof PyFloat;

/** True for Python floats (whatever their value), false for ints. */
export const isFloat = (v: PyNumber): boolean =>
  v instanceof PyFloat || (typeof v === 'number' && !Number.isInteger(v));

/** The value as a double (a bigint rounds, as Python's float(int) does). */
export const asDouble = (v: PyNumber): number => (v instanceof PyFloat ? v.value : Number(v));

/** A float result as the model holds it: integral values (and -0.0) are wrapped. */
export function pyFloat(x: number): number | PyFloat {
  return Number.isInteger(x) ? new PyFloat(x) : x;
}

/** An int as the model holds it: a number when exact, else a bigint. */
export function pyInt(v: bigint): number | bigint {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}

/** The exact value of an int as a bigint. */
const exactInt = (v: number | bigint): bigint => (typeof v === 'bigint' ? v : BigInt(v));

/** Python's comparison of two numbers (exact between an int of any size and a float); NaN compares as unordered (NaN). */
export function comparePyNumbers(a: PyNumber, b: PyNumber): number {
  const x = asDouble(a);
  const y = asDouble(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  if (typeof a === 'bigint' || typeof b === 'bigint') {
    // An int beyond 2^53 against anything: compare exactly when both sides are integral. A float infinity
    // is past every int, however long (an int past 1.8e308 has an infinite double, not an infinite value).
    if (isFloat(a) && !Number.isFinite(x)) return x > 0 ? 1 : -1;
    if (isFloat(b) && !Number.isFinite(y)) return y > 0 ? -1 : 1;
    const ia = isFloat(a) ? (Number.isInteger(x) ? BigInt(x) : undefined) : exactInt(a as number | bigint);
    const ib = isFloat(b) ? (Number.isInteger(y) ? BigInt(y) : undefined) : exactInt(b as number | bigint);
    if (ia === undefined || ib === undefined) return x < y ? -1 : x > y ? 1 : 0;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  }
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Python repr() of a float: shortest round-trip digits, exponent form below 1e-4 and from 1e16. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mant, expText] = x.toExponential().split('e');
  const exp = Number(expText);
  const sign = mant.startsWith('-') ? '-' : '';
  const digits = mant.replace('-', '').replace('.', '');
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, '0');
  return `${sign}${intPart}.${digits.slice(exp + 1) || '0'}`;
}

/** Python str()/repr() of a number: ints exactly, floats as repr (`3.0`, `1e-05`, `1.5e+16`). */
export function pyNumberText(v: PyNumber): string {
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof PyFloat) return pyFloatRepr(v.value);
  return Number.isInteger(v) ? String(v) : pyFloatRepr(v);
}

/** json.dumps of a number: as str(), but Python's JSON spellings of the non-finite floats. */
export function pyJsonNumberText(v: PyNumber): string {
  const x = asDouble(v);
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x) && typeof v !== 'bigint') return x > 0 ? 'Infinity' : '-Infinity';
  return pyNumberText(v);
}

/** int(text) for an integer literal ([+-]digits); the caller has checked the form. */
export const parsePyInt = (text: string): number | bigint => pyInt(BigInt(text));

/** The white space Python's int() takes around its digits (str.isspace, but not U+001C-U+001F). */
const INT_SPACE = '[\\t-\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*';
const PY_INT_TEXT = new RegExp(`^${INT_SPACE}([+-]?)(\\p{Nd}+(?:_\\p{Nd}+)*)${INT_SPACE}$`, 'u');

/** A decimal digit of any script (Unicode Nd, whose digits come in runs 0-9 in order) as 0-9. */
function digitValue(ch: string): number {
  let start = ch.codePointAt(0)!;
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return (ch.codePointAt(0)! - start) % 10;
}

/**
 * Python's int(text) in base 10, the one reading of an int that svcctl takes where the AWS CLI calls int()
 * (--max-items, --page-size, an integer parameter, a time-out, max_attempts): white space around it, a sign,
 * the digits of any script (`٣`, `２`), one `_` between digits (`1_000`). Undefined where int() raises
 * ValueError, whose words are `invalid literal for int() with base 10: '…'`.
 */
export function pyIntOf(text: string): number | bigint | undefined {
  const m = PY_INT_TEXT.exec(text);
  if (!m) return undefined;
  const digits = [...m[2]!.replaceAll('_', '')].map((c) => (/[0-9]/.test(c) ? c : String(digitValue(c)))).join('');
  return parsePyInt(`${m[1] === '-' ? '-' : ''}${digits}`);
}

const PY_DIGITS = '\\p{Nd}+(?:_\\p{Nd}+)*';
const PY_FLOAT_TEXT = new RegExp(
  `^${INT_SPACE}([+-]?(?:${PY_DIGITS}(?:\\.(?:${PY_DIGITS})?)?|\\.${PY_DIGITS})(?:[eE][+-]?${PY_DIGITS})?)${INT_SPACE}$`,
  'u',
);
const PY_FLOAT_WORD = new RegExp(`^${INT_SPACE}([+-]?)(inf|infinity|nan)${INT_SPACE}$`, 'iu');

/**
 * Python's float(text): as int() reads its text (white space around it, the digits of any script, one `_`
 * between digits), a decimal point and an exponent, or the words inf, infinity and nan in any case; always a
 * float. Undefined where float() raises ValueError (`could not convert string to float: '…'`).
 */
export function pyFloatOf(text: string): number | PyFloat | undefined {
  const m = PY_FLOAT_TEXT.exec(text);
  if (m) {
    const ascii = [...m[1]!.replaceAll('_', '')].map((c) =>
      /\p{Nd}/u.test(c) && !/[0-9]/.test(c) ? String(digitValue(c)) : c,
    );
    return pyFloat(Number(ascii.join('')));
  }
  const word = PY_FLOAT_WORD.exec(text);
  if (!word) return undefined;
  if (word[2]!.toLowerCase() === 'nan') return Number.NaN;
  return word[1] === '-' ? -Infinity : Infinity;
}

// ---------------------------------------------------------------------------------------------------
// JSON text → values, keeping what json.loads keeps.

/** A string token, or a number token (JSON grammar). */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(\.\d+)?([eE][+-]?\d+)?/g;

/** How json.loads reads a number token: int for `12`, float for `1.0` / `1e5`. */
function numberToken(tok: string, fraction: boolean): PyNumber {
  if (!fraction) return parsePyInt(tok);
  return pyFloat(Number(tok));
}

/** True when JSON.parse would lose something json.loads keeps: an integral float or an int beyond 2^53. */
function special(tok: string, fraction: boolean): boolean {
  if (fraction) return Number.isInteger(Number(tok));
  return tok.length > 15 && !Number.isSafeInteger(Number(tok));
}

/**
 * JSON.parse, with Python's numbers: an integral float (`3.0`, `1e16`) becomes a PyFloat and an int
 * beyond 2^53 a bigint. A text without such numbers (the common case) is parsed by JSON.parse alone.
 * Throws JSON.parse's SyntaxError for text that is not JSON.
 */
export function parseJsonExact(text: string): unknown {
  const found = new Map<string, PyNumber>();
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
    const tok = m[0];
    if (tok.charCodeAt(0) === 34) continue;
    const fraction = m[1] !== undefined || m[2] !== undefined;
    if (!special(tok, fraction)) continue;
    found.set(tok, numberToken(tok, fraction));
  }
  // An integer-like key ("10") would move to the front of its object: such objects keep their order (core/keys.ts).
  const indexKeys = INDEX_KEY.test(text);
  if (found.size === 0 && !indexKeys) return JSON.parse(text);
  JSON.parse(text); // a text that is not JSON fails with JSON.parse's own words
  const nonce = `\u0000${Math.random().toString(36).slice(2)}:`;
  const keyNonce = `\u0000${Math.random().toString(36).slice(2)}k`;
  const rewritten = text.replace(TOKEN, (tok: string, _f: unknown, _e: unknown, offset: number) => {
    if (found.has(tok)) return JSON.stringify(nonce + tok);
    if (indexKeys && tok.charCodeAt(0) === 34 && isIndexKey(tok.slice(1, -1))) {
      KEY_COLON.lastIndex = offset + tok.length;
      if (KEY_COLON.test(text)) return JSON.stringify(keyNonce + tok.slice(1, -1));
    }
    return tok;
  });
  return JSON.parse(rewritten, (_k, v) => {
    if (typeof v === 'string' && v.startsWith(nonce)) return found.get(v.slice(nonce.length));
    if (indexKeys && v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (!keys.some((k) => k.startsWith(keyNonce))) return v;
      return fromEntriesOrdered(
        keys.map((k) => [k.startsWith(keyNonce) ? k.slice(keyNonce.length) : k, (v as Record<string, unknown>)[k]]),
      );
    }
    return v;
  });
}

/** A string token, or one of the constants json.loads reads beyond JSON (`NaN`, `Infinity`, `-Infinity`). */
const CONSTANT_TOKEN = /"(?:[^"\\]|\\.)*"|-?Infinity|NaN/g;

/**
 * json.loads itself, for the text a user gives the CLI (`--cli-input-json`, a JSON parameter, `file://`):
 * parseJsonExact, and Python's non-finite floats `NaN`, `Infinity` and `-Infinity`, so that they reach
 * validation as the floats the AWS CLI sees (`value: nan, type: <class 'float'>`), not JSON.parse's
 * "Unexpected token". Never for what a service reads: no protocol carries them.
 */
export function parseJsonPython(text: string): unknown {
  const constants: number[] = [];
  const nonce = `\u0000${Math.random().toString(36).slice(2)}c`;
  CONSTANT_TOKEN.lastIndex = 0;
  const rewritten = text.replace(CONSTANT_TOKEN, (tok: string) => {
    if (tok.charCodeAt(0) === 34) return tok;
    constants.push(tok === 'NaN' ? Number.NaN : tok === 'Infinity' ? Infinity : -Infinity);
    return JSON.stringify(`${nonce}${constants.length - 1}`);
  });
  if (constants.length === 0) return parseJsonExact(text);
  const revive = (v: unknown): unknown => {
    if (typeof v === 'string') return v.startsWith(nonce) ? constants[Number(v.slice(nonce.length))] : v;
    if (Array.isArray(v)) v.forEach((x, i) => (v[i] = revive(x)));
    else if (v !== null && typeof v === 'object' && !(v instanceof PyFloat))
      for (const k of Object.keys(v)) (v as Record<string, unknown>)[k] = revive((v as Record<string, unknown>)[k]);
    return v;
  };
  return revive(parseJsonExact(rewritten));
}

/**
 * As parseJsonExact, for documents that hold no floats (what the store keeps, what serve's JSON bodies
 * carry for the models' members, which have no float type): ints exact past 2^53, keys in received order,
 * and JSON.parse alone (no scan of every token) when the text has no run of 16 digits and no integer-like key.
 */
export function parseJsonInts(text: string): unknown {
  if (!LONG_DIGITS.test(text) && !INDEX_KEY.test(text)) return JSON.parse(text);
  return parseJsonExact(text);
}

/** An int past 2^53 has at least 16 digits. */
const LONG_DIGITS = /\d{16}/;

/** What stringifyJsonExact needs for a value: JSON.stringify alone, its number marks, or the ordered writer. */
function exactKind(v: unknown): 'plain' | 'numbers' | 'ordered' {
  let numbers = false;
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x === 'bigint') numbers = true;
    else if (x === null || typeof x !== 'object') continue;
    else if (x instanceof PyFloat) numbers = true;
    else if (Array.isArray(x)) for (let i = 0; i < x.length; i++) stack.push(x[i]);
    else if ((x as { [KEY_ORDER]?: unknown })[KEY_ORDER] !== undefined) return 'ordered';
    else for (const k in x) stack.push((x as Record<string, unknown>)[k]);
  }
  return numbers ? 'numbers' : 'plain';
}

/** A key that looks integer-like, somewhere in the text (a string that only looks like one costs the slow path). */
const INDEX_KEY = /"(?:0|[1-9]\d{0,9})"\s*:/;
const KEY_COLON = /\s*:/y;

/**
 * JSON.stringify, with Python's numbers written as json.dumps writes them: a bigint exactly, a PyFloat
 * as its float (`2.0`). A value without them (the common case) is JSON.stringify's text alone.
 */
export function stringifyJsonExact(
  value: unknown,
  replacer?: (key: string, v: unknown) => unknown,
  indent?: number,
): string {
  const kind = exactKind(value);
  if (kind === 'plain') return JSON.stringify(value, replacer, indent);
  if (kind === 'ordered') {
    const number = (v: unknown) =>
      typeof v === 'bigint' || v instanceof PyFloat ? pyJsonNumberText(v as PyNumber) : undefined;
    return orderedJson(value, number, indent, replacer) as string;
  }
  const nonce = `\u0000${Math.random().toString(36).slice(2)}:`;
  let found = false;
  const text = JSON.stringify(
    value,
    (k, v: unknown) => {
      if (typeof v !== 'bigint' && !(v instanceof PyFloat)) return replacer ? replacer(k, v) : v;
      found = true;
      return nonce + pyJsonNumberText(v);
    },
    indent,
  );
  if (!found) return text;
  const marked = new RegExp(
    `"${JSON.stringify(nonce)
      .slice(1, -1)
      .replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}([^"]*)"`,
    'g',
  );
  return text.replace(marked, '$1');
}
