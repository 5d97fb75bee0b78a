/**
 * Meter event adjustments (spec 2.2, 4.3): cancel one previously sent billing meter event.
 *
 * Processing: an adjustment is created `pending` and is processed `meter_event_adjustment_processing_ms`
 * after it was created (default 0); a read at or after that time shows `complete`. The time is fixed
 * when the adjustment is created (column completes_ms), so changing the setting later changes only new
 * adjustments.
 *
 * What it cancels: the event of the same account and mode with that identifier and event name, received
 * in the last 24 hours (meter-events.ts), not cancelled before. Anything else is Stripe's one documented
 * error of the operation, `invalid_cancel_configuration` (400), naming what is wrong, and nothing is
 * written. The event is marked in the adjustment's transaction with a conditional UPDATE (`cancels_ms IS
 * NULL`), so of two concurrent adjustments of one event exactly one succeeds; it stops counting in the
 * summaries when the adjustment completes (its `cancels_ms`, which the same transaction copies onto the
 * event's usage rows: a summary reads those alone, meters.ts).
 */
import { parseJsonInts, stringifyJsonExact } from '../../../core/pynum.js';
import type { Handler, HandlerTable } from './handler.js';
import { readSettings } from '../settings-store.js';
import { stmt } from '../store/statements.js';
import { echoText } from '../../../core/input-rules.js';
import type { Database } from '../store/db.js';
import { IDENTIFIER_WINDOW_MS } from './meter-events.js';
import { MARK_USAGE_CANCELLED } from './meters.js';
import { notFound, nowMs, callKey, rfc3339, v2Error } from './stripe.js';

/** How a meter event adjustment's id starts (then letters and digits: core/context.ts ids); store import checks it. */
export const ADJUSTMENT_PREFIX = 'mtr_event_adj_';

interface Row {
  livemode: number;
  completes_ms: number;
  doc: string;
}

export const LATEST_EVENT =
  'SELECT created_ms, event_name, cancels_ms FROM meter_events WHERE owner = ? AND livemode = ? AND identifier = ? AND created_ms > ? ORDER BY created_ms DESC LIMIT 1';
export const MARK_CANCELLED =
  'UPDATE meter_events SET cancels_ms = ? WHERE owner = ? AND livemode = ? AND identifier = ? AND created_ms = ? AND cancels_ms IS NULL';

function invalidCancel(why: string) {
  return v2Error(400, 'invalid_cancel_configuration', `The cancel configuration is invalid: ${why}`);
}

/** Marks the event the adjustment cancels, or throws why it cannot (nothing written). */
function cancelEvent(
  db: Database,
  owner: string,
  mode: number,
  identifier: string,
  eventName: string,
  now: number,
  completes: number,
): void {
  const row = stmt(db, LATEST_EVENT).get(owner, mode, identifier, now - IDENTIFIER_WINDOW_MS) as
    | { created_ms: number; event_name: string; cancels_ms: number | null }
    | undefined;
  const id = echoText(identifier);
  if (!row)
    throw invalidCancel(
      `no event with identifier ${id} was received in this mode in the last 24 hours; only such an event can be cancelled.`,
    );
  if (row.event_name !== eventName)
    throw invalidCancel(
      `the event with identifier ${id} has event_name ${echoText(row.event_name)}, not ${echoText(eventName)}.`,
    );
  const changed = stmt(db, MARK_CANCELLED).run(completes, owner, mode, identifier, Number(row.created_ms)).changes;
  if (row.cancels_ms !== null || changed !== 1)
    throw invalidCancel(`the event with identifier ${id} has already been cancelled; an event can be cancelled once.`);
  stmt(db, MARK_USAGE_CANCELLED).run(completes, owner, mode, identifier, Number(row.created_ms));
}

/** CreateMeterEventAdjustment's own rule beyond its model's (the gate's); `store import` runs it too. */
export function checkCreate(params: Record<string, unknown>): void {
  const cancel = params.cancel as Record<string, unknown>;
  if (params.type === 'cancel' && (typeof cancel.identifier !== 'string' || cancel.identifier === '')) {
    throw v2Error(
      400,
      'invalid_cancel_configuration',
      'The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.',
    );
  }
}

/** The adjustment a create of `params` stores (and answers). */
export function storedAdjustment(
  id: string,
  created: number,
  livemode: boolean,
  params: Record<string, unknown>,
): Record<string, unknown> {
  return {
    id,
    object: 'v2.billing.meter_event_adjustment',
    cancel: { identifier: (params.cancel as Record<string, unknown>).identifier },
    created: rfc3339(created),
    event_name: params.event_name,
    livemode,
    status: 'pending',
    type: params.type,
  };
}

/** The create's input a stored adjustment says it was made from (`store import` replays it). */
export function createInputOf(doc: Record<string, unknown>): Record<string, unknown> {
  return { event_name: doc.event_name, type: doc.type, cancel: doc.cancel };
}

const create: Handler = (db, params, hc) => {
  const key = callKey(hc);
  checkCreate(params);
  const created = nowMs(hc);
  const identifier = (params.cancel as Record<string, unknown>).identifier as string;
  const mode = key.livemode ? 1 : 0;
  const adjustment = storedAdjustment(hc.ids.id(ADJUSTMENT_PREFIX), created, key.livemode, params);
  const completes = created + readSettings(db).meterEventAdjustmentProcessingMs;
  db.transaction(() => {
    cancelEvent(db, hc.accountId, mode, identifier, params.event_name as string, created, completes);
    stmt(
      db,
      'INSERT INTO meter_event_adjustments (id, livemode, created_ms, completes_ms, doc, owner) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(adjustment.id as string, mode, created, completes, stringifyJsonExact(adjustment), hc.accountId);
  }).immediate();
  return adjustment;
};

const get: Handler = (db, params, hc) => {
  const key = callKey(hc);
  const id = params.id as string;
  const row = stmt(
    db,
    'SELECT livemode, completes_ms, doc FROM meter_event_adjustments WHERE id = ? AND owner = ?',
  ).get(id, hc.accountId) as Row | undefined;
  if (!row || row.livemode !== (key.livemode ? 1 : 0)) throw notFound('meter event adjustment', id);
  const adjustment = parseJsonInts(row.doc) as Record<string, unknown>;
  return { ...adjustment, status: nowMs(hc) >= row.completes_ms ? 'complete' : 'pending' };
};

export const handlers = {
  CreateMeterEventAdjustment: create,
  RetrieveMeterEventAdjustment: get,
} satisfies HandlerTable;
