import { operationTable } from './table.js';

const token = ['account-token', 'create', '--contact-email', 'jenny@example.com', '--display-name', 'Jenny Rosen'];

operationTable({
  operation: 'CreateAccount',
  cases: [
    {
      name: "json: the account, with the token's details",
      setup: [token],
      argv: ['account', 'create', '--account-token', 'accttok_test0001'],
      code: 0,
      stdout: `{
    "id": "acct_test0002",
    "object": "v2.core.account",
    "applied_configurations": [],
    "contact_email": "jenny@example.com",
    "created": "2026-11-20T23:21:51.327Z",
    "display_name": "Jenny Rosen",
    "livemode": false
}
`,
      stderr: '',
    },
    {
      name: 'text: the account as a row',
      setup: [token],
      argv: ['account', 'create', '--account-token', 'accttok_test0001', '--output', 'text'],
      code: 0,
      stdout: `jenny@example.com	2026-11-20T23:21:51.327Z	Jenny Rosen	acct_test0002	False	v2.core.account
`,
      stderr: '',
    },
    {
      name: 'required --account-token missing: 252',
      argv: ['account', 'create'],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --account-token

usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help
`,
    },
    {
      name: 'an empty token: 252',
      argv: ['account', 'create', '--account-token', ''],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:
Invalid length for parameter account_token, value: 0, valid min length: 1
`,
    },
    {
      name: 'no such token: not_found, 254',
      argv: ['account', 'create', '--account-token', 'accttok_missing'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (not_found) when calling the CreateAccount operation: No such account token: 'accttok_missing'

Additional error details:
type: invalid_request_error
`,
    },
    {
      name: 'a token used already: token_already_used, 254',
      setup: [token, ['account', 'create', '--account-token', 'accttok_test0001']],
      argv: ['account', 'create', '--account-token', 'accttok_test0001'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (token_already_used) when calling the CreateAccount operation: The account token 'accttok_test0001' has already been used: a token can be used only once.

Additional error details:
type: invalid_request_error
`,
    },
    {
      name: 'a test token with a live key: not_found, 254',
      setup: [token],
      argv: ['account', 'create', '--account-token', 'accttok_test0001', '--api-key', 'sk_live_abc'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (not_found) when calling the CreateAccount operation: No such account token: 'accttok_test0001'

Additional error details:
type: invalid_request_error
`,
    },
  ],
});
