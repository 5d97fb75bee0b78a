/**
 * Many writers on one store at once: 16 CLI processes (each creating 50 repositories, one process per
 * create) and `svcctl serve` with 64 HTTP clients, all starting together on a store that does not exist
 * yet (so they also race to create and migrate it). Every create must succeed exactly once, with no
 * SQLITE_BUSY reaching anyone; racing creates of one name must succeed exactly once; and deletes (a
 * read-then-write transaction) must not fail with "database is locked" while others write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServeProcess, startServe } from '../peers/serve-process.js';
import { ecr, integrity, killAll, type Outcome, repositoryNames, run, seconds } from './helpers.js';
import { ON_POSTGRES } from '../helpers/store.js';

const LANES = 16;
const PER_LANE = 50;
const HTTP_CLIENTS = 64;
const HTTP_CREATES = 800;
const EXISTS = (name: string) =>
  `\nsvcctl: [ERROR]: An error occurred (RepositoryAlreadyExistsException) when calling the CreateRepository operation: The repository with name '${name}' already exists in the registry with id '000000000000'\n`;

let dir: string;
let home: string;
let env: Record<string, string>;
let serve: ServeProcess | undefined;
let agent: Agent;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-writers-'));
  home = join(dir, 'store');
  env = { SVCCTL_HOME: home };
  agent = new Agent({ keepAlive: true, maxSockets: HTTP_CLIENTS });
});
afterAll(async () => {
  killAll();
  agent.destroy();
  await serve?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const cliName = (lane: number, i: number) => `cli/lane-${lane}/repo-${i}`;
const httpName = (i: number) => `http/repo-${i}`;

/**
 * A request whose PostgreSQL statements outlive the store's query time-out (10 s) on a machine loaded enough
 * is answered 503 "… is unavailable: <why>. Retry the request." (pg-store.ts `unavailable`): nothing was
 * done, and a client retries. Its why is "Query read timeout" when one statement ran out, or "the request's
 * 10000 ms for the store were spent before this statement" when the statements before it did (CI under two
 * runs and two busy loops, this stop and the last). That is load, not a writer conflict, so on PostgreSQL a
 * lane retries it (a few times, counted); the retry must then succeed as the first try would have, which also
 * holds the 503's "nothing was done" to its word. A "may have" 503, any other answer, and every busy or
 * locked store on SQLite, are outcomes the test reports.
 */
const RETRYABLE =
  /\(ServiceUnavailable\) when calling the \w+ operation: The store \(PostgreSQL at [^)]*\) is unavailable: [^\n]*\. Retry the request\.\n$/;
let retried = 0;

/** One lane: `count` CLI processes one after another; returns the outcomes that were not a clean exit 0. */
async function lane(names: string[], argv: (name: string) => string[]): Promise<Outcome[]> {
  const bad: Outcome[] = [];
  for (const name of names) {
    let out = await run(argv(name), env);
    for (let attempt = 1; ON_POSTGRES && attempt < 5 && out.code === 254 && RETRYABLE.test(out.stderr); attempt++) {
      retried++;
      out = await run(argv(name), env);
    }
    if (out.code !== 0 || out.stderr !== '') bad.push(out);
  }
  return bad;
}

/** `workers` HTTP clients taking names from one queue; returns the answers that were not 200. */
async function httpWorkers(url: string, names: string[], op: string, workers: number): Promise<string[]> {
  const queue = [...names];
  const bad: string[] = [];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
        const res = await ecr(url, op, { repositoryName: name }, agent).catch((err: Error) => ({
          status: 0,
          body: err.message,
        }));
        if (res.status !== 200) bad.push(`${res.status} ${res.body}`);
      }
    }),
  );
  return bad;
}

