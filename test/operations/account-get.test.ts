import { JENNY_ACCOUNT_JSON, JENNY_ACCOUNT_ROW, JENNY_TOKEN, idRequired } from '../helpers/operation-cases.js';
import { v2err } from '../helpers/stripe-v2.js';
import { operationTable } from './table.js';

const account = ['account', 'create', '--account-token', 'accttok_test0001', '--query', 'id', '--output', 'text'];
const get = (...rest: string[]) => ['account', 'get', ...rest];

operationTable({
  operation: 'RetrieveAccount',
  cases: [
    {
      name: 'json: the account',
      setup: [JENNY_TOKEN, account],
      argv: get('--id', 'acct_test0002'),
      code: 0,
      stdout: JENNY_ACCOUNT_JSON,
      stderr: '',
    },
    {
      name: 'text: the account as a row',
      setup: [JENNY_TOKEN, account],
      argv: get('--id', 'acct_test0002', '--output', 'text'),
      code: 0,
      stdout: JENNY_ACCOUNT_ROW,
      stderr: '',
    },
    ...idRequired(get()),
    {
      name: 'no such account: not_found, 254',
      argv: get('--id', 'acct_missing'),
      code: 254,
      stdout: '',
      stderr: v2err('RetrieveAccount', 'not_found', "No such account: 'acct_missing'"),
    },
    {
      name: 'a test account with a live key: not_found, 254',
      setup: [JENNY_TOKEN, account],
      argv: get('--id', 'acct_test0002', '--api-key', 'sk_live_abc'),
      code: 254,
      stdout: '',
      stderr: v2err('RetrieveAccount', 'not_found', "No such account: 'acct_test0002'"),
    },
  ],
});
