import type { CliResult } from '../helpers/cli.js';
import { createMeter, usage } from '../helpers/stripe-meters.js';
import { v2err } from '../helpers/stripe-v2.js';
import { operationTable } from './table.js';

const list = (...rest: string[]) => ['event', 'list', ...rest];
/** `meter-event create` of `eventName` with this payload. */
const send = (identifier: string, payload: string, eventName = 'api_calls') => [
  'meter-event',
  'create',
  '--event-name',
  eventName,
  '--payload',
  payload,
  '--identifier',
  identifier,
  '--output',
  'off',
];
/** Three events the meter of api_calls cannot count, and one of a name no meter has. */
const uncounted = [
  createMeter(),
  send('e1', 'value=3'),
  send('e2', 'stripe_customer_id=cus_1,value=lots'),
  send('e3', 'stripe_customer_id=cus_1'),
  send('e4', 'stripe_customer_id=cus_1,value=1', 'unmetered'),
];
/** Three meters, each with an event it cannot count: three reports, one a meter, newest (mtr_test0003's) first. */
const threeReports = ['a', 'b', 'c'].flatMap((name, i) => [createMeter(name), send(`e${i}`, 'value=1', name)]);
const pageOf = (r: CliResult) => new URL(r.stdout.trim(), 'http://x').searchParams.get('page')!;