// A bound for a hang, not a speed limit: 800 CLI processes on 2 cores are CPU-bound (235 s on PostgreSQL on
// this project's machine, where 240 s was the bound and CI met it); what the tests assert is the outcome.
describe('concurrent writers', { timeout: 600_000 }, () => {
  it(`${LANES} CLI processes x ${PER_LANE} creates and ${HTTP_CLIENTS} HTTP clients sharing ${HTTP_CREATES} creates, all at once, on a new store`, async () => {
    const started = performance.now();
    const lanes = Array.from({ length: LANES }, (_, l) =>
      lane(
        Array.from({ length: PER_LANE }, (_, i) => cliName(l, i)),
        (name) => ['create-repository', '--repository-name', name],
      ),
    );
    serve = await startServe([], env);
    const httpBad = await httpWorkers(
      serve.url,
      Array.from({ length: HTTP_CREATES }, (_, i) => httpName(i)),
      'CreateRepository',
      HTTP_CLIENTS,
    );
    const cliBad = (await Promise.all(lanes)).flat();
    const names = repositoryNames(home);
    const unique = new Set(names);
    const cliPresent = Array.from({ length: LANES * PER_LANE }, (_, n) =>
      cliName(Math.floor(n / PER_LANE), n % PER_LANE),
    ).filter((n) => unique.has(n)).length;
    const httpPresent = Array.from({ length: HTTP_CREATES }, (_, i) => httpName(i)).filter((n) => unique.has(n)).length;
    console.log(
      `concurrent writers: CLI ${cliPresent}/${LANES * PER_LANE} present, HTTP ${httpPresent}/${HTTP_CREATES} present, ` +
        `${names.length - unique.size} duplicates, ${cliBad.length + httpBad.length} errors, in ${seconds(started)} s`,
    );
    expect(cliBad).toEqual([]);
    expect(httpBad).toEqual([]);
    expect([cliPresent, httpPresent, names.length, unique.size]).toEqual([LANES * PER_LANE, HTTP_CREATES, 1600, 1600]);
  });

  it('8 CLI processes and 64 HTTP clients racing to create one name: exactly one succeeds', async () => {
    const started = performance.now();
    const race = async (name: string) => {
      const cli = Array.from({ length: 8 }, () => run(['create-repository', '--repository-name', name], env));
      const http = Array.from({ length: HTTP_CLIENTS }, () =>
        ecr(serve!.url, 'CreateRepository', { repositoryName: name }, agent),
      );
      return { cli: await Promise.all(cli), http: await Promise.all(http) };
    };
    const cliOnly = await Promise.all(
      Array.from({ length: 8 }, () => run(['create-repository', '--repository-name', 'race/cli'], env)),
    );
    const both = await race('race/both');
    const wins = cliOnly.filter((o) => o.code === 0).length;
    const bothWins = both.cli.filter((o) => o.code === 0).length + both.http.filter((r) => r.status === 200).length;
    console.log(
      `racing creates: 8 CLI processes → ${wins} created, ${cliOnly.filter((o) => o.code === 254).length} × 254; ` +
        `8 CLI + 64 HTTP → ${bothWins} created, ${72 - bothWins} refused, in ${seconds(started)} s`,
    );
    expect(cliOnly.map((o) => o.code).sort()).toEqual([0, 254, 254, 254, 254, 254, 254, 254]);
    expect(cliOnly.filter((o) => o.code === 254).map((o) => o.stderr)).toEqual(Array(7).fill(EXISTS('race/cli')));
    expect(bothWins).toBe(1);
    for (const o of both.cli.filter((c) => c.code !== 0))
      expect([o.code, o.stderr]).toEqual([254, EXISTS('race/both')]);
    const refusal = JSON.stringify({
      __type: 'RepositoryAlreadyExistsException',
      message: "The repository with name 'race/both' already exists in the registry with id '000000000000'",
    });
    for (const r of both.http.filter((h) => h.status !== 200)) expect(r).toEqual({ status: 400, body: refusal });
    expect(
      repositoryNames(home)
        .filter((n) => n.startsWith('race/'))
        .sort(),
    ).toEqual(['race/both', 'race/cli']);
  });

  it('deletes (read, then write) succeed while others create and delete', async () => {
    const started = performance.now();
    let stop = false;
    let cycles = 0;
    const churn: string[] = [];
    const http = Promise.all(
      Array.from({ length: HTTP_CLIENTS }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          churn.push(...(await httpWorkers(serve!.url, [`churn/${w}-${i}`], 'CreateRepository', 1)));
          churn.push(...(await httpWorkers(serve!.url, [`churn/${w}-${i}`], 'DeleteRepository', 1)));
          cycles++;
        }
      }),
    );
    const lanes = await Promise.all(
      Array.from({ length: LANES }, (_, l) =>
        lane(
          Array.from({ length: 5 }, (_, i) => cliName(l, i)),
          (name) => ['delete-repository', '--repository-name', name],
        ),
      ),
    );
    stop = true;
    await http;
    const left = repositoryNames(home);
    console.log(
      `concurrent deletes: ${LANES * 5} CLI deletes with ${cycles} HTTP create+delete cycles alongside → ` +
        `${lanes.flat().length + churn.length} errors, ${retried} CLI retries after a query time-out, in ${seconds(started)} s`,
    );
    expect(lanes.flat()).toEqual([]);
    expect(churn).toEqual([]);
    expect(left.filter((n) => n.startsWith('churn/'))).toEqual([]);
    expect(left.length).toBe(1600 + 2 - LANES * 5);
    expect(integrity(home)).toBe('ok');
  });
});
