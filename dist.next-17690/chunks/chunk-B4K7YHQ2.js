import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  storeKind
} from "./chunk-DOZZZHVC.js";
import {
  makePrivateDir
} from "./chunk-BYMUKPFK.js";
import {
  envStoreUrl
} from "./chunk-46IKJ3ML.js";
import {
  maskStoreUrl
} from "./chunk-LSYXKZPM.js";
import {
  pauseBeforeCommit,
  testHooks
} from "./chunk-SF2BSYQS.js";
import {
  ConfigError
} from "./chunk-ZTOYQUS4.js";

// src/backends/embedded/store/sqlite-store.ts
import { accessSync, chmodSync, closeSync, constants, existsSync, openSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Sqlite from "better-sqlite3";
var BUSY_TIMEOUT_MS = 1e4;
function busyTimeoutMs(hooks) {
  return hooks.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
}
var MIGRATIONS = [
  `CREATE TABLE repositories (
     region TEXT NOT NULL, registry_id TEXT NOT NULL, name TEXT NOT NULL,
     created_ms INTEGER NOT NULL, doc TEXT NOT NULL,
     PRIMARY KEY (region, registry_id, name)) WITHOUT ROWID;
   CREATE TABLE launch_configurations (
     region TEXT NOT NULL, name TEXT NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL,
     PRIMARY KEY (region, name)) WITHOUT ROWID;
   CREATE TABLE account_tokens (
     id TEXT PRIMARY KEY, livemode INTEGER NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE meter_event_adjustments (
     id TEXT PRIMARY KEY, livemode INTEGER NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`,
  // v2 Idempotency-Key records (see idempotency.ts): one per mode and key, kept 24 hours.
  `CREATE TABLE idempotency_keys (
     livemode INTEGER NOT NULL, key TEXT NOT NULL, operation TEXT NOT NULL, fingerprint TEXT NOT NULL,
     created_ms INTEGER NOT NULL, response TEXT NOT NULL,
     PRIMARY KEY (livemode, key)) WITHOUT ROWID;
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_ms);`,
  // The v2 lifecycle: a token's use and expiry as columns (the single-use UPDATE tests them), accounts made
  // from tokens, when an adjustment completes, and the leases that count concurrent account updates.
  `ALTER TABLE account_tokens ADD COLUMN used INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE account_tokens ADD COLUMN expires_ms INTEGER NOT NULL DEFAULT 0;
   UPDATE account_tokens SET expires_ms = created_ms + 600000;
   ALTER TABLE meter_event_adjustments ADD COLUMN completes_ms INTEGER NOT NULL DEFAULT 0;
   UPDATE meter_event_adjustments SET completes_ms = created_ms;
   CREATE TABLE accounts (
     id TEXT PRIMARY KEY, livemode INTEGER NOT NULL, created_ms INTEGER NOT NULL, token_id TEXT NOT NULL UNIQUE,
     doc TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE account_update_leases (
     id TEXT PRIMARY KEY, account_id TEXT NOT NULL, livemode INTEGER NOT NULL, pid INTEGER NOT NULL,
     expires_ms INTEGER NOT NULL) WITHOUT ROWID;
   CREATE INDEX account_update_leases_scope ON account_update_leases (account_id, livemode);`,
  // Accounts side by side (serve --credentials): every resource belongs to the account of the caller that
  // made it. Rows from before belong to the default account 000000000000. Repositories already had theirs
  // (registry_id); a launch configuration's name and an idempotency key are unique per account.
  `CREATE TABLE launch_configurations_v4 (
     owner TEXT NOT NULL, region TEXT NOT NULL, name TEXT NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL,
     PRIMARY KEY (owner, region, name)) WITHOUT ROWID;
   INSERT INTO launch_configurations_v4 (owner, region, name, created_ms, doc)
     SELECT '000000000000', region, name, created_ms, doc FROM launch_configurations;
   DROP TABLE launch_configurations;
   ALTER TABLE launch_configurations_v4 RENAME TO launch_configurations;
   ALTER TABLE account_tokens ADD COLUMN owner TEXT NOT NULL DEFAULT '000000000000';
   ALTER TABLE meter_event_adjustments ADD COLUMN owner TEXT NOT NULL DEFAULT '000000000000';
   ALTER TABLE accounts ADD COLUMN owner TEXT NOT NULL DEFAULT '000000000000';
   CREATE TABLE idempotency_keys_v4 (
     owner TEXT NOT NULL, livemode INTEGER NOT NULL, key TEXT NOT NULL, operation TEXT NOT NULL, fingerprint TEXT NOT NULL,
     created_ms INTEGER NOT NULL, response TEXT NOT NULL,
     PRIMARY KEY (owner, livemode, key)) WITHOUT ROWID;
   INSERT INTO idempotency_keys_v4 SELECT '000000000000', livemode, key, operation, fingerprint, created_ms, response FROM idempotency_keys;
   DROP TABLE idempotency_keys;
   ALTER TABLE idempotency_keys_v4 RENAME TO idempotency_keys;
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_ms);`,
  // The request journal of svcctl serve (journal.ts): one row per request that reached an operation, the
  // oldest dropped beyond a bound. AUTOINCREMENT: a sequence number is never reused, even after a reset.
  `CREATE TABLE journal (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, time_ms INTEGER NOT NULL, account TEXT NOT NULL, principal TEXT,
     region TEXT NOT NULL, protocol TEXT NOT NULL, operation TEXT NOT NULL, input TEXT NOT NULL,
     status INTEGER NOT NULL, error_code TEXT, latency_ms REAL NOT NULL);`,
  // Version 6, two columns of the journal: the Idempotency-Key a v2 request came with (`service journal
  // --as-cli` sends it again, so a replay does what the original did: one object for many requests with one
  // key, not one per line), and what a client's answer does not say: a v2 version the service does not
  // know, served as the newest it knows (versions.ts).
  `ALTER TABLE journal ADD COLUMN idempotency_key TEXT;
   ALTER TABLE journal ADD COLUMN warning TEXT;`,
  // Version 7 (issue 42): how many rows of each resource kind each account has in each region (a kind without
  // regions: ''), kept by triggers in the transaction of every insert and delete, whatever makes it (a create,
  // a delete, a reset, `store import`; a transaction that never commits changes no count). A quota check reads
  // one row instead of counting the scope's rows, and the inspector sums these rows instead of every
  // resource. Counted from the rows already stored. The `_listed` indexes give the inspector its first rows
  // per kind in listing order (account, creation, name) without sorting the table.
  `CREATE TABLE resource_counts (
     kind TEXT NOT NULL, owner TEXT NOT NULL, region TEXT NOT NULL, n INTEGER NOT NULL,
     PRIMARY KEY (kind, owner, region)) WITHOUT ROWID;
   CREATE TRIGGER repositories_added AFTER INSERT ON repositories BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('repositories', NEW.registry_id, NEW.region, 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER repositories_removed AFTER DELETE ON repositories BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = 'repositories' AND owner = OLD.registry_id AND region = OLD.region;
   END;
   INSERT INTO resource_counts (kind, owner, region, n)
     SELECT 'repositories', registry_id, region, count(*) FROM repositories GROUP BY registry_id, region;
   CREATE INDEX repositories_listed ON repositories (registry_id, created_ms, name);
   CREATE TRIGGER launch_configurations_added AFTER INSERT ON launch_configurations BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('launch-configurations', NEW.owner, NEW.region, 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER launch_configurations_removed AFTER DELETE ON launch_configurations BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = 'launch-configurations' AND owner = OLD.owner AND region = OLD.region;
   END;
   INSERT INTO resource_counts (kind, owner, region, n)
     SELECT 'launch-configurations', owner, region, count(*) FROM launch_configurations GROUP BY owner, region;
   CREATE INDEX launch_configurations_listed ON launch_configurations (owner, created_ms, name);
   CREATE TRIGGER account_tokens_added AFTER INSERT ON account_tokens BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('account-tokens', NEW.owner, '', 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER account_tokens_removed AFTER DELETE ON account_tokens BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = 'account-tokens' AND owner = OLD.owner AND region = '';
   END;
   INSERT INTO resource_counts (kind, owner, region, n)
     SELECT 'account-tokens', owner, '', count(*) FROM account_tokens GROUP BY owner;
   CREATE INDEX account_tokens_listed ON account_tokens (owner, created_ms, id);
   CREATE TRIGGER accounts_added AFTER INSERT ON accounts BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('accounts', NEW.owner, '', 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER accounts_removed AFTER DELETE ON accounts BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = 'accounts' AND owner = OLD.owner AND region = '';
   END;
   INSERT INTO resource_counts (kind, owner, region, n)
     SELECT 'accounts', owner, '', count(*) FROM accounts GROUP BY owner;
   CREATE INDEX accounts_listed ON accounts (owner, created_ms, id);
   CREATE TRIGGER meter_event_adjustments_added AFTER INSERT ON meter_event_adjustments BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('meter-event-adjustments', NEW.owner, '', 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER meter_event_adjustments_removed AFTER DELETE ON meter_event_adjustments BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = 'meter-event-adjustments' AND owner = OLD.owner AND region = '';
   END;
   INSERT INTO resource_counts (kind, owner, region, n)
     SELECT 'meter-event-adjustments', owner, '', count(*) FROM meter_event_adjustments GROUP BY owner;
   CREATE INDEX meter_event_adjustments_listed ON meter_event_adjustments (owner, created_ms, id);`
];
function storePath(home) {
  return join(home, "state.db");
}
function privateFiles(file) {
  try {
    closeSync(openSync(file, "a", 384));
  } catch {
    return;
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(f).mode & 63) !== 0) chmodSync(f, 384);
    } catch {
    }
  }
}
function immediateTransactions(db, hooks) {
  const transaction = db.transaction.bind(db);
  const pause = pauseBeforeCommit(hooks.txPauseDir);
  db.transaction = ((fn) => transaction(
    pause ? (...args) => {
      const out = fn(...args);
      pause();
      return out;
    } : fn
  ).immediate);
}
var MOVE_AWAY = "Move it away, or set SVCCTL_HOME to another directory.";
function storeProblem(file, err, busyMs) {
  const code = err.code ?? "";
  if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT") {
    return new ConfigError(
      `The store ${file} is not a database svcctl can read (${err.message}). ${MOVE_AWAY}`
    );
  }
  if (code.startsWith("SQLITE_READONLY")) {
    return new ConfigError(
      `The store ${file} is read-only: svcctl can read it (describe, get) but not change it. Make the file and its directory writable by you, or set SVCCTL_HOME to another directory.`
    );
  }
  if (code === "SQLITE_FULL") {
    return new ConfigError(
      `The store ${file} cannot grow: the filesystem holding it is full (${err.message}), and nothing was changed. Free space there, or set SVCCTL_HOME to a directory on another filesystem.`
    );
  }
  if (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_")) {
    const seconds = busyMs / 1e3;
    return new ConfigError(
      `The store ${file} is locked by another process: this command waited ${seconds} s for its write to finish. Try again when that process is done (fuser ${file} names it).`
    );
  }
  if (code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_IOERR" || code.startsWith("SQLITE_IOERR_")) {
    return new ConfigError(
      `Unable to open the store ${file}: ${err.message}. Check that SVCCTL_HOME (${dirname(file)}) is a directory you can write.`
    );
  }
  return void 0;
}
var unreadable = (file, err, busyMs = BUSY_TIMEOUT_MS) => addonProblem(err) ?? storeProblem(file, err, busyMs) ?? err;
function addonProblem(err) {
  const { code, message = "" } = err ?? {};
  const addon = code === "ERR_DLOPEN_FAILED" || /NODE_MODULE_VERSION|Could not locate the bindings file|Cannot find module 'bindings'|better_sqlite3\.node/.test(
    message
  );
  if (!addon) return void 0;
  const first = message.split("\n")[0].replace(/^Error: /, "").replace(/ Tried:$/, "");
  return new ConfigError(
    `svcctl's SQLite driver (better-sqlite3) cannot be loaded by node ${process.version}: ${first}
Rebuild it for this node in svcctl's folder: npm rebuild better-sqlite3`
  );
}
function nativeBinding(require2) {
  try {
    return { nativeBinding: require2.resolve("better-sqlite3/build/Release/better_sqlite3.node") };
  } catch {
    return {};
  }
}
function toWal(db, busyMs) {
  const wait = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; ; waited += 10) {
    try {
      db.pragma("journal_mode = WAL");
      return;
    } catch (err) {
      if (err.code !== "SQLITE_BUSY" || waited >= busyMs) throw err;
      Atomics.wait(wait, 0, 0, 10);
    }
  }
}
function writable(home, file) {
  try {
    accessSync(home, constants.W_OK);
    if (existsSync(file)) accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
function openStore(home, hooks = {}) {
  makePrivateDir(home, "svcctl's home (SVCCTL_HOME)");
  return openStoreFile(storePath(home), hooks);
}
function openMemoryStore(hooks = {}) {
  const require2 = createRequire(import.meta.url);
  let db;
  try {
    db = new Sqlite(":memory:", nativeBinding(require2));
  } catch (err) {
    throw addonProblem(err) ?? err;
  }
  immediateTransactions(db, hooks);
  migrate(db, "the in-memory store");
  return db;
}
function openStoreFile(file, hooks = {}) {
  const home = dirname(file);
  const require2 = createRequire(import.meta.url);
  if (existsSync(file) && statSync(file).isDirectory())
    throw new ConfigError(`The store ${file} is a directory, not a database file. ${MOVE_AWAY}`);
  if (!writable(home, file)) return openReadOnly(Sqlite, require2, file);
  privateFiles(file);
  const busyMs = busyTimeoutMs(hooks);
  let db;
  try {
    db = new Sqlite(file, { timeout: busyMs, ...nativeBinding(require2) });
  } catch (err) {
    throw unreadable(file, err, busyMs);
  }
  try {
    toWal(db, busyMs);
    db.pragma("synchronous = NORMAL");
    db.pragma(`busy_timeout = ${busyMs}`);
    immediateTransactions(db, hooks);
    migrate(db, file);
    if (hooks.maxPageCount !== void 0) db.pragma(`max_page_count = ${hooks.maxPageCount}`);
  } catch (err) {
    db.close();
    throw unreadable(file, err, busyMs);
  }
  return db;
}
function openReadOnly(Sqlite2, require2, file) {
  if (!existsSync(file)) {
    throw new ConfigError(
      `Unable to create the store ${file}: SVCCTL_HOME (${dirname(file)}) is not writable by you. Set SVCCTL_HOME to a directory you can write.`
    );
  }
  if (existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0) {
    throw new ConfigError(
      `The store ${file} is read-only and has changes in ${file}-wal that only a writable directory lets SQLite read. Make the directory writable by you, or set SVCCTL_HOME to another directory.`
    );
  }
  let db;
  try {
    const snapshot = readFileSync(file);
    if (snapshot.length >= 20) snapshot[18] = snapshot[19] = 1;
    db = new Sqlite2(snapshot, { readonly: true, ...nativeBinding(require2) });
  } catch (err) {
    throw unreadable(file, err);
  }
  try {
    const version = db.pragma("user_version", { simple: true });
    if (version > MIGRATIONS.length) throw tooNew(version, file);
    if (version < MIGRATIONS.length) {
      throw new ConfigError(
        `The store ${file} is read-only and needs an upgrade (schema version ${version} to ${MIGRATIONS.length}) that svcctl cannot write. Make it writable by you once, or set SVCCTL_HOME to another directory.`
      );
    }
  } catch (err) {
    db.close();
    throw unreadable(file, err);
  }
  return db;
}
function tooNew(version, file) {
  return new ConfigError(
    `The store ${file} was written by a newer svcctl (schema version ${version}; this svcctl knows versions up to ${MIGRATIONS.length}). Upgrade svcctl, or set SVCCTL_HOME to another directory.`
  );
}
function migrate(db, file = "the store") {
  const version = db.pragma("user_version", { simple: true });
  if (version > MIGRATIONS.length) throw tooNew(version, file);
  if (version === 0) {
    const tables = db.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
    ).pluck().all();
    if (tables.length > 0) {
      throw new ConfigError(
        `The store ${file} is another program's SQLite database (tables: ${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", \u2026" : ""}), not svcctl's. ${MOVE_AWAY}`
      );
    }
  }
  if (version === MIGRATIONS.length) return;
  db.transaction(() => {
    const current = db.pragma("user_version", { simple: true });
    if (current > MIGRATIONS.length) throw tooNew(current, file);
    for (let v = current; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v]);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
async function openEmbeddedStore(home, env) {
  const url = envStoreUrl(env);
  const hooks = testHooks(env);
  if (url === void 0) return openStore(home, hooks);
  const { openPgStore } = await import("./pg-store-P75OSW2V.js");
  return openPgStore({ url, hooks });
}
function storePlace(home, env) {
  const url = envStoreUrl(env);
  return url === void 0 ? `the store ${storePath(home)}` : `the store ${maskStoreUrl(url)}`;
}
async function withEmbeddedStore(home, env, work, use = "write") {
  const missing = use === "read" && envStoreUrl(env) === void 0 && !existsSync(storePath(home));
  const db = missing ? openMemoryStore() : await openEmbeddedStore(home, env);
  try {
    return work(db);
  } finally {
    db.close();
  }
}
function changeMark(db) {
  if (storeKind(db) === "postgres") return void 0;
  const sqlite = db;
  return `${sqlite.pragma("data_version", { simple: true })}:${sqlite.prepare("SELECT total_changes()").pluck().get()}`;
}

export {
  busyTimeoutMs,
  MIGRATIONS,
  storePath,
  storeProblem,
  openStore,
  openMemoryStore,
  openStoreFile,
  storePlace,
  withEmbeddedStore,
  changeMark
};
