// PostgreSQL for `npm run bench`: BENCH_PG_URL when given (an empty database the benchmark may fill), else a
// temporary cluster of Debian's postgresql 15 (initdb, pg_ctl; as the `postgres` user when run as root) on
// a free loopback port, removed afterwards: the same set-up as test/helpers/postgres.ts. BENCH_PG_OPTIONS adds
// server options (e.g. `-c synchronous_commit=off`).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

export async function postgresForBench(log) {
  if (process.env.BENCH_PG_URL) return { url: process.env.BENCH_PG_URL, where: 'BENCH_PG_URL', stop() {} };
  if (!existsSync(join(PG_BIN, 'initdb'))) return undefined;
  const root = process.getuid?.() === 0;
  const ids = root
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
        gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
      }
    : undefined;
  const run = (bin, args) => {
    const argv = ids
      ? ['setpriv', [`--reuid=${ids.uid}`, `--regid=${ids.gid}`, '--clear-groups', join(PG_BIN, bin), ...args]]
      : [join(PG_BIN, bin), args];
    execFileSync(argv[0], argv[1], { stdio: 'ignore', env: { PATH: process.env.PATH ?? '', LANG: 'C', LC_ALL: 'C' } });
  };
  const dir = mkdtempSync(join(tmpdir(), 'svcctl-bench-pg-'));
  if (ids) chownSync(dir, ids.uid, ids.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // Durable commits as a team's server would have them (synchronous_commit on, fsync on).
  run('pg_ctl', [
    'start',
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-W',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} ${process.env.BENCH_PG_OPTIONS ?? ''}`,
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  for (let i = 0; ; i++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => {});
      if (i >= 300) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  log(`PostgreSQL 15 started on 127.0.0.1:${port} (${data})`);
  return {
    url,
    where: 'a temporary PostgreSQL 15 cluster on this machine',
    stop() {
      try {
        run('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
