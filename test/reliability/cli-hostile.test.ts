/**
 * Hostile command lines, run in-process against a real store: every command with random flags (its own
 * and the global ones, known and unknown, well-formed or not) and random values (text, numbers,
 * shorthand, JSON, file:// paths, option-like words). Unlike test/properties/input.test.ts (which stops
 * before the backend), these commands run: the property is about what reaches the user and the store.
 * Whatever the input: an exit code of the AWS CLI's family (0, 252, 253, 254; 255 is only for a
 * connection failure, and the embedded service has none), no stack trace on stderr (--debug included),
 * nothing on stdout when refused before any call (252, 253), and nothing written to the store by a
 * command that did not succeed (a dump of every table before and after).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagsFor } from '../../src/models/flags.js';
import { OPERATIONS } from '../../src/models/registry.js';
import type { Shape } from '../../src/models/shapes.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { dump, STACK_LINE } from './helpers.js';

const RUNS = 600;
let sb: Sandbox;
let files: string[];

beforeAll(async () => {
  sb = sandbox({ SVCCTL_API_KEY: 'sk_test_hostile' });
  // Files a value may name: JSON, shorthand, binary, empty, a directory, and one that does not exist.
  const dir = join(sb.cwd, 'files');
  mkdirSync(join(dir, 'a-directory'), { recursive: true });
  writeFileSync(join(dir, 'doc.json'), '{"repositoryName": "from-file", "tags": [{"Key": "a", "Value": "b"}]}');
  writeFileSync(join(dir, 'short.txt'), 'Key=a,Value=b');
  writeFileSync(join(dir, 'binary.bin'), Buffer.from([0xff, 0xfe, 0x00, 0x01, 0xc3]));
  writeFileSync(join(dir, 'empty.txt'), '');
  files = ['doc.json', 'short.txt', 'binary.bin', 'empty.txt', 'a-directory', 'missing.txt'].map((f) => join(dir, f));
  // The store exists before the first random command, so that its creation is not counted as a write;
  // so does its page-token secret (made once, when a store first issues a NextToken).
  expect((await sb.run(['create-repository', '--repository-name', 'before/fuzz'])).code).toBe(0);
  for (const name of ['before-1', 'before-2']) {
    expect((await sb.run(createLaunchConfiguration(name))).code).toBe(0);
  }
  expect((await sb.run(['describe-launch-configurations', '--page-size', '1', '--output', 'off'])).code).toBe(0);
});
afterAll(() => sb.cleanup());

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom(...'Key=Value,[]{}\'"\\ :/.-_*ab01'.split('')), maxLength: 30 }),
  fc.json({ maxDepth: 3 }),
  fc.constantFrom(
    '',
    '-',
    '--',
    '--x',
    '-1',
    '0',
    '1e400',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    'ab',
    'a'.repeat(3000),
    '\u0000',
    '😀',
    'file://',
    'fileb://',
  ),
);
const fileValue = fc
  .constantFrom('file://', 'fileb://')
  .chain((scheme) => fc.constantFrom(...[0, 1, 2, 3, 4, 5].map((i) => `${scheme}${files[i]}`)));

function valueFor(shape: Shape): fc.Arbitrary<string[]> {
  const one =
    shape.type === 'integer'
      ? fc.oneof(fc.integer().map(String), fc.bigInt().map(String), text)
      : shape.type === 'string' && shape.enum
        ? fc.oneof(fc.constantFrom(...shape.enum), text)
        : text;
  if (shape.type === 'boolean')
    return fc.oneof(
      fc.constant<string[]>([]),
      text.map((t) => [t]),
    );
  const words =
    shape.type === 'list'
      ? fc.array(fc.oneof(one, fileValue), { minLength: 0, maxLength: 3 })
      : fc.oneof(one, fileValue).map((w) => [w]);
  return words;
}

const GLOBALS: Array<[string, fc.Arbitrary<string[]>]> = [
  ['--output', fc.oneof(fc.constantFrom('json', 'text', 'table', 'yaml', 'yaml-stream', 'off'), text).map((v) => [v])],
  [
    '--query',
    fc
      .oneof(
        fc.constantFrom(
          'repositories[0]',
          'length(@)',
          '[?x',
          'a.b.c',
          '@',
          '`1`',
          'foo(',
          'LaunchConfigurations[].{n: LaunchConfigurationName}',
        ),
        text,
      )
      .map((v) => [v]),
  ],
  [
    '--cli-error-format',
    fc.oneof(fc.constantFrom('legacy', 'json', 'yaml', 'text', 'table', 'enhanced'), text).map((v) => [v]),
  ],
  ['--color', fc.oneof(fc.constantFrom('on', 'off', 'auto'), text).map((v) => [v])],
  ['--region', text.map((v) => [v])],
  ['--profile', fc.oneof(fc.constant('default'), text).map((v) => [v])],
  ['--page-size', fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), text).map((v) => [v])],
  ['--max-items', fc.oneof(fc.integer({ min: -5, max: 200 }).map(String), text).map((v) => [v])],
  ['--starting-token', text.map((v) => [v])],
  ['--no-paginate', fc.constant<string[]>([])],
  ['--debug', fc.constant<string[]>([])],
  ['--no-cli-pager', fc.constant<string[]>([])],
  ['--cli-auto-prompt', fc.constant<string[]>([])],
  ['--cli-binary-format', fc.oneof(fc.constantFrom('base64', 'raw-in-base64-out'), text).map((v) => [v])],
  ['--cli-read-timeout', text.map((v) => [v])],
  [
    '--cli-input-json',
    fc
      .oneof(
        text,
        fileValue,
        fc.jsonValue().map((v) => JSON.stringify(v)),
      )
      .map((v) => [v]),
  ],
  ['--cli-input-yaml', fc.oneof(text, fileValue).map((v) => [v])],
  [
    '--generate-cli-skeleton',
    fc.oneof(
      fc.constant<string[]>([]),
      fc.constantFrom('input', 'yaml-input', 'output').map((v): string[] => [v]),
      text.map((v) => [v]),
    ),
  ],
  [
    '--api-key',
    fc
      .oneof(fc.constantFrom('sk_test_hostile', 'sk_live_hostile', 'pk_test_hostile', 'rk_live_x'), text)
      .map((v) => [v]),
  ],
  ['--service-version', text.map((v) => [v])],
  ['--idempotency-key', text.map((v) => [v])],
  [
    '--bogus',
    fc.oneof(
      fc.constant<string[]>([]),
      text.map((v) => [v]),
    ),
  ],
];

/** One random command line: a command, some of its flags and some global ones, in random order, each with random values. */
const commandLine = fc.constantFrom(...OPERATIONS).chain((op) => {
  const own = flagsFor(op).map((f) => [f.flag, valueFor(f.shape)] as [string, fc.Arbitrary<string[]>]);
  const booleanOff = flagsFor(op)
    .filter((f) => f.shape.type === 'boolean')
    .map((f) => [`--no-${f.flag.slice(2)}`, fc.constant<string[]>([])] as [string, fc.Arbitrary<string[]>]);
  const pool = [...own, ...booleanOff, ...GLOBALS];
  const pick = fc.constantFrom(...pool).chain(([flag, values]) => values.map((v) => [flag, ...v]));
  return fc
    .tuple(fc.constantFrom(...op.paths), fc.array(pick, { maxLength: 6 }), fc.option(text, { nil: undefined }))
    .map(([path, flags, stray]) => [...path, ...flags.flat(), ...(stray === undefined ? [] : [stray])]);
});

