/**
 * The input and output rules (issue 31; ARCHITECTURE.md, "Input and output rules") held by generated input,
 * for every operation, on both backends: each case runs through the CLI on the embedded backend and through
 * serve (the contract harness: one store, the same clock and ids). Kinds of input: bytes that are not UTF-8
 * (as the program hands them on, U+DC80-U+DCFF), lone surrogates (`\ud800` in JSON), ints past 2^53, deep
 * nesting, oversized strings and lists, integer-like and `__proto__` keys, text a URL path would resolve (`..`).
 *
 * Invariants:
 * - bad input is 252-254 with the parameter named, never 255 nor an engine's message;
 * - both backends give the same exit code and error code;
 * - an accepted map reads back byte-identical, keys in the order given (as JSON or as shorthand), in every output format;
 * - each case finishes within a bound (a bound for a hang, not a timing).
 *
 * A bounded run is part of `npm test`; SVCCTL_PROPERTY_RUNS=500 runs more by hand (docs/reliability.md).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagsFor } from '../../src/models/flags.js';
import { OPERATIONS } from '../../src/models/registry.js';
import type { Shape } from '../../src/models/shapes.js';
import { type Harness, harness } from '../helpers/harness.js';
import type { CliResult } from '../helpers/cli.js';
import { requiredValues } from '../helpers/model-values.js';

const RUNS = Number(process.env.SVCCTL_PROPERTY_RUNS ?? 12);
/** The most one case may take before it counts as a hang (two CLI runs and a store reset). */
const HANG_MS = 30_000;

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

/**
 * Valid values of each operation's required members, so that the hostile member is the one that counts. An
 * operation not listed takes values made from its model (test/helpers/model-values.ts): a new one needs no
 * entry (issue 30); these name existing things where a service checks that.
 */
const REQUIRED: Record<string, Record<string, unknown>> = {
  CreateRepository: { repositoryName: 'ab' },
  DeleteRepository: { repositoryName: 'ab' },
  ListTagsForResource: { resourceArn: 'arn:aws:ecr:us-east-1:000000000000:repository/ab' },
  TagResource: { resourceArn: 'arn:aws:ecr:us-east-1:000000000000:repository/ab', tags: [{ Key: 'k', Value: 'v' }] },
  UntagResource: { resourceArn: 'arn:aws:ecr:us-east-1:000000000000:repository/ab', tagKeys: ['k'] },
  CreateLaunchConfiguration: { LaunchConfigurationName: 'web', ImageId: 'ami-1', InstanceType: 't3.micro' },
  DeleteLaunchConfiguration: { LaunchConfigurationName: 'web' },
  RetrieveAccountToken: { id: 'accttok_1' },
  CreateMeterEventAdjustment: { event_name: 'e', type: 'cancel', cancel: { identifier: 'x' } },
  RetrieveMeterEventAdjustment: { id: 'mtrevtadj_1' },
  CreateAccount: { account_token: 'accttok_1' },
  RetrieveAccount: { id: 'acct_1' },
};

/** Every input member of every operation, with its shape and flag. */
const MEMBERS = OPERATIONS.flatMap((op) =>
  flagsFor(op).map((spec) => ({ op, member: spec.member, flag: spec.flag, shape: spec.shape })),
);

const deep = (n: number) => `${'['.repeat(n)}"x"${']'.repeat(n)}`;

