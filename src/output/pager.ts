/**
 * The output pager, as the AWS CLI v2 runs it (awscli/utils.py OutputStreamFactory, LazyPager):
 * - only when stdout is a terminal and a pager is configured (SVCCTL_PAGER, AWS_PAGER, the profile's
 *   cli_pager, PAGER, else `less -R`; an empty value or --no-cli-pager turns it off). The AWS CLI's default
 *   is plain `less`: svcctl colours its output, and `-R` keeps colours under a LESS that lacks R (compat.md);
 * - started lazily, on the first byte of output: a command that prints nothing starts no pager;
 * - `LESS=FRX` in its environment unless LESS is set (quit if one screen, keep colours, no clear);
 * - the command is run by /bin/sh (svcctl's choice: `less -R`, `cat -A | head` and quoting work as in
 *   git's core.pager), with our output streamed into its stdin: the stream's write() returns false and
 *   'drain' follows while the pager is not reading, so a long listing waits for the reader;
 * - the command waits for the pager to exit; a pager that quits early ends the listing quietly;
 * - a pager that cannot be started (the shell answers 126/127, cannot read the command, or /bin/sh is
 *   missing) is a configuration error (exit 253), with the AWS CLI's message.
 * The command's exit code is otherwise unchanged.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import type { ProcessContext, OutStream } from '../core/context.js';
import { ConfigError } from '../core/errors.js';

export interface Pager {
  /** Where the output goes; nothing is started until the first write. */
  stream: OutStream;
  /** Ends the pager's input and waits for it to exit. Throws ConfigError if it could not start. */
  close(): Promise<void>;
}

/**
 * Where the pager command came from: the output pager's chain (cli_pager: SVCCTL_PAGER first, which an empty
 * value turns off), or help's MANPAGER, which comes before that chain, so only an empty MANPAGER turns it off.
 */
export type PagerSetting = 'cli_pager' | 'MANPAGER';

export function pagerFailure(detail: string, setting: PagerSetting = 'cli_pager'): ConfigError {
  const learn =
    setting === 'MANPAGER'
      ? 'This pager is MANPAGER, which help reads before the output pager: turn it off with --no-cli-pager or an empty MANPAGER.'
      : 'Learn more about configuring the output pager with "svcctl configure list" (cli_pager), or turn it off with --no-cli-pager or an empty SVCCTL_PAGER.';
  return new ConfigError(
    `Unable to redirect output to pager. Received the following error when opening pager:\n${detail}\n\n${learn}`,
    'Pager',
  );
}

/** A real file descriptor to hand to the child, or 'pipe' when the stream is not a file (tests). */
function fdOf(stream: OutStream): number | 'pipe' {
  const fd = (stream as { fd?: unknown }).fd;
  return typeof fd === 'number' ? fd : 'pipe';
}

function spawnPager(command: string, ctx: ProcessContext): ChildProcess {
  const env = { ...ctx.env };
  if (env.LESS === undefined) env.LESS = 'FRX';
  const out = fdOf(ctx.stdout);
  const err = fdOf(ctx.stderr);
  const child = spawn('/bin/sh', ['-c', command], { stdio: ['pipe', out, err], env, cwd: ctx.cwd });
  if (out === 'pipe') child.stdout?.on('data', (b: Buffer) => ctx.stdout.write(b));
  if (err === 'pipe') child.stderr?.on('data', (b: Buffer) => ctx.stderr.write(b));
  // EPIPE once the pager has quit: the output stream reports it; this listener keeps it from crashing.
  child.stdin?.on('error', () => {});
  return child;
}

class PagerStream extends Writable {
  child?: ChildProcess;
  exited?: Promise<{ code: number | null; error?: Error }>;
  readonly isTTY = true;
  readonly columns?: number;

  constructor(
    private readonly command: string,
    private readonly ctx: ProcessContext,
  ) {
    super({ decodeStrings: false });
    this.columns = ctx.stdout.columns;
    // A pager that quit early fails our writes with EPIPE: the sink sees 'error' and stops the listing.
    this.on('error', () => {});
  }

  private start(): ChildProcess {
    const child = spawnPager(this.command, this.ctx);
    this.exited = new Promise((resolve) => {
      child.once('error', (error) => resolve({ code: null, error }));
      child.once('close', (code) => resolve({ code }));
    });
    return child;
  }

  override _write(chunk: string | Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.child ??= this.start();
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed) return done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    stdin.write(chunk, (err) => done(err ?? null));
  }

  override _final(done: (err?: Error | null) => void): void {
    this.child?.stdin?.end();
    done();
  }
}

/** Whether /bin/sh can parse the command (`sh -n`: read, not run; the syntax error is on stderr already). */
function readableByShell(command: string): boolean {
  return spawnSync('/bin/sh', ['-n', '-c', command], { stdio: 'ignore' }).status === 0;
}

export function startPager(command: string, ctx: ProcessContext, setting: PagerSetting = 'cli_pager'): Pager {
  const stream = new PagerStream(command, ctx);
  return {
    stream,
    async close() {
      if (!stream.destroyed) await new Promise<void>((resolve) => stream.end(resolve));
      stream.child?.stdin?.end();
      if (!stream.exited) return;
      const { code, error } = await stream.exited;
      if (error) throw pagerFailure(error.message, setting);
      if (code === 126 || code === 127)
        throw pagerFailure(`${command}: the shell could not run it (exit ${code})`, setting);
      // A command the shell cannot read (an unclosed quote) ran nothing: the output was lost with exit 0, where the
      // AWS CLI's shlex says 'No closing quotation' (255) (hostile pass 17c). Asked only of a pager that failed.
      if (code !== 0 && code !== null && !readableByShell(command))
        throw pagerFailure(`${command}: the shell could not read it (exit ${code})`, setting);
    },
  };
}
