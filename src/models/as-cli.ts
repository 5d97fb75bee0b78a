/**
 * An operation's input as the `svcctl` command line that sends it again (`svcctl service journal
 * --as-cli`, the inspector's copy button): the operation's longest command path, one flag per member in
 * the model's order, each word quoted for a POSIX shell. Scalars and lists of scalars are plain words;
 * structures, maps and lists of structures are JSON, which every flag takes.
 *
 * A secret member (models/secrets.ts: UserData, an identity's id number) is not in the journal, so the
 * line cannot hold it: in its place stands a reference to a shell variable that stops the shell when
 * unset, `"${SVCCTL_SECRET_USERDATA:?…}"` (inside a JSON value too), so that a replay either sends the
 * secret the user supplies or does not run, never a mask (docs/reliability.md, "Secrets").
 */
import { MAX_ECHO, MAX_JOURNAL_INPUT, readsParamFile } from '../core/input-rules.js';
import { stringifyJsonExact } from '../core/pynum.js';
import { mapEntries } from '../core/keys.js';
import { holdsNul, shellQuote } from '../core/shell-words.js';
import { flagsFor } from './flags.js';
import { type Operation, speaksV2 } from './operation.js';
import { operation } from './registry.js';
import { isSecret } from './secrets.js';
import type { Shape } from './shapes.js';

export interface CliLineOptions {
  /** `--endpoint-url`: the server the entry was sent to. */
  endpointUrl?: string;
  /** The region of an AWS operation; us-east-1 (the default) is left out. */
  region?: string;
  /** The Idempotency-Key the request came with (v2): sent again, so a replay does what the original did. */
  idempotencyKey?: string;
  /** The values the journal did not keep whole, by path (its entry's `Cut`; `*`: the whole input). */
  cut?: readonly string[];
}

function scalar(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value : stringifyJsonExact(value);
}

function isScalarShape(shape: Shape): boolean {
  return shape.type !== 'structure' && shape.type !== 'map' && shape.type !== 'list';
}

/** The shell variable that stands for the secret at a path: `SVCCTL_SECRET_IDENTITY_INDIVIDUAL_ID_NUMBERS_1_VALUE`. */
export function secretVariable(path: readonly string[]): string {
  return `SVCCTL_SECRET_${path
    .join('_')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
    .toUpperCase()}`;
}

/** The shell text of a secret's variable: the shell refuses to run the line while it is unset or empty. */
function secretReference(path: readonly string[]): string {
  return `"\${${secretVariable(path)}:?is a secret the journal does not keep: set it to the value to send}"`;
}

/**
 * The shell text that stands for the meter event stream's credential: a session's token, which the journal
 * never keeps (as no key) and which only the serve that made the session takes. Unset, the shell stops the
 * line before sending, rather than sending it with SVCCTL_API_KEY, which the stream refuses (401).
 */
export const SESSION_TOKEN_VARIABLE = 'SVCCTL_METER_EVENT_SESSION_TOKEN';
const sessionTokenReference = `"\${${SESSION_TOKEN_VARIABLE}:?is the authentication_token of a meter event session of the serve replayed to, which the journal does not keep: set it to one that svcctl meter-event-session create makes}"`;

/** A word of the line: text to quote, or shell text written as it is (a secret's variable, with quoted text around it). */
type Word = string | { shell: string };

/** JSON of a value with each secret member replaced by a placeholder; `secrets` gets each one's path. */
function jsonWithSecrets(shape: Shape, value: unknown, path: string[], secrets: string[][]): unknown {
  if (value === null || value === undefined) return value;
  if (isSecret(shape)) {
    secrets.push(path);
    return `\u0000${secrets.length - 1}\u0000`;
  }
  if (shape.type === 'list' && Array.isArray(value))
    return value.map((v, i) => jsonWithSecrets(shape.member, v, [...path, String(i + 1)], secrets));
  if ((shape.type === 'map' || shape.type === 'structure') && typeof value === 'object' && !Array.isArray(value)) {
    // In the order received, __proto__ included (core/keys.ts).
    return mapEntries(value, (v, k) => {
      const member =
        shape.type === 'map' ? shape.value : Object.hasOwn(shape.members, k) ? shape.members[k] : undefined;
      return member ? jsonWithSecrets(member, v, [...path, k], secrets) : v;
    });
  }
  return value;
}

