/** The words of a command line as a POSIX shell splits them (enough for completion), and bash's word breaks. */

/** Splits `line`; when it ends in unquoted whitespace the last word is '' (a new word is being started). */
export function splitLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  words.push(word);
  return words;
}

/**
 * Bash replaces only the part of the word after its last word-break character (`=` or `:` in a
 * word), so candidates lose the part of the current word up to there.
 */
export function trimForBash(candidates: readonly string[], current: string): string[] {
  const cut = Math.max(current.lastIndexOf('='), current.lastIndexOf(':'));
  if (cut < 0) return [...candidates];
  const prefix = current.slice(0, cut + 1);
  return candidates.map((c) => (c.startsWith(prefix) ? c.slice(prefix.length) : c));
}
