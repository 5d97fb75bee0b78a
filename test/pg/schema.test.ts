/**
 * The PostgreSQL counterparts of the SQLite-only files test/reliability/migrations.test.ts and
 * store-problems.test.ts (vitest.config.ts says which guarantee is covered where): a database written by a
 * newer svcctl is refused with 253 by the CLI and by serve, and nothing in it is written; a new database
 * opened by many svcctl processes at once is migrated once and every one of them works; and the migrated
 * schema is exactly the resource registry's tables and columns (src/models/resource-kinds.ts), as on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_MIGRATIONS } from '../../src/backends/embedded/store/pg-store.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';
import { createMeter, usage } from '../helpers/stripe-meters.js';
import { pgCatalog, schemaProblems } from '../helpers/store-schema.js';
import { cancelEvent } from '../helpers/stripe-v2.js';
import { BIN, runProgram } from '../peers/serve-process.js';

let server: Postgres;
let home: string;
beforeAll(async () => {
  server = await startPostgres();
  home = mkdtempSync(join(tmpdir(), 'svcctl-pg-schema-'));
});
afterAll(async () => {
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
});

const cli = (url: string, args: string[]) =>
  runProgram(process.execPath, [BIN, ...args], {
    PATH: process.env.PATH ?? '',
    SVCCTL_HOME: home,
    SVCCTL_STORE_URL: url,
    AWS_ACCESS_KEY_ID: 'x',
    AWS_SECRET_ACCESS_KEY: 'y',
    AWS_DEFAULT_REGION: 'us-east-1',
  });

/** Every row of every table of the database, as text: two dumps are equal when nothing was written. */
async function dump(url: string): Promise<string> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const tables = (await db.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows.map(
      (r) => r.tablename as string,
    );
    const parts = [];
    for (const t of tables)
      parts.push(
        `${t}: ${JSON.stringify((await db.query({ text: `SELECT * FROM "${t}" AS t ORDER BY t::text`, rowMode: 'array' })).rows)}`,
      );
    return parts.join('\n');
  } finally {
    await db.end();
  }
}

async function sql(url: string, text: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query(text);
  } finally {
    await db.end();
  }
}

describe('a database from a newer svcctl (migrations.test.ts on SQLite)', () => {
  const newer = PG_MIGRATIONS.length + 3;
  let url: string;
  beforeAll(async () => {
    url = await server.createDatabase('newer');
    expect((await cli(url, ['create-repository', '--repository-name', 'before/newer'])).code).toBe(0);
    await sql(url, `UPDATE svcctl_schema SET version = ${newer}`);
  });
  const message = () =>
    `\nsvcctl: [ERROR]: An error occurred (Configuration): The store ${url} was written by a newer svcctl (schema version ${newer}; ` +
    `this svcctl knows versions up to ${PG_MIGRATIONS.length}). Upgrade svcctl, or use another database.\n`;

  it.each([
    [['create-repository', '--repository-name', 'ab']],
    [['describe-repositories']],
    [['account-token', 'create']],
  ])('%j exits 253 and writes nothing', async (argv) => {
    const before = await dump(url);
    expect(before).toContain('before/newer');
    expect(await cli(url, argv)).toEqual({ code: 253, stdout: '', stderr: message() });
    expect(await dump(url)).toBe(before);
  });

  it('serve refuses to start (253) and writes nothing', async () => {
    const before = await dump(url);
    expect(await cli(url, ['serve', '--port', '0'])).toEqual({ code: 253, stdout: '', stderr: message() });
    expect(await dump(url)).toBe(before);
  });
});

describe('a new database opened by many processes at once (store-problems.test.ts on SQLite)', () => {
  it("every one works, and the schema is at this svcctl's version, in one row", async () => {
    const results: Array<{ code: number; stdout: string; stderr: string }> = [];
    for (let round = 0; round < 3; round++) {
      const url = await server.createDatabase(`new_${round}`);
      results.push(
        ...(await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            cli(url, [
              'create-repository',
              '--repository-name',
              `new/${i}`,
              '--query',
              'repository.repositoryName',
              '--output',
              'text',
            ]),
          ),
        )),
      );
      expect(await dump(url)).toMatch(new RegExp(`\\nsvcctl_schema: \\[\\[${PG_MIGRATIONS.length}\\]\\]$`));
    }
    expect(results.map((r) => [r.code, r.stderr])).toEqual(Array(18).fill([0, '']));
    expect(results.map((r) => r.stdout).sort()).toEqual([0, 1, 2, 3, 4, 5].flatMap((i) => Array(3).fill(`new/${i}\n`)));
  });
});

