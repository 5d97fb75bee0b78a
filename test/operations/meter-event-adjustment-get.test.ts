import {
  adjustmentJson,
  adjustmentRows,
  createAdjustment,
  idRequired,
  sendEvt123,
} from '../helpers/operation-cases.js';
import { v2err } from '../helpers/stripe-v2.js';
import { operationTable } from './table.js';

const get = (...rest: string[]) => ['meter-event-adjustment', 'get', ...rest];

operationTable({
  operation: 'RetrieveMeterEventAdjustment',
  cases: [
    {
      name: 'json: the adjustment',
      setup: [sendEvt123(), createAdjustment()],
      argv: get('--id', 'mtr_event_adj_test0001'),
      code: 0,
      stdout: adjustmentJson('complete'),
      stderr: '',
    },
    {
      name: 'text: the adjustment as rows',
      setup: [sendEvt123(), createAdjustment()],
      argv: get('--id', 'mtr_event_adj_test0001', '--output', 'text'),
      code: 0,
      stdout: adjustmentRows('complete'),
      stderr: '',
    },
    ...idRequired(get()),
    {
      name: 'no such adjustment: not_found, 254',
      argv: get('--id', 'mtr_event_adj_missing'),
      code: 254,
      stdout: '',
      stderr: v2err(
        'RetrieveMeterEventAdjustment',
        'not_found',
        "No such meter event adjustment: 'mtr_event_adj_missing'",
      ),
    },
    {
      name: 'a test adjustment with a live key: not_found, 254',
      setup: [sendEvt123(), createAdjustment()],
      argv: get('--id', 'mtr_event_adj_test0001', '--api-key', 'sk_live_abc'),
      code: 254,
      stdout: '',
      stderr: v2err(
        'RetrieveMeterEventAdjustment',
        'not_found',
        "No such meter event adjustment: 'mtr_event_adj_test0001'",
      ),
    },
  ],
});