operationTable({
  operation: 'ListEvents',
  cases: [
    {
      name: "json: a meter's error report, its errors by code, for one meter (object_id)",
      setup: uncounted,
      argv: list('--object-id', 'mtr_test0001'),
      code: 0,
      stdout: `{
    "data": [
        {
            "id": "evt_test_VAnDm1ZnwzGLcYLmKAaskYfmtoDTii6j",
            "object": "v2.core.event",
            "context": null,
            "created": "2026-11-20T23:21:51.327Z",
            "data": {
                "developer_message_summary": "3 meter events received between 2026-11-20T23:21:00.000Z and 2026-11-20T23:22:00.000Z could not be counted by meter mtr_test0001.",
                "reason": {
                    "error_count": 3,
                    "error_types": [
                        {
                            "code": "meter_event_no_customer_defined",
                            "error_count": 1,
                            "sample_errors": [
                                {
                                    "error_message": "The payload has no stripe_customer_id (the meter's customer_mapping.event_payload_key).",
                                    "request": {
                                        "identifier": "e1"
                                    }
                                }
                            ]
                        },
                        {
                            "code": "meter_event_invalid_value",
                            "error_count": 2,
                            "sample_errors": [
                                {
                                    "error_message": "The payload's value is not a number.",
                                    "request": {
                                        "identifier": "e2"
                                    }
                                },
                                {
                                    "error_message": "The payload has no value (the meter's value_settings.event_payload_key).",
                                    "request": {
                                        "identifier": "e3"
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
            "related_object": {
                "id": "mtr_test0001",
                "type": "billing.meter",
                "url": "/v1/billing/meters/mtr_test0001"
            },
            "type": "v1.billing.meter.error_report_triggered"
        }
    ],
    "previous_page_url": null
}
`,
      stderr: '',
    },
    {
      // Newest first; made at the same time (the sandbox's clock stands still), by id.
      name: 'every report of the account and mode: the no_meter_found one has no related object',
      setup: uncounted,
      argv: list(
        '--query',
        'data[].[type, related_object.id || `none`, data.reason.error_types[0].code, data.reason.error_count]',
        '--output',
        'text',
      ),
      code: 0,
      stdout:
        'v1.billing.meter.no_meter_found\tnone\tno_meter\t1\n' +
        'v1.billing.meter.error_report_triggered\tmtr_test0001\tmeter_event_no_customer_defined\t3\n',
      stderr: '',
    },
    {
      name: 'events the meters count make no report; a count meter needs no value',
      setup: [createMeter('api_calls', 'count'), send('e1', 'stripe_customer_id=cus_1'), usage('e2', 'cus_1', '7')],
      argv: list(),
      code: 0,
      stdout: '{\n    "data": [],\n    "previous_page_url": null\n}\n',
      stderr: '',
    },
    {
      name: 'a minute of many errors: all counted, five sampled, the first five received',
      setup: [createMeter(), ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((id) => send(id, 'value=1'))],
      argv: list(
        '--query',
        'data[0].data.reason.error_types[0].[error_count, join(`,`, sample_errors[].request.identifier)]',
        '--output',
        'text',
      ),
      code: 0,
      stdout: '7\ta,b,c,d,e\n',
      stderr: '',
    },
    {
      name: 'a page of one: next_page_url pages on (page), and the next page has a previous_page_url',
      setup: [...uncounted, list('--limit', '1', '--query', 'next_page_url', '--output', 'text')],
      argv: (setup) =>
        list(
          '--page',
          pageOf(setup.at(-1)!),
          '--query',
          '[data[].type, next_page_url, previous_page_url != null]',
          '--output',
          'json',
        ),
      code: 0,
      stdout: '[\n    [\n        "v1.billing.meter.error_report_triggered"\n    ],\n    null,\n    true\n]\n',
      stderr: '',
    },
    {
      name: "an event of a deactivated meter's name is no_meter; a value of 16 digits is meter_event_invalid_value",
      setup: [
        createMeter(),
        createMeter('old_calls'),
        ['meter', 'deactivate', '--id', 'mtr_test0002', '--output', 'off'],
        send('e1', 'stripe_customer_id=cus_1,value=1', 'old_calls'),
        send('e2', 'stripe_customer_id=cus_1,value=1234567890123456'),
      ],
      argv: list('--query', 'sort(data[].data.reason.error_types[].code[])', '--output', 'text'),
      code: 0,
      stdout: 'meter_event_invalid_value\tno_meter\n',
      stderr: '',
    },
    {
      // Compat row 418 (hostile pass 8b): counted, a customer id of 8,000 characters was a 500 on PostgreSQL
      // (the usage index holds at most 2,704 bytes a row); Stripe's ids are at most 255 characters.
      name: 'a customer id of 256 characters is meter_event_customer_not_found; one of 255 is counted',
      setup: [
        createMeter(),
        send('e1', `stripe_customer_id=${'c'.repeat(256)},value=1`),
        send('e2', `stripe_customer_id=${'c'.repeat(255)},value=1`),
      ],
      argv: list(
        '--query',
        'data[].data.reason.[error_count, error_types[0].code, error_types[0].sample_errors[0].[error_message, request.identifier]]',
        '--output',
        'json',
      ),
      code: 0,
      stdout: `[
    [
        1,
        "meter_event_customer_not_found",
        [
            "The payload's stripe_customer_id is 256 characters: no customer's id is longer than 255.",
            "e1"
        ]
    ]
]
`,
      stderr: '',
    },
    {
      // Hostile pass 17d: event list printed the first 20 reports and a next_page_url, and took no --max-items.
      name: '--page-size 1: every page, each from the page token of the one before (next_page_url), merged',
      setup: threeReports,
      argv: list('--page-size', '1', '--query', 'data[].related_object.id', '--output', 'text'),
      code: 0,
      // Made at one instant (the sandbox's clock stands still), the reports are in the order of their ids.
      stdout: 'mtr_test0003\nmtr_test0001\nmtr_test0002\n',
      stderr: '',
      requests: 3,
    },
    {
      name: "merged: next_page_url dropped, the first page's previous_page_url kept",
      setup: threeReports,
      argv: list('--page-size', '2', '--query', '[length(data), keys(@)]', '--output', 'json'),
      code: 0,
      stdout: '[\n    3,\n    [\n        "data",\n        "previous_page_url"\n    ]\n]\n',
      stderr: '',
      requests: 2,
    },
    {
      name: '--max-items 2 then --starting-token: the rest, from where it stopped',
      setup: [
        ...threeReports,
        list('--max-items', '2', '--page-size', '2', '--query', 'NextToken', '--output', 'json'),
      ],
      argv: (setup) =>
        list(
          '--starting-token',
          JSON.parse(setup.at(-1)!.stdout),
          '--query',
          'data[].related_object.id',
          '--output',
          'text',
        ),
      code: 0,
      stdout: 'mtr_test0002\n',
      stderr: '',
    },
    {
      // compat 438: the v2 page token carries its list's limit, so a run resumed at another --page-size is
      // refused by the service, where the AWS CLI resumes at any page size.
      name: '--starting-token of a run with --page-size 1, resumed with --page-size 2: invalid_page_token (254)',
      setup: [
        ...threeReports,
        list('--max-items', '1', '--page-size', '1', '--query', 'NextToken', '--output', 'json'),
      ],
      argv: (setup) => list('--starting-token', JSON.parse(setup.at(-1)!.stdout), '--page-size', '2'),
      code: 254,
      stdout: '',
      stderr: v2err(
        'ListEvents',
        'invalid_page_token',
        "The page token was made for another limit than '2': a page token is used with the parameters of its list, or alone.",
      ),
    },
    {
      name: '--limit (a page of the service, hidden as the AWS CLI hides its own): that page alone, with its next_page_url',
      setup: threeReports,
      argv: list('--limit', '1', '--query', '[length(data), next_page_url != null]', '--output', 'text'),
      code: 0,
      stdout: '1\tTrue\n',
      stderr: '',
    },
    {
      name: '--no-paginate: the first page as the service answers it, next_page_url and previous_page_url',
      setup: threeReports,
      argv: list('--no-paginate', '--query', '[length(data), keys(@)]', '--output', 'json'),
      code: 0,
      stdout: '[\n    3,\n    [\n        "data",\n        "next_page_url",\n        "previous_page_url"\n    ]\n]\n',
      stderr: '',
      requests: 1,
    },
    {
      name: 'a page-size over 20: the service refuses the limit (254)',
      argv: list('--page-size', '21'),
      code: 254,
      stdout: '',
      stderr: v2err('ListEvents', 'parameter_invalid', 'Invalid limit: must have value less than or equal to 20'),
    },
    {
      name: 'a page token that is not one: invalid_page_token, 254',
      argv: list('--page', 'abc'),
      code: 254,
      stdout: '',
      stderr: v2err('ListEvents', 'invalid_page_token', "The page token 'abc' is not one of this list's page tokens."),
    },
    {
      name: 'a limit over 20: parameter_invalid, 254',
      argv: list('--limit', '21'),
      code: 254,
      stdout: '',
      stderr: v2err('ListEvents', 'parameter_invalid', 'Invalid limit: must have value less than or equal to 20'),
    },
    {
      name: "another mode's reports are not listed",
      setup: uncounted,
      argv: list('--api-key', 'sk_live_abc', '--query', 'length(data)'),
      code: 0,
      stdout: '0\n',
      stderr: '',
    },
  ],
});
