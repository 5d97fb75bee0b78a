/**
 * Three `svcctl serve` processes on one PostgreSQL database, started together on an empty one (so they race
 * to migrate it), with the AWS CLI, the stripe SDK, svcctl and raw HTTP spread over them: distinct and
 * identical names created at once (one winner per identical name), one account token raced from all three
 * (one winner), pages begun on one instance and resumed on the others, and one instance SIGKILLed under
 * load (every acknowledged write present, nothing duplicated). Each test prints its figures.
 */
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_MIGRATIONS } from '../../src/backends/embedded/store/pg-store.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';
import { AWS, awsCliEnv } from '../peers/aws-cli-peer.js';
import { BIN, runProgram, type ServeProcess, startServe } from '../peers/serve-process.js';
import { stripeAt } from '../peers/stripe-serve.js';
import { ecr } from '../reliability/helpers.js';

let server: Postgres;
let url: string;
let dir: string;
let db: pg.Client;
let instances: ServeProcess[] = [];

const svcctlEnv = (i: number) => ({
  PATH: process.env.PATH ?? '',
  SVCCTL_HOME: join(dir, `cli-${i}`),
  AWS_ACCESS_KEY_ID: 'x',
  AWS_SECRET_ACCESS_KEY: 'y',
  AWS_DEFAULT_REGION: 'us-east-1',
});
const aws = (i: number, args: string[]) =>
  runProgram(AWS, [...args, '--endpoint-url', instances[i % 3]!.url], awsCliEnv(join(dir, 'aws-home')));
const svcctl = (i: number, args: string[]) =>
  runProgram(process.execPath, [BIN, ...args, '--endpoint-url', instances[i % 3]!.url], svcctlEnv(i % 3));
const stripe = (i: number) => stripeAt(instances[i % 3]!.url, 'sk_test_multi');
/** A CLI's json page of launch configurations (exit 0, nothing on stderr): its names and its token. */
function listed(r: { code: number; stdout: string; stderr: string }): { names: string[]; next?: string } {
  expect([r.code, r.stderr]).toEqual([0, '']);
  const out = JSON.parse(r.stdout) as {
    LaunchConfigurations: Array<{ LaunchConfigurationName: string }>;
    NextToken?: string;
  };
  return { names: out.LaunchConfigurations.map((l) => l.LaunchConfigurationName), next: out.NextToken };
}
const count = async (sql: string, params: unknown[] = []) => Number((await db.query(sql, params)).rows[0].n);

beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase('multi');
  dir = mkdtempSync(join(tmpdir(), 'svcctl-pg-multi-'));
  mkdirSync(join(dir, 'aws-home'));
  // Three instances, each with its own $SVCCTL_HOME: all they share is the database.
  instances = await Promise.all(
    [0, 1, 2].map((i) => startServe(['--store', url], { SVCCTL_HOME: join(dir, `serve-${i}`) })),
  );
  db = new pg.Client({ connectionString: url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await Promise.all(instances.map((s) => s.stop('SIGKILL')));
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('three serve instances on one PostgreSQL database', { timeout: 240_000 }, () => {
  it('started together on an empty database, they migrated it once, and each says which store it uses', async () => {
    expect((await db.query('SELECT version FROM svcctl_schema')).rows).toEqual([{ version: PG_MIGRATIONS.length }]);
    for (const s of instances)
      expect((await s.lines(1))[0]).toMatch(
        new RegExp(
          ` serve: store postgres://postgres@127\\.0\\.0\\.1:\\d+/multi \\(PostgreSQL, schema version ${PG_MIGRATIONS.length}\\), shared with every instance that uses it; one operation at a time, on one connection$`,
        ),
      );
  });

  it('distinct names created at once through the AWS CLI, svcctl and HTTP on all three: every one present once', async () => {
    const started = performance.now();
    const viaAws = Array.from({ length: 9 }, (_, i) =>
      aws(i, ['ecr', 'create-repository', '--repository-name', `distinct/aws-${i}`, '--output', 'json']),
    );
    const viaSvcctl = Array.from({ length: 9 }, (_, i) =>
      svcctl(i, ['create-repository', '--repository-name', `distinct/svcctl-${i}`, '--output', 'json']),
    );
    const viaHttp = Array.from({ length: 90 }, (_, i) =>
      ecr(instances[i % 3]!.url, 'CreateRepository', { repositoryName: `distinct/http-${i}` }),
    );
    const cli = await Promise.all([...viaAws, ...viaSvcctl]);
    const http = await Promise.all(viaHttp);
    const failed = [...cli.filter((r) => r.code !== 0 || r.stderr !== ''), ...http.filter((r) => r.status !== 200)];
    const present = await count("SELECT count(*) AS n FROM repositories WHERE name LIKE 'distinct/%'");
    const distinct = await count("SELECT count(DISTINCT name) AS n FROM repositories WHERE name LIKE 'distinct/%'");
    console.log(
      `distinct creates: 9 AWS CLI + 9 svcctl + 90 HTTP over 3 instances → ${present} present, ${present - distinct} duplicates, ${failed.length} failed, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(failed).toEqual([]);
    expect([present, distinct]).toEqual([108, 108]);
  });

  it('identical names raced from all three instances by every client: exactly one winner per name', async () => {
    const winners: number[] = [];
    const refusals: number[] = [];
    for (let round = 0; round < 4; round++) {
      const name = `race/name-${round}`;
      const exists = `\nAn error occurred (RepositoryAlreadyExistsException) when calling the CreateRepository operation: The repository with name '${name}' already exists in the registry with id '000000000000'\n`;
      const attempts = await Promise.all([
        ...[0, 1, 2].map((i) =>
          aws(i, ['ecr', 'create-repository', '--repository-name', name, '--output', 'json']).then((r) => ({
            won: r.code === 0,
            refused: r.code === 254 && r.stderr === exists,
          })),
        ),
        ...[0, 1, 2].map((i) =>
          svcctl(i, ['create-repository', '--repository-name', name, '--output', 'json']).then((r) => ({
            won: r.code === 0,
            refused: r.code === 254 && r.stderr === `\nsvcctl: [ERROR]: ${exists.slice(1)}`,
          })),
        ),
        ...Array.from({ length: 24 }, (_, i) =>
          ecr(instances[i % 3]!.url, 'CreateRepository', { repositoryName: name }).then((r) => ({
            won: r.status === 200,
            refused: r.status === 400 && JSON.parse(r.body).__type === 'RepositoryAlreadyExistsException',
          })),
        ),
      ]);
      winners.push(attempts.filter((a) => a.won).length);
      refusals.push(attempts.filter((a) => a.refused).length);
    }
    const rows = await count("SELECT count(*) AS n FROM repositories WHERE name LIKE 'race/%'");
    console.log(
      `identical-name races (30 clients each: 3 AWS CLI, 3 svcctl, 24 HTTP over 3 instances): winners per race ${winners.join(', ')}; refused with RepositoryAlreadyExistsException ${refusals.join(', ')}; ${rows} rows for 4 names`,
    );
    expect(winners).toEqual([1, 1, 1, 1]);
    expect(refusals).toEqual([29, 29, 29, 29]);
    expect(rows).toBe(4);
  });

  it('one account token raced from all three instances through the stripe SDK: exactly one account', async () => {
    const winners: number[] = [];
    const used: number[] = [];
    for (let round = 0; round < 5; round++) {
      const token = await stripe(round).v2.core.accountTokens.create({
        display_name: `race ${round}`,
      } as Stripe.V2.Core.AccountTokenCreateParams);
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          stripe(i)
            .v2.core.accounts.create({ account_token: token.id })
            .then(
              () => 'won',
              (err: { code?: string }) => err.code ?? 'other',
            ),
        ),
      );
      winners.push(outcomes.filter((o) => o === 'won').length);
      used.push(outcomes.filter((o) => o === 'token_already_used').length);
    }
    const accounts = await count('SELECT count(*) AS n FROM accounts');
    console.log(
      `account-token races (12 stripe SDK calls over 3 instances each): winners per race ${winners.join(', ')}; token_already_used ${used.join(', ')}; ${accounts} accounts for 5 tokens`,
    );
    expect(winners).toEqual([1, 1, 1, 1, 1]);
    expect(used).toEqual([11, 11, 11, 11, 11]);
    expect(accounts).toBe(5);
  });

  it('one Idempotency-Key raced from all three instances: one object, every answer the same', async () => {
    const before = await count('SELECT count(*) AS n FROM account_tokens');
    const distinctIds: number[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          fetch(`${instances[i % 3]!.url}/v2/core/account_tokens`, {
            method: 'POST',
            headers: {
              authorization: 'Bearer sk_test_multi',
              'content-type': 'application/json',
              'idempotency-key': `race-key-${round}`,
            },
            body: JSON.stringify({ display_name: `idempotent ${round}` }),
          }).then(async (r) => ({
            status: r.status,
            body: await r.text(),
            replayed: r.headers.get('idempotent-replayed'),
          })),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
      // The one that made the object is the one answer not marked a replay (Idempotent-Replayed, as Stripe's),
      // whichever instance and pool thread ran it.
      expect(answers.map((a) => a.replayed).sort()).toEqual([null, ...Array(8).fill('true')]);
      distinctIds.push(new Set(answers.map((a) => (JSON.parse(a.body) as { id: string }).id)).size);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    }
    const created = (await count('SELECT count(*) AS n FROM account_tokens')) - before;
    console.log(
      `idempotency-key races (9 requests over 3 instances each): distinct objects per race ${distinctIds.join(', ')}; ${created} tokens created for 5 keys`,
    );
    expect(distinctIds).toEqual([1, 1, 1, 1, 1]);
    expect(created).toBe(5);
  });

  it("the account-update concurrency limit counts across instances; settings written to the database apply on every instance's next request", async () => {
    await db.query(
      "INSERT INTO settings (name, value) VALUES ('account_update_concurrency_limit', '2'), ('account_update_hold_ms', '3000')",
    );
    try {
      const started = performance.now();
      const outcomes = await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          fetch(`${instances[i % 3]!.url}/v2/core/account_tokens`, {
            method: 'POST',
            headers: { authorization: 'Bearer sk_test_multi', 'content-type': 'application/json' },
            body: JSON.stringify({ display_name: `lease ${i}` }),
          }).then(async (r) =>
            r.status === 200 ? 'ok' : `${r.status} ${((await r.json()) as { error: { code: string } }).error.code}`,
          ),
        ),
      );
      const ms = performance.now() - started;
      const ok = outcomes.filter((o) => o === 'ok').length;
      const limited = outcomes.filter((o) => o === '429 account_rate_limit_exceeded').length;
      console.log(
        `account-update limit 2 over 3 instances: 9 concurrent updates → ${ok} done, ${limited} refused with 429 account_rate_limit_exceeded, in ${ms.toFixed(0)} ms; leases left ${await count('SELECT count(*) AS n FROM account_update_leases')}`,
      );
      expect([ok, limited]).toEqual([2, 7]);
      expect(await count('SELECT count(*) AS n FROM account_update_leases')).toBe(0);
    } finally {
      await db.query(
        "DELETE FROM settings WHERE name IN ('account_update_concurrency_limit', 'account_update_hold_ms')",
      );
    }
  });

  it('pages begun on one instance are resumed on the others (AWS CLI, svcctl): every item once, in order', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await fetch(instances[i % 3]!.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `Action=CreateLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=page-${String(i).padStart(2, '0')}&ImageId=ami-12345678&InstanceType=t3.micro`,
      });
      expect(res.status).toBe(200);
    }
    const want = Array.from({ length: 25 }, (_, i) => `page-${String(i).padStart(2, '0')}`);
    // The AWS CLI: the service's NextToken from instance 0, given to instance 1, then 2.
    const seen: string[] = [];
    let token: string | undefined;
    for (let i = 0; i < 3; i++) {
      const r = await aws(i, [
        'autoscaling',
        'describe-launch-configurations',
        '--max-records',
        '10',
        '--no-paginate',
        '--output',
        'json',
        ...(token ? ['--next-token', token] : []),
      ]);
      const page = listed(r);
      seen.push(...page.names);
      token = page.next;
    }
    expect([seen, token]).toEqual([want, undefined]);
    // svcctl: its --starting-token from instance 0, resumed on 1 and 2.
    const pages: string[][] = [];
    let start: string | undefined;
    for (let i = 0; i < 3; i++) {
      const r = await svcctl(i, [
        'describe-launch-configurations',
        '--max-items',
        '10',
        '--output',
        'json',
        ...(start ? ['--starting-token', start] : []),
      ]);
      const page = listed(r);
      pages.push(page.names);
      start = page.next;
    }
    console.log(
      `paging across instances: AWS CLI pages of 10 over instances 0→1→2: ${seen.length} items; svcctl --max-items 10 over 0→1→2: ${pages.map((p) => p.length).join(' + ')} items, 0 repeated, 0 missing`,
    );
    expect([pages.flat(), start]).toEqual([want, undefined]);
  });

  it('one instance SIGKILLed mid-load: every acknowledged write present, nothing duplicated (creates and idempotent v2 retries)', async () => {
    const started = performance.now();
    const victim = instances[2]!;
    const dead = once(victim.child, 'exit');
    const acked = new Set<string>();
    const unknown: string[] = [];
    let killedAt = -1;
    const ids = new Map<string, string>();
    const tokensBefore = await count('SELECT count(*) AS n FROM account_tokens');
    const tokenBody = (key: string) => JSON.stringify({ display_name: key });
    const v2Headers = (key: string) => ({
      authorization: 'Bearer sk_test_multi',
      'content-type': 'application/json',
      'idempotency-key': key,
    });
    // A v2 create the victim commits and never answers to its client: sent on a raw connection whose answer is
    // never read, the kill waits for its row, so that its retry below meets a key committed by the dead instance.
    const committedKey = 'kill-key-committed';
    const body = tokenBody(committedKey);
    const { host } = new URL(victim.url);
    const raw = connect(Number(new URL(victim.url).port), '127.0.0.1');
    raw.on('error', () => {}); // the kill resets it
    let answer = ''; // read only to name it should the row never come
    raw.on('data', (c: Buffer) => (answer += c.toString('utf8')));
    raw.write(
      `POST /v2/core/account_tokens HTTP/1.1\r\nHost: ${host}\r\n${Object.entries(v2Headers(committedKey))
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    const committedId = async () =>
      (await db.query('SELECT response FROM idempotency_keys WHERE key = $1', [committedKey])).rows[0]?.response as
        | string
        | undefined;
    // Waits for the row; 60 s bounds a hang on a loaded machine.
    for (let i = 0; (await committedId()) === undefined; i++) {
      if (i >= 3000 || /^HTTP\/1\.1 (?!200)/.test(answer))
        throw new Error(`the victim committed no row for ${committedKey}; it answered: ${answer}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const names = Array.from({ length: 600 }, (_, i) => `kill/repo-${i}`);
    const queue = [...names];
    // ECR creates: 24 workers over the three instances; the victim is killed once 200 writes were acknowledged,
    // with creates (and v2 creates) in flight on it; after that, the workers send its share to the other two.
    const creates = Promise.all(
      Array.from({ length: 24 }, async (_, w) => {
        for (let name = queue.shift(), n = w; name !== undefined; name = queue.shift(), n++) {
          const target = killedAt >= 0 && n % 3 === 2 ? instances[n % 2]! : instances[n % 3]!;
          const res = await ecr(target.url, 'CreateRepository', { repositoryName: name }).catch(() => undefined);
          if (res?.status === 200) acked.add(name);
          else unknown.push(name);
          if (acked.size + ids.size >= 200 && killedAt < 0) {
            killedAt = acked.size + ids.size;
            victim.child.kill('SIGKILL');
          }
        }
      }),
    );
    // v2 token creates with an Idempotency-Key: each first sent to instance i % 3; one that gets no answer is
    // retried on another instance with the same key. The first half goes alongside the creates (some may be in
    // flight on the victim when it dies); the second half only once the victim has exited, so that the 50 of
    // them first sent to it (i % 3 = 2) surely get no answer and are retried elsewhere.
    const keys = Array.from({ length: 300 }, (_, i) => `kill-key-${i}`);
    let retried = 0;
    let unansweredByDead = 0;
    const send = async (i: number, afterDeath: boolean) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const target = attempt === 0 ? instances[i % 3]! : instances[attempt % 2]!;
        const res = await fetch(`${target.url}/v2/core/account_tokens`, {
          method: 'POST',
          headers: v2Headers(keys[i]!),
          body: tokenBody(keys[i]!),
        }).catch(() => undefined);
        if (res?.status === 200) {
          ids.set(keys[i]!, ((await res.json()) as { id: string }).id);
          return;
        }
        retried++;
        if (afterDeath && target === victim && res === undefined) unansweredByDead++;
      }
    };
    const tokens = Promise.all(
      Array.from({ length: 12 }, async (_, w) => {
        for (let i = w; i < 150; i += 12) await send(i, false);
        await dead;
        for (let i = 150 + w; i < keys.length; i += 12) await send(i, true);
      }),
    );
    await Promise.all([creates, tokens]);
    raw.destroy();
    expect(await victim.stop()).toBe(-1);
    // The committed key, retried on a live instance: the dead instance's stored answer, no second token.
    const retry = await fetch(`${instances[0]!.url}/v2/core/account_tokens`, {
      method: 'POST',
      headers: v2Headers(committedKey),
      body,
    });
    expect(retry.status).toBe(200);
    const replayed = ((await retry.json()) as { id: string }).id;
    expect(replayed).toBe((JSON.parse((await committedId())!) as { id: string }).id);
    ids.set(committedKey, replayed);
    const rows = (await db.query("SELECT name FROM repositories WHERE name LIKE 'kill/%'")).rows.map(
      (r) => r.name as string,
    );
    const present = new Set(rows);
    const lost = [...acked].filter((n) => !present.has(n));
    const tokenRows = (await count('SELECT count(*) AS n FROM account_tokens')) - tokensBefore;
    console.log(
      `SIGKILL mid-load: instance 2 killed after ${killedAt} acknowledged writes; creates: ${acked.size} acknowledged, ${unknown.length} unanswered (in flight on the killed instance; ${unknown.filter((n) => present.has(n)).length} of them committed), ` +
        `${rows.length} rows, ${lost.length} lost, ${rows.length - present.size} duplicates; v2: ${ids.size}/${keys.length + 1} keys answered (${retried} retried on another instance, ${unansweredByDead} of them sent to the dead one), ${tokenRows} tokens created, ` +
        `${tokenRows - new Set(ids.values()).size} duplicates; in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(killedAt).toBeGreaterThanOrEqual(200);
    expect(unansweredByDead).toBe(50);
    expect(lost).toEqual([]);
    expect(rows.length).toBe(present.size);
    expect(ids.size).toBe(keys.length + 1);
    expect(tokenRows).toBe(new Set(ids.values()).size);
  });

  it('the journal, resources and reset of one instance are those of the shared store', async () => {
    expect((await ecr(instances[0]!.url, 'CreateRepository', { repositoryName: 'ops/journaled' })).status).toBe(200);
    const journal = await svcctl(1, [
      'service',
      'journal',
      '--limit',
      '1',
      '--query',
      'Entries[0].[Operation, Input.repositoryName]',
      '--output',
      'text',
    ]);
    expect(journal).toEqual({ code: 0, stdout: 'CreateRepository\tops/journaled\n', stderr: '' });
    const listed = await svcctl(0, ['service', 'resources', '--query', 'length(Resources)', '--output', 'text']);
    const rows = await count(
      'SELECT (SELECT count(*) FROM repositories) + (SELECT count(*) FROM launch_configurations) + (SELECT count(*) FROM account_tokens) + (SELECT count(*) FROM accounts) + (SELECT count(*) FROM meter_event_adjustments) AS n',
    );
    expect(listed).toEqual({ code: 0, stdout: `${rows}\n`, stderr: '' });
    const reset = await svcctl(1, ['service', 'reset', '--query', 'sum(values(Deleted))', '--output', 'text']);
    expect(reset.code).toBe(0);
    const after = await svcctl(0, ['service', 'resources', '--query', 'length(Resources)', '--output', 'text']);
    console.log(
      `shared operations: instance 0 lists ${rows} resources; a reset through instance 1 deleted ${reset.stdout.trim()} rows (resources and journal); instance 0 then lists ${after.stdout.trim()}`,
    );
    expect(after).toEqual({ code: 0, stdout: '0\n', stderr: '' });
  });
});
