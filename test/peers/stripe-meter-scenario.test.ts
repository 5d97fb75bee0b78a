/**
 * The meter scenario of issue 43, on three `svcctl serve` instances sharing one store (the SQLite file of one
 * $SVCCTL_HOME in the sqlite project, the file's PostgreSQL database in the postgres one), the stripe SDK
 * spread over them: 1,000 meter events of two customers through the meter event stream (100 a request), one
 * cancelled, one cancelled twice (the second refused), one received more than 24 hours ago (its cancellation
 * refused, so it still counts), one identifier sent again (refused, not counted). The summaries of each
 * customer, by day, by hour and over the whole range, equal the sums this test computes from what it sent.
 * Events no meter can count, sent to the three at once, are all counted in one error report per meter and
 * minute (concurrent writers of one report: SQLite's lock, PostgreSQL's serializable retries).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_S } from '../helpers/stripe-meters.js';
import { freshStore, storeEnv } from '../helpers/store.js';
import { PINNED_MS, type ServeProcess, startServe } from './serve-process.js';
import { failure, stripeAt } from './stripe-serve.js';

const KEY = 'sk_test_scenario';
const HOUR_MS = 3_600_000;
let dir: string;
let instances: ServeProcess[] = [];
const sdk = (i: number, key = KEY) => stripeAt(instances[i % 3]!.url, key);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-meter-scenario-'));
  const env = { ...freshStore(), SVCCTL_HOME: join(dir, 'store'), SVCCTL_TEST_CLOCK_MS: String(PINNED_MS) };
  instances = [];
  for (let i = 0; i < 3; i++) instances.push(await startServe([], env));
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((s) => s.stop()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  identifier: string;
  customer: string;
  value: number;
  timestampMs: number;
}

/** What `events` add up to for `customer` in each window of `widthS` seconds from `startS` (windows with events). */
function expected(
  events: Sent[],
  customer: string,
  startS: number,
  endS: number,
  widthS: number,
): Array<[number, number]> {
  const sums = new Map<number, number>();
  for (const e of events) {
    const t = e.timestampMs / 1000;
    if (e.customer !== customer || t < startS || t >= endS) continue;
    const w = startS + Math.floor((t - startS) / widthS) * widthS;
    sums.set(w, (sums.get(w) ?? 0) + e.value);
  }
  return [...sums.entries()].sort((a, b) => b[0] - a[0]);
}

