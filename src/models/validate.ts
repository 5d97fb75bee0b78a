/**
 * Two walks over one shape:
 *  - `validateClient`: what botocore's validate.py checks before sending (required members, types,
 *    unknown members, minimum lengths/values/list sizes), with its messages, word for word.
 *  - `checkConstraints`: what a service checks on receipt (maximums, patterns, enums, ranges), used by
 *    the embedded service to answer with its own service errors.
 */
import { PyFloat, pyNumberText } from '../core/pynum.js';
import { pyBytesRepr } from '../core/pytext.js';
import { Timestamp } from '../core/timestamp.js';
import { InputError } from '../core/errors.js';
import { echoBare, echoText } from '../core/input-rules.js';
import { entriesOf } from '../core/keys.js';
import type { Operation } from './operation.js';
import { maskSecrets } from './secrets.js';
import type { ListShape, MapShape, Shape, StringShape, StructureShape } from './shapes.js';

const PY_TYPES: Record<Shape['type'], string> = {
  string: "<class 'str'>",
  integer: "<class 'int'>",
  double: "<class 'float'>, <class 'decimal.Decimal'>, <class 'int'>",
  boolean: "<class 'bool'>",
  timestamp: "<class 'datetime.datetime'>, timestamp string",
  blob: "<class 'bytes'>, <class 'bytearray'>, file-like object",
  list: "<class 'list'>, <class 'tuple'>",
  map: "<class 'dict'>",
  structure: "<class 'dict'>",
};

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    !(v instanceof Date) &&
    !(v instanceof Uint8Array) &&
    !(v instanceof Timestamp) &&
    !(v instanceof PyFloat)
  );
}

/** The value as Python's str() shows it in botocore's messages. */
function pyStr(v: unknown): string {
  if (v === null || v === undefined) return 'None';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || v instanceof PyFloat) return pyNumberText(v);
  if (v instanceof Uint8Array) return pyBytesRepr(v); // a `key@=fileb://` value where text belongs
  if (Array.isArray(v)) return `[${v.map(pyInner).join(', ')}]`;
  if (isPlainObject(v))
    return `{${entriesOf(v)
      .map(([k, x]) => `'${k}': ${pyInner(x)}`)
      .join(', ')}}`;
  return String(v);
}

function pyInner(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : pyStr(v);
}

function pyTypeOf(v: unknown): string {
  if (typeof v === 'string') return "<class 'str'>";
  if (typeof v === 'boolean') return "<class 'bool'>";
  if (typeof v === 'number') return Number.isInteger(v) ? "<class 'int'>" : "<class 'float'>";
  if (typeof v === 'bigint') return "<class 'int'>";
  if (v instanceof PyFloat) return "<class 'float'>";
  if (v instanceof Uint8Array) return "<class 'bytes'>";
  if (Array.isArray(v)) return "<class 'list'>";
  if (v === null) return "<class 'NoneType'>";
  return "<class 'dict'>";
}

