/** Runs the whole CLI in-process with fake streams, a temporary $SVCCTL_HOME, a pinned clock and ids. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock, ProcessContext, IdGenerator, OutStream } from '../../src/core/context.js';
import { run } from '../../src/cli/run.js';
import { freshStore } from './store.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

class Capture implements OutStream {
  chunks: string[] = [];
  isTTY = false;
  write(chunk: string | Uint8Array): boolean {
    this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }
  text(): string {
    return this.chunks.join('');
  }
}

/** A clock that starts at a fixed instant and moves only when told. */
export class FixedClock implements Clock {
  constructor(public ms = Date.UTC(2026, 10, 20, 23, 21, 51, 327)) {}
  now(): Date {
    return new Date(this.ms);
  }
}

/** Ids counting up from 1, so outputs are predictable: `accttok_test0001`. */
export class CountingIds implements IdGenerator {
  private n = 0;
  id(prefix: string): string {
    return `${prefix}test${String(++this.n).padStart(4, '0')}`;
  }
  uuid(): string {
    return `00000000-0000-4000-8000-${String(++this.n).padStart(12, '0')}`;
  }
}

export interface Sandbox {
  home: string;
  env: Record<string, string | undefined>;
  clock: FixedClock;
  ids: CountingIds;
  cwd: string;
  run(argv: string[], opts?: { env?: Record<string, string | undefined>; signal?: AbortSignal }): Promise<CliResult>;
  cleanup(): void;
}

/**
 * A sandbox with its own $SVCCTL_HOME; environment limited to what the test gives. In the `postgres`
 * project of vitest.config.ts its store is the test file's PostgreSQL database (SVCCTL_STORE_URL), emptied
 * here as a new $SVCCTL_HOME is empty (test/helpers/store.ts).
 */
export function sandbox(env: Record<string, string | undefined> = {}): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'svcctl-test-'));
  const home = join(dir, 'home');
  const sb: Sandbox = {
    home,
    env: { SVCCTL_HOME: join(dir, 'svcctl'), ...freshStore(), ...env },
    clock: new FixedClock(),
    ids: new CountingIds(),
    cwd: dir,
    async run(argv, opts = {}) {
      const stdout = new Capture();
      const stderr = new Capture();
      const ctx: ProcessContext = {
        stdout,
        stderr,
        stdin: { isTTY: false },
        env: { ...sb.env, ...opts.env },
        cwd: sb.cwd,
        home,
        clock: sb.clock,
        ids: sb.ids,
        signal: opts.signal,
      };
      const code = await run(argv, ctx);
      return { code, stdout: stdout.text(), stderr: stderr.text() };
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return sb;
}
