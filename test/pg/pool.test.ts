/**
 * `svcctl serve --store postgres://… --store-pool-size N`: N threads, each with its own connection, run the
 * operations, so one instance waits on the database for up to N at once. Proven with a lock held by the
 * test on `repositories`: with a pool, a describe of launch configurations is answered while a create
 * waits for the lock; without one, it is answered only after the create. The answers (successes, each
 * protocol's errors, 503s while the database is away) are the ones an instance without a pool gives; this
 * run's --settings and the pinned clock reach the threads; races inside one pooled instance have one winner.
 */
import { PG_MIGRATIONS } from '../../src/backends/embedded/store/pg-store.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Postgres, startPostgres } from '../helpers/postgres.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { paramError } from '../helpers/cli-results.js';
import { AWS, awsCliEnv } from '../peers/aws-cli-peer.js';
import { BIN, PINNED_MS, runProgram, type ServeProcess, startServe } from '../peers/serve-process.js';
import { ecr } from '../reliability/helpers.js';

let server: Postgres;
let url: string;
let dir: string;
let db: pg.Client;

const serveEnv = (name: string) => ({ SVCCTL_HOME: join(dir, name), SVCCTL_TEST_CLOCK_MS: String(PINNED_MS) });
const aws = (serve: ServeProcess, args: string[]) =>
  runProgram(AWS, [...args, '--endpoint-url', serve.url], awsCliEnv(join(dir, 'aws-home')));
const connections = async () =>
  Number(
    (
      await db.query(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'svcctl serve' AND datname = 'pool'",
      )
    ).rows[0].n,
  );

/** After serve has gone: the server ends a backend once its client has gone; wait (bounded) for the last. */
async function connectionsLeft(): Promise<number> {
  let n = await connections();
  for (let i = 0; i < 200 && n > 0; i++) {
    await new Promise((r) => setTimeout(r, 25));
    n = await connections();
  }
  return n;
}

function describeLaunchConfigurations(base: string): Promise<{ status: number; body: string }> {
  return fetch(base, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'Action=DescribeLaunchConfigurations&Version=2011-01-01',
  }).then(async (r) => ({ status: r.status, body: await r.text() }));
}