describe('1,000 meter events on three serves sharing one store', { timeout: 240_000 }, () => {
  it('the summaries equal the sums computed here, after a cancellation, a refused second one, a refused late one and a refused duplicate', async () => {
    const meter = await sdk(0).billing.meters.create({
      display_name: 'Scenario',
      event_name: 'scenario',
      default_aggregation: { formula: 'sum' },
    });

    // One event received 25 hours before the others, by a fourth serve whose clock says so, on the same store.
    const early = await startServe([], {
      ...storeEnv(),
      SVCCTL_HOME: join(dir, 'store'),
      SVCCTL_TEST_CLOCK_MS: String(PINNED_MS - 25 * HOUR_MS),
    });
    const late: Sent = { identifier: 'late', customer: 'cus_a', value: 1000, timestampMs: PINNED_MS - 25 * HOUR_MS };
    try {
      await stripeAt(early.url, KEY).v2.billing.meterEvents.create({
        event_name: 'scenario',
        identifier: late.identifier,
        payload: { stripe_customer_id: late.customer, value: String(late.value) },
        timestamp: new Date(late.timestampMs).toISOString(),
      });
    } finally {
      await early.stop();
    }

    // 1,000 events over the last 20 hours, two customers, through the stream, 100 a request, spread over the three.
    const sent: Sent[] = Array.from({ length: 1000 }, (_, i) => ({
      identifier: `ev_${i}`,
      customer: i % 3 === 0 ? 'cus_b' : 'cus_a',
      value: (i * 7919) % 97,
      timestampMs: PINNED_MS - ((i * 104_729) % (20 * HOUR_MS)),
    }));
    for (let r = 0; r < 10; r++) {
      const session = await sdk(r).v2.billing.meterEventSession.create();
      await stripeAt(instances[(r + 1) % 3]!.url, session.authentication_token).v2.billing.meterEventStream.create({
        events: sent.slice(r * 100, r * 100 + 100).map((e) => ({
          event_name: 'scenario',
          identifier: e.identifier,
          payload: { stripe_customer_id: e.customer, value: String(e.value) },
          timestamp: new Date(e.timestampMs).toISOString(),
        })),
      });
    }

    // The same identifier again, on another instance: refused, not counted.
    const duplicate = await failure(
      sdk(2).v2.billing.meterEvents.create({
        event_name: 'scenario',
        identifier: 'ev_5',
        payload: { stripe_customer_id: 'cus_a', value: '50000' },
      }),
    );
    expect([duplicate.code, duplicate.statusCode]).toEqual(['duplicate_meter_event', 400]);

    const cancel = (i: number, identifier: string) =>
      sdk(i).v2.billing.meterEventAdjustments.create({
        event_name: 'scenario',
        type: 'cancel',
        cancel: { identifier },
      });
    await cancel(0, 'ev_10');
    await cancel(1, 'ev_11');
    const twice = await failure(cancel(2, 'ev_11'));
    expect(twice).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect([twice.code, twice.statusCode]).toEqual(['invalid_cancel_configuration', 400]);
    const tooLate = await failure(cancel(0, 'late'));
    expect([tooLate.code, tooLate.statusCode, tooLate.message]).toEqual([
      'invalid_cancel_configuration',
      400,
      "The cancel configuration is invalid: no event with identifier 'late' was received in this mode in the last 24 hours; only such an event can be cancelled.",
    ]);

    const counted = [...sent.filter((e) => e.identifier !== 'ev_10' && e.identifier !== 'ev_11'), late];
    const start = DAY_S - 86_400;
    const end = DAY_S + 86_400;
    for (const [i, customer] of ['cus_a', 'cus_b'].entries()) {
      const range = { customer, start_time: start, end_time: end };
      const byDay = await sdk(i).billing.meters.listEventSummaries(meter.id, {
        ...range,
        value_grouping_window: 'day',
      });
      expect(byDay.data.map((s) => [s.start_time, s.aggregated_value])).toEqual(
        expected(counted, customer, start, end, 86_400),
      );
      const byHour = await sdk(i + 1)
        .billing.meters.listEventSummaries(meter.id, { ...range, value_grouping_window: 'hour', limit: 100 })
        .autoPagingToArray({ limit: 1000 });
      expect(byHour.map((s) => [s.start_time, s.aggregated_value])).toEqual(
        expected(counted, customer, start, end, 3600),
      );
      const whole = await sdk(i + 2).billing.meters.listEventSummaries(meter.id, range);
      expect(whole.data.map((s) => s.aggregated_value)).toEqual([
        counted.filter((e) => e.customer === customer).reduce((n, e) => n + e.value, 0),
      ]);
    }
  });

  it('the meters on the three: listed a page at a time across instances, renamed, deactivated and reactivated', async () => {
    const second = await sdk(1).billing.meters.create({
      display_name: 'Second',
      event_name: 'second',
      default_aggregation: { formula: 'count' },
    });
    const all = await sdk(2).billing.meters.list({ limit: 1 }).autoPagingToArray({ limit: 10 });
    const ids = all.map((m) => m.id);
    expect(ids).toHaveLength(2);
    expect(ids).toEqual([...ids].sort().reverse()); // one pinned millisecond: by id, descending
    const before = await sdk(0).billing.meters.list({ ending_before: ids[1] });
    expect([before.data.map((m) => m.id), before.has_more]).toEqual([[ids[0]], false]);
    expect((await sdk(0).billing.meters.update(second.id, { display_name: 'Renamed' })).display_name).toBe('Renamed');
    expect((await sdk(1).billing.meters.deactivate(second.id)).status).toBe('inactive');
    const inactive = await sdk(2).billing.meters.list({ status: 'inactive' });
    expect(inactive.data.map((m) => [m.id, m.display_name])).toEqual([[second.id, 'Renamed']]);
    expect((await sdk(0).billing.meters.reactivate(second.id)).status).toBe('active');
  });

  it('events no meter can count, sent at once to the three: one report per meter and minute, every error counted', async () => {
    const meter = await sdk(0).billing.meters.create({
      display_name: 'Reported',
      event_name: 'reported',
      default_aggregation: { formula: 'sum' },
    });
    // 30 without the customer key and 9 of a name no meter has, all at once, spread over the three instances.
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) =>
        sdk(i).v2.billing.meterEvents.create({ event_name: 'reported', payload: { value: '1' }, identifier: `r_${i}` }),
      ),
      ...Array.from({ length: 9 }, (_, i) =>
        sdk(i).v2.billing.meterEvents.create({
          event_name: 'unmetered',
          payload: { stripe_customer_id: 'cus_a', value: '1' },
          identifier: `u_${i}`,
        }),
      ),
    ]);
    const ofMeter = (await sdk(1).v2.core.events.list({ object_id: meter.id })).data;
    expect(
      ofMeter.map((e) => {
        const r = (e as Stripe.Events.V1BillingMeterErrorReportTriggeredEvent).data.reason;
        return [e.type, r.error_count, r.error_types.map((t) => [t.code, t.error_count, t.sample_errors.length])];
      }),
    ).toEqual([['v1.billing.meter.error_report_triggered', 30, [['meter_event_no_customer_defined', 30, 5]]]]);
    const all = await sdk(2).v2.core.events.list();
    const noMeter = all.data.filter((e) => e.type === 'v1.billing.meter.no_meter_found');
    expect(
      noMeter.map((e) => (e as Stripe.Events.V1BillingMeterNoMeterFoundEvent).data.reason.error_types[0]!.error_count),
    ).toEqual([9]);
  });
});
