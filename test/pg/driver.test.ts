/** The PostgreSQL driver in-process: the embedded service's operations over it, its RPC's cost, migrations. */
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EmbeddedService } from '../../src/backends/embedded/embedded.js';
import { listEntries, recordEntries } from '../../src/backends/embedded/journal.js';
import { openPgStore, PG_MIGRATIONS, toPostgres } from '../../src/backends/embedded/store/pg-store.js';
import { CountingIds, FixedClock } from '../helpers/cli.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';

let server: Postgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

function service(url: string): EmbeddedService {
  const clock = new FixedClock();
  const ids = new CountingIds();
  return new EmbeddedService({
    home: '/nonexistent',
    accountId: '000000000000',
    storeUrl: url,
    clock: { now: () => clock.now() },
    ids: { id: (p) => ids.id(p), uuid: () => ids.uuid() },
  });
}

test('placeholders and INSERT OR IGNORE become PostgreSQL', () => {
  expect(toPostgres("INSERT OR IGNORE INTO t (a, b) VALUES (?, '?')")).toEqual({
    text: "INSERT INTO t (a, b) VALUES ($1, '?') ON CONFLICT DO NOTHING",
    returnsSeq: false,
  });
  expect(toPostgres('INSERT INTO journal (a) VALUES (?)')).toEqual({
    text: 'INSERT INTO journal (a) VALUES ($1) RETURNING seq',
    returnsSeq: true,
  });
});

test('the embedded service runs ECR, Auto Scaling and v2 operations on PostgreSQL; a second create is refused', async () => {
  const url = await server.createDatabase('ops');
  const s = service(url);
  const region = { region: 'us-east-1' };
  const created = await s.call('CreateRepository', { repositoryName: 'team/app' }, region);
  expect((created.repository as Record<string, unknown>).repositoryName).toBe('team/app');
  await expect(s.call('CreateRepository', { repositoryName: 'team/app' }, region)).rejects.toMatchObject({
    code: 'RepositoryAlreadyExistsException',
  });
  for (let i = 0; i < 5; i++)
    await s.call(
      'CreateLaunchConfiguration',
      { LaunchConfigurationName: `lc-${i}`, ImageId: 'ami-12345678', InstanceType: 't3.micro' },
      region,
    );
  const page = await s.call('DescribeLaunchConfigurations', { MaxRecords: 2 }, region);
  expect(
    (page.LaunchConfigurations as Array<{ LaunchConfigurationName: string }>).map((l) => l.LaunchConfigurationName),
  ).toEqual(['lc-0', 'lc-1']);
  const rest = await s.call('DescribeLaunchConfigurations', { MaxRecords: 10, NextToken: page.NextToken }, region);
  expect(
    (rest.LaunchConfigurations as Array<{ LaunchConfigurationName: string }>).map((l) => l.LaunchConfigurationName),
  ).toEqual(['lc-2', 'lc-3', 'lc-4']);
  const v2 = { region: 'us-east-1', apiKey: 'sk_test_pg' };
  const token = await s.call('CreateAccountToken', {}, v2);
  const account = await s.call('CreateAccount', { account_token: token.id }, v2);
  expect(account.object).toBe('v2.core.account');
  await expect(s.call('CreateAccount', { account_token: token.id }, v2)).rejects.toMatchObject({ status: 400 });
  s.close();
});

// What a statement costs in time is the benchmark's to say (npm run bench: serve's PostgreSQL rows), never a
// test's: a loaded machine would fail a bound. Here: each statement is one round trip, with its answer.
test('one statement over the synchronous RPC is one round trip to the worker thread, answered in order', async () => {
  const db = openPgStore({ url: await server.createDatabase('rpc') });
  const n = 2000;
  const before = db.queries;
  const t = performance.now();
  const answers = Array.from({ length: n }, (_, i) => db.query('SELECT $1::int AS n', [i]).rows[0]?.n);
  console.log(`pg driver: ${n} synchronous round trips, ${(((performance.now() - t) / n) * 1000).toFixed(0)} µs each`);
  expect({ roundTrips: db.queries - before, answers }).toEqual({
    roundTrips: n,
    answers: Array.from({ length: n }, (_, i) => i),
  });
  db.close();
});

test('two stores opened at once migrate once; a newer schema is refused (253) and left as it is', async () => {
  const url = await server.createDatabase('migrate');
  const [a, b] = [openPgStore({ url }), openPgStore({ url })];
  expect([a.pragma('user_version'), b.pragma('user_version')]).toEqual([PG_MIGRATIONS.length, PG_MIGRATIONS.length]);
  a.close();
  b.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('UPDATE svcctl_schema SET version = 99');
  expect(() => openPgStore({ url })).toThrow(
    `The store ${url} was written by a newer svcctl (schema version 99; this svcctl knows versions up to ${PG_MIGRATIONS.length}). Upgrade svcctl, or use another database.`,
  );
  expect((await client.query('SELECT version FROM svcctl_schema')).rows).toEqual([{ version: 99 }]);
  await client.end();
});

