import {
  adjustmentJson,
  adjustmentRows,
  createAdjustment as create,
  requiredMissing,
  sendEvt123,
} from '../helpers/operation-cases.js';
import { v2err } from '../helpers/stripe-v2.js';
import { validationError } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const adjust = (...rest: string[]) => ['meter-event-adjustment', 'create', ...rest];

operationTable({
  operation: 'CreateMeterEventAdjustment',
  cases: [
    {
      name: 'json: the adjustment',
      setup: [sendEvt123()],
      argv: create(),
      code: 0,
      stdout: adjustmentJson('pending'),
      stderr: '',
    },
    {
      name: 'text: the adjustment as rows',
      setup: [sendEvt123()],
      argv: create('--output', 'text'),
      code: 0,
      stdout: adjustmentRows('pending'),
      stderr: '',
    },
    {
      name: 'an idempotent replay: the same adjustment',
      setup: [sendEvt123(), create('--idempotency-key', 'key-1')],
      argv: create('--idempotency-key', 'key-1', '--query', 'id'),
      code: 0,
      stdout: `"mtr_event_adj_test0001"
`,
      stderr: '',
    },
    {
      name: 'no event with that identifier: invalid_cancel_configuration, 254',
      argv: create(),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventAdjustment',
        'invalid_cancel_configuration',
        "The cancel configuration is invalid: no event with identifier 'evt_123' was received in this mode in the last 24 hours; only such an event can be cancelled.",
      ),
    },
    {
      name: 'the event of the other mode: invalid_cancel_configuration, 254',
      setup: [sendEvt123()],
      argv: create('--api-key', 'sk_live_abc'),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventAdjustment',
        'invalid_cancel_configuration',
        "The cancel configuration is invalid: no event with identifier 'evt_123' was received in this mode in the last 24 hours; only such an event can be cancelled.",
      ),
    },
    {
      name: 'an event cancelled already: invalid_cancel_configuration, 254',
      setup: [sendEvt123(), create()],
      argv: create(),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventAdjustment',
        'invalid_cancel_configuration',
        "The cancel configuration is invalid: the event with identifier 'evt_123' has already been cancelled; an event can be cancelled once.",
      ),
    },
    {
      name: 'another event name than the event has: invalid_cancel_configuration, 254',
      setup: [sendEvt123()],
      argv: adjust('--event-name', 'storage', '--type', 'cancel', '--cancel', 'identifier=evt_123'),
      code: 254,
      status: 400,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventAdjustment',
        'invalid_cancel_configuration',
        "The cancel configuration is invalid: the event with identifier 'evt_123' has event_name 'api_calls', not 'storage'.",
      ),
    },
    requiredMissing('--event-name', adjust('--type', 'cancel', '--cancel', 'identifier=evt_1')),
    {
      name: 'an empty event name: 252',
      argv: adjust('--event-name', '', '--type', 'cancel', '--cancel', 'identifier=evt_1'),
      code: 252,
      stdout: '',
      stderr: validationError('Invalid length for parameter event_name, value: 0, valid min length: 1'),
    },
    {
      name: 'a cancel without its identifier: invalid_cancel_configuration, 254',
      argv: adjust('--event-name', 'api_calls', '--type', 'cancel', '--cancel', '{}'),
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventAdjustment',
        'invalid_cancel_configuration',
        'The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.',
      ),
    },
    {
      name: 'a type outside the enum: parameter_invalid, 254',
      argv: adjust('--event-name', 'api_calls', '--type', 'refund', '--cancel', 'identifier=evt_1'),
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventAdjustment',
        'parameter_invalid',
        'Invalid type: must satisfy enum value set: [cancel]',
      ),
    },
    {
      name: 'the key reused with other parameters: idempotency_error, 254',
      setup: [sendEvt123(), create('--idempotency-key', 'key-1')],
      argv: adjust(
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
      stderr: v2err(
        'CreateMeterEventAdjustment',
        'idempotency_error',
        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'key-1' if you meant to execute a different request.",
        'idempotency_error',
      ),
    },
    {
      name: 'a publishable key: secret_key_required, 254',
      argv: create('--api-key', 'pk_test_abc'),
      code: 254,
      stdout: '',
      stderr: v2err(
        'CreateMeterEventAdjustment',
        'secret_key_required',
        'This request requires a secret key (sk_...) or a restricted key with access to meter event adjustments; a publishable key was given.',
      ),
    },
  ],
});
