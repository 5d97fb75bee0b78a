/**
 * Meters (Stripe's v1 `/v1/billing/meters`): how the meter events of one event name are counted per customer,
 * and the summaries of what they counted (`/v1/billing/meters/:id/event_summaries`).
 *
 * What a meter counts is decided when an event arrives (writeUsage, in the event's transaction): for each
 * active meter of the account and mode with the event's `event_name`, the payload's customer key
 * (`customer_mapping.event_payload_key`, default `stripe_customer_id`) and value key
 * (`value_settings.event_payload_key`, default `value`; a `count` meter needs none) give one row of
 * meter_usage. An event that no active meter has, or whose payload lacks a meter's keys or has a value that is
 * not a number, is kept as an event but that meter does not count it: it is reported, as Stripe reports it,
 * in the meters' error reports (meter-error-reports.ts). Events sent before a meter was made, or while it was
 * inactive, are not counted by it later.
 *
 * A summary reads meter_usage by its key (meter, customer, timestamp), so its cost follows the events of that
 * customer in the range, not the meter's events in all. Each row carries its event's cancellation
 * (cancels_ms: an adjustment sets it on the event and on the event's usage rows in one transaction,
 * meter-event-adjustments.ts; `store import` copies it from the imported event), so the summary leaves out an
 * event a completed adjustment cancelled (cancels_ms at or before now) without reading any event.
 */
import { createHash } from 'node:crypto';
import { echoText } from '../../../core/input-rules.js';
import { parseJsonInts, stringifyJsonExact } from '../../../core/pynum.js';
import type { ServiceError } from '../../../core/errors.js';
import type { Database } from '../store/db.js';
import { stmt } from '../store/statements.js';
import type { Handler, HandlerContext, HandlerTable } from './handler.js';
import type { MeterError } from './meter-error-reports.js';
import { callKey, nowMs, v2Error } from './stripe.js';

/** How a meter's id starts (then letters and digits: core/context.ts ids); store import checks it. */
export const METER_PREFIX = 'mtr_';

type Doc = Record<string, unknown>;

/** A v1 error naming its parameter. */
function v1Error(status: number, code: string, message: string, param?: string): ServiceError {
  const err = v2Error(status, code, message);
  if (param !== undefined) err.extra.param = param;
  return err;
}

const missing = (id: string, param = 'id') =>
  v1Error(404, 'resource_missing', `No such billing.meter: ${echoText(id)}`, param);

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The meter a create of `params` stores (and answers), made at `created` (ms). */
export function storedMeter(id: string, created: number, livemode: boolean, params: Doc): Doc {
  const mapping = params.customer_mapping as Doc | undefined;
  const value = params.value_settings as Doc | undefined;
  return {
    id,
    object: 'billing.meter',
    created: seconds(created),
    customer_mapping: {
      event_payload_key: mapping?.event_payload_key ?? 'stripe_customer_id',
      type: mapping?.type ?? 'by_id',
    },
    default_aggregation: { formula: (params.default_aggregation as Doc).formula },
    display_name: params.display_name,
    event_name: params.event_name,
    event_time_window: params.event_time_window ?? null,
    livemode,
    status: 'active',
    status_transitions: { deactivated_at: null },
    updated: seconds(created),
    value_settings: { event_payload_key: value?.event_payload_key ?? 'value' },
  };
}

/** The create's input a stored meter says it was made from (`store import` replays it). */
export function createInputOf(doc: Doc): Doc {
  const input: Doc = {
    default_aggregation: doc.default_aggregation,
    display_name: doc.display_name,
    event_name: doc.event_name,
    customer_mapping: doc.customer_mapping,
    value_settings: doc.value_settings,
  };
  if (doc.event_time_window !== null && doc.event_time_window !== undefined)
    input.event_time_window = doc.event_time_window;
  return input;
}

interface MeterRow {
  id: string;
  livemode: number;
  doc: string;
}

function readMeter(db: Database, hc: HandlerContext, id: string, param = 'id'): Doc {
  const key = callKey(hc);
  const row = stmt(db, 'SELECT id, livemode, doc FROM meters WHERE id = ? AND owner = ?').get(id, hc.accountId) as
    | MeterRow
    | undefined;
  if (!row || row.livemode !== (key.livemode ? 1 : 0)) throw missing(id, param);
  return parseJsonInts(row.doc) as Doc;
}

function saveMeter(db: Database, hc: HandlerContext, doc: Doc): void {
  stmt(db, 'UPDATE meters SET status = ?, doc = ? WHERE id = ? AND owner = ?').run(
    doc.status as string,
    stringifyJsonExact(doc),
    doc.id as string,
    hc.accountId,
  );
}

