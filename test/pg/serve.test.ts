/**
 * `svcctl serve --store postgres://…` as a process: the store it names, the URL's password masked in its
 * log; a bad URL; the database going away (each protocol's 503, retryable) and coming back (served again,
 * without a restart).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Postgres, startPostgres } from '../helpers/postgres.js';
import { BIN, runProgram, startServe } from '../peers/serve-process.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let server: Postgres;
let home: string;
beforeAll(async () => {
  server = await startPostgres();
  home = mkdtempSync(join(tmpdir(), 'svcctl-pg-home-'));
});
afterAll(async () => {
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
});

const env = () => ({ SVCCTL_HOME: home, AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'y', AWS_DEFAULT_REGION: 'us-east-1' });

/** One request of each protocol: a JSON 1.1 describe, a Query describe, a v2 create. */
async function threeProtocols(url: string): Promise<Array<{ status: number; body: string }>> {
  const requests: Array<[string, RequestInit]> = [
    [url, { method: 'POST', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.DescribeRepositories' }, body: '{}' }],
    [url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'Action=DescribeLaunchConfigurations&Version=2011-01-01' }],
    [`${url}/v2/core/account_tokens`, { method: 'POST', headers: { authorization: 'Bearer sk_test_pgserve', 'content-type': 'application/json' }, body: '{}' }],
  ];
  const out = [];
  for (const [u, init] of requests) {
    const res = await fetch(u, init);
    out.push({ status: res.status, body: await res.text() });
  }
  return out;
}

test('serve --store with a URL that is not PostgreSQL: 252 naming the flag; an unreachable database at start: 253, password masked', async () => {
  const bad = await runProgram(process.execPath, [BIN, 'serve', '--port', '0', '--store', 'mysql://u:secret@127.0.0.1/db'], { PATH: process.env.PATH, ...env() });
  expect(bad).toEqual({
    code: 252,
    stdout: '',
    stderr: "\nsvcctl: [ERROR]: An error occurred (ParamValidation): argument --store: 'mysql://u:****@127.0.0.1/db' is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, serve uses the SQLite store in $SVCCTL_HOME.\n\n" +
      'usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]\nTo see help text, you can run:\n\n  svcctl help\n  svcctl <command> help\n  svcctl <command> <subcommand> help\n',
  });
  const down = await runProgram(process.execPath, [BIN, 'serve', '--port', '0', '--store', 'postgres://u:secret@127.0.0.1:1/db', '--store-connect-timeout', '500'], { PATH: process.env.PATH, ...env() });
  expect(down).toEqual({
    code: 253,
    stdout: '',
    stderr: '\nsvcctl: [ERROR]: An error occurred (Configuration): svcctl serve: unable to reach the store: The store (PostgreSQL at postgres://u:****@127.0.0.1:1/db) is unavailable: connect ECONNREFUSED 127.0.0.1:1.\n',
  });
  expect(down.stderr).not.toContain('secret');
});

test('the database goes away: each protocol answers its own 503 at once; it comes back: the same instance serves again', async () => {
  const url = (await server.createDatabase('outage')).replace('postgres@', 'postgres:hunter2@');
  const serve = await startServe(['--store', url, '--store-connect-timeout', '1000'], env());
  try {
    const [line] = await serve.lines(1);
    expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z serve: store postgres:\/\/postgres:\*\*\*\*@127\.0\.0\.1:\d+\/outage \(PostgreSQL, schema version 1\), shared with every instance that uses it$/);
    expect((await threeProtocols(serve.url)).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await (await fetch(`${serve.url}/_svcctl/ready`)).json()).toEqual({ ready: true, schemaVersion: 1 });
    expect(((await (await fetch(`${serve.url}/_svcctl/health`)).json()) as { store: unknown }).store).toEqual({ kind: 'postgres' });
    server.kill();
    const t = performance.now();
    const down = await threeProtocols(serve.url);
    const ms = performance.now() - t;
    expect(down.map((r) => r.status)).toEqual([503, 503, 503]);
    expect(JSON.parse(down[0]!.body).__type).toBe('ServiceUnavailableException');
    expect(down[1]!.body).toContain('<Code>ServiceUnavailable</Code>');
    expect(JSON.parse(down[2]!.body).error).toMatchObject({ type: 'api_error', code: 'service_unavailable' });
    for (const r of down) expect(r.body).not.toContain('hunter2');
    await server.start();
    const back = await threeProtocols(serve.url);
    console.log(`database outage: 3 protocols answered 503 in ${ms.toFixed(0)} ms while it was down; after it came back: ${back.map((r) => r.status).join(', ')}`);
    expect(back.map((r) => r.status), serve.stderr()).toEqual([200, 200, 200]);
    expect(serve.stderr()).not.toContain('hunter2');
  } finally {
    expect(await serve.stop()).toBe(0);
  }
});

test('the store from SVCCTL_STORE_URL, else from the profile\'s store_url; a variable that is not PostgreSQL: 253 naming it', async () => {
  const url = await server.createDatabase('chosen');
  const fromEnv = await startServe([], { ...env(), SVCCTL_STORE_URL: url });
  try {
    expect((await fromEnv.lines(1))[0]).toMatch(/ serve: store postgres:\/\/postgres@127\.0\.0\.1:\d+\/chosen \(PostgreSQL, schema version 1\), shared with every instance that uses it$/);
  } finally {
    expect(await fromEnv.stop()).toBe(0);
  }
  const profileHome = mkdtempSync(join(tmpdir(), 'svcctl-pg-profile-'));
  try {
    writeFileSync(join(profileHome, 'config'), `[profile team]\nstore_url = ${url}\n`);
    const fromProfile = await startServe([], { ...env(), SVCCTL_HOME: profileHome, SVCCTL_PROFILE: 'team' });
    try {
      expect((await fromProfile.lines(1))[0]).toMatch(/ serve: store postgres:\/\/postgres@127\.0\.0\.1:\d+\/chosen \(PostgreSQL/);
    } finally {
      expect(await fromProfile.stop()).toBe(0);
    }
  } finally {
    rmSync(profileHome, { recursive: true, force: true });
  }
  expect(await runProgram(process.execPath, [BIN, 'serve', '--port', '0'], { PATH: process.env.PATH, ...env(), SVCCTL_STORE_URL: '/var/lib/svcctl.db' })).toEqual({
    code: 253,
    stdout: '',
    stderr: "\nsvcctl: [ERROR]: An error occurred (Configuration): SVCCTL_STORE_URL: '/var/lib/svcctl.db' is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, serve uses the SQLite store in $SVCCTL_HOME.\n",
  });
});
