/**
 * Test only: the hooks the reliability and pool tests set through the environment (SVCCTL_TEST_*). They
 * are read from the context's environment (core/context.ts; bin/svcctl fills it from process.env), never
 * from process.env, and given down as data: to the stores as options, to serve's threads in their
 * workerData. Unset, each costs nothing.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TestHooks {
  /**
   * SVCCTL_TEST_TX_PAUSE=DIR, for the crash-safety and signal tests, on either store driver: every
   * transaction, its writes done and not yet committed, creates DIR/<pid>.<n> and waits (at most 30 s)
   * for DIR/<pid>.<n>.go, so that a test can kill the process exactly inside its write, or let it go on.
   */
  txPauseDir?: string;
  /** SVCCTL_TEST_BUSY_TIMEOUT_MS: a locked store's wait, shortened (tests of a locked store need not wait 10 s). */
  busyTimeoutMs?: number;
  /** SVCCTL_TEST_EXECUTOR_EXIT=Operation: a thread of serve's pool ends when it is given that operation (pool.test.ts). */
  executorExit?: string;
  /** SVCCTL_TEST_SOCKET_IDLE_MS=N: serve's idle-connection limit (server/limits.ts socketIdleMs), shortened. */
  socketIdleMs?: number;
  /** SVCCTL_TEST_MAX_PAGE_COUNT=N: SQLite's max_page_count, so that a write past it fails as on a full disk (SQLITE_FULL). */
  maxPageCount?: number;
}

/** The hooks an environment sets; {} when it sets none (every run but the tests'). */
export function testHooks(env: Record<string, string | undefined>): TestHooks {
  const hooks: TestHooks = {};
  if (env.SVCCTL_TEST_TX_PAUSE) hooks.txPauseDir = env.SVCCTL_TEST_TX_PAUSE;
  const busy = env.SVCCTL_TEST_BUSY_TIMEOUT_MS ? Number(env.SVCCTL_TEST_BUSY_TIMEOUT_MS) : Number.NaN;
  if (Number.isInteger(busy) && busy >= 0) hooks.busyTimeoutMs = busy;
  if (env.SVCCTL_TEST_EXECUTOR_EXIT !== undefined) hooks.executorExit = env.SVCCTL_TEST_EXECUTOR_EXIT;
  const idle = env.SVCCTL_TEST_SOCKET_IDLE_MS ? Number(env.SVCCTL_TEST_SOCKET_IDLE_MS) : Number.NaN;
  if (Number.isInteger(idle) && idle > 0) hooks.socketIdleMs = idle;
  const pages = env.SVCCTL_TEST_MAX_PAGE_COUNT ? Number(env.SVCCTL_TEST_MAX_PAGE_COUNT) : Number.NaN;
  if (Number.isInteger(pages) && pages > 0) hooks.maxPageCount = pages;
  return hooks;
}

/** SVCCTL_TEST_TX_PAUSE's wait before a commit; undefined without the hook. */
export function pauseBeforeCommit(dir: string | undefined): (() => void) | undefined {
  if (!dir) return undefined;
  let n = 0;
  const cell = new Int32Array(new SharedArrayBuffer(4));
  return () => {
    const mark = join(dir, `${process.pid}.${++n}`);
    writeFileSync(mark, '');
    for (let i = 0; i < 3000 && !existsSync(`${mark}.go`); i++) Atomics.wait(cell, 0, 0, 10);
  };
}
