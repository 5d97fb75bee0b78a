/**
 * Meter event adjustments (spec 2.2, 4.3): cancel one previously sent billing meter event.
 *
 * Processing: an adjustment is created `pending` and is processed `meter_event_adjustment_processing_ms`
 * after it was created (default 0); a read at or after that time shows `complete`. The time is fixed
 * when the adjustment is created (column completes_ms), so changing the setting later changes only new
 * adjustments. The spec shows no way to send meter events, so any non-empty identifier is accepted.
 */
import { parseJsonInts, stringifyJsonExact } from '../../../core/pynum.js';
import type { Handler, HandlerTable } from './handler.js';
import { readSettings } from '../settings-store.js';
import { stmt } from '../store/statements.js';
import { notFound, nowMs, parseKey, rfc3339, v2Error } from './stripe.js';

interface Row {
  livemode: number;
  completes_ms: number;
  doc: string;
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

const create: Handler = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  checkCreate(params);
  const created = nowMs(sc);
  const adjustment = storedAdjustment(sc.ids.id('mtr_event_adj_'), created, key.livemode, params);
  const completes = created + readSettings(db).meterEventAdjustmentProcessingMs;
  stmt(
    db,
    'INSERT INTO meter_event_adjustments (id, livemode, created_ms, completes_ms, doc, owner) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(
    adjustment.id as string,
    key.livemode ? 1 : 0,
    created,
    completes,
    stringifyJsonExact(adjustment),
    sc.accountId,
  );
  return adjustment;
};

const get: Handler = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  const id = params.id as string;
  const row = stmt(
    db,
    'SELECT livemode, completes_ms, doc FROM meter_event_adjustments WHERE id = ? AND owner = ?',
  ).get(id, sc.accountId) as Row | undefined;
  if (!row || row.livemode !== (key.livemode ? 1 : 0)) throw notFound('meter event adjustment', id);
  const adjustment = parseJsonInts(row.doc) as Record<string, unknown>;
  return { ...adjustment, status: nowMs(sc) >= row.completes_ms ? 'complete' : 'pending' };
};

export const handlers = {
  CreateMeterEventAdjustment: create,
  RetrieveMeterEventAdjustment: get,
} satisfies HandlerTable;
