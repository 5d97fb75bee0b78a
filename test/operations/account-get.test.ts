import { operationTable } from './table.js';
import { missingArgs } from '../helpers/usage.js';

const token = ['account-token', 'create', '--contact-email', 'jenny@example.com', '--display-name', 'Jenny Rosen'];
const account = ['account', 'create', '--account-token', 'accttok_test0001', '--query', 'id', '--output', 'text'];

operationTable({
  operation: 'RetrieveAccount',
  cases: [
    {
      name: 'json: the account',
      setup: [token, account],
      argv: ['account', 'get', '--id', 'acct_test0002'],
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
      setup: [token, account],
      argv: ['account', 'get', '--id', 'acct_test0002', '--output', 'text'],
      code: 0,
      stdout: `jenny@example.com	2026-11-20T23:21:51.327Z	Jenny Rosen	acct_test0002	False	v2.core.account
`,
      stderr: '',
    },
    {
      name: 'required --id missing: 252',
      argv: ['account', 'get'],
      code: 252,
      stdout: '',
      stderr: missingArgs('--id'),
    },
    {
      name: 'an empty id: 252',
      argv: ['account', 'get', '--id', ''],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:
Invalid length for parameter id, value: 0, valid min length: 1
`,
    },
    {
      name: 'no such account: not_found, 254',
      argv: ['account', 'get', '--id', 'acct_missing'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (not_found) when calling the RetrieveAccount operation: No such account: 'acct_missing'

Additional error details:
type: invalid_request_error
`,
    },
    {
      name: 'a test account with a live key: not_found, 254',
      setup: [token, account],
      argv: ['account', 'get', '--id', 'acct_test0002', '--api-key', 'sk_live_abc'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (not_found) when calling the RetrieveAccount operation: No such account: 'acct_test0002'

Additional error details:
type: invalid_request_error
`,
    },
  ],
});
