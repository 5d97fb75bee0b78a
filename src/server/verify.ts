/**
 * SigV4 verification for the AWS protocols of `svcctl serve --credentials`: the signature is recomputed
 * from the request as received (header form, or a presigned URL's query string) with the principal's
 * secret and compared in constant time; the credential scope must name the addressed service's signing
 * name (its record, models/services.ts). Failures are answered as the real services answer them, in each
 * protocol's own codes (Query: as autoscaling; JSON 1.1: as ecr); the messages are the services' own.
 */
import { timingSafeEqual } from 'node:crypto';
import { canonicalRequest, payloadHash, signatureOf } from '../wire/sigv4.js';
import { ServiceError } from '../core/errors.js';
import type { AwsService } from '../models/services.js';
import type { WireRequest } from '../wire/types.js';
import type { AwsPrincipal, Credentials } from './credentials.js';
import { echoBare, echoText } from '../core/input-rules.js';

type AwsWire = AwsService['protocol'];

type Failure = 'unknown-key' | 'mismatch' | 'missing' | 'expired' | 'incomplete' | 'wrong-scope';

const MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';
const INVALID_TOKEN = 'The security token included in the request is invalid.';

/** [status, code, default message] per protocol. */
const FAILURES: Record<AwsWire, Record<Failure, readonly [number, string, string]>> = {
  query: {
    'unknown-key': [403, 'InvalidClientTokenId', INVALID_TOKEN],
    mismatch: [403, 'SignatureDoesNotMatch', MISMATCH],
    missing: [403, 'MissingAuthenticationToken', 'Request is missing Authentication Token'],
    expired: [400, 'RequestExpired', 'Request has expired.'],
    incomplete: [400, 'IncompleteSignature', 'The request signature does not conform to AWS standards.'],
    'wrong-scope': [403, 'SignatureDoesNotMatch', MISMATCH],
  },
  json11: {
    'unknown-key': [400, 'UnrecognizedClientException', INVALID_TOKEN],
    mismatch: [400, 'InvalidSignatureException', MISMATCH],
    missing: [400, 'MissingAuthenticationTokenException', 'Missing Authentication Token'],
    expired: [400, 'InvalidSignatureException', 'Signature expired.'],
    incomplete: [400, 'IncompleteSignatureException', 'The request signature does not conform to AWS standards.'],
    'wrong-scope': [400, 'InvalidSignatureException', MISMATCH],
  },
};

/** How far a signature's time may be from the server's (the JSON services allow 5 minutes, the Query services 15). */
export const SKEW_MINUTES: Record<AwsWire, number> = { query: 15, json11: 5 };

/** Presigned URLs live at most seven days, as SigV4 allows. */
const MAX_EXPIRES_S = 604_800;

export function authFailure(wire: AwsWire, kind: Failure, message?: string): ServiceError {
  const [status, code, text] = FAILURES[wire][kind];
  return new ServiceError(code, message ?? text, status);
}

export interface Verified {
  principal: AwsPrincipal;
  region: string;
}

interface Claim {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
  stamp: string;
  /** Presigned: seconds of validity. */
  expires?: number;
  sessionToken?: string;
  presigned: boolean;
}

const SCOPE = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/;
const STAMP = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

function stampMs(stamp: string): number | undefined {
  const m = STAMP.exec(stamp);
  if (!m) return undefined;
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
  return Number.isNaN(ms) ? undefined : ms;
}

