/**
 * Schema versions: a store written by an older svcctl (test/fixtures/store-v1.db, schema version 1, made
 * by test/fixtures/make-store-v1.mjs) opens in this one, migrates to the current version and keeps every
 * row; so does a store left at every intermediate version; a store from a newer svcctl, or a file that
 * is not a database, is refused with a configuration error (253) and left exactly as it was; and the
 * migrations that have shipped are never edited (append only); and the migrated schema, new or from
 * version 1, is exactly the resource registry's tables and columns (src/models/resource-kinds.ts).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/backends/embedded/store/sqlite-store.js';
import { storePath } from '../../src/backends/embedded/store/store-file.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { createMeter, HOUR_S, usage } from '../helpers/stripe-meters.js';
import { cancelEvent, sendEvent } from '../helpers/stripe-v2.js';
import { schemaProblems, sqliteCatalog } from '../helpers/store-schema.js';
import { dump, openRaw } from './helpers.js';

const RELIABILITY = fileURLToPath(new URL('../../docs/reliability.md', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../fixtures/store-v1.db', import.meta.url));
const V1_TABLES = ['account_tokens', 'launch_configurations', 'meter_event_adjustments', 'repositories', 'settings'];

/** sha256 of each migration as it shipped: editing one fails here. Pin a new migration once it ships. */
const SHIPPED = [
  '45d3995410c9e80f98e3cf3221841f851bb4849560bfb565f8fa47721a0d0e45',
  '65b97460d47cf5645b11b43816c579e364a4744c2b0b4f012bc8c0d1c6bf4676',
];

let sb: Sandbox;
let home: string;
beforeEach(() => {
  sb = sandbox();
  home = sb.env.SVCCTL_HOME!;
  mkdirSync(home, { recursive: true, mode: 0o700 });
});
afterEach(() => sb.cleanup());

/** The rows of the version-1 tables, in version-1 columns only. */
function v1Rows(file: string): Record<string, unknown[]> {
  const home = join(file, '..');
  const db = openRaw(home);
  try {
    const out: Record<string, unknown[]> = {};
    for (const t of V1_TABLES) {
      const cols =
        t === 'repositories'
          ? 'region, registry_id, name, created_ms, doc'
          : t === 'launch_configurations'
            ? 'region, name, created_ms, doc'
            : t === 'settings'
              ? 'name, value'
              : 'id, livemode, created_ms, doc';
      out[t] = db.prepare(`SELECT ${cols} FROM ${t} ORDER BY 1, 2`).raw().all();
    }
    return out;
  } finally {
    db.close();
  }
}

function version(home: string): number {
  const db = openRaw(home);
  try {
    return db.pragma('user_version', { simple: true }) as number;
  } finally {
    db.close();
  }
}

