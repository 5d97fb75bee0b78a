/**
 * Meter events (`POST /v2/billing/meter_events`): usage sent to the billing meters, kept so that an
 * adjustment can cancel one (meter-event-adjustments.ts).
 *
 * An event is checked before anything is written: its timestamp lies at most 35 days before the time it is
 * received and at most 5 minutes after it; its identifier (made by the service when absent) names no other
 * event of the same account and mode received in the last 24 hours. Events are written in one transaction
 * that first looks for the identifier, so of two concurrent events with one identifier exactly one is kept.
 */
import { echoText } from '../../../core/input-rules.js';
import { stringifyJsonExact } from '../../../core/pynum.js';
import { createMeterEvent } from '../../../models/stripe.js';
import type { Database } from '../store/db.js';
import { stmt } from '../store/statements.js';
import type { Handler, HandlerContext, HandlerTable } from './handler.js';
import { checkV2Input, nowMs, callKey, rfc3339, v2Error } from './stripe.js';
import { countingMeters, writeUsage } from './meters.js';
import { reportErrors } from './meter-error-reports.js';

const DAY_MS = 86_400_000;
/** How far back an event's timestamp may be: 35 days. */
export const PAST_LIMIT_MS = 35 * DAY_MS;
/** How far ahead: 5 minutes. */
export const FUTURE_LIMIT_MS = 5 * 60_000;
/** How long an identifier stays taken, and how long an event can be cancelled: 24 hours. */
export const IDENTIFIER_WINDOW_MS = DAY_MS;

/** An event as received, checked, not yet written. */
interface Received {
  doc: Record<string, unknown>;
  identifier: string;
  eventName: string;
  timestampMs: number;
}

/** The error of a timestamp outside the window around the time the event is received, if it is. */
export function checkWindow(timestampMs: number, now: number): void {
  const ts = rfc3339(timestampMs);
  if (timestampMs < now - PAST_LIMIT_MS) {
    throw v2Error(
      400,
      'timestamp_too_far_in_past',
      `The event's timestamp ${ts} is more than 35 days before the time it was received (${rfc3339(now)}).`,
    );
  }
  if (timestampMs > now + FUTURE_LIMIT_MS) {
    throw v2Error(
      400,
      'timestamp_in_future',
      `The event's timestamp ${ts} is more than 5 minutes after the time it was received (${rfc3339(now)}).`,
    );
  }
}

/** The document an event of these parameters stores, received at `now` (`store import` replays it too). */
export function storedEvent(
  params: Record<string, unknown>,
  now: number,
  livemode: boolean,
  identifier: string,
): Record<string, unknown> {
  const timestampMs = timestampMsOf(params, now);
  return {
    object: 'v2.billing.meter_event',
    created: rfc3339(now),
    event_name: params.event_name,
    identifier,
    livemode,
    payload: params.payload,
    timestamp: rfc3339(timestampMs),
  };
}

/** The time an event of these parameters happened, received now: its timestamp, or now without one. */
export function timestampMsOf(params: Record<string, unknown>, now: number): number {
  return params.timestamp === undefined ? now : Date.parse(params.timestamp as string);
}

/** The create's input a stored event says it was made from (`store import` replays it). */
export function createInputOf(doc: Record<string, unknown>): Record<string, unknown> {
  return { event_name: doc.event_name, payload: doc.payload, identifier: doc.identifier, timestamp: doc.timestamp };
}

/** The event of these parameters, received now, or the error of its timestamp. */
function receive(params: Record<string, unknown>, now: number, livemode: boolean, hc: HandlerContext): Received {
  const timestampMs = timestampMsOf(params, now);
  checkWindow(timestampMs, now);
  const identifier = (params.identifier as string | undefined) ?? hc.ids.id('idmp_');
  const eventName = params.event_name as string;
  return { doc: storedEvent(params, now, livemode, identifier), identifier, eventName, timestampMs };
}

export const TAKEN =
  'SELECT created_ms FROM meter_events WHERE owner = ? AND livemode = ? AND identifier = ? AND created_ms > ? ORDER BY created_ms DESC LIMIT 1';
const INSERT =
  'INSERT INTO meter_events (owner, livemode, identifier, created_ms, event_name, timestamp_ms, cancels_ms, doc) VALUES (?, ?, ?, ?, ?, ?, NULL, ?)';

function duplicate(identifier: string, receivedMs: number) {
  return v2Error(
    400,
    'duplicate_meter_event',
    `An event with identifier ${echoText(identifier)} was already received at ${rfc3339(receivedMs)}: an identifier can be used once in 24 hours.`,
  );
}

/**
 * Writes the events, all or none: one transaction, which fails on the first identifier already taken. Each
 * event is counted by the active meters of its name then (meters.ts's usage rows, in the same transaction),
 * and what they could not count is reported (meter-error-reports.ts), in the same transaction too.
 */
export function writeEvents(db: Database, owner: string, livemode: boolean, now: number, events: Received[]): void {
  const mode = livemode ? 1 : 0;
  db.transaction(() => {
    const meters = new Map<string, ReturnType<typeof countingMeters>>();
    const seen = new Set<string>();
    for (const e of events) {
      if (seen.has(e.identifier)) throw duplicate(e.identifier, now);
      seen.add(e.identifier);
      const taken = stmt(db, TAKEN).get(owner, mode, e.identifier, now - IDENTIFIER_WINDOW_MS) as
        | { created_ms: number }
        | undefined;
      if (taken) throw duplicate(e.identifier, Number(taken.created_ms));
      stmt(db, INSERT).run(owner, mode, e.identifier, now, e.eventName, e.timestampMs, stringifyJsonExact(e.doc));
      let counting = meters.get(e.eventName);
      if (counting === undefined) meters.set(e.eventName, (counting = countingMeters(db, owner, mode, e.eventName)));
      const errors = writeUsage(db, counting, {
        owner,
        mode,
        identifier: e.identifier,
        createdMs: now,
        timestampMs: e.timestampMs,
        payload: e.doc.payload as Record<string, unknown>,
        cancelsMs: null,
      });
      if (errors.length > 0) reportErrors(db, { owner, mode, identifier: e.identifier, createdMs: now }, errors);
    }
  }).immediate();
}

/** Checks one event's parameters against the model and its time window (no write). */
export function receiveEvent(
  params: Record<string, unknown>,
  now: number,
  livemode: boolean,
  hc: HandlerContext,
): Received {
  checkV2Input(createMeterEvent, params);
  return receive(params, now, livemode, hc);
}

const create: Handler = (db, params, hc) => {
  const key = callKey(hc);
  const now = nowMs(hc);
  const event = receiveEvent(params, now, key.livemode, hc);
  writeEvents(db, hc.accountId, key.livemode, now, [event]);
  return event.doc;
};

export const handlers = {
  CreateMeterEvent: create,
} satisfies HandlerTable;