const create: Handler = (db, params, hc) => {
  const key = callKey(hc);
  const now = nowMs(hc);
  const meter = storedMeter(hc.ids.id(METER_PREFIX), now, key.livemode, params);
  stmt(
    db,
    'INSERT INTO meters (id, owner, livemode, event_name, status, created_ms, doc) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    meter.id as string,
    hc.accountId,
    key.livemode ? 1 : 0,
    meter.event_name as string,
    'active',
    now,
    stringifyJsonExact(meter),
  );
  return meter;
};

const get: Handler = (db, params, hc) => readMeter(db, hc, params.id as string);

/** A change to a meter, read and written in one transaction. */
function change(fn: (meter: Doc, now: number) => Doc): Handler {
  return (db, params, hc) =>
    db
      .transaction(() => {
        const meter = readMeter(db, hc, params.id as string);
        const now = seconds(nowMs(hc));
        const changed = fn(meter, now);
        saveMeter(db, hc, changed);
        return changed;
      })
      .immediate();
}

const update = (params: Doc): Handler =>
  change((m, now) =>
    params.display_name === undefined ? m : { ...m, display_name: params.display_name, updated: now },
  );

const deactivate = change((m, now) =>
  m.status === 'inactive' ? m : { ...m, status: 'inactive', status_transitions: { deactivated_at: now }, updated: now },
);

const reactivate = change((m, now) => (m.status === 'active' ? m : { ...m, status: 'active', updated: now }));

interface Page<T> {
  items: T[];
  more: boolean;
}

function pageSize(params: Doc): number {
  return (params.limit as number | undefined) ?? 10;
}

function cursorOf(
  db: Database,
  hc: HandlerContext,
  params: Doc,
): { after?: [number, string]; before?: [number, string] } {
  const at = (param: 'starting_after' | 'ending_before'): [number, string] | undefined => {
    const id = params[param] as string | undefined;
    if (id === undefined) return undefined;
    const row = stmt(db, 'SELECT created_ms, livemode FROM meters WHERE id = ? AND owner = ?').get(id, hc.accountId) as
      | { created_ms: number; livemode: number }
      | undefined;
    if (!row || row.livemode !== (callKey(hc).livemode ? 1 : 0)) throw missing(id, param);
    return [Number(row.created_ms), id];
  };
  if (params.starting_after !== undefined && params.ending_before !== undefined)
    throw v1Error(
      400,
      'parameter_invalid',
      'You may only specify one of these parameters: ending_before, starting_after.',
      'ending_before',
    );
  return { after: at('starting_after'), before: at('ending_before') };
}

/** Meters newest first (created, then id), a page after or before a meter. */
function listPage(db: Database, hc: HandlerContext, params: Doc): Page<Doc> {
  const mode = callKey(hc).livemode ? 1 : 0;
  const n = pageSize(params);
  const { after, before } = cursorOf(db, hc, params);
  const status = params.status as string | undefined;
  const where = ['owner = ?', 'livemode = ?'];
  const args: unknown[] = [hc.accountId, mode];
  if (status !== undefined) {
    where.push('status = ?');
    args.push(status);
  }
  if (after) {
    where.push('(created_ms < ? OR (created_ms = ? AND id < ?))');
    args.push(after[0], after[0], after[1]);
  }
  if (before) {
    where.push('(created_ms > ? OR (created_ms = ? AND id > ?))');
    args.push(before[0], before[0], before[1]);
  }
  const order = before ? 'created_ms ASC, id ASC' : 'created_ms DESC, id DESC';
  const rows = stmt(db, `SELECT doc FROM meters WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ?`).all(
    ...args,
    n + 1,
  ) as Array<{ doc: string }>;
  const docs = rows.slice(0, n).map((r) => parseJsonInts(r.doc) as Doc);
  return { items: before ? docs.reverse() : docs, more: rows.length > n };
}

const list: Handler = (db, params, hc) => {
  const page = listPage(db, hc, params);
  return { object: 'list', data: page.items, has_more: page.more, url: '/v1/billing/meters' };
};

/** A meter of the event's account, mode and name that counts it: its id and its keys. */
interface Counting {
  id: string;
  /** When the meter was created (ms): an event received before it was not counted by it. */
  createdMs: number;
  formula: string;
  customerKey: string;
  valueKey: string;
}

