/**
 * Accounts (`POST /v2/core/accounts`, `GET /v2/core/accounts/:id`), just enough to use account tokens up:
 * an account is created from a token and takes the token's contact details and identity.
 *
 * Using a token is one statement, inside the transaction that creates the account:
 *   UPDATE account_tokens SET used = 1 WHERE id = ? AND livemode = ? AND used = 0 AND expires_ms > ?
 * SQLite runs it under the store's write lock, so of any number of concurrent uses (in one process or
 * many) exactly one changes the row; the others change nothing and are told why: the token is unknown
 * in this mode (404), already used, or expired (400).
 */
import { echoText } from '../../../core/input-rules.js';
import { parseJsonInts, stringifyJsonExact } from '../../../core/pynum.js';
import { findToken, tokenData } from './account-tokens.js';
import type { Handler, HandlerTable } from './handler.js';
import { stmt } from '../store/statements.js';
import type { Database } from '../store/db.js';
import { notFound, nowMs, callKey, rfc3339, v2Error } from './stripe.js';

/** How an account's id starts (then letters and digits: core/context.ts ids); store import checks it. */
export const ACCOUNT_PREFIX = 'acct_';

const USE_TOKEN =
  'UPDATE account_tokens SET used = 1 WHERE id = ? AND livemode = ? AND owner = ? AND used = 0 AND expires_ms > ?';

/** Why a token could not be used (the UPDATE changed nothing). */
function unusable(db: Database, id: string, livemode: boolean, owner: string) {
  const row = findToken(db, id, livemode, owner);
  if (!row) return notFound('account token', id);
  if (row.used === 1)
    return v2Error(
      400,
      'token_already_used',
      `The account token ${echoText(id)} has already been used: a token can be used only once.`,
    );
  return v2Error(
    400,
    'token_expired',
    `The account token ${echoText(id)} expired at ${rfc3339(row.expires_ms)}: create a new token.`,
  );
}

/** The account created from a token's data (what the store holds and the create answers). */
export function accountFrom(
  id: string,
  created: number,
  livemode: boolean,
  data: Record<string, unknown>,
): Record<string, unknown> {
  return {
    id,
    object: 'v2.core.account',
    applied_configurations: [],
    contact_email: data.contact_email,
    contact_phone: data.contact_phone,
    created: rfc3339(created),
    display_name: data.display_name,
    identity: data.identity,
    livemode,
  };
}

const create: Handler = (db, params, hc) => {
  const key = callKey(hc);
  const tokenId = params.account_token as string;
  const now = nowMs(hc);
  const mode = key.livemode ? 1 : 0;
  return db
    .transaction(() => {
      if (stmt(db, USE_TOKEN).run(tokenId, mode, hc.accountId, now).changes !== 1)
        throw unusable(db, tokenId, key.livemode, hc.accountId);
      const account = accountFrom(
        hc.ids.id(ACCOUNT_PREFIX),
        now,
        key.livemode,
        tokenData(findToken(db, tokenId, key.livemode, hc.accountId)!),
      );
      stmt(db, 'INSERT INTO accounts (id, livemode, created_ms, token_id, doc, owner) VALUES (?, ?, ?, ?, ?, ?)').run(
        account.id,
        mode,
        now,
        tokenId,
        stringifyJsonExact(account),
        hc.accountId,
      );
      return account;
    })
    .immediate();
};

const get: Handler = (db, params, hc) => {
  const key = callKey(hc);
  const id = params.id as string;
  const row = stmt(db, 'SELECT livemode, doc FROM accounts WHERE id = ? AND owner = ?').get(id, hc.accountId) as
    | { livemode: number; doc: string }
    | undefined;
  if (!row || row.livemode !== (key.livemode ? 1 : 0)) throw notFound('account', id);
  return parseJsonInts(row.doc) as Record<string, unknown>;
};

export const handlers = {
  CreateAccount: create,
  RetrieveAccount: get,
} satisfies HandlerTable;
