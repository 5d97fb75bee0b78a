/**
 * Secrets: which values are secret, and how every output path shows them. The one owner of secret
 * masking (ARCHITECTURE.md, "Input and output rules").
 *
 * What is secret:
 *  - input and output members the model marks `sensitive` (a string shape): UserData
 *    (`models/autoscaling.ts`), GetAuthorizationToken's registry token, GetDownloadUrlForLayer's URL (its token
 *    fetches the layer without credentials; these three by scripts/aws-shapes/config.mjs)
 *    and the identity's id numbers, `identity.*.id_numbers[].value` (marked by
 *    the generator of `models/stripe-identity.ts`, scripts/gen-stripe-identity.mjs, so that it survives
 *    regeneration); `secretMembers(op)` lists them per operation;
 *  - the config keys `models/config-keys.ts` marks `secret` (api_key, aws_access_key_id, aws_secret_access_key,
 *    aws_session_token), and the v2 API key of a call.
 *
 * The rule (docs/reliability.md, "Secrets"): an operation's stdout shows what the service returns (a
 * described launch configuration has its UserData), but no error message, log, journal entry, `--debug`
 * line, `--as-cli` line or inspector page shows a secret or any part of one: a secret member's value is
 * `****` (MASK), an API key `sk_test_********1234` (its kind and its last four, as the v2 API quotes keys),
 * a config key `****************1234` (as `aws configure list` shows keys).
 */
import type { Operation } from './operation.js';
import type { Shape } from './shapes.js';
import { mapEntries } from '../core/keys.js';
import { userInfoPastHost } from '../core/postgres-url.js';

/** What a masked member value reads as. */
export const MASK = '****';

/** Whether the shape's values are secrets. */
export function isSecret(shape: Shape): boolean {
  return shape.type === 'string' && shape.sensitive === true;
}

const holding = new WeakMap<Shape, boolean>();

/** Whether the shape is a secret or has one at any depth (cached: shapes are constants). */
export function holdsSecret(shape: Shape): boolean {
  const known = holding.get(shape);
  if (known !== undefined) return known;
  holding.set(shape, false); // a recursive shape holds one only through a member below
  let found: boolean;
  switch (shape.type) {
    case 'list':
      found = holdsSecret(shape.member);
      break;
    case 'map':
      found = holdsSecret(shape.value);
      break;
    case 'structure':
      found = Object.values(shape.members).some(holdsSecret);
      break;
    default:
      found = isSecret(shape);
  }
  holding.set(shape, found);
  return found;
}

/** The paths of the secret members under a shape: `UserData`, `identity.individual.id_numbers[].value`. */
export function secretPaths(shape: Shape, at = ''): string[] {
  if (!holdsSecret(shape)) return [];
  switch (shape.type) {
    case 'list':
      return secretPaths(shape.member, `${at}[]`);
    case 'map':
      return secretPaths(shape.value, `${at}.*`);
    case 'structure':
      return Object.entries(shape.members).flatMap(([k, m]) => secretPaths(m, at === '' ? k : `${at}.${k}`));
    default:
      return [at];
  }
}

/**
 * Whether text given for a value of this shape (JSON, shorthand) may hold a secret: it names every member
 * on the way to one (`individual`, `id_numbers`, `value`). Text that does not cannot, so an error about it
 * may quote it.
 */
export function textMayHoldSecret(shape: Shape, text: string): boolean {
  if (isSecret(shape)) return true;
  return secretPaths(shape).some((path) =>
    path
      .split(/\.|\[\]/)
      .filter((name) => name !== '' && name !== '*')
      .every((name) => text.includes(name)),
  );
}

/** The secret members of an operation's input and output, as paths (for the property suite and the docs). */
export function secretMembers(op: Operation): { input: string[]; output: string[] } {
  return { input: secretPaths(op.input), output: secretPaths(op.output) };
}

function typeFits(shape: Shape, value: unknown): boolean {
  if (shape.type === 'list') return Array.isArray(value);
  if (shape.type === 'map' || shape.type === 'structure')
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  return true;
}

/**
 * The value with every secret member replaced by MASK, at any depth, for an error, a log or the journal.
 * A value that does not have the shape's type where the shape holds a secret is MASK whole (an object
 * given where a list of id numbers was expected still holds the number). Members the shape does not
 * know are kept (they are no secrets of the model).
 */
export function maskSecrets(shape: Shape, value: unknown): unknown {
  if (value === null || value === undefined || !holdsSecret(shape)) return value;
  if (isSecret(shape) || !typeFits(shape, value)) return MASK;
  if (shape.type === 'list') return (value as unknown[]).map((v) => maskSecrets(shape.member, v));
  if (shape.type === 'map') {
    return mapEntries(value as object, (v) => maskSecrets(shape.value, v));
  }
  if (shape.type === 'structure') {
    const { members } = shape;
    return mapEntries(value as object, (v, k) => (Object.hasOwn(members, k) ? maskSecrets(members[k]!, v) : v));
  }
  return value;
}

