/** The local backend: the embedded service in-process, over the store in $SVCCTL_HOME. */
import type { Clock, IdGenerator } from '../../core/context.js';
import { json11ErrorFields, ServiceError } from '../../core/errors.js';
import { stringifyJsonExact } from '../../core/pynum.js';
import { OPERATIONS, operation, type OperationName } from '../../models/registry.js';
import { type Operation, speaksV2 } from '../../models/operation.js';
import { serviceModel } from '../../models/services.js';
import { orderByShape } from '../../models/shapes.js';
import type { Backend, CallContext } from '../backend.js';
import { handlers as accountTokens } from './account-tokens.js';
import { handlers as accounts } from './accounts.js';
import { withIdempotency } from './idempotency.js';
import { handlers as launchConfigurations } from './launch-configurations.js';
import { handlers as meterEventAdjustments } from './meter-event-adjustments.js';
import { handlers as repositories } from './repositories.js';
import type { Handler, HandlerContext } from './service.js';
import type { Database } from './db.js';
import {
  busyTimeoutMs,
  MIGRATIONS,
  openMemoryStore,
  openStore,
  openStoreFile,
  storePath,
  storeProblem,
} from './sqlite-store.js';
import type { TestHooks } from './test-hooks.js';
import { callV2 } from './stripe-call.js';
import { maskKey } from './stripe.js';
import { maskStoreUrl, openPgStore, PG_MIGRATIONS } from './pg-store.js';
import type { OperationPool, StoreStats } from './pool.js';
import { type JournalRecord, recordEntries } from './journal.js';
import { setRunSettings } from './settings-store.js';

/** Every operation's handler: one missing, or one for no operation, fails `tsc` (models/registry.ts). */
const TABLE: Record<OperationName, Handler> = {
  ...repositories,
  ...launchConfigurations,
  ...accountTokens,
  ...accounts,
  ...meterEventAdjustments,
};
const HANDLERS: Record<string, Handler> = withIdempotency(TABLE, OPERATIONS);

export interface ServiceOptions {
  home: string;
  accountId: string;
  clock: Clock;
  ids: IdGenerator;
  /** postgres://… : the PostgreSQL store shared by many instances (pg-store.ts); unset, the SQLite file in home. */
  storeUrl?: string;
  /** `memory`: the in-memory store (nothing on disk, one connection); a path: the SQLite file there instead of home's. */
  sqlite?: { memory: true } | { file: string };
  /** PostgreSQL only: a connection attempt's and a statement's limits (ms). */
  storeConnectTimeoutMs?: number;
  storeQueryTimeoutMs?: number;
  /** This run's service settings over the store's (serve --settings without --persist-settings), each time the store opens. */
  runSettings?: ReadonlyArray<readonly [string, string]>;
  /** The tests' hooks (test-hooks.ts), read from the context's environment; given to the pool's threads too. */
  hooks?: TestHooks;
}

/** The embedded service: shared by the CLI's local backend and by `svcctl serve`. */
export class EmbeddedService {
  private db?: Database;
  /** serve --store-pool-size N (N ≥ 2): the threads that run the operations (pool.ts). */
  private pool?: OperationPool;
  /** serve is stopping: journal rows are no longer written. */
  private stopped = false;
  /** Journal writes handed to the pool and not yet done. */
  private readonly journalWrites = new Set<Promise<void>>();

  private readonly opts: ServiceOptions;

  constructor(opts: ServiceOptions) {
    this.opts = { ...opts };
  }

  get home(): string {
    return this.opts.home;
  }

  /** The account of callers the server does not know (no --credentials): SVCCTL_ACCOUNT_ID or 000000000000. */
  get accountId(): string {
    return this.opts.accountId;
  }

  /** The service's clock (pinned in tests): the journal's times follow it. */
  get clock(): Clock {
    return this.opts.clock;
  }