test('a connection lost inside a transaction fails the whole operation (503): nothing of it commits, no statement of it runs elsewhere', async () => {
  const url = await server.createDatabase('lost_tx');
  const db = openPgStore({ url });
  const killer = openPgStore({ url });
  try {
    db.exec('CREATE TABLE lost (name TEXT PRIMARY KEY)');
    const pid = Number(db.query('SELECT pg_backend_pid() AS pid').rows[0]!.pid);
    // The operation's second statement is a SELECT: alone, one that would be sent again on a new connection.
    const operation = db.transaction(() => {
      db.prepare("INSERT INTO lost (name) VALUES ('a')").run();
      killer.query('SELECT pg_terminate_backend($1)', [pid]);
      const n = db.prepare('SELECT count(*) AS n FROM lost').get();
      db.prepare("INSERT INTO lost (name) VALUES ('b')").run();
      return n;
    });
    expect(() => operation()).toThrow(
      /^The store \(PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:\d+\/lost_tx\) is unavailable: .+\. Retry the request\.$/,
    );
    expect(db.query('SELECT name FROM lost ORDER BY name').rows).toEqual([]);
    // The same operation on the new connection: whole.
    killer.exec('SELECT 1');
    expect(db.transaction(() => db.prepare("INSERT INTO lost (name) VALUES ('c')").run().changes)()).toBe(1);
    expect(db.query('SELECT name FROM lost ORDER BY name').rows).toEqual([{ name: 'c' }]);
  } finally {
    db.close();
    killer.close();
  }
});

test('a statement whose thread never answers: a COMMIT may have taken effect, never "retry"; a statement inside the transaction is known not done', async () => {
  const url = await server.createDatabase('no_answer');
  const setup = openPgStore({ url });
  setup.exec('CREATE TABLE t (name TEXT PRIMARY KEY)');
  setup.close();
  /** The answer when the driver's thread is gone just before `last` (as when it stalls past its time-out). */
  const lastAnswer = (last: (db: ReturnType<typeof openPgStore>) => void) => {
    const db = openPgStore({ url, queryTimeoutMs: 200 });
    try {
      const stop = () => void (db as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      db.transaction(() => {
        db.prepare("INSERT INTO t (name) VALUES ('a')").run();
        stop();
        last(db);
      })();
      return undefined;
    } catch (err) {
      return { outcome: (err as { outcome?: string }).outcome, message: (err as Error).message };
    } finally {
      db.close();
    }
  };
  expect(lastAnswer(() => {})).toEqual({
    outcome: 'unknown',
    message: expect.stringMatching(
      /^The store \(PostgreSQL at postgres:\/\/postgres@127\.0\.0\.1:\d+\/no_answer\) did not answer whether the request's COMMIT took effect \(no answer within 5\d\d\d ms \(not tried again for 2 s\)\); it may have\.$/,
    ),
  });
  expect(lastAnswer((db) => db.prepare("INSERT INTO t (name) VALUES ('b')").run())).toEqual({
    outcome: 'not-done',
    message: expect.stringMatching(
      /is unavailable: no answer within 5\d\d\d ms \(not tried again for 2 s\)\. Retry the request\.$/,
    ),
  });
}, 30_000);

test('the journal keeps the newest N rows however many one batch brings (one statement on PostgreSQL cannot trim what it inserts)', async () => {
  const db = openPgStore({ url: await server.createDatabase('journal_bound') });
  try {
    const record = (i: number) => ({
      timeMs: i,
      account: '000000000000',
      region: 'us-east-1',
      protocol: 'json11',
      operation: 'DescribeRepositories',
      input: { i },
      status: 200,
      latencyMs: 1,
    });
    recordEntries(
      db,
      Array.from({ length: 5 }, (_, i) => record(i)),
      2,
    );
    expect(listEntries(db).map((e) => e.Input)).toEqual([{ i: 3 }, { i: 4 }]);
    recordEntries(
      db,
      Array.from({ length: 70 }, (_, i) => record(100 + i)),
      40,
    );
    const kept = listEntries(db).map((e) => (e.Input as { i: number }).i);
    expect([kept.length, kept[0], kept.at(-1)]).toEqual([40, 130, 169]);
  } finally {
    db.close();
  }
});

test('strings with U+0000 (which PostgreSQL text cannot hold) are kept and looked up as on SQLite, not an error', async () => {
  const s = service(await server.createDatabase('nul'));
  const v2 = (idempotencyKey: string) => ({ region: 'us-east-1', apiKey: 'sk_test_nul', idempotencyKey });
  try {
    const nul = String.fromCharCode(0);
    const esc = String.fromCharCode(1);
    const first = await s.call('CreateAccountToken', {}, v2(`k${nul}`));
    expect(await s.call('CreateAccountToken', {}, v2(`k${nul}`))).toEqual(first);
    // What U+0000 is stored as, given as a key itself: another key, another object.
    const other = await s.call('CreateAccountToken', {}, v2(`k${esc}${String.fromCharCode(3)}`));
    expect(other.id).not.toBe(first.id);
    expect(await s.call('CreateAccountToken', {}, v2(`k${esc}${String.fromCharCode(3)}`))).toEqual(other);
    await expect(s.call('RetrieveAccountToken', { id: `accttok_${nul}` }, v2('g'))).rejects.toMatchObject({
      status: 404,
    });
  } finally {
    s.close();
  }
});
