/**
 * Pathological shorthand (issue 31, item 3): long runs of backslashes after an unclosed quote, thousands of
 * "[" and "{", `@=` and `file://` anywhere, random text. Every parse ends (a bound for a hang, in a worker
 * thread: test/helpers/bounded-shorthand.ts), with a value or one of the parser's own errors, never an engine
 * error such as `Maximum call stack size exceeded`; and the same word given to the CLI is accepted or refused
 * with 252, never 255, never a stack trace. The bound is not a speed limit: a linear parse of these inputs
 * takes milliseconds, the old quoted-value expression took 36 s at 42 backslashes and never ended at 100.
 */
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SHORTHAND_DEPTH } from '../../src/input/shorthand.js';
import { type BoundedParser, boundedParser } from '../helpers/bounded-shorthand.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';

const RUNS = 150;
/** Far above any parse that ends: a hang, not a slow run, goes past it. */
const HANG_BOUND_MS = 20_000;

let parser: BoundedParser;
let sb: Sandbox;
beforeAll(() => {
  parser = boundedParser(HANG_BOUND_MS);
  sb = sandbox();
});
afterAll(async () => {
  await parser.close();
  sb.cleanup();
});

const PIECES = [
  'a',
  'a=',
  'a@=',
  'Ebs=',
  'DeviceName@=',
  '@',
  '=',
  ',',
  "'",
  '"',
  '\\',
  "\\'",
  '\\"',
  '\\,',
  '[',
  ']',
  '{',
  '}',
  'a={',
  'a=[',
  ' ',
  '\n',
  'file://',
  'fileb://',
  'file://missing',
  'é',
  '😀',
  '\u0000',
];
const piece = fc.constantFrom(...PIECES);
/** A piece repeated up to 5,000 times: the runs that made the old expressions backtrack. */
const run = fc.tuple(piece, fc.integer({ min: 1, max: 5000 })).map(([p, n]) => p.repeat(n));
const pathological = fc.oneof(
  fc.array(fc.oneof(piece, run), { maxLength: 12 }).map((parts) => parts.join('')),
  fc
    .tuple(fc.constantFrom('a="', "a='", 'a=b,"', "a@='", 'a={b="'), fc.integer({ min: 1, max: 5000 }), fc.string())
    .map(([head, n, tail]) => head + '\\'.repeat(n) + tail),
  fc
    .tuple(fc.constantFrom('a={', 'a=[', 'a=[{b=', 'a@={b@=['), fc.integer({ min: 1, max: 4000 }), fc.boolean())
    .map(([open, n, closed]) => open.repeat(n) + (closed ? 'x' + ']}'.repeat(n) : '')),
  fc.string({ maxLength: 200 }),
);

/** Inputs the issue names, always tried first. */
const NAMED = [
  `foo="${'\\'.repeat(38)}`,
  `foo="${'\\'.repeat(42)}`,
  `foo='${'\\'.repeat(100)}`,
  `foo="${'\\'.repeat(100_000)}`,
  `${'a={'.repeat(3000)}a=b${'}'.repeat(3000)}`,
  'a={'.repeat(3000),
  `a=${'['.repeat(100_000)}`,
];

/** The flags that take shorthand, and the required flags that let a word reach them. */
const COMMANDS: string[][] = [
  ['ecr', 'create-repository', '--repository-name', 'ab', '--image-scanning-configuration'],
  ['autoscaling', 'create-launch-configuration', '--launch-configuration-name', 'lc', '--block-device-mappings'],
  ['autoscaling', 'create-launch-configuration', '--launch-configuration-name', 'lc', '--instance-monitoring'],
  ['meter-event-adjustment', 'create', '--event-name', 'e', '--type', 'cancel', '--cancel'],
];

async function check(input: string, command: string[]): Promise<void> {
  const outcome = await parser.parse(input);
  expect(outcome, `the parse of ${JSON.stringify(input.slice(0, 80))} did not end`).not.toMatchObject({
    kind: 'unfinished',
  });
  if (outcome.kind === 'error') expect(outcome).toMatchObject({ parseError: true });
  // The parse ends, so the CLI can run in-process: it stops after parsing and validating (no backend).
  const r = await sb.run([...command, input, '--generate-cli-skeleton', 'output']);
  expect([0, 252], r.stderr.slice(0, 400)).toContain(r.code);
  expect(r.stderr).not.toMatch(/^\s+at |\b(TypeError|RangeError|ReferenceError|Maximum call stack)\b|\.ts:\d+/m);
  if (r.code !== 0) expect(r.stdout).toBe('');
  expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);
}

describe('pathological shorthand ends, and is a value or a 252', () => {
  it.each(NAMED.map((input) => [input.slice(0, 40), input] as const))('%s…', async (_shown, input) => {
    await check(input, COMMANDS[1]!);
  });

  it('random inputs of runs of quotes, backslashes, brackets and @=', async () => {
    await fc.assert(
      fc.asyncProperty(pathological, fc.constantFrom(...COMMANDS), (input, command) => check(input, command)),
      { numRuns: RUNS },
    );
  });

  it(`nesting: ${MAX_SHORTHAND_DEPTH} levels are read, one more is refused with the parameter named`, async () => {
    const deepest = `${'a={'.repeat(MAX_SHORTHAND_DEPTH)}a=b${'}'.repeat(MAX_SHORTHAND_DEPTH)}`;
    expect(await parser.parse(deepest)).toEqual({ kind: 'value' });
    expect(await parser.parse(`${'a={'.repeat(MAX_SHORTHAND_DEPTH + 1)}a=b`)).toMatchObject({
      kind: 'error',
      name: 'ShorthandDepthError',
    });
  });
});
