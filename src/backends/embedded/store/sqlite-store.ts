/**
 * The embedded service's state: one SQLite file in $SVCCTL_HOME (WAL, busy timeout, one transaction per
 * operation), created on first use, with versioned migrations (PRAGMA user_version). Files are private
 * (0700 directory, 0600 files); a store from a newer svcctl is refused. See docs/reliability.md.
 */
import { COUNTED_AT_V10, METERS_COUNTED, sqliteCounts } from './resource-counts.js';
import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  existsSync,
  openSync,
  readFileSync,
  statfsSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
// A static import, so that the single-file bundle (dist/cli.cjs) holds better-sqlite3's JavaScript and its
// code cache covers it: required at run time, its nine files cost 5-8 ms of module resolution and
// compilation on every command that opens the store. Only the native addon is loaded from node_modules.
import Sqlite from 'better-sqlite3';
import type BetterSqlite3 from 'better-sqlite3';
import { makePrivateDir } from '../../../core/dirs.js';
import { ConfigError, StoreProblemError } from '../../../core/errors.js';
import { type Database, type StoreNaming, storeKind } from './db.js';
import { cannotCreate, checkStoreFile, moveAway, otherStore, storePath } from './store-file.js';
import { pauseBeforeCommit, type TestHooks } from '../test-hooks.js';
import { echoBare } from '../../../core/input-rules.js';

type SqliteDatabase = BetterSqlite3.Database;

/** How long a write waits for another process's write to finish before SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 10_000;

/** The wait, shortened by tests of a locked store (SVCCTL_TEST_BUSY_TIMEOUT_MS, test-hooks.ts). */
export function busyTimeoutMs(hooks: TestHooks): number {
  return hooks.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
}

