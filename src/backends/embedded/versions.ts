/**
 * v2 API versions. A version is `<yyyy-mm-dd>.<name>` (the release date and the release's name); the
 * service knows the ordered list below, oldest first. A request names its version in the
 * `Service-Version` header (or `Stripe-Version`, which the stripe SDK sends); a request without one is
 * served at the built-in current version. A malformed value is `invalid_api_version` (400). A well-formed
 * one the service does not know (a `.preview` release, or what a newer SDK pins) is served as the newest
 * version it knows, and serve notes that in the request's journal entry. Responses carry
 * the version they were made at in `Stripe-Version`, as Stripe's do (readVersion: one reading a request).
 */
import { echoText } from '../../core/input-rules.js';
import { CURRENT_SERVICE_VERSION } from '../../core/options.js';
import { v2Error } from './handlers/stripe.js';

/** Every version the service knows, oldest first. The stripe SDK 23.1.0 pins the newest, 2026-10-28.endive. */
export const KNOWN_VERSIONS: readonly string[] = [
  '2024-09-30.acacia',
  '2024-10-28.acacia',
  '2024-11-20.acacia',
  '2024-12-18.acacia',
  '2025-01-27.acacia',
  '2025-02-24.acacia',
  '2025-03-31.basil',
  '2025-04-30.basil',
  '2025-05-28.basil',
  '2025-06-30.basil',
  '2025-07-30.basil',
  '2025-08-27.basil',
  '2025-09-30.clover',
  '2025-10-29.clover',
  '2025-11-17.clover',
  '2025-12-15.clover',
  '2026-01-28.clover',
  '2026-02-25.clover',
  '2026-03-25.dahlia',
  '2026-04-22.dahlia',
  '2026-05-27.dahlia',
  '2026-06-24.dahlia',
  '2026-07-29.dahlia',
  '2026-08-26.dahlia',
  '2026-09-30.endive',
  '2026-10-28.endive',
];

const RANK = new Map(KNOWN_VERSIONS.map((v, i) => [v, i]));
const FORM = /^(\d{4})-(\d{2})-(\d{2})\.([a-z]+)$/;

/** True when the value has the form `<yyyy-mm-dd>.<name>` with a real calendar date. */
export function wellFormedVersion(value: string): boolean {
  const m = FORM.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function isKnownVersion(value: string): boolean {
  return RANK.has(value);
}

/** The newest version the service knows: how a well-formed version it does not know is served. */
export const NEWEST_VERSION = KNOWN_VERSIONS.at(-1)!;

function malformed(header: string) {
  return v2Error(
    400,
    'invalid_api_version',
    `Invalid API version ${echoText(header)}: a version has the form <yyyy-mm-dd>.<name>, e.g. ${CURRENT_SERVICE_VERSION}.`,
  );
}

/**
 * One reading of a request's version header, made once where the request enters (serve's wire layer, or the
 * CLI's call) and carried with the call: the version whose behaviour it gets (undefined for a malformed one,
 * which the service refuses), the `Stripe-Version` of the response (the version the request named, else the
 * built-in current one; none for a malformed one), and the journal's note for a well-formed version the
 * service does not know (served as the newest it knows).
 */
export interface VersionReading {
  header?: string;
  served?: string;
  response?: string;
  warning?: string;
}

export function readVersion(header: string | undefined): VersionReading {
  if (header === undefined || header === '')
    return { served: CURRENT_SERVICE_VERSION, response: CURRENT_SERVICE_VERSION };
  if (!wellFormedVersion(header)) return { header };
  if (isKnownVersion(header)) return { header, served: header, response: header };
  return {
    header,
    served: NEWEST_VERSION,
    response: header,
    warning: `API version ${echoText(header)} is not one this service knows: served as ${NEWEST_VERSION}, the newest it knows.`,
  };
}

/** The version whose behaviour a request gets, from its reading: a malformed version is `invalid_api_version` (400). */
export function servedVersion(reading: VersionReading): string {
  if (reading.served === undefined) throw malformed(reading.header ?? '');
  return reading.served;
}

/** True when version `a` is older than version `b` (both known). */
export function olderThan(a: string, b: string): boolean {
  return (RANK.get(a) ?? -1) < (RANK.get(b) ?? -1);
}
