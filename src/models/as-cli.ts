/**
 * An operation's input as the `svcctl` command line that sends it again (`svcctl service journal
 * --as-cli`, the inspector's copy button): the operation's longest command path, one flag per member in
 * the model's order, each word quoted for a POSIX shell. Scalars and lists of scalars are plain words;
 * structures, maps and lists of structures are JSON, which every flag takes.
 */
import { stringifyJsonExact } from '../core/pynum.js';
import { shellQuote } from '../core/shell-words.js';
import { flagsFor } from './flags.js';
import { type Operation, speaksV2 } from './operation.js';
import type { Shape } from './shapes.js';

export interface CliLineOptions {
  /** `--endpoint-url`: the server the entry was sent to. */
  endpointUrl?: string;
  /** The region of an AWS operation; us-east-1 (the default) is left out. */
  region?: string;
  /** The Idempotency-Key the request came with (v2): sent again, so a replay does what the original did. */
  idempotencyKey?: string;
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : stringifyJsonExact(value);
}

function isScalarShape(shape: Shape): boolean {
  return shape.type !== 'structure' && shape.type !== 'map' && shape.type !== 'list';
}

/** The words of one member: `--flag value`, `--flag a b`, `--flag` / `--no-flag`, or `--flag '<json>'`. */
function memberWords(flag: string, shape: Shape, value: unknown): string[] {
  if (shape.type === 'boolean' && typeof value === 'boolean') return [value ? flag : `--no-${flag.slice(2)}`];
  if (shape.type === 'list' && isScalarShape(shape.member) && Array.isArray(value)) return [flag, ...value.map(scalar)];
  // A value that reads as an option (`-x`, `--y`) is joined to its flag, as argparse takes it.
  if (isScalarShape(shape)) return scalar(value).startsWith('-') ? [`${flag}=${scalar(value)}`] : [flag, scalar(value)];
  return [flag, stringifyJsonExact(value)];
}

export function cliLine(op: Operation, input: Record<string, unknown>, opts: CliLineOptions = {}): string {
  const words = ['svcctl'];
  if (opts.endpointUrl) words.push('--endpoint-url', opts.endpointUrl);
  if (!speaksV2(op) && opts.region && opts.region !== 'us-east-1') words.push('--region', opts.region);
  words.push(...op.paths.reduce((a, b) => (b.length > a.length ? b : a)));
  for (const spec of flagsFor(op)) {
    const value = input[spec.member];
    if (value === undefined || value === null) continue;
    words.push(...memberWords(spec.flag, spec.shape, value));
  }
  if (opts.idempotencyKey !== undefined)
    words.push(...memberWords('--idempotency-key', { type: 'string' }, opts.idempotencyKey));
  return words.map(shellQuote).join(' ');
}