describe('a store from an older svcctl', () => {
  it('the fixture is a version-1 store with rows in every table', () => {
    copyFileSync(FIXTURE, storePath(home));
    expect(version(home)).toBe(1);
    const rows = v1Rows(storePath(home));
    expect(Object.fromEntries(Object.entries(rows).map(([t, r]) => [t, r.length]))).toEqual({
      account_tokens: 1,
      launch_configurations: 2,
      meter_event_adjustments: 1,
      repositories: 3,
      settings: 1,
    });
  });

  it('migrates to the current version on first use and keeps every row', async () => {
    copyFileSync(FIXTURE, storePath(home));
    const before = v1Rows(storePath(home));
    const repos = await sb.run([
      'describe-repositories',
      '--query',
      'repositories[].[repositoryName, createdAt]',
      '--output',
      'text',
    ]);
    expect(repos).toEqual({
      code: 0,
      stderr: '',
      stdout: 'team/app-v1\t2026-01-02T03:04:05.678000+00:00\ntools/builder\t2026-01-02T03:04:06.678000+00:00\n',
    });
    expect(version(home)).toBe(MIGRATIONS.length);
    expect(v1Rows(storePath(home))).toEqual(before);
    const lcs = await sb.run([
      'describe-launch-configurations',
      '--query',
      'LaunchConfigurations[].BlockDeviceMappings[].Ebs.VolumeSize',
      '--output',
      'text',
    ]);
    expect(lcs).toEqual({ code: 0, stderr: '', stdout: '20\n' });
    const token = await sb.run([
      'account-token',
      'get',
      '--id',
      'accttok_fixturev1000000000000001',
      '--query',
      '[id, used]',
      '--output',
      'text',
    ]);
    expect(token).toEqual({ code: 0, stderr: '', stdout: 'accttok_fixturev1000000000000001\tFalse\n' });
    // The later migrations' tables work: an Idempotency-Key (version 2) replays; meter events (version 8) are kept.
    expect((await sb.run(sendEvent('e', 'evt_2'))).code).toBe(0);
    const args = [...cancelEvent('e', 'evt_2'), '--idempotency-key', 'k1', '--query', 'id'];
    const first = await sb.run(args);
    expect(first.code).toBe(0);
    expect(await sb.run(args)).toEqual(first);
    const line = `store-v1.db (version 1, 8 rows) → version ${MIGRATIONS.length}, all 8 rows kept`;
    // docs/reliability.md quotes this line (issue 44, item 15: it still said version 3).
    expect(readFileSync(RELIABILITY, 'utf8')).toContain(`\`${line}\``);
    console.log(`migrations: ${line}`);
  });

  it('keeps the ids of an older svcctl: an adjustment stored as mtradj_… is found by that id; new ones are mtr_event_adj_…', async () => {
    copyFileSync(FIXTURE, storePath(home));
    const old = await sb.run([
      'meter-event-adjustment',
      'get',
      '--id',
      'mtradj_fixturev1000000000000001',
      '--query',
      '[id, event_name, status]',
      '--output',
      'text',
    ]);
    expect(old).toEqual({ code: 0, stderr: '', stdout: 'mtradj_fixturev1000000000000001\tapi_requests\tcomplete\n' });
    expect((await sb.run(sendEvent('e', 'evt_3'))).code).toBe(0);
    const created = await sb.run([...cancelEvent('e', 'evt_3'), '--query', 'id', '--output', 'text']);
    expect(created).toEqual({ code: 0, stderr: '', stdout: 'mtr_event_adj_test0001\n' });
  });

  it.each(Array.from({ length: MIGRATIONS.length - 1 }, (_, i) => i + 1))(
    'migrates a store left at version %i',
    async (v) => {
      copyFileSync(FIXTURE, storePath(home));
      const db = openRaw(home, false);
      for (let i = 1; i < v; i++) db.exec(MIGRATIONS[i]!);
      db.pragma(`user_version = ${v}`);
      db.close();
      const before = v1Rows(storePath(home));
      expect((await sb.run(['describe-repositories', '--query', 'length(repositories)'])).stdout).toBe('2\n');
      expect(version(home)).toBe(MIGRATIONS.length);
      expect(v1Rows(storePath(home))).toEqual(before);
    },
  );
});

describe("meter_usage's cancels_ms (issue 43): a usage row carries its event's cancellation", () => {
  it('a store of the version before, with a cancelled event: the migration copies the cancellation, and the summary still leaves the event out', async () => {
    const summary = [
      'meter',
      'event-summaries',
      '--id',
      'mtr_test0001',
      '--customer',
      'cus_1',
      '--start-time',
      String(HOUR_S),
      '--end-time',
      String(HOUR_S + 3600),
      '--query',
      'data[].aggregated_value',
      '--output',
      'text',
    ];
    for (const argv of [
      createMeter(),
      usage('e1', 'cus_1', '5'),
      usage('e2', 'cus_1', '7'),
      cancelEvent('api_calls', 'e1'),
    ])
      expect(await sb.run(argv), argv.join(' ')).toMatchObject({ code: 0, stderr: '' });
    expect(await sb.run(summary)).toEqual({ code: 0, stderr: '', stdout: '7\n' });
    // The store as the version before this migration left it: no cancels_ms on meter_usage (the event's own
    // row has it). Found by its text, so that a renumbering at a merge keeps this test's meaning.
    const v = MIGRATIONS.findIndex((m) => m.includes('ALTER TABLE meter_usage ADD COLUMN cancels_ms'));
    expect(v).toBeGreaterThan(10);
    const db = openRaw(home, false);
    db.exec(`ALTER TABLE meter_usage DROP COLUMN cancels_ms; DROP TABLE meter_error_reports;
      DROP TRIGGER meter_error_reports_of_meter; DROP TRIGGER meter_error_reports_of_event;`);
    db.pragma(`user_version = ${v}`);
    db.close();
    expect(await sb.run(summary)).toEqual({ code: 0, stderr: '', stdout: '7\n' });
    expect(version(home)).toBe(MIGRATIONS.length);
    const after = openRaw(home);
    try {
      expect(after.prepare('SELECT identifier, cancels_ms FROM meter_usage ORDER BY identifier').raw().all()).toEqual([
        ['e1', sb.clock.ms],
        ['e2', null],
      ]);
    } finally {
      after.close();
    }
  });
});

