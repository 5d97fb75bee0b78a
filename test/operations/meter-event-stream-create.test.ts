import { validationError } from '../helpers/cli-results.js';
import { v2err } from '../helpers/stripe-v2.js';
import { operationTable } from './table.js';

const SESSION = ['meter-event-session', 'create'];
const TOKEN = 'mes_token_test0002';
const stream = (token: string, ...events: string[]) => [
  'meter-event-stream',
  'create',
  '--api-key',
  token,
  '--events',
  ...events,
];
const event = (identifier: string, extra = '') =>
  `event_name=api_calls,payload={stripe_customer_id=cus_1,value=2},identifier=${identifier}${extra}`;
const count = ['service', 'resources', '--query', 'length(Resources[?Kind==`meter-events`])'];

operationTable({
  operation: 'CreateMeterEventStream',
  cases: [
    {
      name: 'two events received: an empty object, which prints nothing',
      setup: [SESSION],
      argv: stream(TOKEN, event('evt_1'), event('evt_2')),
      code: 0,
      stdout: '',
      stderr: '',
    },
    {
      name: 'the events are stored under the session: an adjustment with the secret key cancels one',
      setup: [SESSION, stream(TOKEN, event('evt_1'))],
      argv: [
        'meter-event-adjustment',
        'create',
        '--event-name',
        'api_calls',
        '--type',
        'cancel',
        '--cancel',
        'identifier=evt_1',
        '--query',
        'status',
      ],
      code: 0,
      stdout: '"pending"\n',
      stderr: '',
    },
    {
      name: '100 events in one request: accepted',
      setup: [SESSION, stream(TOKEN, ...Array.from({ length: 100 }, (_, i) => event(`e${i}`)))],
      argv: count,
      code: 0,
      stdout: '100\n',
      stderr: '',
    },
    {
      // Hostile pass 18b: '--events []' (and serve's {"events": []}) was taken, 0, though --help says 1 to 100.
      name: 'no events: the list is 1 to 100 long, 252',
      setup: [SESSION],
      argv: ['meter-event-stream', 'create', '--api-key', TOKEN, '--events', '[]'],
      code: 252,
      stdout: '',
      stderr: validationError('Invalid length for parameter events, value: 0, valid min length: 1'),
    },
    {
      name: '101 events in one request: parameter_invalid, 254',
      setup: [SESSION],
      argv: stream(TOKEN, ...Array.from({ length: 101 }, (_, i) => event(`e${i}`))),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventStream',
        'parameter_invalid',
        'Invalid events: must have length less than or equal to 100',
      ),
    },
    {
      name: 'an event 36 days old among good ones: timestamp_too_far_in_past, 254',
      setup: [SESSION],
      argv: stream(TOKEN, event('ok_1'), event('late', ',timestamp=2026-10-15T23:21:51.327Z')),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventStream',
        'timestamp_too_far_in_past',
        "The event's timestamp 2026-10-15T23:21:51.327Z is more than 35 days before the time it was received (2026-11-20T23:21:51.327Z).",
      ),
    },
    {
      name: 'an identifier twice in one request: duplicate_meter_event, 254',
      setup: [SESSION],
      argv: stream(TOKEN, event('evt_1'), event('evt_1')),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventStream',
        'duplicate_meter_event',
        "An event with identifier 'evt_1' was already received at 2026-11-20T23:21:51.327Z: an identifier can be used once in 24 hours.",
      ),
    },
    {
      name: 'a token no session has: api_key_invalid, 254',
      argv: stream('mes_token_none', event('evt_1')),
      code: 254,
      status: 401,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventStream',
        'api_key_invalid',
        'Invalid session token provided: ****. The meter event stream takes the authentication_token of a meter event session.',
      ),
    },
    {
      // Hostile pass 19b: 101 events (or an event_name of 101 characters) with a token no session has answered the
      // body's parameter_invalid (400) first: the session token is the stream's key, checked before the body.
      name: 'a token no session has and 101 events: api_key_invalid before the body, 254',
      argv: stream('mes_token_none', ...Array.from({ length: 101 }, (_, i) => event(`e${i}`))),
      code: 254,
      status: 401,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventStream',
        'api_key_invalid',
        'Invalid session token provided: ****. The meter event stream takes the authentication_token of a meter event session.',
      ),
    },
    {
      name: 'an API key instead of a session token: api_key_invalid, 254',
      argv: stream('sk_test_abc', event('evt_1')),
      code: 254,
      status: 401,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventStream',
        'api_key_invalid',
        'Invalid session token provided: ****. The meter event stream takes the authentication_token of a meter event session.',
      ),
    },
  ],
});
