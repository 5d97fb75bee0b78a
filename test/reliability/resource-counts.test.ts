/**
 * The per-scope counts behind the quotas and the inspector (resource_counts, models/resource-kinds.ts; issue
 * 42): every resource table's inserts and deletes move them, in the same transaction, whoever writes (a
 * create, a delete, an over-quota create that rolls back, `service reset` of everything, one kind or one
 * account, `store import` with and without --replace, a process killed inside its write, a migration of a
 * store that already holds rows); and the quotas stay exact under creates raced over three serve instances
 * on one store. After each step the counts must equal the rows counted afresh (GROUP BY), and the user sees
 * the quota hold exactly. Runs on SQLite and, in the `postgres` project, on PostgreSQL.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/backends/embedded/store/db.js';
import { PG_MIGRATIONS } from '../../src/backends/embedded/store/pg-store.js';
import { storePath } from '../../src/backends/embedded/store/store-file.js';
import { RESOURCES } from '../../src/models/resource-kinds.js';
import { type Sandbox, sandbox } from '../helpers/cli.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { ON_POSTGRES, openTestStore, rawPg, separateStore } from '../helpers/store.js';
import { cancelEvent, sendEvent } from '../helpers/stripe-v2.js';
import { startServe, type ServeProcess } from '../peers/serve-process.js';
import { ecr, killAll, svcctl } from './helpers.js';

/** Each scope's count as stored, `kind owner region` → n, zero counts left out. */
function stored(db: Database): Record<string, number> {
  const rows = db.prepare('SELECT kind, owner, region, n FROM resource_counts WHERE n <> 0').all() as Array<{
    kind: string;
    owner: string;
    region: string;
    n: number | string;
  }>;
  return Object.fromEntries(
    rows.map((r) => [`${r.kind} ${r.owner} ${r.region}`, Number(r.n)] as const).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
}

/** Each scope's rows counted afresh from every resource table, in the same form. */
function recounted(db: Database): Record<string, number> {
  const out: Array<[string, number]> = [];
  for (const r of RESOURCES) {
    const region = 'region' in r ? r.region : "''";
    const rows = db
      .prepare(`SELECT ${r.owner} AS owner, ${region} AS region, count(*) AS n FROM ${r.table} GROUP BY 1, 2`)
      .all() as Array<{ owner: string; region: string; n: number | string }>;
    for (const row of rows) out.push([`${r.kind} ${row.owner} ${row.region}`, Number(row.n)]);
  }
  return Object.fromEntries(out.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The counts as stored, after checking that they equal the rows counted afresh. */
function counts(home: string, url?: string): Record<string, number> {
  const db = openTestStore(home, url);
  try {
    const kept = stored(db);
    expect(kept).toEqual(recounted(db));
    return kept;
  } finally {
    db.close();
  }
}

const ok = (stdout = '') => ({ code: 0, stdout, stderr: '' });
const repo = (name: string, ...more: string[]) => ['create-repository', '--repository-name', name, ...more];
const repoLimit = (n: number, registry = '000000000000', region = 'us-east-1') =>
  `\nsvcctl: [ERROR]: An error occurred (LimitExceededException) when calling the CreateRepository operation: The repository limit of ${n} per region has been reached in the registry with id '${registry}' in ${region} (service setting repositories_per_region).\n`;
const lcLimit = (n: number) =>
  `\nsvcctl: [ERROR]: An error occurred (LimitExceeded) when calling the CreateLaunchConfiguration operation: Launch configuration limit exceeded: the account already has ${n} launch configurations in us-east-1, its quota (service setting launch_configurations_per_region).\n`;
const STRIPE = { env: { SVCCTL_API_KEY: 'sk_test_counts' } };

describe('every resource table is counted', () => {
  let sb: Sandbox;
  beforeEach(() => (sb = sandbox()));
  afterEach(() => sb.cleanup());

  // Derived from RESOURCES: a new kind fails here until its migration gives it the two triggers.
  it.each(RESOURCES.map((r) => r.kind))('%s: a row inserted counts one, deleted counts none', (kind) => {
    const r = RESOURCES.find((d) => d.kind === kind)!;
    const value = (column: string, k: string) =>
      column === r.owner
        ? 'acct-1'
        : 'region' in r && column === r.region
          ? 'r-1'
          : k === 'int'
            ? 1
            : k === 'flag'
              ? 0
              : k === 'real'
                ? 0
                : k === 'json'
                  ? '{}'
                  : `v-${column}`;
    const db = openTestStore(sb.env.SVCCTL_HOME!);
    try {
      const columns = r.columns.map(([c]) => c);
      db.prepare(`INSERT INTO ${r.table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
        ...r.columns.map(([c, k]) => value(c, k)),
      );
      const scope = `${kind} acct-1 ${'region' in r ? 'r-1' : ''}`;
      expect(stored(db)).toEqual({ [scope]: 1 });
      db.prepare(`DELETE FROM ${r.table} WHERE ${r.owner} = ?`).run('acct-1');
      expect(stored(db)).toEqual({});
    } finally {
      db.close();
    }
  });
});

describe('the counts follow every write, and the quotas with them', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());

  it('creates, deletes, an over-quota create, resets of one account, one kind and everything, store import', async () => {
    const home = sb.env.SVCCTL_HOME!;
    for (const name of ['team/a', 'team/b']) expect(await sb.run(repo(name))).toEqual(ok(expect.any(String) as never));
    expect((await sb.run(repo('team/a', '--region', 'eu-west-1'))).code).toBe(0);
    expect((await sb.run(repo('team/a', '--registry-id', '111111111111'))).code).toBe(0);
    for (const name of ['web', 'worker']) expect(await sb.run(createLaunchConfiguration(name))).toEqual(ok());
    expect((await sb.run(['account-token', 'create'], STRIPE)).code).toBe(0);
    // An adjustment cancels an event received before it (meter events, issue 43).
    expect((await sb.run(sendEvent('api_calls', 'evt_1'), STRIPE)).code).toBe(0);
    expect((await sb.run(cancelEvent('api_calls', 'evt_1'), STRIPE)).code).toBe(0);
    expect(counts(home)).toEqual({
      'account-tokens 000000000000 ': 1,
      'launch-configurations 000000000000 us-east-1': 2,
      'meter-event-adjustments 000000000000 ': 1,
      'meter-events 000000000000 ': 1,
      'repositories 000000000000 eu-west-1': 1,
      'repositories 000000000000 us-east-1': 2,
      'repositories 111111111111 us-east-1': 1,
    });

    // At the quota: the third create is refused and rolled back, its count with it; a delete makes room.
    expect(await sb.run(['service', 'settings', 'set', 'repositories_per_region', '2'])).toEqual(ok());
    expect(await sb.run(repo('team/c'))).toEqual({ code: 254, stdout: '', stderr: repoLimit(2) });
    expect(counts(home)['repositories 000000000000 us-east-1']).toBe(2);
    expect((await sb.run(['delete-repository', '--repository-name', 'team/b'])).code).toBe(0);
    expect(counts(home)['repositories 000000000000 us-east-1']).toBe(1);
    expect((await sb.run(repo('team/c'))).code).toBe(0);
    expect(await sb.run(repo('team/d'))).toEqual({ code: 254, stdout: '', stderr: repoLimit(2) });

    expect(await sb.run(['service', 'settings', 'set', 'launch_configurations_per_region', '2'])).toEqual(ok());
    expect(await sb.run(createLaunchConfiguration('batch'))).toEqual({ code: 254, stdout: '', stderr: lcLimit(2) });
    expect(await sb.run(['delete-launch-configuration', '--launch-configuration-name', 'web'])).toEqual(ok());
    expect(await sb.run(createLaunchConfiguration('batch'))).toEqual(ok());

    const snapshot = join(sb.cwd, 'snapshot.json');
    expect((await sb.run(['store', 'export', '--file', snapshot])).code).toBe(0);
    const exported = counts(home);

    // One account of one kind, then one kind, then everything.
    expect(
      (await sb.run(['service', 'reset', '--kind', 'repositories', '--account', '111111111111', '--yes'])).code,
    ).toBe(0);
    expect(counts(home)).toEqual({ ...exported, 'repositories 111111111111 us-east-1': undefined });
    expect((await sb.run(['service', 'reset', '--kind', 'launch-configurations', '--yes'])).code).toBe(0);
    expect(await sb.run(createLaunchConfiguration('web'))).toEqual(ok());
    expect(await sb.run(createLaunchConfiguration('worker'))).toEqual(ok());
    expect(await sb.run(createLaunchConfiguration('batch'))).toEqual({ code: 254, stdout: '', stderr: lcLimit(2) });
    expect((await sb.run(['service', 'reset', '--yes'])).code).toBe(0);
    expect(counts(home)).toEqual({});
    for (const name of ['x/1', 'x/2']) expect((await sb.run(repo(name))).code).toBe(0);
    expect(await sb.run(repo('x/3'))).toEqual({ code: 254, stdout: '', stderr: repoLimit(2) });

    // --replace: the store's rows go, the snapshot's come, and so do their counts.
    expect((await sb.run(['store', 'import', '--file', snapshot, '--replace'])).code).toBe(0);
    expect(counts(home)).toEqual(exported);
    expect(await sb.run(repo('x/3'))).toEqual({ code: 254, stdout: '', stderr: repoLimit(2) });
    // Into an empty store, without --replace.
    expect((await sb.run(['service', 'reset', '--yes'])).code).toBe(0);
    expect((await sb.run(['store', 'import', '--file', snapshot])).code).toBe(0);
    expect(counts(home)).toEqual(exported);
    expect(await sb.run(['service', 'settings', 'set', 'repositories_per_region', '3'])).toEqual(ok());
    expect((await sb.run(repo('x/3'))).code).toBe(0);
    expect(await sb.run(repo('x/4'))).toEqual({ code: 254, stdout: '', stderr: repoLimit(3) });
  });
});

describe('a create killed inside its transaction counts nothing', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svcctl-counts-'));
  });
  afterEach(() => {
    killAll();
    rmSync(dir, { recursive: true, force: true });
  });

  it('SIGKILL between the insert and its COMMIT: no row, no count; the next create counts one', async () => {
    const sb = sandbox();
    try {
      const home = sb.env.SVCCTL_HOME!;
      expect((await sb.run(repo('kept/a'))).code).toBe(0);
      const pauses = join(dir, 'pauses');
      mkdirSync(pauses);
      const env = { SVCCTL_HOME: home, SVCCTL_TEST_TX_PAUSE: pauses, AWS_DEFAULT_REGION: 'us-east-1' };
      const p = svcctl(repo('lost/b'), env);
      // Its one transaction announces itself, insert done and count raised, not committed.
      for (let i = 0; i < 600 && readdirSync(pauses).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(readdirSync(pauses)).toHaveLength(1);
      p.child.kill('SIGKILL');
      expect((await p.done).signal).toBe('SIGKILL');
      expect(counts(home)).toEqual({ 'repositories 000000000000 us-east-1': 1 });
      expect((await sb.run(repo('kept/c'))).code).toBe(0);
      expect(counts(home)).toEqual({ 'repositories 000000000000 us-east-1': 2 });
    } finally {
      sb.cleanup();
    }
  });
});

describe('a store that holds rows gets its counts when it migrates', () => {
  // SQLite: test/fixtures/store-v1.db, a store of version 1. PostgreSQL: a database left at the version just
  // before the counts' migration, holding rows of every region-less kind and of two scopes of each other.
  const before = PG_MIGRATIONS.findIndex((m) => m.includes('CREATE TABLE resource_counts'));
  it(ON_POSTGRES ? `a database at schema version ${before}` : 'test/fixtures/store-v1.db', async () => {
    const sb = sandbox(ON_POSTGRES ? separateStore('v2') : {});
    try {
      const home = sb.env.SVCCTL_HOME!;
      let expected: Record<string, number>;
      if (ON_POSTGRES) {
        const db = rawPg(sb.env.SVCCTL_STORE_URL);
        try {
          db.query('CREATE TABLE svcctl_schema (version INTEGER NOT NULL)');
          for (const m of PG_MIGRATIONS.slice(0, before)) db.query(m);
          db.query(`INSERT INTO svcctl_schema (version) VALUES (${before})`);
          db.query(`INSERT INTO repositories (region, registry_id, name, created_ms, doc) VALUES
            ('us-east-1', '000000000000', 'a', 1, '{}'), ('us-east-1', '000000000000', 'b', 1, '{}'),
            ('eu-west-3', '123456789012', 'a', 1, '{}')`);
          db.query(`INSERT INTO launch_configurations (owner, region, name, created_ms, doc) VALUES
            ('000000000000', 'us-east-1', 'web', 1, '{}'), ('000000000000', 'us-east-1', 'worker', 1, '{}')`);
          db.query(`INSERT INTO account_tokens (id, livemode, created_ms, doc) VALUES ('t1', 0, 1, '{}')`);
          db.query(
            `INSERT INTO meter_event_adjustments (id, livemode, created_ms, doc, owner) VALUES ('m1', 0, 1, '{}', '111111111111')`,
          );
          db.query(`INSERT INTO meter_events (owner, livemode, identifier, created_ms, event_name, timestamp_ms, doc) VALUES
            ('111111111111', 0, 'e1', 1, 'api_calls', 1, '{}'), ('111111111111', 0, 'e2', 1, 'api_calls', 1, '{}')`);
          db.query(`INSERT INTO meter_event_sessions (id, owner, livemode, token, created_ms, expires_ms, doc) VALUES
            ('s1', '000000000000', 0, 'tok1', 1, 2, '{}')`);
        } finally {
          db.close();
        }
        expected = {
          'account-tokens 000000000000 ': 1,
          'launch-configurations 000000000000 us-east-1': 2,
          'meter-event-adjustments 111111111111 ': 1,
          'meter-event-sessions 000000000000 ': 1,
          'meter-events 111111111111 ': 2,
          'repositories 000000000000 us-east-1': 2,
          'repositories 123456789012 eu-west-3': 1,
        };
      } else {
        mkdirSync(home, { recursive: true, mode: 0o700 });
        copyFileSync(fileURLToPath(new URL('../fixtures/store-v1.db', import.meta.url)), storePath(home));
        expected = {
          'account-tokens 000000000000 ': 1,
          'launch-configurations 000000000000 us-east-1': 2,
          'meter-event-adjustments 000000000000 ': 1,
          'repositories 000000000000 us-east-1': 2,
          'repositories 123456789012 eu-west-3': 1,
        };
      }
      // The CLI's first command migrates the store.
      expect(await sb.run(['describe-repositories', '--query', 'length(repositories)'])).toEqual(ok('2\n'));
      expect(counts(home, sb.env.SVCCTL_STORE_URL)).toEqual(expected);
    } finally {
      sb.cleanup();
    }
  });
});

describe('creates raced over three serve instances on one store: the quota holds exactly', { timeout: 180_000 }, () => {
  const instances: ServeProcess[] = [];
  let sb: Sandbox;
  afterAll(async () => {
    await Promise.all(instances.map((s) => s.stop('SIGKILL')));
    sb?.cleanup();
  });

  it('60 CreateRepository and 60 CreateLaunchConfiguration at once, quota 7: 7 of each made, 53 refused', async () => {
    sb = sandbox();
    const home = sb.env.SVCCTL_HOME!;
    expect(await sb.run(['service', 'settings', 'set', 'repositories_per_region', '7'])).toEqual(ok());
    expect(await sb.run(['service', 'settings', 'set', 'launch_configurations_per_region', '7'])).toEqual(ok());
    instances.push(...(await Promise.all([0, 1, 2].map(() => startServe([], { SVCCTL_HOME: home })))));
    const createLc = (url: string, i: number) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `Action=CreateLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=race-${i}&ImageId=ami-1&InstanceType=t3.micro`,
      }).then(async (r) => ({ status: r.status, body: await r.text() }));
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => [
        ecr(instances[i % 3]!.url, 'CreateRepository', { repositoryName: `race/${i}` }),
        createLc(instances[(i + 1) % 3]!.url, i),
      ]).flat(),
    );
    const repos = answers.filter((_, i) => i % 2 === 0);
    const lcs = answers.filter((_, i) => i % 2 === 1);
    const tally = (xs: typeof answers) => ({
      made: xs.filter((a) => a.status === 200).length,
      refused: xs.filter((a) => a.status === 400 && /LimitExceeded/.test(a.body)).length,
    });
    expect({ repositories: tally(repos), launchConfigurations: tally(lcs) }).toEqual({
      repositories: { made: 7, refused: 53 },
      launchConfigurations: { made: 7, refused: 53 },
    });
    expect(counts(home)).toEqual({
      'launch-configurations 000000000000 us-east-1': 7,
      'repositories 000000000000 us-east-1': 7,
    });
    expect(await sb.run(['describe-repositories', '--query', 'length(repositories)'])).toEqual(ok('7\n'));
  });
});
