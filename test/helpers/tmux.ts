/**
 * A real terminal for tests: the built CLI (`node bin/svcctl`, dist/ built by the global setup) runs in a
 * tmux pane on a private socket; keys are sent as a person types them, each after the screen shows what
 * they answer. Every wait is bounded and fails with the pane's content.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

export interface Tmux {
  /** Starts `svcctl argv` in a new 200x50 pane with only `env` (and PATH, TERM); `[exit N]` is printed after it. */
  start(session: string, env: Record<string, string>, argv: string[]): void;
  /** Starts an interactive program (a shell) in a new 200x50 pane with only `env` (and PATH, TERM). */
  spawn(session: string, env: Record<string, string>, argv: string[]): void;
  /** Sends keys as tmux names them (`Tab`, `C-u`, `Enter`), or literal text with `literal`. */
  keys(session: string, keys: string, literal?: boolean): void;
  /** The pane's lines, wrapped lines joined, trailing spaces dropped. */
  lines(session: string): string[];
  /** Waits (bounded) until the pane's last non-empty line satisfies `done`; returns the pane's lines. */
  waitFor(session: string, done: (last: string) => boolean, what: string, ms?: number): Promise<string[]>;
  /** Types `text` (literally), then Enter. */
  type(session: string, text: string): void;
  /** Kills the private server. */
  close(): void;
}

export function tmux(name: string): Tmux {
  const socket = `svcctl-${name}-${process.pid}`;
  const run = (...args: string[]) =>
    execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', timeout: 10_000 });
  const lines = (session: string) =>
    run('capture-pane', '-p', '-J', '-t', session)
      .split('\n')
      .map((l) => l.trimEnd());
  const vars = (env: Record<string, string>) =>
    Object.entries({ PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm', ...env })
      .map(([k, v]) => `${k}=${quote(v)}`)
      .join(' ');
  return {
    spawn(session, env, argv) {
      run(
        'new-session',
        '-d',
        '-x',
        '200',
        '-y',
        '50',
        '-s',
        session,
        'sh',
        '-c',
        `exec env -i ${vars(env)} ${argv.map(quote).join(' ')}`,
      );
    },
    keys(session, keys, literal = false) {
      run('send-keys', '-t', session, ...(literal ? ['-l'] : []), keys);
    },
    start(session, env, argv) {
      const command = `cd ${quote(ROOT)} && env -i ${vars(env)} ${quote(process.execPath)} bin/svcctl ${argv.map(quote).join(' ')}; echo "[exit $?]"; sleep 120`;
      run('new-session', '-d', '-x', '200', '-y', '50', '-s', session, 'sh', '-c', command);
    },
    lines,
    async waitFor(session, done, what, ms = 10_000) {
      const until = Date.now() + ms;
      for (;;) {
        const pane = lines(session);
        const last = [...pane].reverse().find((l) => l !== '') ?? '';
        if (done(last)) return pane;
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}; the pane shows:\n${pane.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    type(session, text) {
      if (text !== '') run('send-keys', '-t', session, '-l', text);
      run('send-keys', '-t', session, 'Enter');
    },
    close() {
      try {
        run('kill-server');
      } catch {
        // no server left
      }
    },
  };
}
