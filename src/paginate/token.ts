/**
 * The CLI's own starting token, byte-identical to botocore's TokenEncoder: base64 of a JSON object in
 * Python's default `json.dumps` spacing (`{"NextToken": null, "boto_truncate_amount": 3}`), so tokens
 * carry between svcctl and the AWS CLI in both directions.
 */
import { InputError } from '../core/errors.js';
import { echoJsonString, loneSurrogateAt, notTextDetail } from '../core/input-rules.js';
import { parseJsonExact } from '../core/pynum.js';

export interface CliToken {
  /** The service token to send (null: the first page). */
  serviceToken: string | null;
  /**
   * Items of that page already printed. Present only when output stopped inside a page (botocore writes
   * `boto_truncate_amount` then, even when it is 0); absent when it stopped on a page boundary.
   */
  truncate?: number;
}

/** Python's json.dumps for a string (ensure_ascii: anything outside space..tilde as \uXXXX, lower-case hex). */
export function pyString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i]!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\b') out += '\\b';
    else if (ch === '\f') out += '\\f';
    else if (c < 0x20 || c > 0x7e) out += `\\u${c.toString(16).padStart(4, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

export function encodeToken(tokenKey: string, token: CliToken): string {
  const parts = [`${pyString(tokenKey)}: ${token.serviceToken === null ? 'null' : pyString(token.serviceToken)}`];
  if (token.truncate !== undefined) parts.push(`"boto_truncate_amount": ${token.truncate}`);
  return Buffer.from(`{${parts.join(', ')}}`, 'utf8').toString('base64');
}

function invalid(token: string, why: string): InputError {
  return new InputError(
    `Bad value for --starting-token: ${echoJsonString(token)} is not a NextToken printed by svcctl or the AWS CLI for this command (${why}).`,
  );
}

function parseJsonObject(tokenKey: string, given: string): Record<string, unknown> {
  // White space is dropped, as Python's b64decode drops it: a token copied from a wrapped terminal line, read
  // from a file with CRLF ends or pasted from a page (a no-break space, U+2028) resumes in the AWS CLI. Other
  // characters it would drop too (`!`, `.`) are refused.
  const token = given.replace(/[\s\x85]+/g, '');
  if (!isBase64(token)) {
    // One of ours but for a character that is no white space (a zero-width space pasted with it, invisible
    // in the quoted token): that character, not the --no-paginate hint (hostile pass 14).
    const stray = Array.from(given).findIndex((c) => !/[A-Za-z0-9+/=\s\x85]/.test(c));
    const bare = token.replace(/[^A-Za-z0-9+/=]/g, '');
    if (stray >= 0 && isBase64(bare) && tokenKey in (decodedObject(bare) ?? {})) {
      const c = Array.from(given)[stray]!;
      const shown = /^[!-~]$/.test(c) ? ` (${c})` : '';
      const code = c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      throw invalid(given, `character ${stray + 1} is U+${code}${shown}, not base64: remove it`);
    }
    // The token --no-paginate prints is the service's own, which the operation's own member takes.
    const flag = `--${tokenKey.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}`;
    throw invalid(
      given,
      `not base64; a ${tokenKey} that --no-paginate printed is the service's own: give it to ${flag}`,
    );
  }
  const doc = decodedObject(token);
  if (!doc) throw invalid(given, 'not an encoded JSON object');
  return doc;
}

const isBase64 = (token: string) =>
  token.length > 0 && /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(token);

/** The JSON object a base64 token encodes, or undefined. */
function decodedObject(token: string): Record<string, unknown> | undefined {
  try {
    // Python's numbers, as json.loads reads the token: 2.0 is a float (a PyFloat), not the int 2.
    const doc: unknown = parseJsonExact(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(token, 'base64')));
    return typeof doc === 'object' && doc !== null && !Array.isArray(doc)
      ? (doc as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads a starting token. Anything that is not one of the CLI's own tokens for this paginator is refused
 * (the AWS CLI instead falls back to its deprecated `a___b___3` format and sends the text to the service).
 */
export function decodeToken(tokenKey: string, token: string): CliToken {
  const record = parseJsonObject(tokenKey, token);
  const extra = Object.keys(record).filter((k) => k !== tokenKey && k !== 'boto_truncate_amount');
  if (extra.length > 0 || !(tokenKey in record)) throw invalid(token, `expected the key ${tokenKey}`);
  const serviceToken = record[tokenKey];
  if (serviceToken !== null && typeof serviceToken !== 'string')
    throw invalid(token, `${tokenKey} must be a string or null`);
  // A `\ud800` escape decodes to no text: refused here, as on every other way in, not sent (core/input-rules.ts).
  if (serviceToken !== null && loneSurrogateAt(serviceToken) !== -1)
    throw invalid(token, `its ${tokenKey} is ${notTextDetail(serviceToken)}`);
  if (!('boto_truncate_amount' in record)) return { serviceToken };
  const truncate = record.boto_truncate_amount;
  // Negative after a negative --max-items, as botocore writes it then (-1: resume at the last item of that page).
  if (typeof truncate !== 'number' || !Number.isSafeInteger(truncate)) throw invalid(token, 'bad boto_truncate_amount');
  return { serviceToken, truncate };
}
