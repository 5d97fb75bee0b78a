/**
 * The request journal of a real `svcctl serve`: what each request that reached an operation leaves
 * (secrets masked), `svcctl service journal` on the store and through --endpoint-url in the output formats
 * with --query, --as-cli lines that a shell runs back into the same inputs, and the size bound.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { AWS_ENV } from '../helpers/harness.js';
import { separateStore } from '../helpers/store.js';
import { paramError, USAGE } from '../helpers/cli-results.js';
import { BIN, PINNED_MS, runProgram, type ServeProcess, startServe } from '../peers/serve-process.js';
import { SESSION_TOKEN_VARIABLE } from '../../src/models/as-cli.js';

/** The stream's line names its session token by a variable that stops the shell while unset. */
const SESSION_TOKEN = `"\${${SESSION_TOKEN_VARIABLE}:?is the authentication_token of a meter event session of the serve replayed to, which the journal does not keep: set it to one that svcctl meter-event-session create makes}"`;

const TIME = new Date(PINNED_MS).toISOString();
const NAME = `it's "$HOME" & more`;

let dir: string;

/** Where a replay runs: svcctl on PATH, AWS's dummy keys, and a home no call of it uses. */
const replayEnv = (): Record<string, string> => ({
  ...AWS_ENV,
  PATH: `${dirname(BIN)}:${dirname(process.execPath)}:/usr/bin:/bin`,
  SVCCTL_HOME: join(dir, 'unused'),
});

/** The journal's `lines`, run by `sh -e` against `replay` in place of `first`. */
const replayed = (lines: string, first: ServeProcess, replay: ServeProcess) =>
  runProgram('/bin/sh', ['-ec', lines.replaceAll(first.url, replay.url)], replayEnv());
