/**
 * Python's arithmetic for the number functions of python jmespath (abs, avg, ceil, floor, sum,
 * to_number), on the number model of core/pynum.ts: ints stay exact ints, floats stay floats.
 */
import { isFloat, parsePyInt, pyFloat, pyInt, type PyNumber, PyFloat, asDouble } from '../../core/pynum.js';
import { QueryRuntimeError } from './errors.js';
import { Expref } from './python.js';

const DIGITS = String.raw`\d+(?:_\d+)*`;
const PY_INT = new RegExp(`^[+-]?${DIGITS}$`);
const PY_FLOAT = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);
const PY_SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * Each Unicode decimal digit (`٣`, `１`, `𝟏`) as its ASCII digit, as Python's int() and float() read them. Such
 * digits come in runs of whole 0-9 blocks, so a digit's value is its distance from its run's start, mod 10.
 */
function asciiDigits(s: string): string {
  if (/^[\x00-\x7f]*$/.test(s)) return s;
  return s.replace(/\p{Nd}/gu, (d) => {
    if (d >= '0' && d <= '9') return d;
    const cp = d.codePointAt(0)!;
    let start = cp;
    while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
    return String((cp - start) % 10);
  });
}

/** int(s), else float(s), else None, by Python's literal rules (white space, `_` between digits, any decimal digit, inf, nan). */
function parseString(s: string): PyNumber | null {
  const text = asciiDigits(s).trim();
  if (PY_INT.test(text)) return parsePyInt(text.replaceAll('_', ''));
  if (PY_FLOAT.test(text)) return pyFloat(Number(text.replaceAll('_', '')));
  const special = PY_SPECIAL.exec(text);
  if (special === null) return null;
  if (special[2].toLowerCase() === 'nan') return Number.NaN;
  return special[1] === '-' ? -Infinity : Infinity;
}

/** to_number(): numbers as they are, strings by int() then float(), anything else null. */
export function pyToNumber(arg: unknown): unknown {
  if (arg === null || arg === undefined || typeof arg === 'boolean' || Array.isArray(arg)) return null;
  if (typeof arg === 'number' || typeof arg === 'bigint' || arg instanceof PyFloat) return arg;
  if (typeof arg === 'string') return parseString(arg);
  if (arg instanceof Expref) {
    throw new QueryRuntimeError(
      "int() argument must be a string, a bytes-like object or a real number, not '_Expression'",
    );
  }
  return null;
}

const exact = (v: PyNumber): bigint => (typeof v === 'bigint' ? v : BigInt(v as number));

/** abs(): an int stays an int, a float a float. */
export function pyAbs(v: PyNumber): PyNumber {
  if (typeof v === 'bigint') return v < 0n ? -v : v;
  return isFloat(v) ? pyFloat(Math.abs(asDouble(v))) : Math.abs(v as number);
}

/** sum(): ints add exactly; from the first float on, the sum is a float (Python adds left to right). */
export function pySum(xs: PyNumber[]): PyNumber {
  let ints = 0n;
  let float: number | undefined;
  for (const x of xs) {
    if (float === undefined && !isFloat(x)) ints += exact(x);
    else float = (float ?? Number(ints)) + asDouble(x);
  }
  return float === undefined ? pyInt(ints) : pyFloat(float);
}

/**
 * x / n (true division): always a float. Exact below 2^53, as Python's; an int sum beyond 2^53 is
 * rounded to a double before dividing, where Python rounds the exact quotient once (at most one ulp apart).
 */
export function pyDivide(x: PyNumber, n: number): PyNumber {
  return pyFloat(asDouble(x) / n);
}

/** math.ceil / math.floor: an int, exact even for floats beyond 2^53. */
export function pyRoundToInt(v: PyNumber, round: (x: number) => number): PyNumber {
  if (!isFloat(v)) return v;
  const x = asDouble(v);
  if (!Number.isFinite(x))
    throw new QueryRuntimeError(
      Number.isNaN(x) ? 'cannot convert float NaN to integer' : 'cannot convert float infinity to integer',
    );
  return pyInt(BigInt(round(x)));
}
