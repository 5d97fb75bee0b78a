/**
 * The thread of the PostgreSQL driver (pg-store.ts): one pg.Client, connected on first use and again after
 * it was lost. It takes one statement at a time from the driver's port, runs it, posts the reply and wakes
 * the blocked driver through the shared cell. Built on its own into dist/pg-worker.js (scripts/build.mjs),
 * and started from there by both builds and by the tests, which run the source of everything else.
 */
import { createRequire } from 'node:module';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import type { Client } from 'pg';
import type * as Pg from 'pg';

/** What the driver gives the thread when it starts it. */
export interface PgWorkerData {
  /** Where `pg` is: resolved by the driver, so the thread loads the very copy the driver would. */
  pgPath: string;
  url: string;
  ctrl: SharedArrayBuffer;
  port: MessagePort;
  connectTimeoutMs: number;
  queryTimeoutMs: number;
}

/** One statement from the driver. */
export interface PgRequest {
  id: number;
  sql: string;
  params?: unknown[];
  /** The BEGIN of a transaction, sent with its first statement (no round trip of its own). */
  begin?: string;
  /** The statement belongs to an open transaction: only that transaction's connection may run it. */
  inTx?: boolean;
  /** Its limit (ms): what is left of its operation's time (pg-store.ts statementTimeout); else queryTimeoutMs. */
  timeoutMs?: number;
  /**
   * Statements of the same transaction sent right after it, each once the one before it is answered, with no
   * trip back to the driver's thread in between (pg-store.ts series); their results come in `more`.
   */
  then?: Array<{ sql: string; params: unknown[] }>;
}

/** The driver's word to drop the connection (a reset after an error). */
export interface PgReset {
  reset: true;
}

export interface PgReply {
  id: number;
  rows?: Record<string, unknown>[];
  changes?: number;
  /** The results of the request's `then` statements, in order. */
  more?: Array<{ rows: Record<string, unknown>[]; changes: number }>;
  /**
   * `outcome`: a COMMIT whose answer was lost and whose transaction the database could not be asked about
   * (`unknown`); without it, an unavailable error means nothing of the transaction was committed.
   */
  error?: { message: string; code?: string; unavailable: boolean; outcome?: 'unknown' };
  /** A COMMIT not confirmed in time, found committed (outcomeOf): the store is slow (pg-store.ts slowRecently). */
  lookedUp?: true;
}

const data = workerData as PgWorkerData;
const pg = createRequire(import.meta.url)(data.pgPath) as typeof Pg;
pg.types.setTypeParser(20, Number);
const ctrl = new Int32Array(data.ctrl);
const port = data.port;
let client: Client | undefined;
// The connection that ran the open transaction's BEGIN: the transaction's other statements go there or nowhere.
let txClient: Client | undefined;
// The open transaction's id and its backend's pid (txid_current() with its BEGIN): what a COMMIT whose
// answer was lost is looked up by, from another connection (outcomeOf).
let txXid: string | undefined;
let txPid: number | undefined;
/**
 * How long finding out whether a COMMIT took effect may take (the driver waits its time-out + 5 s): the
 * back-off (pg-store.ts BACKOFF_MS), so that an answer comes within one query time-out plus the back-off.
 */
const OUTCOME_MS = 2000;
const LOST =
  /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|Connection terminated|timeout|Client has encountered a connection error|not queryable/i;

async function connect(): Promise<Client> {
  if (client) return client;
  const c = new pg.Client({
    connectionString: data.url,
    connectionTimeoutMillis: data.connectTimeoutMs,
    query_timeout: data.queryTimeoutMs,
    application_name: 'svcctl serve',
  });
  c.on('error', () => {
    if (client === c) client = undefined;
  });
  try {
    await c.connect();
  } catch (err) {
    c.end().catch(() => {});
    throw err;
  }
  client = c;
  return c;
}

