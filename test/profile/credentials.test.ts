import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseIni } from '../../src/profile/aws-files.js';
import { loadCredentials } from '../../src/profile/credentials.js';
import type { RegionChoice } from '../../src/core/options.js';
import { resolveRegion } from '../../src/profile/region.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'svcctl-creds-'));
  mkdirSync(join(home, '.aws'));
  writeFileSync(
    join(home, '.aws', 'credentials'),
    [
      '[default]',
      'aws_access_key_id = FILEDEFAULT',
      'aws_secret_access_key = s1',
      '',
      '[dev]',
      'aws_access_key_id=FILEDEV',
      'aws_secret_access_key=s2',
      'aws_session_token = tok',
      '',
      '[half]',
      'aws_access_key_id = ONLYID',
      '',
      '[blank]',
      'aws_access_key_id = BLANKID',
      'aws_secret_access_key =',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(home, '.aws', 'config'),
    [
      '[default]',
      'region = eu-west-1',
      '',
      '[profile dev]',
      'region = eu-central-1',
      's3 =',
      '  region = nested-ignored',
      '',
      '[profile cfgonly]',
      'aws_access_key_id = CFG',
      'aws_secret_access_key = s3',
      '',
    ].join('\n'),
  );
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** As cli/globals.ts calls it: `profile` named by --profile, AWS_PROFILE or nothing. */
const load = (g: { profile?: string }, env: Record<string, string> = {}) => ({
  credentials: loadCredentials({
    env,
    home,
    profile: g.profile ?? 'default',
    explicitProfile: g.profile !== undefined && g.profile !== env.AWS_PROFILE,
    own: {},
  }),
});

describe('ini', () => {
  it('reads sections (named as written) and keys, skips comments, continues a value on a more-indented line (as configparser)', () => {
    expect(parseIni('# c\n[a]\nK = v = w\n; c\n  nested = x\n[ b ]\nk2=\n')).toEqual({
      a: { k: 'v = w\nnested = x' },
      ' b ': { k2: '' },
    });
  });
});

// Hostile pass 22b: configparser's [DEFAULT] is no section (sections() leaves it out) and each of its keys is read
// in every other section that does not set it; the AWS CLI 2.9.19 signs `--profile dev` with the keys of
// `[DEFAULT]` above an empty `[dev]`. svcctl read `[DEFAULT]` as a profile of its own and gave dev no key.
describe("the credentials file's [DEFAULT] section, as configparser reads it", () => {
  it('gives its keys to every section that does not set them, and names no profile of its own', () => {
    writeFileSync(
      join(home, '.aws', 'credentials'),
      '[DEFAULT]\naws_access_key_id = FROMDEFAULT\naws_secret_access_key = d\n[dev]\n[own]\naws_access_key_id = OWN\naws_secret_access_key = o\n',
    );
    expect(load({ profile: 'dev' })).toEqual({ credentials: { accessKeyId: 'FROMDEFAULT', secretAccessKey: 'd' } });
    expect(load({ profile: 'own' })).toEqual({ credentials: { accessKeyId: 'OWN', secretAccessKey: 'o' } });
    expect(parseIni('[DEFAULT]\nk = 1\n[a]\n[DEFAULT]\nj = 2\n[b]\nk = 3\n')).toEqual({
      a: { k: '1', j: '2' },
      b: { k: '3', j: '2' },
    });
  });
});

describe('AWS credentials', () => {
  it('takes the environment first, then the default profile', () => {
    expect(load({}, { AWS_ACCESS_KEY_ID: 'ENV', AWS_SECRET_ACCESS_KEY: 'e', AWS_SESSION_TOKEN: 't' })).toEqual({
      credentials: { accessKeyId: 'ENV', secretAccessKey: 'e', sessionToken: 't' },
    });
    expect(load({})).toEqual({ credentials: { accessKeyId: 'FILEDEFAULT', secretAccessKey: 's1' } });
  });

  it('ignores the key variables when --profile names a profile, not when AWS_PROFILE does', () => {
    const env = { AWS_ACCESS_KEY_ID: 'ENV', AWS_SECRET_ACCESS_KEY: 'e' };
    expect(load({ profile: 'dev' }, env)).toEqual({
      credentials: { accessKeyId: 'FILEDEV', secretAccessKey: 's2', sessionToken: 'tok' },
    });
    expect(load({ profile: 'dev' }, { ...env, AWS_PROFILE: 'dev' }).credentials?.accessKeyId).toBe('ENV');
  });

  it('reads keys from the config file too', () => {
    expect(load({ profile: 'cfgonly' }).credentials).toEqual({ accessKeyId: 'CFG', secretAccessKey: 's3' });
  });

  it('honours AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE (with ~)', () => {
    writeFileSync(join(home, 'creds'), '[default]\naws_access_key_id = OTHER\naws_secret_access_key = o\n');
    writeFileSync(join(home, 'conf'), '[default]\nregion = sa-east-1\n');
    expect(load({}, { AWS_SHARED_CREDENTIALS_FILE: '~/creds', AWS_CONFIG_FILE: join(home, 'conf') })).toEqual({
      credentials: { accessKeyId: 'OTHER', secretAccessKey: 'o' },
    });
  });

  it('finds nothing in an empty home', () => {
    rmSync(join(home, '.aws'), { recursive: true });
    expect(load({})).toEqual({ credentials: undefined });
  });

  it.each([
    [
      'a key id without its secret (env)',
      {},
      { AWS_ACCESS_KEY_ID: 'x' },
      'Partial credentials found in env, missing: AWS_SECRET_ACCESS_KEY',
    ],
    [
      'a key id without its secret (file)',
      { profile: 'half' },
      {},
      'Partial credentials found in shared-credentials-file (profile half), missing: aws_secret_access_key',
    ],
    // compat 410 (hostile pass 16b): botocore takes an empty secret in the file (a key present is a key) and
    // signs with it; an empty variable it calls missing, as svcctl calls both.
    [
      'a key id with an empty secret (file)',
      { profile: 'blank' },
      {},
      'Partial credentials found in shared-credentials-file (profile blank), missing: aws_secret_access_key',
    ],
    [
      'a key id with an empty secret (env)',
      {},
      { AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: '' },
      'Partial credentials found in env, missing: AWS_SECRET_ACCESS_KEY',
    ],
  ])('fails on %s', (_n, g, env, message) => {
    expect(() => load(g, env)).toThrow(message);
  });
});

/** The region: one resolution for both backends and `configure list` (issue 25, item 5; issue 27, point 3). */
describe('the region in effect', () => {
  const svcctlProfile = (name: string, values: Record<string, string> = {}) => ({
    choice: { name },
    path: '/svcctl/config',
    value: (k: string) => values[k],
  });
  const region = (flag: unknown, env: Record<string, string>, profile = svcctlProfile('default')) =>
    resolveRegion({ env, home }, flag, profile);

  it.each<[string, unknown, Record<string, string>, ReturnType<typeof svcctlProfile>, RegionChoice]>([
    [
      '--region first',
      'ap-south-1',
      { AWS_REGION: 'x' },
      svcctlProfile('default', { region: 'y' }),
      { value: 'ap-south-1', type: 'manual', location: '--region' },
    ],
    [
      'then AWS_REGION',
      undefined,
      { AWS_REGION: 'eu-west-3', AWS_DEFAULT_REGION: 'x' },
      svcctlProfile('default'),
      { value: 'eu-west-3', type: 'env', location: 'AWS_REGION' },
    ],
    [
      'then AWS_DEFAULT_REGION (an empty AWS_REGION is none)',
      '',
      { AWS_REGION: '', AWS_DEFAULT_REGION: 'eu-west-2' },
      svcctlProfile('default'),
      { value: 'eu-west-2', type: 'env', location: 'AWS_DEFAULT_REGION' },
    ],
    [
      "then svcctl's profile",
      undefined,
      {},
      svcctlProfile('default', { region: 'ca-central-1' }),
      { value: 'ca-central-1', type: 'config-file', location: '/svcctl/config' },
    ],
    [
      "then the AWS CLI's config file, [default]",
      undefined,
      {},
      svcctlProfile('default'),
      { value: 'eu-west-1', type: 'config-file', location: '~/.aws/config' },
    ],
    [
      "then the AWS CLI's config file, [profile dev]",
      undefined,
      {},
      svcctlProfile('dev'),
      { value: 'eu-central-1', type: 'config-file', location: '~/.aws/config' },
    ],
    ['else us-east-1', undefined, {}, svcctlProfile('cfgonly'), { value: 'us-east-1', type: 'default', location: '' }],
  ])('%s', (_n, flag, env, profile, expected) => {
    // the home of the outer beforeEach: [default] eu-west-1, [profile dev] eu-central-1
    expect(region(flag, env, profile)).toEqual({ ...expected, location: expected.location.replace('~', home) });
  });

  it('AWS_CONFIG_FILE (with ~), read only when nothing before it sets the region', () => {
    writeFileSync(join(home, 'conf'), '[default]\nregion = sa-east-1\n');
    expect(region(undefined, { AWS_CONFIG_FILE: '~/conf' })).toEqual({
      value: 'sa-east-1',
      type: 'config-file',
      location: join(home, 'conf'),
    });
    writeFileSync(join(home, 'conf'), '[default\n');
    expect(region('us-west-1', { AWS_CONFIG_FILE: '~/conf' }).value).toBe('us-west-1');
    expect(() => region(undefined, { AWS_CONFIG_FILE: '~/conf' })).toThrow(
      `Unable to parse config file: ${join(home, 'conf')}, line 1`,
    );
  });
});