/** A value a meter can count: a decimal number, as text. */
const NUMBER = /^\d{1,15}(\.\d{1,12})?$/;

export const COUNTING_METERS =
  "SELECT doc, created_ms FROM meters WHERE owner = ? AND livemode = ? AND event_name = ? AND status = 'active'";

/** The active meters of an event name (one read per name per write). */
export function countingMeters(db: Database, owner: string, mode: number, eventName: string): Counting[] {
  const rows = stmt(db, COUNTING_METERS).all(owner, mode, eventName) as Array<{ doc: string; created_ms: number }>;
  return rows.map((r) => {
    const m = parseJsonInts(r.doc) as Doc;
    return {
      id: m.id as string,
      createdMs: Number(r.created_ms),
      formula: (m.default_aggregation as Doc).formula as string,
      customerKey: (m.customer_mapping as Doc).event_payload_key as string,
      valueKey: (m.value_settings as Doc).event_payload_key as string,
    };
  });
}

/** The longest customer id a meter counts: Stripe's object ids are at most 255 characters. */
export const MAX_CUSTOMER_ID = 255;

const INSERT_USAGE =
  'INSERT INTO meter_usage (meter_id, customer, timestamp_ms, owner, livemode, identifier, created_ms, value, cancels_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)';

/**
 * The rows of meter_usage an event makes: one per meter that counts it (see the module's comment); and what
 * could not be counted, for the meters' error reports (meter-error-reports.ts): no active meter of its name,
 * or, for a meter, a payload without its customer key or with a value that is missing or not a number.
 */
export function writeUsage(
  db: Database,
  meters: readonly Counting[],
  event: {
    owner: string;
    mode: number;
    identifier: string;
    createdMs: number;
    timestampMs: number;
    payload: Doc;
    /** When the event stops counting (its adjustment's completion), if an adjustment cancelled it. */
    cancelsMs: number | null;
  },
): MeterError[] {
  if (meters.length === 0) return [{ code: 'no_meter', message: 'No active meter has this event_name.' }];
  const errors: MeterError[] = [];
  for (const m of meters) {
    const customer = event.payload[m.customerKey];
    if (typeof customer !== 'string' || customer === '') {
      errors.push({
        meter: m.id,
        code: 'meter_event_no_customer_defined',
        message: `The payload has no ${m.customerKey} (the meter's customer_mapping.event_payload_key).`,
      });
      continue;
    }
    // No customer's id is longer (Stripe's ids are at most 255 characters); counted, it was a 500 on
    // PostgreSQL past the 2,704 bytes an index row of meter_usage holds (docs/compat.md row 418).
    const length = [...customer].length;
    if (length > MAX_CUSTOMER_ID) {
      errors.push({
        meter: m.id,
        code: 'meter_event_customer_not_found',
        message: `The payload's ${m.customerKey} is ${length} characters: no customer's id is longer than ${MAX_CUSTOMER_ID}.`,
      });
      continue;
    }
    const raw = event.payload[m.valueKey];
    const counted = m.formula === 'count' ? 1 : typeof raw === 'string' && NUMBER.test(raw) ? Number(raw) : undefined;
    if (counted === undefined) {
      errors.push({
        meter: m.id,
        code: 'meter_event_invalid_value',
        message:
          raw === undefined
            ? `The payload has no ${m.valueKey} (the meter's value_settings.event_payload_key).`
            : `The payload's ${m.valueKey} is not a number.`,
      });
      continue;
    }
    stmt(db, INSERT_USAGE).run(
      m.id,
      customer,
      event.timestampMs,
      event.owner,
      event.mode,
      event.identifier,
      event.createdMs,
      counted,
      event.cancelsMs,
    );
  }
  return errors;
}

const HOUR = 3600;
const WINDOWS: Record<string, number> = { hour: HOUR, day: 24 * HOUR };

/**
 * The usage rows of one customer in [start, end) not cancelled at `now` (in no order: the handler sorts
 * windows): one range of meter_usage's key, no event read.
 */
export const USAGE =
  'SELECT timestamp_ms, created_ms, value FROM meter_usage WHERE meter_id = ? AND customer = ? ' +
  'AND timestamp_ms >= ? AND timestamp_ms < ? AND (cancels_ms IS NULL OR cancels_ms > ?)';

/** The cancellation of one event, on the usage rows it made (the adjustment's transaction). */
export const MARK_USAGE_CANCELLED =
  'UPDATE meter_usage SET cancels_ms = ? WHERE owner = ? AND livemode = ? AND identifier = ? AND created_ms = ?';

