/**
 * `svcctl store export` / `svcctl store import`: a state made on SQLite moves to PostgreSQL and back, row for
 * row (the two exports are identical), and a page token begun on SQLite is resumed by a serve on PostgreSQL.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { EmbeddedService } from '../../src/backends/embedded/embedded.js';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { snapshotCounts } from '../helpers/registry.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { missingArgs, paramError } from '../helpers/cli-results.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';

const ENV = {
  AWS_ACCESS_KEY_ID: 'x',
  AWS_SECRET_ACCESS_KEY: 'y',
  AWS_DEFAULT_REGION: 'us-east-1',
  SVCCTL_API_KEY: 'sk_test_snapshot',
};
let server: Postgres;
let sb: Sandbox;
beforeAll(async () => {
  server = await startPostgres();
  sb = sandbox(ENV);
});
afterAll(async () => {
  await server?.stop();
  sb?.cleanup();
});

const ok = (stdout = '') => ({ code: 0, stdout, stderr: '' });

/** The embedded service on a PostgreSQL store, with the sandbox's home, clock and ids (as the CLI's). */
function serviceOn(url: string): EmbeddedService {
  return new EmbeddedService({
    home: sb.env.SVCCTL_HOME!,
    accountId: '000000000000',
    storeUrl: url,
    clock: { now: () => sb.clock.now() },
    ids: { id: (p) => sb.ids.id(p), uuid: () => sb.ids.uuid() },
  });
}

