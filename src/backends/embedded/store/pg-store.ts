/**
 * The PostgreSQL driver: the same `Database` interface as SQLite (db.ts), so the service's rules stay written
 * once, synchronously. `pg` is asynchronous, so it runs in a worker thread; each statement is a synchronous
 * RPC: the main thread posts the query and blocks on Atomics.wait over a SharedArrayBuffer until the worker
 * has posted the result, which it then takes with receiveMessageOnPort. One connection per thread, one
 * statement in flight (the thread is blocked meanwhile): a thread serves one operation at a time;
 * `serve --store-pool-size` runs several threads (pool.ts), and instances add more, which PostgreSQL keeps
 * consistent.
 *
 * Isolation: every transaction (every operation that writes) runs at SERIALIZABLE, the level SQLite's
 * single writer gives the same rules: a lease counted then taken, an idempotency key read then claimed, a
 * token checked then used, a repository read then deleted are each free of write skew across instances.
 * Serialization failures (40001), deadlocks (40P01) and unique violations met inside one (23505: another
 * instance committed the same key; the retry sees it and answers the service's own error) roll back and
 * run the whole operation again, at most MAX_ATTEMPTS times, never shown to a client. Reads outside a
 * transaction (describe, get) are single statements at READ COMMITTED: one statement sees one snapshot.
 * The journal's append-and-trim runs at READ COMMITTED (it reads nothing it depends on), as one statement
 * in its transaction (journal.ts); so do the creates a quota counts (they read only the count row their
 * insert's trigger has locked: backends/embedded/handlers/quota.ts). A transaction's
 * BEGIN travels with its first statement, so that it costs no round trip of its own.
 *
 * The schema is versioned in svcctl_schema (one row); migrations run under pg_advisory_xact_lock, so
 * instances starting together migrate once; a schema newer than this svcctl knows is refused (253),
 * nothing written. A database that cannot be reached or does not answer in time gives
 * StoreUnavailableError (503 on the wire); the next statement connects again. A connection found lost
 * (the database restarted, or cut it) costs no request when the statement could not have changed anything
 * (the first of a transaction, a SELECT on its own): it is sent once more on a new connection.
 */
import { COUNTED_AT_V10, METERS_COUNTED, pgCounts } from './resource-counts.js';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { ConfigError, StoreUnavailableError } from '../../../core/errors.js';
import type { Database, DbRunResult, DbStatement, DbTransaction, Isolation, TxOptions } from './db.js';
import type { PgReply, PgRequest, PgWorkerData } from './pg-worker.js';
import type { SeriesResult } from './statements.js';
import { pauseBeforeCommit, type TestHooks } from '../test-hooks.js';
import { maskStoreUrl } from '../../store-url.js';
export { maskStoreUrl };

