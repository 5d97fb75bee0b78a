/** The embedded service, and the embedded backend: the service in-process, over the store in $SVCCTL_HOME. */
import { oversizeRequest } from '../../wire/codecs.js';
import type { Clock, IdGenerator } from '../../core/context.js';
import {
  json11ErrorFields,
  ServiceError,
  StoreUnavailableError,
  TransportError,
  withoutTopology,
} from '../../core/errors.js';
import { stringifyJsonExact } from '../../core/pynum.js';
import { operation, type OperationName } from '../../models/registry.js';
import { type Operation, speaksV2 } from '../../models/operation.js';
import { serviceModel } from '../../models/services.js';
import { fillDefaults, orderByShape } from '../../models/shapes.js';
import type { Backend, CallContext } from '../backend.js';
import { handlers as accountTokens } from './handlers/account-tokens.js';
import { handlers as accounts } from './handlers/accounts.js';
import { gated } from './gate.js';
import { handlers as launchConfigurations } from './handlers/launch-configurations.js';
import { handlers as meterEventAdjustments } from './handlers/meter-event-adjustments.js';
import { handlers as meterEvents } from './handlers/meter-events.js';
import { handlers as meterEventStreams } from './handlers/meter-event-streams.js';
import { handlers as meters } from './handlers/meters.js';
import { handlers as meterErrorReports } from './handlers/meter-error-reports.js';
import { handlers as repositories } from './handlers/repositories.js';
import type { Handler, HandlerContext } from './handlers/handler.js';
import { type Database, withDeadline } from './store/db.js';
import { busyTimeoutMs, MIGRATIONS, openMemoryStore, storeProblem } from './store/sqlite-store.js';
import { callV2 } from './handlers/stripe-call.js';
import { handlers as registryAuth } from './handlers/registry-auth.js';
import { handlers as images } from './handlers/images.js';
import { handlers as layers } from './handlers/layers.js';
import { handlers as scans } from './handlers/scans.js';
import { maskKey, maskSecrets } from '../../models/secrets.js';
import { BACKOFF_MS, DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_QUERY_TIMEOUT_MS, PG_MIGRATIONS } from './store/pg-store.js';
import { openSpecStore, specExists, specKind, specName, specNaming, type StoreSpec } from './store/open.js';
import type { OperationPool, StoreStats } from './store/pool.js';
import { type JournalRecord, recordEntries } from './journal.js';
import { checkPair, setRunSettings, settingName } from './settings-store.js';
import {
  actOnFault,
  countRunCall,
  decideFault,
  decideFromRows,
  faultRows,
  type FaultCall,
  type FiredFault,
  isFaultName,
} from './faults.js';
import type { RuleReader } from './store/rule-reader.js';
import { type AdminRequest, type Readiness, runAdmin } from './admin-calls.js';
import type { RegistryRequest } from './store/registry-store.js';
import { stopCheckpointer } from './store/wal-checkpointer.js';
import { stmt } from './store/statements.js';
import { waitAtLeast } from '../../core/wait.js';
import { endHolds, HOLD_ENDED } from './leases.js';

/** Every operation's handler: one missing, or one for no operation, fails `tsc` (models/registry.ts). */
const TABLE: Record<OperationName, Handler> = gated({
  ...repositories,
  ...registryAuth,
  ...images,
  ...layers,
  ...scans,
  ...launchConfigurations,
  ...accountTokens,
  ...accounts,
  ...meterEventAdjustments,
  ...meterEvents,
  ...meterEventStreams,
  ...meters,
  ...meterErrorReports,
});

/** An operation's handler behind the gate, without the v2 idempotency layer: for the bulk loader (scripts/bulk.ts). */
export const handlerOf = (name: OperationName): Handler => TABLE[name];

export interface ServiceOptions extends StoreSpec {
  accountId: string;
  clock: Clock;
  ids: IdGenerator;
  /** This run's service settings over the store's (serve --settings without --persist-settings), each time the store opens. */
  runSettings?: ReadonlyArray<readonly [string, string]>;
  /**
   * serve on SQLite: the groupable writes that arrive in one turn of the event loop share one transaction
   * (EmbeddedService.callGrouped). The CLI runs one call and has nothing to group.
   */
  groupWrites?: boolean;
}

/** A groupable write waiting for the end of this turn of the event loop (serve on SQLite). */
interface PendingWrite {
  opName: string;
  params: Record<string, unknown>;
  call: CallContext;
  resolve: (out: Record<string, unknown>) => void;
  reject: (err: unknown) => void;
}

