import { requiredMissing } from '../helpers/operation-cases.js';
import { createMeter, meterJson, v1err } from '../helpers/stripe-meters.js';
import { operationTable } from './table.js';

operationTable({
  operation: 'CreateMeter',
  cases: [
    { name: 'json: the meter, with the default keys', argv: createMeter(), code: 0, stdout: meterJson(), stderr: '' },
    {
      name: 'customer_mapping, value_settings and event_time_window as given',
      argv: createMeter(
        'api_calls',
        'last',
        '--customer-mapping',
        'event_payload_key=account,type=by_id',
        '--value-settings',
        'event_payload_key=units',
        '--event-time-window',
        'hour',
        '--query',
        '[customer_mapping.event_payload_key, value_settings.event_payload_key, event_time_window, default_aggregation.formula]',
        '--output',
        'text',
      ),
      code: 0,
      stdout: 'account\tunits\thour\tlast\n',
      stderr: '',
    },
    {
      name: 'a formula outside sum, count and last: parameter_invalid naming default_aggregation[formula], 254',
      argv: createMeter('api_calls', 'avg'),
      code: 254,
      stdout: '',
      stderr: v1err(
        'CreateMeter',
        'parameter_invalid',
        'Invalid default_aggregation[formula]: must satisfy enum value set: [count, last, sum]',
        'default_aggregation[formula]',
      ),
    },
    ...(
      [
        ['an empty formula (formula=)', createMeter('api_calls', ''), 'default_aggregation[formula]'],
        [
          'an empty customer_mapping type (type=)',
          createMeter('api_calls', 'sum', '--customer-mapping', 'type=,event_payload_key=c'),
          'customer_mapping[type]',
        ],
        ['an empty --event-time-window', createMeter('api_calls', 'sum', '--event-time-window='), 'event_time_window'],
      ] as const
    ).map(([what, argv, param]) => ({
      // Stripe reads an empty v1 value as an attempt to unset it: serve's form reading refuses it before its
      // enum, and the embedded backend (no form) alike, not as an enum value no meter has.
      name: `${what}: parameter_invalid_empty naming ${param}, 254, on both backends`,
      argv: [...argv],
      code: 254,
      stdout: '',
      stderr: v1err(
        'CreateMeter',
        'parameter_invalid_empty',
        `You passed an empty string for '${param}', which cannot be unset: remove it from the request or give it a value.`,
        param,
      ),
    })),
    {
      name: 'a publishable key: secret_key_required, 254',
      argv: createMeter('api_calls', 'sum', '--api-key', 'pk_test_abc'),
      code: 254,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (secret_key_required) when calling the CreateMeter operation: This request requires a secret key (sk_...) or a restricted key with access to billing meters; a publishable key was given.\n\nAdditional error details:\ntype: invalid_request_error\n`,
    },
    requiredMissing('--display-name', ['meter', 'create', '--event-name', 'x', '--default-aggregation', 'formula=sum']),
  ],
});