/** Each entry moves the PostgreSQL schema from version i to i+1. Never edit one that has shipped: append. */
export const PG_MIGRATIONS: readonly string[] = [
  // The SQLite schema at its version 5, in one step. Names compare byte by byte (COLLATE "C"), as in
  // SQLite, so that keyset pages are in the same order whatever the database's locale.
  `CREATE TABLE repositories (
     region TEXT COLLATE "C" NOT NULL, registry_id TEXT COLLATE "C" NOT NULL, name TEXT COLLATE "C" NOT NULL,
     created_ms BIGINT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (region, registry_id, name));
   CREATE TABLE launch_configurations (
     owner TEXT COLLATE "C" NOT NULL, region TEXT COLLATE "C" NOT NULL, name TEXT COLLATE "C" NOT NULL,
     created_ms BIGINT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (owner, region, name));
   CREATE TABLE account_tokens (
     id TEXT COLLATE "C" PRIMARY KEY, livemode INTEGER NOT NULL, created_ms BIGINT NOT NULL, doc TEXT NOT NULL,
     used INTEGER NOT NULL DEFAULT 0, expires_ms BIGINT NOT NULL DEFAULT 0, owner TEXT COLLATE "C" NOT NULL DEFAULT '000000000000');
   CREATE TABLE meter_event_adjustments (
     id TEXT COLLATE "C" PRIMARY KEY, livemode INTEGER NOT NULL, created_ms BIGINT NOT NULL, doc TEXT NOT NULL,
     completes_ms BIGINT NOT NULL DEFAULT 0, owner TEXT COLLATE "C" NOT NULL DEFAULT '000000000000');
   CREATE TABLE settings (name TEXT COLLATE "C" PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE accounts (
     id TEXT COLLATE "C" PRIMARY KEY, livemode INTEGER NOT NULL, created_ms BIGINT NOT NULL, token_id TEXT NOT NULL UNIQUE,
     doc TEXT NOT NULL, owner TEXT COLLATE "C" NOT NULL DEFAULT '000000000000');
   CREATE TABLE account_update_leases (
     id TEXT PRIMARY KEY, account_id TEXT NOT NULL, livemode INTEGER NOT NULL, pid INTEGER NOT NULL, expires_ms BIGINT NOT NULL);
   CREATE INDEX account_update_leases_scope ON account_update_leases (account_id, livemode);
   CREATE TABLE idempotency_keys (
     owner TEXT COLLATE "C" NOT NULL, livemode INTEGER NOT NULL, key TEXT COLLATE "C" NOT NULL, operation TEXT NOT NULL,
     fingerprint TEXT NOT NULL, created_ms BIGINT NOT NULL, response TEXT NOT NULL, PRIMARY KEY (owner, livemode, key));
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_ms);
   CREATE TABLE journal (
     seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, time_ms BIGINT NOT NULL, account TEXT NOT NULL, principal TEXT,
     region TEXT NOT NULL, protocol TEXT NOT NULL, operation TEXT NOT NULL, input TEXT NOT NULL,
     status INTEGER NOT NULL, error_code TEXT, latency_ms DOUBLE PRECISION NOT NULL);`,
  // The SQLite schema's version 6: a v2 request's Idempotency-Key and a warning in its journal row.
  `ALTER TABLE journal ADD COLUMN idempotency_key TEXT;
   ALTER TABLE journal ADD COLUMN warning TEXT;`,
  // The SQLite schema's version 7: serve's registry (registry-store.ts).
  `CREATE TABLE images (
     registry_id TEXT COLLATE "C" NOT NULL, region TEXT COLLATE "C" NOT NULL, repository TEXT COLLATE "C" NOT NULL,
     digest TEXT COLLATE "C" NOT NULL, media_type TEXT NOT NULL, manifest BYTEA NOT NULL, size BIGINT NOT NULL,
     refs TEXT NOT NULL, pushed_ms BIGINT NOT NULL, PRIMARY KEY (registry_id, region, repository, digest));
   CREATE TABLE image_tags (
     registry_id TEXT COLLATE "C" NOT NULL, region TEXT COLLATE "C" NOT NULL, repository TEXT COLLATE "C" NOT NULL,
     tag TEXT COLLATE "C" NOT NULL, digest TEXT COLLATE "C" NOT NULL, tagged_ms BIGINT NOT NULL,
     PRIMARY KEY (registry_id, region, repository, tag));
   CREATE TABLE registry_blobs (
     registry_id TEXT COLLATE "C" NOT NULL, region TEXT COLLATE "C" NOT NULL, repository TEXT COLLATE "C" NOT NULL,
     digest TEXT COLLATE "C" NOT NULL, size BIGINT NOT NULL, created_ms BIGINT NOT NULL,
     PRIMARY KEY (registry_id, region, repository, digest));
   CREATE INDEX registry_blobs_digest ON registry_blobs (digest);
   CREATE TABLE registry_uploads (
     id TEXT COLLATE "C" PRIMARY KEY, registry_id TEXT COLLATE "C" NOT NULL, region TEXT COLLATE "C" NOT NULL,
     repository TEXT COLLATE "C" NOT NULL, size BIGINT NOT NULL, created_ms BIGINT NOT NULL);
   CREATE TABLE registry_chunks (
     owner TEXT COLLATE "C" NOT NULL, start BIGINT NOT NULL, bytes BYTEA NOT NULL, PRIMARY KEY (owner, start));`,
  // The SQLite schema's meter events.
  `CREATE TABLE meter_events (
     owner TEXT COLLATE "C" NOT NULL, livemode INTEGER NOT NULL, identifier TEXT COLLATE "C" NOT NULL,
     created_ms BIGINT NOT NULL, event_name TEXT COLLATE "C" NOT NULL, timestamp_ms BIGINT NOT NULL,
     cancels_ms BIGINT, doc TEXT NOT NULL, PRIMARY KEY (owner, livemode, identifier, created_ms));
   CREATE INDEX meter_events_name ON meter_events (owner, livemode, event_name, timestamp_ms);`,
  // The SQLite schema's meter event sessions.
  `CREATE TABLE meter_event_sessions (
     id TEXT COLLATE "C" PRIMARY KEY, owner TEXT COLLATE "C" NOT NULL, livemode INTEGER NOT NULL,
     token TEXT COLLATE "C" NOT NULL UNIQUE, created_ms BIGINT NOT NULL, expires_ms BIGINT NOT NULL, doc TEXT NOT NULL);`,
  // The SQLite schema's version 10 (issue 42): rows per kind, account and region, kept by triggers (one per
  // statement, over its transition table: a reset of many rows updates each count once), counted from the
  // rows already stored; and the inspector's listing-order indexes.
  `CREATE TABLE resource_counts (
     kind TEXT COLLATE "C" NOT NULL, owner TEXT COLLATE "C" NOT NULL, region TEXT COLLATE "C" NOT NULL,
     n BIGINT NOT NULL, PRIMARY KEY (kind, owner, region));
   ${pgCounts(COUNTED_AT_V10)}`,
  // The SQLite schema's version 11: meters and what they counted (deleted with their meter or event).
  `CREATE TABLE meters (
     id TEXT COLLATE "C" PRIMARY KEY, owner TEXT COLLATE "C" NOT NULL, livemode INTEGER NOT NULL,
     event_name TEXT COLLATE "C" NOT NULL, status TEXT COLLATE "C" NOT NULL, created_ms BIGINT NOT NULL, doc TEXT NOT NULL);
   CREATE INDEX meters_counting ON meters (owner, livemode, event_name, status);
   CREATE INDEX meters_paged ON meters (owner, livemode, created_ms, id);
   CREATE TABLE meter_usage (
     meter_id TEXT COLLATE "C" NOT NULL, customer TEXT COLLATE "C" NOT NULL, timestamp_ms BIGINT NOT NULL,
     identifier TEXT COLLATE "C" NOT NULL, created_ms BIGINT NOT NULL, owner TEXT COLLATE "C" NOT NULL,
     livemode INTEGER NOT NULL, value DOUBLE PRECISION NOT NULL,
     PRIMARY KEY (meter_id, customer, timestamp_ms, identifier, created_ms));
   CREATE INDEX meter_usage_event ON meter_usage (owner, livemode, identifier, created_ms);
   CREATE FUNCTION meter_usage_of_meter() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     DELETE FROM meter_usage u USING removed r WHERE u.meter_id = r.id;
     RETURN NULL;
   END $$;
   CREATE TRIGGER meter_usage_of_meter AFTER DELETE ON meters REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION meter_usage_of_meter();
   CREATE FUNCTION meter_usage_of_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     DELETE FROM meter_usage u USING removed r WHERE u.owner = r.owner AND u.livemode = r.livemode
       AND u.identifier = r.identifier AND u.created_ms = r.created_ms;
     RETURN NULL;
   END $$;
   CREATE TRIGGER meter_usage_of_event AFTER DELETE ON meter_events REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION meter_usage_of_event();
   ${pgCounts([METERS_COUNTED])}`,
  // The SQLite schema's version 12 (issue 45): who holds which segment of a blob's bytes, the bytes stored
  // before as one segment each; image_tags by digest. A piece's bytes are stored out of line uncompressed
  // (STORAGE EXTERNAL): layers are compressed already, and trying again costs CPU on every piece.
  `CREATE TABLE registry_parts (
     owner TEXT COLLATE "C" NOT NULL, start BIGINT NOT NULL, stop BIGINT NOT NULL, segment TEXT COLLATE "C" NOT NULL,
     PRIMARY KEY (owner, start));
   CREATE INDEX registry_parts_segment ON registry_parts (segment);
   DELETE FROM registry_chunks WHERE owner LIKE 'staging:%';
   INSERT INTO registry_parts (owner, start, stop, segment)
     SELECT owner, min(start), max(start + length(bytes)), owner FROM registry_chunks GROUP BY owner;
   CREATE INDEX image_tags_digest ON image_tags (registry_id, region, repository, digest);
   ALTER TABLE registry_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;`,
  // The SQLite schema's version 13 (issue 45): each image's last scan.
  `CREATE TABLE image_scans (
     registry_id TEXT COLLATE "C" NOT NULL, region TEXT COLLATE "C" NOT NULL, repository TEXT COLLATE "C" NOT NULL,
     digest TEXT COLLATE "C" NOT NULL, scanned_ms BIGINT NOT NULL, PRIMARY KEY (registry_id, region, repository, digest));`,
  // The SQLite schema's version 14 (issue 43): a usage row carries its event's cancellation; the meters' error
  // reports, deleted with their events or meter.
  `ALTER TABLE meter_usage ADD COLUMN cancels_ms BIGINT;
   UPDATE meter_usage u SET cancels_ms = e.cancels_ms FROM meter_events e WHERE e.owner = u.owner
     AND e.livemode = u.livemode AND e.identifier = u.identifier AND e.created_ms = u.created_ms
     AND e.cancels_ms IS NOT NULL;
   CREATE TABLE meter_error_reports (
     id TEXT COLLATE "C" PRIMARY KEY, owner TEXT COLLATE "C" NOT NULL, livemode INTEGER NOT NULL,
     object_id TEXT COLLATE "C" NOT NULL, created_ms BIGINT NOT NULL, doc TEXT NOT NULL);
   CREATE INDEX meter_error_reports_listed ON meter_error_reports (owner, livemode, created_ms, id);
   CREATE INDEX meter_error_reports_object ON meter_error_reports (owner, livemode, object_id, created_ms, id);
   CREATE FUNCTION meter_error_reports_of_meter() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     DELETE FROM meter_error_reports r USING removed m WHERE r.owner = m.owner AND r.livemode = m.livemode
       AND r.object_id = m.id;
     RETURN NULL;
   END $$;
   CREATE TRIGGER meter_error_reports_of_meter AFTER DELETE ON meters REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION meter_error_reports_of_meter();
   CREATE FUNCTION meter_error_reports_of_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     DELETE FROM meter_error_reports r USING (SELECT DISTINCT owner, livemode FROM removed) e
       WHERE r.owner = e.owner AND r.livemode = e.livemode;
     RETURN NULL;
   END $$;
   CREATE TRIGGER meter_error_reports_of_event AFTER DELETE ON meter_events REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION meter_error_reports_of_event();`,
];

