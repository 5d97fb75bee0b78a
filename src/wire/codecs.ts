/** The codec of each protocol, and so of each service (by the protocol its record names). */
import { type Protocol, SERVICES, type ServiceName } from '../models/services.js';
import { json11Codec } from './json11.js';
import { queryCodec } from './query.js';
import type { Codec } from './types.js';
import type { ServiceError } from '../core/errors.js';
import { MAX_REQUEST_BYTES, MAX_URL_BYTES, maxRequestBytes } from '../core/input-rules.js';
import { stringifyJsonExact } from '../core/pynum.js';
import type { Operation } from '../models/operation.js';
import { v2Codec } from './v2.js';

const BY_PROTOCOL: Record<Protocol, Codec> = { query: queryCodec, json11: json11Codec, v2: v2Codec };

export const CODECS = Object.fromEntries(
  Object.entries(SERVICES).map(([name, service]) => [name, BY_PROTOCOL[service.protocol]]),
) as Record<ServiceName, Codec>;

/**
 * The service's size limits (core/input-rules.ts) for a request as its protocol encodes it: the protocol's
 * too-large error in serve's words, or undefined. Both backends ask before a call, so they answer alike.
 */
export function oversizeRequest(op: Operation, params: Record<string, unknown>): ServiceError | undefined {
  const codec = CODECS[op.service];
  const rough = stringifyJsonExact(params)?.length ?? 0;
  // A small request (the common case) is not encoded: percent-encoding at most triples a character's bytes.
  if (rough * 3 + 1024 < Math.min(MAX_REQUEST_BYTES, MAX_URL_BYTES)) return undefined;
  const wire = codec.encodeRequest(op, params);
  const body = Buffer.byteLength(wire.body, 'utf8');
  const limit = maxRequestBytes(op.name);
  if (body > limit)
    return codec.problem('too-large', `The request body (${body} bytes) exceeds the limit of ${limit} bytes.`);
  return urlTooLong(codec, wire.path);
}

/**
 * The service's URL limit (MAX_URL_BYTES, path and query string) as its protocol says it: the one check of
 * both backends before a call (above) and of serve on every request it gets, before it routes it.
 */
export function urlTooLong(codec: Codec, path: string): ServiceError | undefined {
  const url = Buffer.byteLength(path, 'utf8');
  if (url <= MAX_URL_BYTES) return undefined;
  return codec.problem('too-large', `The request URL (${url} bytes) exceeds the limit of ${MAX_URL_BYTES} bytes.`);
}

export type { Codec, WireRequest, WireResponse } from './types.js';
export { WireFormatError } from './types.js';
