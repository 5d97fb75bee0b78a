/**
 * How deep a request nests, measured on its text before any decoder walks it: the codecs, the checks
 * and the idempotency fingerprint all recurse over what they decode, and a body of a million `[` (or a
 * form name of a hundred thousand `.`) would overflow the stack and answer 500. No model nests deeper
 * than 6 levels, so a request deeper than the limit is refused with the protocol's 400 instead.
 */
import type { Codec } from '../wire/types.js';
import { splitPath } from '../wire/types.js';

/** True when arrays and objects in the JSON text nest deeper than `limit` (brackets inside strings do not count). */
export function jsonNestsDeeper(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** True when a form field's name has more than `limit` dot-separated levels (`A.member.1.B` has 4), `%2E` included. */
export function formNestsDeeper(text: string, limit: number): boolean {
  for (const field of text.split('&')) {
    const eq = field.indexOf('=');
    const name = eq < 0 ? field : field.slice(0, eq);
    if (name.length < limit) continue; // too short to hold that many dots
    const levels = 1 + (name.match(/\.|%2e/gi)?.length ?? 0);
    if (levels > limit) return true;
  }
  return false;
}

/** Why the request is refused, or undefined when it nests within the limit. */
export function nestingProblem(codec: Codec['name'], path: string, body: string, limit: number): string | undefined {
  if (codec === 'query') {
    if (formNestsDeeper(splitPath(path).query, limit) || formNestsDeeper(body, limit)) {
      return `A parameter name of the request nests deeper than ${limit} levels.`;
    }
    return undefined;
  }
  return jsonNestsDeeper(body, limit) ? `The request body nests deeper than ${limit} levels.` : undefined;
}
