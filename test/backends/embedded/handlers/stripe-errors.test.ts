/**
 * Every error of spec 7 through svcctl on the embedded backend: each turned on the documented way (a
 * service setting, a key, an input), each exit 254 with the code and message on stderr, and gone again
 * once the setting is reset.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../../src/backends/embedded/store/open.js';
import { sandbox, type Sandbox } from '../../../helpers/cli.js';
import { failed, ok, serviceError } from '../../../helpers/cli-results.js';
import { cancelEvent, LIVE_TOKEN_NEEDS_PUBLISHABLE_KEY, sendEvent, v2Failure } from '../../../helpers/stripe-v2.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const NOT_REGISTERED =
  'This account has not signed up for the platform program and cannot create connected accounts or account tokens.';
const blocked = (min: string, at: string) =>
  `This account can use the accounts v2 API only at API version ${min} or newer; this request was made at ${at}. Use a newer API version or onboard to the platform program.`;
const RATE = (n: number) =>
  `Too many concurrent updates to this account: its limit is ${n} at a time. Retry after the updates in progress have finished.`;

/** Waits (bounded) until an account update holds its lease in the store (SQLite, or PostgreSQL in that project). */
async function leaseTaken(): Promise<void> {
  const db = await openEmbeddedStore(sb.env.SVCCTL_HOME!, sb.env);
  try {
    for (let i = 0; i < 200; i++) {
      if ((db.prepare('SELECT count(*) AS n FROM account_update_leases').get() as { n: number }).n > 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('no lease was taken within 2 s');
  } finally {
    db.close();
  }
}

interface Row {
  code: string;
  status: number;
  /** The settings that turn the error on. */
  settings: Array<[string, string]>;
  argv: string[];
  op: string;
  message: string;
  type?: string;
}

const ROWS: Row[] = [
  {
    code: 'non_connect_platform_accounts_v2_access_blocked',
    status: 400,
    settings: [['accounts_v2_min_version', '2026-01-28.clover']],
    argv: ['account-token', 'create', '--display-name', 'Jenny'],
    op: 'CreateAccountToken',
    message: blocked('2026-01-28.clover', '2025-12-15.clover'),
  },
  {
    code: 'platform_registration_required',
    status: 400,
    settings: [['platform_registered', 'false']],
    argv: ['account-token', 'create', '--display-name', 'Jenny'],
    op: 'CreateAccountToken',
    message: NOT_REGISTERED,
  },
  {
    code: 'token_must_be_created_with_publishable_key',
    status: 400,
    settings: [],
    argv: ['account-token', 'create', '--api-key', 'sk_live_abc'],
    op: 'CreateAccountToken',
    message: LIVE_TOKEN_NEEDS_PUBLISHABLE_KEY,
  },
  {
    code: 'account_rate_limit_exceeded',
    status: 429,
    settings: [['account_update_concurrency_limit', '0']],
    argv: ['account-token', 'create', '--display-name', 'Jenny'],
    op: 'CreateAccountToken',
    message: RATE(0),
    type: 'rate_limit',
  },
  {
    code: 'invalid_cancel_configuration',
    status: 400,
    settings: [],
    argv: cancelEvent('api_calls', ''),
    op: 'CreateMeterEventAdjustment',
    message: 'The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.',
  },
];

describe('spec 7 through svcctl (embedded backend)', () => {
  it.each(ROWS.map((r) => [r.code, r] as const))('%s: exit 254, the code and message on stderr', async (_code, row) => {
    for (const [name, value] of row.settings)
      expect(await sb.run(['service', 'settings', 'set', name, value])).toEqual(ok());
    expect(await sb.run(row.argv)).toEqual(v2Failure(row.op, row.code, row.message, row.type));
    if (row.settings.length === 0) return;
    expect(await sb.run(['service', 'settings', 'reset'])).toEqual(ok());
    expect(await sb.run(row.argv)).toMatchObject({ code: 0, stderr: '' });
  });

  it('--cli-error-format json prints the whole v2 error (code, message, type)', async () => {
    await sb.run(['service', 'settings', 'set', 'account_update_concurrency_limit', '0']);
    expect(await sb.run(['account-token', 'create', '--cli-error-format', 'json'])).toEqual(
      failed(
        254,
        `{\n    "Code": "account_rate_limit_exceeded",\n    "Message": "${RATE(0)}",\n    "type": "rate_limit"\n}\n`,
      ),
    );
    expect(await sb.run(['account-token', 'create', '--api-key', 'sk_live_x', '--cli-error-format', 'legacy'])).toEqual(
      failed(
        254,
        serviceError(
          'token_must_be_created_with_publishable_key',
          'CreateAccountToken',
          LIVE_TOKEN_NEEDS_PUBLISHABLE_KEY,
        ),
      ),
    );
  });

  it('the version gate lets a request at the minimum version or newer through (flag, environment)', async () => {
    await sb.run(['service', 'settings', 'set', 'accounts_v2_min_version', '2026-01-28.clover']);
    expect(await sb.run(['account-token', 'create', '--service-version', '2026-01-28.clover'])).toMatchObject({
      code: 0,
      stderr: '',
    });
    expect(
      await sb.run(['account-token', 'create'], { env: { SVCCTL_SERVICE_VERSION: '2026-10-28.endive' } }),
    ).toMatchObject({ code: 0, stderr: '' });
    expect(
      await sb.run(['account-token', 'create'], { env: { SVCCTL_SERVICE_VERSION: '2025-11-17.clover' } }),
    ).toMatchObject({ code: 254 });
    expect(await sb.run(['account-token', 'create', '--service-version', '2025-12-15.clover'])).toEqual(
      v2Failure(
        'CreateAccountToken',
        'non_connect_platform_accounts_v2_access_blocked',
        blocked('2026-01-28.clover', '2025-12-15.clover'),
      ),
    );
  });

  it('the platform and version gates apply to account creation too; meter event adjustments are not account updates', async () => {
    const token = JSON.parse((await sb.run(['account-token', 'create'])).stdout) as { id: string };
    await sb.run(['service', 'settings', 'set', 'platform_registered', 'false']);
    expect(await sb.run(['account', 'create', '--account-token', token.id])).toEqual(
      v2Failure('CreateAccount', 'platform_registration_required', NOT_REGISTERED),
    );
    await sb.run(['service', 'settings', 'set', 'account_update_concurrency_limit', '0']);
    expect((await sb.run(sendEvent('e', 'evt_1'))).code).toBe(0);
    expect(await sb.run(cancelEvent('e', 'evt_1'))).toMatchObject({ code: 0, stderr: '' });
    await sb.run(['service', 'settings', 'reset', 'platform_registered']);
    expect(await sb.run(['account', 'create', '--account-token', token.id])).toEqual(
      v2Failure('CreateAccount', 'account_rate_limit_exceeded', RATE(0), 'rate_limit'),
    );
    await sb.run(['service', 'settings', 'reset', 'account_update_concurrency_limit']);
    expect(JSON.parse((await sb.run(['account-token', 'get', '--id', token.id])).stdout)).toMatchObject({
      used: false,
    });
  });

  it('retrieving a token or an account raises what Stripe lists for retrieve: the version gate and the 429, not the platform gate', async () => {
    const token = JSON.parse((await sb.run(['account-token', 'create'])).stdout) as { id: string };
    const account = JSON.parse((await sb.run(['account', 'create', '--account-token', token.id])).stdout) as {
      id: string;
    };
    const reads: Array<[string[], string]> = [
      [['account-token', 'get', '--id', token.id], 'RetrieveAccountToken'],
      [['account', 'get', '--id', account.id], 'RetrieveAccount'],
    ];
    await sb.run(['service', 'settings', 'set', 'platform_registered', 'false']);
    for (const [argv] of reads) expect(await sb.run(argv)).toMatchObject({ code: 0, stderr: '' });
    await sb.run(['service', 'settings', 'set', 'accounts_v2_min_version', '2026-01-28.clover']);
    const blockedAt = blocked('2026-01-28.clover', '2025-12-15.clover');
    for (const [argv, op] of reads)
      expect(await sb.run(argv)).toEqual(v2Failure(op, 'non_connect_platform_accounts_v2_access_blocked', blockedAt));
    await sb.run(['service', 'settings', 'reset']);
    await sb.run(['service', 'settings', 'set', 'account_update_concurrency_limit', '0']);
    for (const [argv, op] of reads)
      expect(await sb.run(argv)).toEqual(v2Failure(op, 'account_rate_limit_exceeded', RATE(0), 'rate_limit'));
    expect((await sb.run(sendEvent('e', 'evt_1'))).code).toBe(0);
    const id = (await sb.run(cancelEvent('e', 'evt_1', '--query', 'id', '--output', 'text'))).stdout.trim();
    expect(await sb.run(['meter-event-adjustment', 'get', '--id', id, '--query', 'id', '--output', 'text'])).toEqual(
      ok(`${id}\n`),
    );
  });

  it('a read under a limit of 1 is refused while an update holds the place, and takes no place itself', async () => {
    const token = JSON.parse((await sb.run(['account-token', 'create'])).stdout) as { id: string };
    await sb.run(['service', 'settings', 'set', 'account_update_concurrency_limit', '1']);
    const used = ['account-token', 'get', '--id', token.id, '--query', 'used'];
    expect(await sb.run(used)).toEqual(ok('false\n'));
    await sb.run(['service', 'settings', 'set', 'account_update_hold_ms', '1000']);
    const update = sb.run(['account-token', 'create']);
    await leaseTaken();
    expect(await sb.run(['account-token', 'get', '--id', token.id])).toEqual(
      v2Failure('RetrieveAccountToken', 'account_rate_limit_exceeded', RATE(1), 'rate_limit'),
    );
    expect(await update).toMatchObject({ code: 0, stderr: '' });
    expect(await sb.run(used)).toEqual(ok('false\n'));
  });

  it('a limit of 1 refuses the second of two concurrent updates (real overlap: the first holds its lease)', async () => {
    await sb.run(['service', 'settings', 'set', 'account_update_concurrency_limit', '1']);
    await sb.run(['service', 'settings', 'set', 'account_update_hold_ms', '1000']);
    const first = sb.run(['account-token', 'create', '--display-name', 'first']);
    await leaseTaken();
    const second = await sb.run(['account-token', 'create', '--display-name', 'second']);
    expect(second).toEqual(v2Failure('CreateAccountToken', 'account_rate_limit_exceeded', RATE(1), 'rate_limit'));
    expect(await first).toMatchObject({ code: 0, stderr: '' });
    // The lease is given back: the next update goes through.
    expect(await sb.run(['account-token', 'create'])).toMatchObject({ code: 0, stderr: '' });
  });

  it('the limit counts per mode: a live update does not take a test-mode place', async () => {
    await sb.run(['service', 'settings', 'set', 'account_update_concurrency_limit', '1']);
    await sb.run(['service', 'settings', 'set', 'account_update_hold_ms', '1000']);
    const test = sb.run(['account-token', 'create']);
    await leaseTaken();
    expect(await sb.run(['account-token', 'create', '--api-key', 'pk_live_1'])).toMatchObject({ code: 0, stderr: '' });
    expect(await test).toMatchObject({ code: 0, stderr: '' });
  });
});
