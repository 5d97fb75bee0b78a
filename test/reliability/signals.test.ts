/**
 * Signals. SIGINT at a random moment of any command (a create, a delete, a large create, a v2 create,
 * a long paged listing, a call waiting on a server that never answers): the command ends with 130, or
 * had already finished (0); or svcctl's handler was not in place (during start-up, when nothing has
 * been opened or printed, or as the process exits after finishing, its output complete) and the signal
 * itself ends the process, which a shell reports as 130 too. Never a stack trace; and the store is
 * whole: each write is there completely or not at all.
 * A second SIGINT does not wait for the first to be honoured. SIGTERM to serve: the requests in flight
 * are answered, every one answered is in the store, the store is closed cleanly (its WAL checkpointed
 * and removed) and serve exits 0.
 * On PostgreSQL (the `postgres` project) the same, on the file's database; the WAL file is SQLite's own
 * (PostgreSQL's is the server's), so that one check is SQLite's only.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInto } from '../../scripts/bulk.js';
import { storePath } from '../../src/backends/embedded/store/store-file.js';
import { maskStoreUrl } from '../../src/backends/embedded/store/pg-store.js';
import { ON_POSTGRES, openTestStore, SCHEMA_VERSION, separateStore, storeEnv, testStoreUrl } from '../helpers/store.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import {
  BIN,
  ecr,
  integrity,
  killAll,
  type Outcome,
  repositoryNames,
  STACK_LINE,
  signalledInTransaction,
  svcctl,
  urlOf,
} from './helpers.js';
import { requestText } from './raw-http.js';

const TRIALS = 8;

let dir: string;
let home: string;
let blackHole: Server;
let blackHoleUrl: string;
const held: Socket[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-signals-'));
  home = join(dir, 'store');
  const db = openTestStore(home);
  try {
    seedInto(db, { home, count: 3000, createdMs: Date.UTC(2026, 10, 20) });
  } finally {
    db.close();
  }
  // A server that accepts connections and never answers: the CLI waits on it until interrupted.
  blackHole = createServer((s) => held.push(s.on('error', () => {})));
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  blackHoleUrl = `http://127.0.0.1:${(blackHole.address() as { port: number }).port}`;
}, 120_000);
afterAll(() => {
  killAll();
  for (const s of held) s.destroy();
  blackHole?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * How a command ended: it had finished (0), it stopped on the signal (130), or the signal itself ended
 * the process because svcctl's handler was not in place: before it was installed (start-up: nothing
 * opened, nothing printed) or after the command had finished, while the process exits (its output
 * complete).
 */
type Kind = 'finished' | 'interrupted' | 'before start-up' | 'while exiting';

function kindOf(o: Outcome, complete: (stdout: string) => boolean): Kind {
  if (o.signal === 'SIGINT') {
    if (o.stdout === '' && o.stderr === '') return 'before start-up';
    expect(complete(o.stdout), `ended by SIGINT with partial output: ${o.stdout.slice(-300)}`).toBe(true);
    expect(o.stderr).toBe('');
    return 'while exiting';
  }
  if (o.code === 130) return 'interrupted';
  expect([o.code, o.stderr]).toEqual([0, '']);
  return 'finished';
}

/** What must hold of the store after a command, whatever became of it. */
type Whole = (trial: number) => void;
/** Whether the command's output is complete (for a process ended by the signal as it exited). */
type Complete = (stdout: string, trial: number) => boolean;