/** Each entry moves the schema from version i to i+1. Never edit one that has shipped: append. */
export const MIGRATIONS: readonly string[] = [
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
  // Version 7, serve's registry (registry-store.ts): images and their tags, the blobs each repository holds,
  // uploads under way, and the bytes of blobs and uploads in pieces.
  `CREATE TABLE images (
     registry_id TEXT NOT NULL, region TEXT NOT NULL, repository TEXT NOT NULL, digest TEXT NOT NULL,
     media_type TEXT NOT NULL, manifest BLOB NOT NULL, size INTEGER NOT NULL, refs TEXT NOT NULL, pushed_ms INTEGER NOT NULL,
     PRIMARY KEY (registry_id, region, repository, digest)) WITHOUT ROWID;
   CREATE TABLE image_tags (
     registry_id TEXT NOT NULL, region TEXT NOT NULL, repository TEXT NOT NULL, tag TEXT NOT NULL, digest TEXT NOT NULL,
     tagged_ms INTEGER NOT NULL, PRIMARY KEY (registry_id, region, repository, tag)) WITHOUT ROWID;
   CREATE TABLE registry_blobs (
     registry_id TEXT NOT NULL, region TEXT NOT NULL, repository TEXT NOT NULL, digest TEXT NOT NULL,
     size INTEGER NOT NULL, created_ms INTEGER NOT NULL,
     PRIMARY KEY (registry_id, region, repository, digest)) WITHOUT ROWID;
   CREATE INDEX registry_blobs_digest ON registry_blobs (digest);
   CREATE TABLE registry_uploads (
     id TEXT PRIMARY KEY, registry_id TEXT NOT NULL, region TEXT NOT NULL, repository TEXT NOT NULL,
     size INTEGER NOT NULL, created_ms INTEGER NOT NULL) WITHOUT ROWID;
   CREATE TABLE registry_chunks (
     owner TEXT NOT NULL, start INTEGER NOT NULL, bytes BLOB NOT NULL, PRIMARY KEY (owner, start));`,
  // Version 8, meter events (backends/embedded/handlers/meter-events.ts): an identifier is unique per account and mode for 24 hours, so
  // the time received is part of the key; an adjustment that cancels one sets cancels_ms,
  // the time from which it no longer counts (when the adjustment completes).
  `CREATE TABLE meter_events (
     owner TEXT NOT NULL, livemode INTEGER NOT NULL, identifier TEXT NOT NULL, created_ms INTEGER NOT NULL,
     event_name TEXT NOT NULL, timestamp_ms INTEGER NOT NULL, cancels_ms INTEGER, doc TEXT NOT NULL,
     PRIMARY KEY (owner, livemode, identifier, created_ms)) WITHOUT ROWID;
   CREATE INDEX meter_events_name ON meter_events (owner, livemode, event_name, timestamp_ms);`,
  // Version 9, meter event sessions (backends/embedded/handlers/meter-event-streams.ts): a stream request finds its session by token.
  `CREATE TABLE meter_event_sessions (
     id TEXT PRIMARY KEY, owner TEXT NOT NULL, livemode INTEGER NOT NULL, token TEXT NOT NULL UNIQUE,
     created_ms INTEGER NOT NULL, expires_ms INTEGER NOT NULL, doc TEXT NOT NULL) WITHOUT ROWID;`,
  // Version 10 (issue 42): how many rows of each resource kind each account has in each region (a kind without
  // regions: ''), kept by triggers in the transaction of every insert and delete, whatever makes it (a create,
  // a delete, a reset, `store import`; a transaction that never commits changes no count). A quota check reads
  // one row instead of counting the scope's rows, and the inspector sums these rows instead of every
  // resource. Counted from the rows already stored. The `_listed` indexes give the inspector its first rows
  // per kind in listing order (account, creation, name) without sorting the table.
  `CREATE TABLE resource_counts (
     kind TEXT NOT NULL, owner TEXT NOT NULL, region TEXT NOT NULL, n INTEGER NOT NULL,
     PRIMARY KEY (kind, owner, region)) WITHOUT ROWID;
   ${sqliteCounts(COUNTED_AT_V10)}`,
  // Version 11, meters (backends/embedded/handlers/meters.ts), counted in resource_counts as every resource is;
  // meter_usage: what each meter counted of each event when it arrived, keyed for the summaries (meter,
  // customer, timestamp), joined to its event by the event's key (cancels_ms); deleting a meter or an event (a
  // reset) deletes what it counted.
  `CREATE TABLE meters (
     id TEXT PRIMARY KEY, owner TEXT NOT NULL, livemode INTEGER NOT NULL, event_name TEXT NOT NULL,
     status TEXT NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL) WITHOUT ROWID;
   CREATE INDEX meters_counting ON meters (owner, livemode, event_name, status);
   CREATE INDEX meters_paged ON meters (owner, livemode, created_ms, id);
   CREATE TABLE meter_usage (
     meter_id TEXT NOT NULL, customer TEXT NOT NULL, timestamp_ms INTEGER NOT NULL, identifier TEXT NOT NULL,
     created_ms INTEGER NOT NULL, owner TEXT NOT NULL, livemode INTEGER NOT NULL, value REAL NOT NULL,
     PRIMARY KEY (meter_id, customer, timestamp_ms, identifier, created_ms)) WITHOUT ROWID;
   CREATE INDEX meter_usage_event ON meter_usage (owner, livemode, identifier, created_ms);
   CREATE TRIGGER meter_usage_of_meter AFTER DELETE ON meters BEGIN
     DELETE FROM meter_usage WHERE meter_id = OLD.id;
   END;
   CREATE TRIGGER meter_usage_of_event AFTER DELETE ON meter_events BEGIN
     DELETE FROM meter_usage WHERE owner = OLD.owner AND livemode = OLD.livemode AND identifier = OLD.identifier
       AND created_ms = OLD.created_ms;
   END;
   ${sqliteCounts([METERS_COUNTED])}`,
  // Version 12 (issue 45): a blob's bytes are appended once and never moved. registry_parts says who holds
  // which segment of bytes (registry-store.ts); the bytes stored before become one segment each, held by
  // their owner, and the pieces of requests that never finished are dropped. image_tags by digest: the tags
  // of one image (DescribeImages, BatchGetImage, a manifest delete) without reading the repository's tags.
  `CREATE TABLE registry_parts (
     owner TEXT NOT NULL, start INTEGER NOT NULL, stop INTEGER NOT NULL, segment TEXT NOT NULL,
     PRIMARY KEY (owner, start)) WITHOUT ROWID;
   CREATE INDEX registry_parts_segment ON registry_parts (segment);
   DELETE FROM registry_chunks WHERE owner LIKE 'staging:%';
   INSERT INTO registry_parts (owner, start, stop, segment)
     SELECT owner, min(start), max(start + length(bytes)), owner FROM registry_chunks GROUP BY owner;
   CREATE INDEX image_tags_digest ON image_tags (registry_id, region, repository, digest);`,
  // Version 13 (issue 45): the last scan of each image (StartImageScan, or a push to a repository with
  // scanOnPush), which DescribeImageScanFindings and DescribeImages report (src/backends/embedded/handlers/scans.ts).
  `CREATE TABLE image_scans (
     registry_id TEXT NOT NULL, region TEXT NOT NULL, repository TEXT NOT NULL, digest TEXT NOT NULL,
     scanned_ms INTEGER NOT NULL, PRIMARY KEY (registry_id, region, repository, digest)) WITHOUT ROWID;`,
  // Version 14 (issue 43): a usage row carries its event's cancellation (cancels_ms, set in the adjustment's
  // transaction), so that a summary reads one range of meter_usage's key and no event
  // (backends/embedded/handlers/meters.ts), copied from the events already cancelled; and the meters' error
  // reports.
  `ALTER TABLE meter_usage ADD COLUMN cancels_ms INTEGER;
   UPDATE meter_usage SET cancels_ms = (SELECT e.cancels_ms FROM meter_events e WHERE e.owner = meter_usage.owner
     AND e.livemode = meter_usage.livemode AND e.identifier = meter_usage.identifier
     AND e.created_ms = meter_usage.created_ms);
   -- And the error reports of the meters (backends/embedded/handlers/meter-error-reports.ts), one per meter
   -- (object_id, empty for events of a name no active meter has) and minute of receipt, listed newest first,
   -- all or those of one object. Derived, as meter_usage is: deleted with the events of their account and mode
   -- (a reset, an import that replaces) and with the meter they are about.
   CREATE TABLE meter_error_reports (
     id TEXT PRIMARY KEY, owner TEXT NOT NULL, livemode INTEGER NOT NULL, object_id TEXT NOT NULL,
     created_ms INTEGER NOT NULL, doc TEXT NOT NULL) WITHOUT ROWID;
   CREATE INDEX meter_error_reports_listed ON meter_error_reports (owner, livemode, created_ms, id);
   CREATE INDEX meter_error_reports_object ON meter_error_reports (owner, livemode, object_id, created_ms, id);
   CREATE TRIGGER meter_error_reports_of_meter AFTER DELETE ON meters BEGIN
     DELETE FROM meter_error_reports WHERE owner = OLD.owner AND livemode = OLD.livemode AND object_id = OLD.id;
   END;
   CREATE TRIGGER meter_error_reports_of_event AFTER DELETE ON meter_events BEGIN
     DELETE FROM meter_error_reports WHERE owner = OLD.owner AND livemode = OLD.livemode;
   END;`,
];