/**
 * A v2 write in one transaction of its own, as an AWS one (run): on PostgreSQL a COMMIT that is not
 * confirmed is then looked up by its transaction's id (pg-worker.ts outcomeOf), where a lone statement's
 * outcome could not be (issue 41: a token created, answered "retry").
 */
const inTransaction =
  (handler: Handler): Handler =>
  (db, params, hc) =>
    db.transaction(() => handler(db, params, hc)).immediate();

/** `work`, held in `under` until it settles, failed or not: what a reset waits for (resetOnPool). */
function underWay<T>(under: Set<Promise<void>>, work: Promise<T>): Promise<T> {
  const settled = work.then(
    () => {},
    () => {},
  );
  under.add(settled);
  void settled.then(() => under.delete(settled));
  return work;
}

/** The embedded service: shared by the CLI's local backend and by `svcctl serve`. */
export class EmbeddedService {
  private db?: Database;
  /** An empty store in memory, for reads before the SQLite file exists (readStore). */
  private empty?: Database;
  /** serve --store-pool-size N (N ≥ 2): the threads that run the operations (pool.ts). */
  private pool?: OperationPool;
  /** serve is stopping: journal rows are no longer written. */
  private stopped = false;
  /** Journal writes handed to the pool and not yet done. */
  private readonly journalWrites = new Set<Promise<void>>();
  /** The pool's size as serve asked for it: 1 is serve's default on PostgreSQL, not shown as a pool. */
  private poolSize = 0;
  /** With a pool: the fault rules' rows, read on this thread's own connection (store/rule-reader.ts). */
  private rules?: RuleReader;
  /** With a pool: this run's counted fault rules' calls, counted here over every thread (faults.ts countRunCall). */
  private readonly runCalls = new Map<string, number>();
  private runFaults?: ReadonlyArray<readonly [string, string]>;
  /** The readiness check under way: probes that arrive meanwhile share it instead of queueing more. */
  private readinessCheck?: Promise<Readiness>;
  /** Latency faults being waited out (faultDelay): a reset or serve's stop cuts them short. */
  private readonly delays = new Set<AbortController>();
  /** serve is stopping: a latency fault is not waited out any more. */
  private delaysStopped = false;
  /** How many resets the store has had through this service: a request begun before one is not run after it. */
  private resetCount = 0;
  /** serve on SQLite: the groupable writes of this turn of the event loop (callGrouped), in their order. */
  private pending: PendingWrite[] = [];

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
    if (this.pool)
      throw new Error(
        "internal: the store was used on serve's main thread; with an operation pool every store call goes to a pool thread",
      );
    if (!this.db) {
      const db = openSpecStore(this.opts);
      if (this.opts.runSettings) setRunSettings(db, this.opts.runSettings);
      this.db = db;
    }
    return this.db;
  }

  /**
   * The store a read-only operation answers from: the store when it is open or exists (or is PostgreSQL);
   * before the SQLite file exists, an empty one in memory, so that a read creates no file (issue 34, item 4).
   */
  storeFor(op: Operation): Database {
    return op.readOnly ? this.readStore() : this.store;
  }

  /** Whether `db` is the empty store a read answers from before the SQLite file exists. */
  isEmptyStandIn(db: Database): boolean {
    return db === this.empty;
  }

  /** Whether the store is open or exists (PostgreSQL always does; the SQLite file once a write made it). */
  private hasStore(): boolean {
    return this.db !== undefined || specExists(this.opts);
  }

  private readStore(): Database {
    if (this.hasStore()) return this.store;
    this.empty ??= openMemoryStore();
    return this.empty;
  }

  /** The schema version this svcctl's driver of the store migrates to (/_svcctl/ready). */
  get schemaVersion(): number {
    return this.opts.storeUrl ? PG_MIGRATIONS.length : MIGRATIONS.length;
  }

  /** Which driver holds the store (/_svcctl/health). */
  get storeKind(): 'sqlite' | 'postgres' | 'memory' {
    return specKind(this.opts);
  }

  /** Where the store is, for logs: the SQLite file, or the PostgreSQL URL with its password masked. */
  get storeName(): string {
    return specName(this.opts);
  }

  /**
   * PostgreSQL only: from now on every store call (the operations, the journal's rows, serve's own
   * endpoints) runs in `size` threads, each on its own connection (pool.ts); this thread's connection,
   * which opened and migrated the store, is closed, so that nothing here waits on the database.
   */
  async startPool(size: number, clockMs: number | undefined): Promise<void> {
    if (!this.opts.storeUrl) throw new Error('an operation pool needs a PostgreSQL store');
    this.poolSize = size;
    const { OperationPool, STUCK_MS } = await import('./store/pool.js');
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
    this.db?.close();
    this.db = undefined;
    const { RuleReader } = await import('./store/rule-reader.js');
    this.rules = new RuleReader({
      url: storeUrl,
      connectTimeoutMs: storeConnectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: storeQueryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS,
      stuckMs: STUCK_MS,
      backoffMs: BACKOFF_MS,
    });
  }

  /**
   * What one of serve's own endpoints asks of the store: here, or in a pool thread (admin-calls.ts). A reset
   * (but of the journal alone) first ends every request still on its way to its operation: a latency fault's
   * wait is cut short and the request is dropped, so that nothing from before the reset lands after it.
   */
  async admin(request: AdminRequest): Promise<unknown> {
    try {
      return await this.adminNow(request);
    } catch (err) {
      // A store it cannot write (locked by another process, read-only, full): named, as an operation's is
      // (callError); serve answers it 503, the library rejects with it (hostile pass 14: SQLite's own error).
      throw this.storeError(err);
    }
  }

  private async adminNow(request: AdminRequest): Promise<unknown> {
    if (request.what === 'reset' && request.kind !== 'journal') {
      // The grouped writes still waiting for their turn began before the reset too: dropped, not run. Run
      // first, each was answered with no journal row (its request begun before the reset), and one a reset
      // of another kind left in place was a write the journal never showed.
      this.dropPending();
      this.resetCount++;
      for (const delay of this.delays) delay.abort();
      this.endHolds();
    }
    this.runPending();
    if (this.pool && request.what === 'reset') return this.resetOnPool(request);
    const ends = runSettingsEnded(request);
    if (ends === 'none')
      return this.pool
        ? request.what === 'faults'
          ? this.withRunCalls(await this.pool.admin(request))
          : request.what === 'registry'
            ? this.onPool(() => this.pool!.admin(request))
            : this.pool.admin(request)
        : runAdmin(this.store, request);
    // This run's settings and rules live in each thread (and here, for a thread started later): a change of
    // them reaches every one, or the threads not asked would keep a rule that GET /_svcctl/faults no longer lists.
    const value = this.pool ? await this.pool.adminAll(request) : runAdmin(this.store, request);
    this.forgetRunSettings(ends === 'faults' ? this.runFaultNames() : ends);
    return this.withRunCalls(value);
  }

  /** With a pool: the store calls of requests under way (operations, registry steps), which a reset waits for. */
  private onPoolCalls = new Set<Promise<void>>();
  /** With a pool: the reset under way, which store calls begun during it wait for. */
  private resetting?: Promise<void>;

  /**
   * With a pool, a store call of a request: after the reset under way, if one is (begun during it, it comes after
   * it), and counted as under way until it ends (a reset begun meanwhile waits for it).
   */
  private async onPool<T>(run: () => Promise<T>): Promise<T> {
    while (this.resetting) await this.resetting;
    return underWay(this.onPoolCalls, run());
  }

  /**
   * A reset with a pool, whose threads run calls side by side: it runs once the writes begun before it are done
   * and their journal rows written, and the calls begun while it runs wait for it (onPool). Run at once on a
   * thread of its own, it could delete the journal before a row of a write done before it landed, and a write
   * begun before it could commit after it (hostile pass 12c): the journal listed creates of repositories the
   * reset had deleted. A reset of the journal alone waits for the rows written so far only: a request under way
   * is answered after it, with its row.
   */
  private async resetOnPool(request: AdminRequest & { what: 'reset' }): Promise<unknown> {
    const journalOnly = request.kind === 'journal';
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    if (!journalOnly) this.resetting = gate;
    try {
      if (!journalOnly) await Promise.all([...this.onPoolCalls]);
      await this.journalWritten();
      const ends = runSettingsEnded(request);
      if (ends === 'none') return await this.pool!.admin(request);
      const value = await this.pool!.adminAll(request);
      this.forgetRunSettings(ends === 'faults' ? this.runFaultNames() : ends);
      return this.withRunCalls(value);
    } finally {
      if (this.resetting === gate) this.resetting = undefined;
      release();
    }
  }

  /** With a pool, the calls this run's counted rules counted are the main thread's (countRunCall), not one thread's. */
  private withRunCalls(value: unknown): unknown {
    if (!this.pool || !Array.isArray(value)) return value;
    return value.map((f: { Name?: string; Source?: string; Calls?: number }) =>
      f.Source === 'run' && f.Calls !== undefined ? { ...f, Calls: this.runCalls.get(f.Name ?? '') ?? 0 } : f,
    );
  }

  /** One step of serve's registry over the store (registry-store.ts): here, or in a pool thread. */
  registry<T>(request: RegistryRequest): Promise<T> {
    return this.admin({ what: 'registry', request }) as Promise<T>;
  }

  /** A mark of the resets so far: a request takes it when it begins, and is not run if it changed (`resetSince`). */
  get resets(): number {
    return this.resetCount;
  }

  resetSince(mark: number): boolean {
    return this.resetCount !== mark;
  }

  /**
   * Waits out a latency fault's `ms` (the answer comes that late): true once waited; false when cut short, by
   * the client going away (`clientGone`), a reset, or serve stopping, and then the request must not run.
   */
  async faultDelay(ms: number, clientGone?: AbortSignal): Promise<boolean> {
    if (this.delaysStopped || clientGone?.aborted) return false;
    const cut = new AbortController();
    const onGone = () => cut.abort();
    clientGone?.addEventListener('abort', onGone, { once: true });
    this.delays.add(cut);
    try {
      return await waitAtLeast(ms, cut.signal);
    } finally {
      this.delays.delete(cut);
      clientGone?.removeEventListener('abort', onGone);
    }
  }

  /** serve stops: every latency fault's wait ends now, and none starts (its requests are dropped, not run). */
  stopDelays(): void {
    this.delaysStopped = true;
    for (const delay of this.delays) delay.abort();
    this.endHolds();
  }

  /**
   * Every account update's hold (account_update_hold_ms) under way ends, undone: on this thread's connection, or
   * on each pool thread's (a reset and serve's stop, as for a latency fault's wait).
   */
  private endHolds(): void {
    if (this.pool) void this.pool.adminAll({ what: 'end-holds' }).catch(() => undefined);
    else if (this.db) endHolds(this.db);
  }

  /**
   * Whether the store serves (admin-calls.ts), answered within `boundMs`: a store that does not answer in
   * time is not ready. One check at a time; probes that come meanwhile get its answer.
   */
  async readiness(boundMs: number): Promise<Readiness> {
    if (!this.readinessCheck) {
      const check = (this.admin({ what: 'ready', schemaVersion: this.schemaVersion }) as Promise<Readiness>).catch(
        (err: unknown): Readiness => ({
          ready: false,
          reason:
            err instanceof StoreUnavailableError
              ? withoutTopology(err)
              : `The store cannot be read: ${(err as Error).message}`,
        }),
      );
      this.readinessCheck = check;
      void check.finally(() => {
        if (this.readinessCheck === check) this.readinessCheck = undefined;
      });
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Readiness>((resolve) => {
      timer = setTimeout(
        () => resolve({ ready: false, reason: `The store did not answer within ${boundMs / 1000} s.` }),
        boundMs,
      );
    });
    try {
      return await Promise.race([this.readinessCheck, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * This run's settings over the store's (serve --settings without --persist-settings): checked and applied
   * to the open store now, to it again whenever it opens, and to the pool's threads when they start.
   */
  useRunSettings(pairs: ReadonlyArray<readonly [string, string]>): void {
    setRunSettings(this.store, pairs);
    this.opts.runSettings = pairs;
    this.runFaults = undefined;
    this.runCalls.clear();
  }

  /**
   * Forgets this run's settings of these names (all without names), once the store's connection has dropped
   * them (a set or reset through the library's handle): a store opened again, or a pool thread started
   * later, does not bring them back.
   */
  forgetRunSettings(names?: readonly string[]): void {
    if (this.opts.runSettings === undefined) return;
    this.opts.runSettings =
      names === undefined ? [] : this.opts.runSettings.filter(([name]) => !names.includes(settingName(name)));
    this.runFaults = undefined;
    for (const name of [...this.runCalls.keys()])
      if (names === undefined || names.includes(name)) this.runCalls.delete(name);
  }

  /** This run's fault rules, canonical as the threads hold them (settings-store.ts setRunSettings). */
  private runFaultRules(): ReadonlyArray<readonly [string, string]> {
    this.runFaults ??= (this.opts.runSettings ?? [])
      .map(([name, raw]) => checkPair(name, raw))
      .filter(([name, value]) => isFaultName(name) && value !== 'none');
    return this.runFaults;
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
    return underWay(this.journalWrites, this.pool.journal(records, limit));
  }

  /** Resolves once every journal write handed to the pool so far is done (before reading the journal). */
  async journalWritten(): Promise<void> {
    await Promise.all([...this.journalWrites]);
  }

  /** The pool's threads and its calls in flight (/_svcctl/metrics, /_svcctl/health); undefined without one (or of one thread). */
  get poolState(): { threads: number; inFlight: number } | undefined {
    return this.pool && this.poolSize > 1 ? { threads: this.pool.size, inFlight: this.pool.inFlight } : undefined;
  }

  /**
   * The fault rule that fires on this call, if one does (faults.ts). With a pool, by a thread on its own
   * connection, so that the main thread does not wait on the database in a request's path.
   */
  async fault(call: FaultCall): Promise<FiredFault | undefined> {
    // No store yet, no rules in it: a read on a new home stays a read that writes nothing (issue 34, item 4).
    if (!this.hasStore()) return undefined;
    if (!this.pool?.size) {
      // serve on SQLite (issue 42): the rules read once a turn of the event loop for every request that
      // came in it (turnRules); a counted rule, or this run's own rules, are decided as before.
      if (!this.opts.groupWrites || this.opts.storeUrl || this.runHasFaults()) return decideFault(this.store, call);
      const decided = decideFromRows(await this.turnRules(), call);
      return decided === 'counted' ? decideFault(this.store, call) : decided;
    }
    // With a pool (serve on PostgreSQL always has one): decided here from the store's rules as read now on
    // this thread's own connection (store/rule-reader.ts), without a trip to a thread that may be busy
    // (issue 41, item 3). A thread decides when a counted rule (nth, next) matches, its count being in the
    // store, and whenever this run has rules of its own (each thread has them); a counted rule of the run is
    // counted here, over every thread, and the thread decides with that count.
    if (!this.rules || this.runHasFaults())
      return this.pool.fault(
        call,
        this.runHasFaults() ? countRunCall(this.runFaultRules(), call, this.runCalls) : undefined,
      );
    const decided = decideFromRows(await this.rules.rows(), call);
    return decided === 'counted' ? this.pool.fault(call) : decided;
  }

  /** This turn's read of the store's fault rules, shared by every request that asks for it in the turn. */
  private rulesRead?: Promise<Array<{ name: string; value: string }>>;

  /**
   * The store's fault rules as read once per turn of the event loop, at its end (setImmediate), for every
   * request that asked in the turn: one statement a turn, not one a request. Every request that waits for
   * it had arrived whole before it is read (the turn's I/O is done by then), so a rule committed before a
   * client sent its request, by this serve or any other process on the store, is in the rows it gets.
   */
  private turnRules(): Promise<Array<{ name: string; value: string }>> {
    this.rulesRead ??= new Promise((resolve, reject) =>
      setImmediate(() => {
        this.rulesRead = undefined;
        try {
          resolve(faultRows(this.store));
        } catch (err) {
          reject(err);
        }
      }),
    );
    // The writes of the requests the read lets through (their decisions run between the two callbacks, as
    // microtasks) go in this same turn, not the next: one turn of latency, and groups as large as before.
    setImmediate(() => this.runPending());
    return this.rulesRead;
  }

  private runFaultNames(): string[] {
    return (this.opts.runSettings ?? []).map(([name]) => settingName(name)).filter(isFaultName);
  }

  /** serve --settings FILE without --persist-settings set fault rules for this run. */
  private runHasFaults(): boolean {
    return (this.opts.runSettings ?? []).some(([name]) => isFaultName(name));
  }

  /**
   * Whether calls of `opName` may share one transaction (callMany): an AWS write whose handler runs at READ
   * COMMITTED, the creates and deletes a quota counts (handlers/quota.ts). Their statements read nothing but
   * the count row they lock, so several of them in one transaction, one after another, answer as they would
   * one transaction each in the same order.
   */
  static groupable(opName: string): boolean {
    const handler = (TABLE as Record<string, Handler | undefined>)[opName];
    if (handler?.isolation !== 'read committed') return false;
    const op = operation(opName);
    return !op.readOnly && !speaksV2(op);
  }

  /**
   * Calls that arrived together (a pool thread's queue on PostgreSQL, issue 42), each `groupable`: run in
   * one transaction, one COMMIT for all of them, so that the round trips of BEGIN and COMMIT and the
   * COMMIT's flush are paid once for the group. Each call is still answered exactly: when any of them
   * fails (its service error, a conflict), the group's transaction is rolled back, so nothing of it is
   * written, and each call runs again on its own, as `call` runs it, and gets its own answer. A store that
   * became unavailable is every call's answer (503), never run again: a COMMIT whose outcome is unknown
   * may have committed the whole group.
   */
  async callMany(
    calls: ReadonlyArray<{ op: string; params: Record<string, unknown>; context: CallContext }>,
  ): Promise<Array<{ output: Record<string, unknown> } | { error: unknown }>> {
    const one = (c: (typeof calls)[number]) =>
      this.call(c.op, c.params, c.context).then(
        (output) => ({ output }),
        (error: unknown) => ({ error }),
      );
    if (calls.length < 2 || this.pool || !this.opts.storeUrl) return Promise.all(calls.map(one));
    const db = this.store;
    const runs = calls.map((c) => {
      const op = operation(c.op);
      return { op, handler: TABLE[c.op as OperationName], params: c.params, hc: this.handlerContext(c.context) };
    });
    const deadline = Math.min(...runs.map((r) => r.hc.deadlineMs ?? Number.POSITIVE_INFINITY));
    let outs: Record<string, unknown>[];
    try {
      outs = withDeadline(db, Number.isFinite(deadline) ? deadline : undefined, () =>
        db.transaction(() => runs.map((r) => r.handler(db, r.params, r.hc)), 'read committed')(),
      );
    } catch (err) {
      if (err instanceof StoreUnavailableError) return calls.map(() => ({ error: err }));
      return Promise.all(calls.map(one));
    }
    return outs.map((out, i) => ({
      output: orderByShape(runs[i]!.op.output, fillDefaults(runs[i]!.op.output, out)) as Record<string, unknown>,
    }));
  }

  /** What a handler sees of a call: the call completed with the store's account, clock, ids and the call's deadline. */
  private handlerContext(call: CallContext): HandlerContext {
    const timeoutMs = this.opts.storeQueryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    return {
      ...call,
      // PostgreSQL: the operation's statements, in however many transactions, share one time-out (issue 41).
      // It counts from when serve handed the call to this thread while the store does not confirm COMMITs
      // in time (one was looked up within the last time-out): the answer then comes within the time-out
      // plus the back-off, queue included. On a store that answers, a call that waited for its turn behind
      // a burst has its whole time-out from now: it waits its turn, as documented.
      deadlineMs: this.opts.storeUrl
        ? call.deadlineMs !== undefined && (this.db as { slowRecently?: boolean } | undefined)?.slowRecently
          ? call.deadlineMs
          : Date.now() + timeoutMs
        : undefined,
      accountId: call.accountId ?? this.opts.accountId,
      clock: this.opts.clock,
      ids: this.opts.ids,
    };
  }

  /** One call; v2 operations go through their common checks first (handlers/stripe-call.ts). */
  async call(opName: string, params: Record<string, unknown>, call: CallContext): Promise<Record<string, unknown>> {
    if (this.opts.groupWrites && !this.opts.storeUrl && EmbeddedService.groupable(opName))
      return this.callGrouped(opName, params, call);
    // Any other call runs after the writes that came before it, as it would without the group.
    this.runPending();
    return this.callNow(opName, params, call);
  }

  /**
   * serve on SQLite (issue 42): a groupable write (`groupable`: a quota's create or delete) waits for the end
   * of this turn of the event loop, and the ones that arrived in it run in one transaction (runPending): one
   * BEGIN IMMEDIATE and one COMMIT, whose WAL write is most of a create's cost, for the group. Nothing is
   * answered before the COMMIT, so an answered write is as durable as before (docs/reliability.md).
   */
  private callGrouped(
    opName: string,
    params: Record<string, unknown>,
    call: CallContext,
  ): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      this.pending.push({ opName, params, call, resolve, reject });
      if (this.pending.length === 1) setImmediate(() => this.runPending());
    });
  }

  /**
   * Runs the writes waiting (callGrouped), in the order they came. Two or more: one transaction, each write in
   * a savepoint of its own, so that one refused (a name taken, a quota reached: its ServiceError) undoes its
   * own statements alone and the others go on, as they would have one transaction each in this order (SQLite
   * has one writer: nothing else runs in between). Anything else that fails in the group (the store's error,
   * a defect) rolls all of it back and each write runs again alone, for its own answer; a failure before any
   * write ran (BEGIN IMMEDIATE: the store locked, unwritable) is every write's answer, nothing having been done.
   */
  private runPending(): void {
    const writes = this.pending;
    if (writes.length === 0) return;
    this.pending = [];
    const alone = (w: PendingWrite) => void this.callNow(w.opName, w.params, w.call).then(w.resolve, w.reject);
    if (writes.length === 1) return alone(writes[0]!);
    const runs = writes.map((w) => ({
      op: operation(w.opName),
      handler: TABLE[w.opName as OperationName],
      params: w.params,
      hc: this.handlerContext(w.call),
    }));
    let begun = false;
    let outcomes: Array<{ out: Record<string, unknown> } | { err: ServiceError }>;
    try {
      const db = this.store;
      const sqlite = db as unknown as { inTransaction: boolean };
      outcomes = db.transaction(() =>
        runs.map((r) => {
          begun = true;
          stmt(db, 'SAVEPOINT grouped_write').run();
          try {
            const out = r.handler(db, r.params, r.hc);
            stmt(db, 'RELEASE grouped_write').run();
            return { out };
          } catch (err) {
            if (!(err instanceof ServiceError) || !sqlite.inTransaction) throw err;
            stmt(db, 'ROLLBACK TO grouped_write').run();
            stmt(db, 'RELEASE grouped_write').run();
            return { err };
          }
        }),
      )();
    } catch (err) {
      if (begun) for (const w of writes) alone(w);
      else for (const [i, w] of writes.entries()) w.reject(this.callError(runs[i]!.op, err));
      return;
    }
    for (const [i, w] of writes.entries()) {
      const outcome = outcomes[i]!;
      const op = runs[i]!.op;
      if ('err' in outcome) w.reject(this.callError(op, outcome.err));
      else w.resolve(orderByShape(op.output, fillDefaults(op.output, outcome.out)) as Record<string, unknown>);
    }
  }

  /** The writes waiting for their turn (callGrouped) end undone, as a reset ends a latency fault's wait: serve drops their requests. */
  private dropPending(): void {
    const writes = this.pending;
    this.pending = [];
    for (const w of writes)
      w.reject(
        new ServiceError(
          HOLD_ENDED,
          'The store was reset while this write waited for its turn: nothing was done.',
          503,
        ),
      );
  }

  /** A call's error as its client sees it (callNow's catch). */
  private callError(op: Operation, err: unknown): unknown {
    // As a client of the real service would see it: a JSON 1.1 (ECR) error carries its body's `message` too.
    if (err instanceof ServiceError && serviceModel(op.service).protocol === 'json11' && !err.fields)
      err.fields = json11ErrorFields(err.code, err.message, { message: err.message });
    return this.storeError(err);
  }

  /** A store it cannot write (read-only, locked by another process, full): named, with what to do (253). */
  private storeError(err: unknown): unknown {
    return storeProblem(this.storeName, err, busyTimeoutMs(this.opts.hooks ?? {}), specNaming(this.opts)) ?? err;
  }

  private async callNow(
    opName: string,
    params: Record<string, unknown>,
    call: CallContext,
  ): Promise<Record<string, unknown>> {
    const timeoutMs = this.opts.storeQueryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    // Handed to a thread: the time-out counts from now (CallContext.deadlineMs), the thread decides (below).
    const pool = this.pool;
    if (pool?.size)
      return this.onPool(async () => {
        const context = { ...call, deadlineMs: Date.now() + timeoutMs };
        const out = await pool.call(opName, params, context);
        if (context.replayed) call.replayed = true;
        return out;
      });
    const handler = (TABLE as Record<string, Handler | undefined>)[opName];
    if (!handler) throw new ServiceError('UnknownOperation', `The embedded service does not implement ${opName}`, 400);
    const hc = this.handlerContext(call);
    const op = operation(opName);
    try {
      const db = this.storeFor(op);
      const out = speaksV2(op)
        ? await callV2(db, op, handler, params, hc, inTransaction)
        : this.run(db, op, handler, params, hc);
      if (hc.replayed) call.replayed = true;
      // Every documented default, at every depth (a block device's Ebs without DeleteOnTermination), then model order.
      return orderByShape(op.output, fillDefaults(op.output, out)) as Record<string, unknown>;
    } catch (err) {
      throw this.callError(op, err);
    }
  }

  /** An AWS operation: one transaction when it writes (one its model marks readOnly takes no write lock). */
  private run(
    db: Database,
    op: Operation,
    handler: Handler,
    params: Record<string, unknown>,
    hc: HandlerContext,
  ): Record<string, unknown> {
    return withDeadline(db, hc.deadlineMs, () =>
      op.readOnly ? handler(db, params, hc) : db.transaction(() => handler(db, params, hc), handler.isolation)(),
    );
  }

  /** PostgreSQL only: statements sent and operations retried so far, by this thread and the pool's (serve logs them when it stops). */
  async totalStoreStats(): Promise<StoreStats | undefined> {
    const own = this.storeStats() ?? { queries: 0, retries: 0 };
    if (!this.pool) return this.storeStats();
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
    this.runPending();
    this.stopped = true;
    this.rules?.close();
    this.rules = undefined;
    await this.pool?.close();
    this.pool = undefined;
  }

  close(): void {
    this.runPending();
    if (this.db) stopCheckpointer(this.db);
    this.db?.close();
    this.db = undefined;
    this.empty?.close();
    this.empty = undefined;
  }
}

const ms = (since: number) => `${(performance.now() - since).toFixed(1)} ms`;

export class EmbeddedBackend implements Backend {
  private opened = false;

  /** @param debug where --debug lines go: the store opened, each call with its input (secret members `****`: models/secrets.ts) and its time */
  constructor(
    private readonly service: EmbeddedService,
    private readonly debug?: (line: string) => void,
  ) {}

  async invoke(op: Operation, params: Record<string, unknown>, call: CallContext): Promise<Record<string, unknown>> {
    const log = this.debug;
    if (log && !this.opened) {
      const t = performance.now();
      const db = this.service.storeFor(op);
      const version = `schema version ${db.pragma('user_version', { simple: true })}`;
      log(
        this.service.isEmptyStandIn(db)
          ? `DEBUG embedded store: ${this.service.storeName} does not exist yet; this read answers from an empty store in memory (${version}) opened in ${ms(t)}`
          : `DEBUG embedded store: ${this.service.storeName} (${version}) opened in ${ms(t)}`,
      );
    }
    this.opened = true;
    // The service's size limits, measured as the protocol would send the request (wire/codecs.ts).
    const oversize = oversizeRequest(op, params);
    if (oversize) throw oversize;
    const input = stringifyJsonExact(maskSecrets(op.input, params));
    const key = call.apiKey === undefined || !speaksV2(op) ? '' : `, key ${maskKey(call.apiKey)}`;
    log?.(`DEBUG embedded call: ${op.name} (region ${call.region}${key}) ${input}`);
    const t = performance.now();
    try {
      await this.fault(op, call.region);
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

  /**
   * A fault rule that fires on this call (docs/operating-serve.md), as the HTTP backend would report serve's
   * answer after its last attempt: the service's error (exit 254); the latency, waited; a closed connection,
   * the transport's error (exit 255). One attempt per command: the embedded backend does not retry.
   */
  private async fault(op: Operation, region: string): Promise<void> {
    const fired = await this.service.fault({
      service: op.service,
      operation: op.name,
      account: this.service.accountId,
      region,
    });
    if (!fired) return;
    this.debug?.(`DEBUG embedded fault: ${fired.label}`);
    if ((await actOnFault(fired, op.service)) === 'close')
      throw new TransportError(
        `Connection was closed before we received a valid response from the embedded service (${fired.label}).`,
      );
  }

  close(): void {
    this.service.close();
  }
}

/**
 * The run's settings an admin request ends: these names, all of them (undefined), its fault rules
 * ('faults'), or 'none'. A setting or rule set in the store replaces this run's of that name; a reset or a
 * removal ends it.
 */
function runSettingsEnded(r: AdminRequest): string[] | 'faults' | undefined | 'none' {
  if (r.what === 'set-settings') return r.pairs.map(([n]) => settingName(n));
  if (r.what === 'reset-settings') return r.names?.map(settingName);
  if (r.what === 'remove-faults') return r.names === undefined ? 'faults' : r.names.map(settingName);
  return 'none';
}
