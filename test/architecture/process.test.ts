/**
 * What of `process` the sources touch (ARCHITECTURE.md, "The outside world"): bin/svcctl reads argv and the
 * environment and sets the exit code; below it, a command sees the environment as `ctx.env` only (the
 * tests' SVCCTL_TEST_* hooks included: backends/embedded/test-hooks.ts), so that it runs in-process as it runs
 * in its own process. The few other uses are listed here and there.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** `process.x` in code (comments left out), as `file: process.x`. */
const uses = sources(SRC).flatMap((f) =>
  readFileSync(f, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .flatMap((line) => [...line.matchAll(/\bprocess\.(\w+)/g)].map((m) => `${relative(SRC, f)}: process.${m[1]}`)),
);

describe('src/ and process', () => {
  it('no source reads process.env: the environment comes through the context (ctx.env), test hooks included', () => {
    expect(uses.filter((u) => u.endsWith('process.env'))).toEqual([]);
  });

  it("the other uses are the documented ones: the process id and version, SIGTERM in serve, a pool thread's exit, the config lock's holder, a FIFO's read", () => {
    const other = uses.filter((u) => !/process\.(pid|version|platform)$/.test(u));
    expect([...new Set(other)].sort()).toEqual([
      'api/serve.ts: process.cwd',
      'backends/embedded/store/executor.ts: process.exit',
      // a read that waits on a FIFO sets the signal listeners aside, so that a signal ends it (interruptibleRead)
      'core/config-text.ts: process.off',
      'core/config-text.ts: process.on',
      'core/config-text.ts: process.rawListeners',
      'profile/file.ts: process.kill',
      'server/start.ts: process.off',
      'server/start.ts: process.once',
    ]);
  });
});
