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
    const created = await sb.run(['account-token', 'create', '--contact-email', 'jenny@example.com', '--display-name', 'Jenny',
      '--identity', 'entity_type=company,business_details={registered_name=Rosen Ltd},attestations={terms_of_service={account={shown_and_accepted=true}}}'], { env });
    expect(created).toEqual({ code: 0, stdout: token('accttok_test0001', false), stderr: '' });
    expect(await sb.run(['account-token', 'get', '--id', 'accttok_test0001'], { env })).toEqual({ code: 0, stdout: token('accttok_test0001', false), stderr: '' });
  });

  it('works out of the box on the embedded backend with its built-in test key', async () => {
    expect(await sb.run(['account-token', 'create'])).toEqual({ code: 0, stdout: token('accttok_test0001', false), stderr: '' });
  });

  it('creates in live mode with a publishable key only', async () => {
    expect(await sb.run(['account-token', 'create', '--api-key', 'pk_live_abc'])).toEqual({ code: 0, stdout: token('accttok_test0001', true), stderr: '' });
    expect(await sb.run(['account-token', 'create'], { env: { SVCCTL_API_KEY: 'sk_live_abc' } })).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err('CreateAccountToken', 'token_must_be_created_with_publishable_key', 'In live mode, account tokens can only be created with your publishable key.'),
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
      stderr: v2err('CreateAccountToken', 'api_key_invalid', 'Invalid API Key provided: ********3456'),
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
    ['a long key of no known prefix', 'secret!3456', '*******3456'],
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
      stderr: '\nsvcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:\nUnknown parameter in identity: "entity_kind", must be one of: attestations, entity_type, business_details\n',
    });
    expect(await sb.run(['account-token', 'create', '--identity', '{"attestations": {"terms_of_service": {"account": {"shown_and_accepted": "yes"}}}}'])).toEqual({
      code: 252,
      stdout: '',
      stderr: "\nsvcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:\nInvalid type for parameter identity.attestations.terms_of_service.account.shown_and_accepted, value: yes, type: <class 'str'>, valid types: <class 'bool'>\n",
    });
  });

  it('the service refuses an unknown entity type', async () => {
    expect(await sb.run(['account-token', 'create', '--identity', 'entity_type=alien'])).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err('CreateAccountToken', 'parameter_invalid', 'Invalid identity.entity_type: must satisfy enum value set: [company, individual, non_profit, government_entity]'),
    });
  });
});

describe('meter-event-adjustment create', () => {
  it('creates a pending cancel adjustment', async () => {
    const r = await sb.run(['meter-event-adjustment', 'create', '--event-name', 'api_calls', '--type', 'cancel', '--cancel', 'identifier=evt_1'],
      { env: { SVCCTL_API_KEY: 'sk_test_1' } });
    expect(r).toEqual({
      code: 0,
      stderr: '',
      stdout: `{
    "id": "mtradj_test0001",
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
    ['a cancel without identifier', ['--cancel', '{}'], 254,
      v2err(op, 'invalid_cancel_configuration', 'The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.')],
    ['an empty identifier', ['--cancel', 'identifier='], 254,
      v2err(op, 'invalid_cancel_configuration', 'The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.')],
    ['a type other than cancel', ['--cancel', 'identifier=e', '--type', 'refund'], 254,
      v2err(op, 'parameter_invalid', 'Invalid type: must satisfy enum value set: [cancel]')],
  ];
  it.each(cases)('refuses %s', async (_n, args, code, stderr) => {
    const r = await sb.run(['meter-event-adjustment', 'create', '--event-name', 'api_calls', '--type', 'cancel', ...args]);
    expect(r).toEqual({ code, stdout: '', stderr });
  });

  it('requires cancel, event_name and type on the client (252, usage)', async () => {
    const r = await sb.run(['meter-event-adjustment', 'create']);
    expect(r.code).toBe(252);
    expect(r.stderr.split('\n')[1]).toBe('svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --cancel, --event-name, --type');
  });

  it('refuses a publishable key: this operation needs a secret key (403)', async () => {
    const r = await sb.run(['meter-event-adjustment', 'create', '--event-name', 'e', '--type', 'cancel', '--cancel', 'identifier=x', '--api-key', 'pk_test_1']);
    expect(r).toEqual({
      code: 254,
      stdout: '',
      stderr: v2err(op, 'secret_key_required', 'This request requires a secret key (sk_...) or a restricted key with access to meter event adjustments; a publishable key was given.'),
    });
  });
});