/** How many times one operation runs again after a serialization failure, a deadlock or a unique race. */
export const MAX_ATTEMPTS = 30;
/** --store-connect-timeout's default (ms). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** --store-query-timeout's default (ms). */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;
/** How long statements fail at once after the database did not answer in time. */
export const BACKOFF_MS = 2000;
/**
 * Of an operation's time, what its COMMIT leaves for what follows it (a lease given back): a COMMIT that is
 * not confirmed is cut this long before the operation's deadline, and its outcome looked up (pg-worker.ts).
 */
export const AFTER_COMMIT_MS = 1000;
const RETRYABLE = new Set(['40001', '40P01', '23505']);
/** The advisory lock key of migrations: any constant that no other program of the database uses. */
const MIGRATION_LOCK = 0x5376_6363;

export interface PgOptions {
  url: string;
  /** A connection attempt's limit (ms). */
  connectTimeoutMs?: number;
  /** A statement's limit (ms), also what the main thread waits for an answer. */
  queryTimeoutMs?: number;
  /** The tests' hooks (test-hooks.ts), from the caller's context. */
  hooks?: TestHooks;
}

/**
 * `?` placeholders to `$n` (outside string literals), and SQLite's `INSERT OR IGNORE` as PostgreSQL's
 * `ON CONFLICT DO NOTHING`. An insert into the journal returns its sequence number (lastInsertRowid).
 */
