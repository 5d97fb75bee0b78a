/**
 * Values that travel in HTTP headers (issue 25, item 12): the Idempotency-Key, the v2 API key and version,
 * the AWS access key id and session token. One that HTTP cannot carry (a control character, a character
 * beyond Latin-1, white space at an end) is refused before any call, on both backends alike, saying what
 * is wrong and never quoting the value; one it can carry means the same key on both.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, harness } from '../helpers/harness.js';
import { expectOnBoth } from '../helpers/both-backends.js';
import { failed, ok, parseError } from '../helpers/cli-results.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const TOKEN = ['account-token', 'create', '--display-name', 'T', '--query', 'id', '--output', 'text'];
const WHY = '(a header takes tabs and printable Latin-1 characters only)';
const param = (flag: string, why: string) => parseError(flag, `it cannot be sent in an HTTP header: ${why}`);

/** An environment variable whose value HTTP cannot carry (253). */
const badVariable = (name: string, why: string) =>
  failed(
    253,
    `\nsvcctl: [ERROR]: An error occurred (Configuration): Invalid value for the environment variable ${name}: it cannot be sent in an HTTP header: ${why}\n`,
  );

describe('values sent in HTTP headers', () => {
  const refused: Array<[string, string[], string]> = [
    [
      'an Idempotency-Key with a newline',
      ['--idempotency-key', 'a\nb'],
      param('--idempotency-key', `character 2 is U+000A, a control character ${WHY}`),
    ],
    [
      'an Idempotency-Key beyond Latin-1',
      ['--idempotency-key', 'ключ'],
      param('--idempotency-key', `character 1 is U+043A (к), beyond Latin-1 ${WHY}`),
    ],
    [
      'an Idempotency-Key with DEL',
      ['--idempotency-key', 'k\x7f'],
      param('--idempotency-key', `character 2 is U+007F, a control character ${WHY}`),
    ],
    [
      'an Idempotency-Key ending in a space',
      ['--idempotency-key', 'k '],
      param('--idempotency-key', 'it ends with white space, which HTTP drops'),
    ],
    // Hostile pass 18a: an empty key (`--idempotency-key "$KEY"`, KEY unset) was taken (rc 0) and kept nothing: the
    // request and the HTTP backend's retries of it went as if without a key, and the same command twice made two.
    [
      'an empty Idempotency-Key',
      ['--idempotency-key', ''],
      parseError(
        '--idempotency-key',
        'it is empty, and an empty Idempotency-Key keeps no request: give a key, or leave the flag out for one made per call',
      ),
    ],
    [
      'an API key with a NUL',
      ['--api-key', 'sk_test_\0abc'],
      param('--api-key', `character 9 is U+0000, a control character ${WHY}`),
    ],
    [
      'a version starting with a tab',
      ['--service-version', '\t2025-12-15.clover'],
      param('--service-version', 'it starts with white space, which HTTP drops'),
    ],
  ];
  it.each(refused)('refuse %s (252) on both backends, nothing stored', async (_name, flags, stderr) => {
    await expectOnBoth(h, [...TOKEN, ...flags], failed(252, stderr));
    expect(await h.embedded(['service', 'resources', '--query', 'length(Resources)'])).toEqual(ok('0\n'));
  });

  it('take a key with a tab or Latin-1 letters, the same key on both backends (the second call replays the first)', async () => {
    for (const key of ['a\tb', 'clé']) {
      const first = await h.embedded([...TOKEN, '--idempotency-key', key]);
      expect(first.code).toBe(0);
      expect(await h.http([...TOKEN, '--idempotency-key', key])).toEqual(first);
    }
  });

  it('refuse an API key from the environment or the profile (253, naming where) for a v2 call only', async () => {
    const env = { SVCCTL_API_KEY: 'sk_test_a\u0085b' };
    const refused = badVariable('SVCCTL_API_KEY', `character 10 is U+0085, a control character ${WHY}`);
    await expectOnBoth(h, TOKEN, refused, env);
    expect(await h.http(['describe-repositories', '--query', 'repositories'], env)).toEqual(ok('[]\n'));
  });

  it('refuse an AWS access key id or session token that cannot be sent (253), before any call', async () => {
    expect(await h.http(['describe-repositories'], { AWS_ACCESS_KEY_ID: 'AKIA\rX' })).toEqual(
      badVariable('AWS_ACCESS_KEY_ID', `character 5 is U+000D, a control character ${WHY}`),
    );
    expect(await h.http(['describe-launch-configurations'], { AWS_SESSION_TOKEN: 'tok€' })).toEqual(
      badVariable('AWS_SESSION_TOKEN', `character 4 is U+20AC (€), beyond Latin-1 ${WHY}`),
    );
  });
});
