/**
 * `svcctl serve --store-pool-size N` on a PostgreSQL store: N threads (executor.ts), each with its own
 * EmbeddedService on its own connection, so that up to N operations wait on the database at once. The
 * PostgreSQL driver is a synchronous facade (pg-store.ts): without the pool, one instance runs one
 * statement at a time, and throughput grows only by adding instances.
 *
 * serve on PostgreSQL always runs one (N = 1 by default), so that its main thread, which keeps HTTP,
 * authentication, the codecs, health and metrics, never waits on the database: every store call (the
 * operations, the journal's rows, what /_svcctl/ reads and resets: admin-calls.ts) goes to a thread, N
 * connections in all. Only the service's call crosses to a thread: its input and output are plain
 * data (a structured clone), and its error is carried as data and made again here (encodeError,
 * decodeError), so that each protocol answers it as it would without the pool. Each call goes to the
 * thread with the fewest calls in flight; when every thread has waited STUCK_MS on a database that does
 * not answer, new calls are refused at once (503, known not done). A thread that dies fails its calls in
 * flight (500) and is replaced.
 */
import { Worker } from 'node:worker_threads';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError, ServiceError, StoreUnavailableError } from '../../../core/errors.js';
import type { JournalRecord } from '../journal.js';
import type { FaultCall, FiredFault } from '../faults.js';
import type { AdminRequest } from '../admin-calls.js';
import type { TestHooks } from '../test-hooks.js';
import type { CallContext } from '../../backend.js';
import { holdsOrder } from '../../../core/keys.js';
import { parseJsonExact, stringifyJsonExact } from '../../../core/pynum.js';

/**
 * A value for the thread boundary: as is, or as exact JSON when an object in it keeps a received key order
 * (integer-like keys, core/keys.ts), which postMessage's structured clone would drop. Issue 31, item 7.
 */
export function crossing<K extends string>(
  name: K,
  value: Record<string, unknown>,
): { [P in K]?: Record<string, unknown> } & { [P in `${K}Json`]?: string } {
  return (holdsOrder(value) ? { [`${name}Json`]: stringifyJsonExact(value) } : { [name]: value }) as never;
}

/** What each thread is started with. */
export interface ExecutorData {
  home: string;
  accountId: string;
  /** SVCCTL_TEST_CLOCK_MS: the pinned clock of the tests; else the system clock. */
  clockMs?: number;
  storeUrl: string;
  storeConnectTimeoutMs?: number;
  storeQueryTimeoutMs?: number;
  /** serve --settings without --persist-settings: this run's settings, over the store's. */
  runSettings?: ReadonlyArray<readonly [string, string]>;
  /** The tests' hooks (test-hooks.ts): a thread reads none from process.env. */
  hooks?: TestHooks;
}

export interface ExecutorRequest {
  id: number;
  op?: string;
  params?: Record<string, unknown>;
  /** The params as exact JSON, when they hold an order a structured clone would lose (crossJson). */
  paramsJson?: string;
  context?: CallContext;
  stats?: true;
  /** Rows for the request journal, and how many entries it keeps. */
  journal?: { records: JournalRecord[]; limit: number };
  /** A call to decide the store's fault rules for (faults.ts). */
  fault?: FaultCall;
  /** This run's counted rules that match it, counted over every thread by the main thread (faults.ts countRunCall). */
  runCounts?: Record<string, number>;
  /** What serve's own endpoints ask of the store (admin-calls.ts). */
  admin?: AdminRequest;
}

export interface StoreStats {
  queries: number;
  retries: number;
}

export interface ExecutorReply {
  id: number;
  ready?: true;
  output?: Record<string, unknown>;
  /** The output as exact JSON, when it holds an order a structured clone would lose (crossJson). */
  outputJson?: string;
  /** The call's answer is an idempotent replay (CallContext.replayed). */
  replayed?: true;
  /** An admin request's answer. */
  value?: unknown;
  error?: EncodedError;
  stats?: StoreStats;
  /** The fault rule that fired, when one did (a `fault` request). */
  fired?: FiredFault;
}

interface EncodedError {
  kind: 'service' | 'unavailable' | 'config' | 'internal';
  message: string;
  code?: string;
  status?: number;
  extra?: Record<string, unknown>;
  fields?: Record<string, unknown>;
  stack?: string;
}

