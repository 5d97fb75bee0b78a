/** Entry point of the bundled CLI: builds the real context from the process and runs. */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { homeOf, randomIds, systemClock, type ProcessContext } from '../core/context.js';
import { osErrorText } from '../core/errors.js';
import { decodeArgBytes } from '../core/input-rules.js';
import { run } from './run.js';

export async function main(proc: NodeJS.Process): Promise<void> {
  const abort = new AbortController();
  // The first Ctrl-C asks the command to stop (it ends at a safe point: between pages, with in-flight serve
  // requests answered) and exit 130; a write whose transaction it came during finishes (ctx.finished). A second one does not
  // wait for that: exit 130 at once. Either way the store is whole: a transaction runs synchronously,
  // so no signal handler runs in the middle of one, and SQLite rolls back whatever did not commit.
  const onSigint = () => {
    if (abort.signal.aborted) proc.exit(130);
    abort.abort();
  };
  proc.on('SIGINT', onSigint);
  // SIGTERM (timeout, systemd, a CI runner's stop) and SIGHUP (the terminal or ssh session closed) end the
  // process at once, by the signal, as node's default action does, except once the command has finished its
  // work for good (ctx.finished): an import whose commit the signal followed exited 143 (129) with the store
  // replaced and "Imported …" printed. One that comes inside a transaction (synchronous) is handled after it,
  // so the import finishes and exits 0. A command that handles the signal itself (serve stops gracefully) is
  // left to do so.
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    const onSignal = () => {
      if (ctx.finished || proc.listenerCount(signal) > 1) return;
      proc.off(signal, onSignal);
      proc.kill(proc.pid, signal);
    };
    proc.on(signal, onSignal);
  }
  // Output that cannot be written (a full disk: `> /dev/full`) is an error, as the AWS CLI says it:
  // `[Errno 28] No space left on device`, exit 255. A reader that went away (EPIPE, `| head`) is not.
  let unwritten: NodeJS.ErrnoException | undefined;
  proc.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') unwritten ??= err;
  });
  // A message that cannot be written to stderr (`2>/dev/full`, a reader gone) has nowhere else to go; the exit
  // code still says what happened (252, 254…), where node's unhandled 'error' event made it 1 (compat #382).
  proc.stderr.on('error', () => {});
  // A stdout closed at start (`>&-`) is not detected: node opens /dev/null read-write on it before any of
  // this runs, exactly as Python's DEVNULL, node's `stdio: 'ignore'` and a shell's `1<>/dev/null` open it,
  // and a script that discards the output must get the command's own exit code (issue 44, item 0;
  // docs/compat.md #282).
  const env = envAsText(proc);
  const ctx: ProcessContext = {
    stdout: proc.stdout,
    stderr: proc.stderr,
    // process.stdin builds a stream (3-4 ms of node's own modules) on first use: only prompts and
    // interactive configure read it, so it is not touched otherwise.
    get stdin() {
      return proc.stdin;
    },
    env,
    cwd: proc.cwd(),
    home: homeOf(env.HOME ?? homedir()),
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

/**
 * The environment, with a value whose bytes are not UTF-8 as argvAsText makes an argument (node decodes it
 * with U+FFFD: HOME=$'/home/h\xe9' read /home/h\ufffd/.aws/config, no file), so that run.ts refuses the
 * variables svcctl reads (checkEnvText). From /proc/self/environ, read only when a value holds U+FFFD; the
 * object is node's own otherwise.
 */
function envAsText(proc: NodeJS.Process): NodeJS.ProcessEnv {
  const env = proc.env;
  if (!Object.values(env).some((v) => v?.includes('\ufffd'))) return env;
  let bytes: Buffer;
  try {
    bytes = readFileSync('/proc/self/environ');
  } catch {
    return env; // no /proc: what node decoded
  }
  const out: NodeJS.ProcessEnv = { ...env };
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(0, start);
    const entry = decodeArgBytes(bytes.subarray(start, end < 0 ? bytes.length : end));
    start = end < 0 ? bytes.length : end + 1;
    const eq = entry.indexOf('=');
    if (eq <= 0) continue;
    const name = entry.slice(0, eq);
    const value = entry.slice(eq + 1);
    const seen = env[name];
    // The same variable, unless /proc and node disagree (then node's value stands).
    if (seen?.includes('\ufffd') && value.replace(/[\udc80-\udcff\ufffd]/g, '') === seen.replaceAll('\ufffd', ''))
      out[name] = value;
  }
  return out;
}
