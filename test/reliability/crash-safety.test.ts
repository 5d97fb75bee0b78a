/**
 * SIGKILL at random moments. Each round starts `svcctl serve` with 8 HTTP clients writing through it
 * non-stop, and 10 CLI processes one after another, each creating one repository or launch configuration
 * (with block device mappings and user data, a bigger write), then kills every one still running at a
 * random moment.
 * After each round the store must open (and migrate, when a round on a new store was cut short before
 * its first migration committed), `PRAGMA integrity_check` must say ok, and every create that was
 * acknowledged (CLI exit 0, HTTP 200) in any round must be there. Every sixth round uses a new store,
 * so that kills also land while the store is created and migrated.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, openStore } from '../../src/backends/local/store.js';
import { ecr, integrity, killAll, openRaw, run, type Spawned, seconds, svcctl, urlOf } from './helpers.js';

const TARGET_KILLS = 200;
const MAX_ROUNDS = 150;
const CLIS_PER_ROUND = 10;
const HTTP_WRITERS = 8;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-crash-'));
});
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

interface Round {
  kills: number;
  /** CLI processes killed, and CLI creates acknowledged (exit 0). */
  cliKills: number;
  cliAcked: number;
  acknowledged: { repositories: string[]; launchConfigurations: string[] };
}

function cliCreate(round: number, i: number, env: Record<string, string>): { name: string; kind: 'repo' | 'lc'; proc: Spawned } {
  const name = `r${round}-c${i}`;
  if (i % 2 === 0) return { name, kind: 'repo', proc: svcctl(['create-repository', '--repository-name', `crash/${name}`, '--tags', 'Key=k,Value=v'], env) };
  const args = ['create-launch-configuration', '--launch-configuration-name', name, '--image-id', 'ami-1', '--instance-type', 't3.micro',
    '--user-data', 'x'.repeat(4000), '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3}', 'DeviceName=/dev/xvdb,NoDevice=true'];
  return { name, kind: 'lc', proc: svcctl(args, env) };
}

/** HTTP clients creating repositories through serve until it goes away; returns the names acknowledged. */
async function httpWriters(url: string, round: number): Promise<string[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: HTTP_WRITERS });
  const acked: string[] = [];
  await Promise.all(Array.from({ length: HTTP_WRITERS }, async (_, w) => {
    for (let i = 0; ; i++) {
      const name = `crash/r${round}-h${w}-${i}`;
      const res = await ecr(url, 'CreateRepository', { repositoryName: name }, agent).catch(() => undefined);
      if (!res) return; // serve is gone
      if (res.status === 200) acked.push(name);
    }
  }));
  agent.destroy();
  return acked;
}

async function round(n: number, home: string): Promise<Round> {
  const env = { SVCCTL_HOME: home };
  const serve = svcctl(['serve', '--port', '0'], env);
  const url = urlOf(serve);
  const http = url.then((u) => (u ? httpWriters(u, n) : []));
  // The kill comes at a random moment once serve is writing; the CLI processes start one after
  // another meanwhile, so that it finds them at every stage: starting, opening the store, writing, done.
  await Promise.race([url, new Promise((r) => setTimeout(r, 10_000))]);
  const clis: ReturnType<typeof cliCreate>[] = [];
  for (let i = 0; i < CLIS_PER_ROUND; i++) {
    clis.push(cliCreate(n, i, env));
    await new Promise((r) => setTimeout(r, 20 + Math.random() * 40));
  }
  await new Promise((r) => setTimeout(r, Math.random() * 300));
  const procs = [serve, ...clis.map((c) => c.proc)];
  const running = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  for (const p of running) p.child.kill('SIGKILL');
  const outcomes = await Promise.all(procs.map((p) => p.done));
  const killed = outcomes.filter((o) => o.signal === 'SIGKILL').length;
  // Serve never stops by itself; a CLI process either finished cleanly or was killed (one may finish
  // between the check above and the signal: it counts as finished, not as a kill).
  expect(outcomes[0]!.signal).toBe('SIGKILL');
  for (const o of outcomes) if (o.signal !== 'SIGKILL') expect([o.code, o.stderr]).toEqual([0, '']);
  const ok = (kind: 'repo' | 'lc') => clis.filter((c, i) => c.kind === kind && outcomes[i + 1]!.code === 0).map((c) => c.name);
  const cliAcked = outcomes.slice(1).filter((o) => o.code === 0).length;
  return { kills: killed, cliKills: killed - 1, cliAcked, acknowledged: { repositories: [...ok('repo').map((name) => `crash/${name}`), ...(await http)], launchConfigurations: ok('lc') } };
}

/** Opens the store as svcctl does (recovering the WAL, migrating), then checks it and returns what is missing. */
function check(home: string, acked: Round['acknowledged']): string[] {
  openStore(home).close();
  expect(integrity(home)).toBe('ok');
  const db = openRaw(home);
  try {
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const repos = new Set(db.prepare('SELECT name FROM repositories').pluck().all() as string[]);
    const lcs = new Set(db.prepare('SELECT name FROM launch_configurations').pluck().all() as string[]);
    return [...acked.repositories.filter((r) => !repos.has(r)), ...acked.launchConfigurations.filter((l) => !lcs.has(l))];
  } finally {
    db.close();
  }
}

describe('crash safety', { timeout: 240_000 }, () => {
  it(`SIGKILLs CLI processes and serve during writes (at least ${TARGET_KILLS} kills): the store always opens whole, with every acknowledged create`, async () => {
    const started = performance.now();
    const shared = join(dir, 'shared');
    const ackedShared: Round['acknowledged'] = { repositories: [], launchConfigurations: [] };
    let kills = 0;
    let cliKills = 0;
    let cliAcked = 0;
    let acked = 0;
    let rounds = 0;
    let fresh = 0;
    const missing: string[] = [];
    for (; kills < TARGET_KILLS && rounds < MAX_ROUNDS; rounds++) {
      const isFresh = rounds % 6 === 5;
      const home = isFresh ? join(dir, `fresh-${rounds}`) : shared;
      const r = await round(rounds, home);
      kills += r.kills;
      cliKills += r.cliKills;
      cliAcked += r.cliAcked;
      acked += r.acknowledged.repositories.length + r.acknowledged.launchConfigurations.length;
      if (isFresh) {
        fresh++;
        missing.push(...check(home, r.acknowledged));
      } else {
        ackedShared.repositories.push(...r.acknowledged.repositories);
        ackedShared.launchConfigurations.push(...r.acknowledged.launchConfigurations);
        missing.push(...check(home, ackedShared));
      }
    }
    const last = await run(['describe-repositories', '--query', 'length(repositories)', '--output', 'json'], { SVCCTL_HOME: shared });
    console.log(`crash safety: ${kills} SIGKILLs in ${rounds} rounds (${fresh} on a new store): serve ${kills - cliKills} times while ` +
      `${HTTP_WRITERS} clients wrote, CLI processes ${cliKills} times (${cliAcked} others finished); ${acked} acknowledged creates, ` +
      `${missing.length} missing; integrity_check ok after every round; in ${seconds(started)} s`);
    expect(kills).toBeGreaterThanOrEqual(TARGET_KILLS);
    expect(missing).toEqual([]);
    expect(last.code).toBe(0);
    expect(Number(last.stdout)).toBeGreaterThanOrEqual(new Set(ackedShared.repositories).size);
  });
});