function typeMatches(shape: Shape, v: unknown): boolean {
  switch (shape.type) {
    case 'string':
      return typeof v === 'string';
    case 'integer':
      // A Python int: 2.0 and 1e1 are floats (PyFloat), refused as botocore refuses them.
      return (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';
    case 'double':
      return typeof v === 'number' || typeof v === 'bigint' || v instanceof PyFloat;
    case 'boolean':
      return typeof v === 'boolean';
    case 'timestamp':
      return typeof v === 'string' || v instanceof Date || typeof v === 'number';
    case 'blob':
      return typeof v === 'string' || v instanceof Uint8Array;
    case 'list':
      return Array.isArray(v);
    case 'map':
    case 'structure':
      return isPlainObject(v);
  }
}

/** Length as Python's len() counts it (code points). */
export function pyLen(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * A member a v2 operation puts in its request path (`{id}`) can be no `.` or `..`: percent-encoding keeps
 * `/`, `?` and `#` inside the segment, but URLs resolve these two, encoded or not, so the request would name
 * another resource. Checked before either backend is called, so that both refuse it alike (252).
 */
export function checkPathMembers(op: Operation, params: Record<string, unknown>): void {
  if (op.http === undefined) return;
  for (const [, name] of op.http.path.matchAll(/\{(\w+)\}/g)) {
    const value = String(params[name!]);
    if (value === '.' || value === '..')
      throw new InputError(
        `Invalid value for parameter ${name}: ${echoText(value)} is not an id (it would change the request's path).`,
      );
  }
}

export function validateClient(shape: StructureShape, params: unknown): string[] {
  const errors: string[] = [];
  walkClient(shape, params, 'input', errors, true);
  return errors;
}

function walkClient(shape: Shape, v: unknown, name: string, errors: string[], top = false): void {
  if (!typeMatches(shape, v)) {
    errors.push(
      // The value as botocore shows it (its str()), cut by the one echo rule: a 5,000-character string given
      // through --cli-input-json for a number came back whole (final hostile pass 11c).
      `Invalid type for parameter ${name}, value: ${echoBare(pyStr(maskSecrets(shape, v)))}, type: ${pyTypeOf(v)}, valid types: ${PY_TYPES[shape.type]}`,
    );
    return;
  }
  const prefix = top ? '' : `${name}.`;
  if (shape.type === 'structure') {
    const obj = v as Record<string, unknown>;
    for (const req of shape.required ?? []) {
      if (obj[req] === undefined) errors.push(`Missing required parameter in ${name}: "${req}"`);
    }
    // In the order the keys were given, as botocore walks its dict: Object.entries lists "2" before "b".
    for (const [key, value] of entriesOf(obj)) {
      const member = shape.members[key];
      if (!member) {
        errors.push(
          `Unknown parameter in ${name}: "${echoBare(key)}", must be one of: ${Object.keys(shape.members).join(', ')}`,
        );
      } else if (value !== undefined) {
        walkClient(member, value, `${prefix}${key}`, errors);
      }
    }
  } else if (shape.type === 'list') {
    const list = v as unknown[];
    if (shape.min !== undefined && list.length < shape.min) {
      errors.push(`Invalid length for parameter ${name}, value: ${list.length}, valid min length: ${shape.min}`);
    }
    list.forEach((item, i) => walkClient(shape.member, item, `${name}[${i}]`, errors));
  } else if (shape.type === 'map') {
    for (const [key, value] of entriesOf(v as Record<string, unknown>))
      walkClient(shape.value, value, `${name}.${key}`, errors);
  } else if (shape.type === 'string' && shape.min !== undefined && pyLen(v as string) < shape.min) {
    errors.push(`Invalid length for parameter ${name}, value: ${pyLen(v as string)}, valid min length: ${shape.min}`);
  } else if (shape.type === 'integer' && shape.min !== undefined && (v as number | bigint) < shape.min) {
    errors.push(`Invalid value for parameter ${name}, value: ${pyStr(v)}, valid min value: ${shape.min}`);
  }
}

/** One violated constraint: where, and the constraint in the words services use. */
export interface Violation {
  path: string[];
  /** The value as a message may quote it: its secret members `****` (models/secrets.ts). */
  value: unknown;
  constraint: string;
}

const patternCache = new Map<string, RegExp>();
export function fullMatch(pattern: string, s: string): boolean {
  let re = patternCache.get(pattern);
  if (!re) {
    re = new RegExp(`^(?:${pattern})$`, 'u');
    patternCache.set(pattern, re);
  }
  return re.test(s);
}

/** Service-side checks of every constraint the model holds (the client checks only minimums). */
export function checkConstraints(shape: Shape, v: unknown, path: string[] = []): Violation[] {
  const out: Violation[] = [];
  walkConstraints(shape, v, path, out);
  return out;
}

/**
 * `item`: `v` is an entry of a list or a map, where a null is a value like any other, and none of the models'
 * lists and maps takes one (a structure's null member is an absent one: the gate drops it, compat row 411).
 */
function walkConstraints(shape: Shape, v: unknown, path: string[], out: Violation[], item = false): void {
  if (v === null && item) {
    out.push({ path, value: null, constraint: 'Member must not be null' });
    return;
  }
  if (v === undefined || v === null) return;
  if (!typeMatches(shape, v)) {
    out.push({ path, value: maskSecrets(shape, v), constraint: `Member must be of type ${shape.type}` });
    return;
  }
  const add = (constraint: string) => out.push({ path, value: maskSecrets(shape, v), constraint });
  switch (shape.type) {
    case 'string':
      return checkString(shape, v as string, add);
    case 'double':
    case 'integer': {
      const n = v instanceof PyFloat ? v.value : (v as number | bigint);
      if (shape.min !== undefined && n < shape.min) add(`Member must have value greater than or equal to ${shape.min}`);
      if (shape.max !== undefined && n > shape.max) add(`Member must have value less than or equal to ${shape.max}`);
      return;
    }
    case 'list':
      return checkList(shape, v as unknown[], path, out, add);
    case 'structure':
      return checkStructure(shape, v as Record<string, unknown>, path, out);
    case 'map':
      return checkMap(shape, v as Record<string, unknown>, path, out);
    default:
      return;
  }
}

function checkString(shape: StringShape, s: string, add: (c: string) => void): void {
  const len = pyLen(s);
  if (shape.min !== undefined && len < shape.min) add(`Member must have length greater than or equal to ${shape.min}`);
  if (shape.max !== undefined && len > shape.max) add(`Member must have length less than or equal to ${shape.max}`);
  if (shape.enum && !shape.enum.includes(s)) add(`Member must satisfy enum value set: [${shape.enum.join(', ')}]`);
  if (shape.pattern && !fullMatch(shape.pattern, s))
    add(`Member must satisfy regular expression pattern: ${shape.pattern}`);
  if (shape.format === 'date-time' && !isDateTime(s))
    add('Member must be an RFC 3339 date-time in UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ)');
}

/** `2026-11-20T23:21:51.327Z`, and a real instant (what Date#toISOString writes for it). */
function isDateTime(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(s)) return false;
  const ms = Date.parse(s);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === s;
}

function checkList(
  shape: ListShape,
  list: unknown[],
  path: string[],
  out: Violation[],
  add: (c: string) => void,
): void {
  if (shape.min !== undefined && list.length < shape.min)
    add(`Member must have length greater than or equal to ${shape.min}`);
  if (shape.max !== undefined && list.length > shape.max)
    add(`Member must have length less than or equal to ${shape.max}`);
  list.forEach((item, i) => walkConstraints(shape.member, item, [...path, String(i + 1)], out, true));
}

function checkStructure(shape: StructureShape, obj: Record<string, unknown>, path: string[], out: Violation[]): void {
  for (const req of shape.required ?? []) {
    if (obj[req] === undefined || obj[req] === null)
      out.push({ path: [...path, req], value: null, constraint: 'Member must not be null' });
  }
  for (const [key, value] of entriesOf(obj)) {
    const member = shape.members[key];
    if (member) walkConstraints(member, value, [...path, key], out);
  }
}

function checkMap(shape: MapShape, obj: Record<string, unknown>, path: string[], out: Violation[]): void {
  for (const [key, value] of entriesOf(obj)) walkConstraints(shape.value, value, [...path, key], out, true);
}
