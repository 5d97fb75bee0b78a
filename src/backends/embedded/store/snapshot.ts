/**
 * A JSON snapshot of every resource of a store, whichever driver holds it: what `svcctl store export`
 * writes and `svcctl store import` reads, to move a state between SQLite and PostgreSQL. It holds every
 * resource table and the settings (the page-token secret among them, so that page tokens stay valid);
 * not the request journal nor the account-update leases, which belong to the servers that made them.
 * Rows are in primary-key order, so that one state gives the same snapshot from either driver.
 */
import {
  IDEMPOTENCY_KEYS,
  REGISTRY_TABLES,
  RESOURCES,
  SETTINGS_TABLE,
  type TableDescriptor,
} from '../../../models/resource-kinds.js';
import type { Database } from './db.js';
import { parseJsonExact, stringifyJsonExact } from '../../../core/pynum.js';
import { echoBare, echoJsonValue } from '../../../core/input-rules.js';
import {
  countImportedEvents,
  idempotencyRowProblem,
  relationsProblem,
  resourceRowProblem,
  settingRowProblem,
} from '../import-gate.js';
import { tableRowsProblem } from './snapshot-rows.js';

export const SNAPSHOT_FORMAT = 'svcctl-store-snapshot';
export const SNAPSHOT_VERSION = 1;

/** The snapshot's tables (models/resource-kinds.ts): every resource, the idempotency keys and the settings. */
export const SNAPSHOT_DESCRIPTORS: readonly TableDescriptor[] = [...RESOURCES, IDEMPOTENCY_KEYS, SETTINGS_TABLE];

/** Each table with its columns, primary key first. */
export const SNAPSHOT_TABLES: ReadonlyArray<{ table: string; columns: readonly string[]; key: number }> =
  SNAPSHOT_DESCRIPTORS.map((d) => ({
    table: d.table,
    columns: d.columns.map(([name]) => name),
    key: d.key,
  }));

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: number;
  tables: Record<string, { columns: string[]; rows: unknown[][] }>;
}

