/** Meter event adjustments (spec 2.2, 4.3): cancel one previously sent billing meter event. */
import { createMeterEventAdjustment } from '../../models/v2.js';
import type { Handler } from './service.js';
import { checkV2Input, nowMs, parseKey, rfc3339, v2Error } from './v2.js';

const create: Handler = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  if (key.kind === 'publishable') {
    throw v2Error(403, 'secret_key_required', 'This request requires a secret key (sk_...) or a restricted key with access to meter event adjustments; a publishable key was given.', 'invalid_request_error');
  }
  checkV2Input(createMeterEventAdjustment, params);
  const cancel = params.cancel as Record<string, unknown>;
  if (params.type === 'cancel' && (typeof cancel.identifier !== 'string' || cancel.identifier === '')) {
    throw v2Error(400, 'invalid_cancel_configuration', 'The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required.');
  }
  const created = nowMs(sc);
  const adjustment = {
    id: sc.ids.id('mtradj_'),
    object: 'v2.billing.meter_event_adjustment',
    cancel: { identifier: cancel.identifier },
    created: rfc3339(created),
    event_name: params.event_name,
    livemode: key.livemode,
    status: 'pending',
    type: params.type,
  };
  db.prepare('INSERT INTO meter_event_adjustments (id, livemode, created_ms, doc) VALUES (?, ?, ?, ?)').run(
    adjustment.id,
    key.livemode ? 1 : 0,
    created,
    JSON.stringify(adjustment),
  );
  return adjustment;
};

export const handlers: Record<string, Handler> = {
  CreateMeterEventAdjustment: create,
};
