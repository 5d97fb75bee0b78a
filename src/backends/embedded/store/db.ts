/**
 * What the service's rules need of a store: prepared statements (get, all, run) and transactions. Both
 * drivers provide it: SQLite (better-sqlite3's Database, as it is) and PostgreSQL (pg-store.ts, a
 * synchronous facade over `pg` in a worker thread). The handlers are written once over this; a driver
 * holds SQL and transactions only.
 */
export interface DbRunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface DbStatement {
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): DbRunResult;
  /** Rows as their first column's value. */
  pluck(): DbStatement;
}

type AnyFn = (...args: any[]) => any;

type ArgumentTypes<F> = F extends (...args: infer A) => unknown ? A : never;

export interface DbTransaction<F extends AnyFn> {
  (...args: ArgumentTypes<F>): ReturnType<F>;
  immediate(...args: ArgumentTypes<F>): ReturnType<F>;
}

/**
 * The isolation a transaction needs on a store that several processes write at once (PostgreSQL): every
 * operation's rules need `serializable` (the default); `read committed` is for writes whose correctness
 * does not depend on what they read (the journal's append and trim), or that read only a row they have
 * locked (a quota's create and its count: backends/embedded/handlers/quota.ts). SQLite has one writer at a
 * time and ignores it.
 */
export type Isolation = 'serializable' | 'read committed';

/**
 * `bookkeeping`: the transaction records what serve keeps for itself (a lease, the journal's rows, a fault
 * rule's count), not a client's write: on PostgreSQL it commits without waiting for a synchronous standby
 * (`synchronous_commit = local`), so that a standby that never confirms cannot hold it. SQLite ignores it.
 */
export interface TxOptions {
  bookkeeping?: boolean;
}

/** A store, whichever driver (SQLite: store.ts, PostgreSQL: pg-store.ts): what the handlers are written over. */
export interface Database {
  prepare(sql: string): DbStatement;
  /** One transaction around fn (nested: part of the outer one). */
  transaction<F extends AnyFn>(fn: F, isolation?: Isolation, options?: TxOptions): DbTransaction<F>;
  /** Only `user_version` (the schema version): the one pragma read outside the SQLite driver. */
  pragma(source: 'user_version', options: { simple: true }): unknown;
  /** Statements without parameters (schema, tests' fixtures). */
  exec(sql: string): unknown;
  close(): unknown;
}

/** Which driver a store is, for logs and /_svcctl/health. */
export const storeKind = (db: Database): 'sqlite' | 'postgres' =>
  (db as { kind?: string }).kind === 'postgres' ? 'postgres' : 'sqlite';

/**
 * fn with the operation's deadline on a PostgreSQL store (pg-store.ts PgDatabase.deadlineMs): its statements
 * share what is left of one time-out. SQLite has none (its limit is the busy time-out of each write).
 */
export function withDeadline<T>(db: Database, deadlineMs: number | undefined, fn: () => T): T {
  const pg = db as { deadlineMs?: number; kind?: string };
  if (pg.kind !== 'postgres' || deadlineMs === undefined) return fn();
  const before = pg.deadlineMs;
  pg.deadlineMs = deadlineMs;
  try {
    return fn();
  } finally {
    pg.deadlineMs = before;
  }
}

/**
 * How the store's file was named, for what an error says to do instead: the state.db of $SVCCTL_HOME (every
 * command), or a path given to serve (`serve --store FILE`, the library's `store` option), where SVCCTL_HOME
 * plays no part.
 */
export type StoreNaming = 'home' | 'path';
