/**
 * One thread of `svcctl serve --store-pool-size N` (pool.ts): its own EmbeddedService over its own
 * PostgreSQL connection, running the operations the main thread posts to it. Built as dist/executor.js.
 * Operations arrive one message each and run as they do in the main thread: their SQL synchronously, so a
 * transaction is never interleaved with another; a lease's hold (an await) lets the next one start.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { randomIds, systemClock } from '../../../core/context.js';
import { EmbeddedService } from '../embedded.js';
import { decideFault } from '../faults.js';
import { recordEntries } from '../journal.js';
import { runAdmin } from '../admin-calls.js';
import { parseJsonExact } from '../../../core/pynum.js';
import type { CallContext } from '../../backend.js';
import { crossing, encodeError, type ExecutorData, type ExecutorReply, type ExecutorRequest } from './pool.js';

const data = workerData as ExecutorData;
const port = parentPort!;
const service = new EmbeddedService({
  home: data.home,
  accountId: data.accountId,
  clock: data.clockMs === undefined ? systemClock : { now: () => new Date(data.clockMs!) },
  ids: randomIds,
  storeUrl: data.storeUrl,
  storeConnectTimeoutMs: data.storeConnectTimeoutMs,
  storeQueryTimeoutMs: data.storeQueryTimeoutMs,
  // Applied whenever the store opens: also by a thread that could not connect at its start.
  runSettings: data.runSettings,
  hooks: data.hooks,
});

/** A reply; one that cannot be cloned becomes the call's internal error, not the end of the thread. */
function post(reply: ExecutorReply): void {
  try {
    port.postMessage(reply);
  } catch (err) {
    port.postMessage({ id: reply.id, error: encodeError(err) });
  }
}

try {
  void service.store; // connect now: a pool that cannot connect fails serve's start, not a request
  post({ id: 0, ready: true });
} catch (err) {
  post({ id: 0, error: encodeError(err) });
}

/** Test only: SVCCTL_TEST_EXECUTOR_EXIT=Operation ends the thread when it is given that operation (pool.test.ts). */
const exitOn = data.hooks?.executorExit;

port.on('message', (m: ExecutorRequest) => {
  if (exitOn !== undefined && m.op === exitOn) process.exit(70); // in a worker, ends the thread only
  // In the order they came: the grouped calls before anything that came after them (a reset, a read).
  if (grouped.length > 0 && !(m.op !== undefined && EmbeddedService.groupable(m.op))) runGroup();
  if (m.stats) {
    post({ id: m.id, stats: service.storeStats() ?? { queries: 0, retries: 0 } });
    return;
  }
  if (m.fault) {
    try {
      post({ id: m.id, fired: decideFault(service.store, m.fault, 'all', Math.random, m.runCounts) });
    } catch (err) {
      post({ id: m.id, error: encodeError(err) });
    }
    return;
  }
  if (m.admin) {
    try {
      post({ id: m.id, value: runAdmin(service.store, m.admin) });
    } catch (err) {
      post({ id: m.id, error: encodeError(err) });
    }
    return;
  }
  if (m.journal) {
    try {
      recordEntries(service.store, m.journal.records, m.journal.limit);
      post({ id: m.id });
    } catch (err) {
      post({ id: m.id, error: encodeError(err) });
    }
    return;
  }
  const params = m.paramsJson === undefined ? m.params! : (parseJsonExact(m.paramsJson) as Record<string, unknown>);
  if (EmbeddedService.groupable(m.op!)) {
    grouped.push({ id: m.id, op: m.op!, params, context: m.context! });
    if (grouped.length === 1) setImmediate(runGroup);
    return;
  }
  const context = m.context!;
  service.call(m.op!, params, context).then(
    (output) => post({ id: m.id, ...crossing('output', output), ...(context.replayed ? { replayed: true } : {}) }),
    (err: unknown) => post({ id: m.id, error: encodeError(err) }),
  );
});

/**
 * Group commit (issue 42): the calls that can share a transaction (EmbeddedService.groupable: the creates a
 * quota counts) wait for the end of this turn of the event loop, so that those that queued while the thread
 * was in the database run together, in one transaction (EmbeddedService.callMany); each gets its own answer.
 * A lone call runs as before, only a turn later.
 */
const grouped: Array<{ id: number; op: string; params: Record<string, unknown>; context: CallContext }> = [];

function runGroup(): void {
  const calls = grouped.splice(0);
  if (calls.length === 0) return; // run already, before a later message
  service.callMany(calls).then((results) => {
    results.forEach((r, i) => {
      const id = calls[i]!.id;
      post('output' in r ? { id, ...crossing('output', r.output) } : { id, error: encodeError(r.error) });
    });
  });
}
