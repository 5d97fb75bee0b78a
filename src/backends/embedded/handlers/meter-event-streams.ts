/**
 * Meter event sessions and the meter event stream: the high-throughput way to send meter events.
 *
 * `POST /v2/billing/meter_event_session` (a secret or restricted key) makes a session whose
 * `authentication_token` is valid for 15 minutes. `POST /v2/billing/meter_event_stream` is authenticated by
 * that token alone (as the Bearer key): it takes up to 100 events, checks each as `POST
 * /v2/billing/meter_events` does, writes them all or none under the session's account and mode, and answers
 * an empty object. A token no session has is `api_key_invalid` (401); a session past its `expires_at` is
 * `billing_meter_event_session_expired` (401, type `temporary_session_expired`, which the stripe package
 * raises as its TemporarySessionExpiredError).
 */
import { stringifyJsonExact } from '../../../core/pynum.js';
import { maskKey } from '../../../models/secrets.js';
import { stmt } from '../store/statements.js';
import type { Handler, HandlerContext, HandlerTable } from './handler.js';
import type { Database } from '../store/db.js';
import { receiveEvent, writeEvents } from './meter-events.js';
import { nowMs, callKey, rfc3339, v2Error } from './stripe.js';

/** How a meter event session's id starts (then letters and digits: core/context.ts ids); store import checks it. */
export const SESSION_PREFIX = 'mtr_event_session_';
/** How its authentication token starts (then letters and digits: core/context.ts ids); store import checks it. */
export const SESSION_TOKEN_PREFIX = 'mes_token_';

/** A stream request's session, found by its token (the UNIQUE index). */
export const SESSION_BY_TOKEN = 'SELECT owner, livemode, expires_ms FROM meter_event_sessions WHERE token = ?';

/** How long a session's token is valid: 15 minutes. */
export const SESSION_LIFETIME_MS = 15 * 60_000;

/** The session a create stores (and answers); `store import` replays it too. */
export function storedSession(
  id: string,
  token: string,
  created: number,
  livemode: boolean,
): Record<string, unknown> & { id: string; authentication_token: string } {
  return {
    id,
    object: 'v2.billing.meter_event_session',
    authentication_token: token,
    created: rfc3339(created),
    expires_at: rfc3339(created + SESSION_LIFETIME_MS),
    livemode,
  };
}

const createSession: Handler = (db, _params, hc) => {
  const key = callKey(hc);
  const now = nowMs(hc);
  const session = storedSession(hc.ids.id(SESSION_PREFIX), hc.ids.id(SESSION_TOKEN_PREFIX), now, key.livemode);
  stmt(
    db,
    'INSERT INTO meter_event_sessions (id, owner, livemode, token, created_ms, expires_ms, doc) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    session.id,
    hc.accountId,
    key.livemode ? 1 : 0,
    session.authentication_token,
    now,
    now + SESSION_LIFETIME_MS,
    stringifyJsonExact(session),
  );
  return session;
};

interface SessionRow {
  owner: string;
  livemode: number;
  expires_ms: number;
}

/**
 * The session of a stream request's token, checked: no token is api_key_required, one no session has
 * api_key_invalid, a session past its expires_at billing_meter_event_session_expired (all 401). The stream's
 * key check (stripe-call.ts callV2 asks it before the body's checks, as an API key is checked before them, and
 * serve before it reads the body: server/handler.ts); the handler asks it again in its transaction.
 */
export function streamSession(db: Database, hc: HandlerContext): SessionRow {
  const token = hc.apiKey;
  if (token === undefined || token === '') {
    throw v2Error(
      401,
      'api_key_required',
      'You did not provide a session token. Provide the authentication_token of a meter event session as the Bearer key.',
    );
  }
  const row = stmt(db, SESSION_BY_TOKEN).get(token) as SessionRow | undefined;
  if (!row) {
    throw v2Error(
      401,
      'api_key_invalid',
      `Invalid session token provided: ${maskKey(token)}. The meter event stream takes the authentication_token of a meter event session.`,
    );
  }
  if (nowMs(hc) >= Number(row.expires_ms)) {
    throw v2Error(
      401,
      'billing_meter_event_session_expired',
      `The meter event session expired at ${rfc3339(Number(row.expires_ms))}: create a new session for a new token.`,
      'temporary_session_expired',
    );
  }
  return row;
}

const stream: Handler = (db, params, hc) => {
  const row = streamSession(db, hc);
  const now = nowMs(hc);
  const livemode = row.livemode === 1;
  const events = (params.events as Array<Record<string, unknown>>).map((e) => receiveEvent(e, now, livemode, hc));
  writeEvents(db, row.owner, livemode, now, events);
  return {};
};

export const handlers = {
  CreateMeterEventSession: createSession,
  CreateMeterEventStream: stream,
} satisfies HandlerTable;
