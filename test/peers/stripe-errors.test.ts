/**
 * Every error of spec 7 as the public `stripe` SDK sees it from `svcctl serve` (a child process): turned
 * on by a service setting changed with the CLI on serve's store (serve reads settings on every request),
 * raised as the SDK's own error class with the code; the same rows through svcctl against that serve
 * (exit 254, the code on stderr). Then the token lifecycle and idempotency across the CLI and serve.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cancelEvent } from '../helpers/stripe-v2.js';
import { failure, type SdkError, stripeServe } from './stripe-serve.js';

const peer = stripeServe('svcctl-peer-stripe-errors-');

const setting = async (name: string, value: string) =>
  expect(await peer.sb.run(['service', 'settings', 'set', name, value])).toEqual({ code: 0, stdout: '', stderr: '' });
const newToken = (stripe: Stripe) =>
  stripe.v2.core.accountTokens.create({ display_name: 'Jenny' } as Stripe.V2.Core.AccountTokenCreateParams);
const send = (stripe: Stripe, identifier: string) =>
  stripe.v2.billing.meterEvents.create({ event_name: 'api_calls', payload: { value: '1' }, identifier });
const adjust = (stripe: Stripe, identifier: string) =>
  stripe.v2.billing.meterEventAdjustments.create({ event_name: 'api_calls', type: 'cancel', cancel: { identifier } });

interface Row {
  code: string;
  status: number;
  errorClass: new (...args: never[]) => SdkError;
  settings: Array<[string, string]>;
  call: () => Promise<unknown>;
  cli: string[];
}

const ROWS: Row[] = [
  {
    code: 'non_connect_platform_accounts_v2_access_blocked',
    status: 400,
    errorClass: Stripe.errors.StripeInvalidRequestError,
    settings: [['accounts_v2_min_version', '2026-01-28.clover']],
    call: () => newToken(peer.client('sk_test_peer', '2025-12-15.clover')),
    cli: ['account-token', 'create', '--api-key', 'sk_test_peer', '--service-version', '2025-12-15.clover'],
  },
  {
    code: 'platform_registration_required',
    status: 400,
    errorClass: Stripe.errors.StripeInvalidRequestError,
    settings: [['platform_registered', 'false']],
    call: () => newToken(peer.client('pk_live_peer')),
    cli: ['account-token', 'create', '--api-key', 'pk_live_peer'],
  },
  {
    code: 'token_must_be_created_with_publishable_key',
    status: 400,
    errorClass: Stripe.errors.StripeInvalidRequestError,
    settings: [],
    call: () => newToken(peer.client('sk_live_peer')),
    cli: ['account-token', 'create', '--api-key', 'sk_live_peer'],
  },
  {
    code: 'account_rate_limit_exceeded',
    status: 429,
    errorClass: Stripe.errors.RateLimitError,
    settings: [['account_update_concurrency_limit', '0']],
    call: () => newToken(peer.client('sk_test_peer')),
    cli: ['account-token', 'create', '--api-key', 'sk_test_peer'],
  },
  {
    code: 'invalid_cancel_configuration',
    status: 400,
    errorClass: Stripe.errors.StripeInvalidRequestError,
    settings: [],
    call: () => adjust(peer.client('sk_test_peer'), ''),
    cli: [
      'meter-event-adjustment',
      'create',
      '--api-key',
      'sk_test_peer',
      '--event-name',
      'e',
      '--type',
      'cancel',
      '--cancel',
      '{}',
    ],
  },
];

describe('spec 7 through the stripe SDK and svcctl against svcctl serve', { timeout: 60_000 }, () => {
  it.each(ROWS.map((r) => [r.code, r] as const))('%s', async (_code, row) => {
    for (const [name, value] of row.settings) await setting(name, value);
    const err = await failure(row.call());
    expect(err).toBeInstanceOf(row.errorClass);
    expect([err.code, err.statusCode, err.rawType]).toEqual([
      row.code,
      row.status,
      row.status === 429 ? 'rate_limit' : 'invalid_request_error',
    ]);
    expect(err.message.length).toBeGreaterThan(0);
    const cli = await peer.sb.run([...row.cli, '--endpoint-url', peer.serve.url]);
    expect(cli.code).toBe(254);
    expect(cli.stdout).toBe('');
    expect(cli.stderr.split('\n')[1]).toBe(
      `svcctl: [ERROR]: An error occurred (${row.code}) when calling the ${row.cli[0] === 'meter-event-adjustment' ? 'CreateMeterEventAdjustment' : 'CreateAccountToken'} operation: ${err.message}`,
    );
  });

  it('the SDK at its own pinned version (2026-10-28.endive) passes the version gate, and so does a newer one (served as the newest known); an older one does not', async () => {
    await setting('accounts_v2_min_version', '2026-10-28.endive');
    expect((await newToken(peer.client('sk_test_peer'))).object).toBe('v2.core.account_token');
    expect((await failure(newToken(peer.client('sk_test_peer', '2026-09-30.endive')))).code).toBe(
      'non_connect_platform_accounts_v2_access_blocked',
    );
    expect((await newToken(peer.client('sk_test_peer', '2026-10-29.endive'))).object).toBe('v2.core.account_token');
  });

  it('two concurrent SDK calls under a limit of 1 (held 500 ms): one token, one RateLimitError', async () => {
    await setting('account_update_concurrency_limit', '1');
    await setting('account_update_hold_ms', '500');
    const stripe = peer.client('sk_test_peer');
    const results = await Promise.allSettled([newToken(stripe), newToken(stripe)]);
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as SdkError] : []));
    expect(ok.length).toBe(1);
    expect(refused.map((e) => [e.constructor, e.code, e.statusCode])).toEqual([
      [Stripe.errors.RateLimitError, 'account_rate_limit_exceeded', 429],
    ]);
  });

  it('a restricted or publishable key where the operation does not take one: StripePermissionError (403)', async () => {
    const rk = await failure(newToken(peer.client('rk_test_peer')));
    expect([rk.constructor, rk.code, rk.statusCode]).toEqual([
      Stripe.errors.StripePermissionError,
      'restricted_key_not_allowed',
      403,
    ]);
    const pk = await failure(peer.client('pk_test_peer').v2.core.accounts.create({ account_token: 'accttok_x' }));
    expect([pk.constructor, pk.code, pk.statusCode]).toEqual([
      Stripe.errors.StripePermissionError,
      'secret_key_required',
      403,
    ]);
  });
});

describe('the token lifecycle and idempotency, SDK and CLI on one store', { timeout: 60_000 }, () => {
  it('the SDK creates an account from a token once; the second use and the CLI see it used', async () => {
    const token = await newToken(peer.client('pk_test_peer'));
    const account = await peer.client('sk_test_peer').v2.core.accounts.create({ account_token: token.id });
    expect(account).toMatchObject({
      object: 'v2.core.account',
      display_name: 'Jenny',
      livemode: false,
      created: '2026-11-20T23:21:51.327Z',
      applied_configurations: [],
    });
    expect(account.id).toMatch(/^acct_[0-9A-Za-z]{24}$/);
    const again = await failure(peer.client('sk_test_peer').v2.core.accounts.create({ account_token: token.id }));
    expect([again.constructor, again.code, again.statusCode]).toEqual([
      Stripe.errors.StripeInvalidRequestError,
      'token_already_used',
      400,
    ]);
    expect((await peer.client('sk_test_peer').v2.core.accountTokens.retrieve(token.id)).used).toBe(true);
    const cli = await peer.sb.run(['account', 'get', '--id', account.id, '--api-key', 'sk_test_peer']);
    expect(cli).toEqual({ code: 0, stdout: `${JSON.stringify(account, null, 4)}\n`, stderr: '' });
    const live = await failure(peer.client('sk_live_peer').v2.core.accounts.retrieve(account.id));
    expect([live.code, live.statusCode]).toEqual(['not_found', 404]);
  });

  it('reads an adjustment back complete (GET /v2/billing/meter_event_adjustments/:id, through rawRequest)', async () => {
    await send(peer.client('sk_test_peer'), 'evt_read_back');
    const created = await adjust(peer.client('sk_test_peer'), 'evt_read_back');
    expect(created.status).toBe('pending');
    const read = await peer
      .client('sk_test_peer')
      .rawRequest('GET', `/v2/billing/meter_event_adjustments/${created.id}`);
    expect({ ...read, lastResponse: undefined }).toEqual({ ...created, status: 'complete', lastResponse: undefined });
  });

  it('an Idempotency-Key used by the CLI (embedded), then the SDK and the CLI over HTTP: one object, replayed', async () => {
    await send(peer.client('sk_test_peer'), 'evt_idem_x');
    const argv = [...cancelEvent('api_calls', 'evt_idem_x'), '--idempotency-key', 'cross-1'];
    const local = await peer.sb.run(argv);
    expect(local).toMatchObject({ code: 0, stderr: '' });
    const first = JSON.parse(local.stdout) as { id: string };
    const sdk = await peer
      .client('sk_test_peer')
      .v2.billing.meterEventAdjustments.create(
        { event_name: 'api_calls', type: 'cancel', cancel: { identifier: 'evt_idem_x' } },
        { idempotencyKey: 'cross-1' },
      );
    expect(sdk.id).toBe(first.id);
    expect(await peer.sb.run([...argv, '--endpoint-url', peer.serve.url, '--api-key', 'sk_test_peer'])).toEqual(local);
    const other = await failure(
      peer
        .client('sk_test_peer')
        .v2.billing.meterEventAdjustments.create(
          { event_name: 'other', type: 'cancel', cancel: { identifier: 'evt_idem_x' } },
          { idempotencyKey: 'cross-1' },
        ),
    );
    expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});