function checkRange(params: Doc): { start: number; end: number; width: number } {
  const start = params.start_time as number;
  const end = params.end_time as number;
  const window = params.value_grouping_window as string | undefined;
  for (const [name, t] of [
    ['start_time', start],
    ['end_time', end],
  ] as const) {
    if (t % 60 !== 0)
      throw v1Error(
        400,
        'parameter_invalid',
        `Invalid ${name}: ${t} is not on a minute boundary (a multiple of 60).`,
        name,
      );
    if (window !== undefined && t % WINDOWS[window]! !== 0)
      throw v1Error(
        400,
        'parameter_invalid',
        `Invalid ${name}: with value_grouping_window ${window}, ${t} must be on ${window === 'day' ? 'a UTC day' : 'an hour'} boundary.`,
        name,
      );
  }
  if (end <= start)
    throw v1Error(400, 'parameter_invalid', `Invalid end_time: ${end} must be after start_time ${start}.`, 'end_time');
  return { start, end, width: window === undefined ? end - start : WINDOWS[window]! };
}

function summaryId(meter: string, customer: string, start: number, end: number): string {
  const h = createHash('sha256').update(`${meter}\n${customer}\n${start}\n${end}`).digest('base64url');
  return `mtrusg_${h.replace(/[-_]/g, '').slice(0, 24)}`;
}

const summaries: Handler = (db, params, hc) => {
  const meter = readMeter(db, hc, params.id as string);
  const { start, end, width } = checkRange(params);
  const customer = params.customer as string;
  const formula = (meter.default_aggregation as Doc).formula as string;
  const rows = stmt(db, USAGE).all(meter.id as string, customer, start * 1000, end * 1000, nowMs(hc)) as Array<{
    timestamp_ms: number;
    created_ms: number;
    value: number;
  }>;
  // One window per `width` from start: sum, count or last (the latest timestamp, then the latest received).
  const windows = new Map<number, number>();
  const latest = new Map<number, [number, number]>();
  for (const r of rows) {
    const at: [number, number] = [Number(r.timestamp_ms), Number(r.created_ms)];
    const w = Math.floor((at[0] / 1000 - start) / width);
    const v = Number(r.value);
    const before = windows.get(w) ?? 0;
    if (formula === 'last') {
      const seen = latest.get(w);
      if (seen && (seen[0] > at[0] || (seen[0] === at[0] && seen[1] > at[1]))) continue;
      latest.set(w, at);
      windows.set(w, v);
    } else windows.set(w, formula === 'count' ? before + 1 : before + v);
  }
  if (params.value_grouping_window === undefined && !windows.has(0)) windows.set(0, 0);
  // Newest window first, as Stripe's lists are.
  const all = [...windows.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([w, value]) => {
      const from = start + w * width;
      const to = Math.min(from + width, end);
      return {
        id: summaryId(meter.id as string, customer, from, to),
        object: 'billing.meter_event_summary',
        aggregated_value: Math.round(value * 1e12) / 1e12,
        end_time: to,
        livemode: meter.livemode,
        meter: meter.id,
        start_time: from,
      };
    });
  if (params.starting_after !== undefined && params.ending_before !== undefined)
    throw v1Error(
      400,
      'parameter_invalid',
      'You may only specify one of these parameters: ending_before, starting_after.',
      'ending_before',
    );
  const n = pageSize(params);
  const find = (param: 'starting_after' | 'ending_before') => {
    const id = params[param] as string;
    const i = all.findIndex((s) => s.id === id);
    if (i < 0) throw v1Error(400, 'resource_missing', `No such billing.meter_event_summary: ${echoText(id)}`, param);
    return i;
  };
  let from = 0;
  let to = Math.min(all.length, n);
  if (params.starting_after !== undefined) {
    from = find('starting_after') + 1;
    to = Math.min(all.length, from + n);
  } else if (params.ending_before !== undefined) {
    to = find('ending_before');
    from = Math.max(0, to - n);
  }
  const more = params.ending_before !== undefined ? from > 0 : to < all.length;
  return {
    object: 'list',
    data: all.slice(from, to),
    has_more: more,
    url: `/v1/billing/meters/${meter.id as string}/event_summaries`,
  };
};

export const handlers = {
  CreateMeter: create,
  RetrieveMeter: get,
  ListMeters: list,
  UpdateMeter: (db, params, hc) => update(params)(db, params, hc),
  DeactivateMeter: deactivate,
  ReactivateMeter: reactivate,
  ListMeterEventSummaries: summaries,
} satisfies HandlerTable;
