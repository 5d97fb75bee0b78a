/** Entry point of the bundled CLI: builds the real context from the process and runs. */
import { homedir } from 'node:os';
import { randomIds, systemClock, type Context } from '../core/context.js';
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
  const ctx: Context = {
    stdout: proc.stdout,
    stderr: proc.stderr,
    stdin: proc.stdin,
    env: proc.env,
    cwd: proc.cwd(),
    home: homedir(),
    clock: systemClock,
    ids: randomIds,
    signal: abort.signal,
  };
  const code = await run(proc.argv.slice(2), ctx);
  // The handler stays: a Ctrl-C that comes after the command has finished (while its output drains)
  // leaves the exit code of what was done, rather than killing the process by the signal.
  proc.exitCode = abort.signal.aborted ? 130 : code;
}