/** An error of the service as data that crosses threads (a structured clone keeps no class). */
export function encodeError(err: unknown): EncodedError {
  if (err instanceof StoreUnavailableError) return { kind: 'unavailable', message: err.message, code: err.outcome };
  if (err instanceof ServiceError)
    return {
      kind: 'service',
      message: err.message,
      code: err.code,
      status: err.status,
      extra: err.extra,
      fields: err.fields,
    };
  if (err instanceof ConfigError) return { kind: 'config', message: err.message };
  const e = err instanceof Error ? err : new Error(String(err));
  const code = (e as { code?: unknown }).code;
  return { kind: 'internal', message: e.message, stack: e.stack, code: typeof code === 'string' ? code : undefined };
}

/** The error a thread threw, as the same class here. */
export function decodeError(e: EncodedError): Error {
  switch (e.kind) {
    case 'unavailable':
      return new StoreUnavailableError(e.message, e.code === 'unknown' ? 'unknown' : 'not-done');
    case 'service': {
      const err = new ServiceError(e.code!, e.message, e.status, e.extra);
      if (e.fields) err.fields = e.fields;
      return err;
    }
    case 'config':
      return new ConfigError(e.message);
    default: {
      const err = Object.assign(new Error(e.message), e.code === undefined ? {} : { code: e.code });
      if (e.stack) err.stack = e.stack;
      return err;
    }
  }
}

/** dist/executor.js, beside the bundle this module is part of (dist/cli.cjs, or dist/chunks/ of the ESM build). */
function executorScript(): string {
  for (const rel of ['./executor.js', '../executor.js']) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new ConfigError('--store-pool-size needs the built svcctl: dist/executor.js is missing (npm run build).');
}

/** How long every thread may go without answering, with calls waiting, before new calls are refused at once. */
export const STUCK_MS = 2000;

interface Pending {
  resolve: (reply: ExecutorReply) => void;
  reject: (err: Error) => void;
}

class Executor {
  readonly worker: Worker;
  readonly pending = new Map<number, Pending>();
  readonly ready: Promise<void>;
  /** The thread ran far enough to answer (connected or not): its code loads. */
  answered = false;
  /** When it last answered a call, or was given one while it had none: how long it has been stuck. */
  progressMs = Date.now();

  constructor(script: string, data: ExecutorData, onExit: (ex: Executor, why: string) => void) {
    this.worker = new Worker(script, { workerData: data });
    let started: (err?: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      started = (err) => (err ? reject(err) : resolve());
    });
    this.worker.on('message', (reply: ExecutorReply) => {
      if (reply.id === 0) {
        this.answered = true;
        return started(reply.error ? decodeError(reply.error) : undefined);
      }
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      this.progressMs = Date.now();
      p?.resolve(reply);
    });
    this.worker.on('error', (err) => onExit(this, err.message));
    this.worker.on('exit', (code) => {
      const why = `exit code ${code}`;
      started(new Error(`an operation thread stopped before it was ready (${why})`));
      onExit(this, why);
    });
  }

  send(request: Omit<ExecutorRequest, 'id'>, id: number): Promise<ExecutorReply> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.progressMs = Date.now();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }
}

export class OperationPool {
  private readonly executors: Executor[] = [];
  private next = 0;
  private closing = false;
  private calls = 0;

  private constructor(
    private readonly script: string,
    private readonly data: ExecutorData,
  ) {}

  /** Starts `size` threads and waits until each has connected; the first failure stops them all. */
  static async start(size: number, data: ExecutorData): Promise<OperationPool> {
    const pool = new OperationPool(executorScript(), data);
    for (let i = 0; i < size; i++) pool.executors.push(pool.spawn());
    try {
      await Promise.all(pool.executors.map((e) => e.ready));
    } catch (err) {
      await pool.close();
      throw err;
    }
    return pool;
  }

  get size(): number {
    return this.executors.length;
  }

  /** Operations sent to the threads and not yet answered (journal writes not counted). */
  get inFlight(): number {
    return this.calls;
  }

  private spawn(): Executor {
    return new Executor(this.script, this.data, (ex, why) => this.lose(ex, why));
  }

