/**
 * The Stripe v2 commands as the tests run them, written out by hand: the stderr of a v2 error, the argv of
 * `meter-event-adjustment create`, what a new adjustment prints on the sandbox's pinned clock, and the
 * messages of the key errors several tests expect.
 */
import type { CliResult } from './cli.js';

/** stderr of a v2 API error in the default (enhanced) format: code, operation, message, then the error's type. */
export const v2err = (op: string, code: string, msg: string, type = 'invalid_request_error'): string =>
  `\nsvcctl: [ERROR]: An error occurred (${code}) when calling the ${op} operation: ${msg}\n\nAdditional error details:\ntype: ${type}\n`;

/** A v2 command the service refused: exit 254, nothing on stdout, the v2 error on stderr. */
export const v2Failure = (op: string, code: string, msg: string, type?: string): CliResult => ({
  code: 254,
  stdout: '',
  stderr: v2err(op, code, msg, type),
});

/** `meter-event create` of the event `identifier` of `eventName` (customer cus_1, value 1), then `more`. */
export const sendEvent = (eventName: string, identifier: string, ...more: string[]): string[] => [
  'meter-event',
  'create',
  '--event-name',
  eventName,
  '--payload',
  'stripe_customer_id=cus_1,value=1',
  '--identifier',
  identifier,
  ...more,
];

/** `meter-event-adjustment create` of type cancel for the meter event `eventName`, then `more` (its --cancel, or not). */
export const createAdjustment = (eventName: string, ...more: string[]): string[] => [
  'meter-event-adjustment',
  'create',
  '--event-name',
  eventName,
  '--type',
  'cancel',
  ...more,
];

/** `meter-event-adjustment create` cancelling the meter event `identifier` of `eventName`, then `more`. */
export const cancelEvent = (eventName: string, identifier: string, ...more: string[]): string[] =>
  createAdjustment(eventName, '--cancel', `identifier=${identifier}`, ...more);

/** What the sandbox's first adjustment, `cancelEvent('api_calls', 'evt_1')`, prints (JSON), in `status`. */
export const adjustmentJson = (status: 'pending' | 'complete'): string => `{
    "id": "mtr_event_adj_test0001",
    "object": "v2.billing.meter_event_adjustment",
    "cancel": {
        "identifier": "evt_1"
    },
    "created": "2026-11-20T23:21:51.327Z",
    "event_name": "api_calls",
    "livemode": false,
    "status": "${status}",
    "type": "cancel"
}
`;

/** The message of secret_key_required: a publishable key for an operation that takes a key with `access`. */
export const secretKeyRequired = (access: string): string =>
  `This request requires a secret key (sk_...) or a restricted key with access to ${access}; a publishable key was given.`;

/** The message of token_must_be_created_with_publishable_key. */
export const LIVE_TOKEN_NEEDS_PUBLISHABLE_KEY =
  'In live mode, account tokens can only be created with your publishable key.';
