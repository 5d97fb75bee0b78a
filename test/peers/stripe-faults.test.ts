/**
 * Fault rules on the v2 protocol, as the stripe SDK (stripe-node, maxNetworkRetries 2) sees them (issue 32,
 * item 6): rules set with `svcctl service settings set` on serve's store. stripe-node retries what Stripe tells
 * it to: a 5xx and a connection closed without an answer, each retry with the request's Idempotency-Key;
 * a 429 rate_limit without `Stripe-Should-Retry: true` it does not retry (RequestSender._shouldRetry), so a
 * throttle reaches the caller as RateLimitError on the first attempt. The journal counts the attempts.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { failure, stripeAt, stripeServe } from './stripe-serve.js';

const h = stripeServe('svcctl-stripe-faults-');
const KEY = 'sk_test_faults';

const retrying = () => stripeAt(h.serve.url, KEY, { maxNetworkRetries: 2 });

const TOKEN = {
  contact_email: 'jenny@example.com',
  identity: { entity_type: 'individual' },
} as Stripe.V2.Core.AccountTokenCreateParams;

async function rule(name: string, value: string): Promise<void> {
  expect(await h.sb.run(['service', 'settings', 'set', name, value])).toEqual({ code: 0, stdout: '', stderr: '' });
}

interface Entry {
  Operation: string;
  Status: number;
  ErrorCode?: string;
  IdempotencyKey?: string;
  Fault?: string;
}

/** The journal's entries since `after`. */
async function journal(after: number): Promise<Entry[]> {
  const res = await fetch(`${h.serve.url}/_svcctl/journal?after=${after}`);
  return ((await res.json()) as { Entries: Entry[] }).Entries;
}

async function lastSeq(): Promise<number> {
  const res = await fetch(`${h.serve.url}/_svcctl/journal?limit=1`);
  const entries = ((await res.json()) as { Entries: Array<{ Seq: number }> }).Entries;
  return entries[0]?.Seq ?? 0;
}

const seen = (entries: Entry[]) => entries.map((e) => [e.Status, e.ErrorCode ?? null, e.Fault ?? null]);

describe('stripe SDK retries against fault rules on v2', { timeout: 60_000 }, () => {
  it('"the next 2 calls 503" → two 503s (api_error), then the token, one Idempotency-Key for all three', async () => {
    await rule('fault.stripe.CreateAccountToken', '503;next=2');
    const from = await lastSeq();
    const token = await retrying().v2.core.accountTokens.create(TOKEN);
    expect(token.id).toMatch(/^accttok_/);
    const entries = await journal(from);
    expect(seen(entries)).toEqual([
      [503, 'service_unavailable', 'fault.stripe.CreateAccountToken: 503;next=2'],
      [503, 'service_unavailable', 'fault.stripe.CreateAccountToken: 503;next=2'],
      [200, null, null],
    ]);
    expect(new Set(entries.map((e) => e.IdempotencyKey)).size).toBe(1);
  });

  it('"always 500" → StripeAPIError (500, api_error) after 3 attempts', async () => {
    await rule('fault.stripe', '500');
    const from = await lastSeq();
    const err = await failure(retrying().v2.core.accountTokens.retrieve('accttok_missing'));
    expect({ type: err.type, status: err.statusCode, code: err.code, message: err.message }).toEqual({
      type: 'StripeAPIError',
      status: 500,
      code: 'internal_error',
      message: 'An unknown error occurred.',
    });
    expect(seen(await journal(from))).toEqual([
      [500, 'internal_error', 'fault.stripe.*: 500'],
      [500, 'internal_error', 'fault.stripe.*: 500'],
      [500, 'internal_error', 'fault.stripe.*: 500'],
    ]);
  });

  it('throttle → RateLimitError (429, rate_limit) at once: no Stripe-Should-Retry, so no retry', async () => {
    await rule('fault.stripe.CreateAccountToken', 'throttle');
    const from = await lastSeq();
    const err = await failure(retrying().v2.core.accountTokens.create(TOKEN));
    expect({ class: err.constructor.name, status: err.statusCode, code: err.code }).toEqual({
      class: 'RateLimitError',
      status: 429,
      code: 'rate_limit',
    });
    expect(seen(await journal(from))).toEqual([[429, 'rate_limit', 'fault.stripe.CreateAccountToken: throttle']]);
  });

  it('a connection closed on the 1st call → stripe-node sends it again and gets the token', async () => {
    await rule('fault.stripe.CreateAccountToken', 'close;nth=1');
    const from = await lastSeq();
    const token = await retrying().v2.core.accountTokens.create(TOKEN);
    expect(token.object).toBe('v2.core.account_token');
    expect(seen(await journal(from))).toEqual([
      [0, null, 'fault.stripe.CreateAccountToken: close;nth=1'],
      [200, null, null],
    ]);
  });

  it('every connection closed → StripeConnectionError after 3 attempts', async () => {
    await rule('fault.stripe.RetrieveAccountToken', 'close');
    const from = await lastSeq();
    const err = await failure(retrying().v2.core.accountTokens.retrieve('accttok_missing'));
    expect(err.type).toBe('StripeConnectionError');
    expect((await journal(from)).map((e) => e.Status)).toEqual([0, 0, 0]);
  });

  it('latency: the answer comes whole, later (the journal records at least the latency)', async () => {
    await rule('fault.stripe.CreateAccountToken', 'latency=150');
    const from = await lastSeq();
    const token = await retrying().v2.core.accountTokens.create(TOKEN);
    expect(token.object).toBe('v2.core.account_token');
    const [entry] = (await journal(from)) as Array<Entry & { LatencyMs: number }>;
    expect([entry!.Status, entry!.Fault]).toEqual([200, 'fault.stripe.CreateAccountToken: latency=150']);
    expect(entry!.LatencyMs).toBeGreaterThanOrEqual(150);
  });
});