/** A hostile value for a member of this shape, as JSON text (what --cli-input-json carries for it). */
function hostile(shape: Shape): fc.Arbitrary<{ kind: string; json: string }> {
  const kinds: fc.Arbitrary<{ kind: string; json: string }>[] = [
    fc.constantFrom('\\ud800', 'a\\udfff', '\\udc00b').map((s) => ({ kind: 'lone surrogate', json: `"${s}"` })),
    fc.integer({ min: 33, max: 3000 }).map((n) => ({ kind: 'deep nesting', json: deep(n) })),
    fc
      .constantFrom(1025, 100_001, 1_100_000)
      .map((n) => ({ kind: 'oversized string', json: JSON.stringify('s'.repeat(n)) })),
    fc.constantFrom('9007199254740993', '-9223372036854775809', '18446744073709551616').map((n) => ({
      kind: 'int past 2^53',
      json: n,
    })),
  ];
  if (shape.type === 'string')
    kinds.push(
      fc.constantFrom('.', '..', 'a/../b', '%2e%2e', '?x=1#y', '/').map((text) => ({
        kind: 'text a URL path would resolve',
        json: JSON.stringify(text),
      })),
    );
  if (shape.type === 'list')
    kinds.push(
      fc.constantFrom(1000, 100_000).map((n) => ({
        kind: 'oversized list',
        json: JSON.stringify(
          Array.from({ length: n }, (_, i) =>
            shape.member.type === 'string' ? `v${i}` : { Key: `k${i}`, Value: 'v' },
          ),
        ),
      })),
    );
  if (shape.type === 'map' || shape.type === 'structure')
    kinds.push(
      fc
        .constantFrom('{"10": "a", "2": "b"}', '{"__proto__": "x"}', '{"__proto__": {"polluted": true}}')
        .map((json) => ({
          kind: 'integer-like or __proto__ keys',
          json,
        })),
    );
  return fc.oneof(...kinds);
}

/** The error code a message names (`An error occurred (Code)`), or undefined. */
const errorCode = (r: CliResult) => /An error occurred \(([^)]+)\)/.exec(r.stderr)?.[1];

