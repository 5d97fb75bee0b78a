import type { CliResult } from '../helpers/cli.js';
import { idRequired } from '../helpers/operation-cases.js';
import { createMeter } from '../helpers/stripe-meters.js';
import { v2err } from '../helpers/stripe-v2.js';
import { operationTable } from './table.js';

const get = (...rest: string[]) => ['event', 'get', ...rest];
/** An event of a name no meter has, and the id of the report it makes (event list). */
const reported = [
  createMeter(),
  [
    'meter-event',
    'create',
    '--event-name',
    'unmetered',
    '--payload',
    'stripe_customer_id=cus_1,value=1',
    '--identifier',
    'e1',
    '--output',
    'off',
  ],
  ['event', 'list', '--query', 'data[0].id', '--output', 'text'],
];
const idOf = (setup: CliResult[]) => setup.at(-1)!.stdout.trim();

operationTable({
  operation: 'RetrieveEvent',
  cases: [
    {
      name: 'json: a no_meter_found report, as listed',
      setup: reported,
      argv: (setup) => get('--id', idOf(setup)),
      code: 0,
      stdout: `{
    "id": "evt_test_W05NbIXHhZw0XAEuuzGk2Y5HefQHdT09",
    "object": "v2.core.event",
    "context": null,
    "created": "2026-11-20T23:21:51.327Z",
    "data": {
        "developer_message_summary": "1 meter event received between 2026-11-20T23:21:00.000Z and 2026-11-20T23:22:00.000Z could not be counted by any meter (no active meter has their event_name).",
        "reason": {
            "error_count": 1,
            "error_types": [
                {
                    "code": "no_meter",
                    "error_count": 1,
                    "sample_errors": [
                        {
                            "error_message": "No active meter has this event_name.",
                            "request": {
                                "identifier": "e1"
                            }
                        }
                    ]
                }
            ]
        },
        "validation_end": "2026-11-20T23:22:00.000Z",
        "validation_start": "2026-11-20T23:21:00.000Z"
    },
    "livemode": false,
    "reason": null,
    "related_object": null,
    "type": "v1.billing.meter.no_meter_found"
}
`,
      stderr: '',
    },
    {
      name: 'no such event: not_found, 254',
      argv: get('--id', 'evt_test_missing'),
      code: 254,
      stdout: '',
      stderr: v2err('RetrieveEvent', 'not_found', "No such event: 'evt_test_missing'"),
    },
    {
      name: 'a test report with a live key: not_found, 254',
      setup: reported,
      argv: (setup) => get('--id', idOf(setup), '--api-key', 'sk_live_abc'),
      code: 254,
      stdout: '',
      stderr: v2err('RetrieveEvent', 'not_found', "No such event: 'evt_test_W05NbIXHhZw0XAEuuzGk2Y5HefQHdT09'"),
    },
    ...idRequired(get()),
  ],
});
