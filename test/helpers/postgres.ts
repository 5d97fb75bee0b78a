/**
 * A real PostgreSQL for the tests: Debian's postgresql 15 (/usr/lib/postgresql/15/bin), a fresh cluster in
 * a temporary data directory (initdb, pg_ctl), listening on 127.0.0.1 on a free port with its unix socket
 * in that directory and trust authentication for loopback. Started once per test file (beforeAll), stopped
 * and removed in afterAll. initdb refuses to run as root, so as root the binaries run as the `postgres`
 * user (setpriv) on a directory handed to it; as any other user they run directly.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_BIN = process.env.SVCCTL_TEST_PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface Postgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  dir: string;
  /** A new empty database on this server; its URL. */
  createDatabase(name: string): Promise<string>;
  /** pg_ctl stop -m immediate (the database "goes away"); start() brings it back on the same port. */
  kill(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** pg_ctl restart (fast shutdown, then start): connections are cut, the server back on the same port. */
  restart(): Promise<void>;
  /** SIGSTOP (or SIGCONT) to the postmaster and every process it started: the database stalls, then resumes. */
  signal(sig: 'SIGSTOP' | 'SIGCONT'): void;
  /** The cluster's data directory (pg_hba.conf). */
  data: string;
}

/** The postmaster's pid (first line of postmaster.pid) and its children's (from /proc). */
function serverPids(data: string): number[] {
  const main = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = [main];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === main) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function asPostgresUser(): { ids?: { uid: number; gid: number } } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { ids: { uid, gid } };
}

function run(bin: string, args: string[], ids: { uid: number; gid: number } | undefined): void {
  const [cmd, argv] = ids
    ? ['setpriv', [`--reuid=${ids.uid}`, `--regid=${ids.gid}`, '--clear-groups', join(PG_BIN, bin), ...args]]
    : [join(PG_BIN, bin), args];
  execFileSync(cmd as string, argv as string[], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', LANG: 'C', LC_ALL: 'C' },
  });
}

/** Polls a connection until the server answers (bounded: 300 tries, 50 ms apart). */
async function waitReady(url: string): Promise<void> {
  let last: unknown;
  for (let i = 0; i < 300; i++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch (err) {
      last = err;
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`PostgreSQL did not accept connections: ${(last as Error)?.message}`);
}

export async function startPostgres(): Promise<Postgres> {
  const { ids } = asPostgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'svcctl-pg-'));
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C'], ids);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=200`;
  const start = async () => {
    run('pg_ctl', ['start', '-D', data, '-l', join(dir, 'log'), '-W', '-o', options], ids);
    await waitReady(url);
  };
  await start();
  return {
    url,
    port,
    dir,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`CREATE DATABASE "${name}"`);
      await client.end();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    kill() {
      run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-W'], ids);
      // pg_ctl -W returns before the postmaster is gone: wait (bounded) for its pid file to go.
      for (let i = 0; i < 2000 && existsSync(join(data, 'postmaster.pid')); i++)
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
    },
    start,
    data,
    async restart() {
      run('pg_ctl', ['restart', '-D', data, '-m', 'fast', '-l', join(dir, 'log'), '-w', '-o', options], ids);
      await waitReady(url);
    },
    signal(sig) {
      // The postmaster first on SIGSTOP (it starts no new backend), last on SIGCONT.
      const pids = serverPids(data);
      for (const pid of sig === 'SIGSTOP' ? pids : pids.reverse()) {
        try {
          process.kill(pid, sig);
        } catch {
          // ended meanwhile
        }
      }
    },
    async stop() {
      try {
        if (existsSync(join(data, 'postmaster.pid'))) run('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w'], ids);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The server's log, for a failing test's message. */
export function postgresLog(p: Postgres): string {
  try {
    return readFileSync(join(p.dir, 'log'), 'utf8');
  } catch {
    return '';
  }
}
