import { TOKEN_JSON, TOKEN_ROW, idRequired } from '../helpers/operation-cases.js';
import { v2err } from '../helpers/stripe-v2.js';
import { operationTable } from './table.js';

const create = ['account-token', 'create', '--contact-email', 'jenny@example.com'];
const get = (...rest: string[]) => ['account-token', 'get', ...rest];

operationTable({
  operation: 'RetrieveAccountToken',
  cases: [
    {
      name: 'json: the token',
      setup: [create],
      argv: get('--id', 'accttok_test0001'),
      code: 0,
      stdout: TOKEN_JSON,
      stderr: '',
    },
    {
      name: 'text: the token as a row',
      setup: [create],
      argv: get('--id', 'accttok_test0001', '--output', 'text'),
      code: 0,
      stdout: TOKEN_ROW,
      stderr: '',
    },
    {
      name: 'used once an account is created from it',
      setup: [create, ['account', 'create', '--account-token', 'accttok_test0001']],
      argv: get('--id', 'accttok_test0001', '--query', 'used'),
      code: 0,
      stdout: `true
`,
      stderr: '',
    },
    ...idRequired(get()),
    {
      name: 'no such token: not_found, 254',
      argv: get('--id', 'accttok_missing'),
      code: 254,
      stdout: '',
      stderr: v2err('RetrieveAccountToken', 'not_found', "No such account token: 'accttok_missing'"),
    },
    {
      name: 'a test token with a live key: not_found, 254',
      setup: [create],
      argv: get('--id', 'accttok_test0001', '--api-key', 'sk_live_abc'),
      code: 254,
      stdout: '',
      stderr: v2err('RetrieveAccountToken', 'not_found', "No such account token: 'accttok_test0001'"),
    },
  ],
});
