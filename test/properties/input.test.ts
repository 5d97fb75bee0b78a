/**
 * Random input through the whole CLI, in-process: random shorthand/JSON words for every structure and
 * list flag, random documents for --cli-input-json and --cli-input-yaml (random text, random values
 * under the model's member names, random YAML). Each command runs with `--generate-cli-skeleton output`,
 * which parses and validates everything as a call would and then stops before any backend. Whatever the
 * input: exit 0 or 252, never a stack trace, nothing on stdout after an error, no store created.
 */
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { flagsFor } from '../../src/models/flags.js';
import { OPERATIONS } from '../../src/models/registry.js';
import { answerWords, problemWith } from '../../src/prompt/questions.js';
import { WordsError } from '../../src/core/shell-words.js';
import { sandbox, type CliResult, type Sandbox } from '../helpers/cli.js';
import { requiredArgv } from '../helpers/model-values.js';

const RUNS = 300;
let sb: Sandbox;
beforeAll(() => {
  sb = sandbox();
});
afterAll(() => sb.cleanup());

const command = (op: (typeof OPERATIONS)[number]) => op.paths[0]!;

/** Every structure and list flag of every command. */
const COMPLEX_FLAGS = OPERATIONS.flatMap((op) =>
  flagsFor(op)
    .filter((s) => s.shape.type !== 'string' && s.shape.type !== 'integer' && s.shape.type !== 'boolean')
    .map((s) => ({ op, flag: s.flag })),
);

/** Characters that matter to shorthand and JSON, plus anything else. */
const SHORTHAND_CHARS = fc.constantFrom(
  ...'Key=Value,[]{}\'"\\ =,a0:/.-_*\n\t{}[]"'.split(''),
  'true',
  'false',
  '1',
  'Ebs',
  'DeviceName',
  'é',
  '\u0000',
  '😀',
);
const word = fc.oneof(
  fc.string({ unit: SHORTHAND_CHARS, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.json({ maxDepth: 3 }),
);

/** The exit codes seen by the current property: each must see both, or its input is not reaching far enough. */
let seen = new Set<number>();

function sane(r: CliResult): void {
  seen.add(r.code);
  expect([0, 252]).toContain(r.code);
  expect(r.stderr).not.toMatch(/^\s+at |\b(TypeError|RangeError|ReferenceError|SyntaxError)\b|\.ts:\d+/m);
  if (r.code !== 0) expect(r.stdout).toBe('');
  expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);
}

const skeletonOutput = (argv: string[]) => sb.run([...argv, '--generate-cli-skeleton', 'output']);

describe('random input never breaks the CLI (exit 0 or 252, no stack trace, no backend)', () => {
  beforeEach(() => {
    seen = new Set();
  });

  it('shorthand and JSON words for every structure and list flag', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...COMPLEX_FLAGS),
        fc.array(word, { minLength: 1, maxLength: 3 }),
        async ({ op, flag }, words) => {
          sane(await skeletonOutput([...command(op), ...requiredArgv(op), flag, ...words]));
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          [COMPLEX_FLAGS[0]!, ['Key=a,Value=b']],
          [COMPLEX_FLAGS[0]!, ['Key=a,,']],
        ],
      },
    );
    expect([...seen].sort()).toEqual([0, 252]);
  });

  it('random text as --cli-input-json and --cli-input-yaml', async () => {
    await fc.assert(
      // '{}' (a valid document for the commands that require nothing) keeps successes among the failures.
      fc.asyncProperty(
        fc.constantFrom(...OPERATIONS),
        fc.constantFrom('--cli-input-json', '--cli-input-yaml'),
        fc.oneof(word, fc.string({ maxLength: 80 }), fc.constant('{}')),
        async (op, option, text) => {
          sane(await skeletonOutput([...command(op), option, text]));
        },
      ),
      {
        numRuns: RUNS,
        examples: [
          [OPERATIONS[1]!, '--cli-input-yaml', '{}'],
          [OPERATIONS[1]!, '--cli-input-json', '{'],
        ],
      },
    );
    expect([...seen].sort()).toEqual([0, 252]);
  });

  /** Documents whose keys are mostly the model's own member names (at any depth), with values of any kind. */
  const documentFor = (op: (typeof OPERATIONS)[number]) => {
    const names = fc.constantFrom(
      ...Object.keys(op.input.members),
      'Key',
      'Value',
      'Ebs',
      'identifier',
      'entity_type',
      '__proto__',
      'x',
    );
    const value = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(names, tie('v'), { maxKeys: 4 }),
      ),
    })).v;
    return fc.dictionary(names, value, { maxKeys: 6 });
  };

  it('random documents under the member names, as JSON and as YAML', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...OPERATIONS).chain((op) => fc.tuple(fc.constant(op), documentFor(op), fc.boolean())),
        async ([op, doc, asYaml]) => {
          const option = asYaml ? '--cli-input-yaml' : '--cli-input-json';
          sane(await skeletonOutput([...command(op), option, asYaml ? stringify(doc) : JSON.stringify(doc)]));
        },
      ),
      { numRuns: RUNS, examples: [[[OPERATIONS[1]!, {}, true]], [[OPERATIONS[1]!, { x: 1 }, false]]] },
    );
    expect([...seen].sort()).toEqual([0, 252]);
  });

  it('prompt answers: any text is words or a WordsError, and is then checked without throwing', () => {
    const specs = OPERATIONS.flatMap((op) => flagsFor(op));
    fc.assert(
      fc.property(fc.constantFrom(...specs), fc.oneof(word, fc.string({ maxLength: 60 })), (spec, answer) => {
        let given;
        try {
          given = answerWords(spec, answer);
        } catch (err) {
          expect(err).toBeInstanceOf(WordsError);
          return;
        }
        const problem = problemWith(spec, given, { cwd: sb.cwd, home: sb.home, env: {} });
        expect(problem === undefined || typeof problem === 'string').toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
