/**
 * What the reliability tests share: the real CLI as child processes (every one tracked, so that afterAll
 * can kill what a failed test left running), raw JSON 1.1 calls to `svcctl serve`, a read-only view
 * of the store, and a process's memory from /proc.
 *
 * In the `postgres` project of vitest.config.ts (test/helpers/store.ts) the child processes use the test
 * file's PostgreSQL database unless their environment names another (SVCCTL_STORE_URL), and the views of
 * the store (dump, integrity, repositoryNames) read that database: the one of the file, or the one `url`
 * names. `openRaw` is the SQLite file itself, for what only SQLite has.
 */
import { type ChildProcess, spawn, type SpawnOptionsWithStdioTuple } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { storePath } from '../../src/backends/embedded/store/store-file.js';
import { BIN, ROOT } from '../peers/serve-process.js';
import { ON_POSTGRES, storeEnv, testStoreUrl } from '../helpers/store.js';
import { PgDatabase } from '../../src/backends/embedded/store/pg-store.js';
import { expect } from 'vitest';

export { BIN, ROOT };

export interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const live = new Set<ChildProcess>();

/** Kills every child process still running (for afterAll: a failed test must not leave any behind). */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}

export interface Spawned {
  child: ChildProcess;
  done: Promise<Outcome>;
}

/** Starts `node bin/svcctl ...args` with only PATH, the project's store and the given environment (after `umask`, when given). */
export function svcctl(args: string[], env: Record<string, string>, umask?: string): Spawned {
  const argv = [process.execPath, BIN, ...args];
  const opts: SpawnOptionsWithStdioTuple<'ignore', 'pipe', 'pipe'> = {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...storeEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  };
  const child =
    umask === undefined
      ? spawn(argv[0]!, argv.slice(1), opts)
      : spawn('/bin/sh', ['-c', `umask ${umask} && exec "$@"`, 'sh', ...argv], opts);
  live.add(child);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (b: Buffer) => out.push(b));
  child.stderr.on('data', (b: Buffer) => err.push(b));
  const done = new Promise<Outcome>((resolve) => {
    child.on('close', (code, signal) => {
      live.delete(child);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      });
    });
  });
  return { child, done };
}

/** The base URL `svcctl serve` prints as its first line, or undefined if it ends (or is killed) first. */
export function urlOf(serve: Spawned): Promise<string | undefined> {
  return new Promise((resolve) => {
    let out = '';
    serve.child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    void serve.done.then(() => resolve(undefined));
  });
}

export function run(args: string[], env: Record<string, string>): Promise<Outcome> {
  return svcctl(args, env).done;
}

/**
 * Runs the command with the store's test hook holding each transaction before its commit (SVCCTL_TEST_TX_PAUSE,
 * in a new folder under `dir`), sends `signal` once the first is held, then lets every transaction go on: a
 * signal that comes inside a write, which the transaction (synchronous) cannot be stopped by.
 */
