/**
 * The commands that open the store themselves (`service settings`, `service journal`) use the store
 * SVCCTL_STORE_URL names, as every other local command does: a setting changed from the CLI is the one
 * every serve instance on that database applies on its next request, and the journal they write is the
 * one the CLI lists. Before, these commands changed and read the SQLite file in $SVCCTL_HOME instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Postgres, startPostgres } from '../helpers/postgres.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { type ServeProcess, startServe } from '../peers/serve-process.js';

let server: Postgres;
let url: string;
let serve: ServeProcess;
let sb: Sandbox;

beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase('local_commands');
  sb = sandbox({ SVCCTL_STORE_URL: url });
  serve = await startServe([], { SVCCTL_HOME: sb.env.SVCCTL_HOME!, SVCCTL_STORE_URL: url });
}, 120_000);
afterAll(async () => {
  await serve?.stop();
  sb?.cleanup();
  await server?.stop();
});

/** The CLI's flags for serve: v2 calls with a key, AWS calls unsigned. */
const v2AtServe = () => ['--endpoint-url', serve.url, '--api-key', 'sk_test_1'];
const awsAtServe = () => ['--endpoint-url', serve.url, '--no-sign-request'];
const ok = { code: 0, stdout: '', stderr: '' };

describe('service settings and the journal with SVCCTL_STORE_URL', () => {
  it("a setting set from the CLI is the shared store's: the serve instance on it applies it on its next request", async () => {
    expect(await sb.run(['service', 'settings', 'set', 'platform_registered', 'false'])).toEqual(ok);
    expect(await sb.run(['service', 'settings', 'get', 'platform_registered'])).toEqual({
      code: 0,
      stdout: 'false\n',
      stderr: '',
    });
    const r = await sb.run(['account-token', 'create', ...v2AtServe()]);
    expect([r.code, r.stderr.split('\n')[1]]).toEqual([
      254,
      'svcctl: [ERROR]: An error occurred (platform_registration_required) when calling the CreateAccountToken operation: ' +
        'This account has not signed up for the platform program and cannot create connected accounts or account tokens.',
    ]);
    expect(await sb.run(['service', 'settings', 'reset', 'platform_registered'])).toEqual(ok);
    const again = await sb.run(['account-token', 'create', ...v2AtServe(), '--query', 'object', '--output', 'text']);
    expect(again).toEqual({ code: 0, stdout: 'v2.core.account_token\n', stderr: '' });
  });

  it('the journal the instance writes is the one `service journal` lists without an endpoint', async () => {
    const r = await sb.run(['service', 'journal', '--query', 'Entries[].[Operation, Status]', '--output', 'text']);
    expect(r).toEqual({ code: 0, stdout: 'CreateAccountToken\t400\nCreateAccountToken\t200\n', stderr: '' });
    // and the instance lists the same, every entry (no limit: PostgreSQL refuses LIMIT -1, which SQLite takes)
    expect(
      await sb.run([
        'service',
        'journal',
        '--endpoint-url',
        serve.url,
        '--query',
        'Entries[].[Operation, Status]',
        '--output',
        'text',
      ]),
    ).toEqual(r);
  });
});

describe('quotas on the shared store', () => {
  it('launch_configurations_per_region and repositories_per_region: one past either is refused, by the CLI and by serve', async () => {
    expect(await sb.run(['service', 'settings', 'set', 'launch_configurations_per_region', '1'])).toEqual(ok);
    expect(await sb.run(['service', 'settings', 'set', 'repositories_per_region', '1'])).toEqual(ok);
    expect(await sb.run(createLaunchConfiguration('quota-a'))).toEqual(ok);
    for (const where of [[], awsAtServe()]) {
      const r = await sb.run([...createLaunchConfiguration('quota-b'), ...where]);
      expect([r.code, r.stderr]).toEqual([
        254,
        '\nsvcctl: [ERROR]: An error occurred (LimitExceeded) when calling the CreateLaunchConfiguration operation: Launch configuration limit exceeded: the account already has 1 launch configurations in us-east-1, its quota (service setting launch_configurations_per_region).\n',
      ]);
    }
    expect((await sb.run(['create-repository', '--repository-name', 'quota/a'])).code).toBe(0);
    for (const where of [[], awsAtServe()]) {
      const r = await sb.run(['create-repository', '--repository-name', 'quota/b', ...where]);
      // Through serve the CLI retries LimitExceededException (a throttling code of the AWS CLI's) and says so.
      const retries = where.length ? ' (reached max retries: 2)' : '';
      expect([r.code, r.stderr]).toEqual([
        254,
        `\nsvcctl: [ERROR]: An error occurred (LimitExceededException) when calling the CreateRepository operation${retries}: The repository limit of 1 per region has been reached in the registry with id '000000000000' in us-east-1 (service setting repositories_per_region).\n`,
      ]);
    }
    expect(await sb.run(['service', 'settings', 'reset'])).toEqual(ok);
    expect(await sb.run([...createLaunchConfiguration('quota-b'), ...awsAtServe()])).toEqual(ok);
  });
});
