/**
 * A store's migrated schema held to the resource registry (src/models/resource-kinds.ts): every table of the
 * store is named by a descriptor (or is the driver's own bookkeeping: SQLite's sqlite_sequence, PostgreSQL's
 * svcctl_schema), and every descriptor's table has exactly its columns, of its kinds' types in that driver,
 * NULL only where it says so, its primary key in order and its unique columns. Used by
 * test/reliability/migrations.test.ts (SQLite) and test/pg/schema.test.ts (PostgreSQL).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { type ColumnKind, STORE_TABLES } from '../../src/models/resource-kinds.js';

export type Driver = 'sqlite' | 'postgres';

interface CatalogTable {
  /** Each column's type as the driver reports it, and whether it may hold NULL. */
  columns: Record<string, { type: string; nullable: boolean }>;
  primaryKey: string[];
  /** Columns with a UNIQUE constraint of their own. */
  unique: string[];
}

/** The tables of a store as its driver's catalog describes them. */
export type Catalog = Record<string, CatalogTable>;

/** A driver's tables that are its own bookkeeping, not the service's. */
const DRIVER_TABLES: Record<Driver, readonly string[]> = { sqlite: ['sqlite_sequence'], postgres: ['svcctl_schema'] };

/** The types each column kind may have in each driver (PostgreSQL: BIGINT for times, INTEGER for small counts). */
const TYPES: Record<Driver, Record<ColumnKind, readonly string[]>> = {
  sqlite: { text: ['TEXT'], json: ['TEXT'], int: ['INTEGER'], flag: ['INTEGER'], real: ['REAL'], bytes: ['BLOB'] },
  postgres: {
    text: ['text'],
    json: ['text'],
    int: ['bigint', 'integer'],
    flag: ['integer'],
    real: ['double precision'],
    bytes: ['bytea'],
  },
};

export function sqliteCatalog(db: BetterSqlite3.Database): Catalog {
  const catalog: Catalog = {};
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  for (const t of tables) {
    const info = db.pragma(`table_info("${t}")`) as { name: string; type: string; notnull: number; pk: number }[];
    const indexes = db.pragma(`index_list("${t}")`) as { name: string; unique: number; origin: string }[];
    const unique = indexes
      .filter((i) => i.unique === 1 && i.origin === 'u')
      .map((i) => (db.pragma(`index_info("${i.name}")`) as { name: string }[]).map((c) => c.name))
      .filter((cols) => cols.length === 1)
      .map(([c]) => c!);
    catalog[t] = {
      columns: Object.fromEntries(info.map((c) => [c.name, { type: c.type, nullable: c.notnull === 0 && c.pk === 0 }])),
      primaryKey: info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      unique: unique.sort(),
    };
  }
  return catalog;
}

export async function pgCatalog(db: pg.Client): Promise<Catalog> {
  const catalog: Catalog = {};
  const tables = await db.query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  for (const { table_name: t } of tables.rows) catalog[t] = { columns: {}, primaryKey: [], unique: [] };
  const columns = await db.query(
    "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
  );
  for (const c of columns.rows) {
    if (catalog[c.table_name])
      catalog[c.table_name]!.columns[c.column_name] = { type: c.data_type, nullable: c.is_nullable === 'YES' };
  }
  const keys = await db.query(
    `SELECT tc.table_name, tc.constraint_name, tc.constraint_type, k.column_name FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage k ON k.constraint_schema = tc.constraint_schema AND k.constraint_name = tc.constraint_name AND k.table_name = tc.table_name
     WHERE tc.table_schema = 'public' AND tc.constraint_type IN ('PRIMARY KEY', 'UNIQUE') ORDER BY tc.table_name, tc.constraint_name, k.ordinal_position`,
  );
  const uniques = new Map<string, string[]>();
  for (const k of keys.rows) {
    const table = catalog[k.table_name];
    if (!table) continue;
    if (k.constraint_type === 'PRIMARY KEY') {
      table.primaryKey.push(k.column_name);
      // Nullability of a key column is the key's, as on SQLite.
      if (table.columns[k.column_name]) table.columns[k.column_name]!.nullable = false;
    } else
      uniques.set(`${k.table_name}\0${k.constraint_name}`, [
        ...(uniques.get(`${k.table_name}\0${k.constraint_name}`) ?? []),
        k.column_name,
      ]);
  }
  for (const [id, cols] of uniques) if (cols.length === 1) catalog[id.split('\0')[0]!]!.unique.push(cols[0]!);
  for (const t of Object.values(catalog)) t.unique.sort();
  return catalog;
}

/** Everything in which the store's schema and the registry differ, one line each; none when they agree. */
export function schemaProblems(catalog: Catalog, driver: Driver): string[] {
  const problems: string[] = [];
  const named = new Set(STORE_TABLES.map((d) => d.table));
  for (const t of Object.keys(catalog).sort()) {
    if (!named.has(t) && !DRIVER_TABLES[driver].includes(t))
      problems.push(`table ${t} is in the store, but no descriptor names it`);
  }
  for (const d of STORE_TABLES) {
    const actual = catalog[d.table];
    if (!actual) {
      problems.push(`table ${d.table} is not in the store`);
      continue;
    }
    const described = new Set(d.columns.map(([name]) => name));
    for (const c of Object.keys(actual.columns))
      if (!described.has(c)) problems.push(`${d.table}.${c} is in the store, but not in its descriptor`);
    for (const [name, kind, nullable] of d.columns) {
      const col = actual.columns[name];
      if (!col) problems.push(`${d.table}.${name} is not in the store`);
      else if (!TYPES[driver][kind].includes(col.type))
        problems.push(`${d.table}.${name} is ${col.type}, not ${TYPES[driver][kind].join(' or ')} (${kind})`);
      else if (col.nullable !== (nullable === 'null') && !actual.primaryKey.includes(name))
        problems.push(`${d.table}.${name} ${col.nullable ? 'may' : 'may not'} be NULL`);
    }
    const key = d.columns.slice(0, d.key).map(([name]) => name);
    if (JSON.stringify(actual.primaryKey) !== JSON.stringify(key))
      problems.push(`${d.table}: primary key (${actual.primaryKey.join(', ')}), not (${key.join(', ')})`);
    const unique = [...(d.unique ?? [])].sort();
    if (JSON.stringify(actual.unique) !== JSON.stringify(unique))
      problems.push(`${d.table}: unique columns (${actual.unique.join(', ')}), not (${unique.join(', ')})`);
  }
  return problems;
}
