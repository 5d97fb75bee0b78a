/**
 * SIGKILL inside the write. The store's test-only hook (SVCCTL_TEST_TX_PAUSE=DIR, src/backends/embedded/store/sqlite-store.ts)
 * makes every transaction announce itself, its writes done and not committed, and wait; the test then
 * kills the process right there, or lets it go on. So each kill lands inside a write however fast or slow
 * the machine is, and the number of such kills is decided by the test (a seeded draw), not by timing luck.
 *
 * Each round: `svcctl serve` with 8 HTTP clients writing through it, killed inside its k-th transaction
 * (k drawn from 1..40, the ones before it committed); and 10 CLI processes, each creating one repository
 * or launch configuration, whose fate is drawn: killed inside its write, killed at a random moment of its
 * life (starting, opening, migrating a new store: no pause), or left to finish. After each round the store
 * must open (and migrate), `PRAGMA integrity_check` must say ok, and every create that was acknowledged (CLI
 * exit 0, HTTP 200) in any round must be there. Every sixth round uses a new store, so that kills also land
 * inside the migrations.
 *
 * On PostgreSQL (the `postgres` project) the same rounds run on the test file's database, a new database
 * for each new store; the hook pauses there before COMMIT too, "opens whole" is the server's amcheck
 * (helpers.ts, integrity), and the schema is created in one transaction that no hook pauses: a CLI
 * process's first paused transaction is its create.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/backends/embedded/store/db.js';
import { ON_POSTGRES, openTestStore, rawPg, SCHEMA_VERSION, separateStore, storeEnv } from '../helpers/store.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { ecr, integrity, killAll, openRaw, run, type Spawned, seconds, svcctl, urlOf } from './helpers.js';

const ROUNDS = 30;
const CLIS_PER_ROUND = 10;
const HTTP_WRITERS = 8;
/** Floors that do not depend on the machine: the fates are drawn from a fixed seed. */
const MIN_CLI_KILLS_IN_WRITE = 80;
const MIN_CLI_KILLS_ANYWHERE = 30;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-crash-'));
});
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

/** A small seeded generator (mulberry32): the same fates on every machine. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20261123);

/** The pause markers of one process: resolves with the n-th one's path once the process has announced it. */
async function marker(pauses: string, pid: number, n: number, proc: Spawned): Promise<string | undefined> {
  const mark = join(pauses, `${pid}.${n}`);
  let ended = false;
  void proc.done.then(() => (ended = true));
  // Bounded: a process paused in a transaction waits 30 s at most, so 60 s covers any machine.
  for (let i = 0; i < 12_000; i++) {
    if (existsSync(mark)) return mark;
    if (ended) return undefined;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`process ${pid} never reached transaction ${n}`);
}

const release = (mark: string) => writeFileSync(`${mark}.go`, '');

type Fate = 'in-write' | 'anywhere' | 'finish';

function cliArgs(round: number, i: number): { name: string; kind: 'repo' | 'lc'; args: string[] } {
  const name = `r${round}-c${i}`;
  if (i % 2 === 0)
    return {
      name,
      kind: 'repo',
      args: ['create-repository', '--repository-name', `crash/${name}`, '--tags', 'Key=k,Value=v'],
    };
  const args = [
    ...createLaunchConfiguration(name),
    '--user-data',
    'x'.repeat(4000),
    '--block-device-mappings',
    'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3}',
    'DeviceName=/dev/xvdb,NoDevice=true',
  ];
  return { name, kind: 'lc', args };
}

/** Runs one CLI create to its fate; resolves whether it was killed, and whether it acknowledged its create. */
async function cliCreate(
  args: string[],
  env: Record<string, string>,
  fate: Fate,
  pauses: string,
  lifetimeMs: number,
): Promise<{ killed: boolean; acked: boolean; ms: number }> {
  const started = performance.now();
  const proc = svcctl(args, fate === 'in-write' ? { ...env, SVCCTL_TEST_TX_PAUSE: pauses } : env);
  if (fate === 'in-write') {
    // Its transactions before the create (a migration on a new store) go on; the create's is killed.
    for (let n = 1; ; n++) {
      const mark = await marker(pauses, proc.child.pid!, n, proc);
      if (!mark) break;
      if (migrated(env)) {
        proc.child.kill('SIGKILL');
        break;
      }
      release(mark);
    }
  } else if (fate === 'anywhere') {
    setTimeout(() => proc.child.kill('SIGKILL'), random() * lifetimeMs);
  }
  const out = await proc.done;
  if (out.signal !== 'SIGKILL') expect([out.code, out.stderr]).toEqual([0, '']);
  return { killed: out.signal === 'SIGKILL', acked: out.code === 0, ms: performance.now() - started };
}