export function toPostgres(sql: string): { text: string; returnsSeq: boolean } {
  let n = 0;
  let out = '';
  let quoted = false;
  for (const ch of sql) {
    if (ch === "'") quoted = !quoted;
    out += ch === '?' && !quoted ? `$${++n}` : ch;
  }
  if (/^\s*INSERT OR IGNORE INTO/i.test(out))
    out = `${out.replace(/INSERT OR IGNORE INTO/i, 'INSERT INTO')} ON CONFLICT DO NOTHING`;
  const returnsSeq = /^\s*INSERT INTO journal\b/i.test(out);
  if (returnsSeq) out += ' RETURNING seq';
  return { text: out, returnsSeq };
}

/**
 * dist/pg-worker.js (pg-worker.ts, built on its own): beside the bundle this module is part of (dist/cli.cjs,
 * dist/executor.js, dist/bulk.js, or dist/chunks/ of the ESM build), or, for the tests, which run this
 * file's source, in the dist/ that their global setup builds.
 */
function workerScript(): string {
  for (const rel of ['./pg-worker.js', '../pg-worker.js', '../../../../dist/pg-worker.js']) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new ConfigError('The PostgreSQL store needs the built svcctl: dist/pg-worker.js is missing (npm run build).');
}

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

class PgError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/**
 * PostgreSQL's text cannot hold U+0000, which SQLite's can (an idempotency key, an id in a URL, a name
 * given in-process): the statements' strings are stored with U+0000 and the escape character U+0001 each
 * written as two characters (U+0001 U+0003, U+0001 U+0002), and read back as they were. One to one, so
 * equality and lookups hold as on SQLite (a key is kept, an id not found) instead of an error; only the
 * order of strings holding these characters differs.
 */
