/**
 * Idempotent replay of v2 POSTs (as the v2 API family does it): a request with an `Idempotency-Key`
 * runs once; a repeat with the same key and the same operation and parameters gets the stored response
 * without the work being done again; the same key with anything else is a 409 `idempotency_error` (Stripe's v2 schema gives that error
 * x-stripeError.httpStatusCode 409, and its errors page lists 409 Conflict for a reused idempotent key).
 * Records live in the store (table idempotency_keys) for 24 hours, scoped by mode (test / live).
 * Only successful responses are stored: a request that failed changed nothing and may be sent again.
 * Living in the embedded service, this gives the CLI's local backend and `svcctl serve` the same behaviour.
 */
import { echoText } from '../../core/input-rules.js';
import { parseJsonInts, stringifyJsonExact } from '../../core/pynum.js';
import { createHash } from 'node:crypto';
import type { Handler } from './handlers/handler.js';
import { callKey, v2Error } from './handlers/stripe.js';
import { stmt } from './store/statements.js';
import { withoutNullMembers } from './gate.js';

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_KEY_LENGTH = 255;

/**
 * Expired records that one request deletes at most, besides its own key's: more than one request adds, so
 * expired records never pile up, and a request never pays for a day's worth of them at once.
 */
export const EXPIRE_BATCH = 16;
export const EXPIRE_KEY =
  'DELETE FROM idempotency_keys WHERE owner = ? AND livemode = ? AND key = ? AND created_ms < ?';
/** The batch is written into the statement: PostgreSQL plans a seek per key for a small known LIMIT, not a scan. */
export const EXPIRE_OLDEST = `DELETE FROM idempotency_keys WHERE (owner, livemode, key) IN (SELECT owner, livemode, key FROM idempotency_keys WHERE created_ms < ? ORDER BY created_ms LIMIT ${EXPIRE_BATCH})`;

interface Row {
  operation: string;
  fingerprint: string;
  response: string;
}

/** JSON with object keys sorted, so that member order does not change the fingerprint. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${stringifyJsonExact(k)}:${canonical(x)}`).join(',')}}`;
  }
  return stringifyJsonExact(v) ?? 'null';
}

function fingerprint(opName: string, params: Record<string, unknown>): string {
  return createHash('sha256')
    .update(`${opName}\n${canonical(params)}`)
    .digest('hex');
}

function mismatch(key: string) {
  return v2Error(
    409,
    'idempotency_error',
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than ${echoText(key)} if you meant to execute a different request.`,
    'idempotency_error',
  );
}

export function idempotent(opName: string, handler: Handler): Handler {
  return (db, params, hc) => {
    const key = hc.idempotencyKey;
    if (key === undefined || key === '') return handler(db, params, hc);
    const mode = callKey(hc).livemode ? 1 : 0;
    if (key.length > MAX_KEY_LENGTH) {
      throw v2Error(400, 'parameter_invalid', `Invalid Idempotency-Key: must be at most ${MAX_KEY_LENGTH} characters.`);
    }
    const print = fingerprint(opName, withoutNullMembers(opName, params));
    const now = hc.clock.now().getTime();
    return db
      .transaction(() => {
        // The key in hand, if it has expired, goes now (it is never replayed); of the others, at most
        // EXPIRE_BATCH of the oldest expired: a request's cost does not grow with how many expired at once.
        const expired = now - IDEMPOTENCY_WINDOW_MS;
        stmt(db, EXPIRE_KEY).run(hc.accountId, mode, key, expired);
        stmt(db, EXPIRE_OLDEST).run(expired);
        const row = db
          .prepare(
            'SELECT operation, fingerprint, response FROM idempotency_keys WHERE owner = ? AND livemode = ? AND key = ?',
          )
          .get(hc.accountId, mode, key) as Row | undefined;
        if (row) {
          if (row.operation !== opName || row.fingerprint !== print) throw mismatch(key);
          hc.replayed = true;
          return parseJsonInts(row.response) as Record<string, unknown>;
        }
        const out = handler(db, params, hc);
        db.prepare(
          'INSERT INTO idempotency_keys (owner, livemode, key, operation, fingerprint, created_ms, response) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(hc.accountId, mode, key, opName, print, now, stringifyJsonExact(out));
        return out;
      })
      .immediate();
  };
}

export { takesIdempotency } from '../../models/operation.js';
