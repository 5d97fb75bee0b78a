import { operationTable } from './table.js';

const create = (...rest: string[]) => ['meter-event-adjustment', 'create', ...rest];
const CANCEL = ['--event-name', 'api_calls', '--type', 'cancel', '--cancel', 'identifier=evt_123'];

operationTable({
  operation: 'CreateMeterEventAdjustment',
  cases: [
    {
      name: 'json: the adjustment',
      argv: create(...CANCEL),
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
    "status": "pending",
    "type": "cancel"
}
`,
      stderr: '',
    },
    {
      name: 'text: the adjustment as rows',
      argv: create(...CANCEL, '--output', 'text'),
      code: 0,
      stdout: `2026-11-20T23:21:51.327Z	api_calls	mtr_event_adj_test0001	False	v2.billing.meter_event_adjustment	pending	cancel
CANCEL	evt_123
`,
      stderr: '',
    },
    {
      name: 'an idempotent replay: the same adjustment',
      setup: [create(...CANCEL, '--idempotency-key', 'key-1')],
      argv: create(...CANCEL, '--idempotency-key', 'key-1', '--query', 'id'),
      code: 0,
      stdout: `"mtr_event_adj_test0001"
`,
      stderr: '',
    },
    {
      name: 'required --event-name missing: 252',
      argv: create('--type', 'cancel', '--cancel', 'identifier=evt_1'),
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --event-name

usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help
`,
    },
    {
      name: 'an empty event name: 252',
      argv: create('--event-name', '', '--type', 'cancel', '--cancel', 'identifier=evt_1'),
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:
Invalid length for parameter event_name, value: 0, valid min length: 1
`,
    },
    {
      name: 'a cancel without its identifier: invalid_cancel_configuration, 254',
      argv: create('--event-name', 'api_calls', '--type', 'cancel', '--cancel', '{}'),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (invalid_cancel_configuration) when calling the CreateMeterEventAdjustment operation: The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.

Additional error details:
type: invalid_request_error
`,
    },
    {
      name: 'a type outside the enum: parameter_invalid, 254',
      argv: create('--event-name', 'api_calls', '--type', 'refund', '--cancel', 'identifier=evt_1'),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (parameter_invalid) when calling the CreateMeterEventAdjustment operation: Invalid type: must satisfy enum value set: [cancel]

Additional error details:
type: invalid_request_error
`,
    },
    {
      name: 'the key reused with other parameters: idempotency_error, 254',
      setup: [create(...CANCEL, '--idempotency-key', 'key-1')],
      argv: create(
        '--event-name',
        'other',
        '--type',
        'cancel',
        '--cancel',
        'identifier=evt_1',
        '--idempotency-key',
        'key-1',
      ),
      code: 254,
      status: 409,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (idempotency_error) when calling the CreateMeterEventAdjustment operation: Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'key-1' if you meant to execute a different request.

Additional error details:
type: idempotency_error
`,
    },
    {
      name: 'a publishable key: secret_key_required, 254',
      argv: create(...CANCEL, '--api-key', 'pk_test_abc'),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (secret_key_required) when calling the CreateMeterEventAdjustment operation: This request requires a secret key (sk_...) or a restricted key with access to meter event adjustments; a publishable key was given.

Additional error details:
type: invalid_request_error
`,
    },
  ],
});
