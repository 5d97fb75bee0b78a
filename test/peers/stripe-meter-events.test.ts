/**
 * Meter events as the public `stripe` SDK (23.x) sends them to `svcctl serve` (a child process): one at a
 * time (`v2.billing.meterEvents.create`), and through a session's token on the meter event stream
 * (`meterEventSession.create`, then `meterEventStream.create`, which stripe-node sends to the host it is
 * given, serve's one port, under the same path); each answer has exactly the members of the SDK's types;
 * bad input gets its code and status as the SDK's own error class, and nothing is stored.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli.js';
import { PINNED_MS, startServe } from './serve-process.js';
import { failure, stripeAt, stripeServe } from './stripe-serve.js';

const peer = stripeServe('svcctl-peer-stripe-meter-');
const PINNED = '2026-11-20T23:21:51.327Z';

/** How many meter events the store holds, read through the CLI on serve's store. */
async function stored(): Promise<number> {
  const out = await peer.sb.run(['service', 'resources', '--query', 'length(Resources[?Kind==`meter-events`])']);
  expect(out).toMatchObject({ code: 0, stderr: '' });
  return Number(out.stdout);
}

const event = (identifier: string, more: Partial<Stripe.V2.Billing.MeterEventCreateParams> = {}) => ({
  event_name: 'api_calls',
  payload: { stripe_customer_id: 'cus_1', value: '3' },
  identifier,
  ...more,
});

/** The keys of an answer, without the SDK's lastResponse. */
const keysOf = (o: object) => Object.keys(o).filter((k) => k !== 'lastResponse');

