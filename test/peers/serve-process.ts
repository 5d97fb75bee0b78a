/**
 * `svcctl serve` as a real child process (`node bin/svcctl serve --port 0`, built by the global setup):
 * its base URL is the first line of its stdout; it is stopped with SIGTERM and awaited.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { storeEnv } from '../helpers/store.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/svcctl', import.meta.url));

/** The instant the sandbox's FixedClock shows, pinned into serve so that both create identical records. */
export const PINNED_MS = Date.UTC(2026, 10, 20, 23, 21, 51, 327);

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  stderr(): string;
  /** Waits (bounded) until stderr holds at least this many lines. */
  lines(n: number): Promise<string[]>;
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * In the `postgres` project of vitest.config.ts, serve uses the test file's database (SVCCTL_STORE_URL,
 * test/helpers/store.ts) unless `env` names another store; the test empties it when it starts on a new home.
 */
export async function startServe(args: string[], env: Record<string, string>): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...storeEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      // A bound for a hang: on a loaded machine a start (and a PostgreSQL migration) can take seconds.
      () => reject(new Error(`svcctl serve printed no URL within 60 s; stderr: ${err}`)),
      60_000,
    );
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const nl = out.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(out.slice(0, nl));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`svcctl serve exited (${code}) before printing its URL; stderr: ${err}`));
    });
  });
  return {
    url,
    child,
    stderr: () => err,
    async lines(n) {
      // Returns as soon as the lines are there; 60 s bounds a hang on a loaded machine.
      for (let i = 0; i < 1200 && err.split('\n').length <= n; i++) await new Promise((r) => setTimeout(r, 50));
      return err.trimEnd().split('\n');
    },
    async stop(signal = 'SIGTERM') {
      if (!child.killed && child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000); // a graceful stop's hang bound
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Runs a program to completion (in `cwd`, when given), collecting its exit code, stdout and stderr (the peer CLIs). */
export function runProgram(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * What Debian's AWS CLI 2.9.19 printed, in the error form of the AWS CLI 2.34+ that svcctl follows, with
 * svcctl's name: 2.9 and 2.36 agree on every message and differ only in that envelope and the indent of a shorthand error
 * (test/goldens/aws-cli-2.36.7/ shows 2.36's), so the live peer still judges the messages.
 *  - `\nAn error occurred (X) when calling …` → `\nsvcctl: [ERROR]: An error occurred (X) when calling …`
 *  - `\nParameter validation failed:` / `\nError parsing parameter …` → `… An error occurred (ParamValidation): …`
 *  - `usage: aws …\n\naws: error: MSG\n` → `\nsvcctl: [ERROR]: An error occurred (ParamValidation): MSG\n\nusage: svcctl …`
 *  - a shorthand syntax error's input line under `for input:` → the same, one space in
 */
export function as236(r: { code: number; stdout: string; stderr: string }): {
  code: number;
  stdout: string;
  stderr: string;
} {
  const usage = (text: string) =>
    text
      .replace(/usage: aws /g, 'usage: svcctl ')
      .replace(/ {2}aws( <command>( <subcommand>)?)? help/g, (l) => l.replace('aws', 'svcctl'));
  // 2.36 prints a shorthand syntax error's input one space in, under `for input:` (the caret stays).
  let stderr = r.stderr.replace(/(received: '.*?' for input:\n)/g, '$1 ');
  const argparse = /^(usage: aws [\s\S]*?\n)\naws: error: ([\s\S]*?)\n$/.exec(stderr);
  if (argparse)
    stderr = `\nsvcctl: [ERROR]: An error occurred (ParamValidation): ${argparse[2]}\n\n${usage(argparse[1]!)}`;
  // Anything else on its own after a blank line: a client-side error is ParamValidation (252), a service
  // error (254) or any other failure (255) keeps its text.
  else if (stderr.startsWith('\n') && r.code === 252)
    stderr = `\nsvcctl: [ERROR]: An error occurred (ParamValidation): ${stderr.slice(1)}`;
  else if (stderr.startsWith('\n') && (r.code === 254 || r.code === 255))
    stderr = `\nsvcctl: [ERROR]: ${stderr.slice(1)}`;
  return { ...r, stderr };
}
