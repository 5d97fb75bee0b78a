/**
 * The CLI's own starting token, byte-identical to botocore's: base64 of a JSON object in Python's default
 * `json.dumps` spacing (`{"NextToken": null, "boto_truncate_amount": 3}`), so tokens carry between CLIs.
 */
import { InputError } from '../errors.js';

export interface CliToken {
  /** The service token to send (null: the first page). */
  serviceToken: string | null;
  /** Items of that page already printed. */
  truncate: number;
}

/** Python's json.dumps for a string (ensure_ascii: non-ASCII as \uXXXX). */
function pyString(s: string): string {
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
  if (token.truncate > 0) parts.push(`"boto_truncate_amount": ${token.truncate}`);
  return Buffer.from(`{${parts.join(', ')}}`, 'utf8').toString('base64');
}

function invalid(token: string, why: string): InputError {
  return new InputError(`Invalid value for --starting-token: ${JSON.stringify(token)} is not a token printed by this command (${why}).`);
}

export function decodeToken(tokenKey: string, token: string): CliToken {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(token)) throw invalid(token, 'not base64');
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    throw invalid(token, 'not an encoded JSON object');
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw invalid(token, 'not an encoded JSON object');
  const record = doc as Record<string, unknown>;
  const extra = Object.keys(record).filter((k) => k !== tokenKey && k !== 'boto_truncate_amount');
  if (extra.length > 0 || !(tokenKey in record)) throw invalid(token, `expected the key ${tokenKey}`);
  const serviceToken = record[tokenKey];
  const truncate = record.boto_truncate_amount ?? 0;
  if (serviceToken !== null && typeof serviceToken !== 'string') throw invalid(token, `${tokenKey} must be a string or null`);
  if (typeof truncate !== 'number' || !Number.isInteger(truncate) || truncate < 0) throw invalid(token, 'bad boto_truncate_amount');
  return { serviceToken, truncate };
}
