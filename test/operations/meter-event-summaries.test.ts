import { cancelEvent } from '../helpers/stripe-v2.js';
import { createMeter, DAY_S, HOUR_S, usage, v1err } from '../helpers/stripe-meters.js';
import { operationTable } from './table.js';

const summaries = (start: number, end: number, ...rest: string[]) => [
  'meter',
  'event-summaries',
  '--id',
  'mtr_test0001',
  '--customer',
  'cus_1',
  '--start-time',
  String(start),
  '--end-time',
  String(end),
  ...rest,
];
const events = [usage('e1', 'cus_1', '5'), usage('e2', 'cus_1', '7'), usage('e3', 'cus_2', '100')];
/** Three events of cus_1 received in another order than their timestamps: the latest timestamp's value is 4. */
const spread = [
  usage('e1', 'cus_1', '5', '--timestamp', '2026-11-20T23:10:00.000Z'),
  usage('e3', 'cus_1', '4', '--timestamp', '2026-11-20T23:20:00.000Z'),
  usage('e2', 'cus_1', '7', '--timestamp', '2026-11-20T23:05:00.000Z'),
];
const values = ['--query', 'data[].[start_time, end_time, aggregated_value]', '--output', 'text'];

operationTable({
  operation: 'ListMeterEventSummaries',
  cases: [
    {
      name: 'json: one summary of the range, the customer’s events only',
      setup: [createMeter(), ...events],
      argv: summaries(HOUR_S, HOUR_S + 3600),
      code: 0,
      stdout: `{
    "object": "list",
    "data": [
        {
            "id": "mtrusg_rSDXECvT3reRn6dU2Fe8vUkw",
            "object": "billing.meter_event_summary",
            "aggregated_value": 12,
            "end_time": ${HOUR_S + 3600},
            "livemode": false,
            "meter": "mtr_test0001",
            "start_time": ${HOUR_S}
        }
    ],
    "url": "/v1/billing/meters/mtr_test0001/event_summaries"
}
`,
      stderr: '',
    },
    {
      name: 'a completed adjustment leaves its event out',
      setup: [createMeter(), ...events, cancelEvent('api_calls', 'e1')],
      argv: summaries(HOUR_S, HOUR_S + 3600, ...values),
      code: 0,
      stdout: `${HOUR_S}\t${HOUR_S + 3600}\t7\n`,
      stderr: '',
    },
    {
      name: 'a pending adjustment does not yet',
      settings: { meter_event_adjustment_processing_ms: '60000' },
      setup: [createMeter(), ...events, cancelEvent('api_calls', 'e1')],
      argv: summaries(HOUR_S, HOUR_S + 3600, ...values),
      code: 0,
      stdout: `${HOUR_S}\t${HOUR_S + 3600}\t12\n`,
      stderr: '',
    },
    {
      name: 'by hour: only the hours with events, newest first',
      setup: [
        createMeter(),
        ...events,
        usage('e4', 'cus_1', '2', '--timestamp', '2026-11-20T21:59:59.999Z'),
        usage('e5', 'cus_1', '1', '--timestamp', '2026-11-20T21:00:00.000Z'),
      ],
      argv: summaries(HOUR_S - 3 * 3600, HOUR_S + 3600, '--value-grouping-window', 'hour', ...values),
      code: 0,
      stdout: `${HOUR_S}\t${HOUR_S + 3600}\t12\n${HOUR_S - 7200}\t${HOUR_S - 3600}\t3\n`,
      stderr: '',
    },
    {
      name: 'last: the value of the latest timestamp, whatever the order received',
      setup: [createMeter('api_calls', 'last'), createMeter('api_calls', 'count'), ...spread],
      argv: summaries(HOUR_S, HOUR_S + 3600, ...values),
      code: 0,
      stdout: `${HOUR_S}\t${HOUR_S + 3600}\t4\n`,
      stderr: '',
    },
    {
      name: 'count: the events, whatever their values',
      setup: [createMeter('api_calls', 'last'), createMeter('api_calls', 'count'), ...spread],
      argv: summaries(HOUR_S, HOUR_S + 3600, ...values).map((a) => (a === 'mtr_test0001' ? 'mtr_test0002' : a)),
      code: 0,
      stdout: `${HOUR_S}\t${HOUR_S + 3600}\t3\n`,
      stderr: '',
    },
    {
      name: 'an event before the meter existed, or without the customer key, is not counted',
      setup: [
        usage('e0', 'cus_1', '50'),
        createMeter(),
        ['meter-event', 'create', '--event-name', 'api_calls', '--payload', 'value=9', '--output', 'off'],
        [
          'meter-event',
          'create',
          '--event-name',
          'api_calls',
          '--payload',
          'stripe_customer_id=cus_1,value=lots',
          '--output',
          'off',
        ],
        usage('e2', 'cus_1', '7'),
      ],
      argv: summaries(DAY_S, DAY_S + 86400, '--value-grouping-window', 'day', ...values),
      code: 0,
      stdout: `${DAY_S}\t${DAY_S + 86400}\t7\n`,
      stderr: '',
    },
    {
      name: 'a start off the hour with --value-grouping-window hour: parameter_invalid naming start_time, 254',
      setup: [createMeter()],
      argv: summaries(HOUR_S + 60, HOUR_S + 3600, '--value-grouping-window', 'hour'),
      code: 254,
      stdout: '',
      stderr: v1err(
        'ListMeterEventSummaries',
        'parameter_invalid',
        `Invalid start_time: with value_grouping_window hour, ${HOUR_S + 60} must be on an hour boundary.`,
        'start_time',
      ),
    },
    {
      name: 'an end not after the start: parameter_invalid naming end_time, 254',
      setup: [createMeter()],
      argv: summaries(HOUR_S, HOUR_S),
      code: 254,
      stdout: '',
      stderr: v1err(
        'ListMeterEventSummaries',
        'parameter_invalid',
        `Invalid end_time: ${HOUR_S} must be after start_time ${HOUR_S}.`,
        'end_time',
      ),
    },
  ],
});