test('a SQLite state exported, imported into PostgreSQL, exported again: the same snapshot; a page token made on SQLite resumes there', async () => {
  const url = await server.createDatabase('snapshot');
  expect(
    (await sb.run(['create-repository', '--repository-name', 'team/app', '--query', 'repository.repositoryName'])).code,
  ).toBe(0);
  for (const name of ['lc-a', 'lc-b', 'lc-c']) {
    expect(await sb.run(createLaunchConfiguration(name, { image: 'ami-12345678' }))).toEqual(ok());
  }
  const token = JSON.parse(
    (await sb.run(['account-token', 'create', '--display-name', 'Moved', '--idempotency-key', 'move-1'])).stdout,
  ) as { id: string };
  expect((await sb.run(['account', 'create', '--account-token', token.id, '--query', 'object'])).stdout).toBe(
    '"v2.core.account"\n',
  );
  expect(await sb.run(['service', 'settings', 'set', 'account_update_concurrency_limit', '3'])).toEqual(ok());
  const page = JSON.parse(
    (await sb.run(['describe-launch-configurations', '--max-items', '1', '--page-size', '1', '--output', 'json']))
      .stdout,
  ) as { NextToken: string };

  const file = join(sb.cwd, 'state.json');
  expect(await sb.run(['store', 'export', '--file', file])).toEqual(ok());
  const fromSqlite = readFileSync(file, 'utf8');
  const snap = JSON.parse(fromSqlite) as { tables: Record<string, { rows: unknown[][] }> };
  const counts = snapshotCounts({
    repositories: 1,
    launch_configurations: 3,
    account_tokens: 1,
    accounts: 1,
    idempotency_keys: 1,
    settings: 2,
  });
  expect(Object.fromEntries(Object.entries(snap.tables).map(([t, v]) => [t, v.rows.length]))).toEqual(counts);
  const imported = Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
  expect(await sb.run(['store', 'import', '--file', file, '--store', url])).toEqual(
    ok(`Imported into ${url}: ${imported}\n`),
  );
  expect(await sb.run(['store', 'export'], { env: { SVCCTL_STORE_URL: url } })).toEqual(ok(fromSqlite));

  // A serve on the PostgreSQL store resumes the page that the SQLite store began (the secret moved with it).
  const service = serviceOn(url);
  const serve: RunningServer = await startServer({ service, port: 0, log: () => {} });
  try {
    const rest = await sb.run(
      [
        'describe-launch-configurations',
        '--starting-token',
        page.NextToken,
        '--query',
        'LaunchConfigurations[].LaunchConfigurationName',
        '--output',
        'text',
      ],
      { env: { SVCCTL_ENDPOINT_URL: serve.url } },
    );
    expect(rest).toEqual(ok('lc-b\tlc-c\n'));
  } finally {
    await serve.close();
    service.close();
  }

  // Into a store that holds resources: refused (253) without --replace, nothing written; with it, replaced.
  expect(await sb.run(['store', 'import', '--file', file, '--store', url])).toEqual({
    code: 253,
    stdout: '',
    stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): The store ${url} already holds 7 resource rows: import into an empty store, or add --replace to delete them first.\n`,
  });
  expect((await sb.run(['store', 'import', '--file', file, '--store', url, '--replace'])).code).toBe(0);

  // And back: PostgreSQL into a new SQLite home gives the same snapshot.
  const back = sandbox(ENV);
  try {
    expect(await back.run(['store', 'import', '--file', file])).toEqual(
      ok(`Imported into ${join(back.env.SVCCTL_HOME!, 'state.db')}: ${imported}\n`),
    );
    expect(await back.run(['store', 'export'])).toEqual(ok(fromSqlite));
  } finally {
    back.cleanup();
  }
});

test('a file that is not a snapshot, a missing --file, a --store that is not PostgreSQL: 252 naming the problem', async () => {
  const bad = join(sb.cwd, 'bad.json');
  writeFileSync(bad, '{"format": "something-else"}');
  expect(await sb.run(['store', 'import', '--file', bad])).toEqual({
    code: 252,
    stdout: '',
    stderr: `\nsvcctl: [ERROR]: An error occurred (ParamValidation): --file ${bad} cannot be imported: it is not a svcctl store snapshot (no "format": "svcctl-store-snapshot").\n`,
  });
  writeFileSync(bad, '{"format":');
  const notJson = await sb.run(['store', 'import', '--file', bad]);
  expect([notJson.code, notJson.stdout]).toEqual([252, '']);
  expect(notJson.stderr).toMatch(
    new RegExp(`^\\nsvcctl: \\[ERROR\\]: An error occurred \\(ParamValidation\\): --file ${bad} is not JSON: .+\\n$`),
  );
  expect(await sb.run(['store', 'import'])).toEqual({ code: 252, stdout: '', stderr: missingArgs('--file') });
  expect(await sb.run(['store', 'export', '--store', 'mysql://u:pw@127.0.0.1/x'])).toEqual({
    code: 252,
    stdout: '',
    stderr: paramError(
      "argument --store: 'mysql://u:****@127.0.0.1/x' is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, the store is the SQLite file in $SVCCTL_HOME.",
    ),
  });
});

test("the CLI's embedded backend on SVCCTL_STORE_URL: an unreachable database is ServiceUnavailable (254), password masked; not PostgreSQL: 253", async () => {
  expect(
    await sb.run(['describe-repositories'], { env: { SVCCTL_STORE_URL: 'postgres://u:pw@127.0.0.1:1/x' } }),
  ).toEqual({
    code: 254,
    stdout: '',
    stderr:
      '\nsvcctl: [ERROR]: An error occurred (ServiceUnavailable) when calling the DescribeRepositories operation: The store (PostgreSQL at postgres://u:****@127.0.0.1:1/x) is unavailable: connect ECONNREFUSED 127.0.0.1:1. Retry the request.\n',
  });
  expect(await sb.run(['describe-repositories'], { env: { SVCCTL_STORE_URL: 'sqlite:///tmp/x.db' } })).toEqual({
    code: 253,
    stdout: '',
    stderr:
      "\nsvcctl: [ERROR]: An error occurred (Configuration): SVCCTL_STORE_URL: 'sqlite:///tmp/x.db' is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, the store is the SQLite file in $SVCCTL_HOME.\n",
  });
});

test('a page token of an instance started before store import --replace resumes on one started after: the signing secret is read from the store, not kept (siblings pass)', async () => {
  const url = await server.createDatabase('secret_replaced');
  const other = sandbox(ENV);
  const started: Array<{ service: EmbeddedService; serve: RunningServer }> = [];
  const start = async () => {
    const service = serviceOn(url);
    const serve = await startServer({ service, port: 0, log: () => {} });
    started.push({ service, serve });
    return serve.url;
  };
  const firstPage = async (endpoint: string) =>
    (
      JSON.parse(
        (
          await sb.run(['describe-launch-configurations', '--max-items', '1', '--page-size', '1', '--output', 'json'], {
            env: { SVCCTL_ENDPOINT_URL: endpoint },
          })
        ).stdout,
      ) as { NextToken: string }
    ).NextToken;
  try {
    // A snapshot of another store, whose secret is its own.
    for (const name of ['lc-a', 'lc-b', 'lc-c']) {
      expect(await other.run(createLaunchConfiguration(name, { image: 'ami-12345678' }))).toEqual(ok());
    }
    expect((await other.run(['describe-launch-configurations', '--max-items', '1'])).code).toBe(0);
    const file = join(other.cwd, 'other.json');
    expect(await other.run(['store', 'export', '--file', file])).toEqual(ok());
    // An instance on the PostgreSQL store issues a token (the store's secret is made), then the store is replaced.
    const before = await start();
    for (const name of ['old-a', 'old-b']) {
      expect(
        await sb.run(createLaunchConfiguration(name, { image: 'ami-12345678' }), {
          env: { SVCCTL_ENDPOINT_URL: before },
        }),
      ).toEqual(ok());
    }
    expect(typeof (await firstPage(before))).toBe('string');
    expect((await sb.run(['store', 'import', '--file', file, '--store', url, '--replace'])).code).toBe(0);
    // Its next token, resumed by an instance started after the import: the same store, so the same secret.
    const token = await firstPage(before);
    const after = await start();
    expect(
      await sb.run(
        [
          'describe-launch-configurations',
          '--starting-token',
          token,
          '--query',
          'LaunchConfigurations[].LaunchConfigurationName',
          '--output',
          'text',
        ],
        { env: { SVCCTL_ENDPOINT_URL: after } },
      ),
    ).toEqual(ok('lc-b\tlc-c\n'));
  } finally {
    for (const { service, serve } of started) {
      await serve.close();
      service.close();
    }
    other.cleanup();
  }
});
