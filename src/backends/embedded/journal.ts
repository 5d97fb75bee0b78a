/**
 * The request journal of `svcctl serve`, in the store: one row per request that reached an operation
 * (time, account, principal, region, protocol, operation, input with secrets masked, status, error code,
 * latency). Bounded: each write drops the rows older than the newest `limit`. SQL only; what goes in a
 * row is decided by the server (src/server/admin.ts).
 */
import { echoBare, MAX_ECHO, MAX_JOURNAL_INPUT } from '../../core/input-rules.js';
import { mapEntries } from '../../core/keys.js';
import { stringifyJsonExact, parseJsonInts } from '../../core/pynum.js';
import { storeKind } from './store/db.js';
import { stmt } from './store/statements.js';
import type { Database } from './store/db.js';

/** How many entries a store keeps unless `svcctl serve --journal-size` says otherwise. */
export const DEFAULT_JOURNAL_SIZE = 1000;

export interface JournalRecord {
  timeMs: number;
  account: string;
  principal?: string;
  region: string;
  protocol: string;
  operation: string;
  input: Record<string, unknown>;
  status: number;
  errorCode?: string;
  latencyMs: number;
  /** The Idempotency-Key of a v2 request. */
  idempotencyKey?: string;
  /** What the client's answer does not say (a v2 version served as another). */
  warning?: string;
  /** The fault rule that fired on this request (`fault.ecr.CreateRepository: throttle;next=2`). */
  fault?: string;
}

/** One entry as `svcctl service journal` and `GET /_svcctl/journal` show it. */
export interface JournalEntry {
  Seq: number;
  Time: string;
  Account: string;
  Principal?: string;
  Region: string;
  Protocol: string;
  Operation: string;
  Input: Record<string, unknown>;
  Status: number;
  ErrorCode?: string;
  LatencyMs: number;
  IdempotencyKey?: string;
  Warning?: string;
  Fault?: string;
  /**
   * The values this entry does not keep whole, by path (`display_name`, `tags[1].Value`): each string past
   * MAX_ECHO characters is kept as error messages quote one (its first 64 and its length); `*`: the input.
   */
  Cut?: string[];
}

interface Row {
  seq: number;
  time_ms: number;
  account: string;
  principal: string | null;
  region: string;
  protocol: string;
  operation: string;
  input: string;
  status: number;
  error_code: string | null;
  latency_ms: number;
  idempotency_key: string | null;
  warning: string | null;
}

