/**
 * Every setting of a profile in svcctl's own config file, on both backends (issue 34, item 7): the same
 * commands with `--profile eu`, once on the embedded service and once over HTTP to `svcctl serve` (started
 * in-process on the same store, checking SigV4 signatures and v2 keys against its --credentials), where
 * the profile's endpoint_url is what sends them there. The HTTP backend once refused every such profile
 * (`The config profile (eu) could not be found`): it looked for it in ~/.aws only.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedService } from '../../src/backends/embedded/embedded.js';
import { parseCredentials } from '../../src/server/credentials.js';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok, serviceError } from '../helpers/cli-results.js';

const SERVE_CREDENTIALS = [
  '[signer]',
  'aws_access_key_id = AKIASIGNER0000000001',
  'aws_secret_access_key = signer-secret',
  'account_id = 111111111111',
  '[billing]',
  'api_key = sk_test_billing123456',
  'account_id = 111111111111',
].join('\n');

let sb: Sandbox;
let service: EmbeddedService;
let server: RunningServer;
beforeEach(async () => {
  // No AWS variables: the profile is the only place the keys and the region can come from.
  sb = sandbox();
  // serve checks a signature's date against its own clock: the CLI signs at the time it is.
  sb.clock.ms = Date.now();
  const home = sb.env.SVCCTL_HOME!;
  mkdirSync(home, { recursive: true, mode: 0o700 });
  service = new EmbeddedService({
    home,
    storeUrl: sb.env.SVCCTL_STORE_URL,
    accountId: '000000000000',
    clock: { now: () => sb.clock.now() },
    ids: { id: (prefix) => sb.ids.id(prefix), uuid: () => sb.ids.uuid() },
  });
  server = await startServer({ service, port: 0, credentials: parseCredentials(SERVE_CREDENTIALS, 'test') });
});
afterEach(async () => {
  await server.close();
  service.close();
  sb.cleanup();
});

type Backend = 'embedded' | 'http';

/** The profile `eu`: the row's settings, and on the HTTP backend the endpoint of serve. */
function profile(settings: Record<string, string>, backend: Backend): void {
  const lines = ['[profile eu]', ...Object.entries(settings).map(([k, v]) => `${k} = ${v}`)];
  if (backend === 'http') lines.push(`endpoint_url = ${server.url}`);
  writeFileSync(join(sb.env.SVCCTL_HOME!, 'config'), `${lines.join('\n')}\n`, { mode: 0o600 });
}

const KEYS = { aws_access_key_id: 'AKIASIGNER0000000001', aws_secret_access_key: 'signer-secret' };

interface Row {
  key: string;
  settings: Record<string, string>;
  argv: string[];
  /** What the user sees on each backend. */
  expect: (backend: Backend) => { code: number; stdout: string; stderr: string };
}

const CREATE = ['create-repository', '--repository-name'];
const notFound = (b: Backend) =>
  `The repository with name 'nope' does not exist in the registry with id '${b === 'http' ? '111111111111' : '000000000000'}'`;