  get store(): Database {
    if (!this.db) {
      const db = this.opts.storeUrl
        ? openPgStore({
            url: this.opts.storeUrl,
            connectTimeoutMs: this.opts.storeConnectTimeoutMs,
            queryTimeoutMs: this.opts.storeQueryTimeoutMs,
            hooks: this.opts.hooks,
          })
        : this.opts.sqlite === undefined
          ? openStore(this.opts.home, this.opts.hooks)
          : 'memory' in this.opts.sqlite
            ? openMemoryStore(this.opts.hooks)
            : openStoreFile(this.opts.sqlite.file, this.opts.hooks);
      if (this.opts.runSettings) setRunSettings(db, this.opts.runSettings);
      this.db = db;
    }
    return this.db;
  }

  /** The schema version this svcctl's driver of the store migrates to (/_svcctl/ready). */
  get schemaVersion(): number {
    return this.opts.storeUrl ? PG_MIGRATIONS.length : MIGRATIONS.length;
  }

  /** Which driver holds the store (/_svcctl/health). */
  get storeKind(): 'sqlite' | 'postgres' | 'memory' {
    if (this.opts.storeUrl) return 'postgres';
    return this.opts.sqlite && 'memory' in this.opts.sqlite ? 'memory' : 'sqlite';
  }

  /** Where the store is, for logs: the SQLite file, or the PostgreSQL URL with its password masked. */
  get storeName(): string {
    if (this.opts.storeUrl) return maskStoreUrl(this.opts.storeUrl);
    return this.storeKind === 'memory' ? 'the in-memory store' : this.sqliteFile;
  }

  /** The SQLite file: --store PATH, else the one in home. */
  private get sqliteFile(): string {
    return this.opts.sqlite && 'file' in this.opts.sqlite ? this.opts.sqlite.file : storePath(this.opts.home);
  }

  /**
   * PostgreSQL only: from now on, operations run in `size` threads, each on its own connection (pool.ts);
   * this thread's connection stays for serve's own endpoints (/_svcctl/).
   */
  async startPool(size: number, clockMs: number | undefined): Promise<void> {
    if (!this.opts.storeUrl) throw new Error('an operation pool needs a PostgreSQL store');
    const { OperationPool } = await import('./pool.js');
    const { home, accountId, storeUrl, storeConnectTimeoutMs, storeQueryTimeoutMs, runSettings, hooks } = this.opts;
    this.pool = await OperationPool.start(size, {
      home,
      accountId,
      storeUrl,
      storeConnectTimeoutMs,
      storeQueryTimeoutMs,
      runSettings,
      clockMs,
      hooks,
    });
  }

  /**
   * This run's settings over the store's (serve --settings without --persist-settings): checked and applied
   * to the open store now, to it again whenever it opens, and to the pool's threads when they start.
   */
  useRunSettings(pairs: ReadonlyArray<readonly [string, string]>): void {
    setRunSettings(this.store, pairs);
    this.opts.runSettings = pairs;
  }

  /**
   * Journal rows in one transaction: here, at once (before serve reads its next request); with a pool, by
   * one of its threads, so that the main thread does not wait on the database in a request's path.
   */
  recordJournal(records: JournalRecord[], limit: number): Promise<void> {
    // Rows of requests answered while serve stops (cut off after its grace): the store is closing.
    if (this.stopped) return Promise.resolve();
    if (!this.pool?.size) {
      recordEntries(this.store, records, limit);
      return Promise.resolve();
    }
    const write = this.pool.journal(records, limit);
    const done = write.then(
      () => {},
      () => {},
    );
    this.journalWrites.add(done);
    void done.then(() => this.journalWrites.delete(done));
    return write;
  }

  /** Resolves once every journal write handed to the pool so far is done (before reading the journal). */
  async journalWritten(): Promise<void> {
    await Promise.all([...this.journalWrites]);
  }

  /** The pool's threads and its calls in flight (/_svcctl/metrics, /_svcctl/health); undefined without one. */
  get poolState(): { threads: number; inFlight: number } | undefined {
    return this.pool && { threads: this.pool.size, inFlight: this.pool.inFlight };
  }