const json = (stdout: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(stdout) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

const row = (sql: string, ...args: unknown[]) => {
  const db = openTestStore(home);
  try {
    return db.prepare(sql).get(...args) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
};

const countRows = (table: string) => Number(row(`SELECT count(*) AS n FROM ${table}`)!.n);

const commands: Array<[string, (trial: number) => string[], Whole, Complete]> = [
  [
    'create-repository',
    (t) => [
      'create-repository',
      '--repository-name',
      `sigint/repo-${t}`,
      '--image-tag-mutability',
      'IMMUTABLE',
      '--encryption-configuration',
      'encryptionType=KMS,kmsKey=k',
    ],
    (t) => {
      const r = row('SELECT doc FROM repositories WHERE name = ?', `sigint/repo-${t}`);
      if (r)
        expect(JSON.parse(r.doc as string)).toMatchObject({
          imageTagMutability: 'IMMUTABLE',
          encryptionConfiguration: { encryptionType: 'KMS', kmsKey: 'k' },
        });
    },
    (stdout, t) =>
      (json(stdout)?.repository as { repositoryName?: string } | undefined)?.repositoryName === `sigint/repo-${t}`,
  ],
  [
    'create-launch-configuration (large)',
    (t) => [
      ...createLaunchConfiguration(`sigint-lc-${t}`),
      '--user-data',
      'u'.repeat(16_000),
      '--block-device-mappings',
      'DeviceName=/dev/xvda,Ebs={VolumeSize=20}',
      'DeviceName=/dev/xvdb,NoDevice=true',
    ],
    (t) => {
      const r = row('SELECT doc FROM launch_configurations WHERE name = ?', `sigint-lc-${t}`);
      if (r)
        expect((JSON.parse(r.doc as string) as { BlockDeviceMappings: unknown[] }).BlockDeviceMappings).toHaveLength(2);
    },
    (stdout) => stdout === '',
  ],
  [
    'delete-launch-configuration',
    (t) => ['delete-launch-configuration', '--launch-configuration-name', `lc-${String(t + 1).padStart(6, '0')}`],
    () => expect(integrity(home)).toBe('ok'),
    (stdout) => stdout === '',
  ],
  [
    'account-token create',
    () => ['account-token', 'create', '--display-name', 'Interrupted Co'],
    () => expect(integrity(home)).toBe('ok'),
    (stdout) => json(stdout)?.object === 'v2.core.account_token',
  ],
  [
    'describe-launch-configurations (3000 items, pages of 10)',
    () => ['describe-launch-configurations', '--page-size', '10', '--output', 'text'],
    () => {},
    (stdout) =>
      stdout.split('\n').filter((l) => l.startsWith('LAUNCHCONFIGURATIONS\t')).length ===
      countRows('launch_configurations'),
  ],
  [
    'a call to a server that never answers',
    () => ['describe-repositories', '--endpoint-url', blackHoleUrl, '--no-sign-request', '--region', 'us-east-1'],
    () => {},
    () => false,
  ],
];

describe('SIGINT during any command', { timeout: 120_000 }, () => {
  it.each(commands)('%s: 130 (or done), no stack trace, the store whole', async (_name, argv, whole, complete) => {
    const kinds: Record<Kind, number> = { finished: 0, interrupted: 0, 'before start-up': 0, 'while exiting': 0 };
    // How long the command takes here (at most 1 s): the signals land anywhere in that span.
    const timing = svcctl(argv(TRIALS), { SVCCTL_HOME: home });
    const started = performance.now();
    const cap = setTimeout(() => timing.child.kill('SIGINT'), 1_000);
    await timing.done;
    clearTimeout(cap);
    const span = performance.now() - started;
    for (let t = 0; t < TRIALS; t++) {
      const p = svcctl(argv(t), { SVCCTL_HOME: home });
      await new Promise((r) => setTimeout(r, Math.random() * span));
      p.child.kill('SIGINT');
      const o = await p.done;
      const kind = kindOf(o, (stdout) => complete(stdout, t));
      kinds[kind]++;
      expect(o.stderr).not.toMatch(STACK_LINE);
      if (kind === 'interrupted') expect(o.stderr).toBe('');
      whole(t);
    }
    expect(integrity(home)).toBe('ok');
    console.log(
      `SIGINT, ${_name}: ${TRIALS} signals within its ${span.toFixed(0)} ms → ${JSON.stringify(kinds)}; store whole`,
    );
  });

  it("SIGINT inside a write (paused before its commit by the store's test hook): the write is never cut in half", async () => {
    const o = await signalledInTransaction(
      dir,
      ['create-repository', '--repository-name', 'sigint/locked', '--image-tag-mutability', 'IMMUTABLE'],
      { SVCCTL_HOME: home },
    );
    const r = row('SELECT doc FROM repositories WHERE name = ?', 'sigint/locked');
    console.log(`SIGINT inside a write: exit ${o.code}, the repository ${r ? 'created whole' : 'absent'}`);
    // The transaction runs synchronously: the signal is handled once it has committed. The command then ends
    // normally, its output printed and exit 0 (a write answered is done: write-sigint.test.ts); the row is whole.
    expect(JSON.parse(r!.doc as string)).toMatchObject({
      repositoryName: 'sigint/locked',
      imageTagMutability: 'IMMUTABLE',
    });
    expect([o.code, o.stderr]).toEqual([0, '']);
    expect(JSON.parse(o.stdout).repository.repositoryName).toBe('sigint/locked');
  });

  // That a signal landing while a command runs interrupts it (130) is shown here, where the command surely runs
  // (the server has its connection), and not by counting the random signals above: where those land is a race.
  it('a command waiting on the network stops with 130, not when the read times out', async () => {
    const connected = new Promise<void>((resolve) => blackHole.once('connection', () => resolve()));
    // A read time-out longer than this test's own limit: only the signal can end the command in time.
    const p = svcctl(
      [
        'describe-repositories',
        '--endpoint-url',
        blackHoleUrl,
        '--no-sign-request',
        '--region',
        'us-east-1',
        '--cli-read-timeout',
        '600',
      ],
      { SVCCTL_HOME: home },
    );
    await connected;
    p.child.kill('SIGINT');
    const o = await p.done;
    expect({ code: o.code, stdout: o.stdout, stderr: o.stderr }).toEqual({ code: 130, stdout: '', stderr: '' });
  });

  // compat 444 (hostile pass 22b): a SIGINT ignored on entry (`trap '' INT`, a non-interactive shell's `cmd &`)
  // stays ignored in the AWS CLI (Python installs no handler for it: the command runs to its end, 0); node resets
  // every inherited SIG_IGN to SIG_DFL before any of svcctl's code runs, so svcctl cannot tell and stops (130).
  it("a SIGINT ignored on entry (trap '' INT; exec svcctl …) still stops the command with 130 (compat 444)", async () => {
    const connected = new Promise<void>((resolve) => blackHole.once('connection', () => resolve()));
    const argv = [process.execPath, BIN, 'describe-repositories', '--endpoint-url', blackHoleUrl, '--no-sign-request'];
    const child = spawn('/bin/sh', ['-c', `trap '' INT && exec "$@"`, 'sh', ...argv, '--region', 'us-east-1'], {
      env: { PATH: process.env.PATH ?? '', SVCCTL_HOME: home, ...storeEnv() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const code = new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    await connected;
    child.kill('SIGINT');
    expect({ code: await code, stdout, stderr }).toEqual({ code: 130, stdout: '', stderr: '' });
  });

  it('a second SIGINT does not wait for the first to be honoured (serve with a request in flight)', async () => {
    const serve = svcctl(['serve', '--port', '0'], { SVCCTL_HOME: home });
    const url = new URL((await urlOf(serve))!);
    const { connect } = await import('node:net');
    const stalled = connect(Number(url.port), '127.0.0.1').on('error', () => {});
    let answered = '';
    stalled.on('data', (c: Buffer) => (answered += c.toString('latin1')));
    await new Promise<void>((resolve) =>
      stalled.write(
        requestText(
          'POST',
          '/',
          {
            host: url.host,
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
            'content-length': '100',
          },
          '{"repos',
        ),
        () => resolve(),
      ),
    );
    // A request on another connection, answered: serve has read what came before it.
    expect((await ecr(url.href, 'DescribeRepositories', {})).status).toBe(200);
    let stderr = '';
    const draining = new Promise<void>((resolve) =>
      serve.child.stderr!.on(
        'data',
        (c: Buffer) => (stderr += c.toString()).includes('SIGINT: finishing') && resolve(),
      ),
    );
    serve.child.kill('SIGINT');
    await draining;
    expect(serve.child.exitCode).toBe(null); // still waiting for the request in flight
    serve.child.kill('SIGINT');
    const o = await serve.done;
    stalled.destroy();
    // On PostgreSQL serve first names the store it uses (SQLite's file needs no such line).
    const storeLine = ON_POSTGRES
      ? `serve: store ${maskStoreUrl(testStoreUrl())} (PostgreSQL, schema version ${SCHEMA_VERSION}), shared with every instance that uses it; one operation at a time, on one connection\n`
      : '';
    const stamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z /gm;
    const requestLine = o.stderr.replace(stamp, '').slice(storeLine.length).split('\n')[0]!;
    expect([o.code, o.stderr.replace(stamp, '')]).toEqual([
      130,
      `${storeLine}${requestLine}\nSIGINT: finishing in-flight requests and stopping\n`,
    ]);
    expect(o.stderr.split('\n')[ON_POSTGRES ? 1 : 0]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z 127\.0\.0\.1 POST \/ 200 json11:DescribeRepositories [\d.]+ms$/,
    );
    // Had the second SIGINT waited for the request in flight, its time-out (408) would have been answered.
    expect(answered).toBe('');
  });
});

describe('SIGTERM to serve', { timeout: 60_000 }, () => {
  it('answers the requests in flight, keeps every one answered, checkpoints the WAL and exits 0', async () => {
    const own = join(dir, 'sigterm');
    const store = separateStore('sigterm');
    const serve = svcctl(['serve', '--port', '0'], { SVCCTL_HOME: own, ...store });
    const url = (await urlOf(serve))!;
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const acked: string[] = [];
    const statuses: Record<string, number> = {};
    let refused = 0;
    const clients = Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        for (let i = 0; ; i++) {
          const name = `term/${w}-${i}`;
          const res = await ecr(url, 'CreateRepository', { repositoryName: name }, agent).catch(() => undefined);
          if (!res) return void refused++;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 200) acked.push(name);
        }
      }),
    );
    // Under load: SIGTERM once the clients have had 200 creates answered (bounded wait).
    for (let i = 0; i < 3000 && acked.length < 200; i++) await new Promise((r) => setTimeout(r, 10));
    expect(acked.length).toBeGreaterThanOrEqual(200);
    const walDuring = existsSync(`${storePath(own)}-wal`);
    serve.child.kill('SIGTERM');
    const o = await serve.done;
    await clients;
    agent.destroy();
    const wal = `${storePath(own)}-wal`;
    const walAfter = existsSync(wal) ? statSync(wal).size : 'gone';
    const present = new Set(repositoryNames(own, store.SVCCTL_STORE_URL));
    console.log(
      `SIGTERM to serve: ${acked.length} creates answered 200 by 16 clients (${JSON.stringify(statuses)}), then connections refused; ` +
        `exit ${o.code}; ${acked.filter((n) => present.has(n)).length}/${acked.length} in the store; -wal ${walDuring ? 'present while serving' : 'absent while serving'}, ${walAfter === 'gone' ? 'removed' : `${walAfter} bytes`} after`,
    );
    expect(o.code).toBe(0);
    expect(o.stderr.split('\n').map((l) => l.replace(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z /, ''))).toContain(
      'SIGTERM: finishing in-flight requests and stopping',
    );
    expect(Object.keys(statuses)).toEqual(['200']);
    expect(acked.filter((n) => !present.has(n))).toEqual([]);
    // SQLite's -wal file beside the store, checkpointed and removed at close; PostgreSQL's store has none.
    expect([walDuring, walAfter]).toEqual(ON_POSTGRES ? [false, 'gone'] : [true, 'gone']);
    expect(integrity(own, store.SVCCTL_STORE_URL)).toBe('ok');
  });
});