/**
 * A value for a shape that is valid more often than not (enum values, pattern matches, numbers near
 * the bounds, lists near their limits), so that most commands get past the client to the service's
 * own rules, its refusals (254) and its writes.
 */
function plausible(shape: Shape, depth = 0): fc.Arbitrary<unknown> {
  switch (shape.type) {
    case 'string': {
      const valid = shape.enum
        ? fc.constantFrom(...shape.enum)
        : shape.pattern && !shape.pattern.includes('\\u')
          ? // Room for the longest fixed form a pattern has (an upload id's 36 characters, a digest's 71).
            fc.stringMatching(new RegExp(`^(?:${shape.pattern})$`), { maxLength: Math.min(shape.max ?? 80, 80) })
          : fc.string({ minLength: shape.min ?? 0, maxLength: Math.min(shape.max ?? 20, 20) });
      return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: text });
    }
    case 'integer':
      return fc.oneof(
        fc.integer({ min: (shape.min ?? 0) - 1, max: (shape.max ?? 100) + 1 }),
        fc.constantFrom(shape.min ?? 0, shape.max ?? 1),
      );
    case 'boolean':
      return fc.boolean();
    case 'list':
      return depth > 4
        ? fc.constant([])
        : fc.array(plausible(shape.member, depth + 1), { minLength: 0, maxLength: Math.min((shape.max ?? 3) + 1, 4) });
    case 'structure': {
      if (depth > 4) return fc.constant({});
      const entries = Object.entries(shape.members).map(([k, m]) => [k, plausible(m, depth + 1)] as const);
      return fc.record(Object.fromEntries(entries), { requiredKeys: [...(shape.required ?? [])] as never[] });
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A near-valid input document for a random command, given as --cli-input-json, with a few random global flags. */
const nearValidLine = fc.constantFrom(...OPERATIONS).chain((op) =>
  fc
    .tuple(
      fc.constantFrom(...op.paths),
      plausible(op.input),
      fc.array(
        fc.constantFrom(...GLOBALS).chain(([flag, values]) => values.map((v) => [flag, ...v])),
        { maxLength: 2 },
      ),
    )
    .map(([path, doc, globals]) => [...path, '--cli-input-json', JSON.stringify(doc), ...globals.flat()]),
);

/** Commands that are not operations: configure, completion, help. */
const otherLine = fc.oneof(
  fc
    .tuple(fc.constantFrom('get', 'list', 'set'), fc.array(text, { maxLength: 3 }))
    .map(([sub, args]) => ['configure', sub, ...args]),
  fc.array(text, { maxLength: 2 }).map((args) => ['completion', ...args]),
  fc
    .array(fc.oneof(fc.constantFrom('create-repository', 'account-token', 'topics'), text), { maxLength: 2 })
    .map((args) => ['help', ...args]),
  fc.array(text, { minLength: 1, maxLength: 4 }),
);

/** The lines of the second dump that are not in the first (a table's rows are one line). */
function changed(before: string, after: string): string[] {
  const old = new Set(before.split('\n'));
  return after
    .split('\n')
    .filter((l) => !old.has(l))
    .map((l) => l.slice(0, 400));
}

// The time-out bounds a hang: 600 processes' worth of work took 130 s on PostgreSQL with both cores busy.
describe('hostile command lines', { timeout: 600_000 }, () => {
  it(`${RUNS} random command lines over every command: exit 0/252/253/254, no stack trace, no write when refused`, async () => {
    const codes: Record<number, number> = {};
    let refusedRuns = 0;
    const lines = fc.oneof(
      { weight: 4, arbitrary: commandLine },
      { weight: 4, arbitrary: nearValidLine },
      { weight: 1, arbitrary: otherLine },
    );
    await fc.assert(
      fc.asyncProperty(lines, async (argv) => {
        const before = dump(sb.env.SVCCTL_HOME!);
        const r = await sb.run(argv);
        codes[r.code] = (codes[r.code] ?? 0) + 1;
        expect([0, 252, 253, 254]).toContain(r.code);
        expect(r.stderr).not.toMatch(STACK_LINE);
        expect(r.stderr).not.toMatch(/\b(TypeError|RangeError|ReferenceError|SyntaxError|SqliteError)\b/);
        if (r.code === 252 || r.code === 253) expect(r.stdout).toBe('');
        if (r.code !== 0) {
          refusedRuns++;
          const after = dump(sb.env.SVCCTL_HOME!);
          expect(changed(before, after), `exit ${r.code} wrote to the store: ${r.stderr}`).toEqual([]);
        }
        // FC_SEED and FC_PATH (printed by a failure) replay it; the store's state differs, so replay in a fresh run.
      }),
      {
        numRuns: RUNS,
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {}),
      },
    );
    console.log(
      `hostile CLI: ${RUNS} random command lines → exit codes ${JSON.stringify(codes)}; ${refusedRuns} refused, none wrote to the store; no stack trace`,
    );
    // Every outcome is reached: successes, client refusals, configuration errors and service refusals.
    expect(Object.keys(codes).sort()).toEqual(['0', '252', '253', '254']);
  });
});
