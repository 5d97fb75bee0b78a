/** An unknown command or operation, with the closest known ones suggested. */
import { type Command, Help } from 'commander';
import { UsageError } from '../core/errors.js';
import { USAGE } from '../core/usage.js';

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** An unknown command (or a group's unknown operation), with the closest known ones suggested. */
export function unknownCommand(program: Command, name: string, argument: 'command' | 'operation' = 'command'): UsageError {
  const names = new Help().visibleCommands(program).map((c) => c.name());
  const close = names
    .map((n) => [n, n.startsWith(name) || n.includes(name) ? 0 : distance(name, n)] as const)
    .filter(([, d]) => d <= Math.max(2, Math.floor(name.length / 3)))
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([n]) => n);
  const hint = close.length > 0 ? `\n\nDid you mean ${close.length === 1 ? '' : 'one of '}${close.join(', ')}?` : '';
  return new UsageError(`${USAGE}\nsvcctl: error: argument ${argument}: Invalid choice: '${name}'${hint}`);
}
