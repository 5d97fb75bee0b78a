/**
 * The per-kind row counts of `resource_counts` (SQLite version 10, PostgreSQL version 6; issue 42): for each
 * counted table, the triggers that keep its count in the transaction of every insert and delete, the first
 * count from the rows already stored, and its listing-order index. One table, two dialects: SQLite's triggers
 * run per row, PostgreSQL's per statement over its transition table (a reset of many rows updates each count
 * once).
 */

/** A counted table: its kind in resource_counts, its owner column, its region column (none: counted as ''). */
export interface CountedTable {
  readonly table: string;
  readonly kind: string;
  readonly owner: string;
  readonly region?: string;
  /** The listing order's last column after (owner, created_ms). */
  readonly last: string;
}

/** The tables version 10 counts; a kind added later counts its table in a migration of its own. */
export const COUNTED_AT_V10: readonly CountedTable[] = [
  { table: 'repositories', kind: 'repositories', owner: 'registry_id', region: 'region', last: 'name' },
  { table: 'launch_configurations', kind: 'launch-configurations', owner: 'owner', region: 'region', last: 'name' },
  { table: 'account_tokens', kind: 'account-tokens', owner: 'owner', last: 'id' },
  { table: 'accounts', kind: 'accounts', owner: 'owner', last: 'id' },
  { table: 'meter_event_adjustments', kind: 'meter-event-adjustments', owner: 'owner', last: 'id' },
  { table: 'meter_events', kind: 'meter-events', owner: 'owner', last: 'identifier' },
  { table: 'meter_event_sessions', kind: 'meter-event-sessions', owner: 'owner', last: 'id' },
];

/** Meters, counted since SQLite version 11 and PostgreSQL version 7. */
export const METERS_COUNTED: CountedTable = { table: 'meters', kind: 'meters', owner: 'owner', last: 'id' };

const scope = (t: CountedTable) => ({
  columns: t.region ? `${t.owner}, ${t.region}` : `${t.owner}, ''`,
  group: t.region ? `${t.owner}, ${t.region}` : t.owner,
});

const initial = (t: CountedTable) => {
  const { columns, group } = scope(t);
  return `INSERT INTO resource_counts (kind, owner, region, n) SELECT '${t.kind}', ${columns}, count(*) FROM ${t.table} GROUP BY ${group};
   CREATE INDEX ${t.table}_listed ON ${t.table} (${t.owner}, created_ms, ${t.last});`;
};

/** SQLite: a row trigger each way, the first counts and the listing index of each table. */
export function sqliteCounts(tables: readonly CountedTable[]): string {
  const parts = tables.map((t) => {
    const region = (row: string) => (t.region ? `${row}.${t.region}` : `''`);
    return `CREATE TRIGGER ${t.table}_added AFTER INSERT ON ${t.table} BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('${t.kind}', NEW.${t.owner}, ${region('NEW')}, 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER ${t.table}_removed AFTER DELETE ON ${t.table} BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = '${t.kind}' AND owner = OLD.${t.owner} AND region = ${region('OLD')};
   END;
   ${initial(t)}`;
  });
  return parts.join('\n   ');
}

/** PostgreSQL: a statement trigger each way (over the statement's transition table), the first counts and the listing index. */
export function pgCounts(tables: readonly CountedTable[]): string {
  const parts = tables.map((t) => {
    const { columns, group } = scope(t);
    const counted = (sign: string, rows: string) =>
      `INSERT INTO resource_counts (kind, owner, region, n) SELECT '${t.kind}', ${columns}, ${sign}count(*) FROM ${rows} GROUP BY ${group}
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;`;
    return `CREATE FUNCTION ${t.table}_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       ${counted('', 'added')}
     ELSE
       ${counted('-', 'removed')}
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER ${t.table}_added AFTER INSERT ON ${t.table} REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ${t.table}_counted();
   CREATE TRIGGER ${t.table}_removed AFTER DELETE ON ${t.table} REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION ${t.table}_counted();
   ${initial(t)}`;
  });
  return parts.join('\n   ');
}
