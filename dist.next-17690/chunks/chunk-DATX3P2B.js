import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  storeKind
} from "./chunk-DOZZZHVC.js";
import {
  ACCOUNT_UPDATE_LEASES,
  IDEMPOTENCY_KEYS,
  JOURNAL,
  RESET_KINDS,
  RESOURCES,
  RESOURCE_KINDS
} from "./chunk-A7HPNQES.js";
import {
  stmt
} from "./chunk-3ZGBRO46.js";
import {
  parseJsonInts,
  stringifyJsonExact
} from "./chunk-4W72ZHQN.js";

// src/backends/embedded/journal.ts
var DEFAULT_JOURNAL_SIZE = 1e3;
var INSERT = `INSERT INTO journal (time_ms, account, principal, region, protocol, operation, input, status, error_code, latency_ms, idempotency_key, warning)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
var TRIM = "DELETE FROM journal WHERE seq <= ?";
function recordEntries(db, records, limit) {
  if (limit <= 0 || records.length === 0) return;
  db.transaction(() => {
    if (storeKind(db) === "postgres") return appendOnPostgres(db, records, limit);
    let last = 0;
    for (const r of records) last = Number(stmt(db, INSERT).run(...rowOf(r)).lastInsertRowid);
    if (last > limit) stmt(db, TRIM).run(last - limit);
  }, "read committed")();
}
var rowOf = (r) => [
  r.timeMs,
  r.account,
  r.principal ?? null,
  r.region,
  r.protocol,
  r.operation,
  stringifyJsonExact(r.input),
  r.status,
  r.errorCode ?? null,
  r.latencyMs,
  r.idempotencyKey ?? null,
  warningColumn(r)
];
var FAULT_MARK = "fault: ";
function warningColumn(r) {
  if (r.fault === void 0) return r.warning ?? null;
  return `${FAULT_MARK}${r.fault}${r.warning === void 0 ? "" : `
${r.warning}`}`;
}
function splitWarning(column) {
  if (column === null) return {};
  if (!column.startsWith(FAULT_MARK)) return { Warning: column };
  const nl = column.indexOf("\n");
  const fault = nl < 0 ? column.slice(FAULT_MARK.length) : column.slice(FAULT_MARK.length, nl);
  return { ...nl < 0 ? {} : { Warning: column.slice(nl + 1) }, Fault: fault };
}
var PG_BATCH = 32;
function appendOnPostgres(db, all, limit) {
  const records = all.slice(-limit);
  for (let at = 0; at < records.length; at += PG_BATCH) {
    const batch = records.slice(at, at + PG_BATCH);
    stmt(db, appendAndTrim(batch.length)).run(...batch.flatMap(rowOf), limit);
  }
}
function appendAndTrim(rows) {
  const values = Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ");
  return `WITH appended AS (${INSERT.replace(/VALUES \(.*\)$/s, `VALUES ${values}`)} RETURNING seq)
      DELETE FROM journal WHERE seq <= (SELECT max(seq) FROM appended) - ?`;
}
function entry(row) {
  return {
    Seq: row.seq,
    Time: new Date(row.time_ms).toISOString(),
    Account: row.account,
    ...row.principal === null ? {} : { Principal: row.principal },
    Region: row.region,
    Protocol: row.protocol,
    Operation: row.operation,
    Input: parseJsonInts(row.input),
    Status: row.status,
    ...row.error_code === null ? {} : { ErrorCode: row.error_code },
    LatencyMs: row.latency_ms,
    ...row.idempotency_key === null ? {} : { IdempotencyKey: row.idempotency_key },
    ...splitWarning(row.warning)
  };
}
function listEntries(db, opts = {}) {
  const rows = opts.limit === void 0 ? db.prepare("SELECT * FROM journal WHERE seq > ? ORDER BY seq DESC").all(opts.after ?? 0) : db.prepare("SELECT * FROM journal WHERE seq > ? ORDER BY seq DESC LIMIT ?").all(opts.after ?? 0, opts.limit);
  return rows.reverse().map(entry);
}
function journalSpan(db) {
  const row = db.prepare("SELECT count(*) AS n, min(seq) AS first, max(seq) AS last FROM journal").get();
  return { Kept: Number(row.n), FirstSeq: Number(row.first ?? 0), LastSeq: Number(row.last ?? 0) };
}

// src/backends/embedded/resources.ts
var KINDS = Object.fromEntries(RESOURCES.map((r) => [r.kind, r]));
var RESET_TABLES = {
  ...KINDS,
  "idempotency-keys": { table: IDEMPOTENCY_KEYS.table, owner: "owner" },
  journal: { table: JOURNAL.table, owner: "account" }
};
function listResources(db, opts = {}) {
  const kinds = opts.kind === void 0 ? RESOURCE_KINDS : [opts.kind];
  return kinds.flatMap((kind) => rowsOf(db, kind));
}
var KIND_COUNTS = "SELECT owner AS account, sum(n) AS n FROM resource_counts WHERE kind = ? GROUP BY owner HAVING sum(n) > 0 ORDER BY owner";
function summarizeResources(db, first) {
  const out = [];
  for (const kind of RESOURCE_KINDS) {
    const counts = db.prepare(KIND_COUNTS).all(kind);
    if (counts.length === 0) continue;
    const accounts = Object.fromEntries(counts.map((c) => [c.account, Number(c.n)]));
    const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
    out.push({ Kind: kind, Count: total, Accounts: accounts, First: first > 0 ? rowsOf(db, kind, first) : [] });
  }
  return out;
}
function listingQuery(kind) {
  const k = KINDS[kind];
  const region = k.region ? `, ${k.region} AS region` : "";
  return `SELECT ${k.owner} AS account, ${k.name} AS name, created_ms${region} FROM ${k.table} ORDER BY ${k.owner}, created_ms, ${k.name}`;
}
function rowsOf(db, kind, limit) {
  const sql = listingQuery(kind);
  const rows = limit === void 0 ? db.prepare(sql).all() : db.prepare(`${sql} LIMIT ?`).all(limit);
  return rows.map((r) => ({
    Kind: kind,
    Account: r.account,
    ...r.region === void 0 ? {} : { Region: r.region },
    Name: r.name,
    Created: new Date(Number(r.created_ms)).toISOString()
  }));
}
function resetStore(db, opts = {}) {
  const kinds = opts.kind === void 0 ? RESET_KINDS : [opts.kind];
  const counts = {};
  const where = (column) => opts.account === void 0 ? ["", []] : [` WHERE ${column} = ?`, [opts.account]];
  db.transaction(() => {
    for (const kind of kinds) {
      const { table, owner } = RESET_TABLES[kind];
      const [clause, args] = where(owner);
      counts[kind] = db.prepare(`DELETE FROM ${table}${clause}`).run(...args).changes;
    }
    if (opts.kind === void 0 && opts.account === void 0)
      db.prepare(`DELETE FROM ${ACCOUNT_UPDATE_LEASES.table}`).run();
  })();
  return counts;
}

export {
  DEFAULT_JOURNAL_SIZE,
  recordEntries,
  listEntries,
  journalSpan,
  listResources,
  summarizeResources,
  resetStore
};