/** Waits (bounded: 200 polls, 25 ms apart) until a connection of serve waits for a lock the test holds. */
async function someoneWaitsForTheLock(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await db.query(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'svcctl serve' AND wait_event_type = 'Lock'",
    );
    if (Number(rows[0].n) > 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no serve connection waited for the lock within 5 s');
}

/**
 * A TCP proxy to PostgreSQL that can cut every connection on the database's side without telling svcctl:
 * its next statement on such a connection meets a reset (as after a database restart behind a load
 * balancer, or a connection dropped by a firewall), whatever the timing.
 */
async function cuttingProxy(
  target: number,
): Promise<{ port: number; made: () => number; cut: () => void; close: () => void }> {
  const pairs = new Set<{ client: Socket; upstream: Socket; cut: boolean }>();
  let made = 0;
  const srv = createServer((client) => {
    made++;
    const pair = { client, upstream: connect(target, '127.0.0.1'), cut: false };
    pairs.add(pair);
    client.setNoDelay(true);
    client.on('error', () => {});
    pair.upstream.on('error', () => {});
    client.on('data', (c: Buffer) => (pair.cut ? client.resetAndDestroy() : pair.upstream.write(c)));
    pair.upstream.on('data', (c: Buffer) => client.write(c));
    pair.upstream.on('close', () => (pair.cut ? undefined : client.destroy()));
    client.on('close', () => {
      pair.upstream.destroy();
      pairs.delete(pair);
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    port: (srv.address() as { port: number }).port,
    made: () => made,
    cut() {
      for (const pair of pairs) {
        pair.cut = true;
        pair.upstream.destroy();
      }
    },
    close() {
      for (const pair of pairs) pair.client.destroy();
      srv.close();
    },
  };
}

beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase('pool');
  dir = mkdtempSync(join(tmpdir(), 'svcctl-pg-pool-'));
  mkdirSync(join(dir, 'aws-home'));
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('serve --store-pool-size', { timeout: 120_000 }, () => {
  it('a size that is not 1-64, or a pool without a PostgreSQL store: 252 naming the flag, nothing started', async () => {
    const env = { PATH: process.env.PATH ?? '', SVCCTL_HOME: join(dir, 'refused') };
    for (const size of ['0', '65', 'four', '-1', '']) {
      expect(
        await runProgram(
          process.execPath,
          [BIN, 'serve', '--port', '0', '--store', url, '--store-pool-size', size],
          env,
        ),
      ).toEqual({
        code: 252,
        stdout: '',
        stderr: paramError(`argument --store-pool-size: invalid value: '${size}' (operations at once, 1-64)`),
      });
    }
    expect(await runProgram(process.execPath, [BIN, 'serve', '--port', '0', '--store-pool-size', '4'], env)).toEqual({
      code: 252,
      stdout: '',
      stderr: paramError(
        'argument --store-pool-size: only a PostgreSQL store (--store, SVCCTL_STORE_URL or store_url) takes a pool; the SQLite store in $SVCCTL_HOME writes one operation at a time.',
      ),
    });
  });

  it('more connections than the database lets the role open: 253 at start naming the store and the reason, nothing left connected', async () => {
    await db.query('CREATE ROLE limited LOGIN CONNECTION LIMIT 3');
    await db.query('GRANT ALL ON ALL TABLES IN SCHEMA public TO limited');
    await db.query('GRANT ALL ON SCHEMA public TO limited');
    const limited = url.replace('postgres@', 'limited:s3cret@');
    const env = { PATH: process.env.PATH ?? '', SVCCTL_HOME: join(dir, 'limited') };
    const refused = await runProgram(
      process.execPath,
      [BIN, 'serve', '--port', '0', '--store', limited, '--store-pool-size', '4'],
      env,
    );
    expect(refused).toEqual({
      code: 253,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): svcctl serve: unable to reach the store: The store (PostgreSQL at ${limited.replace('s3cret', '****')}) is unavailable: too many connections for role "limited".\n`,
    });
    expect(await connectionsLeft()).toBe(0);
    const fits = await startServe(['--store', limited, '--store-pool-size', '2'], serveEnv('limited'));
    try {
      expect((await describeLaunchConfigurations(fits.url)).status).toBe(200);
    } finally {
      expect(await fits.stop()).toBe(0);
    }
  });

  it('4 threads: 4 connections while it runs (/_svcctl/ uses the threads too), none after SIGTERM; the log says so', async () => {
    expect(await connectionsLeft()).toBe(0);
    const serve = await startServe(['--store', url, '--store-pool-size', '4'], serveEnv('count'));
    try {
      const [line] = await serve.lines(1);
      expect(line).toMatch(
        /^\d{4}-\d\d-\d\dT[\d:.]+Z serve: store postgres:\/\/postgres@127\.0\.0\.1:\d+\/pool \(PostgreSQL, schema version \d+\), shared with every instance that uses it; up to 4 operations at a time, on 4 connections$/,
      );
      expect(await connections()).toBe(4);
      expect((await describeLaunchConfigurations(serve.url)).status).toBe(200);
      expect(((await (await fetch(`${serve.url}/_svcctl/health`)).json()) as { store: unknown }).store).toEqual({
        kind: 'postgres',
        poolThreads: 4,
      });
      const metrics = await (await fetch(`${serve.url}/_svcctl/metrics`)).text();
      expect(metrics).toContain('\nsvcctl_store_pool_threads 4\n');
      expect(metrics).toContain('\nsvcctl_store_pool_in_flight 0\n');
      // Journal rows are written by the threads; a read of the journal waits for the writes under way.
      for (let i = 0; i < 5; i++) {
        expect((await ecr(serve.url, 'CreateRepository', { repositoryName: `journal/row-${i}` })).status).toBe(200);
        const journal = (await (await fetch(`${serve.url}/_svcctl/journal?limit=1`)).json()) as {
          Entries: Array<{ Operation: string; Input: unknown }>;
        };
        expect(journal.Entries.map((e) => [e.Operation, e.Input])).toEqual([
          ['CreateRepository', { repositoryName: `journal/row-${i}` }],
        ]);
      }
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    expect(serve.stderr()).toMatch(
      /serve: store: \d+ statements, 0 operations run again after a serialization failure, deadlock or unique race\n$/,
    );
    expect(await connectionsLeft()).toBe(0);
  });

  it('with a pool, an operation is answered while another waits on the database; without one, only after it', async () => {
    const order = async (poolSize: number) => {
      const serve = await startServe(
        ['--store', url, '--store-pool-size', String(poolSize)],
        serveEnv(`lock-${poolSize}`),
      );
      const done: string[] = [];
      try {
        await db.query('BEGIN');
        await db.query('LOCK TABLE repositories IN ACCESS EXCLUSIVE MODE');
        const create = ecr(serve.url, 'CreateRepository', { repositoryName: `locked/pool-${poolSize}` }).then((r) => {
          done.push(`create ${r.status}`);
        });
        await someoneWaitsForTheLock();
        const describe = describeLaunchConfigurations(serve.url).then((r) => {
          done.push(`describe ${r.status}`);
        });
        // With a pool, the describe is answered while the lock is still held; without one it cannot be,
        // so the lock is let go first (once the describe is surely waiting behind the create).
        if (poolSize > 1) await describe;
        await db.query('COMMIT');
        await Promise.all([create, describe]);
        return done;
      } finally {
        await db.query('ROLLBACK').catch(() => {});
        expect(await serve.stop()).toBe(0);
      }
    };
    expect(await order(3)).toEqual(['describe 200', 'create 200']);
    expect(await order(1)).toEqual(['create 200', 'describe 200']);
  });

  it('a journal write that waits on the database holds up reading the journal, never health or metrics', async () => {
    const serve = await startServe(['--store', url, '--store-pool-size', '2'], serveEnv('journal-wait'));
    try {
      await db.query('BEGIN');
      await db.query('LOCK TABLE journal IN ACCESS EXCLUSIVE MODE');
      expect((await describeLaunchConfigurations(serve.url)).status).toBe(200);
      await someoneWaitsForTheLock(); // the journal's row, in a pool thread
      let journalRead = false;
      const journal = fetch(`${serve.url}/_svcctl/journal?limit=1`).then(async (r) => {
        journalRead = true;
        return (await r.json()) as { Entries: Array<{ Operation: string }> };
      });
      for (const path of ['health', 'metrics']) expect((await fetch(`${serve.url}/_svcctl/${path}`)).status).toBe(200);
      // Still waiting: the answers above did not wait for the write (nor for its time-out).
      const { rows } = await db.query(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'svcctl serve' AND wait_event_type = 'Lock'",
      );
      expect([Number(rows[0].n), journalRead]).toEqual([1, false]);
      await db.query('COMMIT');
      expect((await journal).Entries.map((e) => e.Operation)).toEqual(['DescribeLaunchConfigurations']);
    } finally {
      await db.query('ROLLBACK').catch(() => {});
      expect(await serve.stop()).toBe(0);
    }
  });

  it('the AWS CLI gets from a pooled instance what it gets from one without: output, errors, pages resumed on the other', async () => {
    const pooled = await startServe(['--store', url, '--store-pool-size', '3'], serveEnv('aws-pooled'));
    const plain = await startServe(['--store', url], serveEnv('aws-plain'));
    try {
      const created = await aws(pooled, [
        'ecr',
        'create-repository',
        '--repository-name',
        'same/answers',
        '--output',
        'json',
      ]);
      expect(created).toEqual({
        code: 0,
        stderr: '',
        stdout: `${JSON.stringify(
          {
            repository: {
              repositoryArn: 'arn:aws:ecr:us-east-1:000000000000:repository/same/answers',
              registryId: '000000000000',
              repositoryName: 'same/answers',
              repositoryUri: `${new URL(pooled.url).host}/same/answers`,
              createdAt: new Date(PINNED_MS).toISOString().replace('Z', '000+00:00'),
              imageTagMutability: 'MUTABLE',
              imageScanningConfiguration: { scanOnPush: false },
              encryptionConfiguration: { encryptionType: 'AES256' },
            },
          },
          null,
          4,
        )}\n`,
      });
      const twin = await aws(plain, [
        'ecr',
        'create-repository',
        '--repository-name',
        'same/answer2',
        '--output',
        'json',
      ]);
      // The same but the name, and the registry each serve names: its own address (docs/compat.md row 307).
      expect(twin).toEqual({
        ...created,
        stdout: created.stdout
          .replaceAll('same/answers', 'same/answer2')
          .replace(new URL(pooled.url).host, new URL(plain.url).host),
      });
      for (const serve of [pooled, plain]) {
        expect(await aws(serve, ['ecr', 'create-repository', '--repository-name', 'same/answers'])).toEqual({
          code: 254,
          stdout: '',
          stderr:
            "\nAn error occurred (RepositoryAlreadyExistsException) when calling the CreateRepository operation: The repository with name 'same/answers' already exists in the registry with id '000000000000'\n",
        });
      }
      for (const name of ['lc-a', 'lc-b', 'lc-c']) {
        expect(
          (await aws(pooled, ['autoscaling', ...createLaunchConfiguration(name, { image: 'ami-12345678' })])).code,
        ).toBe(0);
      }
      expect(
        await aws(pooled, ['autoscaling', ...createLaunchConfiguration('lc-a', { image: 'ami-12345678' })]),
      ).toEqual({
        code: 254,
        stdout: '',
        stderr:
          '\nAn error occurred (AlreadyExists) when calling the CreateLaunchConfiguration operation: Launch Configuration by this name already exists - A launch configuration already exists with the name lc-a\n',
      });
      const first = await aws(pooled, [
        'autoscaling',
        'describe-launch-configurations',
        '--max-items',
        '2',
        '--query',
        '[LaunchConfigurations[].LaunchConfigurationName, NextToken]',
        '--output',
        'json',
      ]);
      const [names, token] = JSON.parse(first.stdout) as [string[], string];
      expect(names).toEqual(['lc-a', 'lc-b']);
      const rest = await aws(plain, [
        'autoscaling',
        'describe-launch-configurations',
        '--starting-token',
        token,
        '--query',
        'LaunchConfigurations[].LaunchConfigurationName',
        '--output',
        'text',
      ]);
      expect(rest).toEqual({ code: 0, stdout: 'lc-c\n', stderr: '' });
    } finally {
      expect(await pooled.stop()).toBe(0);
      expect(await plain.stop()).toBe(0);
    }
  });

  it('races inside one pooled instance: one winner per identical name, every distinct name once', async () => {
    const serve = await startServe(['--store', url, '--store-pool-size', '4'], serveEnv('race'));
    try {
      const distinct = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          ecr(serve.url, 'CreateRepository', { repositoryName: `pool-race/distinct-${i}` }),
        ),
      );
      expect(distinct.map((r) => r.status)).toEqual(Array(40).fill(200));
      const winners: number[] = [];
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          Array.from({ length: 16 }, () =>
            ecr(serve.url, 'CreateRepository', { repositoryName: `pool-race/same-${round}` }),
          ),
        );
        winners.push(answers.filter((r) => r.status === 200).length);
        expect(answers.filter((r) => r.status === 400).map((r) => JSON.parse(r.body).__type)).toEqual(
          Array(15).fill('RepositoryAlreadyExistsException'),
        );
      }
      const { rows } = await db.query(
        "SELECT count(*) AS n, count(DISTINCT name) AS d FROM repositories WHERE name LIKE 'pool-race/%'",
      );
      console.log(
        `pool of 4: 40 distinct creates at once → ${rows[0].n} rows; identical-name races of 16: winners ${winners.join(', ')}`,
      );
      expect(winners).toEqual([1, 1, 1]);
      expect([Number(rows[0].n), Number(rows[0].d)]).toEqual([43, 43]);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it('keys keep their received order across the thread boundary: integer-like keys and __proto__ (issue 31, item 7)', async () => {
    const serve = await startServe(['--store', url, '--store-pool-size', '2'], serveEnv('order'));
    const metadata = '{"b":"1","10":"2","2":"3","__proto__":"4","a":"5"}';
    try {
      const created = await fetch(`${serve.url}/v2/core/account_tokens`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_pool', 'content-type': 'application/json' },
        body: `{"identity":{"entity_type":"individual","individual":{"metadata":${metadata}}}}`,
      });
      const token = (JSON.parse(await created.text()) as { id: string }).id;
      // The account made from the token carries its identity (docs/v2.md).
      const made = await fetch(`${serve.url}/v2/core/accounts`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_pool', 'content-type': 'application/json' },
        body: JSON.stringify({ account_token: token }),
      });
      const text = await made.text();
      expect([made.status, text]).toEqual([200, expect.stringContaining(`"metadata":${metadata}`)]);
      const id = (JSON.parse(text) as { id: string }).id;
      const read = await fetch(`${serve.url}/v2/core/accounts/${id}`, {
        headers: { authorization: 'Bearer sk_test_pool' },
      });
      const again = await read.text();
      expect([read.status, again]).toEqual([200, expect.stringContaining(`"metadata":${metadata}`)]);
      // Everything else of the object is what it was (timestamps and all): the same document.
      expect(again).toBe(text);
    } finally {
      await serve.stop();
    }
  });

  it("this run's --settings apply in every thread, the store's own stay as they were; v2 errors keep their shape", async () => {
    const settings = join(dir, 'settings.json');
    writeFileSync(settings, JSON.stringify({ account_update_concurrency_limit: 0 }));
    const serve = await startServe(
      ['--store', url, '--store-pool-size', '3', '--settings', settings],
      serveEnv('settings'),
    );
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          fetch(`${serve.url}/v2/core/account_tokens`, {
            method: 'POST',
            headers: { authorization: 'Bearer sk_test_pool', 'content-type': 'application/json' },
            body: '{}',
          }).then(async (r) => ({
            status: r.status,
            error: ((await r.json()) as { error: { code: string; type: string } }).error,
          })),
        ),
      );
      expect(answers).toEqual(
        Array(6).fill({
          status: 429,
          error: expect.objectContaining({ code: 'account_rate_limit_exceeded', type: 'rate_limit' }),
        }),
      );
      const bad = await fetch(`${serve.url}/v2/core/account_tokens`, {
        method: 'POST',
        headers: { authorization: 'Bearer nope', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(bad.status).toBe(401);
      expect(
        (await db.query("SELECT count(*) AS n FROM settings WHERE name = 'account_update_concurrency_limit'")).rows[0]
          .n,
      ).toBe('0');
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it('a connection cut without a word (the next statement meets a reset): a statement that changed nothing is sent again on a new one, no request fails', async () => {
    for (const size of ['1', '2']) {
      const proxy = await cuttingProxy(server.port);
      const serve = await startServe(
        ['--store', url.replace(`:${server.port}/`, `:${proxy.port}/`), '--store-pool-size', size],
        serveEnv(`cut-${size}`),
      );
      try {
        expect((await describeLaunchConfigurations(serve.url)).status).toBe(200);
        const before = proxy.made();
        proxy.cut();
        // A describe (a SELECT on its own), creates (transactions) and their journal rows, each first on a cut connection.
        expect((await describeLaunchConfigurations(serve.url)).status, serve.stderr()).toBe(200);
        // With two threads, one is held (a launch configuration's create waits on a lock the test takes), so that
        // the creates below go to the other too and meet its cut connection, however the calls happen to arrive.
        // Repositories stay unlocked: that thread keeps answering, so the pool is never all waiting (pool.ts, STUCK_MS).
        let held: Promise<number> | undefined;
        if (size === '2') {
          await db.query('BEGIN');
          await db.query('LOCK TABLE launch_configurations IN ACCESS EXCLUSIVE MODE');
          held = fetch(serve.url, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'Action=CreateLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=cut-held&ImageId=ami-12345678&InstanceType=t2.micro',
          }).then((r) => r.status);
          await someoneWaitsForTheLock();
        }
        const sent = Promise.all(
          Array.from({ length: 4 }, (_, i) =>
            ecr(serve.url, 'CreateRepository', { repositoryName: `cut/pool-${size}-${i}` }).then((r) => r.status),
          ),
        );
        if (held) {
          // The second thread's connection made again (bounded wait), then the lock goes.
          for (let i = 0; i < 200 && proxy.made() - before < 2; i++) await new Promise((r) => setTimeout(r, 25));
          await db.query('COMMIT');
        }
        const creates = await sent;
        expect(creates, serve.stderr()).toEqual([200, 200, 200, 200]);
        expect(await held, serve.stderr()).toBe(size === '2' ? 200 : undefined);
        expect(await (await fetch(`${serve.url}/_svcctl/ready`)).json()).toEqual({
          ready: true,
          schemaVersion: PG_MIGRATIONS.length,
        });
        // Each connection used after the cut was made again: one per thread at least.
        expect(proxy.made() - before).toBeGreaterThanOrEqual(size === '1' ? 1 : 2);
        expect(serve.stderr()).not.toMatch(/unavailable|entries wait/);
      } finally {
        expect(await serve.stop()).toBe(0);
        proxy.close();
      }
    }
  });

  it('connections cut by the database are made again; a thread that dies fails only its own call (500) and is replaced', async () => {
    expect(await connectionsLeft()).toBe(0); // the previous tests' instances are gone: only this one's are cut
    const serve = await startServe(['--store', url, '--store-pool-size', '2'], {
      ...serveEnv('threads'),
      SVCCTL_TEST_EXECUTOR_EXIT: 'DeleteRepository',
    });
    try {
      expect((await describeLaunchConfigurations(serve.url)).status).toBe(200);
      const cut = await db.query(
        "SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = 'svcctl serve'",
      );
      expect(cut.rows.length).toBe(2);
      const after = await Promise.all(
        Array.from({ length: 6 }, () => describeLaunchConfigurations(serve.url).then((r) => r.status)),
      );
      expect(after).toEqual(Array(6).fill(200));
      const died = await ecr(serve.url, 'DeleteRepository', { repositoryName: 'no/such' });
      expect([died.status, JSON.parse(died.body)]).toEqual([
        500,
        { __type: 'InternalFailure', message: 'The server had an internal error processing the request.' },
      ]);
      expect(serve.stderr()).toContain(
        'internal error: Error: the operation thread stopped (exit code 70) during this call',
      );
      const next = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          ecr(serve.url, 'CreateRepository', { repositoryName: `threads/after-${i}` }).then((r) => r.status),
        ),
      );
      expect(next).toEqual(Array(6).fill(200));
      expect(((await (await fetch(`${serve.url}/_svcctl/health`)).json()) as { store: unknown }).store).toEqual({
        kind: 'postgres',
        poolThreads: 2,
      });
      // The new thread connects as it starts: wait (bounded) for its connection beside the other's.
      expect((await fetch(`${serve.url}/_svcctl/ready`)).status).toBe(200);
      let n = 0;
      for (let i = 0; i < 200 && (n = await connections()) < 2; i++) await new Promise((r) => setTimeout(r, 25));
      expect(n).toBe(2);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it('the database goes away: every thread answers 503 in each protocol; it comes back: served again', async () => {
    const serve = await startServe(
      ['--store', url, '--store-pool-size', '3', '--store-connect-timeout', '1000'],
      serveEnv('outage'),
    );
    const three = () =>
      Promise.all([
        ecr(serve.url, 'DescribeRepositories', {}).then((r) => r.status),
        describeLaunchConfigurations(serve.url).then((r) => r.status),
        fetch(`${serve.url}/v2/core/account_tokens`, {
          method: 'POST',
          headers: { authorization: 'Bearer sk_test_pool', 'content-type': 'application/json' },
          body: '{}',
        }).then((r) => r.status),
      ]);
    try {
      expect(await three()).toEqual([200, 200, 200]);
      await db.end();
      server.kill();
      expect(await three()).toEqual([503, 503, 503]);
      expect(await three()).toEqual([503, 503, 503]);
      await server.start();
      expect(await three(), serve.stderr()).toEqual([200, 200, 200]);
    } finally {
      expect(await serve.stop()).toBe(0);
      db = new pg.Client({ connectionString: url });
      await db.connect();
    }
  });
  it("fault rules with a pool: the store's decided by the threads (counted once across them), this run's in memory", async () => {
    const file = join(dir, 'run-faults.ini');
    writeFileSync(file, 'fault.ecr.DescribeRepositories = 503;next=1\n');
    const serve = await startServe(['--store', url, '--store-pool-size', '2', '--settings', file], serveEnv('faults'));
    try {
      const set = await fetch(`${serve.url}/_svcctl/faults`, {
        method: 'POST',
        body: JSON.stringify({ 'fault.ecr.CreateRepository': 'throttle;nth=2' }),
      });
      expect(set.status).toBe(200);
      const codes: string[] = [];
      for (const name of ['pool-a', 'pool-b', 'pool-c', 'pool-d']) {
        const r = await ecr(serve.url, 'CreateRepository', { repositoryName: name });
        codes.push(r.status === 200 ? 'ok' : (JSON.parse(r.body) as { __type: string }).__type);
      }
      expect(codes).toEqual(['ok', 'ThrottlingException', 'ok', 'ok']);
      const described = [];
      for (let i = 0; i < 2; i++) described.push((await ecr(serve.url, 'DescribeRepositories', {})).status);
      expect(described).toEqual([503, 200]);
      expect(await (await fetch(`${serve.url}/_svcctl/faults`)).json()).toEqual({
        Faults: [
          { Name: 'fault.ecr.CreateRepository', Rule: 'throttle;nth=2', Source: 'set', Calls: 4 },
          { Name: 'fault.ecr.DescribeRepositories', Rule: '503;next=1', Source: 'run', Calls: 2 },
        ],
      });
    } finally {
      await fetch(`${serve.url}/_svcctl/faults`, { method: 'DELETE' });
      expect(await serve.stop()).toBe(0);
    }
  });

  it("this run's rules removed (DELETE /_svcctl/faults, or set to none) end on every thread, as GET /_svcctl/faults then shows", async () => {
    const file = join(dir, 'run-faults-removed.ini');
    writeFileSync(file, 'fault.ecr.CreateRepository = throttle\nfault.ecr.DescribeRepositories = throttle\n');
    const serve = await startServe(['--store', url, '--store-pool-size', '2', '--settings', file], serveEnv('ended'));
    /** Eight calls at once, so that both threads take some: the answers' types, or 'ok'. */
    const eight = async (op: string, input: (i: number) => Record<string, unknown>) =>
      (
        await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            ecr(serve.url, op, input(i)).then((r) =>
              r.status === 200 ? 'ok' : (JSON.parse(r.body) as { __type: string }).__type,
            ),
          ),
        )
      ).sort();
    try {
      expect(await eight('DescribeRepositories', () => ({}))).toEqual(Array(8).fill('ThrottlingException'));
      const removed = await fetch(`${serve.url}/_svcctl/faults?name=fault.ecr.DescribeRepositories`, {
        method: 'DELETE',
      });
      expect(await removed.json()).toEqual({
        Faults: [{ Name: 'fault.ecr.CreateRepository', Rule: 'throttle', Source: 'run' }],
      });
      expect(await eight('DescribeRepositories', () => ({}))).toEqual(Array(8).fill('ok'));
      const none = await fetch(`${serve.url}/_svcctl/faults`, {
        method: 'POST',
        body: JSON.stringify({ 'fault.ecr.CreateRepository': null }),
      });
      expect(await none.json()).toEqual({ Faults: [] });
      expect(await eight('CreateRepository', (i) => ({ repositoryName: `ended/r${i}` }))).toEqual(Array(8).fill('ok'));
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });
});

describe('serve --store-pool-size: counted rules of this run', { timeout: 120_000 }, () => {
  it("a run's next=2 rule fires on two calls in all, counted once over every thread, as GET /_svcctl/faults shows (siblings pass)", async () => {
    const file = join(dir, 'run-next.ini');
    writeFileSync(file, 'fault.ecr.CreateRepository = throttle;next=2\n');
    const counted = await server.createDatabase('pool_run_counts');
    const serve = await startServe(['--store', counted, '--store-pool-size', '2', '--settings', file], {
      SVCCTL_HOME: join(dir, 'run-counts-home'),
    });
    try {
      // Eight at once, so that both threads take some: each thread counted its own, and up to four were throttled.
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          ecr(serve.url, 'CreateRepository', { repositoryName: `counted/r${i}` }).then((r) =>
            r.status === 200 ? 'ok' : (JSON.parse(r.body) as { __type: string }).__type,
          ),
        ),
      );
      expect(answers.sort()).toEqual([...Array(2).fill('ThrottlingException'), ...Array(6).fill('ok')]);
      const listed = await fetch(`${serve.url}/_svcctl/faults`);
      expect(await listed.json()).toEqual({
        Faults: [{ Name: 'fault.ecr.CreateRepository', Rule: 'throttle;next=2', Source: 'run', Calls: 8 }],
      });
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });
});