describe('the migrated schema is the resource registry (models/resource-kinds.ts)', () => {
  const problems = () => {
    const db = openRaw(home);
    try {
      return schemaProblems(sqliteCatalog(db), 'sqlite');
    } finally {
      db.close();
    }
  };

  it("a new store has every descriptor's table and columns, and no other table", async () => {
    // `service ready` makes and migrates the store (a read on a new home makes nothing: issue 34, item 4).
    expect((await sb.run(['service', 'ready'])).code).toBe(0);
    expect(problems()).toEqual([]);
  });

  it('so does a store migrated from version 1', async () => {
    copyFileSync(FIXTURE, storePath(home));
    expect((await sb.run(['describe-repositories'])).code).toBe(0);
    expect(version(home)).toBe(MIGRATIONS.length);
    expect(problems()).toEqual([]);
  });

  it('a table no descriptor names, a column missing, a column of another type: each named', async () => {
    expect((await sb.run(['service', 'ready'])).code).toBe(0);
    const db = openRaw(home, false);
    db.exec(`CREATE TABLE widgets (id TEXT PRIMARY KEY, doc TEXT NOT NULL) WITHOUT ROWID;
      ALTER TABLE journal DROP COLUMN warning;
      ALTER TABLE settings ADD COLUMN note TEXT;
      CREATE TABLE accounts_x (id TEXT PRIMARY KEY, livemode INTEGER NOT NULL, created_ms TEXT NOT NULL, token_id TEXT NOT NULL,
        doc TEXT NOT NULL, owner TEXT) WITHOUT ROWID;
      INSERT INTO accounts_x SELECT id, livemode, created_ms, token_id, doc, owner FROM accounts;
      DROP TABLE accounts; ALTER TABLE accounts_x RENAME TO accounts;`);
    db.close();
    expect(problems()).toEqual([
      'table widgets is in the store, but no descriptor names it',
      'accounts.owner may be NULL',
      'accounts.created_ms is TEXT, not INTEGER (int)',
      'accounts: unique columns (), not (token_id)',
      'settings.note is in the store, but not in its descriptor',
      'journal.warning is not in the store',
    ]);
  });
});

describe('a store svcctl cannot use', () => {
  const newer = MIGRATIONS.length + 3;

  function newerStore(): void {
    copyFileSync(FIXTURE, storePath(home));
    const db = openRaw(home, false);
    db.pragma(`user_version = ${newer}`);
    db.close();
  }

  const message = (file: string) =>
    `\nsvcctl: [ERROR]: An error occurred (Configuration): The store ${file} was written by a newer svcctl (schema version ${newer}; this svcctl knows versions up to ${MIGRATIONS.length}). ` +
    'Upgrade svcctl, or set SVCCTL_HOME to another directory.\n';

  it.each([['create-repository', '--repository-name', 'ab'], ['describe-repositories'], ['account-token', 'create']])(
    'a store from a newer svcctl: %s exits 253 and writes nothing',
    async (...argv) => {
      newerStore();
      const before = dump(home);
      expect(await sb.run(argv)).toEqual({ code: 253, stdout: '', stderr: message(storePath(home)) });
      expect(dump(home)).toBe(before);
    },
  );

  it('a store from a newer svcctl: serve refuses to start (253)', async () => {
    newerStore();
    const before = dump(home);
    expect(await sb.run(['serve', '--port', '0'])).toEqual({ code: 253, stdout: '', stderr: message(storePath(home)) });
    expect(dump(home)).toBe(before);
    const line = `user_version ${newer} > ${MIGRATIONS.length} → exit 253 for the CLI and serve, store unchanged`;
    expect(readFileSync(RELIABILITY, 'utf8')).toContain(`\`${line}\``); // as docs/reliability.md quotes it
    console.log(`newer store: ${line}`);
  });

  it('a file that is not a database: 253, and the file is left as it was', async () => {
    const junk = 'not a database, but a note someone left here\n'.repeat(200);
    writeFileSync(storePath(home), junk);
    expect(await sb.run(['describe-repositories'])).toEqual({
      code: 253,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): The store ${storePath(home)} is not a database svcctl can read (file is not a database). Move it away, or set SVCCTL_HOME to another directory.\n`,
    });
    expect(readFileSync(storePath(home), 'utf8')).toBe(junk);
  });
});

describe('migrations are append only', () => {
  it('every shipped migration is unchanged', () => {
    const digests = MIGRATIONS.slice(0, SHIPPED.length).map((m) => createHash('sha256').update(m).digest('hex'));
    expect(digests).toEqual(SHIPPED);
    expect(MIGRATIONS.length).toBeGreaterThanOrEqual(SHIPPED.length);
  });
});
