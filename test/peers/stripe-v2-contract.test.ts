/**
 * Stripe's v2 contract as the public `stripe` SDK (23.1.0, unchanged) meets it at `svcctl serve` (a child
 * process): Stripe's codes for a reused and an expired account token, so code that matches `err.code`
 * works against both; a `.preview` version and a version newer than any svcctl knows served (as the
 * newest known), with a warning in serve's journal; `Stripe-Version` on every answer, as Stripe sends it;
 * restricted keys where secret keys go, as Stripe's current documentation says.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { failure, stripeServe } from './stripe-serve.js';

const peer = stripeServe('svcctl-peer-stripe-v2-');

const newToken = (stripe: Stripe) =>
  stripe.v2.core.accountTokens.create({ display_name: 'Jenny' } as Stripe.V2.Core.AccountTokenCreateParams);

interface Entry {
  Operation: string;
  Status: number;
  ErrorCode?: string;
  Warning?: string;
}

/** serve's journal entries after the one numbered `after`, read through svcctl against peer.serve. */
async function journalAfter(after: number): Promise<Array<Entry & { Seq: number }>> {
  const out = await peer.sb.run(['--endpoint-url', peer.serve.url, 'service', 'journal']);
  expect(out).toMatchObject({ code: 0, stderr: '' });
  return (JSON.parse(out.stdout) as { Entries: Array<Entry & { Seq: number }> }).Entries.filter((e) => e.Seq > after);
}

async function lastSeq(): Promise<number> {
  return (await journalAfter(0)).at(-1)?.Seq ?? 0;
}

const versionOf = (o: { lastResponse: { headers: Record<string, string> } }) =>
  o.lastResponse.headers['stripe-version'];