/**
 * The store file, and the -wal and -shm files SQLite makes beside it, readable by the owner only
 * whatever the umask: a new file is created 0600 before SQLite opens it (SQLite gives its -wal and -shm
 * files the mode of the database file: createPrivate), and the files of a store left by an older svcctl
 * are brought to 0600 once it is known to be svcctl's (privateFiles, after migrate): another program's
 * database given as the store is refused with its mode as it was.
 */
function createPrivate(file: string): void {
  try {
    closeSync(openSync(file, 'a', 0o600));
  } catch {
    // SQLite reports what is wrong with the path, in its own words
  }
}

function privateFiles(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      const st = statSync(f);
      if (st.isFile() && (st.mode & 0o077) !== 0) chmodSync(f, 0o600);
    } catch {
      // absent, or not ours to change: the directory is private anyway
    }
  }
}

/**
 * Every transaction takes the write lock when it begins (BEGIN IMMEDIATE), so that the busy timeout
 * covers it. A deferred transaction that reads and then writes fails at once with SQLITE_BUSY in WAL
 * mode when another process committed in between ("database is locked"), which no wait can fix.
 * Every transaction of the embedded service writes, so nothing is lost by taking the lock early.
 */
function immediateTransactions(db: SqliteDatabase, hooks: TestHooks): void {
  const transaction = db.transaction.bind(db);
  const pause = pauseBeforeCommit(hooks.txPauseDir);
  db.transaction = ((fn: (...args: never[]) => unknown) =>
    transaction(
      pause
        ? (...args: never[]) => {
            const out = fn(...args);
            pause();
            return out;
          }
        : fn,
    ).immediate) as SqliteDatabase['transaction'];
}

