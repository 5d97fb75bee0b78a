/** Bash's word breaks (the words themselves: core/shell-words.ts, `partial`). */

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

/** The characters bash reads in an unquoted word (word splitting, quoting, expansions, globs, operators, history). */
const BASH_SPECIAL = /[\s\\'"`$;&|<>()*?[\]!#~{}]/g;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Candidates for an unquoted word, as bash must be given them: readline inserts COMPREPLY as it is, so a
 * file name holding a space, a quote or `$(…)` would make other words, or run a command, when the line is
 * run. Each special character gets a backslash (as zsh's compadd and fish quote theirs); a name holding a
 * control character, which no backslash can carry, is left out.
 */
export function escapeForBash(candidates: readonly string[]): string[] {
  return candidates.filter((c) => !CONTROL.test(c)).map((c) => c.replace(BASH_SPECIAL, (ch) => `\\${ch}`));
}
