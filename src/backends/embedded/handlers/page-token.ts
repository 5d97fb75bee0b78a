/**
 * Opaque page tokens for keyset pagination: each names the last item returned, within a scope (region,
 * registry), and is signed with the store's secret so that only tokens this store issued are accepted.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { stmt } from '../store/statements.js';
import type { Database } from '../store/db.js';

/** The secret last read per open store, with the text it was read from (the row is read on every use). */
const secrets = new WeakMap<Database, { text: string; secret: Buffer }>();

/**
 * The store's token-signing secret, read from the store on every use: another process can replace it
 * (`store import --replace`), and an instance that kept the one it read first then signed tokens that every
 * instance started after refused. Made when the first token is issued; reading a token never makes it (no
 * secret yet: no token was ever issued, so none is valid), so a refused request writes nothing.
 */
function tokenSecret(db: Database, make: boolean): Buffer | undefined {
  const read = () =>
    stmt(db, "SELECT value FROM settings WHERE name = 'page_token_secret'").get() as { value: string } | undefined;
  let row = read();
  if (!row && !make) return undefined;
  if (!row) {
    stmt(db, "INSERT OR IGNORE INTO settings (name, value) VALUES ('page_token_secret', ?)").run(
      randomBytes(32).toString('hex'),
    );
    row = read()!;
  }
  const known = secrets.get(db);
  if (known?.text === row.value) return known.secret;
  const secret = Buffer.from(row.value, 'hex');
  secrets.set(db, { text: row.value, secret });
  return secret;
}

/** The same secret, for the registry's authorization tokens (registry-auth.ts). */
export const storeSecret = tokenSecret;

function sign(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);
}

/** A token signed with a given secret (exported for tests that forge tokens of another store). */
export function signedToken(secret: Buffer, scope: readonly string[], last: string): string {
  const payload = Buffer.from(JSON.stringify([...scope, last])).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function issueToken(db: Database, scope: readonly string[], last: string): string {
  return signedToken(tokenSecret(db, true)!, scope, last);
}

/** The last item a token names, or undefined when this store did not issue it for this scope. */
export function readToken(db: Database, scope: readonly string[], token: string): string | undefined {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return undefined;
  const secret = tokenSecret(db, false);
  if (!secret) return undefined;
  const expected = sign(secret, payload);
  if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return undefined;
  const parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as string[];
  const last = parts.pop();
  return parts.length === scope.length && parts.every((p, i) => p === scope[i]) ? last : undefined;
}
