/**
 * Python's arithmetic for the number functions of python jmespath (abs, avg, ceil, floor, sum,
 * to_number), on the number model of core/pynum.ts: ints stay exact ints, floats stay floats.
 */
import { isFloat, pyFloat, pyFloatOf, pyInt, pyIntOf, type PyNumber, PyFloat, asDouble } from '../../core/pynum.js';
import { QueryRuntimeError } from './errors.js';
import { Expref } from './python.js';

/** int(s), else float(s), else None, as python jmespath's to_number() does (core/pynum.ts: Python's readings). */
function parseString(s: string): PyNumber | null {
  return pyIntOf(s) ?? pyFloatOf(s) ?? null;
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

/** float(x) as Python's arithmetic takes it: an int past the largest double is an OverflowError, not infinity. */
function asFloat(x: PyNumber): number {
  const d = asDouble(x);
  if (!Number.isFinite(d) && !isFloat(x)) throw new QueryRuntimeError('int too large to convert to float');
  return d;
}

/** sum(): ints add exactly; from the first float on, the sum is a float (Python adds left to right). */
export function pySum(xs: PyNumber[]): PyNumber {
  let ints = 0n;
  let float: number | undefined;
  for (const x of xs) {
    if (float === undefined && !isFloat(x)) ints += exact(x);
    else float = (float ?? asFloat(ints)) + asFloat(x);
  }
  return float === undefined ? pyInt(ints) : pyFloat(float);
}

/**
 * x / float(n), as avg() divides: always a float, the sum taken as a float first (an int sum beyond 2^53
 * rounded to a double, one past the largest double an OverflowError).
 */
export function pyDivide(x: PyNumber, n: number): PyNumber {
  return pyFloat(asFloat(x) / n);
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
