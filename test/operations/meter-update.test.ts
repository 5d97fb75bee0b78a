import { createMeter, meterJson, v1err } from '../helpers/stripe-meters.js';
import { operationTable } from './table.js';

const update = (...rest: string[]) => ['meter', 'update', '--id', 'mtr_test0001', ...rest];

operationTable({
  operation: 'UpdateMeter',
  cases: [
    {
      name: 'a new display name; nothing else changes',
      setup: [createMeter()],
      argv: update('--display-name', 'API requests'),
      code: 0,
      stdout: meterJson('mtr_test0001', { displayName: 'API requests' }),
      stderr: '',
    },
    {
      name: 'no change asked: the meter as it is',
      setup: [createMeter()],
      argv: update(),
      code: 0,
      stdout: meterJson(),
      stderr: '',
    },
    {
      name: 'no such meter: resource_missing, 254',
      argv: update('--display-name', 'x'),
      code: 254,
      stdout: '',
      stderr: v1err('UpdateMeter', 'resource_missing', "No such billing.meter: 'mtr_test0001'", 'id'),
    },
  ],
});