  /**
   * A thread that died: its calls in flight fail, and (unless serve is stopping) a new one takes its place.
   * One that died before it could answer at all is not replaced (its code does not load: no loop of
   * replacements); with no thread left, the main thread runs the operations (EmbeddedService.call).
   */
  private lose(ex: Executor, why: string): void {
    const at = this.executors.indexOf(ex);
    if (at < 0) return;
    this.executors.splice(at, 1);
    for (const p of ex.pending.values()) p.reject(new Error(`the operation thread stopped (${why}) during this call`));
    ex.pending.clear();
    if (this.closing || !ex.answered) return;
    const next = this.spawn();
    next.ready.catch(() => {});
    this.executors.push(next);
  }

  /** The thread with the fewest calls in flight. */
  private leastBusy(): Executor {
    let best = this.executors[0]!;
    for (const ex of this.executors) if (ex.pending.size < best.pending.size) best = ex;
    return best;
  }

  /**
   * Every thread has calls and none has answered one for STUCK_MS: the database does not answer (stalled,
   * or a host that drops packets). A new call is then refused at once, known not done, instead of queueing
   * behind the stalled statements for their whole time-out (a kept-alive client's request would wait, and
   * the calls after it longer still). The first call answered lifts it.
   */
  private stuck(): number | undefined {
    const now = Date.now();
    let since = 0;
    for (const ex of this.executors) {
      if (ex.pending.size === 0 || now - ex.progressMs < STUCK_MS) return undefined;
      since = Math.max(since, ex.progressMs);
    }
    return since === 0 ? undefined : now - since;
  }

  /** The next thread for a call, or the refusal of a pool whose threads all wait on a database that does not answer. */
  private pick(): Executor {
    const stuck = this.stuck();
    if (stuck !== undefined)
      throw new StoreUnavailableError(
        `The store did not answer for ${(stuck / 1000).toFixed(1)} s: all ${this.executors.length} operation thread(s) wait on it (${this.calls} operation(s) in flight). Retry the request.`,
      );
    return this.leastBusy();
  }

  /** One call of the service. */
  async call(op: string, params: Record<string, unknown>, context: CallContext): Promise<Record<string, unknown>> {
    const executor = this.pick();
    this.calls++;
    try {
      const reply = await executor.send({ op, context, ...crossing('params', params) }, ++this.next);
      if (reply.error) throw decodeError(reply.error);
      if (reply.replayed) context.replayed = true;
      return reply.outputJson === undefined
        ? reply.output!
        : (parseJsonExact(reply.outputJson) as Record<string, unknown>);
    } finally {
      this.calls--;
    }
  }

  /**
   * The store's fault rule that fires on this call, decided by a thread on its connection (faults.ts): a
   * call that a counted rule (nth, next) matches, or any call while this run has rules of its own. Like an
   * operation, refused at once while every thread waits on a database that does not answer (pick).
   */
  async fault(call: FaultCall, runCounts?: Record<string, number>): Promise<FiredFault | undefined> {
    const reply = await this.pick().send({ fault: call, ...(runCounts ? { runCounts } : {}) }, ++this.next);
    if (reply.error) throw decodeError(reply.error);
    return reply.fired;
  }

  /** Journal rows, in one transaction (journal.ts recordEntries). */
  async journal(records: JournalRecord[], limit: number): Promise<void> {
    const reply = await this.pick().send({ journal: { records, limit } }, ++this.next);
    if (reply.error) throw decodeError(reply.error);
  }

  /** What one of serve's own endpoints asks of the store (admin-calls.ts). */
  async admin(request: AdminRequest): Promise<unknown> {
    const reply = await this.pick().send({ admin: request }, ++this.next);
    if (reply.error) throw decodeError(reply.error);
    return reply.value;
  }

  /** An admin request that changes this run's settings, by every thread in turn (each holds them): the last one's answer. */
  async adminAll(request: AdminRequest): Promise<unknown> {
    let value: unknown;
    for (const ex of this.executors) {
      const reply = await ex.send({ admin: request }, ++this.next);
      if (reply.error) throw decodeError(reply.error);
      value = reply.value;
    }
    return value;
  }

  /** Statements sent and operations run again, summed over the threads (of a thread replaced: lost). */
  async stats(): Promise<StoreStats> {
    const total = { queries: 0, retries: 0 };
    for (const ex of this.executors) {
      const s = (await ex.send({ stats: true }, ++this.next)).stats!;
      total.queries += s.queries;
      total.retries += s.retries;
    }
    return total;
  }

  /**
   * Stops every thread (their connections close with them). serve closes first and waits for the calls in
   * flight; those still running after its grace fail (their connections were cut already).
   */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.executors.map((e) => e.worker.terminate()));
  }
}
