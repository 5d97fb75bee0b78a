import { mapEntries } from '../core/keys.js';
import { PyFloat } from '../core/pynum.js';
import { Timestamp } from '../core/timestamp.js';

/** Timestamps as the AWS CLI v2 prints them: Python's isoformat with +00:00 and microseconds when non-zero. */
export function isoTimestamp(d: Date): string {
  return Timestamp.fromDate(d).isoformat();
}

/**
 * Replaces every timestamp in a parsed response by its printed form (what --query and formatters see):
 * a Date of the embedded service, a Timestamp read from a server (its microseconds and offset kept).
 */
export function printable(v: unknown): unknown {
  if (v instanceof Date) return isoTimestamp(v);
  if (v instanceof Timestamp) return v.isoformat();
  if (Array.isArray(v)) return v.map(printable);
  if (v !== null && typeof v === 'object' && !(v instanceof PyFloat)) {
    // Keys in received order, `__proto__` a key like any other (core/keys.ts).
    return mapEntries(v, printable);
  }
  return v;
}
