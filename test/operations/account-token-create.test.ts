import { operationTable } from './table.js';

const COMPANY =
  'entity_type=company,business_details={registered_name=Rosen Ltd},attestations={terms_of_service={account={shown_and_accepted=true}}}';

operationTable({
  operation: 'CreateAccountToken',
  cases: [
    {
      name: 'json: the token',
      argv: [
        'account-token',
        'create',
        '--contact-email',
        'jenny@example.com',
        '--display-name',
        'Jenny Rosen',
        '--identity',
        COMPANY,
      ],
      code: 0,
      stdout: `{
    "id": "accttok_test0001",
    "object": "v2.core.account_token",
    "created": "2026-11-20T23:21:51.327Z",
    "expires_at": "2026-11-20T23:31:51.327Z",
    "livemode": false,
    "used": false
}
`,
      stderr: '',
    },
    {
      name: 'text: the token as a row',
      argv: ['account-token', 'create', '--output', 'text'],
      code: 0,
      stdout: `2026-11-20T23:21:51.327Z	2026-11-20T23:31:51.327Z	accttok_test0001	False	v2.core.account_token	False
`,
      stderr: '',
    },
    {
      name: 'a live publishable key: a live token',
      argv: ['account-token', 'create', '--api-key', 'pk_live_abc', '--query', '[id, livemode]', '--output', 'text'],
      code: 0,
      stdout: `accttok_test0001	True
`,
      stderr: '',
    },
    {
      name: 'no required member; an unknown identity member instead: 252',
      argv: ['account-token', 'create', '--identity', 'entity_type=company,nickname=x'],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:
Unknown parameter in identity: "nickname", must be one of: attestations, business_details, entity_type, individual
`,
    },
    {
      name: 'an identity that is no structure: 252',
      argv: ['account-token', 'create', '--identity', '[1,2]'],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Error parsing parameter '--identity': Invalid JSON:
[1,2]
`,
    },
    {
      name: 'an entity type outside the enum: parameter_invalid, 254',
      argv: ['account-token', 'create', '--identity', 'entity_type=robot'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (parameter_invalid) when calling the CreateAccountToken operation: Invalid identity.entity_type: must satisfy enum value set: [company, government_entity, individual, non_profit]

Additional error details:
type: invalid_request_error
`,
    },
    {
      name: 'a secret live key: token_must_be_created_with_publishable_key, 254',
      argv: ['account-token', 'create', '--api-key', 'sk_live_abc'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (token_must_be_created_with_publishable_key) when calling the CreateAccountToken operation: In live mode, account tokens can only be created with your publishable key.

Additional error details:
type: invalid_request_error
`,
    },
    {
      name: 'a key that is none: api_key_invalid, 254',
      argv: ['account-token', 'create', '--api-key', 'nonsense'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (api_key_invalid) when calling the CreateAccountToken operation: Invalid API Key provided: ****

Additional error details:
type: invalid_request_error
`,
    },
  ],
});