const INSERT = `INSERT INTO journal (time_ms, account, principal, region, protocol, operation, input, status, error_code, latency_ms, idempotency_key, warning)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
/** The trim: a seek on the sequence number, then the rows below the bound (as many as were appended). */
export const TRIM = 'DELETE FROM journal WHERE seq <= ?';

/**
 * Appends entries and drops what lies beyond the newest `limit` (0: nothing is kept). serve hands it every
 * entry of one turn of the event loop at once. On SQLite: one transaction, one commit for all of them,
 * with cached statements (a transaction and two prepares per request cost about a third of serve's CPU per
 * request). On PostgreSQL: one statement, then the COMMIT (appendOnPostgres).
 */
export function recordEntries(db: Database, records: readonly JournalRecord[], limit: number): void {
  if (limit <= 0 || records.length === 0) return;
  db.transaction(
    () => {
      if (storeKind(db) === 'postgres') return appendOnPostgres(db, records, limit);
      let last = 0;
      for (const r of records) last = Number(stmt(db, INSERT).run(...rowOf(r)).lastInsertRowid);
      if (last > limit) stmt(db, TRIM).run(last - limit);
      // Read committed is enough: an append and a trim of what lies beyond the bound read nothing they depend on
      // (serializable, PostgreSQL instances appending at once would fail and retry each other's trims). The
      // operator's record, not a client's write: a synchronous standby that never confirms does not hold it.
    },
    'read committed',
    { bookkeeping: true },
  )();
}

const rowOf = (r: JournalRecord) => {
  const { input, cut } = boundedInput(r.input);
  return [
    r.timeMs,
    r.account,
    r.principal ?? null,
    r.region,
    r.protocol,
    r.operation,
    input,
    r.status,
    r.errorCode ?? null,
    r.latencyMs,
    r.idempotencyKey ?? null,
    warningColumn(r, cut),
  ];
};

/** Where a value sits in an input, for `Cut`: `identity.individual.first_name`, `tags[1].Value`. */
const pathOf = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;

/** Only the plain objects and lists of a decoded input are walked; a timestamp or a number stays as it is. */
const isPlain = (v: object) => Array.isArray(v) || [Object.prototype, null].includes(Object.getPrototypeOf(v));

function cutValue(value: unknown, path: string, cut: string[]): unknown {
  if (typeof value === 'string') {
    if (value.length <= MAX_ECHO) return value; // UTF-16 units: a string this short has no more code points
    const shown = echoBare(value);
    if (shown !== value) cut.push(path);
    return shown;
  }
  if (value === null || typeof value !== 'object' || !isPlain(value)) return value;
  if (Array.isArray(value)) return value.map((v, i) => cutValue(v, pathOf(path, i), cut));
  return mapEntries(value, (v, k) => cutValue(v, pathOf(path, k), cut));
}

/**
 * The input as an entry keeps it (JSON, exact integers, keys in the order received) and the paths of what
 * it does not keep whole: each string past MAX_ECHO characters as errors quote it, and nothing of an input
 * still past MAX_JOURNAL_INPUT characters. Three creates of a 1,000,000-character display_name made 6 MB.
 */
export function boundedInput(input: Record<string, unknown>): { input: string; cut: string[] } {
  const cut: string[] = [];
  const text = stringifyJsonExact(cutValue(input, '', cut));
  if (text.length > MAX_JOURNAL_INPUT) return { input: '{}', cut: ['*'] };
  return { input: text, cut };
}

/**
 * A fault and the cut values ride in the warning column (no schema change for them): `fault: <rule>` and
 * `cut: <JSON list of paths>`, each on a line of its own before the warning, if any. Entries show them as
 * `Fault` and `Cut`.
 */
const FAULT_MARK = 'fault: ';
const CUT_MARK = 'cut: ';

function warningColumn(r: JournalRecord, cut: string[]): string | null {
  const lines = [
    ...(r.fault === undefined ? [] : [`${FAULT_MARK}${r.fault}`]),
    ...(cut.length === 0 ? [] : [`${CUT_MARK}${JSON.stringify(cut)}`]),
    ...(r.warning === undefined ? [] : [r.warning]),
  ];
  return lines.length === 0 ? null : lines.join('\n');
}

function splitWarning(column: string | null): { Warning?: string; Fault?: string; Cut?: string[] } {
  let rest = column;
  let fault: string | undefined;
  let cut: string[] | undefined;
  for (;;) {
    if (rest === null) break;
    const nl = rest.indexOf('\n');
    const line = nl < 0 ? rest : rest.slice(0, nl);
    if (fault === undefined && cut === undefined && line.startsWith(FAULT_MARK)) fault = line.slice(FAULT_MARK.length);
    else if (cut === undefined && line.startsWith(CUT_MARK)) cut = JSON.parse(line.slice(CUT_MARK.length)) as string[];
    else break;
    rest = nl < 0 ? null : rest.slice(nl + 1);
  }
  return {
    ...(rest === null ? {} : { Warning: rest }),
    ...(fault === undefined ? {} : { Fault: fault }),
    ...(cut === undefined ? {} : { Cut: cut }),
  };
}

/** Rows per statement on PostgreSQL: so many statement texts at most (one per count). */
const PG_BATCH = 32;

/**
 * On PostgreSQL each statement is a round trip to another process (a row each and the trim were 2 + rows
 * of them with the COMMIT, a third of an operation's cost): the rows and the trim go in one statement, the
 * first of the transaction (which carries its BEGIN), then the COMMIT: two round trips. Being the first,
 * the statement is sent again on a new connection if the old one turns out lost (pg-store.ts). The trim
 * cannot see the rows the same statement inserts; it only drops older ones, below the newest `limit`.
 */
function appendOnPostgres(db: Database, all: readonly JournalRecord[], limit: number): void {
  // Rows beyond the bound in this very batch would outlive the trim, which cannot see them: not written.
  const records = all.slice(-limit);
  for (let at = 0; at < records.length; at += PG_BATCH) {
    const batch = records.slice(at, at + PG_BATCH);
    stmt(db, appendAndTrim(batch.length)).run(...batch.flatMap(rowOf), limit);
  }
}

/** PostgreSQL's statement that appends `rows` rows and trims what lies beyond the bound (its last parameter). */
export function appendAndTrim(rows: number): string {
  const values = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
  return `WITH appended AS (${INSERT.replace(/VALUES \(.*\)$/s, `VALUES ${values}`)} RETURNING seq)
      DELETE FROM journal WHERE seq <= (SELECT max(seq) FROM appended) - ?`;
}

/** Appends one entry (see recordEntries). */
export function recordEntry(db: Database, r: JournalRecord, limit: number): void {
  recordEntries(db, [r], limit);
}

/** Members in one order whatever was set: as the page and every --output show them. */
function entry(row: Row): JournalEntry {
  return {
    Seq: row.seq,
    Time: new Date(row.time_ms).toISOString(),
    Account: row.account,
    ...(row.principal === null ? {} : { Principal: row.principal }),
    Region: row.region,
    Protocol: row.protocol,
    Operation: row.operation,
    Input: parseJsonInts(row.input) as Record<string, unknown>,
    Status: row.status,
    ...(row.error_code === null ? {} : { ErrorCode: row.error_code }),
    LatencyMs: row.latency_ms,
    ...(row.idempotency_key === null ? {} : { IdempotencyKey: row.idempotency_key }),
    ...splitWarning(row.warning),
  };
}

/** The entries after `after` (a sequence number), oldest first; at most the newest `limit` of them. */
export function listEntries(db: Database, opts: { after?: number; limit?: number } = {}): JournalEntry[] {
  // No LIMIT -1 for "all": SQLite takes it, PostgreSQL refuses a negative limit.
  const rows = (
    opts.limit === undefined
      ? db.prepare('SELECT * FROM journal WHERE seq > ? ORDER BY seq DESC').all(opts.after ?? 0)
      : db.prepare('SELECT * FROM journal WHERE seq > ? ORDER BY seq DESC LIMIT ?').all(opts.after ?? 0, opts.limit)
  ) as Row[];
  return rows.reverse().map(entry);
}

/** What the journal holds: how many entries, the oldest and newest sequence numbers (0 when empty). */
export interface JournalSpan {
  Kept: number;
  FirstSeq: number;
  LastSeq: number;
}

/**
 * The journal's extent, for the inspector page, which asks only for what came after its newest entry and
 * drops what the bound or a reset removed. Sequence numbers are never reused (AUTOINCREMENT, an identity).
 */
export function journalSpan(db: Database): JournalSpan {
  const row = db.prepare('SELECT count(*) AS n, min(seq) AS first, max(seq) AS last FROM journal').get() as {
    n: number | string;
    first: number | string | null;
    last: number | string | null;
  };
  return { Kept: Number(row.n), FirstSeq: Number(row.first ?? 0), LastSeq: Number(row.last ?? 0) };
}