const NUL = String.fromCharCode(0);
const ESC = String.fromCharCode(1);
const ENCODE = new Map([
  [NUL, `${ESC}${String.fromCharCode(3)}`],
  [ESC, `${ESC}${String.fromCharCode(2)}`],
]);
const DECODE = new Map([...ENCODE].map(([raw, coded]) => [coded, raw]));
const ENCODED = new RegExp(`[${NUL}${ESC}]`, 'g');
const DECODED = new RegExp(`${ESC}[${String.fromCharCode(2)}${String.fromCharCode(3)}]`, 'g');

export function toPgText(v: unknown): unknown {
  return typeof v === 'string' && (v.includes(NUL) || v.includes(ESC)) ? v.replace(ENCODED, (c) => ENCODE.get(c)!) : v;
}

export function fromPgText(v: unknown): unknown {
  return typeof v === 'string' && v.includes(ESC) ? v.replace(DECODED, (c) => DECODE.get(c)!) : v;
}

function decodeRow(row: Record<string, unknown>): Record<string, unknown> {
  for (const k in row) row[k] = fromPgText(row[k]);
  return row;
}

class PgStatement implements DbStatement {
  private plucked = false;
  constructor(
    private readonly db: PgDatabase,
    private readonly sql: { text: string; returnsSeq: boolean },
  ) {}
  private rows(params: unknown[]): Record<string, unknown>[] {
    const rows = this.db.query(this.sql.text, params.map(toPgText)).rows.map(decodeRow);
    return this.plucked ? rows.map((r) => Object.values(r)[0] as Record<string, unknown>) : rows;
  }
  get(...params: unknown[]): unknown {
    return this.rows(params)[0];
  }
  all(...params: unknown[]): unknown[] {
    return this.rows(params);
  }
  run(...params: unknown[]): DbRunResult {
    const r = this.db.query(this.sql.text, params.map(toPgText));
    return { changes: r.changes, lastInsertRowid: this.sql.returnsSeq ? Number(r.rows[0]?.seq ?? 0) : 0 };
  }
  pluck(): DbStatement {
    const s = new PgStatement(this.db, this.sql);
    s.plucked = true;
    return s;
  }
}

