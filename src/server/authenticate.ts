/**
 * Who is calling: with --credentials, AWS requests must carry a valid SigV4 signature of a listed access
 * key and v2 requests a listed key (or one of --api-keys); the caller then acts in its principal's
 * account, in the region of its signature's scope. Without --credentials, AWS requests are taken as they
 * come (one account; the region from the scope) and v2 keys are checked only against --api-keys.
 * serve has no connected accounts: a v2 request for one (`Stripe-Account`, `Stripe-Context`, as the stripe
 * SDK's `stripeAccount` and `stripeContext` send) is account_invalid (403), not served in the key's own account.
 */
import { type Codec, splitPath, type WireRequest } from '../wire/types.js';
import { parseKey, v2Error } from '../backends/embedded/index.js';
import { echoText } from '../core/input-rules.js';
import { maskKey } from '../models/secrets.js';
import type { Credentials } from './credentials.js';
import type { ApiKeyList } from './security.js';
import { bearerKey, scopeRegion } from './router.js';
import { verifySigV4 } from './verify.js';
import { namesV2Operation } from '../wire/v2.js';

export interface Caller {
  accountId?: string;
  region?: string;
  /** The principal's section name, for the request log and journal. */
  principal?: string;
}

export interface AuthDeps {
  apiKeys?: ApiKeyList;
  credentials?: Credentials;
  now?: () => number;
}

/** The meter event stream is authenticated by a session's token, which its handler looks up: no key list applies. */
const SESSION_AUTHENTICATED = '/v2/billing/meter_event_stream';

/** Whether a request's path is the meter event stream's (a trailing '/' or a query string aside). */
const onStreamPath = (path: string): boolean => splitPath(path).pathname.replace(/\/$/, '') === SESSION_AUTHENTICATED;

/** Whether a request is the meter event stream's (a POST to its path): its session token is its key. */
export function sessionAuthenticated(req: { method: string; path: string }): boolean {
  return req.method === 'POST' && onStreamPath(req.path);
}

/** The connected account a v2 request names, and the header that names it. */
function connectedAccount(headers: Record<string, string>): [string, string] | undefined {
  for (const header of ['Stripe-Account', 'Stripe-Context']) {
    const value = headers[header.toLowerCase()];
    if (value !== undefined && value.trim() !== '') return [header, value];
  }
  return undefined;
}

function v2Caller(req: WireRequest, deps: AuthDeps): Caller {
  const key = bearerKey(req.headers.authorization);
  const caller = v2KeyCaller(req, key, deps);
  // Only a key that is one, of this serve's, reaches the connected account's 403, as Stripe authenticates first:
  // a bad key (or the stream's bad token: server/handler.ts asks the service first) is its 401, header or none.
  const connected = key === undefined || key === '' ? undefined : connectedAccount(req.headers);
  if (connected) {
    const [header, account] = connected;
    throw v2Error(
      403,
      'account_invalid',
      `The provided key '${maskKey(key!)}' does not have access to account ${echoText(account)} (or that account does not exist): svcctl serve has no connected accounts, and a request acts in its key's own account; send it without ${header}.`,
    );
  }
  return caller;
}

function v2KeyCaller(req: WireRequest, key: string | undefined, deps: AuthDeps): Caller {
  if (onStreamPath(req.path)) return {};
  // A key that is missing or no key at all is refused before the body is read, listed keys or not, as Stripe
  // authenticates first: without --api-keys such a request got its body's 400 (parameter_unknown, malformed
  // JSON) first, with them the 401.
  if (namesV2Operation(req)) parseKey(key); // an unknown path stays a 404 (the registry's referrers path: compat #421)
  if (key === undefined || key === '') return {}; // a missing key of an unknown path: its 404 follows
  if (!deps.credentials) {
    const refused = deps.apiKeys?.refuse(key);
    if (refused) throw refused;
    return {};
  }
  const principal = deps.credentials.v2Principal(key);
  if (principal) return { accountId: principal.accountId, principal: principal.name };
  if (deps.apiKeys && !deps.apiKeys.refuse(key)) return {};
  throw v2Error(401, 'api_key_invalid', `Invalid API Key provided: ${maskKey(key)}`);
}

/** The caller, or the protocol's own error (ServiceError) when it may not call. */
export function authenticate(codec: Codec, req: WireRequest, deps: AuthDeps): Caller {
  if (codec.name === 'v2') return v2Caller(req, deps);
  if (!deps.credentials) return {};
  const service = codec.serviceOf(req);
  if (service.protocol === 'v2') return v2Caller(req, deps);
  const { principal, region } = verifySigV4(service, req, deps.credentials, (deps.now ?? Date.now)());
  return { accountId: principal.accountId, region: scopeRegion(codec, region), principal: principal.name };
}
