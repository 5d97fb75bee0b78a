import { paramError } from '../helpers/cli-results.js';
import { createMeter, v1err } from '../helpers/stripe-meters.js';
import { operationTable } from './table.js';

const list = (...rest: string[]) => ['meter', 'list', ...rest];
const three = [createMeter('a'), createMeter('b'), createMeter('c')];
const ids = ['--query', 'data[].id', '--output', 'text'];

operationTable({
  operation: 'ListMeters',
  cases: [
    ...(['--status=', '--ending-before='] as const).map((flag) => {
      const param = flag.slice(2, -1).replace('-', '_');
      return {
        // The empty-value rule of Stripe's v1 query string, on the embedded backend as through serve.
        name: `${flag}: parameter_invalid_empty naming ${param}, 254, on both backends`,
        argv: list(flag),
        code: 254,
        stdout: '',
        stderr: v1err(
          'ListMeters',
          'parameter_invalid_empty',
          `You passed an empty string for '${param}', which cannot be unset: remove it from the request or give it a value.`,
          param,
        ),
      };
    }),
    {
      name: 'newest first (created, then id), every page merged',
      setup: three,
      argv: list(...ids),
      code: 0,
      stdout: 'mtr_test0003\tmtr_test0002\tmtr_test0001\n',
      stderr: '',
    },
    {
      name: '--page-size 1: three requests, after the last id of each page while has_more',
      setup: three,
      argv: list('--page-size', '1', ...ids),
      code: 0,
      // text output prints each page's items on a line of its own, as the AWS CLI's does
      stdout: 'mtr_test0003\nmtr_test0002\nmtr_test0001\n',
      stderr: '',
      requests: 3,
    },
    {
      name: '--max-items 2: two meters and a NextToken',
      setup: three,
      argv: list('--max-items', '2', '--query', '[data[].id, NextToken]'),
      code: 0,
      stdout:
        '[\n    [\n        "mtr_test0003",\n        "mtr_test0002"\n    ],\n    "eyJzdGFydGluZ19hZnRlciI6IG51bGwsICJib3RvX3RydW5jYXRlX2Ftb3VudCI6IDJ9"\n]\n',
      stderr: '',
    },
    {
      name: '--starting-token: the rest, from where --max-items stopped',
      setup: three,
      argv: list('--starting-token', 'eyJzdGFydGluZ19hZnRlciI6IG51bGwsICJib3RvX3RydW5jYXRlX2Ftb3VudCI6IDJ9', ...ids),
      code: 0,
      stdout: 'mtr_test0001\n',
      stderr: '',
    },
    {
      name: '--no-paginate: the first page as Stripe answers it, has_more and url',
      setup: three,
      argv: list(
        '--no-paginate',
        '--ending-before',
        'mtr_test0001',
        '--query',
        '[data[].id, has_more, object, url]',
        '--output',
        'json',
      ),
      code: 0,
      stdout:
        '[\n    [\n        "mtr_test0003",\n        "mtr_test0002"\n    ],\n    false,\n    "list",\n    "/v1/billing/meters"\n]\n',
      stderr: '',
    },
    {
      name: '--status inactive: only the deactivated',
      setup: [...three, ['meter', 'deactivate', '--id', 'mtr_test0002']],
      argv: list('--status', 'inactive', ...ids),
      code: 0,
      stdout: 'mtr_test0002\n',
      stderr: '',
    },
    // Final hostile pass 6a: the paginator sent starting_after beside --ending-before for the second page, and
    // Stripe's "You may only specify one of these parameters" (254) came after the first page was printed.
    {
      name: '--ending-before with --page-size 1: walked backwards, ending before the first id of each page, printed newest first',
      setup: three,
      argv: list('--ending-before', 'mtr_test0001', '--page-size', '1', ...ids),
      code: 0,
      stdout: 'mtr_test0003\tmtr_test0002\n',
      stderr: '',
      requests: 2,
    },
    {
      name: '--ending-before with --max-items: refused before any call (a backward walk has no resume token)',
      setup: three,
      argv: list('--ending-before', 'mtr_test0001', '--max-items', '1'),
      code: 252,
      stdout: '',
      stderr: paramError(
        '--ending-before walks the list backwards, which --max-items and --starting-token do not resume: use --page-size, or --no-paginate for one page.',
      ),
      requests: 0,
    },
    {
      name: '--ending-before an unknown meter: resource_missing naming ending_before, 254',
      argv: list('--ending-before', 'mtr_missing'),
      code: 254,
      stdout: '',
      stderr: v1err('ListMeters', 'resource_missing', "No such billing.meter: 'mtr_missing'", 'ending_before'),
    },
  ],
});
