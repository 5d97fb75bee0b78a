/** Timestamps as the AWS CLI v2 prints them: Python's isoformat with +00:00 and microseconds when non-zero. */
export function isoTimestamp(d: Date): string {
  const base = d.toISOString().slice(0, 19);
  const ms = d.getUTCMilliseconds();
  return ms === 0 ? `${base}+00:00` : `${base}.${String(ms * 1000).padStart(6, '0')}+00:00`;
}

/** Replaces every Date in a parsed response by its printed form (what --query and formatters see). */
export function printable(v: unknown): unknown {
  if (v instanceof Date) return isoTimestamp(v);
  if (Array.isArray(v)) return v.map(printable);
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = printable(x);
    return out;
  }
  return v;
}
