/**
 * What every wire codec shares. A codec speaks one protocol in both directions, driven by the operation
 * models: the HTTP backend encodes requests and decodes responses and errors; `svcctl serve` decodes
 * requests and encodes responses and errors. Both sides use the same code, so they cannot drift apart.
 */
import type { ServiceError } from '../core/errors.js';
import { echoText } from '../core/input-rules.js';
import { parseJsonExact, parseJsonInts } from '../core/pynum.js';
import type { Operation } from '../models/operation.js';
import type { Protocol, ServiceModel } from '../models/services.js';

export interface WireRequest {
  method: string;
  /** Path and query string, relative to the endpoint (`/`, `/v2/core/account_tokens/accttok_1`). */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface WireResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /**
   * What makes a body received by the HTTP backend no text (`not valid UTF-8 (byte 0xff at character 38)`), its
   * bad bytes then U+FFFD in `body`; absent when the body is UTF-8.
   */
  notText?: string;
  /**
   * The retries the client made before it took this answer as final because none was left (botocore's
   * MaxAttemptsReached with RetryAttempts); absent when the answer needed no retry or retries remained.
   */
  retriesExhausted?: number;
}

export interface DecodedRequest {
  op: Operation;
  params: Record<string, unknown>;
}

/** Problems found before an operation runs, each answered in the protocol's own words and status. */
export type Problem =
  | 'unknown-operation'
  | 'bad-encoding'
  | 'bad-content-type'
  | 'too-large'
  | 'timeout'
  | 'bad-signature'
  | 'internal'
  /** The store (PostgreSQL) is unreachable: retryable. */
  | 'unavailable'
  /** The Host header does not name the server (421: DNS rebinding, src/server/browsers.ts). */
  | 'misdirected'
  /** A request that would change the store from another site's page, or unsigned over GET (403). */
  | 'forbidden';

/** One protocol's codec, generic over the services that speak it (their records: models/services.ts). */
export interface Codec {
  readonly name: Protocol;
  encodeRequest(op: Operation, params: Record<string, unknown>): WireRequest;
  /** Throws the protocol's ServiceError when the request cannot be decoded. */
  decodeRequest(req: WireRequest): DecodedRequest;
  encodeResponse(op: Operation, output: Record<string, unknown>, requestId: string): WireResponse;
  /** Throws WireFormatError when the body is not this protocol's answer. */
  decodeResponse(op: Operation, res: WireResponse): Record<string, unknown>;
  /** `op`: the operation the request named, when it got that far (its service's namespace, for Query). */
  encodeError(err: ServiceError, requestId: string, op?: Operation): WireResponse;
  /** Throws WireFormatError when the body is not this protocol's error. */
  decodeError(res: WireResponse): ServiceError;
  /** The service a request addresses, told before its operation is decoded (SigV4 checks its signing name). */
  serviceOf(req: WireRequest): ServiceModel;
  /** The protocol's error for a problem found before the operation ran. */
  problem(kind: Problem, detail: string): ServiceError;
}

/** A response that does not parse as the protocol says it should. */
export class WireFormatError extends Error {}

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The charsets a request body is read in: UTF-8, and US-ASCII, which UTF-8 reads the same. */
const READ_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

/**
 * Why a request's Content-Type is refused for its charset parameter, or undefined: every protocol's body is
 * read as UTF-8, so a body sent as UTF-16 was read as text with NULs ('The request has no Action parameter.')
 * and one sent as ISO-8859-1 was read as other characters or 'not valid UTF-8' (hostile pass 23b).
 */
export function charsetProblem(contentType: string | undefined): string | undefined {
  for (const param of (contentType ?? '').split(';').slice(1)) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const charset = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (!READ_CHARSETS.has(charset.toLowerCase()))
      return `Unsupported charset ${echoText(charset)} in Content-Type ${echoText(contentType ?? '')}: request bodies are read as UTF-8.`;
  }
  return undefined;
}

/** Splits `/a/b?x=1` into path and query. */
export function splitPath(path: string): { pathname: string; query: string } {
  const i = path.indexOf('?');
  return i < 0 ? { pathname: path, query: '' } : { pathname: path.slice(0, i), query: path.slice(i + 1) };
}

/** A request body (serve): ints past 2^53 exact, keys in received order (core/pynum.ts). */
export function parseJson(text: string): unknown {
  try {
    return parseJsonInts(text);
  } catch {
    throw new WireFormatError('the body is not JSON');
  }
}

/** A response body, read as botocore reads it (json.loads): big ints exact, integral floats kept as floats. */
export function parseJsonResponse(text: string): unknown {
  try {
    return parseJsonExact(text);
  } catch {
    throw new WireFormatError('the body is not JSON');
  }
}
