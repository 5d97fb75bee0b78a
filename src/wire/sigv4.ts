/**
 * AWS Signature Version 4 (header signing), as botocore's SigV4Auth does it for non-S3 services: every
 * header given is signed except a few transport ones, the payload hash is SHA-256 of the body, and the
 * path is URI-encoded once more. See the unit tests for vectors produced by botocore itself.
 */
import { createHash, createHmac } from 'node:crypto';
import { percentEncode } from './form.js';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface SignInput {
  method: string;
  url: URL;
  /** Lower-case names; the signature headers are added to it. */
  headers: Record<string, string>;
  body: string;
}

const UNSIGNED = new Set(['authorization', 'user-agent', 'content-length', 'expect', 'x-amzn-trace-id', 'connection']);

const sha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20261120T232151Z` */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function canonicalQuery(url: URL, skip?: string): string {
  return [...url.searchParams]
    .filter(([k]) => k !== skip)
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function canonicalPath(url: URL): string {
  return url.pathname.split('/').map(percentEncode).join('/') || '/';
}

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/**
 * The canonical request of SigV4 for the given signed header names: one function for the client that
 * signs and the server that verifies (`skipQuery` leaves out X-Amz-Signature of a presigned URL).
 */
export function canonicalRequest(
  method: string,
  url: URL,
  headers: Record<string, string>,
  names: readonly string[],
  payloadHash: string,
  skipQuery?: string,
): string {
  const canonicalHeaders = names.map((h) => `${h}:${(headers[h] ?? '').trim().replace(/\s+/g, ' ')}\n`).join('');
  return [
    method,
    canonicalPath(url),
    canonicalQuery(url, skipQuery),
    canonicalHeaders,
    names.join(';'),
    payloadHash,
  ].join('\n');
}

/** The hex signature of a canonical request: `stamp` is `20261120T232151Z`. */
export function signatureOf(secret: string, stamp: string, region: string, service: string, canonical: string): string {
  const date = stamp.slice(0, 8);
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonical)].join('\n');
  return createHmac('sha256', signingKey(secret, date, region, service))
    .update(toSign, 'utf8')
    .digest('hex');
}

export const payloadHash = sha256;

/** Adds host, x-amz-date, x-amz-security-token and authorization to the request's headers. */
export function sign(req: SignInput, creds: AwsCredentials, region: string, service: string, now: Date): void {
  const stamp = amzDate(now);
  req.headers.host ??= req.url.host;
  req.headers['x-amz-date'] = stamp;
  if (creds.sessionToken) req.headers['x-amz-security-token'] = creds.sessionToken;
  const names = Object.keys(req.headers)
    .filter((h) => !UNSIGNED.has(h))
    .sort();
  const canonical = canonicalRequest(req.method, req.url, req.headers, names, sha256(req.body));
  const signature = signatureOf(creds.secretAccessKey, stamp, region, service, canonical);
  const scope = `${stamp.slice(0, 8)}/${region}/${service}/aws4_request`;
  req.headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}