describe('the migrated schema is the resource registry (migrations.test.ts on SQLite)', () => {
  async function problems(url: string, before = ''): Promise<string[]> {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      if (before) await db.query(before);
      return schemaProblems(await pgCatalog(db), 'postgres');
    } finally {
      await db.end();
    }
  }

  it("a new database has every descriptor's table and columns, and no other table", async () => {
    const url = await server.createDatabase('registry');
    expect((await cli(url, ['describe-repositories'])).code).toBe(0);
    expect(await problems(url)).toEqual([]);
  });

  it('a table no descriptor names, a column missing, a column of another type: each named', async () => {
    const url = await server.createDatabase('registry_drift');
    expect((await cli(url, ['describe-repositories'])).code).toBe(0);
    const drift = `CREATE TABLE widgets (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
      ALTER TABLE journal DROP COLUMN warning;
      ALTER TABLE settings ADD COLUMN note TEXT;
      ALTER TABLE accounts ALTER COLUMN created_ms TYPE TEXT, ALTER COLUMN owner DROP NOT NULL, DROP CONSTRAINT accounts_token_id_key;`;
    expect(await problems(url, drift)).toEqual([
      'table widgets is in the store, but no descriptor names it',
      'accounts.owner may be NULL',
      'accounts.created_ms is text, not bigint or integer (int)',
      'accounts: unique columns (), not (token_id)',
      'settings.note is in the store, but not in its descriptor',
      'journal.warning is not in the store',
    ]);
  });
});

describe("meter_usage's cancels_ms (issue 43; migrations.test.ts on SQLite)", () => {
  it('a database of the version before, with a cancelled event: the migration copies the cancellation, and the summary still leaves the event out', async () => {
    const url = await server.createDatabase('usage_cancels');
    const minute = Math.floor(Date.now() / 60_000) * 60;
    const summary = [
      'meter',
      'event-summaries',
      '--id',
      '', // the meter's id, below
      '--customer',
      'cus_1',
      '--start-time',
      String(minute - 3600),
      '--end-time',
      String(minute + 3600),
      '--query',
      'data[].aggregated_value',
      '--output',
      'text',
    ];
    const meter = await cli(url, [...createMeter(), '--query', 'id', '--output', 'text']);
    expect(meter.code, meter.stderr).toBe(0);
    summary[3] = meter.stdout.trim();
    for (const argv of [usage('e1', 'cus_1', '5'), usage('e2', 'cus_1', '7'), cancelEvent('api_calls', 'e1')])
      expect(await cli(url, argv), argv.join(' ')).toMatchObject({ code: 0, stderr: '' });
    expect(await cli(url, summary)).toEqual({ code: 0, stderr: '', stdout: '7\n' });
    // The database as the version before this migration left it (found by its text, so that a renumbering
    // at a merge keeps this test's meaning).
    const v = PG_MIGRATIONS.findIndex((m) => m.includes('ALTER TABLE meter_usage ADD COLUMN cancels_ms'));
    expect(v).toBeGreaterThan(6);
    await sql(
      url,
      `ALTER TABLE meter_usage DROP COLUMN cancels_ms; DROP TABLE meter_error_reports;
       DROP TRIGGER meter_error_reports_of_meter ON meters; DROP TRIGGER meter_error_reports_of_event ON meter_events;
       DROP FUNCTION meter_error_reports_of_meter(); DROP FUNCTION meter_error_reports_of_event();
       UPDATE svcctl_schema SET version = ${v}`,
    );
    expect(await cli(url, summary)).toEqual({ code: 0, stderr: '', stdout: '7\n' });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const rows = await db.query('SELECT identifier, cancels_ms IS NOT NULL AS cancelled FROM meter_usage ORDER BY 1');
      expect(rows.rows).toEqual([
        { identifier: 'e1', cancelled: true },
        { identifier: 'e2', cancelled: false },
      ]);
      expect((await db.query('SELECT version FROM svcctl_schema')).rows).toEqual([{ version: PG_MIGRATIONS.length }]);
    } finally {
      await db.end();
    }
  });
});
