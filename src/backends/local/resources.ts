/**
 * Every resource of the store across accounts (the inspector page, `svcctl service resources`), and
 * reset: everything, one kind, one account, or one kind of one account (`POST /_svcctl/reset`,
 * `svcctl service reset`). Service settings are not resources: `svcctl service settings reset` resets them.
 */
import { RESET_KINDS, RESOURCE_KINDS, type ResourceKind } from '../../models/resource-kinds.js';
import type { Database } from './db.js';

export { RESET_KINDS, RESOURCE_KINDS, type ResourceKind };

/** A kind's table, the column naming its account, and what identifies one row to a person. */
interface Kind {
  table: string;
  owner: string;
  name: string;
  region?: string;
}

const KINDS = {
  repositories: { table: 'repositories', owner: 'registry_id', name: 'name', region: 'region' },
  'launch-configurations': { table: 'launch_configurations', owner: 'owner', name: 'name', region: 'region' },
  'account-tokens': { table: 'account_tokens', owner: 'owner', name: 'id' },
  accounts: { table: 'accounts', owner: 'owner', name: 'id' },
  'meter-event-adjustments': { table: 'meter_event_adjustments', owner: 'owner', name: 'id' },
} as const satisfies Record<ResourceKind, Kind>;

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
    const k: Kind = KINDS[kind];
    const region = k.region ? `, ${k.region} AS region` : '';
    const rows = db
      .prepare(`SELECT ${k.owner} AS account, ${k.name} AS name, created_ms${region} FROM ${k.table} ORDER BY ${k.owner}, created_ms, ${k.name}`)
      .all() as { account: string; name: string; created_ms: number; region?: string }[];
    for (const r of rows) {
      out.push({ Kind: kind, Account: r.account, ...(r.region === undefined ? {} : { Region: r.region }), Name: r.name, Created: new Date(r.created_ms).toISOString() });
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
  const where = (column: string) => (opts.account === undefined ? ['', []] as const : [` WHERE ${column} = ?`, [opts.account]] as const);
  db.transaction(() => {
    for (const kind of kinds) {
      const [table, column] =
        kind === 'journal' ? ['journal', 'account'] : kind === 'idempotency-keys' ? ['idempotency_keys', 'owner'] : [KINDS[kind as ResourceKind].table, KINDS[kind as ResourceKind].owner];
      const [clause, args] = where(column);
      counts[kind] = db.prepare(`DELETE FROM ${table}${clause}`).run(...args).changes;
    }
    // Leases are in-flight bookkeeping of account updates: cleared with everything of every account.
    if (opts.kind === undefined && opts.account === undefined) db.prepare('DELETE FROM account_update_leases').run();
  })();
  return counts;
}