describe('the stripe SDK sends meter events to svcctl serve', { timeout: 60_000 }, () => {
  it('meterEvents.create: the event as the SDK types it; an adjustment cancels it, once', async () => {
    const stripe = peer.client('sk_test_meter');
    const sent: Stripe.V2.Billing.MeterEvent = await stripe.v2.billing.meterEvents.create(event('evt_sdk_1'));
    expect(keysOf(sent)).toEqual(['object', 'created', 'event_name', 'identifier', 'livemode', 'payload', 'timestamp']);
    expect({ ...sent, lastResponse: undefined }).toEqual({
      object: 'v2.billing.meter_event',
      created: PINNED,
      event_name: 'api_calls',
      identifier: 'evt_sdk_1',
      livemode: false,
      payload: { stripe_customer_id: 'cus_1', value: '3' },
      timestamp: PINNED,
      lastResponse: undefined,
    });
    const made = await stripe.v2.billing.meterEvents.create({ event_name: 'api_calls', payload: { value: '1' } });
    expect(made.identifier).toMatch(/^idmp_[0-9A-Za-z]{24}$/);
    const cancel = { event_name: 'api_calls', type: 'cancel' as const, cancel: { identifier: 'evt_sdk_1' } };
    const adjustment = await stripe.v2.billing.meterEventAdjustments.create(cancel);
    expect(adjustment).toMatchObject({ status: 'pending', cancel: { identifier: 'evt_sdk_1' } });
    const twice = await failure(stripe.v2.billing.meterEventAdjustments.create(cancel));
    expect(twice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([twice.code, twice.statusCode, twice.message]).toEqual([
      'invalid_cancel_configuration',
      400,
      "The cancel configuration is invalid: the event with identifier 'evt_sdk_1' has already been cancelled; an event can be cancelled once.",
    ]);
  });

  it.each([
    [
      'a timestamp 36 days old',
      event('evt_bad_1', { timestamp: '2026-10-15T23:21:51.327Z' }),
      'timestamp_too_far_in_past',
      "The event's timestamp 2026-10-15T23:21:51.327Z is more than 35 days before the time it was received (2026-11-20T23:21:51.327Z).",
    ],
    [
      'a timestamp 6 minutes ahead',
      event('evt_bad_2', { timestamp: '2026-11-20T23:27:51.327Z' }),
      'timestamp_in_future',
      "The event's timestamp 2026-11-20T23:27:51.327Z is more than 5 minutes after the time it was received (2026-11-20T23:21:51.327Z).",
    ],
    [
      'an identifier of 101 characters',
      event('i'.repeat(101)),
      'parameter_invalid',
      'Invalid identifier: must have length less than or equal to 100',
    ],
    [
      'an identifier received in the last 24 hours',
      event('evt_taken'),
      'duplicate_meter_event',
      "An event with identifier 'evt_taken' was already received at 2026-11-20T23:21:51.327Z: an identifier can be used once in 24 hours.",
    ],
  ])('%s: StripeInvalidRequestError, 400, nothing stored', async (_n, params, code, message) => {
    const stripe = peer.client('sk_test_meter');
    if (params.identifier === 'evt_taken') await stripe.v2.billing.meterEvents.create(event('evt_taken'));
    const before = await stored();
    const err = await failure(stripe.v2.billing.meterEvents.create(params));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([err.code, err.statusCode, err.message]).toEqual([code, 400, message]);
    expect(await stored()).toBe(before);
  });

  it('meterEventSession.create, then meterEventStream.create with its token alone: every event stored', async () => {
    const session: Stripe.V2.Billing.MeterEventSession = await peer
      .client('sk_test_meter')
      .v2.billing.meterEventSession.create();
    expect(keysOf(session)).toEqual(['id', 'object', 'authentication_token', 'created', 'expires_at', 'livemode']);
    expect(session).toMatchObject({
      object: 'v2.billing.meter_event_session',
      created: PINNED,
      expires_at: '2026-11-20T23:36:51.327Z',
      livemode: false,
    });
    const before = await stored();
    const streamer = stripeAt(peer.serve.url, session.authentication_token);
    const events = Array.from({ length: 100 }, (_, i) => event(`evt_stream_${i}`));
    // The SDK types the answer as void: an empty object, with only the SDK's lastResponse on it.
    const answer = (await streamer.v2.billing.meterEventStream.create({ events })) as unknown as object;
    expect(keysOf(answer)).toEqual([]);
    expect(await stored()).toBe(before + 100);

    const tooMany = Array.from({ length: 101 }, (_, i) => event(`evt_many_${i}`));
    const err = await failure(streamer.v2.billing.meterEventStream.create({ events: tooMany }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([err.code, err.statusCode]).toEqual(['parameter_invalid', 400]);
    expect(await stored()).toBe(before + 100);
  });

  it('an expired session is billing_meter_event_session_expired (401, TemporarySessionExpiredError); a foreign token api_key_invalid (401); nothing stored', async () => {
    // A session made 15 minutes before serve's clock, on the same store, by the CLI with its own clock.
    peer.sb.clock.ms -= 15 * 60_000;
    const made = await peer.sb.run(['meter-event-session', 'create', '--query', 'authentication_token']);
    peer.sb.clock.ms += 15 * 60_000;
    const token = JSON.parse(made.stdout) as string;
    const before = await stored();
    const expired = await failure(
      stripeAt(peer.serve.url, token).v2.billing.meterEventStream.create({ events: [event('evt_late')] }),
    );
    expect(expired).toBeInstanceOf(Stripe.errors.TemporarySessionExpiredError);
    expect([expired.code, expired.statusCode, expired.message]).toEqual([
      'billing_meter_event_session_expired',
      401,
      'The meter event session expired at 2026-11-20T23:21:51.327Z: create a new session for a new token.',
    ]);
    const foreign = await failure(
      stripeAt(peer.serve.url, 'mes_token_from_elsewhere').v2.billing.meterEventStream.create({
        events: [event('evt_foreign')],
      }),
    );
    expect(foreign).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect([foreign.code, foreign.statusCode]).toEqual(['api_key_invalid', 401]);
    expect(await stored()).toBe(before);
  });

  it('serve --credentials: the stream takes the session token, not a listed key, and stores the events in the account of the key that made the session', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svcctl-peer-meter-creds-'));
    const creds = join(dir, 'creds.ini');
    writeFileSync(creds, '[billing]\napi_key = sk_test_billing01\naccount_id = 111111111111\n', { mode: 0o600 });
    const home = join(dir, 'store');
    const serve = await startServe(['--credentials', creds], {
      SVCCTL_HOME: home,
      SVCCTL_TEST_CLOCK_MS: String(PINNED_MS),
    });
    const sb = sandbox({ SVCCTL_HOME: home });
    try {
      const session = await stripeAt(serve.url, 'sk_test_billing01').v2.billing.meterEventSession.create();
      await stripeAt(serve.url, session.authentication_token).v2.billing.meterEventStream.create({
        events: [event('evt_creds')],
      });
      const listed = await sb.run([
        'service',
        'resources',
        '--query',
        'Resources[?Kind==`meter-events`].[Account, Name]',
        '--output',
        'text',
      ]);
      expect(listed).toEqual({ code: 0, stdout: '111111111111\tevt_creds\n', stderr: '' });
      const unlisted = await failure(stripeAt(serve.url, 'sk_test_unlisted').v2.billing.meterEvents.create(event('x')));
      expect([unlisted.code, unlisted.statusCode]).toEqual(['api_key_invalid', 401]);
    } finally {
      await serve.stop();
      sb.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
