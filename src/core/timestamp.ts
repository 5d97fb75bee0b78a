/**
 * A timestamp as botocore holds one it read from a response: a datetime with microseconds and the UTC
 * offset the server gave (none for a naive time), printed as the AWS CLI prints it (datetime.isoformat()).
 * A JavaScript Date keeps milliseconds only, so a server's `30.174110Z` would print as `30.174000`.
 *
 * - ISO 8601 text (Query XML, JSON strings): dateutil's parser keeps the first six digits of the
 *   fraction (truncated) and the offset as written (`Z` is +00:00).
 * - Epoch seconds (JSON 1.1 numbers, digit strings): datetime.fromtimestamp, which rounds the float's
 *   fraction to microseconds half to even.
 * - A date alone (`2020-01-01`) is a naive midnight, as dateutil reads it; so are a one-digit month or day
 *   (`2020-1-1`) and the basic form (`20200101T000000Z`). A UTC offset is less than a day (`+24:00` is none).
 *
 * Either way a datetime's year is 1 to 9999 (Python's MINYEAR, MAXYEAR): a time outside them, or a day its month
 * does not have (`2020-02-30`), is no timestamp (botocore: 'year 10000 is out of range', 'day is out of range for
 * month'), never a nearby date (JavaScript's Date.UTC reads years 0 to 99 as 1900 to 1999 and rolls Feb 30 into March).
 */

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** ISO 8601's basic form (`20200101T000000Z`), which dateutil reads as the extended one. */
const ISO_BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?((?:[.,]\d+)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?)$/i;

/** Python's datetime.MINYEAR and MAXYEAR. */
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

/** Whether a text has the ISO 8601 form fromIso reads (valid or not): no other parser may read it another way. */
export function isIsoShaped(text: string): boolean {
  return ISO.test(extended(text.trim()));
}

/** A basic-form ISO 8601 text written in the extended form; any other text as it is. */
function extended(text: string): string {
  const b = ISO_BASIC.exec(text);
  return b === null ? text : `${b[1]}-${b[2]}-${b[3]}T${b[4]}:${b[5]}${b[6] === undefined ? '' : `:${b[6]}`}${b[7]}`;
}

export class Timestamp {
  /**
   * @param epochSeconds whole seconds since the epoch, UTC (for a naive time: as if it were UTC)
   * @param micros 0 to 999,999
   * @param offsetMinutes the UTC offset written by the server; undefined for a naive time
   */
  constructor(
    readonly epochSeconds: number,
    readonly micros: number,
    readonly offsetMinutes: number | undefined,
  ) {}

  static fromDate(d: Date): Timestamp {
    const ms = d.getTime();
    const seconds = Math.floor(ms / 1000);
    return new Timestamp(seconds, (ms - seconds * 1000) * 1000, 0);
  }

  /** datetime.fromtimestamp(x): the fraction rounded to microseconds, half to even (CPython's _PyTime). */
  static fromEpoch(x: number): Timestamp | undefined {
    if (!Number.isFinite(x)) return undefined;
    let whole = Math.trunc(x);
    let us = roundHalfEven((x - whole) * 1e6);
    if (us >= 1e6) {
      us -= 1e6;
      whole += 1;
    } else if (us < 0) {
      us += 1e6;
      whole -= 1;
    }
    const t = new Timestamp(whole, us, 0);
    return t.inPythonRange() ? t : undefined;
  }

  /** Whether the time as written (at its offset) falls in Python's years 1 to 9999, as a datetime must. */
  inPythonRange(): boolean {
    const local = new Date((this.epochSeconds + (this.offsetMinutes ?? 0) * 60) * 1000);
    if (Number.isNaN(local.getTime())) return false;
    const year = local.getUTCFullYear();
    return year >= MIN_YEAR && year <= MAX_YEAR;
  }

  /** ISO 8601 as servers write it; undefined when the text has another form. */
  static fromIso(text: string): Timestamp | undefined {
    const m = ISO.exec(extended(text.trim()));
    if (m === null) return undefined;
    const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
    // setUTCFullYear, not Date.UTC: Date.UTC(99, …) is 1999.
    const check = new Date(0);
    check.setUTCFullYear(Number(y), Number(mo) - 1, Number(d));
    check.setUTCHours(Number(h), Number(mi), Number(s), 0);
    const asUtc = check.getTime();
    if (
      Number.isNaN(asUtc) ||
      Number(y) < MIN_YEAR ||
      check.getUTCFullYear() !== Number(y) ||
      check.getUTCDate() !== Number(d) ||
      check.getUTCMonth() !== Number(mo) - 1 ||
      Number(s) > 59 ||
      Number(h) > 23 ||
      Number(mi) > 59
    )
      return undefined;
    const offset = zone === undefined ? undefined : zoneMinutes(zone);
    // Python's timezone offsets are strictly inside a day: +24:00 (or +23:60) is none (botocore refuses it).
    if (offset !== undefined && Math.abs(offset) >= 24 * 60) return undefined;
    const micros = Number(frac.padEnd(6, '0').slice(0, 6));
    return new Timestamp(asUtc / 1000 - (offset ?? 0) * 60, micros, offset);
  }

  toDate(): Date {
    return new Date(this.epochSeconds * 1000 + Math.floor(this.micros / 1000));
  }

  /** datetime.isoformat(): `2026-11-22T23:25:30.174110+00:00`, no fraction when it is zero. */
  isoformat(): string {
    const local = new Date((this.epochSeconds + (this.offsetMinutes ?? 0) * 60) * 1000);
    const base = local.toISOString().slice(0, 19);
    const fraction = this.micros === 0 ? '' : `.${String(this.micros).padStart(6, '0')}`;
    return `${base}${fraction}${this.offsetMinutes === undefined ? '' : offsetText(this.offsetMinutes)}`;
  }
}

/** C's round(): half away from zero. */
const cRound = (v: number): number => Math.sign(v) * Math.round(Math.abs(v));

/** CPython's _PyTime_RoundHalfEven. */
function roundHalfEven(x: number): number {
  const r = cRound(x);
  return Math.abs(x - r) === 0.5 ? 2 * cRound(x / 2) : r;
}

function zoneMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
  return zone.startsWith('-') ? -minutes : minutes;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
