import { unknownOptions } from '../helpers/cli-results.js';
import { secretKeyRequired, v2err } from '../helpers/stripe-v2.js';
import { operationTable } from './table.js';

const create = (...rest: string[]) => ['meter-event-session', 'create', ...rest];

operationTable({
  operation: 'CreateMeterEventSession',
  cases: [
    {
      name: 'json: the session, its token valid for 15 minutes',
      argv: create(),
      code: 0,
      stdout: `{
    "id": "mtr_event_session_test0001",
    "object": "v2.billing.meter_event_session",
    "authentication_token": "mes_token_test0002",
    "created": "2026-11-20T23:21:51.327Z",
    "expires_at": "2026-11-20T23:36:51.327Z",
    "livemode": false
}
`,
      stderr: '',
    },
    {
      name: 'text: the session as a row',
      argv: create('--api-key', 'sk_live_abc', '--output', 'text'),
      code: 0,
      stdout:
        'mes_token_test0002\t2026-11-20T23:21:51.327Z\t2026-11-20T23:36:51.327Z\tmtr_event_session_test0001\tTrue\tv2.billing.meter_event_session\n',
      stderr: '',
    },
    {
      name: 'a parameter it does not take: 252',
      argv: create('--events', '[]'),
      code: 252,
      stdout: '',
      stderr: unknownOptions('--events, []'),
    },
    {
      name: 'a publishable key: secret_key_required, 254',
      argv: create('--api-key', 'pk_test_abc'),
      code: 254,
      stdout: '',
      stderr: v2err('CreateMeterEventSession', 'secret_key_required', secretKeyRequired('meter event sessions')),
    },
  ],
});