export async function signalledInTransaction(
  dir: string,
  args: string[],
  env: Record<string, string>,
  signal: NodeJS.Signals = 'SIGINT',
): Promise<Outcome> {
  const pauses = mkdtempSync(join(dir, 'pauses-'));
  const p = svcctl(args, { ...env, SVCCTL_TEST_TX_PAUSE: pauses });
  const mark = join(pauses, `${p.child.pid}.1`);
  for (let i = 0; i < 6_000 && !existsSync(mark) && p.child.exitCode === null; i++)
    await new Promise((r) => setTimeout(r, 5));
  expect(existsSync(mark), 'the command reached its transaction').toBe(true);
  p.child.kill(signal);
  let exited = false;
  const releaser = (async () => {
    for (let n = 1; !exited; ) {
      const next = join(pauses, `${p.child.pid}.${n}`);
      if (existsSync(next)) {
        writeFileSync(`${next}.go`, '');
        n++;
      } else await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const o = await p.done;
  exited = true;
  await releaser;
  return o;
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/** One AWS JSON 1.1 call (ECR) to serve; rejects on a connection failure. */
export function ecr(url: string, op: string, body: unknown, agent?: Agent): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const r = request(
      new URL('/', url),
      {
        method: 'POST',
        agent: agent ?? false,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AmazonEC2ContainerRegistry_V20150921.${op}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    r.end(JSON.stringify(body));
  });
}

type Db = BetterSqlite3.Database;

/** Opens the store with better-sqlite3 directly (not through openStore: nothing is created or migrated). */
export function openRaw(home: string, readonly = true): Db {
  const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  return new Sqlite(storePath(home), { readonly, fileMustExist: true, timeout: 10_000 });
}

/** The database a view reads on PostgreSQL: the one `url` names, else the test file's. */
const pgUrl = (url?: string) => url ?? testStoreUrl();

/**
 * One plain connection per PostgreSQL store (nothing created or migrated), kept for the test file: a view
 * taken before and after each of hundreds of commands (cli-hostile) would otherwise cost a connection each.
 */
const connections = new Map<string, PgDatabase>();

function withPg<T>(url: string | undefined, work: (db: PgDatabase) => T): T {
  const key = pgUrl(url);
  let db = connections.get(key);
  if (!db) connections.set(key, (db = new PgDatabase({ url: key })));
  return work(db);
}

/** Every row of every table, in a stable order, as text: two dumps are equal when nothing was written. */
export function dump(home: string, url?: string): string {
  if (ON_POSTGRES) {
    return withPg(url, (db) => {
      const tables = db
        .query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")
        .rows.map((r) => r.tablename as string);
      if (tables.length === 0) return '(no store)';
      return tables
        .map(
          (t) =>
            `${t}: ${JSON.stringify(db.query(`SELECT * FROM "${t}" AS t ORDER BY t::text`).rows.map((r) => Object.values(r)))}`,
        )
        .join('\n');
    });
  }
  let db: Db;
  try {
    db = openRaw(home);
  } catch {
    return '(no store)';
  }
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    const parts = tables.map(
      (t) => `${t}: ${JSON.stringify(db.prepare(`SELECT * FROM "${t}" ORDER BY 1, 2`).raw().all())}`,
    );
    return [`user_version ${db.pragma('user_version', { simple: true }) as number}`, ...parts].join('\n');
  } finally {
    db.close();
  }
}

/**
 * `ok` when the store is whole. SQLite: `PRAGMA integrity_check`. PostgreSQL: amcheck (a contrib module of
 * the server) finds every table's heap pages sound (verify_heapam) and every B-tree index consistent and
 * holding exactly the table's rows (bt_index_check with heapallindexed); otherwise what it found.
 */
export function integrity(home: string, url?: string): string {
  if (ON_POSTGRES) {
    return withPg(url, (db) => {
      db.query('CREATE EXTENSION IF NOT EXISTS amcheck');
      const heap =
        db.query(`SELECT c.relname, v.blkno, v.msg FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace,
        LATERAL verify_heapam(c.oid) v WHERE n.nspname = 'public' AND c.relkind = 'r'`).rows;
      const indexes = db
        .query(`SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_am a ON a.oid = c.relam WHERE n.nspname = 'public' AND a.amname = 'btree' ORDER BY 1`)
        .rows.map((r) => r.relname as string);
      const problems = heap.map((r) => `${r.relname} block ${r.blkno}: ${r.msg}`);
      if (indexes.length === 0) problems.push('no B-tree index to check: not a svcctl store');
      for (const index of indexes) {
        try {
          db.query('SELECT bt_index_check($1::regclass, true)', [`"${index}"`]);
        } catch (err) {
          problems.push(`${index}: ${(err as Error).message}`);
        }
      }
      return problems.length === 0 ? 'ok' : problems.join('; ');
    });
  }
  const db = openRaw(home, false);
  try {
    return (db.pragma('integrity_check') as Array<{ integrity_check: string }>)
      .map((r) => r.integrity_check)
      .join('; ');
  } finally {
    db.close();
  }
}

/** Repository names in the store. */
export function repositoryNames(home: string, url?: string): string[] {
  if (ON_POSTGRES)
    return withPg(url, (db) => db.query('SELECT name FROM repositories').rows.map((r) => r.name as string));
  const db = openRaw(home);
  try {
    return db.prepare('SELECT name FROM repositories').pluck().all() as string[];
  } finally {
    db.close();
  }
}

/** Resident memory of a process (now and its peak), in KiB, from /proc/<pid>/status. */
export function memory(pid: number): { rssKb: number; peakKb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: field('VmRSS'), peakKb: field('VmHWM') };
}

/** A stack trace line, as Node prints them. */
export const STACK_LINE = /^\s+at .+(:\d+:\d+\)?|\(native\)|\(<anonymous>\))$/m;

export function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}
