import { createMeter, meterJson, PINNED_S, v1err } from '../helpers/stripe-meters.js';
import { operationTable } from './table.js';

const reactivate = ['meter', 'reactivate', '--id', 'mtr_test0001'];

operationTable({
  operation: 'ReactivateMeter',
  cases: [
    {
      name: 'active again; deactivated_at keeps the last deactivation',
      setup: [createMeter(), ['meter', 'deactivate', '--id', 'mtr_test0001']],
      argv: reactivate,
      code: 0,
      stdout: meterJson('mtr_test0001', { deactivated: PINNED_S }),
      stderr: '',
    },
    {
      name: 'an active meter: as it is',
      setup: [createMeter()],
      argv: reactivate,
      code: 0,
      stdout: meterJson(),
      stderr: '',
    },
    {
      name: 'no such meter: resource_missing, 254',
      argv: reactivate,
      code: 254,
      stdout: '',
      stderr: v1err('ReactivateMeter', 'resource_missing', "No such billing.meter: 'mtr_test0001'", 'id'),
    },
  ],
});
