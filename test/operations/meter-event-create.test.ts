import { requiredMissing } from '../helpers/operation-cases.js';
import { secretKeyRequired, v2err } from '../helpers/stripe-v2.js';
import { operationTable } from './table.js';

const send = (...rest: string[]) => [
  'meter-event',
  'create',
  '--event-name',
  'api_calls',
  '--payload',
  'stripe_customer_id=cus_1,value=25',
  ...rest,
];

const eventJson = (identifier: string, timestamp = '2026-11-20T23:21:51.327Z') => `{
    "object": "v2.billing.meter_event",
    "created": "2026-11-20T23:21:51.327Z",
    "event_name": "api_calls",
    "identifier": "${identifier}",
    "livemode": false,
    "payload": {
        "stripe_customer_id": "cus_1",
        "value": "25"
    },
    "timestamp": "${timestamp}"
}
`;

operationTable({
  operation: 'CreateMeterEvent',
  cases: [
    {
      name: 'json: the event, its identifier as sent',
      argv: send('--identifier', 'evt_1'),
      code: 0,
      stdout: eventJson('evt_1'),
      stderr: '',
    },
    {
      name: 'no identifier: the service makes one',
      argv: send(),
      code: 0,
      stdout: eventJson('idmp_test0001'),
      stderr: '',
    },
    {
      name: 'text: the event and its payload as rows',
      argv: send('--identifier', 'evt_1', '--output', 'text'),
      code: 0,
      stdout: `2026-11-20T23:21:51.327Z	api_calls	evt_1	False	v2.billing.meter_event	2026-11-20T23:21:51.327Z
PAYLOAD	cus_1	25
`,
      stderr: '',
    },
    {
      name: 'a timestamp 35 days old and one 5 minutes ahead: accepted',
      setup: [send('--identifier', 'old', '--timestamp', '2026-10-16T23:21:51.327Z')],
      argv: send('--identifier', 'ahead', '--timestamp', '2026-11-20T23:26:51.327Z', '--query', 'timestamp'),
      code: 0,
      stdout: '"2026-11-20T23:26:51.327Z"\n',
      stderr: '',
    },
    requiredMissing('--payload', ['meter-event', 'create', '--event-name', 'api_calls']),
    {
      name: 'an identifier of 101 characters: parameter_invalid, 254',
      argv: send('--identifier', 'i'.repeat(101)),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEvent',
        'parameter_invalid',
        'Invalid identifier: must have length less than or equal to 100',
      ),
    },
    {
      name: 'an event name of 101 characters: parameter_invalid, 254',
      argv: ['meter-event', 'create', '--event-name', 'e'.repeat(101), '--payload', 'value=1'],
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEvent',
        'parameter_invalid',
        'Invalid event_name: must have length less than or equal to 100',
      ),
    },
    {
      name: 'an identifier already received: duplicate_meter_event, 254',
      setup: [send('--identifier', 'evt_1')],
      argv: send('--identifier', 'evt_1'),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEvent',
        'duplicate_meter_event',
        "An event with identifier 'evt_1' was already received at 2026-11-20T23:21:51.327Z: an identifier can be used once in 24 hours.",
      ),
    },
    {
      name: 'the same identifier in the other mode: a new event',
      setup: [send('--identifier', 'evt_1')],
      argv: send('--identifier', 'evt_1', '--api-key', 'sk_live_abc', '--query', 'livemode'),
      code: 0,
      stdout: 'true\n',
      stderr: '',
    },
    {
      name: 'a timestamp 36 days old: timestamp_too_far_in_past, 254',
      argv: send('--timestamp', '2026-10-15T23:21:51.327Z'),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEvent',
        'timestamp_too_far_in_past',
        "The event's timestamp 2026-10-15T23:21:51.327Z is more than 35 days before the time it was received (2026-11-20T23:21:51.327Z).",
      ),
    },
    {
      name: 'a timestamp 6 minutes ahead: timestamp_in_future, 254',
      argv: send('--timestamp', '2026-11-20T23:27:51.327Z'),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEvent',
        'timestamp_in_future',
        "The event's timestamp 2026-11-20T23:27:51.327Z is more than 5 minutes after the time it was received (2026-11-20T23:21:51.327Z).",
      ),
    },
    {
      name: 'a publishable key: secret_key_required, 254',
      argv: send('--api-key', 'pk_test_abc'),
      code: 254,
      stdout: '',
      stderr: v2err('CreateMeterEvent', 'secret_key_required', secretKeyRequired('meter events')),
    },
  ],
});