/**
 * Whether a statement, once sent, may have committed something: a COMMIT, or a write outside a transaction.
 * One whose answer is lost then has an unknown outcome (a 503 that never says "retry").
 */
function commits(text: string, inTx: boolean, begin: string | undefined): boolean {
  if (/^\s*COMMIT\b/i.test(text)) return true;
  return !inTx && begin === undefined && !/^\s*(SELECT|BEGIN|ROLLBACK)\b/i.test(text);
}

export class PgDatabase implements Database {
  readonly kind = 'postgres';
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly ctrl = new Int32Array(new SharedArrayBuffer(4));
  private next = 0;
  private depth = 0;
  /** The BEGIN of the open transaction, until its first statement carries it to the worker. */
  private pendingBegin?: string;
  private readonly queryTimeoutMs: number;
  /**
   * After the database did not answer in time (a host that drops packets, a server that hangs), statements
   * fail at once until this instant instead of each blocking the instance for a whole time-out: serve stays
   * responsive (health, metrics, 503s) while the database is away, and tries again after BACKOFF_MS.
   */
  private quietUntil = 0;
  private quietReason = '';
  /** The crash tests' hook (SVCCTL_TEST_TX_PAUSE, test-hooks.ts): a transaction waits there before its COMMIT. */
  private readonly pause: (() => void) | undefined;
  /** Round trips made, for the benchmark and the debug log. */
  queries = 0;
  /** Operations run again after a serialization failure, deadlock or unique race. */
  retries = 0;

