/**
 * The public `stripe` SDK, unchanged, pointed at `svcctl serve` (a child process): v2 account tokens and
 * meter event adjustments succeed, each error serve can raise arrives as the SDK's own error class with
 * its code, idempotency keys replay, and svcctl sees what the SDK created.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { failure, stripeServe } from './stripe-serve.js';

const peer = stripeServe('svcctl-peer-stripe-');
const client = (key: string) => peer.client(key);

describe('stripe SDK against svcctl serve', { timeout: 60_000 }, () => {
  it('creates and retrieves an account token; svcctl sees the same object', async () => {
    const stripe = client('sk_test_peer');
    const token = await stripe.v2.core.accountTokens.create({
      contact_email: 'jenny@example.com',
      display_name: 'Jenny Rosen',
      identity: {
        entity_type: 'company',
        business_details: { registered_name: 'Rosen Ltd' },
        attestations: { terms_of_service: { account: { shown_and_accepted: true } } },
      },
    } as Stripe.V2.Core.AccountTokenCreateParams);
    expect(token).toMatchObject({
      object: 'v2.core.account_token',
      created: '2026-11-20T23:21:51.327Z',
      expires_at: '2026-11-20T23:31:51.327Z',
      livemode: false,
      used: false,
    });
    expect(token.id).toMatch(/^accttok_[0-9A-Za-z]{24}$/);
    const again = await stripe.v2.core.accountTokens.retrieve(token.id);
    expect(JSON.stringify(again)).toBe(JSON.stringify(token));
    const cli = await peer.sb.run(['account-token', 'get', '--id', token.id, '--api-key', 'sk_test_peer']);
    expect(cli).toEqual({ code: 0, stdout: `${JSON.stringify(token, null, 4)}\n`, stderr: '' });
  });

  it('creates a live token with a publishable key', async () => {
    const token = await client('pk_live_peer').v2.core.accountTokens.create({
      display_name: 'Live',
    } as Stripe.V2.Core.AccountTokenCreateParams);
    expect(token.livemode).toBe(true);
  });

  it('creates a meter event adjustment', async () => {
    await client('sk_test_peer').v2.billing.meterEvents.create({
      event_name: 'api_calls',
      payload: { stripe_customer_id: 'cus_1', value: '1' },
      identifier: 'evt_123',
    });
    const adjustment = await client('sk_test_peer').v2.billing.meterEventAdjustments.create({
      event_name: 'api_calls',
      type: 'cancel',
      cancel: { identifier: 'evt_123' },
    });
    expect(adjustment).toMatchObject({
      object: 'v2.billing.meter_event_adjustment',
      cancel: { identifier: 'evt_123' },
      created: '2026-11-20T23:21:51.327Z',
      event_name: 'api_calls',
      livemode: false,
      status: 'pending',
      type: 'cancel',
    });
  });

  it('raises token_must_be_created_with_publishable_key as StripeInvalidRequestError', async () => {
    const err = await failure(
      client('sk_live_peer').v2.core.accountTokens.create({
        display_name: 'x',
      } as Stripe.V2.Core.AccountTokenCreateParams),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([err.type, err.code, err.statusCode, err.message]).toEqual([
      'StripeInvalidRequestError',
      'token_must_be_created_with_publishable_key',
      400,
      'In live mode, account tokens can only be created with your publishable key.',
    ]);
    expect(err.requestId).toMatch(/^req_/);
  });

  it('raises invalid_cancel_configuration as StripeInvalidRequestError', async () => {
    const err = await failure(
      client('sk_test_peer').v2.billing.meterEventAdjustments.create({
        event_name: 'api_calls',
        type: 'cancel',
        cancel: {} as { identifier: string },
      }),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([err.code, err.statusCode]).toEqual(['invalid_cancel_configuration', 400]);
  });

  it('raises a missing or bad key as StripeAuthenticationError and an unknown id as StripeInvalidRequestError (404)', async () => {
    const bad = await failure(client('sk_test_bad key').v2.core.accountTokens.retrieve('accttok_x'));
    expect(bad).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect([bad.code, bad.statusCode]).toEqual(['api_key_invalid', 401]);
    const missing = await failure(client('sk_test_peer').v2.core.accountTokens.retrieve('accttok_missing'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([missing.code, missing.statusCode]).toEqual(['not_found', 404]);
  });

  it('replays an idempotency key and raises StripeIdempotencyError for other parameters', async () => {
    const stripe = client('sk_test_peer');
    const params = { event_name: 'e', type: 'cancel' as const, cancel: { identifier: 'evt_idem' } };
    await stripe.v2.billing.meterEvents.create({ event_name: 'e', payload: { value: '1' }, identifier: 'evt_idem' });
    const first = await stripe.v2.billing.meterEventAdjustments.create(params, { idempotencyKey: 'peer-key' });
    const second = await stripe.v2.billing.meterEventAdjustments.create(params, { idempotencyKey: 'peer-key' });
    expect(second.id).toBe(first.id);
    const err = await failure(
      stripe.v2.billing.meterEventAdjustments.create(
        { ...params, event_name: 'other' },
        { idempotencyKey: 'peer-key' },
      ),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect([err.code, err.statusCode]).toEqual(['idempotency_error', 409]);
  });

  // serve has no connected accounts: a request the SDK sent for one (`stripeAccount`, `stripeContext`) was served
  // in the key's own account, as if the header were not there (hostile pass 5b). Stripe refuses an account the
  // key cannot reach; so does serve, for every account.
  it.each([
    ['stripeAccount', 'Stripe-Account'],
    ['stripeContext', 'Stripe-Context'],
  ])('a request for a connected account (%s) is StripePermissionError account_invalid', async (option, header) => {
    const stripe = client('sk_test_connect');
    const err = await failure(
      stripe.v2.core.accountTokens.create({ display_name: 'connected' } as Stripe.V2.Core.AccountTokenCreateParams, {
        [option]: 'acct_1Nv0FGQ9RKHgCVdK',
      }),
    );
    expect(err).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect([err.code, err.statusCode, err.message]).toEqual([
      'account_invalid',
      403,
      `The provided key 'sk_test_***nect' does not have access to account 'acct_1Nv0FGQ9RKHgCVdK' (or that account does not exist): svcctl serve has no connected accounts, and a request acts in its key's own account; send it without ${header}.`,
    ]);
  });

  it('logged one line per request', () => {
    expect(peer.serve.stderr()).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z 127\.0\.0\.1 POST \/v2\/core\/account_tokens 200 v2:CreateAccountToken \d+\.\dms$/m,
    );
  });
});
