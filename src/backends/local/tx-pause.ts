/**
 * Test only, for the crash-safety and signal tests, on either store driver: with SVCCTL_TEST_TX_PAUSE=DIR,
 * every transaction, its writes done and not yet committed, creates DIR/<pid>.<n> and waits (at most 30 s)
 * for DIR/<pid>.<n>.go, so that a test can kill the process exactly inside its write, or let it go on.
 * Unset, this costs one lookup per store.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function pauseBeforeCommit(): (() => void) | undefined {
  const dir = process.env.SVCCTL_TEST_TX_PAUSE;
  if (!dir) return undefined;
  let n = 0;
  const cell = new Int32Array(new SharedArrayBuffer(4));
  return () => {
    const mark = join(dir, `${process.pid}.${++n}`);
    writeFileSync(mark, '');
    for (let i = 0; i < 3000 && !existsSync(`${mark}.go`); i++) Atomics.wait(cell, 0, 0, 10);
  };
}

