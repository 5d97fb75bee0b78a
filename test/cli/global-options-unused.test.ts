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
});