/**
 * What SQLite says about the store, in words that name the file and what to do (253); undefined for
 * anything else. Used at open and for every operation's writes. `busyMs`: the wait a locked store had.
 */
export function storeProblem(
  file: string,
  err: unknown,
  busyMs: number,
  naming: StoreNaming = 'home',
): StoreProblemError | undefined {
  const code = (err as { code?: string }).code ?? '';
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return new StoreProblemError(
      `The store ${file} is not a database svcctl can read (${(err as Error).message}). ${moveAway(naming)}`,
    );
  }
  // A read-only snapshot (openReadOnly) stands in for a store that a full filesystem kept from opening: its
  // writes fail as read-only, and the reason is the full filesystem.
  const readOnly = code.startsWith('SQLITE_READONLY');
  if (code === 'SQLITE_FULL' || ((isIoError(code) || readOnly) && filesystemFull(file))) {
    const why = readOnly ? 'no space left on device' : (err as Error).message;
    return new StoreProblemError(
      `The store ${file} cannot grow: the filesystem holding it is full (${why}), and nothing was changed. Free space there, or ${otherStore(naming, true)}.`,
    );
  }
  if (readOnly) {
    return new StoreProblemError(
      `The store ${file} is read-only: svcctl can read it (describe, get) but not change it. ` +
        `Make the file and its directory writable by you, or ${otherStore(naming)}.`,
    );
  }
  if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_')) {
    const seconds = busyMs / 1000;
    return new StoreProblemError(
      `The store ${file} is locked by another process: this command waited ${seconds} s for its write to finish. Try again when that process is done (fuser ${file} names it).`,
    );
  }
  if (code.startsWith('SQLITE_CANTOPEN') || isIoError(code)) {
    return new StoreProblemError(
      `Unable to open the store ${echoBare(file)}: ${(err as Error).message.replaceAll(file, echoBare(file))}. Check that ${naming === 'home' ? `SVCCTL_HOME (${echoBare(dirname(file))})` : echoBare(dirname(file))} is a directory you can write.`,
    );
  }
  return undefined;
}

const isIoError = (code: string) => code === 'SQLITE_IOERR' || code.startsWith('SQLITE_IOERR_');

/**
 * Whether the filesystem holding `file` has no block left for it: SQLite reports a write into a full WAL or
 * journal as a disk I/O error (SQLITE_IOERR_WRITE), not SQLITE_FULL, and that is no permission problem.
 */
function filesystemFull(file: string): boolean {
  try {
    return statfsSync(dirname(file)).bavail === 0;
  } catch {
    return false;
  }
}

const unreadable = (file: string, err: unknown, naming: StoreNaming, busyMs = BUSY_TIMEOUT_MS): unknown =>
  addonProblem(err) ?? storeProblem(file, err, busyMs, naming) ?? err;

/**
 * better-sqlite3's addon missing, or built for another Node.js (after nvm switched versions, or a copied
 * node_modules): node's own words name a dozen paths or an ABI number; this says what to run (issue 34, item 3).
 */
function addonProblem(err: unknown): ConfigError | undefined {
  const { code, message = '' } = (err ?? {}) as { code?: string; message?: string };
  const addon =
    code === 'ERR_DLOPEN_FAILED' ||
    /NODE_MODULE_VERSION|Could not locate the bindings file|Cannot find module 'bindings'|better_sqlite3\.node/.test(
      message,
    );
  if (!addon) return undefined;
  const first = message
    .split('\n')[0]!
    .replace(/^Error: /, '')
    .replace(/ Tried:$/, '');
  return new ConfigError(
    `svcctl's SQLite driver (better-sqlite3) cannot be loaded by node ${process.version}: ${first}\nRebuild it for this node in svcctl's folder: npm rebuild better-sqlite3`,
  );
}

