/**
 * Shell words, as a POSIX shell splits a command line (quotes removed, no expansions): `'…'` literal,
 * `"…"` with `\` escaping only `"`, `\`, `$` and `` ` ``, a bare `\` escaping the next character. One
 * splitter for completion (a line still being typed), prompt answers and the documentation runner.
 */

export class WordsError extends Error {}

export interface SplitOptions {
  /**
   * A line still being typed (completion): an unterminated quote is not an error, and a line that ends
   * in unquoted white space ends with '' (the word about to be typed).
   */
  partial?: boolean;
}

export function splitShellWords(line: string, options: SplitOptions = {}): string[] {
  return split(line, options).words;
}

/**
 * A line still being typed whose last word is inside a quote not yet closed (`--x 'scanOnPush=t`): the
 * quote, and what the word held before it (`''`). Readline completes the text after such a quote.
 */
export function openQuote(line: string): { quote: '"' | "'"; before: string } | undefined {
  return split(line, { partial: true }).open;
}

function split(line: string, options: SplitOptions): { words: string[]; open?: { quote: '"' | "'"; before: string } } {
  const words: string[] = [];
  let before = '';
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
      before = word;
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
  if (options.partial) {
    words.push(word);
    return { words, open: quote && { quote, before } };
  }
  if (quote) throw new WordsError(`unterminated ${quote} quote`);
  if (inWord) words.push(word);
  return { words };
}

/** Characters a terminal acts on: C0 controls (NUL, BEL, ESC…), DEL and the C1 controls. Never written raw. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A word as a shell reads it back: bare when safe, otherwise in single quotes; a word holding a control
 * character in ANSI-C quotes (`$'…'`: bash, zsh, ksh, and POSIX sh since 2024), each control an escape, so
 * that printing the line runs no terminal sequence. A NUL is written `\x00`, which no shell keeps in a word:
 * a caller that means the line to be run refuses such a word first (`holdsNul`).
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  if (CONTROL.test(word)) return ansiQuote(word);
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

function ansiQuote(word: string): string {
  const escaped = [...word].map((c) => {
    if (c === "'" || c === '\\') return `\\${c}`;
    if (!CONTROL.test(c)) return c;
    // Each byte of the control's UTF-8 as \xHH: bash reads `\u0085` as the character only in a UTF-8 locale
    // (under LC_ALL=C it stays six characters), while bytes come back the same in every locale.
    return [...Buffer.from(c, 'utf8')].map((b) => `\\x${b.toString(16).padStart(2, '0')}`).join('');
  });
  return `$'${escaped.join('')}'`;
}

/** Whether a word holds a NUL, which no shell word can carry (bash ends the word there). */
export function holdsNul(word: string): boolean {
  return word.includes('\u0000');
}
