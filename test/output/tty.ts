/**
 * Runs the CLI in-process as the sandbox does, but with stdout and stderr that may claim to be a
 * terminal (isTTY, columns), for the colour, table-width and pager decisions.
 */
import type { ProcessContext, OutStream } from '../../src/core/context.js';
import { run } from '../../src/cli/run.js';
import type { CliResult, Sandbox } from '../helpers/cli.js';

class Screen implements OutStream {
  chunks: string[] = [];
  constructor(
    readonly isTTY: boolean,
    readonly columns?: number,
  ) {}
  write(chunk: string | Uint8Array): boolean {
    this.chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }
  text(): string {
    return this.chunks.join('');
  }
}

export interface TtyOptions {
  env?: Record<string, string | undefined>;
  /** stdout is a terminal of this many columns (absent: a pipe). */
  stdoutColumns?: number;
  /** stderr is a terminal. */
  stderrTty?: boolean;
}

export async function runTty(sb: Sandbox, argv: string[], opts: TtyOptions = {}): Promise<CliResult> {
  const stdout = new Screen(opts.stdoutColumns !== undefined, opts.stdoutColumns);
  const stderr = new Screen(opts.stderrTty === true);
  const ctx: ProcessContext = {
    stdout,
    stderr,
    stdin: { isTTY: false },
    env: { ...sb.env, ...opts.env },
    cwd: sb.cwd,
    home: sb.home,
    clock: sb.clock,
    ids: sb.ids,
  };
  const code = await run(argv, ctx);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** The text without its ANSI escape sequences. */
export function stripAnsi(s: string): string {
  return s.replace(/\x1b\[[0-9;]*m/g, '');
}
