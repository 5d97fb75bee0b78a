/**
 * Whether a value the user gives can travel in an HTTP header (the v2 API key, version and
 * Idempotency-Key, an AWS access key id or session token): Node refuses to send control characters and
 * characters beyond Latin-1, and HTTP drops white space around a value, so such a value is refused before
 * any call, on both backends alike, instead of failing as a connection error over HTTP (or being kept
 * by the embedded service when a server would see another one).
 */

/** What a header value may hold: tabs and the printable characters of Latin-1. */
const ALLOWED = /^[\t\x20-\x7e\xa0-\xff]$/;

function describe(ch: string): string {
  const code = ch.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code > 0xff ? `${hex} (${ch}), beyond Latin-1` : `${hex}, a control character`;
}

/** Why the value cannot be sent in a header, in words that never quote it (it may be a secret); undefined when it can. */
export function headerValueProblem(value: string): string | undefined {
  let i = 0;
  for (const ch of value) {
    i++;
    if (!ALLOWED.test(ch))
      return `it cannot be sent in an HTTP header: character ${i} is ${describe(ch)} (a header takes tabs and printable Latin-1 characters only)`;
  }
  if (/^[ \t]/.test(value)) return 'it cannot be sent in an HTTP header: it starts with white space, which HTTP drops';
  if (/[ \t]$/.test(value)) return 'it cannot be sent in an HTTP header: it ends with white space, which HTTP drops';
  return undefined;
}
