/**
 * What every v2 request goes through before its handler, in this order:
 * 1. the API key: missing or malformed → 401; a key the operation does not take → its error (v2.ts); the
 *    meter event stream's session token: missing, unknown or expired → 401 (meter-event-streams.ts), before
 *    the body's checks as a key is (a call with `keyOnly` stops here: serve's check before the body);
 * 2. the version header: malformed → 400; a well-formed one it does not know is served as the newest
 *    known (versions.ts);
 * 3. for the operations on accounts (ACCOUNT_CHECKS), the account's settings, as Stripe's schema lists
 *    them per operation: not registered for the platform program → `platform_registration_required`; a
 *    version older than `accounts_v2_min_version` → `non_connect_platform_accounts_v2_access_blocked`
 *    (both 400);
 * 4. for account updates, a lease under the concurrency limit (leases.ts) → 429 when none is free; for
 *    account reads, the same 429 while the updates fill the limit;
 * 5. the handler, behind the idempotency layer for a POST (idempotency.ts) and in a transaction of its own
 *    for a write.
 * The key and the version are parsed here, once, and handed down in the handler context (`key`, `version`).
 */
import type { Handler, HandlerContext } from './handler.js';
import { checkCapacity, underLease } from '../leases.js';
import { readSettings, type ServiceSettings } from '../settings-store.js';
import { type Database, withDeadline } from '../store/db.js';
import { authorize, v2Error } from './stripe.js';
import { streamSession } from './meter-event-streams.js';
import { olderThan, readVersion, servedVersion } from '../versions.js';
import { idempotent, takesIdempotency } from '../idempotency.js';
import type { Operation } from '../../../models/operation.js';

interface AccountChecks {
  /** `platform_registration_required` when `platform_registered` is false. */
  registration: boolean;
  /** An update takes a lease (and holds it `account_update_hold_ms`); a read only checks the limit. */
  update: boolean;
}

/**
 * The account checks of each operation: the errors stripe/openapi lists for it (x-stripeErrors) that a
 * service setting provokes. Every one of them lists `non_connect_platform_accounts_v2_access_blocked`
 * and `account_rate_limit_exceeded`; only the creations list `platform_registration_required`. Meter
 * event adjustments list none of them.
 */
export const ACCOUNT_CHECKS: Readonly<Record<string, AccountChecks>> = {
  CreateAccountToken: { registration: true, update: true },
  CreateAccount: { registration: true, update: true },
  RetrieveAccountToken: { registration: false, update: false },
  RetrieveAccount: { registration: false, update: false },
};

function checkAccountsAccess(settings: ServiceSettings, version: string, checks: AccountChecks): void {
  if (checks.registration && !settings.platformRegistered) {
    throw v2Error(
      400,
      'platform_registration_required',
      'This account has not signed up for the platform program and cannot create connected accounts or account tokens.',
    );
  }
  const min = settings.accountsV2MinVersion;
  if (min !== undefined && olderThan(version, min)) {
    throw v2Error(
      400,
      'non_connect_platform_accounts_v2_access_blocked',
      `This account can use the accounts v2 API only at API version ${min} or newer; this request was made at ${version}. Use a newer API version or onboard to the platform program.`,
    );
  }
}

export async function callV2(
  db: Database,
  op: Operation,
  gatedHandler: Handler,
  params: Record<string, unknown>,
  call: HandlerContext,
  inTransaction: (handler: Handler) => Handler,
): Promise<Record<string, unknown>> {
  const opName = op.name;
  const key = authorize(opName, call.apiKey);
  const version = servedVersion(call.versionReading ?? readVersion(call.serviceVersion));
  // The caller's own context, completed (not a copy): what the handler sets on it (idempotency.ts: replayed) reaches the caller.
  const hc: HandlerContext = Object.assign(call, key === undefined ? {} : { key }, { version });
  const once = takesIdempotency(op) ? idempotent(opName, gatedHandler) : gatedHandler;
  const handler = op.readOnly ? once : inTransaction(once);
  const checks = ACCOUNT_CHECKS[opName];
  // The request's statements share one time-out (hc.deadlineMs; a lease's hold is not counted).
  const within = <T>(fn: () => T) => withDeadline(db, hc.deadlineMs, fn);
  if (op.keyRule?.take === 'session') within(() => streamSession(db, hc));
  if (call.keyOnly) return {};
  if (!checks || !key) return within(() => handler(db, params, hc));
  const settings = within(() => readSettings(db));
  checkAccountsAccess(settings, version, checks);
  const scope = {
    accountId: hc.accountId,
    livemode: key.livemode,
    limit: settings.accountUpdateConcurrencyLimit,
    holdMs: settings.accountUpdateHoldMs,
  };
  if (checks.update) return underLease(db, scope, () => handler(db, params, hc), hc.deadlineMs);
  return within(() => {
    checkCapacity(db, scope);
    return handler(db, params, hc);
  });
}
