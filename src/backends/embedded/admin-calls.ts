/**
 * What serve's own endpoints (server/admin.ts) ask of the store, as data: readiness, the journal, the
 * resources, a reset. On SQLite they run where they are asked; on PostgreSQL serve runs them in a pool
 * thread (pool.ts, executor.ts), like the operations, so that its main thread (HTTP, health, metrics)
 * never waits on the database.
 */
import type { Database } from './store/db.js';
import { storeKind } from './store/db.js';
import { journalSpan, listEntries } from './journal.js';
import { type KindSummary, listResources, type ResourceKind, resetStore, summarizeResources } from './resources.js';
import { listFaults, removeFaults } from './faults.js';
import { resetSettings, settingValues, writeSettings } from './settings-store.js';
import { changeMark } from './store/sqlite-store.js';
import { type RegistryRequest, runServedRegistry } from './store/registry-store.js';
import { checkRegistryToken } from './handlers/registry-auth.js';
import { endHolds } from './leases.js';

export type AdminRequest =
  | { what: 'ready'; schemaVersion: number }
  | { what: 'journal'; after?: number; limit?: number }
  | { what: 'resources'; kind?: ResourceKind }
  | { what: 'summary'; first: number }
  | { what: 'reset'; kind?: string; account?: string }
  | { what: 'faults' }
  | { what: 'set-settings'; pairs: Array<[string, string]> }
  | { what: 'settings' }
  | { what: 'reset-settings'; names?: string[] }
  | { what: 'remove-faults'; names?: string[] }
  | { what: 'registry'; request: RegistryRequest }
  /** A reset or serve's stop: the account updates' holds under way on this thread's connection end, undone (leases.ts). */
  | { what: 'end-holds' };

/** A read of the journal that costs one seek whatever it holds (a count of it read every row). */
export const READY_PROBE = 'SELECT max(seq) AS last FROM journal';

export type Readiness = { ready: true; schemaVersion: number } | { ready: false; reason: string };

/**
 * Ready: the schema is this svcctl's, the journal can be read and, on PostgreSQL, the database takes writes
 * (not a standby in recovery, not read-only by default_transaction_read_only): a load balancer then sends
 * writes elsewhere.
 */
function readiness(db: Database, wanted: number): Readiness {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version !== wanted)
    return { ready: false, reason: `The store's schema is version ${version}; this svcctl serves version ${wanted}.` };
  db.prepare(READY_PROBE).get();
  if (storeKind(db) === 'postgres') {
    const row = db
      .prepare("SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only")
      .get() as { recovery: boolean; read_only: string };
    if (row.recovery)
      return { ready: false, reason: 'The store takes no writes: the database is a standby in recovery.' };
    if (row.read_only === 'on')
      return {
        ready: false,
        reason: 'The store takes no writes: the database is read-only (default_transaction_read_only).',
      };
  }
  return { ready: true, schemaVersion: version };
}

export function runAdmin(db: Database, r: AdminRequest): unknown {
  switch (r.what) {
    case 'ready':
      return readiness(db, r.schemaVersion);
    case 'journal':
      return listEntries(db, { after: r.after, limit: r.limit });
    case 'resources':
      return listResources(db, r.kind === undefined ? {} : { kind: r.kind });
    case 'summary':
      return { resources: resourceSummary(db, r.first), journal: journalSpan(db) };
    case 'reset':
      return resetStore(db, { kind: r.kind, account: r.account });
    case 'end-holds':
      endHolds(db);
      return undefined;
    case 'faults':
      return listFaults(db);
    case 'set-settings':
      writeSettings(db, r.pairs);
      return listFaults(db);
    case 'settings':
      return settingValues(db);
    case 'reset-settings':
      resetSettings(db, r.names);
      return listFaults(db);
    case 'remove-faults':
      removeFaults(db, r.names);
      return listFaults(db);
    case 'registry':
      return r.request.op === 'check-token'
        ? checkRegistryToken(db, r.request.token)
        : runServedRegistry(db, r.request);
  }
}

/**
 * The last summary of each store, with the store's change mark: at 100,000 rows a summary takes a sort of
 * them all (a fifth of a second), and the inspector asks every second. Kept while the mark is the same
 * (SQLite; PostgreSQL has no cheap mark and sorts each time).
 */
const summaries = new WeakMap<object, { key: string; summary: KindSummary[] }>();

function resourceSummary(db: Database, first: number): KindSummary[] {
  const mark = changeMark(db);
  const kept = summaries.get(db);
  if (mark !== undefined && kept?.key === `${mark} ${first}`) return kept.summary;
  const summary = summarizeResources(db, first);
  if (mark !== undefined) summaries.set(db, { key: `${mark} ${first}`, summary });
  return summary;
}