function stampOf(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The parts of `AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…`; undefined when one is missing. */
function fromHeader(
  authorization: string,
  headers: Record<string, string>,
): (Omit<Claim, 'stamp'> & { stamp?: string }) | undefined {
  const fields = new Map<string, string>();
  for (const part of authorization.slice('AWS4-HMAC-SHA256'.length).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const scope = SCOPE.exec(fields.get('Credential') ?? '');
  const signed = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!scope || !signed || !signature) return undefined;
  return {
    accessKeyId: scope[1]!,
    date: scope[2]!,
    region: scope[3]!,
    service: scope[4]!,
    signedHeaders: signed.split(';'),
    signature,
    stamp: headers['x-amz-date'],
    sessionToken: headers['x-amz-security-token'],
    presigned: false,
  };
}

function fromQuery(q: URLSearchParams): Claim | undefined {
  const scope = SCOPE.exec(q.get('X-Amz-Credential') ?? '');
  const signed = q.get('X-Amz-SignedHeaders');
  const signature = q.get('X-Amz-Signature');
  const stamp = q.get('X-Amz-Date');
  const expires = q.get('X-Amz-Expires');
  if (!scope || !signed || !signature || !stamp || !expires || !/^\d{1,7}$/.test(expires)) return undefined;
  return {
    accessKeyId: scope[1]!,
    date: scope[2]!,
    region: scope[3]!,
    service: scope[4]!,
    signedHeaders: signed.split(';'),
    signature,
    stamp,
    expires: Number(expires),
    sessionToken: q.get('X-Amz-Security-Token') ?? undefined,
    presigned: true,
  };
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  // Equal lengths for timingSafeEqual; a length difference says nothing about the secret.
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks the time of a claim against now: the window of the protocol, or a presigned URL's expiry. */
function checkTime(wire: AwsWire, claim: Claim, nowMs: number): void {
  const at = stampMs(claim.stamp);
  if (at === undefined || claim.stamp.slice(0, 8) !== claim.date) {
    throw authFailure(
      wire,
      'incomplete',
      `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: ${echoText(claim.date)} != ${echoText(claim.stamp.slice(0, 8))}, from ${echoText(claim.stamp)}.`,
    );
  }
  if (claim.presigned) {
    if (claim.expires! > MAX_EXPIRES_S)
      throw authFailure(wire, 'incomplete', `X-Amz-Expires must be less than a week (in seconds) that is 604800.`);
    if (nowMs > at + claim.expires! * 1000)
      throw authFailure(wire, 'expired', wire === 'query' ? 'Request has expired.' : 'Signature expired.');
    return;
  }
  const skewMs = SKEW_MINUTES[wire] * 60_000;
  const m = SKEW_MINUTES[wire];
  if (at < nowMs - skewMs) {
    throw authFailure(
      wire,
      'expired',
      wire === 'query'
        ? 'Request has expired.'
        : `Signature expired: ${claim.stamp} is now earlier than ${stampOf(nowMs - skewMs)} (${stampOf(nowMs)} - ${m} min.)`,
    );
  }
  if (at > nowMs + skewMs) {
    throw authFailure(
      wire,
      'expired',
      wire === 'query'
        ? 'Request has expired.'
        : `Signature not yet current: ${claim.stamp} is still later than ${stampOf(nowMs + skewMs)} (${stampOf(nowMs)} + ${m} min.)`,
    );
  }
}

/**
 * The principal who signed the request, or the protocol's error. `nowMs` is the server's clock (never the
 * service's pinned test clock: signatures are made with real time).
 */
export function verifySigV4(service: AwsService, req: WireRequest, creds: Credentials, nowMs: number): Verified {
  const wire = service.protocol;
  const url = new URL(req.path, 'http://svcctl.invalid');
  const authorization = req.headers.authorization;
  let claim: Claim | undefined;
  if (authorization !== undefined && authorization.trim() !== '') {
    if (!authorization.startsWith('AWS4-HMAC-SHA256 ')) {
      throw authFailure(
        wire,
        'incomplete',
        `Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. Authorization=${echoBare(authorization.split(/\s/)[0]!)}`,
      );
    }
    const parsed = fromHeader(authorization, req.headers);
    if (!parsed)
      throw authFailure(
        wire,
        'incomplete',
        "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters, with a Credential of the form <key>/<yyyymmdd>/<region>/<service>/aws4_request.",
      );
    if (parsed.stamp === undefined)
      throw authFailure(
        wire,
        'incomplete',
        "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.",
      );
    claim = parsed as Claim;
  } else if (url.searchParams.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256') {
    claim = fromQuery(url.searchParams);
    if (!claim)
      throw authFailure(
        wire,
        'incomplete',
        'AWS query-string parameters must include X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature.',
      );
  } else {
    throw authFailure(wire, 'missing');
  }
  const principal = creds.awsPrincipal(claim.accessKeyId);
  // serve issues no session tokens: a request that carries one names credentials it does not know.
  if (!principal || claim.sessionToken !== undefined) throw authFailure(wire, 'unknown-key');
  if (claim.service !== service.signingName) {
    throw authFailure(
      wire,
      'wrong-scope',
      `Credential should be scoped to correct service: '${service.signingName}'. `,
    );
  }
  if (!claim.signedHeaders.includes('host')) throw authFailure(wire, 'mismatch');
  checkTime(wire, claim, nowMs);
  const bodyHash = payloadHash(req.body);
  const claimedHash = req.headers['x-amz-content-sha256'];
  if (claimedHash !== undefined && claimedHash !== bodyHash) throw authFailure(wire, 'mismatch');
  const canonical = canonicalRequest(
    req.method,
    url,
    req.headers,
    claim.signedHeaders,
    bodyHash,
    claim.presigned ? 'X-Amz-Signature' : undefined,
  );
  const expected = signatureOf(principal.secretAccessKey, claim.stamp, claim.region, claim.service, canonical);
  if (!sameHex(expected, claim.signature)) throw authFailure(wire, 'mismatch');
  return { principal, region: claim.region };
}
