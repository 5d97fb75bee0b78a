/**
 * How deep a request nests, measured on its text before any decoder walks it: the codecs, the checks
 * and the idempotency fingerprint all recurse over what they decode, and a body of a million `[` (or a
 * form name of a hundred thousand `.`) would overflow the stack and answer 500. No model nests deeper
 * than 6 levels, so a request deeper than the limit is refused with the protocol's 400 instead. The limit and
 * the JSON measure are core/input-rules.ts's, the CLI's too.
 */
import type { Codec } from '../wire/types.js';
import { splitPath } from '../wire/types.js';
import { jsonNestsDeeper } from '../core/input-rules.js';

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