describe('the stripe SDK and Stripe v2 codes, versions and headers at svcctl serve', { timeout: 60_000 }, () => {
  it('a reused token is token_already_used and an expired one token_expired (StripeInvalidRequestError, 400), as Stripe says', async () => {
    const stripe = peer.client('sk_test_contract');
    const token = await newToken(peer.client('pk_test_contract'));
    await stripe.v2.core.accounts.create({ account_token: token.id });
    const reused = await failure(stripe.v2.core.accounts.create({ account_token: token.id }));
    expect(reused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([reused.code, reused.statusCode, reused.rawType]).toEqual([
      'token_already_used',
      400,
      'invalid_request_error',
    ]);

    expect(await peer.sb.run(['service', 'settings', 'set', 'account_token_lifetime_seconds', '0'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    const stale = await newToken(stripe);
    const expired = await failure(stripe.v2.core.accounts.create({ account_token: stale.id }));
    expect(expired).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([expired.code, expired.statusCode, expired.message]).toEqual([
      'token_expired',
      400,
      `The account token '${stale.id}' expired at 2026-11-20T23:21:51.327Z: create a new token.`,
    ]);
  });

  it('the SDK at its pinned version: served at it, Stripe-Version says so, no warning', async () => {
    const before = await lastSeq();
    const token = await newToken(peer.client('sk_test_contract'));
    expect(versionOf(token)).toBe(Stripe.API_VERSION);
    expect(await journalAfter(before)).toEqual([expect.not.objectContaining({ Warning: expect.anything() })]);
  });

  it.each(['2026-09-30.preview', '2099-01-01.clover'])(
    '%s (unknown here): served as the newest known, echoed in Stripe-Version, a warning in the journal',
    async (version) => {
      expect(await peer.sb.run(['service', 'settings', 'set', 'accounts_v2_min_version', '2026-10-28.endive'])).toEqual(
        {
          code: 0,
          stdout: '',
          stderr: '',
        },
      );
      const before = await lastSeq();
      const stripe = peer.client('sk_test_contract', version);
      const token = await newToken(stripe);
      expect(token).toMatchObject({ object: 'v2.core.account_token', used: false });
      expect(versionOf(token)).toBe(version);
      const again = await stripe.v2.core.accountTokens.retrieve(token.id);
      expect(versionOf(again)).toBe(version);
      await stripe.v2.billing.meterEvents.create({
        event_name: 'api_calls',
        payload: { value: '1' },
        identifier: `evt_${version}`,
      });
      const adjustment = await stripe.v2.billing.meterEventAdjustments.create({
        event_name: 'api_calls',
        type: 'cancel',
        cancel: { identifier: `evt_${version}` },
      });
      expect(adjustment.id).toMatch(/^mtr_event_adj_[0-9A-Za-z]{24}$/);
      const missing = await failure(stripe.v2.core.accounts.retrieve('acct_missing'));
      expect([missing.code, missing.statusCode, missing.headers?.['stripe-version']]).toEqual([
        'not_found',
        404,
        version,
      ]);
      const warning = `API version '${version}' is not one this service knows: served as 2026-10-28.endive, the newest it knows.`;
      expect(await journalAfter(before)).toEqual([
        expect.objectContaining({ Operation: 'CreateAccountToken', Status: 200, Warning: warning }),
        expect.objectContaining({ Operation: 'RetrieveAccountToken', Status: 200, Warning: warning }),
        expect.objectContaining({ Operation: 'CreateMeterEvent', Status: 200, Warning: warning }),
        expect.objectContaining({ Operation: 'CreateMeterEventAdjustment', Status: 200, Warning: warning }),
        expect.objectContaining({
          Operation: 'RetrieveAccount',
          Status: 404,
          ErrorCode: 'not_found',
          Warning: warning,
        }),
      ]);
    },
  );

  it("a restricted key works where a secret key does (accounts, meter event adjustments), as Stripe's current docs say; not on account tokens (spec 5)", async () => {
    const rk = peer.client('rk_test_contract');
    const token = await newToken(peer.client('pk_test_contract'));
    const account = await rk.v2.core.accounts.create({ account_token: token.id });
    expect((await rk.v2.core.accounts.retrieve(account.id)).id).toBe(account.id);
    await rk.v2.billing.meterEvents.create({ event_name: 'api_calls', payload: { value: '1' }, identifier: 'evt_rk' });
    const adjustment = await rk.v2.billing.meterEventAdjustments.create({
      event_name: 'api_calls',
      type: 'cancel',
      cancel: { identifier: 'evt_rk' },
    });
    expect(adjustment).toMatchObject({
      object: 'v2.billing.meter_event_adjustment',
      livemode: false,
      status: 'pending',
    });
    const refused = await failure(newToken(rk));
    expect([refused.constructor, refused.code, refused.statusCode]).toEqual([
      Stripe.errors.StripePermissionError,
      'restricted_key_not_allowed',
      403,
    ]);
  });

  it("a request in another account's context (Stripe-Context, Stripe-Account) is account_invalid (403), not served in the key's own (compat 406)", async () => {
    const stripe = peer.client('sk_test_contract');
    const before = await lastSeq();
    const session = await failure(stripe.v2.billing.meterEventSession.create({}, { stripeContext: 'acct_connected' }));
    const meter = await failure(
      stripe.billing.meters.create(
        { display_name: 'Ctx', event_name: 'ctx', default_aggregation: { formula: 'sum' } },
        { stripeAccount: 'acct_connected' },
      ),
    );
    const said = (header: string) =>
      `The provided key 'sk_test_****ract' does not have access to account 'acct_connected' (or that account does not exist): svcctl serve has no connected accounts, and a request acts in its key's own account; send it without ${header}.`;
    expect([session.constructor, session.statusCode, session.code, session.message]).toEqual([
      Stripe.errors.StripePermissionError,
      403,
      'account_invalid',
      said('Stripe-Context'),
    ]);
    expect([meter.constructor, meter.statusCode, meter.code, meter.message]).toEqual([
      Stripe.errors.StripePermissionError,
      403,
      'account_invalid',
      said('Stripe-Account'),
    ]);
    // Nothing was done in the key's own account instead.
    expect(await journalAfter(before)).toEqual([]);
  });

  it('a malformed version is still refused (invalid_api_version, 400), with no Stripe-Version; no version at all is 2025-12-15.clover', async () => {
    const bad = await failure(newToken(peer.client('sk_test_contract', '2026-09-30')));
    expect(bad).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([bad.code, bad.statusCode, bad.headers?.['stripe-version']]).toEqual([
      'invalid_api_version',
      400,
      undefined,
    ]);
    const raw = await fetch(`${peer.serve.url}/v2/core/account_tokens`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_contract', 'content-type': 'application/json' },
      body: '{}',
    });
    expect([raw.status, raw.headers.get('stripe-version')]).toEqual([200, '2025-12-15.clover']);
  });
});