/** A structure, map or list as one JSON word; each secret in it a variable reference joined to the quoted JSON around it. */
function jsonWord(shape: Shape, value: unknown, path: string[]): Word {
  const secrets: string[][] = [];
  // Exact past 2^53 and in the order received (core/pynum.ts).
  const text = stringifyJsonExact(jsonWithSecrets(shape, value, path, secrets));
  if (secrets.length === 0) return text;
  const parts = text.split(/\\u0000(\d+)\\u0000/);
  return {
    shell: parts
      .map((part, i) => (i % 2 === 1 ? secretReference(secrets[Number(part)]!) : part === '' ? '' : shellQuote(part)))
      .join(''),
  };
}

/** The words of one member: `--flag value`, `--flag a b`, `--flag` / `--no-flag`, or `--flag '<json>'`. */
function memberWords(flag: string, shape: Shape, value: unknown, path: string[]): Word[] {
  if (isSecret(shape)) return [flag, { shell: secretReference(path) }];
  if (shape.type === 'boolean' && typeof value === 'boolean') return [value ? flag : `--no-${flag.slice(2)}`];
  if (shape.type === 'list' && isScalarShape(shape.member) && Array.isArray(value) && !isSecret(shape.member)) {
    const words = value.map(scalar);
    // A word that reads as an option (`-sg`, `--`) would end the list, a lone word starting with `[` is
    // read as JSON (input/params.ts), and one starting with file:// as the file it names (input/paramfile.ts):
    // such a list is one JSON word, which the flag takes as it is.
    if (
      words.some((w) => w.startsWith('-') || readsParamFile(w)) ||
      (words.length === 1 && /^[\s\x1c-\x1f]*\[/.test(words[0]!))
    )
      return [flag, jsonWord(shape, value, path)];
    return [flag, ...words];
  }
  // A value that reads as an option (`-x`, `--y`) is joined to its flag, as argparse takes it.
  if (isScalarShape(shape)) return scalar(value).startsWith('-') ? [`${flag}=${scalar(value)}`] : [flag, scalar(value)];
  return [flag, jsonWord(shape, value, path)];
}

/** The comment that stands for an entry whose values the journal cut: a replay would send other values. */
function cutLine(op: Operation, cut: readonly string[]): string {
  if (cut.includes('*'))
    return `# not replayable: the ${op.name} call's input was cut in the journal (longer than ${MAX_JOURNAL_INPUT} characters)`;
  const member = /^[^.[]*/.exec(cut[0]!)![0];
  const flag = flagsFor(op).find((f) => f.member === member)?.flag ?? member;
  return `# not replayable: the ${op.name} call's ${flag} was cut in the journal (a value longer than ${MAX_ECHO} characters)`;
}

/**
 * The comment that stands for a read of a later page: its token (an AWS nextToken) is sealed by the store
 * that answered it, which another store refuses (254), so the line would stop a replay there. A cursor
 * list's `starting_after` is an object's id, the user's own value: kept.
 */
function pageTokenLine(op: Operation, input: Record<string, unknown>): string | undefined {
  const token = op.paginator?.cursor === undefined ? op.paginator?.inputToken : undefined;
  if (token === undefined || input[token] === undefined || input[token] === null) return undefined;
  const flag = flagsFor(op).find((f) => f.member === token)?.flag ?? token;
  return `# not replayable: the ${op.name} call's ${flag} is a page token of the serve that answered it, which another store refuses: replay the read from its first page`;
}

export function cliLine(op: Operation, input: Record<string, unknown>, opts: CliLineOptions = {}): string {
  if (opts.cut !== undefined && opts.cut.length > 0) return cutLine(op, opts.cut);
  const paged = pageTokenLine(op, input);
  if (paged !== undefined) return paged;
  const words: Word[] = ['svcctl'];
  if (opts.endpointUrl) words.push('--endpoint-url', opts.endpointUrl);
  if (!speaksV2(op) && opts.region && opts.region !== 'us-east-1') words.push('--region', opts.region);
  // A blob is written in base64, which a profile's cli_binary_format = raw-in-base64-out would send as its
  // characters: the line says how it reads it.
  if (
    flagsFor(op).some(
      (spec) => spec.shape.type === 'blob' && input[spec.member] !== undefined && input[spec.member] !== null,
    )
  )
    words.push('--cli-binary-format', 'base64');
  words.push(...op.paths.reduce((a, b) => (b.length > a.length ? b : a)));
  const members: Array<[string, Word[]]> = [];
  // A text starting with file:// or fileb:// as a word would send the file it names (input/paramfile.ts),
  // which a replay must never read: such members go in a --cli-input-json document, whose values are text.
  const asText: Record<string, string> = {};
  for (const spec of flagsFor(op)) {
    const value = input[spec.member];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && isScalarShape(spec.shape) && !isSecret(spec.shape) && readsParamFile(value))
      asText[spec.member] = value;
    else members.push([spec.flag, memberWords(spec.flag, spec.shape, value, [spec.member])]);
  }
  if (Object.keys(asText).length > 0) members.push(['--cli-input-json', ['--cli-input-json', JSON.stringify(asText)]]);
  // An empty key kept nothing, and the CLI refuses it (252): the replay makes one per call instead.
  if (opts.idempotencyKey !== undefined && opts.idempotencyKey !== '')
    members.push(['--idempotency-key', memberWords('--idempotency-key', { type: 'string' }, opts.idempotencyKey, [])]);
  // The stream's key is a session's token, never journalled: the line names it by its variable.
  if (speaksV2(op) && op.keyRule?.take === 'session')
    members.push(['--api-key', ['--api-key', { shell: sessionTokenReference }]]);
  // A NUL in a word (a JSON word escapes its own): no shell word carries one, and bash would run the line
  // with the value cut short. The line is a comment instead, which a shell replaying the journal skips.
  const nul = members.find(([, ws]) => ws.some((w) => typeof w === 'string' && holdsNul(w)));
  if (nul)
    return `# not replayable: the ${op.name} call's ${nul[0]} holds a NUL character (U+0000), which no shell word can carry`;
  for (const [, ws] of members) words.push(...ws);
  return words.map((w) => (typeof w === 'string' ? shellQuote(w) : w.shell)).join(' ');
}

/** A journal entry, as much of it as its line needs. */
export interface JournalLineEntry {
  Protocol: string;
  Operation: string;
  Input: Record<string, unknown>;
  Status: number;
  Region: string;
  IdempotencyKey?: string;
  /** The values the journal did not keep whole (see `CliLineOptions.cut`). */
  Cut?: readonly string[];
}

/**
 * A journal entry's line (`service journal --as-cli`, the inspector's `Cli`): the svcctl command that sends its
 * call again, or, for a request to serve's registry (a push's or pull's, which no svcctl command sends), a
 * comment naming it, which a shell replaying the journal skips.
 */
export function entryLine(e: JournalLineEntry, endpointUrl?: string): string {
  if (e.Protocol === 'registry')
    return `# not replayable: ${String(e.Input.method)} ${String(e.Input.path)} (${e.Status}) was a request to serve's registry, which no svcctl command sends: push or pull again with a registry client (skopeo, docker) logged in with svcctl ecr get-login-password`;
  // The line's options come from the entry itself, so that no reader of the journal can leave one out.
  return cliLine(operation(e.Operation), e.Input, {
    endpointUrl,
    region: e.Region,
    idempotencyKey: e.IdempotencyKey,
    cut: e.Cut,
  });
}
