import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';

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
const v2err = (op: string, code: string, msg: string, type = 'invalid_request_error') =>
  `\nsvcctl: [ERROR]: An error occurred (${code}) when calling the ${op} operation: ${msg}\n\nAdditional error details:\ntype: ${type}\n`;

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
    expect(created).toEqual({ code: 0, stdout: token('accttok_test0001', false), stderr: '' });
    expect(await sb.run(['account-token', 'get', '--id', 'accttok_test0001'], { env })).toEqual({
      code: 0,
      stdout: token('accttok_test0001', false),
      stderr: '',
    });
  });

  it('works out of the box on the embedded backend with its built-in test key', async () => {
    expect(await sb.run(['account-token', 'create'])).toEqual({
      code: 0,
      stdout: token('accttok_test0001', false),
      stderr: '',
    });
  });

  it('creates in live mode with a publishable key only', async () => {
    expect(await sb.run(['account-token', 'create', '--api-key', 'pk_live_abc'])).toEqual({
      code: 0,
      stdout: token('accttok_test0001', true),
      stderr: '',
    });
    expect(await sb.run(['account-token', 'create'], { env: { SVCCTL_API_KEY: 'sk_live_abc' } })).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateAccountToken',
        'token_must_be_created_with_publishable_key',
        'In live mode, account tokens can only be created with your publishable key.',
      ),
    });
    expect(await sb.run(['account-token', 'create', '--api-key', 'pk_test_abc'])).toMatchObject({ code: 0 });
  });

  it('hides objects of the other mode: a test token is not found with a live key', async () => {
    await sb.run(['account-token', 'create']);
    expect(await sb.run(['account-token', 'get', '--id', 'accttok_test0001', '--api-key', 'pk_live_x'])).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err('RetrieveAccountToken', 'not_found', "No such account token: 'accttok_test0001'"),
    });
  });

  it('answers an unknown id with not_found and a malformed key with api_key_invalid', async () => {
    expect(await sb.run(['account-token', 'get', '--id', 'accttok_nope'])).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err('RetrieveAccountToken', 'not_found', "No such account token: 'accttok_nope'"),
    });
    expect(await sb.run(['account-token', 'create', '--api-key', 'secret123456'])).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err('CreateAccountToken', 'api_key_invalid', 'Invalid API Key provided: ****'),
    });
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
    expect(await sb.run(['account-token', 'create', '--api-key', key])).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err('CreateAccountToken', 'api_key_invalid', `Invalid API Key provided: ${shown}`),
    });
  });

  it('validates the identity on the client: unknown members and wrong types (252)', async () => {
    expect(await sb.run(['account-token', 'create', '--identity', 'entity_kind=company'])).toEqual({
      code: 252,
      stdout: '',
      stderr:
        '\nsvcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:\nUnknown parameter in identity: "entity_kind", must be one of: attestations, business_details, entity_type, individual\n',
    });
    expect(
      await sb.run([
        'account-token',
        'create',
        '--identity',
        '{"attestations": {"terms_of_service": {"account": {"shown_and_accepted": "yes"}}}}',
      ]),
    ).toEqual({
      code: 252,
      stdout: '',
      stderr:
        "\nsvcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:\nInvalid type for parameter identity.attestations.terms_of_service.account.shown_and_accepted, value: yes, type: <class 'str'>, valid types: <class 'bool'>\n",
    });
  });

  it('the service refuses an unknown entity type', async () => {
    expect(await sb.run(['account-token', 'create', '--identity', 'entity_type=alien'])).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateAccountToken',
        'parameter_invalid',
        'Invalid identity.entity_type: must satisfy enum value set: [company, government_entity, individual, non_profit]',
      ),
    });
  });
});

