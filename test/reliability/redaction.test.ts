/**
 * `--debug` redaction (src/backends/http/debug.ts): credentials in headers and URLs are replaced by
 * REDACTED; everything else is printed as sent, so that the debug output still explains the exchange.
 * Secret members (models/secrets.ts) are **** in errors, logs, the journal and --debug's bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, harness } from '../helpers/harness.js';
import { layerBytes, sha256 } from '../helpers/image-registry.js';
import { seedImage } from '../helpers/seed-images.js';
import { redactHeaders, redactUrl } from '../../src/backends/http/debug.js';
import { entriesOf, keysOf } from '../../src/core/keys.js';
import { parseJsonExact } from '../../src/core/pynum.js';
import { operation } from '../../src/models/registry.js';
import type { Shape } from '../../src/models/shapes.js';
import {
  MASK,
  maskKey,
  maskSecrets,
  maskConfigValue,
  maskValuesInText,
  secretMembers,
  textMayHoldSecret,
} from '../../src/models/secrets.js';

describe('--debug redaction', () => {
  it.each([
    [{ authorization: 'Bearer sk_test_SECRET1234' }, { authorization: 'Bearer REDACTED' }],
    [{ authorization: 'Basic c2tfdGVzdF9TRUNSRVQ6' }, { authorization: 'Basic REDACTED' }],
    [
      {
        authorization:
          'AWS4-HMAC-SHA256 Credential=AKIDSECRET/20261120/us-east-1/ecr/aws4_request, SignedHeaders=host, Signature=0badc0de',
      },
      {
        authorization:
          'AWS4-HMAC-SHA256 Credential=REDACTED/20261120/us-east-1/ecr/aws4_request, SignedHeaders=host, Signature=REDACTED',
      },
    ],
    [
      {
        'x-amz-security-token': 'SESSION',
        'proxy-authorization': 'Basic eA==',
        'x-api-key': 'k',
        'x-auth-token': 't',
        cookie: 'a=b',
        'set-cookie': 'a=b',
      },
      {
        'x-amz-security-token': 'REDACTED',
        'proxy-authorization': 'REDACTED',
        'x-api-key': 'REDACTED',
        'x-auth-token': 'REDACTED',
        cookie: 'REDACTED',
        'set-cookie': 'REDACTED',
      },
    ],
    [
      {
        'idempotency-key': 'k1',
        'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
        'content-type': 'application/json',
        'service-version': '2025-12-15.clover',
      },
      {
        'idempotency-key': 'k1',
        'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
        'content-type': 'application/json',
        'service-version': '2025-12-15.clover',
      },
    ],
  ])('headers %j', (headers, expected) => {
    expect(redactHeaders(headers)).toEqual(expected);
  });

  it.each([
    ['http://127.0.0.1:4566/', 'http://127.0.0.1:4566/'],
    [
      'http://user:pass@127.0.0.1:4566/v2/core/account_tokens',
      'http://REDACTED:REDACTED@127.0.0.1:4566/v2/core/account_tokens',
    ],
    [
      'https://h/?Action=DescribeLaunchConfigurations&NextToken=abc',
      'https://h/?Action=DescribeLaunchConfigurations&NextToken=abc',
    ],
    [
      'https://h/x?X-Amz-Credential=AKID%2F2026&X-Amz-Signature=ff&X-Amz-Security-Token=tok&api_key=sk_test_1&a=1',
      'https://h/x?X-Amz-Credential=REDACTED&X-Amz-Signature=REDACTED&X-Amz-Security-Token=REDACTED&api_key=REDACTED&a=1',
    ],
  ])('URL %s', (url, expected) => {
    expect(redactUrl(new URL(url))).toBe(expected);
  });
});

describe('secret members (src/models/secrets.ts)', () => {
  const lc = operation('CreateLaunchConfiguration');
  const token = operation('CreateAccountToken');

  it('secretMembers lists each operation’s secret members, for the property suite', () => {
    expect(secretMembers(lc)).toEqual({ input: ['UserData'], output: [] });
    expect(secretMembers(operation('DescribeLaunchConfigurations')).output).toEqual([
      'LaunchConfigurations[].UserData',
    ]);
    expect(secretMembers(operation('CreateRepository'))).toEqual({ input: [], output: [] });
  });

  it('maskSecrets: each secret ****, at any depth; a value of the wrong type where a secret is expected **** whole', () => {
    expect(maskSecrets(lc.input, { LaunchConfigurationName: 'web', UserData: 'c2VjcmV0' })).toEqual({
      LaunchConfigurationName: 'web',
      UserData: MASK,
    });
    const ids = { id_numbers: [{ type: 'us_ssn', value: '123-45-6789' }] };
    expect(maskSecrets(token.input, { identity: { individual: ids } })).toEqual({
      identity: { individual: { id_numbers: [{ type: 'us_ssn', value: MASK }] } },
    });
    expect(maskSecrets(token.input, { identity: { individual: { id_numbers: { value: '123-45-6789' } } } })).toEqual({
      identity: { individual: { id_numbers: MASK } },
    });
    const proto = maskSecrets(lc.input, JSON.parse('{"__proto__": "kept", "UserData": "x"}')) as object;
    expect(Object.keys(proto)).toEqual(['__proto__', 'UserData']);
  });

  it('maskSecrets keeps keys in their received order, integer-like keys included (core/keys.ts)', () => {
    const structure = maskSecrets(lc.input, parseJsonExact('{"10": "a", "UserData": "x", "2": "b"}')) as object;
    expect(keysOf(structure)).toEqual(['10', 'UserData', '2']);
    const map: Shape = { type: 'map', key: { type: 'string' }, value: { type: 'string', sensitive: true } };
    const masked = maskSecrets(map, parseJsonExact('{"b": "1", "10": "2", "2": "3"}')) as object;
    expect(entriesOf(masked)).toEqual([
      ['b', MASK],
      ['10', MASK],
      ['2', MASK],
    ]);
  });

  it('maskValuesInText: a secret value in a JSON, form or XML body, in that encoding', () => {
    const secret = 'a b&c<d>"e/+';
    expect(maskValuesInText(JSON.stringify({ UserData: secret, Other: 'a' }), [secret])).toBe(
      '{"UserData":"****","Other":"a"}',
    );
    expect(maskValuesInText(`Action=X&UserData=${encodeURIComponent(secret)}&Name=n`, [secret])).toBe(
      'Action=X&UserData=****&Name=n',
    );
    expect(
      maskValuesInText(`Action=X&UserData=${new URLSearchParams({ v: secret }).toString().slice(2)}`, [secret]),
    ).toBe('Action=X&UserData=****');
    expect(maskValuesInText('<UserData>a b&amp;c&lt;d&gt;&quot;e/+</UserData>', [secret])).toBe(
      '<UserData>****</UserData>',
    );
    // Only whole values: a secret that is part of another value is found by that value's own mask.
    expect(maskValuesInText('{"Name":"xab"}', ['ab'])).toBe('{"Name":"xab"}');
  });

  it('textMayHoldSecret: only text naming every member on the way to a secret may hold one (else errors quote it)', () => {
    const identity = token.input.members.identity!;
    expect(textMayHoldSecret(identity, 'entity_type=company,entity_type=individual')).toBe(false);
    expect(textMayHoldSecret(identity, '{"individual":{"id_numbers":[{"type":"us_ssn","value":"1"}]')).toBe(true);
    expect(textMayHoldSecret(identity, 'business_details={id_numbers=[{value=1')).toBe(true);
    expect(textMayHoldSecret(lc.input.members.UserData!, 'anything')).toBe(true);
  });

  it('keys: maskKey keeps the kind and the last four, maskConfigValue the last four', () => {
    expect(maskKey('sk_test_SECRETSECRET1234')).toBe('sk_test_************1234');
    expect(maskKey('sk_test_1234')).toBe(MASK);
    expect(maskConfigValue('AKIDSECRETID00001234')).toBe('****************1234');
  });
});

describe('the registry password in --debug (GetAuthorizationToken)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(() => h.close());

  it('is **** in the response body --debug prints, and whole on stdout', async () => {
    expect(secretMembers(operation('GetAuthorizationToken')).output).toEqual([
      'authorizationData[].authorizationToken',
    ]);
    const r = await h.http(['ecr', 'get-login-password', '--debug']);
    const password = r.stdout.trim();
    expect([r.code, password.length > 20]).toEqual([0, true]);
    // The token is base64 of `AWS:<password>`; neither may be in the log.
    const token = Buffer.from(`AWS:${password}`).toString('base64');
    expect([r.stderr.includes(password), r.stderr.includes(token)]).toEqual([false, false]);
    expect(r.stderr).toContain('"authorizationToken":"****"');
    const raw = await h.http(['ecr', 'get-authorization-token', '--query', 'authorizationData[0].authorizationToken']);
    expect(raw).toEqual({ code: 0, stdout: `${JSON.stringify(token)}\n`, stderr: '' });
  });
});

// Hostile pass 17d: --debug printed the response body whole, so the URL's download token (it fetches the
// layer without credentials for an hour, as ECR's presigned URL) went into logs pasted in bug reports.
describe('the download URL in --debug (GetDownloadUrlForLayer)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(() => h.close());

  it('is **** in the response body --debug prints, and whole on stdout', async () => {
    expect(secretMembers(operation('GetDownloadUrlForLayer')).output).toEqual(['downloadUrl']);
    expect((await h.http(['ecr', 'create-repository', '--repository-name', 'team/app'])).code).toBe(0);
    h.withStore((db) =>
      seedImage(db, { repository: 'team/app', tags: ['v1'], layers: [1] }, h.sb.clock.now().getTime()),
    );
    const layer = sha256(layerBytes(100, 1));
    const argv = ['ecr', 'get-download-url-for-layer', '--repository-name', 'team/app', '--layer-digest', layer];
    const r = await h.http([...argv, '--debug', '--query', 'downloadUrl', '--output', 'text']);
    const url = r.stdout.trim();
    expect([r.code, /\?download=[\w.-]{20,}$/.test(url)]).toEqual([0, true]);
    const token = url.slice(url.indexOf('?download=') + 10);
    expect([r.stderr.includes(token), r.stderr.includes(token.slice(-24))]).toEqual([false, false]);
    expect(r.stderr).toContain(`body: {"downloadUrl":"****","layerDigest":"${layer}"}`);
  });
});