  constructor(readonly options: PgOptions) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    this.pause = pauseBeforeCommit(options.hooks?.txPauseDir);
    const pgPath = createRequire(import.meta.url).resolve('pg');
    const workerData: PgWorkerData = {
      pgPath,
      url: options.url,
      ctrl: this.ctrl.buffer as SharedArrayBuffer,
      port: port2,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: this.queryTimeoutMs,
    };
    this.worker = new Worker(workerScript(), {
      workerData,
      transferList: [port2],
    });
    this.worker.unref();
  }

  /**
   * One statement, synchronously: posted to the worker, the answer awaited on the shared cell. `inTx`: the
   * statement belongs to an open transaction (the worker sends it only on that transaction's connection).
   */
  query(
    text: string,
    params: unknown[] = [],
    inTx = this.depth > 0 && this.pendingBegin === undefined,
    then?: PgRequest['then'],
  ): { rows: Record<string, unknown>[]; changes: number; more?: PgReply['more'] } {
    if (Date.now() < this.quietUntil) throw this.unavailable(this.quietReason);
    const timeoutMs = this.statementTimeout(text);
    const id = ++this.next;
    this.queries += 1 + (then?.length ?? 0);
    Atomics.store(this.ctrl, 0, 0);
    const begin = this.pendingBegin;
    this.worker.postMessage({ id, sql: text, params, begin, inTx, timeoutMs, then });
    this.pendingBegin = undefined;
    // The worker's own limits (connect, query) answer first; this one only guards against a worker that died.
    const deadline = Date.now() + timeoutMs + 5000;
    for (;;) {
      let msg = receiveMessageOnPort(this.port);
      while (msg && (msg.message as PgReply).id !== id) msg = receiveMessageOnPort(this.port); // a late answer to a call that timed out
      if (msg) {
        const reply = msg.message as PgReply;
        if (reply.lookedUp) this.slowAtMs = Date.now();
        if (reply.error) {
          if (reply.error.unavailable) {
            if (/timeout|timed out/i.test(reply.error.message)) this.quiet(reply.error.message);
            throw this.unavailable(reply.error.message, reply.error.outcome);
          }
          throw new PgError(reply.error.message, reply.error.code);
        }
        return { rows: reply.rows!, changes: reply.changes!, more: reply.more };
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        this.worker.postMessage({ reset: true });
        this.quiet(`no answer within ${timeoutMs + 5000} ms`);
        // A statement that commits (a COMMIT, or a write on its own) may have taken effect: never "retry".
        throw this.unavailable(this.quietReason, commits(text, inTx, begin) ? 'unknown' : undefined);
      }
      Atomics.wait(this.ctrl, 0, 0, left);
      Atomics.store(this.ctrl, 0, 0);
    }
  }

  /**
   * The instant (epoch ms) by which the operation under way must be done (CallContext.deadlineMs): its
   * statements share one --store-query-timeout instead of each waiting a whole one (issue 41). Undefined:
   * each statement has the whole time-out (the journal, serve's own endpoints, the CLI).
   */
  deadlineMs?: number;

  /**
   * A statement's limit: what is left of the operation's time (a COMMIT leaves AFTER_COMMIT_MS of it for
   * what follows: a lease given back); none left, the statement is not sent (known not done). A ROLLBACK
   * always has the whole time-out: it only gives back what the failed operation held.
   */
  private statementTimeout(text: string): number {
    if (this.deadlineMs === undefined || /^\s*ROLLBACK\b/i.test(text)) return this.queryTimeoutMs;
    const left = Math.min(this.deadlineMs - Date.now(), this.queryTimeoutMs);
    if (left <= 0)
      throw this.unavailable(`the request's ${this.queryTimeoutMs} ms for the store were spent before this statement`);
    if (/^\s*COMMIT\b/i.test(text) && left > 2 * AFTER_COMMIT_MS) return left - AFTER_COMMIT_MS;
    return left;
  }

  /** When a COMMIT was last not confirmed in time, and found committed (looked up: pg-worker.ts outcomeOf). */
  private slowAtMs = 0;

  /** The store did not confirm a COMMIT in time within the last query time-out (a standby that does not answer). */
  get slowRecently(): boolean {
    return Date.now() - this.slowAtMs < this.queryTimeoutMs;
  }

  private quiet(reason: string): void {
    this.quietUntil = Date.now() + BACKOFF_MS;
    this.quietReason = `${reason} (not tried again for ${BACKOFF_MS / 1000} s)`;
  }

  private unavailable(detail: string, outcome?: 'unknown'): StoreUnavailableError {
    const store = `The store (PostgreSQL at ${maskStoreUrl(this.options.url)})`;
    if (outcome === 'unknown')
      return new StoreUnavailableError(
        `${store} did not answer whether the request's COMMIT took effect (${detail}); it may have.`,
        'unknown',
      );
    return new StoreUnavailableError(`${store} is unavailable: ${detail}. Retry the request.`);
  }

  prepare(sql: string): DbStatement {
    return new PgStatement(this, toPostgres(sql));
  }

  private readonly converted = new Map<string, string>();

  /**
   * Statements of one transaction, one after another, in one trip to the driver's thread (db.ts series): the
   * thread sends each as soon as the one before it is answered, so a pair costs the database's two round
   * trips but one wake-up of this thread instead of two (issue 42: a quota create's insert and its count).
   */
  series(statements: ReadonlyArray<{ sql: string; params: unknown[] }>): SeriesResult[] {
    const list = statements.map(({ sql, params }) => {
      let text = this.converted.get(sql);
      if (text === undefined) {
        text = toPostgres(sql).text;
        this.converted.set(sql, text);
      }
      return { sql: text, params: params.map(toPgText) };
    });
    const [first, ...then] = list;
    const r = this.query(first!.sql, first!.params, undefined, then);
    return [r, ...(r.more ?? [])].map((x) => ({ changes: x.changes, rows: x.rows.map(decodeRow) }));
  }

  exec(sql: string): void {
    this.query(sql);
  }

  transaction<F extends (...args: never[]) => unknown>(
    fn: F,
    isolation: Isolation = 'serializable',
    options: TxOptions = {},
  ): DbTransaction<F> {
    const run = ((...args: Parameters<F>) =>
      this.inTransaction(isolation, () => fn(...args), options)) as unknown as DbTransaction<F>;
    run.immediate = run;
    return run;
  }

  /** fn in one transaction, run again (bounded) on a serialization failure; nested: part of the outer one. */
  inTransaction<T>(isolation: Isolation, fn: () => T, options: TxOptions = {}): T {
    if (this.depth > 0) return fn();
    for (let attempt = 1; ; attempt++) {
      // Bookkeeping (a lease, the journal, a fault rule's count) commits without waiting for a synchronous
      // standby: a standby that does not confirm must not hold it (issue 41).
      this.pendingBegin = `BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}${options.bookkeeping ? '; SET LOCAL synchronous_commit TO local' : ''}`;
      this.depth = 1;
      try {
        const out = fn();
        if (this.pendingBegin === undefined) {
          this.pause?.();
          this.query('COMMIT');
        }
        return out;
      } catch (err) {
        if (this.pendingBegin !== undefined) {
          // nothing reached the server: nothing to roll back
        } else {
          // Also after a refusal that keeps the connection (a read-only database); one that lost it answers
          // at once (the server rolled back), and one that timed out is not tried (quiet).
          try {
            this.query('ROLLBACK');
          } catch {
            // the connection is gone: the server rolled back
          }
        }
        if (!(err instanceof PgError) || !RETRYABLE.has(err.code ?? '')) throw err;
        // Rolled back each time: known not done. Conflicting transactions that stay (a COMMIT waiting for a
        // synchronous standby) can outlast the attempts: the client retries later, never a 500.
        if (attempt >= MAX_ATTEMPTS)
          throw this.unavailable(`the operation met a conflicting transaction ${MAX_ATTEMPTS} times (${err.message})`);
        this.retries++;
        // A random pause, doubling up to 100 ms, lets the transaction that won finish first: on a busy
        // machine its process may wait for a core far longer than the 2 ms this allowed before, and 30
        // quick attempts could all meet it (a 503 to a CLI among 80 writers, with both cores loaded).
        Atomics.wait(PAUSE, 0, 0, Math.random() * Math.min(2 ** attempt, 100));
      } finally {
        this.depth = 0;
        this.pendingBegin = undefined;
      }
    }
  }

  pragma(source: 'user_version'): unknown {
    if (source !== 'user_version') throw new Error(`PostgreSQL store: no pragma ${source}`);
    return schemaVersion(this);
  }

  close(): void {
    void this.worker.terminate();
    this.port.close();
  }
}

