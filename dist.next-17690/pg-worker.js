import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/backends/embedded/store/pg-worker.ts
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
var data = workerData;
var pg = createRequire(import.meta.url)(data.pgPath);
pg.types.setTypeParser(20, Number);
var ctrl = new Int32Array(data.ctrl);
var port = data.port;
var client;
var txClient;
var txXid;
var txPid;
var OUTCOME_MS = 3e3;
var LOST = /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|Connection terminated|timeout|Client has encountered a connection error|not queryable/i;
async function connect() {
  if (client) return client;
  const c = new pg.Client({
    connectionString: data.url,
    connectionTimeoutMillis: data.connectTimeoutMs,
    query_timeout: data.queryTimeoutMs,
    application_name: "svcctl serve"
  });
  c.on("error", () => {
    if (client === c) client = void 0;
  });
  try {
    await c.connect();
  } catch (err) {
    c.end().catch(() => {
    });
    throw err;
  }
  client = c;
  return c;
}
function answer(reply) {
  port.postMessage(reply);
  Atomics.store(ctrl, 0, 1);
  Atomics.notify(ctrl, 0);
}
function dropConnection() {
  const c = client;
  client = void 0;
  txClient = void 0;
  if (c) c.end().catch(() => {
  });
}
var harmless = (m) => m.begin !== void 0 || !m.inTx && /^\s*SELECT\b/i.test(m.sql);
var begins = (m) => m.begin !== void 0 || /^\s*BEGIN\b/i.test(m.sql);
var ends = (m) => /^\s*(COMMIT|ROLLBACK)\b/i.test(m.sql);
function isUnavailable(code, message) {
  if (code !== void 0 && /^(08|28|3D000|25006|57P0[1-3]|53300)/.test(code)) return true;
  return (code === void 0 || /^E[A-Z]/.test(code)) && LOST.test(message);
}
function explain(code, message) {
  if (code === "25006")
    return `the database takes no writes (${message}): a standby after a failover, or default_transaction_read_only`;
  if (code?.startsWith("28")) return `the database refused the login (${message})`;
  return message;
}
async function outcomeOf(xid, pid) {
  const until = Date.now() + OUTCOME_MS;
  const c = new pg.Client({
    connectionString: data.url,
    connectionTimeoutMillis: Math.min(data.connectTimeoutMs, OUTCOME_MS),
    query_timeout: OUTCOME_MS,
    application_name: "svcctl serve"
  });
  c.on("error", () => {
  });
  try {
    await c.connect();
    if (pid !== void 0) await c.query("SELECT pg_terminate_backend($1)", [pid]);
    for (; ; ) {
      const status = (await c.query("SELECT txid_status($1) AS status", [xid])).rows[0]?.status;
      if (status === "committed" || status === "aborted") return status;
      if (Date.now() > until) return "unknown";
      await new Promise((r) => setTimeout(r, 20));
    }
  } catch {
    return "unknown";
  } finally {
    c.end().catch(() => {
    });
  }
}
async function run(m) {
  if (m.inTx && (client === void 0 || client !== txClient)) {
    txClient = void 0;
    answer({
      id: m.id,
      error: {
        message: "the connection was lost inside a transaction, which the database rolled back",
        unavailable: true
      }
    });
    return;
  }
  for (let attempt = 1; ; attempt++) {
    const reused = client !== void 0;
    try {
      const c = await connect();
      if (m.begin) {
        const [, id] = await c.query(`${m.begin}; SELECT txid_current() AS xid`);
        txXid = String(id.rows[0].xid);
        txPid = c.processID;
      }
      if (begins(m)) txClient = c;
      if (begins(m) && !m.begin) txXid = void 0;
      const r = await c.query(m.sql, m.params);
      if (ends(m)) {
        txClient = void 0;
        txXid = void 0;
      }
      answer({ id: m.id, rows: r.rows, changes: r.rowCount ?? 0 });
      return;
    } catch (err) {
      const e = err;
      const code = typeof e.code === "string" ? e.code : void 0;
      const message = String(e.message);
      const unavailable = isUnavailable(code, message);
      const xid = txXid;
      const pid = txPid;
      if (unavailable) dropConnection();
      if (ends(m)) {
        txClient = void 0;
        txXid = void 0;
      }
      const lost = unavailable && !/^(28|3D000|25006)/.test(code ?? "");
      if (lost && reused && attempt === 1 && harmless(m) && !/timeout/i.test(message)) continue;
      if (lost && /^\s*COMMIT\b/i.test(m.sql) && xid !== void 0) {
        const outcome = await outcomeOf(xid, pid);
        if (outcome === "committed") {
          answer({ id: m.id, rows: [], changes: 0 });
          return;
        }
        if (outcome === "unknown") {
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
parentPort?.on("message", (m) => {
  if ("reset" in m) return dropConnection();
  void run(m);
});
