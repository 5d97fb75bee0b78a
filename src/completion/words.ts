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
