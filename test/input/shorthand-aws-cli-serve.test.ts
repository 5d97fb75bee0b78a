/**
 * The end-to-end runs of test/goldens/aws-cli-2.36.7/shorthand.json: shorthand with `@=`, `file://` and
 * `fileb://` inside nested values, given to `ecr create-repository` and `autoscaling create-launch-configuration`.
 * The AWS CLI 2.36.7 sent them to a recording server; here svcctl sends them to `svcctl serve`:
 *  - a run the AWS CLI refused before sending gets the same exit code, stdout and stderr (`aws` read as
 *    `svcctl`), and serve receives nothing;
 *  - for a run it sent, serve receives what the recording server received (its journal's decoded Input).
 *    The answer is serve's, not the recording server's fixed `{"repositories":[]}`: so it is compared with
 *    serve's answer to that same Input given as `--cli-input-json`, on a store as empty.
 * Where svcctl deliberately answers otherwise, the run is listed in DIFFERENCES with its compat.md row.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, paramfileError, parseError, validationError } from '../helpers/cli-results.js';
import { readGolden, type ShorthandRun } from '../helpers/shorthand-golden.js';
import { PINNED_MS, type ServeProcess, startServe } from '../peers/serve-process.js';

const GOLDEN = readGolden();

/**
 * The recording server took CreateLaunchConfiguration without an image; serve, as Auto Scaling, refuses that
 * (`Valid requests must contain either the InstanceID parameter or both the ImageId and InstanceType
 * parameters`). svcctl's runs add both, and they are left out of what serve received before comparing.
 */
const IMAGE = ['--image-id', 'ami-12345678', '--instance-type', 't2.micro'];

/** What svcctl prints instead, on purpose, by the shorthand value. */
const DIFFERENCES = new Map<string, { code: number; stderr: string; why: string }>([
  [
    'scanOnPush@=file://missing.txt',
    {
      code: 252,
      stderr: paramfileError('--image-scanning-configuration', 'file://missing.txt', 2),
      why: 'docs/compat.md #230: a file named after @= that cannot be read is a parameter error (252), as a whole value’s file:// is; the AWS CLI lets it escape (255)',
    },
  ],
]);

let serve: ServeProcess;
let sb: Sandbox;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-shorthand-e2e-'));
  // A pinned clock: two creations of the same repository print the same createdAt.
  serve = await startServe([], { SVCCTL_HOME: join(dir, 'store'), SVCCTL_TEST_CLOCK_MS: String(PINNED_MS) });
  sb = sandbox({
    SVCCTL_ENDPOINT_URL: serve.url,
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_DEFAULT_REGION: 'us-east-1',
  });
  sb.cwd = dir;
});
afterAll(async () => {
  await serve.stop();
  sb.cleanup();
  rmSync(dir, { recursive: true, force: true });
});
/** An empty store and journal, as each AWS CLI run met a fresh recording server. */
async function reset(): Promise<void> {
  expect((await fetch(`${serve.url}/_svcctl/reset`, { method: 'POST' })).status).toBe(200);
}
beforeEach(reset);

/** svcctl's arguments for the AWS CLI's: no program name, no --endpoint-url (the sandbox names serve). */
function svcctlArgs(run: ShorthandRun): string[] {
  const args = run.argv.slice(1);
  const at = args.indexOf('--endpoint-url');
  if (at >= 0) args.splice(at, 2);
  return args[1] === 'create-launch-configuration' ? [...args, ...IMAGE] : args;
}

/** A Query form's fields (Action and Version aside), as name → value. */
function queryFields(body: string): Record<string, string> {
  const fields = Object.fromEntries(new URLSearchParams(body));
  delete fields.Action;
  delete fields.Version;
  return fields;
}

/** Decoded input flattened back into Query field names (`A.member.1.B`), every leaf as text. */
function asQueryFields(value: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value)) value.forEach((item, i) => asQueryFields(item, `${prefix}.member.${i + 1}`, out));
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) asQueryFields(item, prefix ? `${prefix}.${key}` : key, out);
  else out[prefix] = String(value);
  return out;
}

