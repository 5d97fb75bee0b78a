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

const create: Handler = (db, params, hc) => {
  const key = parseKey(hc.apiKey);
  const cancel = params.cancel as Record<string, unknown>;
  if (params.type === 'cancel' && (typeof cancel.identifier !== 'string' || cancel.identifier === '')) {
    throw v2Error(
      400,
      'invalid_cancel_configuration',
      'The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.',
    );
  }
  const created = nowMs(hc);
  const adjustment = {
    id: hc.ids.id('mtr_event_adj_'),
    object: 'v2.billing.meter_event_adjustment',
    cancel: { identifier: cancel.identifier },
    created: rfc3339(created),
    event_name: params.event_name,
    livemode: key.livemode,
    status: 'pending',
    type: params.type,
  };
  const completes = created + readSettings(db).meterEventAdjustmentProcessingMs;
  stmt(
    db,
    'INSERT INTO meter_event_adjustments (id, livemode, created_ms, completes_ms, doc, owner) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(adjustment.id, key.livemode ? 1 : 0, created, completes, stringifyJsonExact(adjustment), hc.accountId);
  return adjustment;
};

const get: Handler = (db, params, hc) => {
  const key = parseKey(hc.apiKey);
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
