/**
 * The `stripe` SDK's typed params for account tokens, with every member of Stripe's identity object
 * (typed as Stripe.V2.Core.AccountTokenCreateParams, so the compiler holds each name to the SDK's), sent
 * to `svcctl serve`: accepted, stored with the token, and carried by the account made from it.
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { Shape } from '../../src/models/shapes.js';
import { identity as identityShape } from '../../src/models/stripe-identity.js';
import { failure, stripeServe } from './stripe-serve.js';

const peer = stripeServe('svcctl-peer-stripe-identity-');
const client = (key: string) => peer.client(key);

const address = (city: string) => ({
  city,
  country: 'JP',
  line1: '1-1',
  line2: 'Suite 2',
  postal_code: '100-0001',
  state: 'Tokyo',
  town: 'Chiyoda',
});
const files = { files: ['file_1', 'file_2'], type: 'files' };
const frontBack = { front_back: { back: 'file_back', front: 'file_front' }, type: 'front_back' };
const signed = { ...files, signer: { person: 'person_1' } };

const identity: Stripe.V2.Core.AccountTokenCreateParams.Identity = {
  attestations: {
    directorship_declaration: { attested: true },
    ownership_declaration: { attested: true },
    persons_provided: {
      directors: true,
      executives: false,
      owners: true,
      ownership_exemption_reason: 'qualifies_as_financial_institution',
    },
    representative_declaration: { attested: true },
    terms_of_service: { account: { shown_and_accepted: true } },
  },
  business_details: {
    additional_addresses: [{ ...address('Osaka'), purpose: 'principal_place_of_business' }],
    address: address('Tokyo'),
    annual_revenue: { amount: { currency: 'jpy', value: 120000000 }, fiscal_year_end: '2025-03-31' },
    documents: {
      bank_account_ownership_verification: files,
      company_license: files,
      company_memorandum_of_association: files,
      company_ministerial_decree: files,
      company_registration_verification: files,
      company_tax_id_verification: files,
      primary_verification: frontBack,
      proof_of_address: files,
      proof_of_registration: signed,
      proof_of_ultimate_beneficial_ownership: signed,
    },
    estimated_worker_count: 12,
    id_numbers: [{ registrar: 'Tokyo', type: 'jp_cn', value: '1234567890123' }],
    monthly_estimated_revenue: { amount: { currency: 'jpy', value: 10000000 } },
    phone: '+81312345678',
    registered_name: 'Furever KK',
    registration_date: { day: 1, month: 4, year: 2020 },
    script_addresses: { kana: address('トウキョウ'), kanji: address('東京') },
    script_names: { kana: { registered_name: 'フューエバー' }, kanji: { registered_name: '不永' } },
    structure: 'private_corporation',
  },
  entity_type: 'company',
  individual: {
    additional_addresses: [{ ...address('Kyoto'), purpose: 'registered' }],
    additional_names: [{ full_name: 'Jenny R', given_name: 'Jen', purpose: 'alias', surname: 'R' }],
    address: address('Tokyo'),
    date_of_birth: { day: 28, month: 1, year: 1990 },
    documents: {
      company_authorization: files,
      passport: files,
      primary_verification: frontBack,
      secondary_verification: frontBack,
      visa: files,
    },
    email: 'jenny@example.com',
    given_name: 'Jenny',
    id_numbers: [{ type: 'jp_inc', value: '123456789012' }],
    legal_gender: 'female',
    metadata: { ref: '42' },
    nationalities: ['JP', 'IE'],
    phone: '+81312345679',
    political_exposure: 'none',
    relationship: {
      director: true,
      executive: true,
      owner: true,
      percent_ownership: Stripe.Decimal.from('12.5'),
      title: 'CEO',
    },
    script_addresses: { kana: address('トウキョウ'), kanji: address('東京') },
    script_names: {
      kana: { given_name: 'ジェニー', surname: 'ローゼン' },
      kanji: { given_name: '珍妮', surname: '羅森' },
    },
    surname: 'Rosen',
  },
};

/** Paths of the model's members that `value` lacks (list items: their first element). */
function missing(shape: Shape, value: unknown, path: string): string[] {
  if (value === undefined) return [path];
  if (shape.type === 'structure')
    return Object.entries(shape.members).flatMap(([k, s]) =>
      missing(s, (value as Record<string, unknown>)[k], `${path}.${k}`),
    );
  if (shape.type === 'list') return missing(shape.member, (value as unknown[])[0], `${path}[0]`);
  return [];
}

describe("stripe SDK: Stripe's whole identity object", { timeout: 60_000 }, () => {
  it('the payload has every member of the schema, at every depth', () => {
    expect(missing(identityShape, JSON.parse(JSON.stringify(identity)), 'identity')).toEqual([]);
  });

  it("is accepted, stored with the token (which does not return it, as Stripe's does not) and carried by the account", async () => {
    const stripe = client('sk_test_peer');
    const token = await stripe.v2.core.accountTokens.create({ display_name: 'Furever', identity });
    expect(Object.keys(token)).toEqual(['id', 'object', 'created', 'expires_at', 'livemode', 'used']);
    const account = await stripe.v2.core.accounts.create({ account_token: token.id });
    expect(JSON.parse(JSON.stringify(account.identity))).toEqual(JSON.parse(JSON.stringify(identity)));
    const cli = await peer.sb.run([
      'account',
      'get',
      '--id',
      account.id,
      '--api-key',
      'sk_test_peer',
      '--query',
      'identity.individual.relationship.percent_ownership',
    ]);
    expect(cli).toEqual({ code: 0, stdout: '"12.5"\n', stderr: '' });
  });

  it('refuses a value outside an enum of the schema as StripeInvalidRequestError parameter_invalid', async () => {
    const e = await failure(
      client('sk_test_peer').v2.core.accountTokens.create({ identity: { individual: { political_exposure: 'some' } } }),
    );
    expect(e).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([e.code, e.statusCode, e.message]).toEqual([
      'parameter_invalid',
      400,
      'Invalid identity.individual.political_exposure: must satisfy enum value set: [existing, none]',
    ]);
  });
});