function answer(reply: PgReply): void {
  port.postMessage(reply);
  Atomics.store(ctrl, 0, 1);
  Atomics.notify(ctrl, 0);
}

function dropConnection(): void {
  const c = client;
  client = undefined;
  txClient = undefined;
  if (c) c.end().catch(() => {});
}

// A statement that cannot have changed anything: the first of a transaction (its BEGIN travels with it) or
// a SELECT on its own, outside a transaction. Met with a connection that turns out lost (the database
// restarted, or cut it), it is sent once more on a new one; anything else lost is the caller's 503 (its
// outcome is unknown). A statement inside a transaction whose connection was lost is never sent elsewhere:
// the database rolled the transaction back, and the rest of it alone would commit part of an operation.
const harmless = (m: PgRequest) => m.begin !== undefined || (!m.inTx && /^\s*SELECT\b/i.test(m.sql));
const begins = (m: PgRequest) => m.begin !== undefined || /^\s*BEGIN\b/i.test(m.sql);
const ends = (m: PgRequest) => /^\s*(COMMIT|ROLLBACK)\b/i.test(m.sql);

/**
 * Connection errors (class 08, shutdowns, too many connections), the socket's own, a login refused (class
 * 28: a password changed under a running serve), a database gone (3D000), a database that takes no
 * writes (25006: a standby after a failover, default_transaction_read_only) and a role that lacks a
 * privilege on the store (42501: a read-only role, a REVOKE), a statement the database cancelled (57014:
 * its statement_timeout, pg_cancel_backend; 55P03: its lock_timeout, a lock held elsewhere) and the
 * database out of a resource (class 53: disk full, out of memory, too many connections): the store cannot
 * serve the request, a retryable 503, never an internal error. (Any error of a connection attempt is one
 * too: run.)
 */
function isUnavailable(code: string | undefined, message: string): boolean {
  if (code !== undefined && /^(08|28|3D000|25006|42501|57014|55P03|57P0[1-3]|53)/.test(code)) return true;
  return (code === undefined || /^E[A-Z]/.test(code)) && LOST.test(message);
}

/** What the log says of an unavailable error whose code tells more than its message. */
function explain(code: string | undefined, message: string): string {
  if (code === '25006')
    return `the database takes no writes (${message}): a standby after a failover, or default_transaction_read_only`;
  if (code?.startsWith('28')) return `the database refused the login (${message})`;
  if (code === '57014' || code === '55P03')
    return `the database cancelled the statement (${message}): a lock held elsewhere, or the database's statement_timeout or lock_timeout`;
  if (code === '42501')
    return `the database role lacks a privilege on the store (${message}): the role of the store URL must own the store's tables, or hold every privilege on them and on the schema`;
  return message;
}

/**
 * A COMMIT sent whose answer never came (a time-out: a stalled database, a synchronous standby that does not
 * confirm; or the connection lost): did it take effect? Asked from a new connection: the old backend is
 * ended first (pg_terminate_backend: a COMMIT still waiting then either commits or not, for good), then
 * txid_status says `committed` or `aborted` (a crash leaves it `aborted`). `unknown` when the database
 * cannot be asked within OUTCOME_MS.
 */
