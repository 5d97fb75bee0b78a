import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadAwsSettings, parseIni } from '../../src/backends/http/credentials.js';
import type { GlobalOptions } from '../../src/core/options.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'svcctl-creds-'));
  mkdirSync(join(home, '.aws'));
  writeFileSync(join(home, '.aws', 'credentials'), [
    '[default]', 'aws_access_key_id = FILEDEFAULT', 'aws_secret_access_key = s1', '',
    '[dev]', 'aws_access_key_id=FILEDEV', 'aws_secret_access_key=s2', 'aws_session_token = tok', '',
    '[half]', 'aws_access_key_id = ONLYID', '',
  ].join('\n'));
  writeFileSync(join(home, '.aws', 'config'), [
    '[default]', 'region = eu-west-1', '',
    '[profile dev]', 'region = eu-central-1', 's3 =', '  region = nested-ignored', '',
    '[profile cfgonly]', 'aws_access_key_id = CFG', 'aws_secret_access_key = s3', '',
  ].join('\n'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const globals = (g: Partial<GlobalOptions> = {}) => g as GlobalOptions;
const load = (g: Partial<GlobalOptions>, env: Record<string, string> = {}) => loadAwsSettings(globals(g), { env, home }, true);

describe('ini', () => {
  it('reads sections and keys, skips comments and nested blocks', () => {
    expect(parseIni('# c\n[a]\nK = v = w\n; c\n  nested = x\n[ b ]\nk2=\n')).toEqual({ a: { k: 'v = w' }, b: { k2: '' } });
  });
});

describe('AWS credentials and region', () => {
  it('takes the environment first, then the default profile', () => {
    expect(load({}, { AWS_ACCESS_KEY_ID: 'ENV', AWS_SECRET_ACCESS_KEY: 'e', AWS_SESSION_TOKEN: 't' })).toEqual({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'ENV', secretAccessKey: 'e', sessionToken: 't' },
    });
    expect(load({})).toEqual({ region: 'eu-west-1', credentials: { accessKeyId: 'FILEDEFAULT', secretAccessKey: 's1' } });
  });

  it('lets --region (already resolved into the globals) win over the profile', () => {
    expect(load({ region: 'ap-south-1' }).region).toBe('ap-south-1');
  });

  it('ignores the key variables when --profile names a profile, not when AWS_PROFILE does', () => {
    const env = { AWS_ACCESS_KEY_ID: 'ENV', AWS_SECRET_ACCESS_KEY: 'e' };
    expect(load({ profile: 'dev' }, env)).toEqual({ region: 'eu-central-1', credentials: { accessKeyId: 'FILEDEV', secretAccessKey: 's2', sessionToken: 'tok' } });
    expect(load({ profile: 'dev' }, { ...env, AWS_PROFILE: 'dev' }).credentials?.accessKeyId).toBe('ENV');
  });

  it('reads keys from the config file too', () => {
    expect(load({ profile: 'cfgonly' }).credentials).toEqual({ accessKeyId: 'CFG', secretAccessKey: 's3' });
  });

  it('honours AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE (with ~)', () => {
    writeFileSync(join(home, 'creds'), '[default]\naws_access_key_id = OTHER\naws_secret_access_key = o\n');
    writeFileSync(join(home, 'conf'), '[default]\nregion = sa-east-1\n');
    expect(load({}, { AWS_SHARED_CREDENTIALS_FILE: '~/creds', AWS_CONFIG_FILE: join(home, 'conf') })).toEqual({
      region: 'sa-east-1',
      credentials: { accessKeyId: 'OTHER', secretAccessKey: 'o' },
    });
  });

  it('finds nothing in an empty home, and loads no credentials when not signing', () => {
    rmSync(join(home, '.aws'), { recursive: true });
    expect(load({})).toEqual({ region: undefined, credentials: undefined });
    expect(loadAwsSettings(globals({ region: 'r' }), { env: { AWS_ACCESS_KEY_ID: 'x' }, home }, false)).toEqual({ region: 'r' });
  });

  it.each([
    ['an unknown profile', { profile: 'nope' }, {}, 'The config profile (nope) could not be found'],
    ['a key id without its secret (env)', {}, { AWS_ACCESS_KEY_ID: 'x' }, 'Partial credentials found in env, missing: AWS_SECRET_ACCESS_KEY'],
    ['a key id without its secret (file)', { profile: 'half' }, {}, 'Partial credentials found in shared-credentials-file (profile half), missing: aws_secret_access_key'],
  ])('fails on %s', (_n, g, env, message) => {
    expect(() => load(g, env)).toThrow(message);
  });
});
