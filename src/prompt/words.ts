/**
 * Words in prompt answers and in the summary of the command line:
 *  - a list of scalars is typed as a shell would take it (core/shell-words.ts);
 *  - a list of structures is split at spaces outside quotes, braces and brackets, quotes kept (they are
 *    shorthand's own quoting): `Key=a,Value='b c' Key=d,Value=e` or `{"Key": "a"} {"Key": "b"}`;
 *  - the summary quotes each word for a POSIX shell (core/shell-words.ts).
 */

import { WordsError } from '../core/shell-words.js';

/** Splits at spaces outside quotes, braces and brackets; everything else is kept as typed. */
export function structuredWords(line: string): string[] {
  const words: string[] = [];
  let start = -1;
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i <= line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = undefined;
      continue;
    }
    const space = ch === undefined || /\s/.test(ch);
    if (space && depth <= 0) {
      if (start >= 0) words.push(line.slice(start, i));
      start = -1;
      depth = 0;
      continue;
    }
    if (start < 0) start = i;
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
  }
  if (quote) throw new WordsError(`unterminated ${quote} quote`);
  if (depth > 0) words.push(line.slice(start).trimEnd());
  return words;
}