async function outcomeOf(xid: string, pid: number | undefined): Promise<'committed' | 'aborted' | 'unknown'> {
  // Within OUTCOME_MS in all, whatever each step takes (a connect, then two queries, each with its own limit):
  // the caller's thread stops waiting for this answer soon after (pg-store.ts), and would then know less.
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'unknown'>((resolve) => {
    timer = setTimeout(() => resolve('unknown'), OUTCOME_MS);
  });
  try {
    return await Promise.race([lookUp(xid, pid, Date.now() + OUTCOME_MS), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function lookUp(
  xid: string,
  pid: number | undefined,
  until: number,
): Promise<'committed' | 'aborted' | 'unknown'> {
  const c = new pg.Client({
    connectionString: data.url,
    connectionTimeoutMillis: Math.min(data.connectTimeoutMs, OUTCOME_MS),
    query_timeout: OUTCOME_MS,
    application_name: 'svcctl serve',
  });
  c.on('error', () => {});
  try {
    await c.connect();
    if (pid !== undefined) await c.query('SELECT pg_terminate_backend($1)', [pid]);
    for (;;) {
      const status = (await c.query('SELECT txid_status($1) AS status', [xid])).rows[0]?.status;
      if (status === 'committed' || status === 'aborted') return status;
      if (Date.now() > until) return 'unknown';
      await new Promise((r) => setTimeout(r, 20));
    }
  } catch {
    return 'unknown';
  } finally {
    c.end().catch(() => {});
  }
}

async function run(m: PgRequest): Promise<void> {
  if (m.inTx && (client === undefined || client !== txClient)) {
    txClient = undefined;
    answer({
      id: m.id,
      error: {
        message: 'the connection was lost inside a transaction, which the database rolled back',
        unavailable: true,
      },
    });
    return;
  }
  for (let attempt = 1; ; attempt++) {
    const reused = client !== undefined;
    // A connection attempt that fails for any reason (TLS refused by the server, an option it rejects) sent
    // no statement: the store is unavailable, not an internal error (at start, serve's 253 naming the store).
    let connecting = true;
    try {
      const c = await connect();
      connecting = false;
      const limit = { query_timeout: m.timeoutMs ?? data.queryTimeoutMs };
      if (m.begin) {
        // One round trip: the BEGIN (and its SET LOCAL, if any) and the transaction's id, for a COMMIT whose
        // answer is lost (outcomeOf).
        const results = (await c.query({
          text: `${m.begin}; SELECT txid_current() AS xid`,
          ...limit,
        })) as unknown as Pg.QueryResult[];
        txXid = String(results.at(-1)!.rows[0]!.xid);
        txPid = (c as unknown as { processID?: number }).processID;
      }
      if (begins(m)) txClient = c;
      if (begins(m) && !m.begin) txXid = undefined;
      const r = await c.query({ text: m.sql, values: m.params, ...limit });
      const more: PgReply['more'] = [];
      for (const next of m.then ?? []) {
        const n = await c.query({ text: next.sql, values: next.params, ...limit });
        more.push({ rows: n.rows, changes: n.rowCount ?? 0 });
      }
      if (ends(m)) {
        txClient = undefined;
        txXid = undefined;
      }
      answer({ id: m.id, rows: r.rows, changes: r.rowCount ?? 0, ...(m.then ? { more } : {}) });
      return;
    } catch (err) {
      const e = err as { code?: unknown; message?: unknown };
      const code = typeof e.code === 'string' ? e.code : undefined;
      const message = String(e.message);
      const unavailable = connecting || isUnavailable(code, message);
      const xid = txXid;
      const pid = txPid;
      if (unavailable) dropConnection();
      if (ends(m)) {
        txClient = undefined;
        txXid = undefined;
      }
      const lost = unavailable && !/^(28|3D000|25006|42501|57014|55P03)/.test(code ?? '');
      if (lost && reused && attempt === 1 && harmless(m) && !/timeout/i.test(message)) continue;
      if (lost && /^\s*COMMIT\b/i.test(m.sql) && xid !== undefined) {
        const outcome = await outcomeOf(xid, pid);
        if (outcome === 'committed') {
          answer({ id: m.id, rows: [], changes: 0, lookedUp: true });
          return;
        }
        if (outcome === 'unknown') {
          answer({ id: m.id, error: { message, code, unavailable, outcome } });
          return;
        }
        answer({ id: m.id, error: { message: `${message}; the transaction was rolled back`, code, unavailable } });
        return;
      }
      answer({ id: m.id, error: { message: explain(code, message), code, unavailable } });
      return;
    }
  }
}

parentPort?.on('message', (m: PgRequest | PgReset) => {
  if ('reset' in m) return dropConnection();
  void run(m);
});