/** Runs a case on both backends from the same empty store, or fails if either hangs. */
async function both(argv: string[]): Promise<[CliResult, CliResult]> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hung for ${HANG_MS} ms: ${argv.join(' ').slice(0, 200)}`)), HANG_MS);
  });
  try {
    return await Promise.race([
      (async () => {
        h.reset();
        const local = await h.embedded(argv);
        h.reset();
        const http = await h.http(argv);
        return [local, http] as [CliResult, CliResult];
      })(),
      hang,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const ENGINE =
  /Maximum call stack|Do not know how to serialize|\bat .+\(.+:\d+:\d+\)|TypeError|RangeError|SyntaxError|\.ts:\d+/;

describe('generated hostile input, every operation, both backends', () => {
  it('bad input is 252-254 naming the parameter, the same on both backends, never 255 or an engine message', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MEMBERS).chain((m) => fc.tuple(fc.constant(m), hostile(m.shape), fc.boolean())),
        async ([m, value, viaFlag]) => {
          const base = REQUIRED[m.op.name] ?? requiredValues(m.op);
          const fields = Object.entries(base)
            .filter(([k]) => k !== m.member)
            .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
          // Through the flag (JSON for a list, structure or map; the text for a scalar) or --cli-input-json.
          const scalar = m.shape.type !== 'list' && m.shape.type !== 'map' && m.shape.type !== 'structure';
          const argv =
            viaFlag && !scalar
              ? [...m.op.paths[0]!, '--cli-input-json', `{${fields.join(', ')}}`, m.flag, value.json]
              : [
                  ...m.op.paths[0]!,
                  '--cli-input-json',
                  `{${[...fields, `${JSON.stringify(m.member)}: ${value.json}`].join(', ')}}`,
                ];
          const [local, http] = await both(argv);
          const where = `${m.op.name} ${m.member} (${value.kind})`;
          expect([0, 252, 253, 254], where).toContain(local.code);
          expect(local.stderr, where).not.toMatch(ENGINE);
          expect({ code: http.code, error: errorCode(http) }, where).toEqual({
            code: local.code,
            error: errorCode(local),
          });
          if (local.code === 252 && !/the following arguments are required/.test(local.stderr)) {
            // The parameter is named: its flag, --cli-input-json, or the member itself.
            expect(local.stderr, where).toMatch(new RegExp(`${m.flag}|--cli-input-json|${m.member}`, 'i'));
          }
          if (local.code !== 0) expect(local.stdout, where).toBe('');
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('bytes that are not UTF-8 in any string flag are refused naming the flag, on both backends', async () => {
    const strings = MEMBERS.filter((m) => m.shape.type === 'string' && !m.shape.clientBase64);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...strings),
        fc.string({ maxLength: 8 }),
        fc.integer({ min: 0x80, max: 0xff }),
        async (m, text, byte) => {
          // A word that begins with `-` is not an option's value (argparse: "expected one argument"), so such a
          // value is given as `--flag=value`, the one way an option takes it.
          const value = `${text}${String.fromCharCode(0xdc00 + byte)}`;
          const argv = [...m.op.paths[0]!, ...(value.startsWith('-') ? [`${m.flag}=${value}`] : [m.flag, value])];
          const [local, http] = await both(argv);
          const stderr = `\nsvcctl: [ERROR]: An error occurred (ParamValidation): Error parsing parameter '${m.flag}': the value is not valid UTF-8 (byte 0x${byte.toString(16)} at character ${Array.from(text).length + 1})\n`;
          expect(local).toEqual({ code: 252, stdout: '', stderr });
          expect(http).toEqual(local);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('an accepted map reads back byte-identical, keys in the order given, in every output format', async () => {
    const special = fc.constantFrom('10', '2', '0', '__proto__', 'constructor', '4294967295', '01');
    const entriesOf = (key: fc.Arbitrary<string>, value: fc.Arbitrary<string>) =>
      fc.uniqueArray(fc.tuple(key, value), { minLength: 1, maxLength: 6, selector: ([k]) => k });
    // As JSON any text; as shorthand (`metadata={10=a,2=b}`) the characters its keys and plain values allow.
    const json = entriesOf(
      fc.oneof(
        special,
        fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !/[\ud800-\udfff]/.test(k)),
      ),
      fc.string({ maxLength: 8 }),
    );
    const shorthand = entriesOf(
      fc.oneof(special, fc.stringMatching(/^[A-Za-z0-9_.#/:-]{1,6}$/)),
      // Not empty: `{k=}` is a syntax error in the AWS CLI too (`Expected: ',', received: 'EOF'`).
      fc.stringMatching(/^[A-Za-z0-9]{1,8}$/),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          json.map((entries) => ({ form: 'json', entries })),
          shorthand.map((entries) => ({ form: 'shorthand', entries })),
        ),
        async ({ form, entries }) => {
          const identity =
            form === 'json'
              ? `{"entity_type": "individual", "individual": {"metadata": {${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')}}}}`
              : `entity_type=individual,individual={metadata={${entries.map(([k, v]) => `${k}=${v}`).join(',')}}}`;
          const expected = `{\n${entries.map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`;
          const outputs: Record<string, string[]> = {};
          for (const via of ['local', 'http'] as const) {
            h.reset();
            const run = (argv: string[]) => (via === 'local' ? h.embedded(argv) : h.http(argv));
            const token = await run([
              'account-token',
              'create',
              '--identity',
              identity,
              '--query',
              'id',
              '--output',
              'text',
            ]);
            expect(token.stderr).toBe('');
            const account = await run([
              'account',
              'create',
              '--account-token',
              token.stdout.trim(),
              '--query',
              'id',
              '--output',
              'text',
            ]);
            const id = account.stdout.trim();
            const json = await run(['account', 'get', '--id', id, '--query', 'identity.individual.metadata']);
            expect(json).toEqual({ code: 0, stdout: expected, stderr: '' });
            const keys = await run([
              'account',
              'get',
              '--id',
              id,
              '--query',
              'keys(identity.individual.metadata)',
              '--output',
              'json',
            ]);
            expect(JSON.parse(keys.stdout)).toEqual(entries.map(([k]) => k));
            for (const format of ['text', 'yaml', 'table']) {
              const r = await run([
                'account',
                'get',
                '--id',
                id,
                '--query',
                'identity.individual.metadata',
                '--output',
                format,
              ]);
              expect(r.code).toBe(0);
              (outputs[format] ??= []).push(r.stdout);
            }
          }
          for (const [format, [local, http]] of Object.entries(outputs)) expect(http, format).toBe(local);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
