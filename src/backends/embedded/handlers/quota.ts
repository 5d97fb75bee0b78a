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
import { stmt } from '../store/statements.js';
import type { Database } from '../store/db.js';

/**
 * The isolation of a create that a quota counts: it reads nothing but the count row it has locked (and the
 * unique index its insert waits on), so READ COMMITTED gives it the same answers as SERIALIZABLE.
 */
export const QUOTA_CREATE_ISOLATION: Isolation = 'read committed';

/** One count: a primary-key lookup (test/scale/plans.test.ts holds its plan). */
export const COUNT_OF = 'SELECT n FROM resource_counts WHERE kind = ? AND owner = ? AND region = ?';

/** How many rows of `kind` the account has in the region ('' for a kind without regions), as of this transaction. */
export function countOf(db: Database, kind: ResourceKind, owner: string, region: string): number {
  const row = stmt(db, COUNT_OF).get(kind, owner, region) as { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/** Whether the account's rows of `kind` in the region are more than `quota` (undefined: no quota). */
export function overQuota(
  db: Database,
  kind: ResourceKind,
  owner: string,
  region: string,
  quota: number | undefined,
): boolean {
  return quota !== undefined && countOf(db, kind, owner, region) > quota;
}