/** The secret values under a shape (strings, at any depth), to be found and masked in text such as a wire body. */
export function secretValues(shape: Shape, value: unknown, out: string[] = []): string[] {
  if (value === null || value === undefined || !holdsSecret(shape)) return out;
  if (isSecret(shape)) {
    if (typeof value === 'string' && value !== '') out.push(value);
    return out;
  }
  if (shape.type === 'list' && Array.isArray(value)) for (const v of value) secretValues(shape.member, v, out);
  else if ((shape.type === 'map' || shape.type === 'structure') && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const member =
        shape.type === 'map' ? shape.value : Object.hasOwn(shape.members, k) ? shape.members[k] : undefined;
      if (member) secretValues(member, v, out);
    }
  }
  return out;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const formEscape = (s: string) => new URLSearchParams({ v: s }).toString().slice(2);

/**
 * The text (a request or response body as `--debug` prints it) with each of the given secret values
 * replaced by MASK where it stands as a whole value: a JSON string, a form field (`a=value&`) or an XML
 * element's text, in the encoding that body uses.
 */
export function maskValuesInText(text: string, values: readonly string[]): string {
  let out = text;
  for (const value of new Set(values)) {
    const forms = new Set([
      JSON.stringify(value).slice(1, -1),
      formEscape(value),
      encodeURIComponent(value),
      xmlEscape(value),
    ]);
    for (const form of forms) {
      const e = escapeRegExp(form);
      out = out
        .replace(new RegExp(`"${e}"`, 'g'), `"${MASK}"`)
        .replace(new RegExp(`=${e}(?=&|$)`, 'g'), `=${MASK}`)
        .replace(new RegExp(`>${e}<`, 'g'), `>${MASK}<`);
    }
  }
  return out;
}

/**
 * An API key as messages and logs may show it: its kind and mode (`sk_test_`), a star for each hidden
 * character and the last four (`sk_test_********1234`), as the real API quotes keys. A key with no more
 * than four characters after its prefix, or with no key prefix at all, shows nothing of itself: `****`.
 */
export function maskKey(key: string): string {
  // A key with no key prefix at all (`bogus`, a pasted password) shows nothing of itself (compat #90).
  const prefix = /^[a-z]{2,4}_(?:test|live)_/.exec(key)?.[0];
  if (prefix === undefined || key.length <= prefix.length + 4) return MASK;
  return `${prefix}${'*'.repeat(key.length - prefix.length - 4)}${key.slice(-4)}`;
}

/** A query parameter's name as the driver reads it: percent-decoded, '+' a space. */
function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * A query parameter whose value is a secret: the password, libpq's sslpassword (of the sslkey), and any other
 * whose name holds 'password' (amp;password from a URL copied out of HTML, db_password), refused but meant as one.
 */
const secretParam = (name: string): boolean => name.toLowerCase().includes('password');

/** postgres://user:****@host/db: a store URL with its password masked, for logs, errors and `configure list`. */
export function maskStoreUrl(url: string): string {
  // The driver takes a password from the query too (?password=…), as libpq does, by its decoded name
  // (?pass%77ord=… is one too); a name that only differs in case (?PASSWORD=…) is refused, but is masked all
  // the same, as its value was meant as a password. So is every other whose name holds 'password' (libpq's
  // ?sslpassword=, ?amp;password=), which the driver does not read and svcctl refuses, in that refusal and in
  // configure list.
  const query = (text: string) =>
    text.replace(/([?&])([^=&#]*)(=)([^&]*)/g, (all, lead: string, name: string, eq: string) =>
      secretParam(decodedName(name)) ? `${lead}${name}${eq}****` : all,
    );
  try {
    // A password with an unencoded '/', '?' or '#' after a port-like start (u:2024#pw@host/db) parses, as host
    // u and the rest as port, database, query or fragment: masked as a URL that does not parse is.
    if (userInfoPastHost(url)) throw new Error('user information past the host');
    // WHATWG's URL drops a tab or line break and trims control characters and spaces: the echo is of the text given.
    if (/[\u0000-\u001f\u007f]|^ | $/.test(url)) throw new Error('a URL WHATWG would alter');
    const u = new URL(url);
    if (u.password !== '') u.password = '****';
    return query(u.toString());
  } catch {
    // A URL that does not parse (a password with an unencoded '/', '@' or ':'), or not as meant (above): everything from the user's
    // ':' to the last '@' is masked, since where the password ends cannot be told; more masked, never less.
    // An IPv6 host's brackets are kept whole ([::1]:5432/db@prod is [::1]:****@prod, not [:****@prod).
    return query(url.replace(/(\/\/(?:\[[^\]@]*\])?[^:@]*:).*@/s, '$1****@'));
  }
}

/** `****************3456`: a secret setting as `configure list` shows it, the last four characters only. */
export function maskConfigValue(value: string): string {
  return value.length <= 4 ? '*'.repeat(value.length) : `${'*'.repeat(16)}${value.slice(-4)}`;
}

/**
 * Where a value has a character of the given kind, in words that never quote the value: `character 25
 * is U+0001`. For errors about secrets (a key pasted with a stray control character).
 */
export function firstCharacterAt(value: string, test: (ch: string) => boolean): string | undefined {
  let i = 0;
  for (const ch of value) {
    i++;
    if (test(ch)) return `character ${i} is U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return undefined;
}
