/**
 * The meters' error reports as the public `stripe` SDK (23.1.0) reads them from `svcctl serve` (a child
 * process): meter events a meter cannot count, sent one at a time and through the meter event stream, are
 * accepted and reported as v2 thin events, `stripe.v2.core.events.list({object_id})` and `retrieve`, each
 * with exactly the members of the SDK's types (V1BillingMeterErrorReportTriggeredEvent,
 * V1BillingMeterNoMeterFoundEvent); the SDK's `fetchRelatedObject` reads the meter; its own paging follows
 * next_page_url; an unknown id is its not_found error.
 */
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { failure, stripeAt, stripeServe } from './stripe-serve.js';

const peer = stripeServe('svcctl-peer-stripe-meter-errors-');

/** The keys of an answer, without the SDK's lastResponse and the methods it adds. */
const keysOf = (o: object) =>
  Object.keys(o).filter((k) => k !== 'lastResponse' && typeof (o as Record<string, unknown>)[k] !== 'function');
/** An answer as data: without the SDK's lastResponse and methods. */
const plain = (o: object) => JSON.parse(JSON.stringify({ ...o, lastResponse: undefined })) as Record<string, unknown>;

const EVENT_KEYS = ['id', 'object', 'context', 'created', 'data', 'livemode', 'reason', 'related_object', 'type'];

describe('the stripe SDK reads the meters’ error reports from svcctl serve', { timeout: 60_000 }, () => {
  it('events no meter can count: accepted, then reported by meter and minute, listed, retrieved, paged', async () => {
    const stripe = peer.client('sk_test_errors');
    const meter = await stripe.billing.meters.create({
      display_name: 'Errors',
      event_name: 'api_calls',
      default_aggregation: { formula: 'sum' },
    });
    await stripe.v2.billing.meterEvents.create({ event_name: 'api_calls', payload: { value: '3' }, identifier: 'x1' });
    await stripe.v2.billing.meterEvents.create({
      event_name: 'api_calls',
      payload: { stripe_customer_id: 'cus_1', value: 'lots' },
      identifier: 'x2',
    });
    await stripe.v2.billing.meterEvents.create({
      event_name: 'api_calls',
      payload: { stripe_customer_id: 'cus_1', value: '4' },
      identifier: 'x3',
    });
    const session = await stripe.v2.billing.meterEventSession.create();
    await stripeAt(peer.serve.url, session.authentication_token).v2.billing.meterEventStream.create({
      events: [
        { event_name: 'unmetered', payload: { stripe_customer_id: 'cus_1', value: '1' }, identifier: 'x4' },
        { event_name: 'api_calls', payload: { stripe_customer_id: 'cus_1' }, identifier: 'x5' },
      ],
    });

    const ofMeter = await stripe.v2.core.events.list({ object_id: meter.id });
    expect(ofMeter.data.length).toBe(1);
    const report = ofMeter.data[0] as Stripe.Events.V1BillingMeterErrorReportTriggeredEvent;
    expect(keysOf(report)).toEqual(EVENT_KEYS);
    expect(plain(report)).toEqual({
      id: report.id,
      object: 'v2.core.event',
      context: null,
      created: '2026-11-20T23:21:51.327Z',
      data: {
        developer_message_summary: `3 meter events received between 2026-11-20T23:21:00.000Z and 2026-11-20T23:22:00.000Z could not be counted by meter ${meter.id}.`,
        reason: {
          error_count: 3,
          error_types: [
            {
              code: 'meter_event_no_customer_defined',
              error_count: 1,
              sample_errors: [
                {
                  error_message:
                    "The payload has no stripe_customer_id (the meter's customer_mapping.event_payload_key).",
                  request: { identifier: 'x1' },
                },
              ],
            },
            {
              code: 'meter_event_invalid_value',
              error_count: 2,
              sample_errors: [
                { error_message: "The payload's value is not a number.", request: { identifier: 'x2' } },
                {
                  error_message: "The payload has no value (the meter's value_settings.event_payload_key).",
                  request: { identifier: 'x5' },
                },
              ],
            },
          ],
        },
        validation_end: '2026-11-20T23:22:00.000Z',
        validation_start: '2026-11-20T23:21:00.000Z',
      },
      livemode: false,
      reason: null,
      related_object: { id: meter.id, type: 'billing.meter', url: `/v1/billing/meters/${meter.id}` },
      type: 'v1.billing.meter.error_report_triggered',
    });
    expect(report.id).toMatch(/^evt_test_[0-9A-Za-z]{32}$/);
    // The SDK reads the related object through its url: the meter.
    expect((await report.fetchRelatedObject()).id).toBe(meter.id);
    // The counted event (x3) is in the summary; the reported ones are not.
    const summary = await stripe.billing.meters.listEventSummaries(meter.id, {
      customer: 'cus_1',
      start_time: 1795215600,
      end_time: 1795219200,
    });
    expect(summary.data.map((s) => s.aggregated_value)).toEqual([4]);

    const retrieved = await stripe.v2.core.events.retrieve(report.id);
    expect(plain(retrieved)).toEqual(plain(report));

    // Every report, through the SDK's own paging over next_page_url (one a page). Both were made at serve's
    // pinned time; of equal times the list is ordered by id, which here depends on the meter's id.
    const all: Stripe.V2.Core.Event[] = [];
    for await (const e of stripe.v2.core.events.list({ limit: 1 })) all.push(e);
    const byType = all
      .map((e) => [e.type, (e as { related_object?: unknown }).related_object ?? null] as const)
      .sort((a, b) => a[0].localeCompare(b[0]));
    expect(byType).toEqual([
      [
        'v1.billing.meter.error_report_triggered',
        { id: meter.id, type: 'billing.meter', url: `/v1/billing/meters/${meter.id}` },
      ],
      ['v1.billing.meter.no_meter_found', null],
    ]);
    const noMeter = all.find(
      (e) => e.type === 'v1.billing.meter.no_meter_found',
    ) as Stripe.Events.V1BillingMeterNoMeterFoundEvent;
    expect(keysOf(noMeter)).toEqual(EVENT_KEYS);
    expect(noMeter.data.reason).toEqual({
      error_count: 1,
      error_types: [
        {
          code: 'no_meter',
          error_count: 1,
          sample_errors: [{ error_message: 'No active meter has this event_name.', request: { identifier: 'x4' } }],
        },
      ],
    });
  });

  it('an unknown event id: not_found (404); another mode’s reports are not listed; types is not taken', async () => {
    const err = await failure(peer.client('sk_test_errors').v2.core.events.retrieve('evt_test_missing'));
    expect([err.code, err.statusCode, err.message]).toEqual(['not_found', 404, "No such event: 'evt_test_missing'"]);
    expect((await peer.client('sk_live_errors').v2.core.events.list()).data).toEqual([]);
    // Only object_id filters (docs/compat.md row 378): Stripe's types and created are not taken.
    const types = await failure(
      peer.client('sk_test_errors').v2.core.events.list({ types: ['v1.billing.meter.no_meter_found'] }),
    );
    expect([types.code, types.statusCode]).toEqual(['parameter_unknown', 400]);
  });
});
