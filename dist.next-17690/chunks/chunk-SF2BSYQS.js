import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/backends/embedded/test-hooks.ts
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
function testHooks(env) {
  const hooks = {};
  if (env.SVCCTL_TEST_TX_PAUSE) hooks.txPauseDir = env.SVCCTL_TEST_TX_PAUSE;
  const busy = env.SVCCTL_TEST_BUSY_TIMEOUT_MS ? Number(env.SVCCTL_TEST_BUSY_TIMEOUT_MS) : Number.NaN;
  if (Number.isInteger(busy) && busy >= 0) hooks.busyTimeoutMs = busy;
  if (env.SVCCTL_TEST_EXECUTOR_EXIT !== void 0) hooks.executorExit = env.SVCCTL_TEST_EXECUTOR_EXIT;
  const pages = env.SVCCTL_TEST_MAX_PAGE_COUNT ? Number(env.SVCCTL_TEST_MAX_PAGE_COUNT) : Number.NaN;
  if (Number.isInteger(pages) && pages > 0) hooks.maxPageCount = pages;
  return hooks;
}
function pauseBeforeCommit(dir) {
  if (!dir) return void 0;
  let n = 0;
  const cell = new Int32Array(new SharedArrayBuffer(4));
  return () => {
    const mark = join(dir, `${process.pid}.${++n}`);
    writeFileSync(mark, "");
    for (let i = 0; i < 3e3 && !existsSync(`${mark}.go`); i++) Atomics.wait(cell, 0, 0, 10);
  };
}

export {
  testHooks,
  pauseBeforeCommit
};
