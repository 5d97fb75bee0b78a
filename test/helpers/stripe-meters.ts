/**
 * Stripe's v1 meters as the tests run them, written out by hand: `meter create`'s argv, what a meter prints on
 * the sandbox's pinned clock (2026-11-20T23:21:51.327Z, Unix 1795216911), and the stderr of a v1 error (its
 * parameter after its type).
 */

/** The pinned clock in Unix seconds, as v1 objects carry times. */
export const PINNED_S = 1795216911;
/** The hour the pinned clock is in (23:00Z), and the day (2026-11-20T00:00Z). */
export const HOUR_S = 1795215600;
export const DAY_S = 1795132800;

/** `meter create` of a meter of `eventName` with `formula`, then `more`. */
export const createMeter = (eventName = 'api_calls', formula = 'sum', ...more: string[]): string[] => [
  'meter',
  'create',
  '--display-name',
  'API calls',
  '--event-name',
  eventName,
  '--default-aggregation',
  `formula=${formula}`,
  ...more,
];

/** `meter-event create` of `value` for `customer` under `eventName`, identified by `identifier`, then `more`. */
export const usage = (identifier: string, customer: string, value: string, ...more: string[]): string[] => [
  'meter-event',
  'create',
  '--event-name',
  'api_calls',
  '--payload',
  `stripe_customer_id=${customer},value=${value}`,
  '--identifier',
  identifier,
  '--output',
  'off',
  ...more,
];

/** What a meter prints as JSON (indented `pad` spaces inside a list), members as Stripe orders them. */
export function meterJson(
  id = 'mtr_test0001',
  more: { status?: string; deactivated?: number; displayName?: string; formula?: string } = {},
): string {
  return `{
    "id": "${id}",
    "object": "billing.meter",
    "created": ${PINNED_S},
    "customer_mapping": {
        "event_payload_key": "stripe_customer_id",
        "type": "by_id"
    },
    "default_aggregation": {
        "formula": "${more.formula ?? 'sum'}"
    },
    "display_name": "${more.displayName ?? 'API calls'}",
    "event_name": "api_calls",
    "event_time_window": null,
    "livemode": false,
    "status": "${more.status ?? 'active'}",
    "status_transitions": {
        "deactivated_at": ${more.deactivated ?? 'null'}
    },
    "updated": ${PINNED_S},
    "value_settings": {
        "event_payload_key": "value"
    }
}
`;
}

/** stderr of a v1 error in the default (enhanced) format: code, operation, message, type, then the parameter. */
export const v1err = (op: string, code: string, msg: string, param?: string): string =>
  `\nsvcctl: [ERROR]: An error occurred (${code}) when calling the ${op} operation: ${msg}\n\nAdditional error details:\ntype: invalid_request_error\n${param === undefined ? '' : `param: ${param}\n`}`;