describe("account-token create: Stripe's whole identity object", () => {
  const INDIVIDUAL =
    'entity_type=individual,individual={given_name=Jenny,surname=Rosen,date_of_birth={day=28,month=1,year=1990},' +
    'id_numbers=[{type=us_ssn_last_4,value=0000}],nationalities=[US,IE],metadata={ref=42},relationship={owner=true,percent_ownership=12.5},' +
    'script_names={kana={given_name=ジェニー}}},attestations={persons_provided={owners=true,ownership_exemption_reason=qualifies_as_financial_institution}}';

  it("takes nested members, lists, maps and enums; the account made from the token carries them, in Stripe's member order", async () => {
    expect(await sb.run(['account-token', 'create', '--identity', INDIVIDUAL, '--query', 'used'])).toEqual({
      code: 0,
      stdout: 'false\n',
      stderr: '',
    });
    await sb.run(['account', 'create', '--account-token', 'accttok_test0001']);
    expect(await sb.run(['account', 'get', '--id', 'acct_test0002', '--query', 'identity'])).toEqual({
      code: 0,
      stderr: '',
      stdout: `{
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
`,
    });
  });

  it('refuses a value outside a nested enum (254, parameter_invalid, as every v2 enum)', async () => {
    expect(await sb.run(['account-token', 'create', '--identity', 'business_details={structure=partnership}'])).toEqual(
      {
        code: 254,
        stdout: '',
        stderr: v2err(
          'CreateAccountToken',
          'parameter_invalid',
          'Invalid identity.business_details.structure: must satisfy enum value set: ' +
            '[cooperative, free_zone_establishment, free_zone_llc, governmental_unit, government_instrumentality, incorporated_association, ' +
            'incorporated_non_profit, incorporated_partnership, limited_liability_partnership, llc, multi_member_llc, private_company, ' +
            'private_corporation, private_partnership, public_company, public_corporation, public_listed_corporation, public_partnership, ' +
            'registered_charity, single_member_llc, sole_establishment, sole_proprietorship, tax_exempt_government_instrumentality, trust, ' +
            'unincorporated_association, unincorporated_non_profit, unincorporated_partnership]',
        ),
      },
    );
    expect(
      await sb.run(['account-token', 'create', '--identity', 'individual={additional_names=[{purpose=nickname}]}']),
    ).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateAccountToken',
        'parameter_invalid',
        'Invalid identity.individual.additional_names.1.purpose: must satisfy enum value set: [alias, maiden]',
      ),
    });
    expect(
      await sb.run(['account-token', 'create', '--identity', 'individual={relationship={percent_ownership=half}}']),
    ).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateAccountToken',
        'parameter_invalid',
        'Invalid identity.individual.relationship.percent_ownership: must satisfy regular expression pattern: -?[0-9]+(\\.[0-9]+)?',
      ),
    });
  });

  it('refuses wrong types, unknown and missing members at any depth on the client (252)', async () => {
    const pv = (lines: string) => ({
      code: 252,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:\n${lines}\n`,
    });
    expect(
      await sb.run([
        'account-token',
        'create',
        '--identity',
        '{"individual": {"date_of_birth": {"day": "28", "month": 1, "year": 1990}}}',
      ]),
    ).toEqual(
      pv(
        "Invalid type for parameter identity.individual.date_of_birth.day, value: 28, type: <class 'str'>, valid types: <class 'int'>",
      ),
    );
    expect(await sb.run(['account-token', 'create', '--identity', '{"individual": {"nationalities": "US"}}'])).toEqual(
      pv(
        "Invalid type for parameter identity.individual.nationalities, value: US, type: <class 'str'>, valid types: <class 'list'>, <class 'tuple'>",
      ),
    );
    expect(
      await sb.run([
        'account-token',
        'create',
        '--identity',
        'individual={id_numbers=[{type=us_ssn}]},business_details={registration_date={year=2020}}',
      ]),
    ).toEqual(
      pv(
        'Missing required parameter in identity.individual.id_numbers[0]: "value"\n' +
          'Missing required parameter in identity.business_details.registration_date: "day"\n' +
          'Missing required parameter in identity.business_details.registration_date: "month"',
      ),
    );
    expect(await sb.run(['account-token', 'create', '--identity', 'individual={relationship={ceo=true}}'])).toEqual(
      pv(
        'Unknown parameter in identity.individual.relationship: "ceo", must be one of: director, executive, owner, percent_ownership, title',
      ),
    );
  });
});

describe('meter-event-adjustment create', () => {
  it('creates a pending cancel adjustment', async () => {
    const r = await sb.run(
      [
        'meter-event-adjustment',
        'create',
        '--event-name',
        'api_calls',
        '--type',
        'cancel',
        '--cancel',
        'identifier=evt_1',
      ],
      { env: { SVCCTL_API_KEY: 'sk_test_1' } },
    );
    expect(r).toEqual({
      code: 0,
      stderr: '',
      stdout: `{
    "id": "mtr_event_adj_test0001",
    "object": "v2.billing.meter_event_adjustment",
    "cancel": {
        "identifier": "evt_1"
    },
    "created": "2026-11-20T23:21:51.327Z",
    "event_name": "api_calls",
    "livemode": false,
    "status": "pending",
    "type": "cancel"
}
`,
    });
  });

  const op = 'CreateMeterEventAdjustment';
  const cases: Array<[string, string[], number, string]> = [
    [
      'a cancel without identifier',
      ['--cancel', '{}'],
      254,
      v2err(
        op,
        'invalid_cancel_configuration',
        'The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.',
      ),
    ],
    [
      'an empty identifier',
      ['--cancel', 'identifier='],
      254,
      v2err(
        op,
        'invalid_cancel_configuration',
        'The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.',
      ),
    ],
    [
      'a type other than cancel',
      ['--cancel', 'identifier=e', '--type', 'refund'],
      254,
      v2err(op, 'parameter_invalid', 'Invalid type: must satisfy enum value set: [cancel]'),
    ],
  ];
  it.each(cases)('refuses %s', async (_n, args, code, stderr) => {
    const r = await sb.run([
      'meter-event-adjustment',
      'create',
      '--event-name',
      'api_calls',
      '--type',
      'cancel',
      ...args,
    ]);
    expect(r).toEqual({ code, stdout: '', stderr });
  });

  it('requires cancel, event_name and type on the client (252, usage)', async () => {
    const r = await sb.run(['meter-event-adjustment', 'create']);
    expect(r.code).toBe(252);
    expect(r.stderr.split('\n')[1]).toBe(
      'svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --cancel, --event-name, --type',
    );
  });

  it('refuses a publishable key: this operation needs a secret key (403)', async () => {
    const r = await sb.run([
      'meter-event-adjustment',
      'create',
      '--event-name',
      'e',
      '--type',
      'cancel',
      '--cancel',
      'identifier=x',
      '--api-key',
      'pk_test_1',
    ]);
    expect(r).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err(
        op,
        'secret_key_required',
        'This request requires a secret key (sk_...) or a restricted key with access to meter event adjustments; a publishable key was given.',
      ),
    });
  });
});
