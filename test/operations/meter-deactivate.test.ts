import { createMeter, meterJson, PINNED_S, v1err } from '../helpers/stripe-meters.js';
import { operationTable } from './table.js';

const deactivate = ['meter', 'deactivate', '--id', 'mtr_test0001'];

operationTable({
  operation: 'DeactivateMeter',
  cases: [
    {
      name: 'inactive, with the time it was deactivated',
      setup: [createMeter()],
      argv: deactivate,
      code: 0,
      stdout: meterJson('mtr_test0001', { status: 'inactive', deactivated: PINNED_S }),
      stderr: '',
    },
    {
      name: 'an inactive meter again: as it is',
      setup: [createMeter(), deactivate],
      argv: [...deactivate, '--query', 'status'],
      code: 0,
      stdout: '"inactive"\n',
      stderr: '',
    },
    {
      name: 'no such meter: resource_missing, 254',
      argv: deactivate,
      code: 254,
      stdout: '',
      stderr: v1err('DeactivateMeter', 'resource_missing', "No such billing.meter: 'mtr_test0001'", 'id'),
    },
  ],
});
