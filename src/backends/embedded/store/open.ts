/**
 * Which store to open, and opening it, in one place (issue 40): the embedded service (embedded.ts), the commands
 * that open the store themselves (`service settings|journal|resources|reset|ready`, `store export|import`) and
 * serve (through the service). Where a URL comes from (--store, SVCCTL_STORE_URL, the profile's store_url) is
 * backends/store-url.ts's one rule; what is opened for a choice is this module's.
 */
import { existsSync } from 'node:fs';
import { maskStoreUrl } from '../../../models/secrets.js';
import { envStoreUrl } from '../../store-url.js';
import { type TestHooks, testHooks } from '../test-hooks.js';
import { type Database, type StoreNaming, storeKind } from './db.js';
import { openPgStore } from './pg-store.js';
import { checkStoreFile, storePath } from './store-file.js';
import { busyTimeoutMs, openMemoryStore, openStore, openStoreFile, storeProblem } from './sqlite-store.js';

/** A store: PostgreSQL at `storeUrl`; else `sqlite` (in memory, or a file); else the SQLite file in `home`. */
export interface StoreSpec {
  home: string;
  /** postgres://… : the PostgreSQL store shared by many instances (pg-store.ts). */
  storeUrl?: string;
  /** `memory`: the in-memory store (nothing on disk, one connection); a path: the SQLite file there instead of home's. */
  sqlite?: { memory: true } | { file: string };
  /** PostgreSQL only: a connection attempt's and a statement's limits (ms). */
  storeConnectTimeoutMs?: number;
  storeQueryTimeoutMs?: number;
  /** The tests' hooks (test-hooks.ts), read from the context's environment. */
  hooks?: TestHooks;
  /**
   * A one-shot command's store (the CLI's calls, `service …`, `store export|import`): a SQLite file that a full
   * filesystem keeps from opening for writing (no room for its -shm) is read from a snapshot, so that reads and
   * store export still answer; a write says the store cannot grow. Never serve's: it would answer from a copy
   * that other processes' writes leave behind, for its whole run.
   */
  oneShot?: boolean;
}

/** Opens (and migrates) the store `spec` names. */
export function openSpecStore(spec: StoreSpec): Database {
  if (spec.storeUrl)
    return openPgStore({
      url: spec.storeUrl,
      connectTimeoutMs: spec.storeConnectTimeoutMs,
      queryTimeoutMs: spec.storeQueryTimeoutMs,
      hooks: spec.hooks,
    });
  if (spec.sqlite === undefined) return openStore(spec.home, spec.hooks, spec.oneShot);
  return 'memory' in spec.sqlite
    ? openMemoryStore(spec.hooks)
    : openStoreFile(spec.sqlite.file, spec.hooks, spec.oneShot);
}

/** Which driver holds the store. */
export function specKind(spec: StoreSpec): 'sqlite' | 'postgres' | 'memory' {
  if (spec.storeUrl) return 'postgres';
  return spec.sqlite && 'memory' in spec.sqlite ? 'memory' : 'sqlite';
}

/** How a SQLite spec names its file, for what an error says to do instead (db.ts StoreNaming). */
export function specNaming(spec: StoreSpec): StoreNaming {
  return spec.sqlite && 'file' in spec.sqlite ? 'path' : 'home';
}

/** The SQLite file of a SQLite spec: its file, else the one in home. */
export function specFile(spec: StoreSpec): string {
  return spec.sqlite && 'file' in spec.sqlite ? spec.sqlite.file : storePath(spec.home);
}

/** Where the store is, for logs: the SQLite file, the in-memory store, or the PostgreSQL URL with its password masked. */
export function specName(spec: StoreSpec): string {
  if (spec.storeUrl) return maskStoreUrl(spec.storeUrl);
  return specKind(spec) === 'memory' ? 'the in-memory store' : specFile(spec);
}

/** Whether the store exists (PostgreSQL always does; a SQLite file once a write made it; memory while open). */
export function specExists(spec: StoreSpec): boolean {
  if (specKind(spec) !== 'sqlite') return true;
  const file = specFile(spec);
  if (existsSync(file)) return true;
  checkStoreFile(file, spec.sqlite && 'file' in spec.sqlite ? 'path' : 'home'); // a loop of links is no missing store
  return false;
}

/**
 * The store of a command that takes no --store and does not read the profile for it: the PostgreSQL store named
 * by SVCCTL_STORE_URL (the one serve instances share, docs/shared-store.md), else the SQLite file in $SVCCTL_HOME.
 */
export function localSpec(home: string, env: Record<string, string | undefined>): StoreSpec {
  return { home, storeUrl: envStoreUrl(env), hooks: testHooks(env), oneShot: true };
}

/** The store a local command works on (localSpec), opened. */
export async function openEmbeddedStore(home: string, env: Record<string, string | undefined>): Promise<Database> {
  return openSpecStore(localSpec(home, env));
}

/**
 * `read`: the command writes nothing unless the store exists already (a reset of a store that does not exist
 * deletes nothing): before the SQLite file exists it gets an empty store in memory, and no file is made.
 */
export type StoreUse = 'read' | 'write';

/** Where the embedded store is, for messages: the SQLite file, or the PostgreSQL URL with its password masked. */
export function storePlace(home: string, env: Record<string, string | undefined>): string {
  return `the store ${specName(localSpec(home, env))}`;
}

/**
 * The store `spec` names, opened for `use`: a read before the SQLite file exists answers from an empty store in
 * memory, so that it creates no file (issue 34, item 4); a write opens (and so makes) it.
 */
export function openSpecStoreFor(spec: StoreSpec, use: StoreUse): Database {
  return use === 'read' && !specExists(spec) ? openMemoryStore() : openSpecStore(spec);
}

/** Runs `work` on the embedded store (localSpec) and closes it. */
export async function withEmbeddedStore<T>(
  home: string,
  env: Record<string, string | undefined>,
  work: (db: Database) => T,
  use: StoreUse = 'write',
): Promise<T> {
  const spec = localSpec(home, env);
  const db = openSpecStoreFor(spec, use);
  try {
    return work(db);
  } catch (err) {
    // The store's problems (read-only, full, locked) in the same words and exit code (253) as a resource
    // write's through the embedded service: one mapping, storeProblem, for every command that writes.
    throw asStoreProblem(db, specFile(spec), env, err, specNaming(spec));
  } finally {
    db.close();
  }
}

/**
 * What a command tells of an error its work on an open store raised: a SQLite store's problem (read-only,
 * full, locked) as storeProblem words it (253), as a resource write through the embedded service does; any
 * other error as it is.
 */
export function asStoreProblem(
  db: Database,
  file: string,
  env: Record<string, string | undefined>,
  err: unknown,
  naming: StoreNaming = 'home',
): unknown {
  return storeKind(db) === 'postgres' ? err : (storeProblem(file, err, busyTimeoutMs(testHooks(env)), naming) ?? err);
}
