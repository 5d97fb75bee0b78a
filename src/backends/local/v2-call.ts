/**
 * What every v2 request goes through before its handler, in this order:
 * 1. the API key: missing or malformed → 401; a key the operation does not take → its error (v2.ts);
 * 2. the version header: malformed or unknown → 400 (versions.ts);
 * 3. for account updates (creating an account token or an account), the account's settings: not
 *    registered for the platform program → `platform_registration_required`; a version older than
 *    `accounts_v2_min_version` → `non_connect_platform_accounts_v2_access_blocked` (both 400);
 * 4. for account updates, a lease under the concurrency limit (leases.ts) → 429 when none is free;
 * 5. the handler (idempotency, input checks, the work).
 */
import type { Handler, ServiceContext } from './service.js';
import { underLease } from './leases.js';
import { readSettings, type Settings } from './service-settings.js';
import type { Database } from './store.js';
import { authorize, v2Error } from './v2.js';
import { olderThan, requestVersion } from './versions.js';

/** The operations that update an account, and so count against its concurrency limit. */
export const ACCOUNT_UPDATES: ReadonlySet<string> = new Set(['CreateAccountToken', 'CreateAccount']);

function checkAccountsAccess(settings: Settings, version: string): void {
  if (!settings.platformRegistered) {
    throw v2Error(400, 'platform_registration_required',
      'This account has not signed up for the platform program and cannot create connected accounts or account tokens.');
  }
  const min = settings.accountsV2MinVersion;
  if (min !== undefined && olderThan(version, min)) {
    throw v2Error(400, 'non_connect_platform_accounts_v2_access_blocked',
      `This account can use the accounts v2 API only at API version ${min} or newer; this request was made at ${version}. Use a newer API version or onboard to the platform program.`);
  }
}

export async function callV2(db: Database, opName: string, handler: Handler, params: Record<string, unknown>, sc: ServiceContext): Promise<Record<string, unknown>> {
  const key = authorize(opName, sc.apiKey);
  const version = requestVersion(sc.serviceVersion);
  if (!ACCOUNT_UPDATES.has(opName)) return handler(db, params, sc);
  const settings = readSettings(db);
  checkAccountsAccess(settings, version);
  const scope = { accountId: sc.accountId, livemode: key.livemode, limit: settings.accountUpdateConcurrencyLimit, holdMs: settings.accountUpdateHoldMs };
  return underLease(db, scope, () => handler(db, params, sc));
}
