/** Account tokens (spec 2.1, 4.1, 4.2): single-use tokens of an account's contact details and identity. */
import { createAccountToken, getAccountToken } from '../../models/v2.js';
import type { Handler } from './service.js';
import { checkV2Input, nowMs, parseKey, rfc3339, v2Error } from './v2.js';

export const TOKEN_LIFETIME_MS = 10 * 60 * 1000;

interface Row {
  livemode: number;
  doc: string;
}

interface Stored {
  token: Record<string, unknown>;
  data: Record<string, unknown>;
}

const create: Handler = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  if (key.livemode && key.kind !== 'publishable') {
    throw v2Error(400, 'token_must_be_created_with_publishable_key', 'In live mode, account tokens can only be created with your publishable key.');
  }
  checkV2Input(createAccountToken, params);
  const created = nowMs(sc);
  const token = {
    id: sc.ids.id('accttok_'),
    object: 'v2.core.account_token',
    created: rfc3339(created),
    expires_at: rfc3339(created + TOKEN_LIFETIME_MS),
    livemode: key.livemode,
    used: false,
  };
  const stored: Stored = { token, data: params };
  db.prepare('INSERT INTO account_tokens (id, livemode, created_ms, doc) VALUES (?, ?, ?, ?)').run(
    token.id,
    key.livemode ? 1 : 0,
    created,
    JSON.stringify(stored),
  );
  return token;
};

const get: Handler = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  checkV2Input(getAccountToken, params);
  const id = params.id as string;
  const row = db.prepare('SELECT livemode, doc FROM account_tokens WHERE id = ?').get(id) as Row | undefined;
  // Objects of the other mode do not exist for this key.
  if (!row || row.livemode !== (key.livemode ? 1 : 0)) throw v2Error(404, 'not_found', `No such account token: '${id}'`);
  return (JSON.parse(row.doc) as Stored).token;
};

export const handlers: Record<string, Handler> = {
  CreateAccountToken: create,
  RetrieveAccountToken: get,
};