function schemaVersion(db: PgDatabase): number {
  const row = db.query("SELECT to_regclass('svcctl_schema') IS NOT NULL AS present").rows[0]!;
  if (!row.present) return 0;
  return Number(db.query('SELECT version FROM svcctl_schema').rows[0]?.version ?? 0);
}

function tooNew(version: number, url: string): ConfigError {
  return new ConfigError(
    `The store ${maskStoreUrl(url)} was written by a newer svcctl (schema version ${version}; this svcctl knows versions up to ${PG_MIGRATIONS.length}). ` +
      'Upgrade svcctl, or use another database.',
  );
}

/** Opens the PostgreSQL store and brings its schema to this svcctl's version (once, whoever starts first). */
export function openPgStore(options: PgOptions): PgDatabase {
  const db = new PgDatabase(options);
  try {
    const version = schemaVersion(db);
    if (version > PG_MIGRATIONS.length) throw tooNew(version, options.url);
    if (version < PG_MIGRATIONS.length) {
      // Its statements are the transaction's (inTx): a lost connection fails the migration, never runs its
      // rest outside the transaction and the lock.
      db.query('BEGIN');
      const inTx = (sql: string, params: unknown[] = []) => db.query(sql, params, true);
      try {
        inTx('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
        inTx('CREATE TABLE IF NOT EXISTS svcctl_schema (version INTEGER NOT NULL)');
        const current = Number(inTx('SELECT version FROM svcctl_schema').rows[0]?.version ?? 0);
        if (current > PG_MIGRATIONS.length) throw tooNew(current, options.url);
        for (let v = current; v < PG_MIGRATIONS.length; v++) inTx(PG_MIGRATIONS[v]!);
        inTx('DELETE FROM svcctl_schema');
        inTx('INSERT INTO svcctl_schema (version) VALUES ($1)', [PG_MIGRATIONS.length]);
        inTx('COMMIT');
      } catch (err) {
        try {
          inTx('ROLLBACK');
        } catch {
          // gone already
        }
        throw err;
      }
    }
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
