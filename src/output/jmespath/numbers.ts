/** to_number() as python jmespath does it: int(s), else float(s), else null (Python's literal rules). */
import { QueryRuntimeError } from './errors.js';
import { Expref } from './python.js';

const DIGITS = String.raw`\d+(?:_\d+)*`;
const PY_INT = new RegExp(`^[+-]?${DIGITS}$`);
const PY_FLOAT = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);
const PY_SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

function parseString(s: string): number | null {
  const text = s.trim();
  if (PY_INT.test(text) || PY_FLOAT.test(text)) return Number(text.replaceAll('_', ''));
  const special = PY_SPECIAL.exec(text);
  if (special === null) return null;
  if (special[2].toLowerCase() === 'nan') return Number.NaN;
  return special[1] === '-' ? -Infinity : Infinity;
}

export function pyToNumber(arg: unknown): unknown {
  if (arg === null || arg === undefined || typeof arg === 'boolean' || Array.isArray(arg)) return null;
  if (typeof arg === 'number') return arg;
  if (typeof arg === 'string') return parseString(arg);
  if (arg instanceof Expref) {
    throw new QueryRuntimeError("int() argument must be a string, a bytes-like object or a real number, not '_Expression'");
  }
  return null;
}