const ROWS: Row[] = [
  {
    key: 'region',
    settings: { region: 'eu-west-1', ...KEYS },
    argv: [...CREATE, 'team/eu3', '--query', 'repository.repositoryArn'],
    expect: (b) =>
      ok(`"arn:aws:ecr:eu-west-1:${b === 'http' ? '111111111111' : '000000000000'}:repository/team/eu3"\n`),
  },
  {
    // serve knows the key: the call is signed with it (its account), on the embedded service no key is needed
    key: 'aws_access_key_id, aws_secret_access_key',
    settings: KEYS,
    argv: ['describe-repositories', '--query', 'length(repositories)', '--output', 'text'],
    expect: () => ok('0\n'),
  },
  {
    key: 'aws_secret_access_key (a wrong one)',
    settings: { ...KEYS, aws_secret_access_key: 'not-the-secret' },
    argv: ['describe-repositories', '--output', 'text'],
    expect: (b) =>
      b === 'http'
        ? failed(
            254,
            serviceError(
              'InvalidSignatureException',
              'DescribeRepositories',
              'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.',
            ),
          )
        : ok(''),
  },
  {
    key: 'output',
    settings: { output: 'text', ...KEYS },
    argv: [...CREATE, 'team/text', '--query', 'repository.[repositoryName,imageTagMutability]'],
    expect: () => ok('team/text\tMUTABLE\n'),
  },
  {
    key: 'cli_error_format',
    settings: { cli_error_format: 'json', ...KEYS },
    argv: ['describe-repositories', '--repository-names', 'nope'],
    expect: (b) =>
      failed(
        254,
        `{\n    "Message": "${notFound(b)}",\n    "Code": "RepositoryNotFoundException",\n    "message": "${notFound(b)}"\n}\n`,
      ),
  },
  {
    key: 'color',
    settings: { color: 'on', ...KEYS },
    argv: ['describe-repositories', '--query', 'length(repositories)'],
    expect: () => ok('\u001b[36m0\u001b[39m\n'),
  },
  {
    // serve takes only its listed keys: the profile's key is the one sent
    key: 'api_key',
    settings: { api_key: 'sk_test_billing123456' },
    argv: ['account-token', 'create', '--query', 'livemode'],
    expect: () => ok('false\n'),
  },
  {
    key: 'api_key_file',
    settings: { api_key_file: 'key.txt' },
    argv: ['account-token', 'create', '--query', 'livemode'],
    expect: () => ok('false\n'),
  },
  {
    key: 'cli_read_timeout, cli_connect_timeout, max_attempts (taken, valid)',
    settings: { cli_read_timeout: '30', cli_connect_timeout: '0', max_attempts: '1', retry_mode: 'adaptive', ...KEYS },
    argv: ['describe-repositories', '--query', 'length(repositories)'],
    expect: () => ok('0\n'),
  },
];

describe('a profile of svcctl config, on both backends', () => {
  it('the issue 34 steps: configure set, then a create over HTTP with --profile', async () => {
    const set = (k: string, v: string) => sb.run(['configure', 'set', k, v, '--profile', 'eu']);
    expect(await set('region', 'eu-west-1')).toEqual(ok(''));
    expect(await set('endpoint_url', server.url)).toEqual(ok(''));
    expect(await set('aws_access_key_id', KEYS.aws_access_key_id)).toEqual(ok(''));
    expect(await set('aws_secret_access_key', KEYS.aws_secret_access_key)).toEqual(ok(''));
    expect(
      await sb.run([
        ...CREATE,
        'team/eu3',
        '--profile',
        'eu',
        '--query',
        'repository.repositoryArn',
        '--output',
        'text',
      ]),
    ).toEqual(ok('arn:aws:ecr:eu-west-1:111111111111:repository/team/eu3\n'));
  });

  it.each(ROWS.flatMap((row) => (['embedded', 'http'] as const).map((b) => [row.key, b, row] as const)))(
    '%s (%s)',
    async (_key, backend, row) => {
      profile(row.settings, backend);
      writeFileSync(join(sb.env.SVCCTL_HOME!, 'key.txt'), 'sk_test_billing123456\n');
      expect(await sb.run([...row.argv, '--profile', 'eu'])).toEqual(row.expect(backend));
    },
  );

  it("the profile's endpoint_url is what sends it to serve; --endpoint-url and the profile's keys work together", async () => {
    profile(KEYS, 'embedded');
    const q = [...CREATE, 'team/flag', '--query', 'repository.repositoryArn', '--output', 'text', '--profile', 'eu'];
    expect(await sb.run([...q, '--endpoint-url', server.url])).toEqual(
      ok('arn:aws:ecr:us-east-1:111111111111:repository/team/flag\n'),
    );
    expect(
      await sb.run([
        'configure',
        'list',
        '--profile',
        'eu',
        '--query',
        'Settings[?Name==`aws_access_key_id`].Type',
        '--output',
        'text',
      ]),
    ).toEqual(ok('config-file\n'));
  });
});
