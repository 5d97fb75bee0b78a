/**
 * Meters (Stripe's v1 API) as the public `stripe` SDK (23.1.0) calls them at `svcctl serve` (a child process):
 * `stripe.billing.meters.create/retrieve/list/update/deactivate/reactivate` and `listEventSummaries` before
 * and after an adjustment, each answer validated against the schemas of Stripe's published OpenAPI
 * (scripts/stripe/billing-meter.json, the committed extract); the SDK's own paging (autoPagingToArray) over
 * serve's cursor lists; bad input as Stripe answers it, raised as the SDK's StripeInvalidRequestError, and
 * nothing stored.
 */
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { DAY_S, HOUR_S, PINNED_S } from '../helpers/stripe-meters.js';
import { ROOT } from './serve-process.js';
import { failure, stripeServe } from './stripe-serve.js';

const peer = stripeServe('svcctl-peer-stripe-meters-');

interface Schema {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: string[];
  nullable?: boolean;
  maxLength?: number;
  pattern?: string;
  $ref?: string;
}
const SCHEMAS = (
  JSON.parse(readFileSync(`${ROOT}/scripts/stripe/billing-meter.json`, 'utf8')) as { schemas: Record<string, Schema> }
).schemas;

/** Where `value` breaks `schema` (a member the schema has not, too), as paths; [] when it fits. */
function violations(schema: Schema, value: unknown, at = '$'): string[] {
  const s = schema.$ref ? SCHEMAS[schema.$ref]! : schema;
  if (value === null) return s.nullable ? [] : [`${at}: null`];
  switch (s.type) {
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return [`${at}: not an object`];
      const v = value as Record<string, unknown>;
      const own = Object.keys(v).filter((k) => k !== 'lastResponse');
      return [
        ...(s.required ?? []).filter((k) => !own.includes(k)).map((k) => `${at}.${k}: missing`),
        ...own.filter((k) => !s.properties?.[k]).map((k) => `${at}.${k}: not in the schema`),
        ...own.filter((k) => s.properties?.[k]).flatMap((k) => violations(s.properties![k]!, v[k], `${at}.${k}`)),
      ];
    }
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((x, i) => violations(s.items!, x, `${at}[${i}]`))
        : [`${at}: not an array`];
    case 'integer':
      return Number.isInteger(value) ? [] : [`${at}: not an integer`];
    case 'number':
      return typeof value === 'number' ? [] : [`${at}: not a number`];
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${at}: not a boolean`];
    case 'string': {
      if (typeof value !== 'string') return [`${at}: not a string`];
      if (s.enum && !s.enum.includes(value)) return [`${at}: ${value} not in ${s.enum.join(',')}`];
      if (s.maxLength !== undefined && value.length > s.maxLength) return [`${at}: too long`];
      if (s.pattern && !new RegExp(s.pattern).test(value)) return [`${at}: does not match ${s.pattern}`];
      return [];
    }
    default:
      return [`${at}: schema without a type`];
  }
}

const fits = (name: string, value: unknown) => expect(violations(SCHEMAS[name]!, value)).toEqual([]);

/** How many meters the store holds, read through the CLI on serve's store. */
async function storedMeters(): Promise<number> {
  const out = await peer.sb.run(['service', 'resources', '--query', 'length(Resources[?Kind==`meters`])']);
  expect(out).toMatchObject({ code: 0, stderr: '' });
  return Number(out.stdout);
}

const meterParams = (
  event_name: string,
  formula: 'sum' | 'count' | 'last' = 'sum',
): Stripe.Billing.MeterCreateParams => ({
  display_name: `Meter of ${event_name}`,
  event_name,
  default_aggregation: { formula },
});

describe('the stripe SDK and meters at svcctl serve', { timeout: 60_000 }, () => {
  it('create, retrieve, update, deactivate, reactivate: each a billing.meter as the OpenAPI schema has it', async () => {
    const stripe = peer.client('sk_test_meters');
    const made = await stripe.billing.meters.create({
      ...meterParams('lifecycle'),
      customer_mapping: { event_payload_key: 'account', type: 'by_id' },
      value_settings: { event_payload_key: 'units' },
      event_time_window: 'hour',
    });
    fits('billing.meter', made);
    expect({ ...made, lastResponse: undefined }).toEqual({
      id: made.id,
      object: 'billing.meter',
      created: PINNED_S,
      customer_mapping: { event_payload_key: 'account', type: 'by_id' },
      default_aggregation: { formula: 'sum' },
      display_name: 'Meter of lifecycle',
      event_name: 'lifecycle',
      event_time_window: 'hour',
      livemode: false,
      status: 'active',
      status_transitions: { deactivated_at: null },
      updated: PINNED_S,
      value_settings: { event_payload_key: 'units' },
      lastResponse: undefined,
    });
    expect(made.id).toMatch(/^mtr_[0-9A-Za-z]{24}$/);
    const read = await stripe.billing.meters.retrieve(made.id);
    fits('billing.meter', read);
    expect(read.display_name).toBe('Meter of lifecycle');
    const renamed = await stripe.billing.meters.update(made.id, { display_name: 'Renamed' });
    fits('billing.meter', renamed);
    expect(renamed.display_name).toBe('Renamed');
    const off = await stripe.billing.meters.deactivate(made.id);
    fits('billing.meter', off);
    expect([off.status, off.status_transitions.deactivated_at]).toEqual(['inactive', PINNED_S]);
    const on = await stripe.billing.meters.reactivate(made.id);
    fits('billing.meter', on);
    expect(on.status).toBe('active');
  });

  it('list: newest first, limit and has_more, starting_after and ending_before, and the SDK pages through all', async () => {
    // Live mode, where no other test of this file makes meters: a mode has meters of its own.
    const stripe = peer.client('sk_live_listing');
    const ids: string[] = [];
    for (const name of ['l1', 'l2', 'l3', 'l4', 'l5'])
      ids.push((await stripe.billing.meters.create(meterParams(name))).id);
    const newest = [...ids].sort().reverse(); // made in one pinned millisecond: by id, descending
    const first = await stripe.billing.meters.list({ limit: 2 });
    fits('BillingMeterResourceBillingMeterList', first);
    expect([first.data.map((m) => m.id), first.has_more, first.url]).toEqual([
      newest.slice(0, 2),
      true,
      '/v1/billing/meters',
    ]);
    const next = await stripe.billing.meters.list({ limit: 2, starting_after: newest[1] });
    expect([next.data.map((m) => m.id), next.has_more]).toEqual([newest.slice(2, 4), true]);
    const back = await stripe.billing.meters.list({ limit: 2, ending_before: newest[2] });
    expect([back.data.map((m) => m.id), back.has_more]).toEqual([newest.slice(0, 2), false]);
    const all = await stripe.billing.meters.list({ limit: 2 }).autoPagingToArray({ limit: 100 });
    expect(all.map((m) => m.id)).toEqual(newest);
  });

  it('listEventSummaries: one customer, before and after an adjustment; by hour and by day', async () => {
    const stripe = peer.client('sk_test_summaries');
    const meter = await stripe.billing.meters.create(meterParams('summed'));
    const send = (identifier: string, customer: string, value: string, timestamp?: string) =>
      stripe.v2.billing.meterEvents.create({
        event_name: 'summed',
        identifier,
        payload: { stripe_customer_id: customer, value },
        ...(timestamp ? { timestamp } : {}),
      });
    await send('s1', 'cus_a', '10');
    await send('s2', 'cus_a', '2.5');
    await send('s3', 'cus_b', '1000');
    await send('s4', 'cus_a', '4', '2026-11-20T20:30:00.000Z');
    const range = { customer: 'cus_a', start_time: DAY_S, end_time: DAY_S + 86_400 };
    const whole = await stripe.billing.meters.listEventSummaries(meter.id, range);
    fits('BillingMeterResourceBillingMeterEventSummaryList', whole);
    expect(whole.data.map((s) => [s.start_time, s.end_time, s.aggregated_value, s.meter])).toEqual([
      [DAY_S, DAY_S + 86_400, 16.5, meter.id],
    ]);
    await stripe.v2.billing.meterEventAdjustments.create({
      event_name: 'summed',
      type: 'cancel',
      cancel: { identifier: 's1' },
    });
    const after = await stripe.billing.meters.listEventSummaries(meter.id, range);
    fits('BillingMeterResourceBillingMeterEventSummaryList', after);
    expect(after.data.map((s) => s.aggregated_value)).toEqual([6.5]);
    const hourly = await stripe.billing.meters.listEventSummaries(meter.id, {
      ...range,
      value_grouping_window: 'hour',
    });
    fits('BillingMeterResourceBillingMeterEventSummaryList', hourly);
    expect(hourly.data.map((s) => [s.start_time, s.aggregated_value])).toEqual([
      [HOUR_S, 2.5],
      [HOUR_S - 3 * 3600, 4],
    ]);
    const paged = await stripe.billing.meters
      .listEventSummaries(meter.id, { ...range, value_grouping_window: 'hour', limit: 1 })
      .autoPagingToArray({ limit: 10 });
    expect(paged.map((s) => s.id)).toEqual(hourly.data.map((s) => s.id));
  });

  it.each([
    [
      'a formula outside sum, count and last',
      { ...meterParams('bad'), default_aggregation: { formula: 'avg' } },
      [
        'parameter_invalid',
        'default_aggregation[formula]',
        'Invalid default_aggregation[formula]: must satisfy enum value set: [count, last, sum]',
      ],
    ],
    [
      'an unknown parameter',
      { ...meterParams('bad'), colour: 'blue' },
      ['parameter_unknown', 'colour', 'Received unknown parameter: colour'],
    ],
    [
      'an unknown member of a known one',
      { ...meterParams('bad'), value_settings: { event_payload_key: 'v', scale: '2' } },
      ['parameter_unknown', 'value_settings[scale]', 'Received unknown parameter: value_settings[scale]'],
    ],
    [
      'expand',
      { ...meterParams('bad'), expand: ['data'] },
      ['parameter_unknown', 'expand', 'Received unknown parameter: expand'],
    ],
    [
      'a hash where a string goes',
      { ...meterParams('bad'), display_name: { text: 'x' } },
      ['parameter_invalid', 'display_name', 'Invalid string: display_name takes one value, not a hash.'],
    ],
    [
      'an empty display_name',
      { ...meterParams('bad'), display_name: '' },
      [
        'parameter_invalid_empty',
        'display_name',
        "You passed an empty string for 'display_name', which cannot be unset: remove it from the request or give it a value.",
      ],
    ],
    [
      // Stripe's empty-value rule comes before a parameter's type: a hash, a list or a number sent empty too.
      'an empty customer_mapping (a hash sent as customer_mapping=)',
      { ...meterParams('bad'), customer_mapping: '' },
      [
        'parameter_invalid_empty',
        'customer_mapping',
        "You passed an empty string for 'customer_mapping', which cannot be unset: remove it from the request or give it a value.",
      ],
    ],
    [
      'an empty value_settings (a hash sent as value_settings=)',
      { ...meterParams('bad'), value_settings: '' },
      [
        'parameter_invalid_empty',
        'value_settings',
        "You passed an empty string for 'value_settings', which cannot be unset: remove it from the request or give it a value.",
      ],
    ],
  ])(
    'create with %s: StripeInvalidRequestError, 400, its code and param, nothing stored',
    async (_n, params, [code, param, message]) => {
      const stripe = peer.client('sk_test_bad');
      const before = await storedMeters();
      const err = await failure(stripe.billing.meters.create(params as Stripe.Billing.MeterCreateParams));
      expect(err).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect([err.code, err.statusCode, err.param, err.message]).toEqual([code, 400, param, message]);
      expect(await storedMeters()).toBe(before);
    },
  );

  it('a limit that is no integer: parameter_invalid_integer (400); an unknown meter: resource_missing (404)', async () => {
    const stripe = peer.client('sk_test_bad');
    const limit = await failure(stripe.billing.meters.list({ limit: 'ten' as unknown as number }));
    expect(limit).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([limit.code, limit.statusCode, limit.param, limit.message]).toEqual([
      'parameter_invalid_integer',
      400,
      'limit',
      "Invalid integer: 'ten'",
    ]);
    const empty = await failure(stripe.billing.meters.list({ limit: '' as unknown as number }));
    expect([empty.code, empty.statusCode, empty.param, empty.message]).toEqual([
      'parameter_invalid_empty',
      400,
      'limit',
      "You passed an empty string for 'limit', which cannot be unset: remove it from the request or give it a value.",
    ]);
    const missing = await failure(stripe.billing.meters.retrieve('mtr_nothing'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([missing.code, missing.statusCode, missing.param, missing.message]).toEqual([
      'resource_missing',
      404,
      'id',
      "No such billing.meter: 'mtr_nothing'",
    ]);
  });

  it('a JSON body on a v1 path: unsupported_content_type (415), nothing stored', async () => {
    const before = await storedMeters();
    const res = await fetch(`${peer.serve.url}/v1/billing/meters`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_bad', 'content-type': 'application/json' },
      body: JSON.stringify(meterParams('json')),
    });
    expect([res.status, await res.json()]).toEqual([
      415,
      {
        error: {
          type: 'invalid_request_error',
          code: 'unsupported_content_type',
          message:
            "Unsupported Content-Type 'application/json': v1 requests take application/x-www-form-urlencoded bodies.",
        },
      },
    ]);
    expect(await storedMeters()).toBe(before);
  });

  // A form name `__proto__[display_name]=x` walked into Object.prototype: serve then gave every later request
  // without a display_name that value, in every account (issue 44's final hostile hour). `__proto__` is a name
  // like any other (core/keys.ts): an unknown parameter, refused; and an empty name is named as sent.
  it('__proto__ and an empty name in a form body are unknown parameters (400), and nothing leaks into later requests', async () => {
    const before = await storedMeters();
    const post = async (body: string) => {
      const res = await fetch(`${peer.serve.url}/v1/billing/meters`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_proto', 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      return [res.status, await res.json()];
    };
    const unknown = (param: string) => [
      400,
      {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_unknown',
          message: `Received unknown parameter: ${param}`,
          param,
        },
      },
    ];
    const fields = 'event_name=proto_a&default_aggregation[formula]=sum';
    expect(await post(`__proto__[display_name]=POLLUTED&${fields}`)).toEqual(unknown('__proto__'));
    expect(await post(`display_name=m&default_aggregation[__proto__][formula]=count&${fields}`)).toEqual(
      unknown('default_aggregation[__proto__]'),
    );
    expect(await post(`=x&display_name=m&${fields}`)).toEqual(unknown(''));
    expect(await post(fields)).toEqual([
      400,
      {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          message: 'Missing required param: display_name.',
          param: 'display_name',
        },
      },
    ]);
    expect(await storedMeters()).toBe(before);
  });

  // `default_aggregation=x&default_aggregation[formula]=sum` was served (200, the `x` dropped unseen), while the
  // same two pairs the other way round were 400: the later pair's brackets replaced the earlier value (hostile
  // pass 5b). Rack, which reads Stripe's forms, refuses a name given both as one value and with members.
  it.each([
    [
      'a value, then members',
      'default_aggregation=x&default_aggregation[formula]=sum',
      'default_aggregation',
      'Invalid hash: default_aggregation is given both as one value and with members in brackets.',
    ],
    [
      'members, then a value',
      'default_aggregation[formula]=sum&default_aggregation=x',
      'default_aggregation',
      'Invalid hash: default_aggregation takes members in brackets (default_aggregation[name]=value).',
    ],
    [
      'a member, then members of it',
      'default_aggregation[formula]=sum&default_aggregation[formula][x]=y',
      'default_aggregation[formula]',
      'Invalid hash: default_aggregation[formula] is given both as one value and with members in brackets.',
    ],
  ])(
    'a name given as one value and with members in brackets (%s): 400 naming it, nothing stored',
    async (_n, pairs, param, message) => {
      const before = await storedMeters();
      const res = await fetch(`${peer.serve.url}/v1/billing/meters`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_mixed', 'content-type': 'application/x-www-form-urlencoded' },
        body: `display_name=m&event_name=mixed&${pairs}`,
      });
      expect([res.status, await res.json()]).toEqual([
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_invalid',
            message,
            param,
          },
        },
      ]);
      expect(await storedMeters()).toBe(before);
    },
  );

  it('fault rules name the meter operations too: a 503 on the next summary, then served again', async () => {
    const stripe = peer.client('sk_test_faulty');
    const meter = await stripe.billing.meters.create(meterParams('faulty'));
    expect(
      await peer.sb.run(['service', 'settings', 'set', 'fault.stripe.ListMeterEventSummaries', '503;next=1']),
    ).toEqual({ code: 0, stdout: '', stderr: '' });
    const range = { customer: 'cus_a', start_time: DAY_S, end_time: DAY_S + 86_400 };
    const err = await failure(stripe.billing.meters.listEventSummaries(meter.id, range));
    expect(err).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(err.statusCode).toBe(503);
    const again = await stripe.billing.meters.listEventSummaries(meter.id, range);
    expect(again.data.map((s) => s.aggregated_value)).toEqual([0]);
  });
});