/**
 * A CLI process's transactions: the migration of a new store (its user_version not yet committed), then its
 * create. A transaction announced while the store is at the newest version is the create. (PostgreSQL: the
 * migration is not a paused transaction; the schema version committed is read all the same.)
 */
function migrated(env: Record<string, string>): boolean {
  try {
    const db: Database = ON_POSTGRES ? rawPg(env.SVCCTL_STORE_URL) : openRaw(env.SVCCTL_HOME!);
    try {
      return (db.pragma('user_version', { simple: true }) as number) === SCHEMA_VERSION;
    } finally {
      db.close();
    }
  } catch {
    return false; // the store file is being created: a migration
  }
}

/** HTTP clients creating repositories through serve until it goes away; returns the names acknowledged. */
async function httpWriters(url: string, round: number): Promise<string[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: HTTP_WRITERS });
  const acked: string[] = [];
  await Promise.all(
    Array.from({ length: HTTP_WRITERS }, async (_, w) => {
      for (let i = 0; ; i++) {
        const name = `crash/r${round}-h${w}-${i}`;
        const res = await ecr(url, 'CreateRepository', { repositoryName: name }, agent).catch(() => undefined);
        if (!res) return; // serve is gone
        if (res.status === 200) acked.push(name);
      }
    }),
  );
  agent.destroy();
  return acked;
}

interface Round {
  serveKilledInWrite: boolean;
  cliKilledInWrite: number;
  cliKilledAnywhere: number;
  cliFinished: number;
  acknowledged: { repositories: string[]; launchConfigurations: string[] };
  lifetimes: number[];
}

async function round(n: number, env: Record<string, string>, lifetimeMs: number): Promise<Round> {
  const pauses = join(dir, `pauses-${n}`);
  mkdirSync(pauses);
  const serve = svcctl(['serve', '--port', '0'], { ...env, SVCCTL_TEST_TX_PAUSE: pauses });
  const killAt = 1 + Math.floor(random() * 40);
  // Serve's transactions: let k-1 commit, kill it inside the k-th.
  const serveKilled = (async () => {
    for (let t = 1; t <= killAt; t++) {
      const mark = await marker(pauses, serve.child.pid!, t, serve);
      if (!mark) return false;
      if (t === killAt) {
        serve.child.kill('SIGKILL');
        return true;
      }
      release(mark);
    }
    return false;
  })();
  const url = await urlOf(serve);
  const http = url ? httpWriters(url, n) : Promise.resolve([]);
  const fates: Fate[] = Array.from({ length: CLIS_PER_ROUND }, () => {
    const x = random();
    return x < 0.45 ? 'in-write' : x < 0.7 ? 'anywhere' : 'finish';
  });
  const clis = fates.map((fate, i) => ({ fate, ...cliArgs(n, i) }));
  const results: Array<{ c: (typeof clis)[number]; r: Awaited<ReturnType<typeof cliCreate>> }> = [];
  // One after another while serve writes: the CLI and serve contend for the store's lock.
  for (const c of clis) results.push({ c, r: await cliCreate(c.args, env, c.fate, pauses, lifetimeMs) });
  const killedInWrite = await serveKilled;
  const out = await serve.done;
  expect(out.signal).toBe('SIGKILL');
  rmSync(pauses, { recursive: true, force: true });
  const ok = (kind: 'repo' | 'lc') => results.filter(({ c, r }) => c.kind === kind && r.acked).map(({ c }) => c.name);
  return {
    serveKilledInWrite: killedInWrite,
    cliKilledInWrite: results.filter(({ c, r }) => c.fate === 'in-write' && r.killed).length,
    cliKilledAnywhere: results.filter(({ c, r }) => c.fate === 'anywhere' && r.killed).length,
    cliFinished: results.filter(({ r }) => r.acked).length,
    acknowledged: {
      repositories: [...ok('repo').map((name) => `crash/${name}`), ...(await http)],
      launchConfigurations: ok('lc'),
    },
    lifetimes: results.filter(({ c, r }) => c.fate === 'finish' && r.acked).map(({ r }) => r.ms),
  };
}

