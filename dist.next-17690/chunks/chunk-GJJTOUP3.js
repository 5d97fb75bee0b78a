import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  maskStoreUrl
} from "./chunk-LSYXKZPM.js";
import {
  pauseBeforeCommit
} from "./chunk-SF2BSYQS.js";
import {
  ConfigError,
  StoreUnavailableError
} from "./chunk-ZTOYQUS4.js";

// src/backends/embedded/store/pg-store.ts
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
var PG_MIGRATIONS = [
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
  // The SQLite schema's version 7 (issue 42): rows per kind, account and region, kept by triggers (one per
  // statement, over its transition table: a reset of many rows updates each count once), counted from the
  // rows already stored; and the inspector's listing-order indexes.
  `CREATE TABLE resource_counts (
     kind TEXT COLLATE "C" NOT NULL, owner TEXT COLLATE "C" NOT NULL, region TEXT COLLATE "C" NOT NULL,
     n BIGINT NOT NULL, PRIMARY KEY (kind, owner, region));
   CREATE FUNCTION repositories_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'repositories', registry_id, region, count(*) FROM added GROUP BY registry_id, region
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     ELSE
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'repositories', registry_id, region, -count(*) FROM removed GROUP BY registry_id, region
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER repositories_added AFTER INSERT ON repositories REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION repositories_counted();
   CREATE TRIGGER repositories_removed AFTER DELETE ON repositories REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION repositories_counted();
   INSERT INTO resource_counts (kind, owner, region, n) SELECT 'repositories', registry_id, region, count(*) FROM repositories GROUP BY registry_id, region;
   CREATE INDEX repositories_listed ON repositories (registry_id, created_ms, name);
   CREATE FUNCTION launch_configurations_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'launch-configurations', owner, region, count(*) FROM added GROUP BY owner, region
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     ELSE
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'launch-configurations', owner, region, -count(*) FROM removed GROUP BY owner, region
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER launch_configurations_added AFTER INSERT ON launch_configurations REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION launch_configurations_counted();
   CREATE TRIGGER launch_configurations_removed AFTER DELETE ON launch_configurations REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION launch_configurations_counted();
   INSERT INTO resource_counts (kind, owner, region, n) SELECT 'launch-configurations', owner, region, count(*) FROM launch_configurations GROUP BY owner, region;
   CREATE INDEX launch_configurations_listed ON launch_configurations (owner, created_ms, name);
   CREATE FUNCTION account_tokens_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'account-tokens', owner, '', count(*) FROM added GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     ELSE
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'account-tokens', owner, '', -count(*) FROM removed GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER account_tokens_added AFTER INSERT ON account_tokens REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION account_tokens_counted();
   CREATE TRIGGER account_tokens_removed AFTER DELETE ON account_tokens REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION account_tokens_counted();
   INSERT INTO resource_counts (kind, owner, region, n) SELECT 'account-tokens', owner, '', count(*) FROM account_tokens GROUP BY owner;
   CREATE INDEX account_tokens_listed ON account_tokens (owner, created_ms, id);
   CREATE FUNCTION accounts_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'accounts', owner, '', count(*) FROM added GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     ELSE
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'accounts', owner, '', -count(*) FROM removed GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER accounts_added AFTER INSERT ON accounts REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION accounts_counted();
   CREATE TRIGGER accounts_removed AFTER DELETE ON accounts REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION accounts_counted();
   INSERT INTO resource_counts (kind, owner, region, n) SELECT 'accounts', owner, '', count(*) FROM accounts GROUP BY owner;
   CREATE INDEX accounts_listed ON accounts (owner, created_ms, id);
   CREATE FUNCTION meter_event_adjustments_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'meter-event-adjustments', owner, '', count(*) FROM added GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     ELSE
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'meter-event-adjustments', owner, '', -count(*) FROM removed GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER meter_event_adjustments_added AFTER INSERT ON meter_event_adjustments REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION meter_event_adjustments_counted();
   CREATE TRIGGER meter_event_adjustments_removed AFTER DELETE ON meter_event_adjustments REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION meter_event_adjustments_counted();
   INSERT INTO resource_counts (kind, owner, region, n) SELECT 'meter-event-adjustments', owner, '', count(*) FROM meter_event_adjustments GROUP BY owner;
   CREATE INDEX meter_event_adjustments_listed ON meter_event_adjustments (owner, created_ms, id);`
];
var MAX_ATTEMPTS = 30;
var BACKOFF_MS = 2e3;
var RETRYABLE = /* @__PURE__ */ new Set(["40001", "40P01", "23505"]);
var MIGRATION_LOCK = 1400267619;
function toPostgres(sql) {
  let n = 0;
  let out = "";
  let quoted = false;
  for (const ch of sql) {
    if (ch === "'") quoted = !quoted;
    out += ch === "?" && !quoted ? `$${++n}` : ch;
  }
  if (/^\s*INSERT OR IGNORE INTO/i.test(out))
    out = `${out.replace(/INSERT OR IGNORE INTO/i, "INSERT INTO")} ON CONFLICT DO NOTHING`;
  const returnsSeq = /^\s*INSERT INTO journal\b/i.test(out);
  if (returnsSeq) out += " RETURNING seq";
  return { text: out, returnsSeq };
}
function workerScript() {
  for (const rel of ["./pg-worker.js", "../pg-worker.js", "../../../../dist/pg-worker.js"]) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new ConfigError("The PostgreSQL store needs the built svcctl: dist/pg-worker.js is missing (npm run build).");
}
var PAUSE = new Int32Array(new SharedArrayBuffer(4));
var PgError = class extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
  code;
};
var NUL = String.fromCharCode(0);
var ESC = String.fromCharCode(1);
var ENCODE = /* @__PURE__ */ new Map([
  [NUL, `${ESC}${String.fromCharCode(3)}`],
  [ESC, `${ESC}${String.fromCharCode(2)}`]
]);
var DECODE = new Map([...ENCODE].map(([raw, coded]) => [coded, raw]));
var ENCODED = new RegExp(`[${NUL}${ESC}]`, "g");
var DECODED = new RegExp(`${ESC}[${String.fromCharCode(2)}${String.fromCharCode(3)}]`, "g");
function toPgText(v) {
  return typeof v === "string" && (v.includes(NUL) || v.includes(ESC)) ? v.replace(ENCODED, (c) => ENCODE.get(c)) : v;
}
function fromPgText(v) {
  return typeof v === "string" && v.includes(ESC) ? v.replace(DECODED, (c) => DECODE.get(c)) : v;
}
function decodeRow(row) {
  for (const k in row) row[k] = fromPgText(row[k]);
  return row;
}
var PgStatement = class _PgStatement {
  constructor(db, sql) {
    this.db = db;
    this.sql = sql;
  }
  db;
  sql;
  plucked = false;
  rows(params) {
    const rows = this.db.query(this.sql.text, params.map(toPgText)).rows.map(decodeRow);
    return this.plucked ? rows.map((r) => Object.values(r)[0]) : rows;
  }
  get(...params) {
    return this.rows(params)[0];
  }
  all(...params) {
    return this.rows(params);
  }
  run(...params) {
    const r = this.db.query(this.sql.text, params.map(toPgText));
    return { changes: r.changes, lastInsertRowid: this.sql.returnsSeq ? Number(r.rows[0]?.seq ?? 0) : 0 };
  }
  pluck() {
    const s = new _PgStatement(this.db, this.sql);
    s.plucked = true;
    return s;
  }
};
var PgDatabase = class {
  constructor(options) {
    this.options = options;
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.queryTimeoutMs = options.queryTimeoutMs ?? 1e4;
    this.pause = pauseBeforeCommit(options.hooks?.txPauseDir);
    const pgPath = createRequire(import.meta.url).resolve("pg");
    const workerData = {
      pgPath,
      url: options.url,
      ctrl: this.ctrl.buffer,
      port: port2,
      connectTimeoutMs: options.connectTimeoutMs ?? 5e3,
      queryTimeoutMs: this.queryTimeoutMs
    };
    this.worker = new Worker(workerScript(), {
      workerData,
      transferList: [port2]
    });
    this.worker.unref();
  }
  options;
  kind = "postgres";
  worker;
  port;
  ctrl = new Int32Array(new SharedArrayBuffer(4));
  next = 0;
  depth = 0;
  /** The BEGIN of the open transaction, until its first statement carries it to the worker. */
  pendingBegin;
  queryTimeoutMs;
  /**
   * After the database did not answer in time (a host that drops packets, a server that hangs), statements
   * fail at once until this instant instead of each blocking the instance for a whole time-out: serve stays
   * responsive (health, metrics, 503s) while the database is away, and tries again after BACKOFF_MS.
   */
  quietUntil = 0;
  quietReason = "";
  /** The crash tests' hook (SVCCTL_TEST_TX_PAUSE, test-hooks.ts): a transaction waits there before its COMMIT. */
  pause;
  /** Round trips made, for the benchmark and the debug log. */
  queries = 0;
  /** Operations run again after a serialization failure, deadlock or unique race. */
  retries = 0;
  /**
   * One statement, synchronously: posted to the worker, the answer awaited on the shared cell. `inTx`: the
   * statement belongs to an open transaction (the worker sends it only on that transaction's connection).
   */
  query(text, params = [], inTx = this.depth > 0 && this.pendingBegin === void 0) {
    if (Date.now() < this.quietUntil) throw this.unavailable(this.quietReason);
    const id = ++this.next;
    this.queries++;
    Atomics.store(this.ctrl, 0, 0);
    this.worker.postMessage({ id, sql: text, params, begin: this.pendingBegin, inTx });
    this.pendingBegin = void 0;
    const deadline = Date.now() + this.queryTimeoutMs + 5e3;
    for (; ; ) {
      let msg = receiveMessageOnPort(this.port);
      while (msg && msg.message.id !== id) msg = receiveMessageOnPort(this.port);
      if (msg) {
        const reply = msg.message;
        if (reply.error) {
          if (reply.error.unavailable) {
            if (/timeout|timed out/i.test(reply.error.message)) this.quiet(reply.error.message);
            throw this.unavailable(reply.error.message, reply.error.outcome);
          }
          throw new PgError(reply.error.message, reply.error.code);
        }
        return { rows: reply.rows, changes: reply.changes };
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        this.worker.postMessage({ reset: true });
        this.quiet(`no answer within ${this.queryTimeoutMs + 5e3} ms`);
        throw this.unavailable(this.quietReason);
      }
      Atomics.wait(this.ctrl, 0, 0, left);
      Atomics.store(this.ctrl, 0, 0);
    }
  }
  quiet(reason) {
    this.quietUntil = Date.now() + BACKOFF_MS;
    this.quietReason = `${reason} (not tried again for ${BACKOFF_MS / 1e3} s)`;
  }
  unavailable(detail, outcome) {
    const store = `The store (PostgreSQL at ${maskStoreUrl(this.options.url)})`;
    if (outcome === "unknown")
      return new StoreUnavailableError(
        `${store} did not answer whether the request's COMMIT took effect (${detail}); it may have.`,
        "unknown"
      );
    return new StoreUnavailableError(`${store} is unavailable: ${detail}. Retry the request.`);
  }
  prepare(sql) {
    return new PgStatement(this, toPostgres(sql));
  }
  exec(sql) {
    this.query(sql);
  }
  transaction(fn, isolation = "serializable") {
    const run = ((...args) => this.inTransaction(isolation, () => fn(...args)));
    run.immediate = run;
    return run;
  }
  /** fn in one transaction, run again (bounded) on a serialization failure; nested: part of the outer one. */
  inTransaction(isolation, fn) {
    if (this.depth > 0) return fn();
    for (let attempt = 1; ; attempt++) {
      this.pendingBegin = `BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}`;
      this.depth = 1;
      try {
        const out = fn();
        if (this.pendingBegin === void 0) {
          this.pause?.();
          this.query("COMMIT");
        }
        return out;
      } catch (err) {
        if (this.pendingBegin !== void 0) {
        } else {
          try {
            this.query("ROLLBACK");
          } catch {
          }
        }
        if (!(err instanceof PgError) || !RETRYABLE.has(err.code ?? "")) throw err;
        if (attempt >= MAX_ATTEMPTS)
          throw this.unavailable(`the operation met a conflicting transaction ${MAX_ATTEMPTS} times (${err.message})`);
        this.retries++;
        Atomics.wait(PAUSE, 0, 0, Math.random() * Math.min(2 ** attempt, 100));
      } finally {
        this.depth = 0;
        this.pendingBegin = void 0;
      }
    }
  }
  pragma(source) {
    if (source !== "user_version") throw new Error(`PostgreSQL store: no pragma ${source}`);
    return schemaVersion(this);
  }
  close() {
    void this.worker.terminate();
    this.port.close();
  }
};
function schemaVersion(db) {
  const row = db.query("SELECT to_regclass('svcctl_schema') IS NOT NULL AS present").rows[0];
  if (!row.present) return 0;
  return Number(db.query("SELECT version FROM svcctl_schema").rows[0]?.version ?? 0);
}
function tooNew(version, url) {
  return new ConfigError(
    `The store ${maskStoreUrl(url)} was written by a newer svcctl (schema version ${version}; this svcctl knows versions up to ${PG_MIGRATIONS.length}). Upgrade svcctl, or use another database.`
  );
}
function openPgStore(options) {
  const db = new PgDatabase(options);
  try {
    const version = schemaVersion(db);
    if (version > PG_MIGRATIONS.length) throw tooNew(version, options.url);
    if (version < PG_MIGRATIONS.length) {
      db.query("BEGIN");
      const inTx = (sql, params = []) => db.query(sql, params, true);
      try {
        inTx("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
        inTx("CREATE TABLE IF NOT EXISTS svcctl_schema (version INTEGER NOT NULL)");
        const current = Number(inTx("SELECT version FROM svcctl_schema").rows[0]?.version ?? 0);
        if (current > PG_MIGRATIONS.length) throw tooNew(current, options.url);
        for (let v = current; v < PG_MIGRATIONS.length; v++) inTx(PG_MIGRATIONS[v]);
        inTx("DELETE FROM svcctl_schema");
        inTx("INSERT INTO svcctl_schema (version) VALUES ($1)", [PG_MIGRATIONS.length]);
        inTx("COMMIT");
      } catch (err) {
        try {
          inTx("ROLLBACK");
        } catch {
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

export {
  PG_MIGRATIONS,
  MAX_ATTEMPTS,
  BACKOFF_MS,
  toPostgres,
  toPgText,
  fromPgText,
  PgDatabase,
  openPgStore
};