/**
 * The addon's path, given to better-sqlite3 directly: its `bindings` lookup probes a dozen paths on every
 * start (about 4 ms of a ~60 ms command here). Falls back to that lookup if the file is elsewhere.
 */
function nativeBinding(require: NodeJS.Require): { nativeBinding?: string } {
  try {
    return { nativeBinding: require.resolve('better-sqlite3/build/Release/better_sqlite3.node') };
  } catch {
    return {};
  }
}

/**
 * `PRAGMA journal_mode = WAL`, retried while another process converts the same new file: SQLite answers
 * SQLITE_BUSY at once there, without calling the busy handler (two `svcctl serve` started together on a new
 * store: one in ten lost that race and exited 253). Bounded by the busy timeout, in 10 ms steps.
 */
function toWal(db: SqliteDatabase, busyMs: number): void {
  const wait = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; ; waited += 10) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || waited >= busyMs) throw err;
      Atomics.wait(wait, 0, 0, 10);
    }
  }
}

/** May this process write the store (and the -wal and -shm files beside it)? Root may, but not on a read-only mount. */
function writable(home: string, file: string): boolean {
  try {
    accessSync(home, constants.W_OK);
    if (existsSync(file)) accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** `hooks`: the tests' (test-hooks.ts), from the caller's context. */
export function openStore(home: string, hooks: TestHooks = {}, oneShot = false): Database {
  makePrivateDir(home, "svcctl's home (SVCCTL_HOME)");
  return openStoreFile(storePath(home), hooks, oneShot, 'home');
}

/**
 * The in-memory store (`serve --store memory`, the library's default): one SQLite database that lives as long
 * as its one connection; nothing is written to disk. The same migrations and transactions as the file, so
 * every rule holds as it does there. Also what a read answers from before the SQLite file exists (issue 34, item 4).
 */
export function openMemoryStore(hooks: TestHooks = {}): Database {
  const require = createRequire(import.meta.url);
  let db: SqliteDatabase;
  try {
    db = new Sqlite(':memory:', nativeBinding(require));
  } catch (err) {
    throw addonProblem(err) ?? err;
  }
  immediateTransactions(db, hooks);
  migrate(db, 'the in-memory store');
  return db;
}

/**
 * The store in a SQLite file (`serve --store PATH`): in a directory that exists; the file is made if missing.
 * `oneShot` (open.ts StoreSpec): on a full filesystem, an existing store is read from a snapshot.
 */
export function openStoreFile(
  file: string,
  hooks: TestHooks = {},
  oneShot = false,
  naming: StoreNaming = 'path',
): Database {
  const home = dirname(file);
  const require = createRequire(import.meta.url);
  checkStoreFile(file, naming);
  if (!writable(home, file)) return openReadOnly(Sqlite, require, file, naming);
  createPrivate(file);
  const busyMs = busyTimeoutMs(hooks);
  let db: SqliteDatabase;
  try {
    db = new Sqlite(file, { timeout: busyMs, ...nativeBinding(require) });
  } catch (err) {
    throw unreadable(file, err, naming, busyMs);
  }
  try {
    toWal(db, busyMs);
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${busyMs}`);
    immediateTransactions(db, hooks);
    migrate(db, file, naming);
    privateFiles(file);
    if (hooks.maxPageCount !== undefined) db.pragma(`max_page_count = ${hooks.maxPageCount}`);
  } catch (err) {
    db.close();
    // A full filesystem has no room for the -shm file SQLite needs to open a WAL store: a one-shot command
    // reads a snapshot instead (openReadOnly refuses one with changes left in its -wal), and a write then
    // says the store cannot grow (storeProblem).
    const code = (err as { code?: string }).code ?? '';
    if (oneShot && (code === 'SQLITE_FULL' || isIoError(code)) && filesystemFull(file) && existsSync(file)) {
      try {
        return openReadOnly(Sqlite, require, file, naming);
      } catch {
        // Changes left in the -wal, or a schema to upgrade: no snapshot reads them; the full disk is the reason.
      }
    }
    throw unreadable(file, err, naming, busyMs);
  }
  return db;
}

/**
 * A store this process may not write, opened for reading so that describe and get still work: from a
 * snapshot of the file (SQLite cannot read a WAL database in a directory where it may not make the -shm
 * file). Writes fail with SQLITE_READONLY, reported by storeProblem. Changes still in a -wal file that
 * svcctl could not merge are not silently skipped: that store is refused.
 */
function openReadOnly(
  Sqlite: typeof BetterSqlite3,
  require: NodeJS.Require,
  file: string,
  naming: StoreNaming,
): Database {
  if (!existsSync(file)) throw cannotCreate(file, naming);
  if (existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0) {
    throw new ConfigError(
      `The store ${file} is read-only and has changes in ${file}-wal that only a writable directory lets SQLite read. Make the directory writable by you, or ${otherStore(naming)}.`,
    );
  }
  let db: SqliteDatabase;
  try {
    const snapshot = readFileSync(file);
    // The header's read/write versions say WAL (2); an in-memory copy is read as a rollback journal file (1).
    if (snapshot.length >= 20) snapshot[18] = snapshot[19] = 1;
    db = new Sqlite(snapshot, { readonly: true, ...nativeBinding(require) });
  } catch (err) {
    throw unreadable(file, err, naming);
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > MIGRATIONS.length) throw tooNew(version, file, naming);
    if (version < MIGRATIONS.length) {
      throw new ConfigError(
        `The store ${file} is read-only and needs an upgrade (schema version ${version} to ${MIGRATIONS.length}) that svcctl cannot write. Make it writable by you once, or ${otherStore(naming)}.`,
      );
    }
  } catch (err) {
    db.close();
    throw unreadable(file, err, naming);
  }
  return db;
}

/** A store whose schema is newer than this svcctl knows is refused (253), never opened and written. */
function tooNew(version: number, file: string, naming: StoreNaming): ConfigError {
  return new ConfigError(
    `The store ${file} was written by a newer svcctl (schema version ${version}; this svcctl knows versions up to ${MIGRATIONS.length}). ` +
      `Upgrade svcctl, or ${otherStore(naming)}.`,
  );
}

export function migrate(db: SqliteDatabase, file = 'the store', naming: StoreNaming = 'home'): void {
  // The version and the tables are read in one statement, so from one snapshot: read apart, another process
  // could commit the migration between them, and its tables under version 0 looked like another program's.
  const { version, names } = db
    .prepare(
      "SELECT (SELECT user_version FROM pragma_user_version) AS version, (SELECT json_group_array(name) FROM (SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name)) AS names",
    )
    .get() as { version: number; names: string };
  if (version > MIGRATIONS.length) throw tooNew(version, file, naming);
  if (version === 0) {
    const tables = JSON.parse(names) as string[];
    if (tables.length > 0) {
      throw new ConfigError(
        `The store ${file} is another program's SQLite database (tables: ${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}), not svcctl's. ${moveAway(naming)}`,
      );
    }
  }
  if (version === MIGRATIONS.length) return;
  db.transaction(() => {
    // Re-read inside the write lock: another process may have migrated meanwhile.
    const current = db.pragma('user_version', { simple: true }) as number;
    if (current > MIGRATIONS.length) throw tooNew(current, file, naming);
    for (let v = current; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v]!);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}

/**
 * A value that differs after any change to a SQLite store, read at no cost: `data_version` (commits of
 * other connections, other processes included) and `total_changes()` (rows this connection changed).
 * Undefined on PostgreSQL, which has no such cheap mark: the caller computes afresh. For answers that are
 * costly to compute and asked for again and again while nothing changes (the inspector page's state).
 */
export function changeMark(db: Database): string | undefined {
  if (storeKind(db) === 'postgres') return undefined;
  const sqlite = db as unknown as SqliteDatabase;
  return `${sqlite.pragma('data_version', { simple: true })}:${sqlite.prepare('SELECT total_changes()').pluck().get()}`;
}
