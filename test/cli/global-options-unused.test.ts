/**
 * Global settings that a command takes and does not use, by design (docs/compat.md rows 431 and 432; issue 44's
 * sibling hunt listed every other pair it found as used or refused). Each is asserted whole, so that a change
 * that starts using or refusing one fails here and its row is revisited.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { ok } from '../helpers/cli-results.js';

let sb: Sandbox | undefined;
afterEach(() => sb?.cleanup());

describe('global settings a command does not use', () => {
  it('does not read AWS_USE_FIPS_ENDPOINT or AWS_USE_DUALSTACK_ENDPOINT: the embedded service is the endpoint', async () => {
    sb = sandbox();
    expect((await sb.run(['create-repository', '--repository-name', 'f/one'])).code).toBe(0);
    const argv = ['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text'];
    expect(await sb.run(argv, { env: { AWS_USE_FIPS_ENDPOINT: 'true', AWS_USE_DUALSTACK_ENDPOINT: 'true' } })).toEqual(
      ok('f/one\n'),
    );
  });

  it('prints configure list-profiles as names, one a line, whatever --output and --query say', async () => {
    sb = sandbox();
    expect((await sb.run(['configure', 'set', 'region', 'us-west-2', '--profile', 'p1'])).code).toBe(0);
    const plain = await sb.run(['configure', 'list-profiles']);
    expect(plain.code).toBe(0);
    expect(plain.stdout.split('\n')).toContain('p1');
    expect(await sb.run(['configure', 'list-profiles', '--output', 'table', '--query', 'x'])).toEqual(plain);
  });

  // docs/compat.md row 413: the AWS CLI 2.36.7's variables (botocore's configprovider.py, awscli/clidriver.py) that
  // svcctl does not read, and two that the AWS CLI does not read either. Each is set to a value the AWS CLI
  // would refuse or act on; every command answers as without it.
  const UNREAD = {
    AWS_DEFAULTS_MODE: 'bogus',
    AWS_MAX_BANDWIDTH: '1KB/s',
    AWS_REQUEST_CHECKSUM_CALCULATION: 'bogus',
    AWS_RESPONSE_CHECKSUM_VALIDATION: 'bogus',
    AWS_DISABLE_REQUEST_COMPRESSION: 'bogus',
    AWS_REQUEST_MIN_COMPRESSION_SIZE_BYTES: '-1',
    AWS_ACCOUNT_ID_ENDPOINT_MODE: 'bogus',
    AWS_AUTH_SCHEME_PREFERENCE: 'bogus',
    AWS_DISABLE_HOST_PREFIX_INJECTION: 'true',
    AWS_ENDPOINT_DISCOVERY_ENABLED: 'true',
    AWS_SDK_UA_APP_ID: 'x'.repeat(100),
    AWS_CSM_ENABLED: 'true',
    AWS_CSM_PORT: 'bogus',
    AWS_METADATA_SERVICE_TIMEOUT: 'bogus',
    AWS_METADATA_SERVICE_NUM_ATTEMPTS: 'bogus',
    AWS_DATA_PATH: '/nonexistent',
    AWS_CLI_HISTORY_FILE: '/nonexistent/history.db',
  };

  it.each([
    [['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text']],
    [['describe-launch-configurations', '--query', 'LaunchConfigurations[].LaunchConfigurationName']],
    [['meter', 'list', '--query', 'data[].id']],
  ])('does not read the AWS CLI variables of compat row 413 (%j)', async (argv) => {
    sb = sandbox();
    expect((await sb.run(['create-repository', '--repository-name', 'f/one'])).code).toBe(0);
    const plain = await sb.run(argv);
    expect(plain.code).toBe(0);
    expect(await sb.run(argv, { env: UNREAD })).toEqual(plain);
  });
});
