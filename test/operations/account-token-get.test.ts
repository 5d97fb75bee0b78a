import { operationTable } from './table.js';

const create = ['account-token', 'create', '--contact-email', 'jenny@example.com'];

operationTable({
  operation: 'RetrieveAccountToken',
  cases: [
    {
      name: 'json: the token',
      setup: [create],
      argv: ['account-token', 'get', '--id', 'accttok_test0001'],
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
      setup: [create],
      argv: ['account-token', 'get', '--id', 'accttok_test0001', '--output', 'text'],
      code: 0,
      stdout: `2026-11-20T23:21:51.327Z	2026-11-20T23:31:51.327Z	accttok_test0001	False	v2.core.account_token	False
`,
      stderr: '',
    },
    {
      name: 'used once an account is created from it',
      setup: [create, ['account', 'create', '--account-token', 'accttok_test0001']],
      argv: ['account-token', 'get', '--id', 'accttok_test0001', '--query', 'used'],
      code: 0,
      stdout: `true
`,
      stderr: '',
    },
    {
      name: 'required --id missing: 252',
      argv: ['account-token', 'get'],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --id

usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help
`,
    },
    {
      name: 'an empty id: 252',
      argv: ['account-token', 'get', '--id', ''],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:
Invalid length for parameter id, value: 0, valid min length: 1
`,
    },
    {
      name: 'no such token: not_found, 254',
      argv: ['account-token', 'get', '--id', 'accttok_missing'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (not_found) when calling the RetrieveAccountToken operation: No such account token: 'accttok_missing'

Additional error details:
type: invalid_request_error
`,
    },
    {
      name: 'a test token with a live key: not_found, 254',
      setup: [create],
      argv: ['account-token', 'get', '--id', 'accttok_test0001', '--api-key', 'sk_live_abc'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (not_found) when calling the RetrieveAccountToken operation: No such account token: 'accttok_test0001'

Additional error details:
type: invalid_request_error
`,
    },
  ],
});
