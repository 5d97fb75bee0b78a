/**
 * Every resource of the store across accounts (the inspector page, `svcctl service resources`), and
 * reset: everything, one kind, one account, or one kind of one account (`POST /_svcctl/reset`,
 * `svcctl service reset`). Service settings are not resources: `svcctl service settings reset` resets them.
 */
import {
  ACCOUNT_UPDATE_LEASES,
  IDEMPOTENCY_KEYS,
  JOURNAL,
  RESET_KINDS,
  RESOURCE_KINDS,
  RESOURCES,
  type ResourceDescriptor,
  type ResourceKind,
} from '../../models/resource-kinds.js';
import type { Database } from './db.js';

export { RESET_KINDS, RESOURCE_KINDS, type ResourceKind };

/** Each kind's descriptor (models/resource-kinds.ts): its table, the column naming its account, what names a row. */
const KINDS: Record<string, ResourceDescriptor> = Object.fromEntries(RESOURCES.map((r) => [r.kind, r]));

/** Each reset kind's table and the column naming its account. */
const RESET_TABLES: Record<string, { table: string; owner: string }> = {
  ...KINDS,
  'idempotency-keys': { table: IDEMPOTENCY_KEYS.table, owner: 'owner' },
  journal: { table: JOURNAL.table, owner: 'account' },
};

export interface Resource {
  Kind: ResourceKind;
  Account: string;
  Region?: string;
  Name: string;
  Created: string;
}

export function listResources(db: Database): Resource[] {
  const out: Resource[] = [];
  for (const kind of RESOURCE_KINDS) {
    const k = KINDS[kind]!;
    const region = k.region ? `, ${k.region} AS region` : '';
    const rows = db
      .prepare(
        `SELECT ${k.owner} AS account, ${k.name} AS name, created_ms${region} FROM ${k.table} ORDER BY ${k.owner}, created_ms, ${k.name}`,
      )
      .all() as { account: string; name: string; created_ms: number; region?: string }[];
    for (const r of rows) {
      out.push({
        Kind: kind,
        Account: r.account,
        ...(r.region === undefined ? {} : { Region: r.region }),
        Name: r.name,
        Created: new Date(r.created_ms).toISOString(),
      });
    }
  }
  return out;
}

/** What reset removed, by kind (kinds it was not asked to touch are absent). */
export type ResetCounts = Record<string, number>;

/** Deletes, in one transaction, every row of the chosen kinds (default: all) of one account (default: all). */
export function resetStore(db: Database, opts: { kind?: string; account?: string } = {}): ResetCounts {
  const kinds = opts.kind === undefined ? RESET_KINDS : [opts.kind];
  const counts: ResetCounts = {};
  const where = (column: string) =>
    opts.account === undefined ? (['', []] as const) : ([` WHERE ${column} = ?`, [opts.account]] as const);
  db.transaction(() => {
    for (const kind of kinds) {
      const { table, owner } = RESET_TABLES[kind]!;
      const [clause, args] = where(owner);
      counts[kind] = db.prepare(`DELETE FROM ${table}${clause}`).run(...args).changes;
    }
    // Leases are in-flight bookkeeping of account updates: cleared with everything of every account.
    if (opts.kind === undefined && opts.account === undefined)
      db.prepare(`DELETE FROM ${ACCOUNT_UPDATE_LEASES.table}`).run();
  })();
  return counts;
}