  /** One call; v2 operations go through their common checks first (v2-call.ts). */
  async call(opName: string, params: Record<string, unknown>, call: CallContext): Promise<Record<string, unknown>> {
    if (this.pool?.size) return this.pool.call(opName, params, call);
    const handler = HANDLERS[opName];
    if (!handler) throw new ServiceError('UnknownOperation', `The embedded service does not implement ${opName}`, 400);
    const sc: HandlerContext = {
      ...call,
      accountId: call.accountId ?? this.opts.accountId,
      clock: this.opts.clock,
      ids: this.opts.ids,
    };
    const op = operation(opName);
    try {
      const out = speaksV2(op)
        ? await callV2(this.store, opName, handler, params, sc)
        : this.run(op, handler, params, sc);
      return orderByShape(op.output, out) as Record<string, unknown>;
    } catch (err) {
      // As a client of the real service would see it: a JSON 1.1 (ECR) error carries its body's `message` too.
      if (err instanceof ServiceError && serviceModel(op.service).protocol === 'json11' && !err.fields)
        err.fields = json11ErrorFields(err.code, err.message, { message: err.message });
      // A store it cannot write (read-only, locked by another process): named, with what to do (253).
      throw storeProblem(this.storeName, err, busyTimeoutMs(this.opts.hooks ?? {})) ?? err;
    }
  }

  /** An AWS operation: one transaction when it writes (one its model marks readOnly takes no write lock). */
  private run(
    op: Operation,
    handler: Handler,
    params: Record<string, unknown>,
    sc: HandlerContext,
  ): Record<string, unknown> {
    if (op.readOnly) return handler(this.store, params, sc);
    return this.store.transaction(() => handler(this.store, params, sc))();
  }

  /** PostgreSQL only: statements sent and operations retried so far, by this thread and the pool's (serve logs them when it stops). */
  async totalStoreStats(): Promise<StoreStats | undefined> {
    const own = this.storeStats();
    if (!own || !this.pool) return own;
    const pool = await this.pool.stats();
    return { queries: own.queries + pool.queries, retries: own.retries + pool.retries };
  }

  /** This thread's connection's statements and retries (PostgreSQL only). */
  storeStats(): StoreStats | undefined {
    const db = this.db as { queries?: number; retries?: number } | undefined;
    return db?.queries === undefined ? undefined : { queries: db.queries, retries: db.retries ?? 0 };
  }

  /** Stops the pool's threads, if any (serve, once it no longer accepts requests); no journal row is written after. */
  async stopPool(): Promise<void> {
    this.stopped = true;
    await this.pool?.close();
    this.pool = undefined;
  }

  close(): void {
    this.db?.close();
    this.db = undefined;
  }
}

/** Input members whose values are secrets, never written to a debug log. */
const SECRET_MEMBER = /secret|password|passwd|credential|api_?key/i;

const ms = (since: number) => `${(performance.now() - since).toFixed(1)} ms`;

export class EmbeddedBackend implements Backend {
  private opened = false;

  /** @param debug where --debug lines go: the store opened, each call with its input (secrets masked) and its time */
  constructor(
    private readonly service: EmbeddedService,
    private readonly debug?: (line: string) => void,
  ) {}

  async invoke(op: Operation, params: Record<string, unknown>, call: CallContext): Promise<Record<string, unknown>> {
    const log = this.debug;
    if (log && !this.opened) {
      const t = performance.now();
      const db = this.service.store;
      log(
        `DEBUG embedded store: ${this.service.storeName} (schema version ${db.pragma('user_version', { simple: true })}) opened in ${ms(t)}`,
      );
    }
    this.opened = true;
    const input = stringifyJsonExact(params, (k, v) =>
      k !== '' && SECRET_MEMBER.test(k) && typeof v === 'string' ? maskKey(v) : v,
    );
    const key = call.apiKey === undefined || !speaksV2(op) ? '' : `, key ${maskKey(call.apiKey)}`;
    log?.(`DEBUG embedded call: ${op.name} (region ${call.region}${key}) ${input}`);
    const t = performance.now();
    try {
      const out = await this.service.call(op.name, params, {
        region: call.region,
        apiKey: call.apiKey,
        serviceVersion: call.serviceVersion,
        idempotencyKey: call.idempotencyKey,
      });
      log?.(`DEBUG embedded result: ${op.name} succeeded in ${ms(t)}`);
      return out;
    } catch (err) {
      log?.(
        `DEBUG embedded result: ${op.name} failed in ${ms(t)}: ${(err as { code?: string }).code ?? (err as Error).name}`,
      );
      throw err;
    }
  }

  close(): void {
    this.service.close();
  }
}