/** Every row of every table of the snapshot, read in one transaction (one consistent state). */
export function exportSnapshot(db: Database): Snapshot {
  return db.transaction(() => {
    const tables: Snapshot['tables'] = {};
    for (const { table, columns, key } of SNAPSHOT_TABLES) {
      const rows = db
        .prepare(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY ${columns.slice(0, key).join(', ')}`)
        .all() as Record<string, unknown>[];
      tables[table] = { columns: [...columns], rows: rows.map((r) => columns.map((c) => r[c])) };
    }
    return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, tables } as Snapshot;
  })();
}

/** What is wrong with a parsed snapshot, in words; undefined when it is one this svcctl reads. */
export function snapshotProblem(doc: unknown): string | undefined {
  const d = doc as Partial<Snapshot> | null;
  if (d === null || typeof d !== 'object' || d.format !== SNAPSHOT_FORMAT)
    return `it is not a svcctl store snapshot (no "format": "${SNAPSHOT_FORMAT}")`;
  if (d.version !== SNAPSHOT_VERSION)
    return `it is a snapshot of version ${echoJsonValue(d.version)}; this svcctl reads version ${SNAPSHOT_VERSION}`;
  // An object of tables by name (a table export did not write is left out); a list or a null is no snapshot.
  const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  if (!isObject(d.tables)) return 'its "tables" is not an object of tables by name';
  // A member a snapshot never holds (a hand edit's typo, another tool's) is refused, as a table is.
  const strayMembers = Object.keys(d).filter((k) => !['format', 'version', 'tables'].includes(k));
  if (strayMembers.length > 0)
    return `it holds members this svcctl does not know: ${strayMembers.map((k) => echoBare(k)).join(', ')}`;
  for (const [i, { table, columns }] of SNAPSHOT_TABLES.entries()) {
    const t = d.tables?.[table];
    if (t === undefined) continue;
    if (!isObject(t)) return `table ${table} is ${echoJsonValue(t)}, not an object of columns and rows`;
    const strayKeys = Object.keys(t).filter((k) => k !== 'columns' && k !== 'rows');
    if (strayKeys.length > 0)
      return `table ${table} holds members other than columns and rows: ${strayKeys.map((k) => echoBare(k)).join(', ')}`;
    // Written as the file wrote them (core/pynum.ts): a column list may hold any JSON, big numbers too.
    if (stringifyJsonExact(t.columns) !== JSON.stringify(columns))
      return `table ${table} has columns ${stringifyJsonExact(t.columns)}, not ${JSON.stringify(columns)}`;
    if (!Array.isArray(t.rows)) return `table ${table} has no rows list`;
    const bad = t.rows.findIndex((r) => !Array.isArray(r) || r.length !== columns.length);
    if (bad >= 0)
      return `table ${table}, row ${bad + 1}: not a list of ${columns.length} values (${columns.join(', ')})`;
    const problem = tableRowsProblem(SNAPSHOT_DESCRIPTORS[i]!, t.rows) ?? gateProblem(table, columns, t.rows);
    if (problem) return problem;
  }
  const unknown = Object.keys(d.tables ?? {}).filter((t) => !SNAPSHOT_TABLES.some((s) => s.table === t));
  if (unknown.length > 0) return `it holds tables this svcctl does not know: ${unknown.join(', ')}`;
  return relationsProblem(d.tables as Snapshot['tables']);
}

/**
 * The first row that a create (or `service settings set`) would not have written: each resource row replayed
 * through the same gate as its create, each setting through the same check, each idempotency key as a v2
 * POST keeps it (import-gate.ts). Run after every
 * cell was found of its kind.
 */
function gateProblem(table: string, columns: readonly string[], rows: unknown[][]): string | undefined {
  for (const [n, cells] of rows.entries()) {
    const row = Object.fromEntries(columns.map((c, i) => [c, cells[i]]));
    const problem =
      table === SETTINGS_TABLE.table
        ? settingRowProblem(row.name as string, row.value as string)
        : table === IDEMPOTENCY_KEYS.table
          ? idempotencyRowProblem(row)
          : columns.includes('doc')
            ? resourceRowProblem(table, row, parseJsonExact(row.doc as string) as Record<string, unknown>)
            : undefined;
    if (problem) return `table ${table}, row ${n + 1}: ${problem}`;
  }
  return undefined;
}

/** How many rows the snapshot's tables hold in the store now. */
export function resourceCount(db: Database): number {
  let n = 0;
  for (const { table } of SNAPSHOT_TABLES) {
    if (table === SETTINGS_TABLE.table) continue;
    n += Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n);
  }
  return n;
}

/**
 * Writes the snapshot's rows in one transaction (all or nothing); with `replace`, the store's rows of those
 * tables are deleted first, and the images of serve's registry with them (a snapshot holds none: kept, they
 * would belong to whatever repository of the snapshot has their repository's name). Returns how many rows
 * of each table were written.
 */
export function importSnapshot(db: Database, snap: Snapshot, replace: boolean): Record<string, number> {
  return db.transaction(() => {
    const counts: Record<string, number> = {};
    if (replace)
      for (const { table } of [...SNAPSHOT_TABLES, ...REGISTRY_TABLES]) db.prepare(`DELETE FROM ${table}`).run();
    for (const { table, columns } of SNAPSHOT_TABLES) {
      const rows = snap.tables[table]?.rows ?? [];
      const one = `(${columns.map(() => '?').join(', ')})`;
      for (let i = 0; i < rows.length; i += 100) {
        const batch = rows.slice(i, i + 100);
        const conflict =
          table === SETTINGS_TABLE.table ? ' ON CONFLICT (name) DO UPDATE SET value = excluded.value' : '';
        db.prepare(
          `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${batch.map(() => one).join(', ')}${conflict}`,
        ).run(...batch.flat());
      }
      counts[table] = rows.length;
    }
    const events = snap.tables.meter_events;
    if (events)
      countImportedEvents(
        db,
        events.rows.map((r) => Object.fromEntries(events.columns.map((c, i) => [c, r[i]]))),
      );
    return counts;
  })();
}