/** What serve received: the decoded Input of each journal entry. */
async function received(): Promise<{ Operation: string; Input: Record<string, unknown> }[]> {
  const res = await fetch(`${serve.url}/_svcctl/journal`);
  return ((await res.json()) as { Entries: { Operation: string; Input: Record<string, unknown> }[] }).Entries;
}

const title = (run: ShorthandRun) => `${run.argv[1]} ${run.argv.slice(3, -2).join(' ')}`;

describe(`shorthand end to end, as ${GOLDEN.printedBy.split(' ')[0]} sends it`, () => {
  it.each(GOLDEN.e2e.map((run) => [title(run), run] as const))('%s', async (_title, run) => {
    for (const [name, text] of Object.entries(run.cwdFiles)) writeFileSync(join(dir, name), text);
    const args = svcctlArgs(run);
    const r = await sb.run(args);
    const entries = await received();
    expect(entries).toHaveLength(run.requestSent ? 1 : 0);

    if (!run.requestSent) {
      const difference = DIFFERENCES.get(run.argv[run.argv.indexOf('--endpoint-url') - 1]!);
      const expected = difference ?? {
        code: run.exitCode,
        stderr: run.stderr.replace(/^aws: \[ERROR\]/gm, 'svcctl: [ERROR]'),
      };
      expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        code: expected.code,
        stdout: run.stdout,
        stderr: expected.stderr,
      });
      return;
    }

    const body = run.requestBodies[0]!;
    const { Input } = entries[0]!;
    if (run.argv[1] === 'ecr') {
      expect(Input).toEqual(JSON.parse(body));
    } else {
      const { ImageId, InstanceType, ...rest } = Input;
      expect([ImageId, InstanceType]).toEqual([IMAGE[1], IMAGE[3]]);
      expect(asQueryFields(rest)).toEqual(queryFields(body));
    }
    await reset();
    const asJson = await sb.run([...args.slice(0, 2), '--cli-input-json', JSON.stringify(Input)]);
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual(asJson);
  });
});

describe('shorthand nesting past MAX_SHORTHAND_DEPTH (docs/compat.md #231)', () => {
  // The AWS CLI 2.36.7 reads about 484 levels, then exits 255 with `maximum recursion depth exceeded`
  // (svcctl, before: `Maximum call stack size exceeded`, 255); svcctl refuses past 32 with the parameter named.
  const refusal = (flag: string, at: number) =>
    parseError(
      flag,
      `"[" and "{" nest deeper than 32 levels (the most svcctl reads): level 33 opens at character ${at}`,
    );
  const balanced = `${'a={'.repeat(3000)}a=b${'}'.repeat(3000)}`;
  /** `autoscaling create-launch-configuration` of lc with these block device mappings. */
  const withMappings = (mappings: string) => [
    'autoscaling',
    'create-launch-configuration',
    '--launch-configuration-name',
    'lc',
    ...IMAGE,
    '--block-device-mappings',
    mappings,
  ];

  it.each([
    ['3000 levels, closed', withMappings(balanced), '--block-device-mappings', 99],
    ['3000 levels, unclosed', withMappings('a={'.repeat(3000)), '--block-device-mappings', 99],
    [
      'lists and structures',
      [
        'ecr',
        'create-repository',
        '--repository-name',
        'repo1',
        '--image-scanning-configuration',
        `scanOnPush=${'[{a='.repeat(20)}`,
      ],
      '--image-scanning-configuration',
      76,
    ],
  ])('%s: 252 naming the parameter, nothing sent', async (_title, args, flag, at) => {
    const r = await sb.run(args);
    expect(r).toEqual(failed(252, refusal(flag, at)));
    expect(await received()).toEqual([]);
  });

  it('32 levels are read: the value reaches validation', async () => {
    // 32 as the one nesting rule measures the value (core/input-rules.ts): the list, its item, Ebs and 29 more.
    const deepest = `DeviceName=x,Ebs=${'{a='.repeat(30)}b${'}'.repeat(30)}`;
    const r = await sb.run(withMappings(deepest));
    expect(r).toEqual(
      failed(
        252,
        validationError(
          'Unknown parameter in BlockDeviceMappings[0].Ebs: "a", must be one of: SnapshotId, VolumeSize, VolumeType, DeleteOnTermination, Iops, Encrypted, Throughput',
        ),
      ),
    );
  });
});
