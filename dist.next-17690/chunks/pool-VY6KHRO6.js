import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  parseJsonExact,
  stringifyJsonExact
} from "./chunk-4W72ZHQN.js";
import {
  ConfigError,
  ServiceError,
  StoreUnavailableError
} from "./chunk-ZTOYQUS4.js";
import {
  holdsOrder
} from "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/backends/embedded/store/pool.ts
import { Worker } from "node:worker_threads";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
function crossing(name, value) {
  return holdsOrder(value) ? { [`${name}Json`]: stringifyJsonExact(value) } : { [name]: value };
}
function encodeError(err) {
  if (err instanceof StoreUnavailableError) return { kind: "unavailable", message: err.message, code: err.outcome };
  if (err instanceof ServiceError)
    return {
      kind: "service",
      message: err.message,
      code: err.code,
      status: err.status,
      extra: err.extra,
      fields: err.fields
    };
  if (err instanceof ConfigError) return { kind: "config", message: err.message };
  const e = err instanceof Error ? err : new Error(String(err));
  const code = e.code;
  return { kind: "internal", message: e.message, stack: e.stack, code: typeof code === "string" ? code : void 0 };
}
function decodeError(e) {
  switch (e.kind) {
    case "unavailable":
      return new StoreUnavailableError(e.message, e.code === "unknown" ? "unknown" : "not-done");
    case "service": {
      const err = new ServiceError(e.code, e.message, e.status, e.extra);
      if (e.fields) err.fields = e.fields;
      return err;
    }
    case "config":
      return new ConfigError(e.message);
    default: {
      const err = Object.assign(new Error(e.message), e.code === void 0 ? {} : { code: e.code });
      if (e.stack) err.stack = e.stack;
      return err;
    }
  }
}
function executorScript() {
  for (const rel of ["./executor.js", "../executor.js"]) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new ConfigError("--store-pool-size needs the built svcctl: dist/executor.js is missing (npm run build).");
}
var STUCK_MS = 2e3;
var Executor = class {
  worker;
  pending = /* @__PURE__ */ new Map();
  ready;
  /** The thread ran far enough to answer (connected or not): its code loads. */
  answered = false;
  /** When it last answered a call, or was given one while it had none: how long it has been stuck. */
  progressMs = Date.now();
  constructor(script, data, onExit) {
    this.worker = new Worker(script, { workerData: data });
    let started = () => {
    };
    this.ready = new Promise((resolve, reject) => {
      started = (err) => err ? reject(err) : resolve();
    });
    this.worker.on("message", (reply) => {
      if (reply.id === 0) {
        this.answered = true;
        return started(reply.error ? decodeError(reply.error) : void 0);
      }
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      this.progressMs = Date.now();
      p?.resolve(reply);
    });
    this.worker.on("error", (err) => onExit(this, err.message));
    this.worker.on("exit", (code) => {
      const why = `exit code ${code}`;
      started(new Error(`an operation thread stopped before it was ready (${why})`));
      onExit(this, why);
    });
  }
  send(request, id) {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.progressMs = Date.now();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }
};
var OperationPool = class _OperationPool {
  constructor(script, data) {
    this.script = script;
    this.data = data;
  }
  script;
  data;
  executors = [];
  next = 0;
  closing = false;
  calls = 0;
  /** Starts `size` threads and waits until each has connected; the first failure stops them all. */
  static async start(size, data) {
    const pool = new _OperationPool(executorScript(), data);
    for (let i = 0; i < size; i++) pool.executors.push(pool.spawn());
    try {
      await Promise.all(pool.executors.map((e) => e.ready));
    } catch (err) {
      await pool.close();
      throw err;
    }
    return pool;
  }
  get size() {
    return this.executors.length;
  }
  /** Operations sent to the threads and not yet answered (journal writes not counted). */
  get inFlight() {
    return this.calls;
  }
  spawn() {
    return new Executor(this.script, this.data, (ex, why) => this.lose(ex, why));
  }
  /**
   * A thread that died: its calls in flight fail, and (unless serve is stopping) a new one takes its place.
   * One that died before it could answer at all is not replaced (its code does not load: no loop of
   * replacements); with no thread left, the main thread runs the operations (EmbeddedService.call).
   */
  lose(ex, why) {
    const at = this.executors.indexOf(ex);
    if (at < 0) return;
    this.executors.splice(at, 1);
    for (const p of ex.pending.values()) p.reject(new Error(`the operation thread stopped (${why}) during this call`));
    ex.pending.clear();
    if (this.closing || !ex.answered) return;
    const next = this.spawn();
    next.ready.catch(() => {
    });
    this.executors.push(next);
  }
  /** The thread with the fewest calls in flight. */
  leastBusy() {
    let best = this.executors[0];
    for (const ex of this.executors) if (ex.pending.size < best.pending.size) best = ex;
    return best;
  }
  /**
   * Every thread has calls and none has answered one for STUCK_MS: the database does not answer (stalled,
   * or a host that drops packets). A new call is then refused at once, known not done, instead of queueing
   * behind the stalled statements for their whole time-out (a kept-alive client's request would wait, and
   * the calls after it longer still). The first call answered lifts it.
   */
  stuck() {
    const now = Date.now();
    let since = 0;
    for (const ex of this.executors) {
      if (ex.pending.size === 0 || now - ex.progressMs < STUCK_MS) return void 0;
      since = Math.max(since, ex.progressMs);
    }
    return since === 0 ? void 0 : now - since;
  }
  /** The next thread for a call, or the refusal of a pool whose threads all wait on a database that does not answer. */
  pick() {
    const stuck = this.stuck();
    if (stuck !== void 0)
      throw new StoreUnavailableError(
        `The store did not answer for ${(stuck / 1e3).toFixed(1)} s: all ${this.executors.length} operation thread(s) wait on it (${this.calls} operation(s) in flight). Retry the request.`
      );
    return this.leastBusy();
  }
  /** One call of the service. */
  async call(op, params, context) {
    const executor = this.pick();
    this.calls++;
    try {
      const reply = await executor.send({ op, context, ...crossing("params", params) }, ++this.next);
      if (reply.error) throw decodeError(reply.error);
      return reply.outputJson === void 0 ? reply.output : parseJsonExact(reply.outputJson);
    } finally {
      this.calls--;
    }
  }
  /** The store's fault rule that fires on this call, decided by a thread on its connection (faults.ts). */
  async fault(call) {
    const reply = await this.leastBusy().send({ fault: call }, ++this.next);
    if (reply.error) throw decodeError(reply.error);
    return reply.fired;
  }
  /** Journal rows, in one transaction (journal.ts recordEntries). */
  async journal(records, limit) {
    const reply = await this.pick().send({ journal: { records, limit } }, ++this.next);
    if (reply.error) throw decodeError(reply.error);
  }
  /** What one of serve's own endpoints asks of the store (admin-calls.ts). */
  async admin(request) {
    const reply = await this.pick().send({ admin: request }, ++this.next);
    if (reply.error) throw decodeError(reply.error);
    return reply.value;
  }
  /** Statements sent and operations run again, summed over the threads (of a thread replaced: lost). */
  async stats() {
    const total = { queries: 0, retries: 0 };
    for (const ex of this.executors) {
      const s = (await ex.send({ stats: true }, ++this.next)).stats;
      total.queries += s.queries;
      total.retries += s.retries;
    }
    return total;
  }
  /**
   * Stops every thread (their connections close with them). serve closes first and waits for the calls in
   * flight; those still running after its grace fail (their connections were cut already).
   */
  async close() {
    this.closing = true;
    await Promise.all(this.executors.map((e) => e.worker.terminate()));
  }
};
export {
  OperationPool,
  STUCK_MS,
  crossing,
  decodeError,
  encodeError
};
