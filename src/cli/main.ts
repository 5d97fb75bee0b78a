/** Entry point of the bundled CLI: builds the real context from the process and runs. */
import { readFileSync, readlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { randomIds, systemClock, type ProcessContext } from '../core/context.js';
import { osErrorText } from '../core/errors.js';
import { decodeArgBytes } from '../core/input-rules.js';
import { run } from './run.js';

export async function main(proc: NodeJS.Process): Promise<void> {
  const abort = new AbortController();
  // The first Ctrl-C asks the command to stop (it ends at a safe point: between pages, after the
  // store's transaction, with in-flight serve requests answered) and exit 130. A second one does not
  // wait for that: exit 130 at once. Either way the store is whole: a transaction runs synchronously,
  // so no signal handler runs in the middle of one, and SQLite rolls back whatever did not commit.
  const onSigint = () => {
    if (abort.signal.aborted) proc.exit(130);
    abort.abort();
  };
  proc.on('SIGINT', onSigint);
  // Output that cannot be written (a full disk: `> /dev/full`) is an error, as the AWS CLI says it:
  // `[Errno 28] No space left on device`, exit 255. A reader that went away (EPIPE, `| head`) is not.
  let unwritten: NodeJS.ErrnoException | undefined;
  proc.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') unwritten ??= err;
  });
  // Started with stdout closed (`svcctl … >&-`), node gave fd 1 /dev/null: output would vanish with exit 0.
  // It is lost output, as Python's EBADF is for the AWS CLI (issue 34, item 6): the first write says so.
  if (closedAtStart(1)) {
    const write = proc.stdout.write.bind(proc.stdout) as (...args: unknown[]) => boolean;
    proc.stdout.write = ((...args: unknown[]) => {
      unwritten ??= Object.assign(new Error('EBADF: bad file descriptor, write'), { code: 'EBADF', errno: -9 });
      return write(...args);
    }) as typeof proc.stdout.write;
  }
  const ctx: ProcessContext = {
    stdout: proc.stdout,
    stderr: proc.stderr,
    // process.stdin builds a stream (3-4 ms of node's own modules) on first use: only prompts and
    // interactive configure read it, so it is not touched otherwise.
    get stdin() {
      return proc.stdin;
    },
    env: proc.env,
    cwd: proc.cwd(),
    home: homedir(),
    clock: systemClock,
    ids: randomIds,
    signal: abort.signal,
  };
  let code = await run(argvAsText(proc), ctx);
  // A failed write reports itself on a later tick: let it arrive before the exit code is decided.
  await new Promise((resolve) => setImmediate(resolve));
  if (unwritten) {
    proc.stderr.write(`\nsvcctl: [ERROR]: ${osErrorText(unwritten)}\n`);
    code = 255;
  }
  // The handler stays: a Ctrl-C that comes after the command has finished (while its output drains)
  // leaves the exit code of what was done, rather than killing the process by the signal.
  // A command that finished its work for good (ctx.finished) says so with its own code: a store replaced and
  // "Imported …" printed is no interruption (issue 44, item 8).
  proc.exitCode = abort.signal.aborted && !ctx.finished ? 130 : code;
}

/**
 * Whether `fd` was closed when the process started: node then opens /dev/null on it, read-write (O_RDWR),
 * where a shell's `> /dev/null` opens it write-only. Linux only (/proc); elsewhere nothing is detected.
 */
function closedAtStart(fd: number): boolean {
  try {
    if (readlinkSync(`/proc/self/fd/${fd}`) !== '/dev/null') return false;
    const flags = /^flags:\s*([0-7]+)$/m.exec(readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8'))?.[1];
    return flags !== undefined && (Number.parseInt(flags, 8) & 3) === 2;
  } catch {
    return false;
  }
}

/**
 * The arguments, with each byte that is not UTF-8 as Python's surrogateescape makes it (U+DC80-U+DCFF)
 * rather than node's U+FFFD, which cannot be told from a typed U+FFFD: so that the input rules
 * (core/input-rules.ts) refuse it, naming its option. Node keeps no raw argv; on Linux /proc/self/cmdline
 * has it (its last entries are ours), read only when an argument holds U+FFFD.
 */
function argvAsText(proc: NodeJS.Process): string[] {
  const args = proc.argv.slice(2);
  if (!args.some((a) => a.includes('\ufffd'))) return args;
  let raw: Buffer[];
  try {
    const bytes = readFileSync('/proc/self/cmdline');
    raw = [];
    for (let start = 0; start < bytes.length; ) {
      const end = bytes.indexOf(0, start);
      raw.push(bytes.subarray(start, end < 0 ? bytes.length : end));
      start = end < 0 ? bytes.length : end + 1;
    }
  } catch {
    return args; // no /proc: what node decoded
  }
  const ours = raw.slice(raw.length - args.length);
  if (ours.length !== args.length) return args;
  return args.map((a, i) => {
    if (!a.includes('\ufffd')) return a;
    const text = decodeArgBytes(ours[i]!);
    // The same argument, unless /proc and node disagree (then node's word stands).
    return text.replace(/[\udc80-\udcff\ufffd]/g, '') === a.replaceAll('\ufffd', '') ? text : a;
  });
}
