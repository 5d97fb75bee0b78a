/**
 * Every resource of the store across accounts (the inspector page, `svcctl service resources`), and
 * reset: everything, one kind, one account, or one kind of one account (`POST /_svcctl/reset`,
 * `svcctl service reset`). Service settings are not resources: `svcctl service settings reset` resets them.
 */
import {
  ACCOUNT_UPDATE_LEASES,
  IDEMPOTENCY_KEYS,
  IMAGES,
  JOURNAL,
  REGISTRY_BLOBS,
  REGISTRY_UPLOADS,
  IMAGE_SCANS,
  IMAGE_TAGS,
  RESET_KINDS,
  RESOURCE_KINDS,
  RESOURCES,
  type ResourceDescriptor,
  type ResourceKind,
} from '../../models/resource-kinds.js';
import type { OperationName } from '../../models/registry.js';
import type { Database } from './store/db.js';
import { reclaim } from './store/registry-store.js';

export { RESET_KINDS, RESOURCE_KINDS, type ResourceKind };

/** Each kind's descriptor (models/resource-kinds.ts): its table, the column naming its account, what names a row. */
const KINDS: Record<string, ResourceDescriptor> = Object.fromEntries(RESOURCES.map((r) => [r.kind, r]));

/** Each reset kind's table and the column naming its account. */
const RESET_TABLES: Record<string, { table: string; owner: string }> = {
  ...KINDS,
  'idempotency-keys': { table: IDEMPOTENCY_KEYS.table, owner: 'owner' },
  journal: { table: JOURNAL.table, owner: 'account' },
  images: { table: IMAGES.table, owner: 'registry_id' },
};

/**
 * The v2 operations whose idempotent answer is an object of a kind (or changes one: a meter's update): a reset of
 * the kind deletes their idempotency keys too, so that a request sent again with a key used before runs again,
 * instead of replaying an object the reset removed (hostile pass 22c: after reset('account-tokens') a create with
 * the same key answered the deleted token, which a retrieve then said did not exist).
 */
const REPLAYS_OF: Partial<Record<ResourceKind, readonly OperationName[]>> = {
  'account-tokens': ['CreateAccountToken'],
  accounts: ['CreateAccount'],
  'meter-events': ['CreateMeterEvent'],
  'meter-event-sessions': ['CreateMeterEventSession'],
  'meter-event-adjustments': ['CreateMeterEventAdjustment'],
  meters: ['CreateMeter', 'UpdateMeter', 'DeactivateMeter', 'ReactivateMeter'],
};

/** Whether a reset of this kind takes idempotency keys along (its question says so). */
export function resetTakesKeys(kind: string): boolean {
  return REPLAYS_OF[kind as ResourceKind] !== undefined;
}

/** What else a reset of images empties: their tags, the blobs repositories hold and the uploads under way. */
const IMAGE_TABLES = [IMAGE_TAGS.table, REGISTRY_BLOBS.table, REGISTRY_UPLOADS.table, IMAGE_SCANS.table];

export interface Resource {
  Kind: ResourceKind;
  Account: string;
  Region?: string;
  Name: string;
  Created: string;
}

/** Every resource, or every resource of one kind, in listing order: kind, account, creation, name. */
export function listResources(db: Database, opts: { kind?: ResourceKind } = {}): Resource[] {
  const kinds = opts.kind === undefined ? RESOURCE_KINDS : [opts.kind];
  return kinds.flatMap((kind) => rowsOf(db, kind));
}

/** Each account's rows of one kind, from the counts the triggers keep (resource_counts): no resource row is read. */
export const KIND_COUNTS =
  'SELECT owner AS account, sum(n) AS n FROM resource_counts WHERE kind = ? GROUP BY owner HAVING sum(n) > 0 ORDER BY owner';

/**
 * Each kind that has rows: its count per account and its first `first` rows (the inspector page, which
 * shows so many per kind): two queries per kind, each at a cost that does not grow with the store (the
 * counts' rows per account and region; the first rows read from the kind's listing-order index).
 */
export function summarizeResources(db: Database, first: number): KindSummary[] {
  const out: KindSummary[] = [];
  for (const kind of RESOURCE_KINDS) {
    const counts = db.prepare(KIND_COUNTS).all(kind) as { account: string; n: number | string }[];
    if (counts.length === 0) continue;
    const accounts = Object.fromEntries(counts.map((c) => [c.account, Number(c.n)]));
    const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
    out.push({ Kind: kind, Count: total, Accounts: accounts, First: first > 0 ? rowsOf(db, kind, first) : [] });
  }
  return out;
}

/** One kind as the inspector page shows it: how many per account, and the first rows in listing order. */
export interface KindSummary {
  Kind: ResourceKind;
  Count: number;
  Accounts: Record<string, number>;
  First: Resource[];
}

/** A kind's rows in listing order (account, creation, name: the order of its `_listed` index, migration 10). */
export function listingQuery(kind: ResourceKind): string {
  const k = KINDS[kind]!;
  const region = k.region ? `, ${k.region} AS region` : '';
  return `SELECT ${k.owner} AS account, ${k.name} AS name, created_ms${region} FROM ${k.table} ORDER BY ${k.owner}, created_ms, ${k.name}`;
}

function rowsOf(db: Database, kind: ResourceKind, limit?: number): Resource[] {
  const sql = listingQuery(kind);
  const rows = (limit === undefined ? db.prepare(sql).all() : db.prepare(`${sql} LIMIT ?`).all(limit)) as {
    account: string;
    name: string;
    created_ms: number | string;
    region?: string;
  }[];
  return rows.map((r) => ({
    Kind: kind,
    Account: r.account,
    ...(r.region === undefined ? {} : { Region: r.region }),
    Name: r.name,
    Created: new Date(Number(r.created_ms)).toISOString(),
  }));
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
      if (kind === 'images') for (const t of IMAGE_TABLES) db.prepare(`DELETE FROM ${t}${clause}`).run(...args);
      const replays = opts.kind === undefined ? undefined : REPLAYS_OF[kind as ResourceKind];
      if (replays) {
        const [owned, ownerArgs] = where('owner');
        const marks = replays.map(() => '?').join(', ');
        db.prepare(
          `DELETE FROM ${IDEMPOTENCY_KEYS.table}${owned}${owned ? ' AND' : ' WHERE'} operation IN (${marks})`,
        ).run(...ownerArgs, ...replays);
      }
    }
    // The bytes nothing holds any more: the images' and those of repositories a reset removed.
    if (kinds.includes('images') || kinds.includes('repositories')) reclaim(db, Date.now());
    // Leases are in-flight bookkeeping of account updates: cleared with the accounts' objects, so that an update
    // still holding one (account_update_hold_ms) finds it gone and does nothing (leases.ts underLease).
    if (kinds.includes('account-tokens') || kinds.includes('accounts')) {
      const [clause, args] = where('account_id');
      db.prepare(`DELETE FROM ${ACCOUNT_UPDATE_LEASES.table}${clause}`).run(...args);
    }
  })();
  return counts;
}
