/**
 * Which protocol a request speaks, decided from its path and headers before its body is read:
 * `/v2/...` is the v2 REST JSON API (and `/v1/billing/...`, Stripe's v1 meters, form-encoded), a request with `X-Amz-Target` is AWS JSON 1.1, anything else is the
 * AWS Query protocol. Each protocol also says how the service call is authenticated.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isRegionName } from '../models/partitions.js';
import { DEFAULT_REGION } from '../profile/region.js';
import type { CallContext } from '../backends/backend.js';
import { json11Codec } from '../wire/json11.js';
import { queryCodec } from '../wire/query.js';
import type { Codec, WireRequest } from '../wire/types.js';
import { splitPath } from '../wire/types.js';
import { v2Codec } from '../wire/v2.js';
import { readVersion, type VersionReading } from '../backends/embedded/index.js';
import { echoText } from '../core/input-rules.js';

export interface Protocol {
  codec: Codec;
  requestId(): string;
  /** Throws the protocol's error when the credentials are not even well-formed. */
  callContext(req: WireRequest): CallContext;
  /** Headers every answer to a request with these headers carries (v2: `Stripe-Version`, as Stripe sends it). */
  answerHeaders?(headers: Record<string, string>): Record<string, string>;
  /** What the journal entry of a request with these headers notes (v2: a version the service does not know). */
  warning?(headers: Record<string, string>): string | undefined;
}

const CREDENTIAL = /\bCredential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request\b/;

/**
 * SigV4, checked loosely: any credentials are accepted and the signature is not verified; the region
 * comes from the credential scope. Unsigned requests (`--no-sign-request`) are served in us-east-1.
 */
export function awsRegion(codec: Codec, authorization: string | undefined): string {
  if (authorization === undefined) return DEFAULT_REGION;
  const m = authorization.startsWith('AWS4-HMAC-SHA256 ') ? CREDENTIAL.exec(authorization) : null;
  if (!m) {
    throw codec.problem(
      'bad-signature',
      "Authorization header requires a 'Credential' parameter of the form <key>/<yyyymmdd>/<region>/<service>/aws4_request (AWS4-HMAC-SHA256).",
    );
  }
  return scopeRegion(codec, m[3]!);
}

/**
 * The region of a signature's scope, when it is a region name (models/partitions.ts): `US-EAST-1` is
 * refused, not served as a second region beside us-east-1.
 */
export function scopeRegion(codec: Codec, region: string): string {
  if (isRegionName(region)) return region;
  throw codec.problem('bad-signature', `Credential should be scoped to a valid region, not ${echoText(region)}.`);
}

/**
 * The v2 key an `Authorization` header carries, in the forms Stripe's authentication section and the
 * security schemes of its OpenAPI document list, and no other: `Bearer <key>`, and HTTP Basic with the key
 * as user name and no password, either encoded (`Basic base64(<key>:)`, what `curl -u KEY:` sends) or as it
 * is (`Basic <key>`: a key has `_`, which base64 has not). Any other value (a bare key without a scheme,
 * another scheme) carries no key: undefined, which the service answers with api_key_required.
 */
export function bearerKey(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const m = /^(Bearer|Basic)(?:[ \t]+(.*))?$/i.exec(authorization.trim());
  if (!m) return undefined;
  const credentials = (m[2] ?? '').trim();
  if (m[1]!.toLowerCase() === 'bearer' || credentials.includes('_')) return credentials;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(credentials)) return credentials;
  return Buffer.from(credentials, 'base64').toString('utf8').split(':')[0];
}

function awsProtocol(codec: Codec): Protocol {
  return {
    codec,
    requestId: () => randomUUID(),
    callContext: (req) => ({ region: awsRegion(codec, req.headers.authorization) }),
  };
}

/** The version header of a v2 request: `Service-Version`, or `Stripe-Version` as the stripe SDK sends it. */
const versionHeader = (headers: Record<string, string>): string | undefined =>
  headers['service-version'] ?? headers['stripe-version'];

/**
 * A request's version header, read once per request (its headers object): the answer's Stripe-Version, the
 * journal's note and the version the service serves (carried in the call, perhaps to a pool thread) come
 * from this one reading.
 */
const versionReadings = new WeakMap<Record<string, string>, VersionReading>();
function versionOf(headers: Record<string, string>): VersionReading {
  let reading = versionReadings.get(headers);
  if (reading === undefined) versionReadings.set(headers, (reading = readVersion(versionHeader(headers))));
  return reading;
}

const v2Protocol: Protocol = {
  codec: v2Codec,
  requestId: () => `req_${randomBytes(9).toString('base64url')}`,
  callContext: (req) => ({
    region: DEFAULT_REGION,
    apiKey: bearerKey(req.headers.authorization),
    serviceVersion: versionHeader(req.headers),
    versionReading: versionOf(req.headers),
    // An empty Idempotency-Key keeps nothing (the embedded service's idempotency.ts): read as none, so the journal
    // records none and --as-cli writes no "--idempotency-key ''", which the CLI refuses (hostile pass 18a).
    idempotencyKey:
      req.method === 'POST' && req.headers['idempotency-key'] !== '' ? req.headers['idempotency-key'] : undefined,
  }),
  answerHeaders: (headers): Record<string, string> => {
    const version = versionOf(headers).response;
    return version === undefined ? {} : { 'stripe-version': version };
  },
  warning: (headers) => versionOf(headers).warning,
};

const QUERY = awsProtocol(queryCodec);
const JSON11 = awsProtocol(json11Codec);

export function pickProtocol(path: string, headers: Record<string, string>): Protocol {
  const { pathname } = splitPath(path);
  if (pathname === '/v2' || pathname.startsWith('/v2/')) return v2Protocol;
  // Stripe's v1 paths (meters), spoken by the same codec with v1's form bodies (wire/stripe-form.ts).
  if (pathname.startsWith('/v1/billing/')) return v2Protocol;
  if (headers['x-amz-target'] !== undefined) return JSON11;
  return QUERY;
}
