import { operationTable } from './table.js';

const create = [
  'meter-event-adjustment',
  'create',
  '--event-name',
  'api_calls',
  '--type',
  'cancel',
  '--cancel',
  'identifier=evt_123',
];

operationTable({
  operation: 'RetrieveMeterEventAdjustment',
  cases: [
    {
      name: 'json: the adjustment',
      setup: [create],
      argv: ['meter-event-adjustment', 'get', '--id', 'mtr_event_adj_test0001'],
      code: 0,
      stdout: `{
    "id": "mtr_event_adj_test0001",
    "object": "v2.billing.meter_event_adjustment",
    "cancel": {
        "identifier": "evt_123"
    },
    "created": "2026-11-20T23:21:51.327Z",
    "event_name": "api_calls",
    "livemode": false,
    "status": "complete",
    "type": "cancel"
}
`,
      stderr: '',
    },
    {
      name: 'text: the adjustment as rows',
      setup: [create],
      argv: ['meter-event-adjustment', 'get', '--id', 'mtr_event_adj_test0001', '--output', 'text'],
      code: 0,
      stdout: `2026-11-20T23:21:51.327Z	api_calls	mtr_event_adj_test0001	False	v2.billing.meter_event_adjustment	complete	cancel
CANCEL	evt_123
`,
      stderr: '',
    },
    {
      name: 'required --id missing: 252',
      argv: ['meter-event-adjustment', 'get'],
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
      argv: ['meter-event-adjustment', 'get', '--id', ''],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:
Invalid length for parameter id, value: 0, valid min length: 1
`,
    },
    {
      name: 'no such adjustment: not_found, 254',
      argv: ['meter-event-adjustment', 'get', '--id', 'mtr_event_adj_missing'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (not_found) when calling the RetrieveMeterEventAdjustment operation: No such meter event adjustment: 'mtr_event_adj_missing'

Additional error details:
type: invalid_request_error
`,
    },
    {
      name: 'a test adjustment with a live key: not_found, 254',
      setup: [create],
      argv: ['meter-event-adjustment', 'get', '--id', 'mtr_event_adj_test0001', '--api-key', 'sk_live_abc'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (not_found) when calling the RetrieveMeterEventAdjustment operation: No such meter event adjustment: 'mtr_event_adj_test0001'

Additional error details:
type: invalid_request_error
`,
    },
  ],
});
