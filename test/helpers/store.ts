/**
 * Which store the tests run on. In the `sqlite` project of vitest.config.ts, the SQLite file in each
 * test's $SVCCTL_HOME. In the `postgres` project (SVCCTL_TEST_ON_POSTGRES=1), a PostgreSQL database of
 * the test file's own (created by test/setup/postgres-database.ts, its URL in SVCCTL_TEST_STORE_URL),
 * which every svcctl the test starts uses through SVCCTL_STORE_URL: in-process sandboxes
 * (test/helpers/cli.ts), `svcctl serve` (test/peers/serve-process.ts) and the reliability tests' child
 * processes (test/reliability/helpers.ts). What a test reads of the store directly goes through
 * `openTestStore` (the store interface, either driver) or the PostgreSQL helpers below.
 */
import type { Database } from '../../src/backends/embedded/store/db.js';
import { PgDatabase, openPgStore } from '../../src/backends/embedded/store/pg-store.js';
import { MIGRATIONS, openStore } from '../../src/backends/embedded/store/sqlite-store.js';
import { PG_MIGRATIONS } from '../../src/backends/embedded/store/pg-store.js';

/** True in the `postgres` project. */
export const ON_POSTGRES = process.env.SVCCTL_TEST_ON_POSTGRES === '1';

/** The PostgreSQL database of this test file (postgres project only). */
export function testStoreUrl(): string {
  const url = process.env.SVCCTL_TEST_STORE_URL;
  if (!ON_POSTGRES || !url)
    throw new Error('testStoreUrl() is for the postgres project, whose setup file creates the database');
  return url;
}

/** What a svcctl process needs in its environment to use this project's store: SVCCTL_STORE_URL, or nothing. */
export function storeEnv(): Record<string, string> {
  return ON_POSTGRES ? { SVCCTL_STORE_URL: testStoreUrl() } : {};
}

/**
 * The store as a new $SVCCTL_HOME has it, empty, for a test that starts on a new home: on PostgreSQL,
 * every table but the schema version is emptied (its identities restarted, so the journal counts from 1
 * again as in a new SQLite file). Returns storeEnv().
 */
export function freshStore(): Record<string, string> {
  if (!ON_POSTGRES) return {};
  const db = openPgStore({ url: testStoreUrl() });
  try {
    const tables = db
      .query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'svcctl_schema' ORDER BY 1")
      .rows.map((r) => r.tablename as string);
    db.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY`);
  } finally {
    db.close();
  }
  return storeEnv();
}

/**
 * The store of `home` in this project (on PostgreSQL the file's database, or the one `url` names), opened
 * and migrated as svcctl opens it: for tests that read or seed it.
 */
export function openTestStore(home: string, url?: string): Database {
  return ON_POSTGRES ? openPgStore({ url: url ?? testStoreUrl() }) : openStore(home);
}

/** The schema version this svcctl writes, on this project's driver. */
export const SCHEMA_VERSION = ON_POSTGRES ? PG_MIGRATIONS.length : MIGRATIONS.length;

/** One connection to this file's database (or the one `url` names), neither creating nor migrating anything. */
export function rawPg(url?: string): PgDatabase {
  return new PgDatabase({ url: url ?? testStoreUrl() });
}

/** Sets the schema version the PostgreSQL store records (what a newer svcctl would have left). */
export function setPgSchemaVersion(version: number): void {
  const db = rawPg();
  try {
    db.query('UPDATE svcctl_schema SET version = $1', [version]);
  } finally {
    db.close();
  }
}

/**
 * For a test that uses a second, separate store beside the file's one (a second server on another
 * $SVCCTL_HOME): on PostgreSQL a new empty database named after the file's and `name`; returns the
 * environment that selects it (nothing on SQLite, where the other home is the other store).
 */
export function separateStore(name: string): Record<string, string> {
  if (!ON_POSTGRES) return {};
  const url = new URL(testStoreUrl());
  const database = `${url.pathname.slice(1)}_${name}`;
  const db = rawPg();
  try {
    db.query(`CREATE DATABASE "${database}"`);
  } finally {
    db.close();
  }
  url.pathname = `/${database}`;
  return { SVCCTL_STORE_URL: url.href };
}