/** Opens the store as svcctl does (recovering the WAL, migrating), then checks it and returns what is missing. */
function check(env: Record<string, string>, acked: Round['acknowledged']): string[] {
  const home = env.SVCCTL_HOME!;
  const url = env.SVCCTL_STORE_URL;
  openTestStore(home, url).close();
  expect(integrity(home, url)).toBe('ok');
  const db: Database = ON_POSTGRES ? rawPg(url) : openRaw(home);
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const repos = new Set(db.prepare('SELECT name FROM repositories').pluck().all() as string[]);
    const lcs = new Set(db.prepare('SELECT name FROM launch_configurations').pluck().all() as string[]);
    return [
      ...acked.repositories.filter((r) => !repos.has(r)),
      ...acked.launchConfigurations.filter((l) => !lcs.has(l)),
    ];
  } finally {
    db.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

describe('crash safety', { timeout: 600_000 }, () => {
  it('SIGKILLs serve and CLI processes inside their writes: the store always opens whole, with every acknowledged create', async () => {
    const started = performance.now();
    const shared = join(dir, 'shared');
    const ackedShared: Round['acknowledged'] = { repositories: [], launchConfigurations: [] };
    const totals = { serveInWrite: 0, cliInWrite: 0, cliAnywhere: 0, cliFinished: 0, acked: 0, fresh: 0 };
    const missing: string[] = [];
    const lifetimes: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const isFresh = r % 6 === 5;
      // A new store: a new home (SQLite), a new database (PostgreSQL).
      const env = isFresh
        ? { SVCCTL_HOME: join(dir, `fresh-${r}`), ...separateStore(`fresh_${r}`) }
        : { SVCCTL_HOME: shared, ...storeEnv() };
      // "Anywhere" kills fall within a CLI process's own measured lifetime (a first guess until one has finished).
      const out = await round(r, env, lifetimes.length > 0 ? median(lifetimes) : 150);
      lifetimes.push(...out.lifetimes);
      totals.serveInWrite += out.serveKilledInWrite ? 1 : 0;
      totals.cliInWrite += out.cliKilledInWrite;
      totals.cliAnywhere += out.cliKilledAnywhere;
      totals.cliFinished += out.cliFinished;
      totals.acked += out.acknowledged.repositories.length + out.acknowledged.launchConfigurations.length;
      if (isFresh) {
        totals.fresh++;
        missing.push(...check(env, out.acknowledged));
      } else {
        ackedShared.repositories.push(...out.acknowledged.repositories);
        ackedShared.launchConfigurations.push(...out.acknowledged.launchConfigurations);
        missing.push(...check(env, ackedShared));
      }
    }
    const last = await run(['describe-repositories', '--query', 'length(repositories)', '--output', 'json'], {
      SVCCTL_HOME: shared,
    });
    console.log(
      `crash safety: ${ROUNDS} rounds (${totals.fresh} on a new store); serve killed inside a write ${totals.serveInWrite} times ` +
        `while ${HTTP_WRITERS} clients wrote; CLI processes killed inside their write ${totals.cliInWrite} times and at a random moment ` +
        `${totals.cliAnywhere} times (${totals.cliFinished} finished, median ${median(lifetimes).toFixed(0)} ms); ${totals.acked} acknowledged creates, ` +
        `${missing.length} missing; ${ON_POSTGRES ? 'amcheck (verify_heapam, bt_index_check)' : 'integrity_check'} ok after every round; in ${seconds(started)} s`,
    );
    expect(totals.serveInWrite).toBe(ROUNDS);
    expect(totals.cliInWrite).toBeGreaterThanOrEqual(MIN_CLI_KILLS_IN_WRITE);
    expect(totals.cliAnywhere + totals.cliInWrite).toBeGreaterThanOrEqual(
      MIN_CLI_KILLS_IN_WRITE + MIN_CLI_KILLS_ANYWHERE / 2,
    );
    expect(missing).toEqual([]);
    expect(last.code).toBe(0);
    expect(Number(last.stdout)).toBeGreaterThanOrEqual(new Set(ackedShared.repositories).size);
  });
});
