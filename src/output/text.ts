/**
 * `--output text`, a port of AWS CLI v2 awscli/text.py. Also exports the Python `str()`/`repr()`
 * renderings of JSON values that the table and yaml formatters share.
 *
 * Rules (text.py):
 * - a scalar prints as `str(value)` plus a newline (True/False/None, Python float repr);
 * - a structure prints its scalar members, sorted by key, on one tab-separated line, prefixed by the
 *   upper-cased key it hangs from (no prefix at top level); its list/structure members follow, sorted
 *   by key, each with its own key as identifier;
 * - a list of structures: every element is printed with the sorted union of scalar keys of all
 *   elements as columns (missing ones print empty); non-scalar members recurse per element;
 * - a list of scalars with an identifier prints one `KEY\tvalue` line PER ELEMENT; without an
 *   identifier (top level) it prints all elements on one tab-separated line;
 * - a list holding lists prints its scalars first (as above), then each nested list/structure;
 * - empty lists and structures without scalars print nothing.
 */

import { entriesOf } from '../core/keys.js';
import { isFloat, isPyNumber, PyFloat, type PyNumber, pyNumberText } from '../core/pynum.js';
import { pyStrRepr } from '../core/pytext.js';

type Dict = Record<string, unknown>;

export function isDict(v: unknown): v is Dict {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof PyFloat);
}

export function isScalar(v: unknown): boolean {
  return typeof v !== 'object' || v === null || v instanceof PyFloat;
}

/** Orders strings by code point, as Python's sorted() does (JS sort compares UTF-16 units). */
export function comparePy(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done ? (y.done ? 0 : -1) : 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
}

export function sortedKeys(keys: Iterable<string>): string[] {
  return [...keys].sort(comparePy);
}

/** Python str() of a number of the response model (core/pynum.ts): `1`, `3.0`, `1e-05`, `12345678901234567890`. */
export function pyNumber(n: PyNumber): string {
  return pyNumberText(n);
}

/** Python repr() of a JSON value (used when a list/dict lands in a scalar column). */
export function pyRepr(v: unknown): string {
  if (typeof v === 'string') return pyStrRepr(v);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`;
  if (isDict(v))
    return `{${entriesOf(v)
      .map(([k, x]) => `${pyStrRepr(k)}: ${pyRepr(x)}`)
      .join(', ')}}`;
  return pyStr(v);
}

/** Python str() of a JSON value: strings as-is, True/False, None, Python number formatting. */
export function pyStr(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (v === null || v === undefined) return 'None';
  if (isPyNumber(v)) return pyNumber(v);
  return pyRepr(v);
}

/** Python's type name, for the errors the AWS CLI raises on malformed mixes. */
export function pyTypeName(v: unknown): string {
  if (v === null || v === undefined) return 'NoneType';
  if (Array.isArray(v)) return 'list';
  if (isDict(v)) return 'dict';
  if (isPyNumber(v)) return isFloat(v) ? 'float' : 'int';
  return typeof v === 'boolean' ? 'bool' : 'str';
}

export function formatText(data: unknown): string {
  const out: string[] = [];
  formatItem(data, out, null, null);
  return out.join('');
}

function formatItem(item: unknown, out: string[], identifier: string | null, scalarKeys: string[] | null): void {
  if (isDict(item)) formatDict(item, out, identifier, scalarKeys);
  else if (Array.isArray(item)) formatList(item, out, identifier);
  else out.push(`${pyStr(item)}\n`);
}

function formatList(items: unknown[], out: string[], identifier: string | null): void {
  if (items.length === 0) return;
  if (items.some(isDict)) {
    const keys = allScalarKeys(items);
    for (const el of items) formatItem(el, out, identifier, keys);
  } else if (items.some(Array.isArray)) {
    const scalars = items.filter(isScalar);
    if (scalars.length > 0) formatScalarList(scalars, out, identifier);
    for (const el of items) if (!isScalar(el)) formatItem(el, out, identifier, null);
  } else {
    formatScalarList(items, out, identifier);
  }
}

function formatScalarList(items: unknown[], out: string[], identifier: string | null): void {
  if (identifier !== null) {
    const prefix = identifier.toUpperCase();
    for (const item of items) out.push(`${prefix}\t${pyStr(item)}\n`);
  } else {
    out.push(`${items.map(pyStr).join('\t')}\n`);
  }
}

function formatDict(item: Dict, out: string[], identifier: string | null, scalarKeys: string[] | null): void {
  const { scalars, nonScalars } = partitionDict(item, scalarKeys);
  if (scalars.length > 0) {
    if (identifier !== null) scalars.unshift(identifier.toUpperCase());
    out.push(`${scalars.join('\t')}\n`);
  }
  for (const [key, value] of nonScalars) formatItem(value, out, key, null);
}

/** The sorted union of scalar-valued keys; like text.py it fails on a non-dict element. */
function allScalarKeys(items: unknown[]): string[] {
  const seen = new Set<string>();
  for (const item of items) {
    if (!isDict(item)) throw new TypeError(`'${pyTypeName(item)}' object has no attribute 'items'`);
    for (const [k, v] of Object.entries(item)) if (isScalar(v)) seen.add(k);
  }
  return sortedKeys(seen);
}

function partitionDict(
  item: Dict,
  scalarKeys: string[] | null,
): { scalars: string[]; nonScalars: [string, unknown][] } {
  const scalars: string[] = [];
  const nonScalars: [string, unknown][] = [];
  if (scalarKeys === null) {
    for (const key of sortedKeys(Object.keys(item))) {
      if (isScalar(item[key])) scalars.push(pyStr(item[key]));
      else nonScalars.push([key, item[key]]);
    }
    return { scalars, nonScalars };
  }
  for (const key of scalarKeys) scalars.push(pyStr(Object.hasOwn(item, key) ? item[key] : ''));
  const known = new Set(scalarKeys);
  for (const key of sortedKeys(Object.keys(item))) if (!known.has(key)) nonScalars.push([key, item[key]]);
  return { scalars, nonScalars };
}
