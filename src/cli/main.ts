/** Entry point of the bundled CLI: builds the real context from the process and runs. */
import { homedir } from 'node:os';
import { randomIds, systemClock, type Context } from './context.js';
import { run } from './run.js';

export async function main(proc: NodeJS.Process): Promise<void> {
  const abort = new AbortController();
  const onSigint = () => abort.abort();
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
  proc.off('SIGINT', onSigint);
  proc.exitCode = abort.signal.aborted ? 130 : code;
}
