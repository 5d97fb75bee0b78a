import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../../helpers/cli.js';
import { failed, ok, validationError } from '../../../helpers/cli-results.js';
import {
  adjustmentJson,
  cancelEvent,
  createAdjustment,
  LIVE_TOKEN_NEEDS_PUBLISHABLE_KEY,
  secretKeyRequired,
  sendEvent,
  v2err,
  v2Failure,
} from '../../../helpers/stripe-v2.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const token = (id: string, livemode: boolean) => `{
    "id": "${id}",
    "object": "v2.core.account_token",
    "created": "2026-11-20T23:21:51.327Z",
    "expires_at": "2026-11-20T23:31:51.327Z",
    "livemode": ${livemode},
    "used": false
}
`;

const createWith = (identity: string) => sb.run(['account-token', 'create', '--identity', identity]);

describe('account-token', () => {
  it('creates with a test secret key and retrieves by id', async () => {
    const env = { SVCCTL_API_KEY: 'sk_test_123' };
    const created = await sb.run(
      [
        'account-token',
        'create',
        '--contact-email',
        'jenny@example.com',
        '--display-name',
        'Jenny',
        '--identity',
        'entity_type=company,business_details={registered_name=Rosen Ltd},attestations={terms_of_service={account={shown_and_accepted=true}}}',
      ],
      { env },
    );
    expect(created).toEqual(ok(token('accttok_test0001', false)));
    expect(await sb.run(['account-token', 'get', '--id', 'accttok_test0001'], { env })).toEqual(
      ok(token('accttok_test0001', false)),
    );
  });

  it('works out of the box on the embedded backend with its built-in test key', async () => {
    expect(await sb.run(['account-token', 'create'])).toEqual(ok(token('accttok_test0001', false)));
  });

  it('creates in live mode with a publishable key only', async () => {
    expect(await sb.run(['account-token', 'create', '--api-key', 'pk_live_abc'])).toEqual(
      ok(token('accttok_test0001', true)),
    );
    expect(await sb.run(['account-token', 'create'], { env: { SVCCTL_API_KEY: 'sk_live_abc' } })).toEqual(
      v2Failure('CreateAccountToken', 'token_must_be_created_with_publishable_key', LIVE_TOKEN_NEEDS_PUBLISHABLE_KEY),
    );
    expect(await sb.run(['account-token', 'create', '--api-key', 'pk_test_abc'])).toMatchObject({ code: 0 });
  });

  it('hides objects of the other mode: a test token is not found with a live key', async () => {
    await sb.run(['account-token', 'create']);
    expect(await sb.run(['account-token', 'get', '--id', 'accttok_test0001', '--api-key', 'pk_live_x'])).toEqual(
      v2Failure('RetrieveAccountToken', 'not_found', "No such account token: 'accttok_test0001'"),
    );
  });

  it('answers an unknown id with not_found and a malformed key with api_key_invalid', async () => {
    expect(await sb.run(['account-token', 'get', '--id', 'accttok_nope'])).toEqual(
      v2Failure('RetrieveAccountToken', 'not_found', "No such account token: 'accttok_nope'"),
    );
    expect(await sb.run(['account-token', 'create', '--api-key', 'secret123456'])).toEqual(
      v2Failure('CreateAccountToken', 'api_key_invalid', 'Invalid API Key provided: ****'),
    );
  });

  // Issue 25, item 3: a mask never shows more than the prefix and the last four, and nothing of a key that has no more than that.
  it.each([
    ['the prefix alone', 'sk_test_', '****'],
    ['a prefix and three characters', 'xx_test_abc', '****'],
    ['a prefix and four characters', 'sk_test_ab-d', '****'],
    ['a prefix and five characters', 'sk_test_abcd!', 'sk_test_*bcd!'],
    ['a short key of no known prefix', 'abc', '****'],
    ['four characters', 'ab!d', '****'],
    ['a long key of no known prefix', 'secret!3456', '****'],
    // Issue 34, item 8: compat #90 said `****` for a malformed key, and `bogus` printed `*ogus`.
    ['a five-character key of no known prefix', 'bogus', '****'],
  ])('masks a malformed key in the error: %s', async (_what, key, shown) => {
    expect(await sb.run(['account-token', 'create', '--api-key', key])).toEqual(
      v2Failure('CreateAccountToken', 'api_key_invalid', `Invalid API Key provided: ${shown}`),
    );
  });

  it('validates the identity on the client: unknown members and wrong types (252)', async () => {
    const refused: Array<[string, string]> = [
      [
        'entity_kind=company',
        'Unknown parameter in identity: "entity_kind", must be one of: attestations, business_details, entity_type, individual',
      ],
      [
        '{"attestations": {"terms_of_service": {"account": {"shown_and_accepted": "yes"}}}}',
        "Invalid type for parameter identity.attestations.terms_of_service.account.shown_and_accepted, value: yes, type: <class 'str'>, valid types: <class 'bool'>",
      ],
    ];
    for (const [identity, line] of refused)
      expect(await createWith(identity)).toEqual(failed(252, validationError(line)));
  });

  it('the service refuses an unknown entity type', async () => {
    expect(await createWith('entity_type=alien')).toEqual(
      v2Failure(
        'CreateAccountToken',
        'parameter_invalid',
        'Invalid identity.entity_type: must satisfy enum value set: [company, government_entity, individual, non_profit]',
      ),
    );
  });
});

describe("account-token create: Stripe's whole identity object", () => {
  const INDIVIDUAL =
    'entity_type=individual,individual={given_name=Jenny,surname=Rosen,date_of_birth={day=28,month=1,year=1990},' +
    'id_numbers=[{type=us_ssn_last_4,value=0000}],nationalities=[US,IE],metadata={ref=42},relationship={owner=true,percent_ownership=12.5},' +
    'script_names={kana={given_name=ジェニー}}},attestations={persons_provided={owners=true,ownership_exemption_reason=qualifies_as_financial_institution}}';

  it("takes nested members, lists, maps and enums; the account made from the token carries them, in Stripe's member order", async () => {
    expect(await sb.run(['account-token', 'create', '--identity', INDIVIDUAL, '--query', 'used'])).toEqual(
      ok('false\n'),
    );
    await sb.run(['account', 'create', '--account-token', 'accttok_test0001']);
    expect(await sb.run(['account', 'get', '--id', 'acct_test0002', '--query', 'identity'])).toEqual(
      ok(`{
    "attestations": {
        "persons_provided": {
            "owners": true,
            "ownership_exemption_reason": "qualifies_as_financial_institution"
        }
    },
    "entity_type": "individual",
    "individual": {
        "date_of_birth": {
            "day": 28,
            "month": 1,
            "year": 1990
        },
        "given_name": "Jenny",
        "id_numbers": [
            {
                "type": "us_ssn_last_4",
                "value": "0000"
            }
        ],
        "metadata": {
            "ref": "42"
        },
        "nationalities": [
            "US",
            "IE"
        ],
        "relationship": {
            "owner": true,
            "percent_ownership": "12.5"
        },
        "script_names": {
            "kana": {
                "given_name": "ジェニー"
            }
        },
        "surname": "Rosen"
    }
}
`),
    );
  });

  it('refuses a value outside a nested enum (254, parameter_invalid, as every v2 enum)', async () => {
    const refused: Array<[string, string]> = [
      [
        'business_details={structure=partnership}',
        'Invalid identity.business_details.structure: must satisfy enum value set: ' +
          '[cooperative, free_zone_establishment, free_zone_llc, governmental_unit, government_instrumentality, incorporated_association, ' +
          'incorporated_non_profit, incorporated_partnership, limited_liability_partnership, llc, multi_member_llc, private_company, ' +
          'private_corporation, private_partnership, public_company, public_corporation, public_listed_corporation, public_partnership, ' +
          'registered_charity, single_member_llc, sole_establishment, sole_proprietorship, tax_exempt_government_instrumentality, trust, ' +
          'unincorporated_association, unincorporated_non_profit, unincorporated_partnership]',
      ],
      [
        'individual={additional_names=[{purpose=nickname}]}',
        'Invalid identity.individual.additional_names.1.purpose: must satisfy enum value set: [alias, maiden]',
      ],
      [
        'individual={relationship={percent_ownership=half}}',
        'Invalid identity.individual.relationship.percent_ownership: must satisfy regular expression pattern: -?[0-9]+(\\.[0-9]+)?',
      ],
    ];
    for (const [identity, message] of refused)
      expect(await createWith(identity)).toEqual(v2Failure('CreateAccountToken', 'parameter_invalid', message));
  });

  it('refuses wrong types, unknown and missing members at any depth on the client (252)', async () => {
    const refused: Array<[string, string[]]> = [
      [
        '{"individual": {"date_of_birth": {"day": "28", "month": 1, "year": 1990}}}',
        [
          "Invalid type for parameter identity.individual.date_of_birth.day, value: 28, type: <class 'str'>, valid types: <class 'int'>",
        ],
      ],
      [
        '{"individual": {"nationalities": "US"}}',
        [
          "Invalid type for parameter identity.individual.nationalities, value: US, type: <class 'str'>, valid types: <class 'list'>, <class 'tuple'>",
        ],
      ],
      [
        'individual={id_numbers=[{type=us_ssn}]},business_details={registration_date={year=2020}}',
        [
          'Missing required parameter in identity.individual.id_numbers[0]: "value"',
          'Missing required parameter in identity.business_details.registration_date: "day"',
          'Missing required parameter in identity.business_details.registration_date: "month"',
        ],
      ],
      [
        'individual={relationship={ceo=true}}',
        [
          'Unknown parameter in identity.individual.relationship: "ceo", must be one of: director, executive, owner, percent_ownership, title',
        ],
      ],
    ];
    for (const [identity, lines] of refused)
      expect(await createWith(identity)).toEqual(failed(252, validationError(...lines)));
  });
});

describe('meter-event-adjustment create', () => {
  it('creates a pending cancel adjustment', async () => {
    const env = { env: { SVCCTL_API_KEY: 'sk_test_1' } };
    expect((await sb.run(sendEvent('api_calls', 'evt_1'), env)).code).toBe(0);
    const r = await sb.run(cancelEvent('api_calls', 'evt_1'), env);
    expect(r).toEqual(ok(adjustmentJson('pending')));
  });

  const op = 'CreateMeterEventAdjustment';
  const INVALID_CANCEL = v2err(
    op,
    'invalid_cancel_configuration',
    'The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.',
  );
  const cases: Array<[string, string[], string]> = [
    ['a cancel without identifier', ['--cancel', '{}'], INVALID_CANCEL],
    ['an empty identifier', ['--cancel', 'identifier='], INVALID_CANCEL],
    [
      'a type other than cancel',
      ['--cancel', 'identifier=e', '--type', 'refund'],
      v2err(op, 'parameter_invalid', 'Invalid type: must satisfy enum value set: [cancel]'),
    ],
  ];
  it.each(cases)('refuses %s', async (_n, args, stderr) => {
    expect(await sb.run(createAdjustment('api_calls', ...args))).toEqual(failed(254, stderr));
  });

  it('requires cancel, event_name and type on the client (252, usage)', async () => {
    const r = await sb.run(['meter-event-adjustment', 'create']);
    expect(r.code).toBe(252);
    expect(r.stderr.split('\n')[1]).toBe(
      'svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --cancel, --event-name, --type',
    );
  });

  it('refuses a publishable key: this operation needs a secret key (403)', async () => {
    expect(await sb.run(cancelEvent('e', 'x', '--api-key', 'pk_test_1'))).toEqual(
      v2Failure(op, 'secret_key_required', secretKeyRequired('meter event adjustments')),
    );
  });
});
