/**
 * Input made from an operation's model alone (issue 30): a value for each shape that holds every constraint
 * of the model (required members, lengths, ranges, patterns, enums), and the shorthand words that spell a
 * flag's value. Suites that cover every operation use them so that a new operation needs no entry of its own.
 * Written here, with the shorthand syntax as the AWS CLI documents it, and not taken from src/: what such a
 * suite expects is the test's own value, never one the program computed.
 */
import { flagsFor } from '../../src/models/flags.js';
import type { Operation } from '../../src/models/operation.js';
import type { Shape, StringShape } from '../../src/models/shapes.js';

/** Strings tried in turn for a string member: the first few its pattern and lengths allow are used. */
const STRINGS = [
  'ab',
  'cd',
  '1',
  '2',
  '000000000000',
  'sha256:ab',
  'sha256:cd',
  '0b8d4f5e-1c2a-4b3d-9e8f-7a6b5c4d3e2f',
];

/** Whether `text` is allowed by the string shape's lengths and pattern (anchored, as the models mean it). */
function allows(shape: StringShape, text: string): boolean {
  const length = [...text].length;
  if (length < (shape.min ?? 0) || length > (shape.max ?? Number.POSITIVE_INFINITY)) return false;
  return shape.pattern === undefined || new RegExp(`^(?:${shape.pattern})$`, 'u').test(text);
}

function stringValue(shape: StringShape, n: number): string {
  if (shape.enum) return shape.enum[n % shape.enum.length]!;
  if (shape.format === 'date-time') return `2026-11-2${n % 10}T23:21:51.327Z`;
  const fits = [...STRINGS, 'x'.repeat(Math.max(shape.min ?? 1, 1))].filter((s) => allows(shape, s));
  if (fits.length === 0)
    throw new Error(
      `no sample string for ${JSON.stringify(shape)}: add one to STRINGS in test/helpers/model-values.ts`,
    );
  return fits[n % fits.length]!;
}

/**
 * A valid value of `shape`. Every member of a structure is there, a list has two items where its size
 * allows (three for `min: 3`), a map two entries; `n` varies the choice, so that the items of a list differ.
 */
export function sampleValue(shape: Shape, n = 0): unknown {
  switch (shape.type) {
    case 'string':
      return stringValue(shape, n);
    case 'integer': {
      const min = shape.min ?? 1;
      return shape.max === undefined || min + n <= shape.max ? min + n : min;
    }
    case 'double':
      return 1.5 + n;
    case 'blob':
      // Base64 text, as a blob travels in JSON (UploadLayerPart's part).
      return Buffer.from(`part ${n}`).toString('base64');
    case 'boolean':
      return n % 2 === 0;
    case 'list': {
      const length = Math.max(shape.min ?? 0, Math.min(2, shape.max ?? 2));
      return Array.from({ length }, (_, i) => sampleValue(shape.member, n + i));
    }
    case 'map': {
      // Keys that are not integer-like, which JavaScript would move first: the keys' order is its own rule's
      // (src/core/keys.ts, pinned by the input-rules suites), not what these values test.
      const keys = [0, 1, 2, 3].map((i) => stringValue(shape.key, n + i)).filter((k) => !/^\d+$/.test(k));
      return Object.fromEntries(keys.slice(0, 2).map((k, i) => [k, sampleValue(shape.value, n + i)]));
    }
    case 'structure':
      return Object.fromEntries(Object.entries(shape.members).map(([name, member]) => [name, sampleValue(member, n)]));
    default:
      throw new Error(`no sample for a ${shape.type} input member: teach test/helpers/model-values.ts one`);
  }
}

/** The values of an operation's required members. */
export function requiredValues(op: Operation): Record<string, unknown> {
  return Object.fromEntries((op.input.required ?? []).map((name) => [name, sampleValue(op.input.members[name]!)]));
}

/** The flags and values of an operation's required members (all but `except`), as words of its command line. */
export function requiredArgv(op: Operation, except?: string): string[] {
  const flags = flagsFor(op);
  return Object.entries(requiredValues(op))
    .filter(([member]) => member !== except)
    .flatMap(([member, value]) => {
      const spec = flags.find((f) => f.member === member)!;
      return flagWords(spec.flag, spec.shape, value);
    });
}

/**
 * The key words an operation needs beyond the sandbox's own: the meter event stream takes a session's token,
 * which no key of the sandbox is, and without one the CLI sends nothing (cli/call.ts).
 */
export function keyArgv(op: Operation): string[] {
  return op.keyRule?.take === 'session' ? ['--api-key', 'mes_token_generated'] : [];
}

/** A scalar as shorthand writes it: plain where that is unambiguous, else in single quotes. */
function scalarWord(value: unknown): string {
  const text = String(value);
  return /^[A-Za-z0-9._:/@+-]+$/.test(text) ? text : `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** A value inside a shorthand structure: `[a,b]`, `{k=v}` or a scalar. */
function inner(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inner).join(',')}]`;
  if (typeof value === 'object' && value !== null) return `{${pairs(value as Record<string, unknown>)}}`;
  return scalarWord(value);
}

const pairs = (value: Record<string, unknown>) =>
  Object.entries(value)
    .map(([key, v]) => `${key}=${inner(v)}`)
    .join(',');

/**
 * The words after a structure, map or list flag that spell `value` in shorthand: one word `k=v,k2={…}` for a
 * structure or map; for a list, one word per item (each item's shorthand, or `[…]` for a list in a list).
 */
export function shorthandWords(shape: Shape, value: unknown): string[] {
  if (shape.type === 'list') {
    return (value as unknown[]).map((item) =>
      typeof item === 'object' && item !== null && !Array.isArray(item)
        ? pairs(item as Record<string, unknown>)
        : inner(item),
    );
  }
  if (shape.type === 'structure' || shape.type === 'map') return [pairs(value as Record<string, unknown>)];
  throw new Error(`${shape.type} is not written in shorthand`);
}

/** The words of a flag and its value: a scalar as it is, anything else as one JSON word. */
export function flagWords(flag: string, shape: Shape, value: unknown): string[] {
  if (shape.type === 'boolean') return [value ? flag : `--no-${flag.slice(2)}`];
  if (shape.type === 'string' || shape.type === 'integer') return [flag, String(value)];
  return [flag, JSON.stringify(value)];
}
