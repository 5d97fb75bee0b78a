/**
 * The service quotas (service settings `launch_configurations_per_region`, `repositories_per_region`): a create
 * inserts its row, then reads its scope's count, and one over the quota undoes the create. The count is a row
 * of resource_counts (models/resource-kinds.ts) that the insert's trigger has just raised in the same
 * transaction, so the check costs one primary-key lookup whatever the store holds, and no two creates can
 * both take the last place: on SQLite one transaction writes at a time (BEGIN IMMEDIATE); on PostgreSQL the
 * trigger's update locks the count row until COMMIT, and the next create of the scope waits for it and
 * counts on from there (the creates run at READ COMMITTED, `isolation` below: at SERIALIZABLE every create
 * that overlapped another of its scope would fail on that row and run again).
 */
import type { ResourceKind } from '../../../models/resource-kinds.js';
import type { Isolation } from '../store/db.js';
import { series, stmt } from '../store/statements.js';
import { storeKind } from '../store/db.js';
import type { Database } from '../store/db.js';
import { quotaFrom } from '../settings-store.js';

/**
 * The isolation of a create that a quota counts: it reads nothing but the count row it has locked (and the
 * unique index its insert waits on), so READ COMMITTED gives it the same answers as SERIALIZABLE.
 */
export const QUOTA_CREATE_ISOLATION: Isolation = 'read committed';

/**
 * One count and the quota's setting, in one statement (one round trip on PostgreSQL): two primary-key
 * lookups (test/scale/plans.test.ts holds its plan).
 */
export const COUNT_OF =
  'SELECT (SELECT n FROM resource_counts WHERE kind = ? AND owner = ? AND region = ?) AS n, (SELECT value FROM settings WHERE name = ?) AS quota';

/**
 * The quota of `kind` in force (the service setting `setting`; undefined: none) when the account's rows of it
 * in the region ('' for a kind without regions) are more than it, as of this transaction; else false.
 */
export function overQuota(
  db: Database,
  kind: ResourceKind,
  owner: string,
  region: string,
  setting: QuotaSetting,
): number | false {
  return judged(db, setting, stmt(db, COUNT_OF).get(kind, owner, region, setting) as CountRow | undefined);
}

type CountRow = { n: number | string | null; quota: string | null };

function judged(db: Database, setting: QuotaSetting, row: CountRow | undefined): number | false {
  const quota = quotaFrom(db, setting, row?.quota ?? undefined);
  return quota !== undefined && Number(row?.n ?? 0) > quota ? quota : false;
}

type QuotaSetting = 'repositories_per_region' | 'launch_configurations_per_region';

/**
 * A create's insert (`INSERT OR IGNORE`, so that a taken name changes nothing) and then its quota check: how
 * many rows it inserted, and the quota it went over (overQuota). On PostgreSQL the two statements go to the
 * driver's thread together (statements.ts series: one wake-up of this thread, not two); the count is still
 * its own statement, read after the insert's trigger has raised (and locked) the count row.
 */
export function insertCounted(
  db: Database,
  insert: { sql: string; params: unknown[] },
  kind: ResourceKind,
  owner: string,
  region: string,
  setting: QuotaSetting,
): { changes: number; over: number | false } {
  if (storeKind(db) !== 'postgres') {
    const changes = stmt(db, insert.sql).run(...insert.params).changes;
    return { changes, over: changes === 0 ? false : overQuota(db, kind, owner, region, setting) };
  }
  const [inserted, counted] = series(db, [
    insert,
    { sql: COUNT_OF, params: [kind, owner, region, setting], rows: true },
  ]);
  const changes = inserted!.changes;
  return { changes, over: changes === 0 ? false : judged(db, setting, counted!.rows[0] as CountRow | undefined) };
}
