/**
 * The embedded service's state: one SQLite file in $SVCCTL_HOME (WAL, busy timeout, one transaction per
 * operation), created on first use, with versioned migrations (PRAGMA user_version).
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';

export type Database = BetterSqlite3.Database;

/** Each entry moves the schema from version i to i+1. Never edit one that has shipped: append. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE repositories (
     region TEXT NOT NULL, registry_id TEXT NOT NULL, name TEXT NOT NULL,
     created_ms INTEGER NOT NULL, doc TEXT NOT NULL,
     PRIMARY KEY (region, registry_id, name)) WITHOUT ROWID;
   CREATE TABLE launch_configurations (
     region TEXT NOT NULL, name TEXT NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL,
     PRIMARY KEY (region, name)) WITHOUT ROWID;
   CREATE TABLE account_tokens (
     id TEXT PRIMARY KEY, livemode INTEGER NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE meter_event_adjustments (
     id TEXT PRIMARY KEY, livemode INTEGER NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`,
  // v2 Idempotency-Key records (see idempotency.ts): one per mode and key, kept 24 hours.
  `CREATE TABLE idempotency_keys (
     livemode INTEGER NOT NULL, key TEXT NOT NULL, operation TEXT NOT NULL, fingerprint TEXT NOT NULL,
     created_ms INTEGER NOT NULL, response TEXT NOT NULL,
     PRIMARY KEY (livemode, key)) WITHOUT ROWID;
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_ms);`,
];

export function openStore(home: string): Database {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const require = createRequire(import.meta.url);
  const Sqlite = require('better-sqlite3') as typeof BetterSqlite3;
  const file = join(home, 'state.db');
  const db = new Sqlite(file, { timeout: 10_000 });
  try {
    chmodSync(file, 0o600);
  } catch {
    // best effort: the directory is already private
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 10000');
  migrate(db);
  return db;
}

export function migrate(db: Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version >= MIGRATIONS.length) return;
  db.transaction(() => {
    // Re-read inside the write lock: another process may have migrated meanwhile.
    const current = db.pragma('user_version', { simple: true }) as number;
    for (let v = current; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v]!);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
