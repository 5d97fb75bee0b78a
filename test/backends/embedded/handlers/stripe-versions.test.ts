/**
 * v2 API versions: the form `<yyyy-mm-dd>.<name>`, the ordered list the service knows (with svcctl's
 * built-in current version and the stripe SDK's pinned one in it), the 400 for a malformed one, and a
 * well-formed one it does not know served as the newest it knows.
 */
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CURRENT_SERVICE_VERSION } from '../../../../src/core/options.js';
import { EmbeddedService } from '../../../../src/backends/embedded/embedded.js';
import {
  KNOWN_VERSIONS,
  NEWEST_VERSION,
  olderThan,
  readVersion,
  servedVersion,
  wellFormedVersion,
} from '../../../../src/backends/embedded/versions.js';
import { ServiceError } from '../../../../src/core/errors.js';
import { CountingIds, FixedClock, sandbox, type Sandbox } from '../../../helpers/cli.js';
import { storeEnv } from '../../../helpers/store.js';
import { failed, paramValidation } from '../../../helpers/cli-results.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const v2err = (op: string, code: string, msg: string) =>
  `\nsvcctl: [ERROR]: An error occurred (${code}) when calling the ${op} operation: ${msg}\n\nAdditional error details:\ntype: invalid_request_error\n`;

describe('the known versions', () => {
  it('are well-formed, in date order, and hold the built-in current version and the stripe SDK pinned version', () => {
    expect(KNOWN_VERSIONS.every(wellFormedVersion)).toBe(true);
    expect([...KNOWN_VERSIONS].sort()).toEqual(KNOWN_VERSIONS);
    expect(new Set(KNOWN_VERSIONS).size).toBe(KNOWN_VERSIONS.length);
    expect(KNOWN_VERSIONS).toContain(CURRENT_SERVICE_VERSION);
    expect(Stripe.API_VERSION).toBe('2026-10-28.endive');
    expect(KNOWN_VERSIONS).toContain(Stripe.API_VERSION);
    expect([KNOWN_VERSIONS[0], KNOWN_VERSIONS.at(-1)]).toEqual(['2024-09-30.acacia', '2026-10-28.endive']);
  });

  it('each is accepted as it is; none older than itself', () => {
    for (const v of KNOWN_VERSIONS) expect(servedVersion(readVersion(v))).toBe(v);
    expect(olderThan('2025-12-15.clover', '2026-01-28.clover')).toBe(true);
    expect(olderThan('2026-01-28.clover', '2026-01-28.clover')).toBe(false);
  });
});

describe('the version header through svcctl', () => {
  const malformed = [
    '2025-12-15',
    'clover',
    '2025-12-15.Clover',
    '2025-02-30.acacia',
    '2025-12-15.clover.x',
    '25-12-15.clover',
    '2025-12-15.',
  ];
  it.each(malformed)('%j is malformed: invalid_api_version (400)', async (version) => {
    expect(await sb.run(['account-token', 'create', '--service-version', version])).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateAccountToken',
        'invalid_api_version',
        `Invalid API version '${version}': a version has the form <yyyy-mm-dd>.<name>, e.g. 2025-12-15.clover.`,
      ),
    });
  });

  it('a well-formed version the service does not know (a .preview, a newer release) is served as the newest it knows', async () => {
    for (const v of ['2026-09-30.preview', '2099-01-01.clover', '2025-12-16.clover']) {
      expect(readVersion(v)).toEqual({
        header: v,
        served: NEWEST_VERSION,
        response: v,
        warning: `API version '${v}' is not one this service knows: served as 2026-10-28.endive, the newest it knows.`,
      });
    }
    expect([readVersion(undefined), readVersion('2025-12-15.clover'), readVersion('x')]).toEqual([
      { served: CURRENT_SERVICE_VERSION, response: CURRENT_SERVICE_VERSION },
      { header: '2025-12-15.clover', served: '2025-12-15.clover', response: '2025-12-15.clover' },
      { header: 'x' },
    ]);
    expect(() => servedVersion(readVersion('x'))).toThrow("Invalid API version 'x'");
    await sb.run(['service', 'settings', 'set', 'accounts_v2_min_version', NEWEST_VERSION]);
    expect(
      await sb.run(['account-token', 'create', '--service-version', '2026-09-30.preview', '--query', 'object']),
    ).toEqual({
      code: 0,
      stdout: '"v2.core.account_token"\n',
      stderr: '',
    });
    expect(
      await sb.run(['meter-event-adjustment', 'get', '--id', 'mtr_event_adj_x'], {
        env: { SVCCTL_SERVICE_VERSION: '2099-01-01.clover' },
      }),
    ).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err('RetrieveMeterEventAdjustment', 'not_found', "No such meter event adjustment: 'mtr_event_adj_x'"),
    });
    expect((await sb.run(['account-token', 'create', '--service-version', '2026-09-30.endive'])).stderr).toContain(
      '(non_connect_platform_accounts_v2_access_blocked)',
    );
  });

  it('is checked on every v2 operation, after the key and before anything else', async () => {
    for (const argv of [
      ['account-token', 'get', '--id', 'accttok_none'],
      ['account', 'get', '--id', 'acct_none'],
      ['account', 'create', '--account-token', 'accttok_none'],
    ]) {
      expect((await sb.run([...argv, '--service-version', 'x'])).stderr).toContain('(invalid_api_version)');
    }
    expect((await sb.run(['account-token', 'create', '--service-version', 'x', '--api-key', 'bad'])).stderr).toContain(
      '(api_key_invalid)',
    );
  });

  it('is not sent to the AWS operations: the variable is not read there, the flag is refused (252), nothing created', async () => {
    expect(
      await sb.run(['create-repository', '--repository-name', 'ab', '--query', 'repository.repositoryName'], {
        env: { SVCCTL_SERVICE_VERSION: 'x' },
      }),
    ).toEqual({ code: 0, stdout: '"ab"\n', stderr: '' });
    expect(await sb.run(['create-repository', '--repository-name', 'cd', '--service-version', 'x'])).toEqual(
      failed(
        252,
        paramValidation(
          "--service-version is the v2 API's (account-token, account, meter-event…): CreateRepository is an AWS operation, which takes none.",
        ),
      ),
    );
    expect(
      await sb.run(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text']),
    ).toEqual({ code: 0, stdout: 'ab\n', stderr: '' });
  });

  it('a request without a version (a raw HTTP client) is served at the built-in current version', async () => {
    const service = new EmbeddedService({
      home: sb.env.SVCCTL_HOME!,
      storeUrl: storeEnv().SVCCTL_STORE_URL,
      accountId: '000000000000',
      clock: new FixedClock(),
      ids: new CountingIds(),
    });
    try {
      expect(await service.call('CreateAccountToken', {}, { region: 'us-east-1', apiKey: 'sk_test_1' })).toMatchObject({
        id: 'accttok_test0001',
      });
      await sb.run(['service', 'settings', 'set', 'accounts_v2_min_version', '2026-01-28.clover']);
      const err = await service
        .call('CreateAccountToken', {}, { region: 'us-east-1', apiKey: 'sk_test_1' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ServiceError);
      expect((err as ServiceError).message).toContain(`this request was made at ${CURRENT_SERVICE_VERSION}`);
    } finally {
      service.close();
    }
  });
});
