import { JENNY_ACCOUNT_JSON, JENNY_ACCOUNT_ROW, JENNY_TOKEN, requiredMissing } from '../helpers/operation-cases.js';
import { v2err } from '../helpers/stripe-v2.js';
import { validationError } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const create = (...rest: string[]) => ['account', 'create', ...rest];

operationTable({
  operation: 'CreateAccount',
  cases: [
    {
      name: "json: the account, with the token's details",
      setup: [JENNY_TOKEN],
      argv: create('--account-token', 'accttok_test0001'),
      code: 0,
      stdout: JENNY_ACCOUNT_JSON,
      stderr: '',
    },
    {
      name: 'text: the account as a row',
      setup: [JENNY_TOKEN],
      argv: create('--account-token', 'accttok_test0001', '--output', 'text'),
      code: 0,
      stdout: JENNY_ACCOUNT_ROW,
      stderr: '',
    },
    requiredMissing('--account-token', create()),
    {
      name: 'an empty token: 252',
      argv: create('--account-token', ''),
      code: 252,
      stdout: '',
      stderr: validationError('Invalid length for parameter account_token, value: 0, valid min length: 1'),
    },
    {
      name: 'no such token: not_found, 254',
      argv: create('--account-token', 'accttok_missing'),
      code: 254,
      stdout: '',
      stderr: v2err('CreateAccount', 'not_found', "No such account token: 'accttok_missing'"),
    },
    {
      name: 'a token used already: token_already_used, 254',
      setup: [JENNY_TOKEN, create('--account-token', 'accttok_test0001')],
      argv: create('--account-token', 'accttok_test0001'),
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateAccount',
        'token_already_used',
        "The account token 'accttok_test0001' has already been used: a token can be used only once.",
      ),
    },
    {
      name: 'a test token with a live key: not_found, 254',
      setup: [JENNY_TOKEN],
      argv: create('--account-token', 'accttok_test0001', '--api-key', 'sk_live_abc'),
      code: 254,
      stdout: '',
      stderr: v2err('CreateAccount', 'not_found', "No such account token: 'accttok_test0001'"),
    },
  ],
});
