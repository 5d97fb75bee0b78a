import { idRequired } from '../helpers/operation-cases.js';
import { createMeter, meterJson, v1err } from '../helpers/stripe-meters.js';
import { operationTable } from './table.js';

const get = (...rest: string[]) => ['meter', 'get', ...rest];

operationTable({
  operation: 'RetrieveMeter',
  cases: [
    {
      name: 'json: the meter',
      setup: [createMeter()],
      argv: get('--id', 'mtr_test0001'),
      code: 0,
      stdout: meterJson(),
      stderr: '',
    },
    {
      name: 'no such meter: resource_missing naming id, 254',
      argv: get('--id', 'mtr_missing'),
      code: 254,
      stdout: '',
      stderr: v1err('RetrieveMeter', 'resource_missing', "No such billing.meter: 'mtr_missing'", 'id'),
    },
    {
      name: 'a test meter with a live key: resource_missing, 254',
      setup: [createMeter()],
      argv: get('--id', 'mtr_test0001', '--api-key', 'sk_live_abc'),
      code: 254,
      stdout: '',
      stderr: v1err('RetrieveMeter', 'resource_missing', "No such billing.meter: 'mtr_test0001'", 'id'),
    },
    ...idRequired(get()),
  ],
});