let serve: ServeProcess;
let sb: Sandbox;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-ops-journal-'));
  const home = join(dir, 'home');
  serve = await startServe([], { SVCCTL_HOME: home, SVCCTL_TEST_CLOCK_MS: String(PINNED_MS) });
  sb = sandbox({ ...AWS_ENV, SVCCTL_HOME: home, SVCCTL_API_KEY: 'sk_test_journal' });
  const at = ['--endpoint-url', serve.url];
  expect((await sb.run([...at, 'create-repository', '--repository-name', 'team/app'])).code).toBe(0);
  expect(
    (
      await sb.run([
        ...at,
        ...createLaunchConfiguration(NAME, { image: 'ami-12345678', type: 't2.micro' }),
        '--user-data',
        'password=hunter2',
      ])
    ).code,
  ).toBe(0);
  expect(
    (
      await sb.run([
        ...at,
        'account-token',
        'create',
        '--idempotency-key',
        'jenny-once',
        '--display-name',
        'Jenny Rosen',
        '--identity',
        'entity_type=company,business_details={registered_name=Rosen Ltd}',
      ])
    ).code,
  ).toBe(0);
  expect((await sb.run([...at, 'create-repository', '--repository-name', 'team/app'])).code).toBe(254);
});
afterAll(async () => {
  await serve.stop();
  sb.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

const SUMMARY = [
  `1\t${TIME}\t000000000000\tjson11\tCreateRepository\t200\tNone`,
  `2\t${TIME}\t000000000000\tquery\tCreateLaunchConfiguration\t200\tNone`,
  `3\t${TIME}\t000000000000\tv2\tCreateAccountToken\t200\tNone`,
  `4\t${TIME}\t000000000000\tjson11\tCreateRepository\t400\tRepositoryAlreadyExistsException`,
  '',
].join('\n');
const PROJECTION = 'Entries[].[Seq,Time,Account,Protocol,Operation,Status,ErrorCode]';

describe('svcctl service journal', () => {
  it('lists every request that reached an operation, through --endpoint-url and on the store alike', async () => {
    const remote = await sb.run([
      '--endpoint-url',
      serve.url,
      'service',
      'journal',
      '--output',
      'text',
      '--query',
      PROJECTION,
    ]);
    expect(remote).toEqual({ code: 0, stdout: SUMMARY, stderr: '' });
    expect(await sb.run(['service', 'journal', '--output', 'text', '--query', PROJECTION])).toEqual(remote);
  });

  it('records the decoded input with secrets masked (UserData), in every output format', async () => {
    const q = ['--query', 'Entries[1].{Operation: Operation, Input: Input, Status: Status}'];
    expect(await sb.run(['service', 'journal', ...q, '--output', 'json'])).toEqual({
      code: 0,
      stdout:
        '{\n    "Operation": "CreateLaunchConfiguration",\n    "Input": {\n        "LaunchConfigurationName": "it\'s \\"$HOME\\" & more",\n' +
        '        "ImageId": "ami-12345678",\n        "UserData": "****",\n        "InstanceType": "t2.micro"\n    },\n    "Status": 200\n}\n',
      stderr: '',
    });
    expect(await sb.run(['service', 'journal', ...q, '--output', 'yaml'])).toEqual({
      code: 0,
      stdout: `Input:\n  ImageId: ami-12345678\n  InstanceType: t2.micro\n  LaunchConfigurationName: it's "$HOME" & more\n  UserData: '****'\nOperation: CreateLaunchConfiguration\nStatus: 200\n`,
      stderr: '',
    });
    const table = await sb.run([
      'service',
      'journal',
      '--query',
      'Entries[0].{Seq: Seq, Operation: Operation}',
      '--output',
      'table',
    ]);
    expect(table).toEqual({
      code: 0,
      stdout:
        '-----------------------------\n|          Journal          |\n+-------------------+-------+\n|     Operation     |  Seq  |\n+-------------------+-------+\n|  CreateRepository |  1    |\n+-------------------+-------+\n',
      stderr: '',
    });
    expect(JSON.stringify(JSON.parse((await sb.run(['service', 'journal'])).stdout))).not.toContain('hunter2');
  });

  it('--as-cli prints each entry as the svcctl line that repeats it, shell-quoted', async () => {
    expect(await sb.run(['service', 'journal', '--as-cli'])).toEqual({
      code: 0,
      stdout: [
        'svcctl ecr create-repository --repository-name team/app',
        `svcctl autoscaling create-launch-configuration --launch-configuration-name 'it'\\''s "$HOME" & more' --image-id ami-12345678 --user-data "\${SVCCTL_SECRET_USERDATA:?is a secret the journal does not keep: set it to the value to send}" --instance-type t2.micro`,
        `svcctl account-token create --display-name 'Jenny Rosen' --identity '{"business_details":{"registered_name":"Rosen Ltd"},"entity_type":"company"}' --idempotency-key jenny-once`,
        'svcctl ecr create-repository --repository-name team/app',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(
      await sb.run([
        '--endpoint-url',
        serve.url,
        'service',
        'journal',
        '--as-cli',
        '--query',
        'Entries[?Status >= `400`]',
      ]),
    ).toEqual({
      code: 0,
      stdout: `svcctl --endpoint-url ${serve.url} ecr create-repository --repository-name team/app\n`,
      stderr: '',
    });
  });

  it('--as-cli lines run through a shell into a second server with the same inputs', async () => {
    const other = await startServe([], {
      SVCCTL_HOME: join(dir, 'other'),
      ...separateStore('other'),
      SVCCTL_TEST_CLOCK_MS: String(PINNED_MS),
    });
    try {
      const lines = (await sb.run(['--endpoint-url', serve.url, 'service', 'journal', '--as-cli'])).stdout.replaceAll(
        serve.url,
        other.url,
      );
      const bin = join(dir, 'bin');
      mkdirSync(bin, { recursive: true });
      symlinkSync(BIN, join(bin, 'svcctl'));
      const env = {
        ...AWS_ENV,
        PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`,
        SVCCTL_HOME: join(dir, 'unused'),
        SVCCTL_API_KEY: 'sk_test_journal',
      };
      const script = lines
        .trimEnd()
        .split('\n')
        .map((l) => `${l} >/dev/null; echo $?`)
        .join('\n');
      // The journal keeps no UserData: without its variable the shell stops at that line, before sending a mask.
      expect(await runProgram('/bin/sh', ['-c', script], env)).toEqual({
        code: 2,
        stdout: '0\n',
        stderr:
          '/bin/sh: 2: SVCCTL_SECRET_USERDATA: is a secret the journal does not keep: set it to the value to send\n',
      });
      // With it, the rest of the lines (the first one ran) send what the original requests sent.
      const rest = script.split('\n').slice(1).join('\n');
      const ran = await runProgram('/bin/sh', ['-c', rest], { ...env, SVCCTL_SECRET_USERDATA: 'password=hunter2' });
      expect(ran).toEqual({
        code: 0,
        stdout: '0\n0\n254\n',
        stderr: `\nsvcctl: [ERROR]: An error occurred (RepositoryAlreadyExistsException) when calling the CreateRepository operation: The repository with name 'team/app' already exists in the registry with id '000000000000'\n`,
      });
      const inputs = (url: string) =>
        sb.run(['--endpoint-url', url, 'service', 'journal', '--query', 'Entries[].[Operation, Input, Status]']);
      expect(await inputs(other.url)).toEqual(await inputs(serve.url));
      // The replay sent the UserData the variable held, not a mask.
      expect(
        await sb.run([
          '--endpoint-url',
          other.url,
          'describe-launch-configurations',
          '--query',
          'LaunchConfigurations[].UserData',
          '--output',
          'text',
        ]),
      ).toEqual({ code: 0, stdout: `${Buffer.from('password=hunter2').toString('base64')}\n`, stderr: '' });
    } finally {
      await other.stop();
    }
  });

  it('--as-cli keeps the Idempotency-Key: 20 lines replayed make one token, as the 20 requests did', async () => {
    const home = join(dir, 'keyed');
    const first = await startServe([], { SVCCTL_HOME: home, ...separateStore('keyed') });
    const replay = await startServe([], { SVCCTL_HOME: join(dir, 'replay'), ...separateStore('replay') });
    try {
      const tokens = async (url: string) =>
        (
          await sb.run([
            '--endpoint-url',
            url,
            'service',
            'journal',
            '--output',
            'text',
            '--query',
            'Entries[?Operation==`CreateAccountToken`].IdempotencyKey',
          ])
        ).stdout;
      for (let i = 0; i < 20; i++) {
        expect(
          (
            await sb.run([
              '--endpoint-url',
              first.url,
              'account-token',
              'create',
              '--display-name',
              'Once',
              '--idempotency-key',
              'k 1;$x',
              '--query',
              'id',
            ])
          ).code,
        ).toBe(0);
      }
      const lines = (await sb.run(['--endpoint-url', first.url, 'service', 'journal', '--as-cli'])).stdout;
      expect(lines).toBe(
        `svcctl --endpoint-url ${first.url} account-token create --display-name Once --idempotency-key 'k 1;$x'\n`.repeat(
          20,
        ),
      );
      const env = {
        ...AWS_ENV,
        PATH: `${dirname(BIN)}:${dirname(process.execPath)}:/usr/bin:/bin`,
        SVCCTL_HOME: join(dir, 'unused'),
        SVCCTL_API_KEY: 'sk_test_journal',
      };
      const ran = await runProgram(
        '/bin/sh',
        [
          '-c',
          `${lines
            .replaceAll(first.url, replay.url)
            .trimEnd()
            .split('\n')
            .map((l) => `${l} --query id`)
            .join('\n')}`,
        ],
        env,
      );
      const ids = ran.stdout.trimEnd().split('\n');
      expect({ code: ran.code, lines: ids.length, distinct: new Set(ids).size, stderr: ran.stderr }).toEqual({
        code: 0,
        lines: 20,
        distinct: 1,
        stderr: '',
      });
      expect(await tokens(replay.url)).toBe(`${'k 1;$x\t'.repeat(19)}k 1;$x\n`);
    } finally {
      await first.stop();
      await replay.stop();
    }
  });

  it("a read's later page is a comment: its token is the old serve's, which another store refuses (hostile round 9)", async () => {
    // A replay re-sent the page token and the new serve refused it (254), stopping a `set -e` replay there.
    const first = await startServe([], { SVCCTL_HOME: join(dir, 'paged'), ...separateStore('paged') });
    const replay = await startServe([], { SVCCTL_HOME: join(dir, 'paged-replay'), ...separateStore('paged_replay') });
    try {
      const at = ['--endpoint-url', first.url];
      for (const name of ['p/a', 'p/b'])
        expect((await sb.run([...at, 'create-repository', '--repository-name', name])).code).toBe(0);
      const page = await sb.run([
        ...at,
        'describe-repositories',
        '--page-size',
        '1',
        '--max-items',
        '1',
        '--query',
        'NextToken',
        '--output',
        'json',
      ]);
      expect(page.code).toBe(0);
      const rest = await sb.run([
        ...at,
        'describe-repositories',
        '--starting-token',
        JSON.parse(page.stdout) as string,
        '--query',
        'repositories[].repositoryName',
        '--output',
        'text',
      ]);
      expect(rest).toEqual({ code: 0, stdout: 'p/b\n', stderr: '' });
      const lines = (await sb.run([...at, 'service', 'journal', '--as-cli'])).stdout;
      expect(lines).toBe(
        [
          `svcctl --endpoint-url ${first.url} ecr create-repository --repository-name p/a`,
          `svcctl --endpoint-url ${first.url} ecr create-repository --repository-name p/b`,
          `svcctl --endpoint-url ${first.url} ecr describe-repositories --max-results 1`,
          "# not replayable: the DescribeRepositories call's --next-token is a page token of the serve that answered it, which another store refuses: replay the read from its first page",
          '',
        ].join('\n'),
      );
      const ran = await replayed(lines, first, replay);
      expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
      expect(
        (
          await sb.run([
            '--endpoint-url',
            replay.url,
            'describe-repositories',
            '--query',
            'repositories[].repositoryName',
            '--output',
            'text',
          ])
        ).stdout,
      ).toBe('p/a\tp/b\n');
    } finally {
      await first.stop();
      await replay.stop();
    }
  });

  it("rebuilding a store: the calls that succeeded replay with sh -e; a call that failed fails again and stops the whole journal's replay", async () => {
    // Hostile pass 11b: docs/operating-serve.md did not say which entries rebuild a store.
    const first = await startServe([], { SVCCTL_HOME: join(dir, 'rebuild'), ...separateStore('rebuild') });
    const replay = await startServe([], {
      SVCCTL_HOME: join(dir, 'rebuild-replay'),
      ...separateStore('rebuild_replay'),
    });
    try {
      const at = ['--endpoint-url', first.url];
      for (const name of ['r/a', 'r/a', 'r/b']) await sb.run([...at, 'create-repository', '--repository-name', name]);
      const journalReplayed = async (query: string[]) =>
        replayed((await sb.run([...at, 'service', 'journal', '--as-cli', ...query])).stdout, first, replay);
      const names = async () =>
        (
          await sb.run([
            '--endpoint-url',
            replay.url,
            'describe-repositories',
            '--query',
            'repositories[].repositoryName',
            '--output',
            'text',
          ])
        ).stdout;
      expect(await journalReplayed([])).toEqual({
        code: 254,
        stdout: expect.stringContaining('"repositoryName": "r/a"'),
        stderr:
          "\nsvcctl: [ERROR]: An error occurred (RepositoryAlreadyExistsException) when calling the CreateRepository operation: The repository with name 'r/a' already exists in the registry with id '000000000000'\n",
      });
      expect(await names()).toBe('r/a\n');
      await sb.run(['--endpoint-url', replay.url, 'delete-repository', '--repository-name', 'r/a']);
      const ok = await journalReplayed(['--query', 'Entries[?Status < `400`]']);
      expect({ code: ok.code, stderr: ok.stderr }).toEqual({ code: 0, stderr: '' });
      expect(await names()).toBe('r/a\tr/b\n');
    } finally {
      await first.stop();
      await replay.stop();
    }
  });

  it('a list whose word reads as an option or as JSON is one JSON word, which the replay sends back (hostile round 11)', async () => {
    // `--security-groups -sg1 --` was printed as words: the replay failed 252 ("Unknown options: -sg1, --") and a
    // `sh -e` replay stopped there; a lone `[x` was read back as JSON.
    const first = await startServe([], { SVCCTL_HOME: join(dir, 'lists'), ...separateStore('lists') });
    const replay = await startServe([], { SVCCTL_HOME: join(dir, 'lists-replay'), ...separateStore('lists_replay') });
    try {
      const at = ['--endpoint-url', first.url];
      const create = (name: string, groups: string) =>
        sb.run([
          ...at,
          ...createLaunchConfiguration(name, { image: 'ami-12345678', type: 't2.micro' }),
          '--security-groups',
          groups,
        ]);
      expect((await create('lc1', '["-sg1","--","sg-2"]')).code).toBe(0);
      expect((await create('lc2', '["[x"]')).code).toBe(0);
      expect((await create('lc3', '["sg-a","sg-b"]')).code).toBe(0);
      expect(
        (await sb.run([...at, 'describe-launch-configurations', '--launch-configuration-names', '["-lc","lc2"]'])).code,
      ).toBe(0);
      const lines = (await sb.run([...at, 'service', 'journal', '--as-cli'])).stdout;
      const lc = `svcctl --endpoint-url ${first.url} autoscaling create-launch-configuration`;
      expect(lines).toBe(
        [
          `${lc} --launch-configuration-name lc1 --image-id ami-12345678 --security-groups '["-sg1","--","sg-2"]' --instance-type t2.micro`,
          `${lc} --launch-configuration-name lc2 --image-id ami-12345678 --security-groups '["[x"]' --instance-type t2.micro`,
          `${lc} --launch-configuration-name lc3 --image-id ami-12345678 --security-groups sg-a sg-b --instance-type t2.micro`,
          `svcctl --endpoint-url ${first.url} autoscaling describe-launch-configurations --launch-configuration-names '["-lc","lc2"]'`,
          '',
        ].join('\n'),
      );
      const ran = await replayed(lines, first, replay);
      expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
      const groups = (url: string) =>
        sb.run([
          '--endpoint-url',
          url,
          'describe-launch-configurations',
          '--query',
          'LaunchConfigurations[].[LaunchConfigurationName, SecurityGroups]',
          '--output',
          'json',
        ]);
      const original = await groups(first.url);
      expect(JSON.parse(original.stdout)).toEqual([
        ['lc1', ['-sg1', '--', 'sg-2']],
        ['lc2', ['[x']],
        ['lc3', ['sg-a', 'sg-b']],
      ]);
      expect(await groups(replay.url)).toEqual(original);
    } finally {
      await first.stop();
      await replay.stop();
    }
  });

  it('a value starting with file:// or fileb:// is replayed as that text, never as the file it names (hostile round 12)', async () => {
    // `--launch-configuration-name file://<path>` was printed as a word, and the replay sent the file's content
    // in its place: any client of serve could have the operator's replay read a file of theirs and send it.
    const first = await startServe([], { SVCCTL_HOME: join(dir, 'files'), ...separateStore('files') });
    const replay = await startServe([], { SVCCTL_HOME: join(dir, 'files-replay'), ...separateStore('files_replay') });
    try {
      const secret = join(dir, 'secret.txt');
      writeFileSync(secret, 'the-content-of-a-file');
      const at = ['--endpoint-url', first.url];
      const doc = {
        LaunchConfigurationName: `file://${secret}`,
        ImageId: 'ami-12345678',
        InstanceType: 't2.micro',
        KeyName: `fileb://${secret}`,
        SecurityGroups: [`file://${secret}`],
      };
      const created = await sb.run([...at, 'create-launch-configuration', '--cli-input-json', JSON.stringify(doc)]);
      expect(created).toEqual({ code: 0, stdout: '', stderr: '' });
      const lines = (await sb.run([...at, 'service', 'journal', '--as-cli'])).stdout;
      expect(lines).toBe(
        `svcctl --endpoint-url ${first.url} autoscaling create-launch-configuration --image-id ami-12345678 ` +
          `--security-groups '["file://${secret}"]' --instance-type t2.micro ` +
          `--cli-input-json '{"LaunchConfigurationName":"file://${secret}","KeyName":"fileb://${secret}"}'\n`,
      );
      const ran = await replayed(lines, first, replay);
      expect({ code: ran.code, stderr: ran.stderr }).toEqual({ code: 0, stderr: '' });
      const described = (url: string) =>
        sb.run([
          '--endpoint-url',
          url,
          'describe-launch-configurations',
          '--query',
          'LaunchConfigurations[].[LaunchConfigurationName, KeyName, SecurityGroups]',
          '--output',
          'json',
        ]);
      const original = await described(first.url);
      expect(JSON.parse(original.stdout)).toEqual([[`file://${secret}`, `fileb://${secret}`, [`file://${secret}`]]]);
      expect(await described(replay.url)).toEqual(original);
    } finally {
      await first.stop();
      await replay.stop();
    }
  });

  it('a blob is sent again as the bytes it was, whatever cli_binary_format the replaying profile sets (hostile round 12)', async () => {
    // The line wrote --layer-part-blob in base64 without saying so: a profile with cli_binary_format =
    // raw-in-base64-out (the AWS CLI's advice for v1 scripts) sent the 8 characters of 'aGVsbG8=', not 'hello'.
    const first = await startServe([], { SVCCTL_HOME: join(dir, 'blobs'), ...separateStore('blobs') });
    try {
      const at = ['--endpoint-url', first.url];
      expect((await sb.run([...at, 'create-repository', '--repository-name', 'blob/app'])).code).toBe(0);
      const upload = async () =>
        (
          await sb.run([
            ...at,
            'initiate-layer-upload',
            '--repository-name',
            'blob/app',
            '--query',
            'uploadId',
            '--output',
            'text',
          ])
        ).stdout.trim();
      const [one, two] = [await upload(), await upload()];
      const part = [
        'upload-layer-part',
        '--repository-name',
        'blob/app',
        '--part-first-byte',
        '0',
        '--part-last-byte',
        '4',
      ];
      const sent = await sb.run([
        ...at,
        ...part,
        '--upload-id',
        one,
        '--layer-part-blob',
        'aGVsbG8=',
        '--query',
        'lastByteReceived',
      ]);
      expect(sent).toEqual({ code: 0, stdout: '4\n', stderr: '' });
      const line = (await sb.run([...at, 'service', 'journal', '--as-cli', '--limit', '1'])).stdout;
      expect(line).toBe(
        `svcctl --endpoint-url ${first.url} --cli-binary-format base64 ecr upload-layer-part --repository-name blob/app ` +
          `--upload-id ${one} --part-first-byte 0 --part-last-byte 4 --layer-part-blob aGVsbG8=\n`,
      );
      const home = join(dir, 'raw-profile');
      mkdirSync(home, { recursive: true });
      writeFileSync(join(home, 'config'), '[default]\ncli_binary_format = raw-in-base64-out\n');
      const env = {
        ...AWS_ENV,
        PATH: `${dirname(BIN)}:${dirname(process.execPath)}:/usr/bin:/bin`,
        SVCCTL_HOME: home,
      };
      // The same part again, to the second upload: 5 bytes, as the first was.
      const ran = await runProgram(
        '/bin/sh',
        ['-ec', `${line.replace(one, two).trim()} --query lastByteReceived`],
        env,
      );
      expect(ran).toEqual({ code: 0, stdout: '4\n', stderr: '' });
    } finally {
      await first.stop();
    }
  });

  it('--limit keeps the newest entries; bad words and flags are usage errors (252)', async () => {
    expect(
      await sb.run(['service', 'journal', '--limit', '1', '--output', 'text', '--query', 'Entries[].Seq']),
    ).toEqual({ code: 0, stdout: '4\n', stderr: '' });
    expect(await sb.run(['service', 'journal', '--limit', 'many'])).toEqual({
      code: 252,
      stdout: '',
      stderr: paramError("argument --limit: invalid count: 'many'"),
    });
    expect(await sb.run(['service', 'journal', '--as-cli', '--query', 'Entries[0].Seq'])).toEqual({
      code: 252,
      stdout: '',
      stderr: paramError(
        '--as-cli prints journal entries: its --query must select a list of them, such as "Entries[?Status >= `400`]".',
      ),
    });
    expect(await sb.run(['service', 'journal', 'extra'])).toEqual({
      code: 252,
      stdout: '',
      stderr: `\n${USAGE}\n\nsvcctl: [ERROR]: Unknown options: extra\n`,
    });
  });

  // Hostile pass 22b: a --query selecting objects that are no entries of the journal (an Input of null, an
  // Operation svcctl has not) gave 255 with JavaScript's words ("Cannot read properties of null (reading
  // 'default_aggregation')", "unknown operation toString"), or a line written from an Input that is a list.
  it.each([
    '[{"Operation":"CreateMeter","Input":null}]',
    '[{"Operation":"toString","Input":{}}]',
    '[{"Operation":"__proto__","Input":{}}]',
    '[{"Operation":"CreateRepository","Input":[]}]',
    '[{"Protocol":"registry","Operation":"x","Input":{}}]',
  ])('--as-cli refuses a --query selecting %s: no entry (252)', async (entries) => {
    expect(await sb.run(['service', 'journal', '--as-cli', '--query', `\`${entries}\``])).toEqual({
      code: 252,
      stdout: '',
      stderr: paramError(
        '--as-cli prints journal entries: its --query must select a list of them, such as "Entries[?Status >= `400`]".',
      ),
    });
  });

  it('a serve that is not there is a connection error (255)', async () => {
    expect(await sb.run(['--endpoint-url', 'http://127.0.0.1:9', 'service', 'journal'])).toEqual({
      code: 255,
      stdout: '',
      stderr: '\nsvcctl: [ERROR]: Could not connect to the endpoint URL: "http://127.0.0.1:9/_svcctl/journal"\n',
    });
  });
});

describe('--as-cli with control characters a client sent (issue 44, item 2)', () => {
  it('an ESC or BEL is written as an escape in ANSI-C quotes, which bash reads back; a NUL line is a comment', async () => {
    const s = await startServe([], { SVCCTL_HOME: join(dir, 'controls'), ...separateStore('controls') });
    try {
      const at = ['--endpoint-url', s.url];
      const red = '\u001b[31mred\u0007';
      expect(
        (await sb.run([...at, 'account-token', 'create', '--display-name', red, '--idempotency-key', 'red'])).code,
      ).toBe(0);
      const nul = JSON.stringify({ display_name: 'a\u0000b' });
      expect(
        (await sb.run([...at, 'account-token', 'create', '--cli-input-json', nul, '--idempotency-key', 'nul'])).code,
      ).toBe(0);
      const replay = await sb.run([...at, 'service', 'journal', '--as-cli']);
      expect(replay).toEqual({
        code: 0,
        stdout: [
          `svcctl --endpoint-url ${s.url} account-token create --display-name $'\\x1b[31mred\\x07' --idempotency-key red`,
          "# not replayable: the CreateAccountToken call's --display-name holds a NUL character (U+0000), which no shell word can carry",
          '',
        ].join('\n'),
        stderr: '',
      });
      const word = replay.stdout.split('\n')[0]!.split('--display-name ')[1]!.split(' ')[0]!;
      expect(await runProgram('bash', ['-c', `printf %s ${word}`], { PATH: process.env.PATH ?? '' })).toEqual({
        code: 0,
        stdout: red,
        stderr: '',
      });
    } finally {
      await s.stop();
    }
  });
});

describe('--as-cli of the meter event stream (hostile pass 17d)', () => {
  // The stream keeps no Idempotency-Key: the CLI sent one anyway, serve journalled it, and --as-cli wrote
  // '--idempotency-key <key>', which meter-event-stream create refuses (252): the replay stopped there.
  it('journals no Idempotency-Key for it, from svcctl or from a client that sends one, so the line replays', async () => {
    const s = await startServe([], { SVCCTL_HOME: join(dir, 'stream'), ...separateStore('stream') });
    try {
      const at = ['--endpoint-url', s.url];
      const session = await sb.run([...at, 'meter-event-session', 'create', '--query', 'authentication_token']);
      const token = JSON.parse(session.stdout) as string;
      const events = '[{"event_name":"api_calls","payload":{"stripe_customer_id":"cus_1","value":"1"}}]';
      expect(await sb.run([...at, 'meter-event-stream', 'create', '--api-key', token, '--events', events])).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
      const sdk = await fetch(`${s.url}/v2/billing/meter_event_stream`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'sdk-1' },
        body: `{"events":${events}}`,
      });
      await sdk.body?.cancel();
      expect(sdk.status).toBe(200);
      const line = `svcctl --endpoint-url ${s.url} meter-event-stream create --events '${events}' --api-key ${SESSION_TOKEN}`;
      expect(await sb.run([...at, 'service', 'journal', '--limit', '2', '--as-cli'])).toEqual({
        code: 0,
        stdout: `${line}\n${line}\n`,
        stderr: '',
      });
      expect(
        await sb.run([...at, 'service', 'journal', '--limit', '2', '--query', 'Entries[].IdempotencyKey']),
      ).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    } finally {
      await s.stop();
    }
  });

  // Hostile pass 22b: the line had no --api-key, so a replay sent SVCCTL_API_KEY, which the stream refuses (254,
  // api_key_invalid 'Invalid session token provided'): its events were never made again. The session's token is
  // never journalled (as no key is), and only the serve that made the session takes it: the line names it by a
  // variable, which stops the shell while unset, as a secret's does.
  it('names the session token by SVCCTL_METER_EVENT_SESSION_TOKEN: unset, sh stops before sending; set, the replay makes the events', async () => {
    const first = await startServe([], { SVCCTL_HOME: join(dir, 'stream-a'), ...separateStore('stream-a') });
    const replay = await startServe([], { SVCCTL_HOME: join(dir, 'stream-b'), ...separateStore('stream-b') });
    try {
      const token = async (at: ServeProcess) =>
        JSON.parse(
          (await sb.run(['--endpoint-url', at.url, 'meter-event-session', 'create', '--query', 'authentication_token']))
            .stdout,
        ) as string;
      const events =
        '[{"event_name":"api_calls","identifier":"s-1","payload":{"stripe_customer_id":"cus_1","value":"1"}}]';
      expect(
        await sb.run([
          '--endpoint-url',
          first.url,
          'meter-event-stream',
          'create',
          '--api-key',
          await token(first),
          '--events',
          events,
        ]),
      ).toEqual({ code: 0, stdout: '', stderr: '' });
      const lines = (await sb.run(['--endpoint-url', first.url, 'service', 'journal', '--limit', '1', '--as-cli']))
        .stdout;
      expect(await replayed(lines, first, replay)).toEqual({
        code: 2,
        stdout: '',
        stderr: `/bin/sh: 1: ${SESSION_TOKEN_VARIABLE}: is the authentication_token of a meter event session of the serve replayed to, which the journal does not keep: set it to one that svcctl meter-event-session create makes\n`,
      });
      const env = { ...replayEnv(), SVCCTL_API_KEY: 'sk_test_journal', [SESSION_TOKEN_VARIABLE]: await token(replay) };
      expect(await runProgram('/bin/sh', ['-ec', lines.replaceAll(first.url, replay.url)], env)).toEqual({
        code: 0,
        stdout: '',
        stderr: '',
      });
      const inputs = async (at: ServeProcess) =>
        (
          await sb.run([
            '--endpoint-url',
            at.url,
            'service',
            'journal',
            '--query',
            'Entries[?Operation==`CreateMeterEventStream`].[Input,Status]',
          ])
        ).stdout;
      expect(await inputs(replay)).toEqual(await inputs(first));
    } finally {
      await first.stop();
      await replay.stop();
    }
  });
});

describe('--as-cli of a POST sent with an empty Idempotency-Key (hostile pass 18a)', () => {
  // The key kept nothing, serve journalled it as '', and --as-cli wrote "--idempotency-key ''", which the CLI
  // refuses (252): the replay stopped there.
  it('journals no key for it, so the line replays', async () => {
    const s = await startServe([], { SVCCTL_HOME: join(dir, 'empty-key'), ...separateStore('empty-key') });
    try {
      const at = ['--endpoint-url', s.url];
      const sent = await fetch(`${s.url}/v2/core/account_tokens`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_x', 'content-type': 'application/json', 'idempotency-key': '' },
        body: '{"display_name":"e"}',
      });
      await sent.body?.cancel();
      expect(sent.status).toBe(200);
      expect(await sb.run([...at, 'service', 'journal', '--limit', '1', '--as-cli'])).toEqual({
        code: 0,
        stdout: `svcctl --endpoint-url ${s.url} account-token create --display-name e\n`,
        stderr: '',
      });
      expect(
        await sb.run([...at, 'service', 'journal', '--limit', '1', '--query', 'Entries[].IdempotencyKey']),
      ).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    } finally {
      await s.stop();
    }
  });
});

describe('the journal bound', () => {
  it('--journal-size N keeps the newest N entries; 0 keeps none', async () => {
    for (const [size, seqs] of [
      ['2', '2\t3\n'],
      ['0', ''],
    ] as const) {
      const home = join(dir, `bound-${size}`);
      const s = await startServe(['--journal-size', size], { SVCCTL_HOME: home, ...separateStore(`bound_${size}`) });
      try {
        for (const name of ['a/1', 'a/2', 'a/3'])
          expect((await sb.run(['--endpoint-url', s.url, 'create-repository', '--repository-name', name])).code).toBe(
            0,
          );
        expect(
          await sb.run(['--endpoint-url', s.url, 'service', 'journal', '--output', 'text', '--query', 'Entries[].Seq']),
        ).toEqual({ code: 0, stdout: seqs, stderr: '' });
      } finally {
        await s.stop();
      }
    }
  });

  it('each entry is bounded too: a value past 1,024 characters is kept as its first 64 and its length (issue 44, item 10)', async () => {
    const home = join(dir, 'long-values');
    const store = separateStore('long_values');
    const s = await startServe([], { SVCCTL_HOME: home, ...store });
    try {
      const long = 'x'.repeat(1_000_000);
      for (const key of ['long-1', 'long-2', 'long-3']) {
        const r = await fetch(`${s.url}/v2/core/account_tokens`, {
          method: 'POST',
          headers: { authorization: 'Bearer sk_test_long', 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ display_name: long, identity: { entity_type: 'company' } }),
        });
        await r.body?.cancel();
        expect(r.status).toBe(200);
      }
      const cut = `${'x'.repeat(64)}... (1000000 characters)`;
      const local = { ...AWS_ENV, SVCCTL_HOME: home, ...store };
      const query = ['--query', 'Entries[].[Status, Input.display_name, Input.identity.entity_type, Cut[0]]'];
      const expected = { code: 0, stdout: `200\t${cut}\tcompany\tdisplay_name\n`.repeat(3), stderr: '' };
      // Through serve's endpoint and on its store alike.
      expect(await sb.run(['--endpoint-url', s.url, 'service', 'journal', '--output', 'text', ...query])).toEqual(
        expected,
      );
      expect(await sb.run(['service', 'journal', '--output', 'text', ...query], { env: local })).toEqual(expected);
      // Three such entries were 6 MB; now a few hundred bytes each.
      const page = await fetch(`${s.url}/_svcctl/journal?limit=3`);
      expect((await page.text()).length).toBeLessThan(3 * 1024);
      // An input still too long once its values are cut (a thousand names of 100 characters) is not kept.
      const many = await fetch(s.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.DescribeRepositories',
        },
        body: JSON.stringify({ repositoryNames: Array.from({ length: 1000 }, (_, i) => `n/${i}`.padEnd(100, 'x')) }),
      });
      expect(many.status).toBe(400);
      expect(
        await sb.run(['service', 'journal', '--limit', '1', '--query', 'Entries[0].[Input, Cut]', '--output', 'json'], {
          env: local,
        }),
      ).toEqual({ code: 0, stdout: '[\n    {},\n    [\n        "*"\n    ]\n]\n', stderr: '' });
      // A cut value cannot be replayed: the line says so, as for a NUL.
      const line = `# not replayable: the CreateAccountToken call's --display-name was cut in the journal (a value longer than 1024 characters)\n`;
      expect(await sb.run(['--endpoint-url', s.url, 'service', 'journal', '--as-cli'])).toEqual({
        code: 0,
        stdout: `${line.repeat(3)}# not replayable: the DescribeRepositories call's input was cut in the journal (longer than 65536 characters)\n`,
        stderr: '',
      });
      // The inspector's copy line says the same.
      const inspected = (await (await fetch(`${s.url}/_svcctl/journal?cli=1&limit=4`)).json()) as {
        Entries: Array<{ Cli: string }>;
      };
      expect(inspected.Entries.map((e) => `${e.Cli}\n`).join('')).toBe(
        `${line.repeat(3)}# not replayable: the DescribeRepositories call's input was cut in the journal (longer than 65536 characters)\n`,
      );
    } finally {
      await s.stop();
    }
  });

  it('a bad --journal-size is refused (252), SVCCTL_JOURNAL_SIZE as configuration (253)', async () => {
    expect(await sb.run(['serve', '--port', '0', '--journal-size', '-1'])).toEqual({
      code: 252,
      stdout: '',
      stderr: paramError("argument --journal-size: invalid journal size: '-1' (0-1000000 entries)"),
    });
    expect(await sb.run(['serve', '--port', '0'], { env: { SVCCTL_JOURNAL_SIZE: 'lots' } })).toEqual({
      code: 253,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): SVCCTL_JOURNAL_SIZE: invalid journal size: 'lots' (0-1000000 entries)\n`,
    });
  });
});
