/**
 * argparse's invalid choice as the AWS CLI 2.34+ words it (awscli/argparser.py): `Found invalid choice 'x'`,
 * then `Maybe you meant:` and the close matches that Python's difflib.get_close_matches finds (at most
 * three, similarity ratio at least 0.8, best first).
 */
import { UsageError } from '../core/errors.js';
import { type CommandNode, visibleSubcommands } from '../models/commands.js';
import { echoText } from '../core/input-rules.js';

/** The longest common block of a[alo:ahi] and b[blo:bhi] (difflib's find_longest_match, no junk). */
function longestMatch(
  a: string,
  b: string,
  alo: number,
  ahi: number,
  blo: number,
  bhi: number,
): [number, number, number] {
  let best: [number, number, number] = [alo, blo, 0];
  let lengths = new Map<number, number>();
  for (let i = alo; i < ahi; i++) {
    const next = new Map<number, number>();
    for (let j = blo; j < bhi; j++) {
      if (a[i] !== b[j]) continue;
      const k = (lengths.get(j - 1) ?? 0) + 1;
      next.set(j, k);
      if (k > best[2]) best = [i - k + 1, j - k + 1, k];
    }
    lengths = next;
  }
  return best;
}

function matchingCharacters(a: string, b: string, alo: number, ahi: number, blo: number, bhi: number): number {
  const [i, j, k] = longestMatch(a, b, alo, ahi, blo, bhi);
  if (k === 0) return 0;
  return k + matchingCharacters(a, b, alo, i, blo, j) + matchingCharacters(a, b, i + k, ahi, j + k, bhi);
}

/** difflib.SequenceMatcher(None, a, b).ratio() for short strings (no autojunk below 200 characters). */
export function similarity(a: string, b: string): number {
  const total = a.length + b.length;
  return total === 0 ? 1 : (2 * matchingCharacters(b, a, 0, b.length, 0, a.length)) / total;
}

/** difflib.get_close_matches(word, choices, n=3, cutoff=0.8): best score first, ties by the larger word. */
export function closeMatches(word: string, choices: readonly string[], n = 3, cutoff = 0.8): string[] {
  return choices
    .map((c) => [similarity(word, c), c] as const)
    .filter(([score]) => score >= cutoff)
    .sort((x, y) => y[0] - x[0] || (y[1] > x[1] ? 1 : y[1] < x[1] ? -1 : 0))
    .slice(0, n)
    .map(([, c]) => c);
}

/**
 * `Found invalid choice 'x'` with argparse's trailing newline, and the close matches when there are some
 * (then `elsewhere`: svcctl's addition, the commands of that name under another command).
 */
export function invalidChoice(
  argument: string,
  value: string,
  choices: readonly string[],
  elsewhere: readonly string[] = [],
): UsageError {
  const parts = [`Found invalid choice ${echoText(value)}\n`];
  const close = [...closeMatches(value, choices), ...elsewhere];
  if (close.length > 0) parts.push('Maybe you meant:\n', ...close.map((c) => `  * ${c}`));
  return new UsageError(`argument ${argument}: ${parts.join('\n')}`);
}

/**
 * An unknown command (or a group's unknown operation), with the closest known ones suggested, and the
 * operation of that name under another group (docs/compat.md #79): `svcctl ecr describe-launch-configurations`
 * suggests `svcctl autoscaling describe-launch-configurations`.
 */
export function unknownCommand(
  parent: CommandNode,
  name: string,
  argument: 'command' | 'operation' = 'command',
): UsageError {
  const root = parent.parent;
  const elsewhere =
    root === undefined
      ? []
      : visibleSubcommands(root)
          .filter((group) => group !== parent && visibleSubcommands(group).some((c) => c.name === name))
          .map((group) => `${root.name} ${group.name} ${name}`);
  return invalidChoice(
    argument,
    name,
    visibleSubcommands(parent).map((c) => c.name),
    elsewhere,
  );
}
