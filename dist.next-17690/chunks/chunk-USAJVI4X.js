import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/core/timestamp.ts
var ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
var Timestamp = class _Timestamp {
  /**
   * @param epochSeconds whole seconds since the epoch, UTC (for a naive time: as if it were UTC)
   * @param micros 0 to 999,999
   * @param offsetMinutes the UTC offset written by the server; undefined for a naive time
   */
  constructor(epochSeconds, micros, offsetMinutes) {
    this.epochSeconds = epochSeconds;
    this.micros = micros;
    this.offsetMinutes = offsetMinutes;
  }
  epochSeconds;
  micros;
  offsetMinutes;
  static fromDate(d) {
    const ms = d.getTime();
    const seconds = Math.floor(ms / 1e3);
    return new _Timestamp(seconds, (ms - seconds * 1e3) * 1e3, 0);
  }
  /** datetime.fromtimestamp(x): the fraction rounded to microseconds, half to even (CPython's _PyTime). */
  static fromEpoch(x) {
    if (!Number.isFinite(x)) return void 0;
    let whole = Math.trunc(x);
    let us = roundHalfEven((x - whole) * 1e6);
    if (us >= 1e6) {
      us -= 1e6;
      whole += 1;
    } else if (us < 0) {
      us += 1e6;
      whole -= 1;
    }
    const t = new _Timestamp(whole, us, 0);
    return Number.isNaN(t.toDate().getTime()) ? void 0 : t;
  }
  /** ISO 8601 as servers write it; undefined when the text has another form. */
  static fromIso(text) {
    const m = ISO.exec(text.trim());
    if (m === null) return void 0;
    const [, y, mo, d, h, mi, s = "0", frac = "", zone] = m;
    const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    const check = new Date(asUtc);
    if (Number.isNaN(asUtc) || check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1 || Number(s) > 59 || Number(h) > 23 || Number(mi) > 59)
      return void 0;
    const offset = zone === void 0 ? void 0 : zoneMinutes(zone);
    const micros = Number(frac.padEnd(6, "0").slice(0, 6));
    return new _Timestamp(asUtc / 1e3 - (offset ?? 0) * 60, micros, offset);
  }
  toDate() {
    return new Date(this.epochSeconds * 1e3 + Math.floor(this.micros / 1e3));
  }
  /** datetime.isoformat(): `2026-11-22T23:25:30.174110+00:00`, no fraction when it is zero. */
  isoformat() {
    const local = new Date((this.epochSeconds + (this.offsetMinutes ?? 0) * 60) * 1e3);
    const base = local.toISOString().slice(0, 19);
    const fraction = this.micros === 0 ? "" : `.${String(this.micros).padStart(6, "0")}`;
    return `${base}${fraction}${this.offsetMinutes === void 0 ? "" : offsetText(this.offsetMinutes)}`;
  }
};
var cRound = (v) => Math.sign(v) * Math.round(Math.abs(v));
function roundHalfEven(x) {
  const r = cRound(x);
  return Math.abs(x - r) === 0.5 ? 2 * cRound(x / 2) : r;
}
function zoneMinutes(zone) {
  if (zone.toUpperCase() === "Z") return 0;
  const digits = zone.slice(1).replace(":", "");
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0");
  return zone.startsWith("-") ? -minutes : minutes;
}
function offsetText(minutes) {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

export {
  Timestamp
};
