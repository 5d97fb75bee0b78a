/**
 * The service quotas (service settings `launch_configurations_per_region`, `repositories_per_region`): a create
 * inserts its row, then counts the rows of its scope, and one over the quota undoes the create (the handler
 * runs in one transaction: BEGIN IMMEDIATE on SQLite, SERIALIZABLE on PostgreSQL, so concurrent creates
 * cannot both take the last place). The count stops one past the quota, so it reads at most that many
 * index entries of the scope, whatever the store holds.
 */
import { stmt } from '../store/statements.js';
import type { Database } from '../store/db.js';

/**
 * Whether the rows of `table` matching `where` (with `args`) are more than `quota` (undefined: no quota).
 * `table` and `where` are the handler's own SQL, never input.
 */
export function overQuota(
  db: Database,
  table: string,
  where: string,
  args: readonly unknown[],
  quota: number | undefined,
): boolean {
  if (quota === undefined) return false;
  const row = stmt(db, `SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${where} LIMIT ?) AS scope`).get(
    ...args,
    quota + 1,
  ) as { n: number | string };
  return Number(row.n) > quota;
}
