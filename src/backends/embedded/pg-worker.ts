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
}

/** The driver's word to drop the connection (a reset after an error). */
export interface PgReset {
  reset: true;
}

export interface PgReply {
  id: number;
  rows?: Record<string, unknown>[];
  changes?: number;
  error?: { message: string; code?: string; unavailable: boolean };
}

const data = workerData as PgWorkerData;
const pg = createRequire(import.meta.url)(data.pgPath) as typeof Pg;
pg.types.setTypeParser(20, Number);
const ctrl = new Int32Array(data.ctrl);
const port = data.port;
let client: Client | undefined;
// The connection that ran the open transaction's BEGIN: the transaction's other statements go there or nowhere.
let txClient: Client | undefined;
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

/** Connection errors (class 08, shutdowns, too many connections) and the socket's own: the database is away. */
function isUnavailable(code: string | undefined, message: string): boolean {
  if (code !== undefined && /^(08|57P0[1-3]|53300)/.test(code)) return true;
  return (code === undefined || /^E[A-Z]/.test(code)) && LOST.test(message);
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
    try {
      const c = await connect();
      if (m.begin) await c.query(m.begin);
      if (begins(m)) txClient = c;
      const r = await c.query(m.sql, m.params);
      if (ends(m)) txClient = undefined;
      answer({ id: m.id, rows: r.rows, changes: r.rowCount ?? 0 });
      return;
    } catch (err) {
      const e = err as { code?: unknown; message?: unknown };
      const code = typeof e.code === 'string' ? e.code : undefined;
      const message = String(e.message);
      const unavailable = isUnavailable(code, message);
      if (unavailable) dropConnection();
      if (ends(m)) txClient = undefined;
      if (unavailable && reused && attempt === 1 && harmless(m) && !/timeout/i.test(message)) continue;
      answer({ id: m.id, error: { message, code, unavailable } });
      return;
    }
  }
}

parentPort?.on('message', (m: PgRequest | PgReset) => {
  if ('reset' in m) return dropConnection();
  void run(m);
});
