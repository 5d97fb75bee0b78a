/**
 * `--output json`: Python's json.dumps(indent=4, ensure_ascii=False) plus a newline. JSON.stringify
 * writes everything but numbers the same way; numbers are written as Python writes them (core/pynum.ts):
 * floats as repr (`3.0`, `1e-05`, `1.5e+16`, `NaN`), ints of any size exactly.
 */
import { isPyNumber, PyFloat, pyJsonNumberText } from '../core/pynum.js';
import { holdsOrder, orderedJson } from '../core/keys.js';

/** A float JSON.stringify would spell differently from Python's repr (JS: fixed from 1e-7, to 1e21). */
const jsDiffers = (x: number): boolean => {
  if (Number.isInteger(x)) return false;
  const a = Math.abs(x);
  return !Number.isFinite(x) || a < 1e-4 || a >= 1e16;
};

/** True when the value holds a number JSON.stringify would not write as Python does. */
function needsPython(v: unknown): boolean {
  if (typeof v === 'number') return jsDiffers(v);
  if (typeof v === 'bigint' || v instanceof PyFloat) return true;
  if (Array.isArray(v)) return v.some(needsPython);
  if (v !== null && typeof v === 'object') {
    for (const k in v) if (Object.hasOwn(v, k) && needsPython((v as Record<string, unknown>)[k])) return true;
  }
  return false;
}

/** JSON.stringify(v, null, indent) with Python's numbers. */
export function stringifyPython(v: unknown, indent: number): string {
  // Keys in received order (core/keys.ts): written by the ordered writer, numbers as below.
  if (holdsOrder(v))
    return orderedJson(
      v,
      (x) => (isPyNumber(x) && (typeof x !== 'number' || jsDiffers(x)) ? pyJsonNumberText(x) : undefined),
      indent,
    ) as string;
  if (!needsPython(v)) return JSON.stringify(v, null, indent);
  const nonce = `\u0000${Math.random().toString(36).slice(2)}:`;
  // A PyFloat reaches the replacer as itself and a bigint would throw: both, and the floats JS spells
  // otherwise, become marked strings that are then unquoted.
  const replacer = (_key: string, value: unknown): unknown =>
    isPyNumber(value) && (typeof value !== 'number' || jsDiffers(value)) ? nonce + pyJsonNumberText(value) : value;
  const text = JSON.stringify(v, replacer, indent);
  const marked = JSON.stringify(nonce).slice(1, -1);
  return text.replace(new RegExp(`"${marked.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}([^"]*)"`, 'g'), '$1');
}

export function formatJson(data: unknown): string {
  return `${stringifyPython(data, 4)}\n`;
}
