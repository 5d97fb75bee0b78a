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
