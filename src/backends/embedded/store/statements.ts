/** Prepared statements cached per database: preparing SQL costs more than running it on serve's hot path. */
import type { DbStatement as Statement } from './db.js';
import type { Database } from './db.js';

const caches = new WeakMap<Database, Map<string, Statement>>();

export function stmt(db: Database, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    cache.set(sql, s);
  }
  return s;
}

/** What one statement of a series did: the rows it returned, the rows it changed. */
export interface SeriesResult {
  changes: number;
  rows: Record<string, unknown>[];
}

/**
 * Statements of one transaction, one after another, each given the rows the one before it left (never its
 * answer): on PostgreSQL in one trip to the driver's thread (pg-store.ts series), on SQLite each in turn. A
 * statement that returns rows must say so (`rows: true`).
 */
export function series(
  db: Database,
  statements: ReadonlyArray<{ sql: string; params: unknown[]; rows?: true }>,
): SeriesResult[] {
  const driver = db as { series?: (s: typeof statements) => SeriesResult[] };
  if (driver.series) return driver.series(statements);
  return statements.map(({ sql, params, rows }) =>
    rows
      ? { changes: 0, rows: stmt(db, sql).all(...params) as Record<string, unknown>[] }
      : { changes: stmt(db, sql).run(...params).changes, rows: [] },
  );
}
