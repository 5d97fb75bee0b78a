/**
 * Account tokens (spec 2.1, 4.1, 4.2): single-use tokens of an account's contact details and identity.
 * A token lives `account_token_lifetime_seconds` (default 600: the 10 minutes of the API's examples); it
 * is used up by creating an account from it (accounts.ts). `used` and the expiry are columns, so that
 * using a token is one conditional UPDATE; the token object and the data it carries are kept as JSON.
 * Which keys may create or read tokens is decided before the handlers run (the models' keyRule, checked by v2.ts authorize).
 */
import { parseJsonInts, stringifyJsonExact } from '../../../core/pynum.js';
import type { Handler, HandlerTable } from './handler.js';
import { readSettings } from '../settings-store.js';
import { stmt } from '../store/statements.js';
import type { Database } from '../store/db.js';
import { notFound, nowMs, callKey, rfc3339 } from './stripe.js';

/** How an account token's id starts (then letters and digits: core/context.ts ids); store import checks it. */
export const TOKEN_PREFIX = 'accttok_';

export interface TokenRow {
  livemode: number;
  used: number;
  expires_ms: number;
  doc: string;
}

interface Stored {
  token: Record<string, unknown>;
  data: Record<string, unknown>;
}

/** The token of this mode, or undefined (a token of the other mode does not exist for this key). */
export function findToken(db: Database, id: string, livemode: boolean, owner: string): TokenRow | undefined {
  const row = stmt(db, 'SELECT livemode, used, expires_ms, doc FROM account_tokens WHERE id = ? AND owner = ?').get(
    id,
    owner,
  ) as TokenRow | undefined;
  return row && row.livemode === (livemode ? 1 : 0) ? row : undefined;
}

/** The contact details and identity the token was created with. */
export function tokenData(row: TokenRow): Record<string, unknown> {
  return (parseJsonInts(row.doc) as Stored).data;
}

/** The token object as it is now: `used` and `expires_at` from the columns. */
export function tokenObject(row: TokenRow): Record<string, unknown> {
  const { token } = parseJsonInts(row.doc) as Stored;
  return { ...token, expires_at: rfc3339(row.expires_ms), used: row.used === 1 };
}

/** What a create of `params` stores: the token as created, and the data it carries. */
export function storedToken(
  id: string,
  created: number,
  expires: number,
  livemode: boolean,
  params: Record<string, unknown>,
): { token: Record<string, unknown> & { id: string }; data: Record<string, unknown> } {
  const token = {
    id,
    object: 'v2.core.account_token',
    created: rfc3339(created),
    expires_at: rfc3339(expires),
    livemode,
    used: false,
  };
  return { token, data: params };
}

const create: Handler = (db, params, hc) => {
  const key = callKey(hc);
  const created = nowMs(hc);
  const expires = created + readSettings(db).accountTokenLifetimeSeconds * 1000;
  const stored = storedToken(hc.ids.id(TOKEN_PREFIX), created, expires, key.livemode, params);
  const { token } = stored;
  stmt(
    db,
    'INSERT INTO account_tokens (id, livemode, created_ms, expires_ms, used, doc, owner) VALUES (?, ?, ?, ?, 0, ?, ?)',
  ).run(token.id, key.livemode ? 1 : 0, created, expires, stringifyJsonExact(stored), hc.accountId);
  return token;
};

const get: Handler = (db, params, hc) => {
  const key = callKey(hc);
  const id = params.id as string;
  const row = findToken(db, id, key.livemode, hc.accountId);
  if (!row) throw notFound('account token', id);
  return tokenObject(row);
};

export const handlers = {
  CreateAccountToken: create,
  RetrieveAccountToken: get,
} satisfies HandlerTable;
