/**
 * README's table of commands (its "Commands" section) is held to the command tree the registry and
 * svcctl's own commands make: every command a user can run is named in a row (with its group, where it
 * is also under one: `ecr`, `autoscaling`), and every word a row names is a command or, for `completion`,
 * a shell it takes. A new operation or command fails here until the table names it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { programTree } from '../../src/cli/program.js';
import { COMMANDS } from '../../src/cli/run.js';
import { SHELLS } from '../../src/completion/scripts.js';
import type { CommandNode } from '../../src/models/commands.js';

const root = join(import.meta.dirname, '..', '..');

/** The words of the first cell of each row of the README's command table. */
function rows(): string[][] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.split('\n## Commands\n')[1]!.split('\n## ')[0]!;
  const table = section.split('\n').filter((l) => l.startsWith('| `'));
  return table.map((line) => {
    const cell = line.split(/(?<!\\)\|/)[1]!;
    return [...cell.matchAll(/`([^`]+)`/g)]
      .flatMap((m) => m[1]!.replace(/\\\|/g, ' ').split(/\s+/))
      .filter((w) => w !== 'svcctl' && w !== '…' && w !== '');
  });
}

/** Every command path a user can run: the leaves of the tree, hidden commands left out. */
function leaves(node: CommandNode, path: string[] = []): string[][] {
  const visible = node.subcommands.filter((c) => !c.spec.hidden);
  if (visible.length === 0) return [path];
  return visible.flatMap((c) => leaves(c, [...path, c.name]));
}

const tree = programTree(COMMANDS);
const commands = leaves(tree);

it('the tree has the commands the table is checked for', () => {
  expect(commands.length).toBeGreaterThan(20);
  expect(commands).toContainEqual(['ecr', 'create-repository']);
  expect(commands).toContainEqual(['store', 'import']);
});

it('names every command a user can run in one row, with its group', () => {
  const table = rows();
  const missing = commands.filter((path) => !table.some((row) => path.every((w) => row.includes(w))));
  expect(missing.map((p) => p.join(' '))).toEqual([]);
});

it('names nothing that is not a command (or a shell that completion takes)', () => {
  const words = new Set([...commands.flat(), ...SHELLS]);
  expect(
    rows()
      .flat()
      .filter((w) => !words.has(w)),
  ).toEqual([]);
});
