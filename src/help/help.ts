/** Chooses the help page for a command: an operation's page from its model, otherwise a command page. */
import { type CommandNode, commandPath } from '../models/commands.js';
import { OPERATIONS } from '../models/registry.js';
import type { Operation } from '../models/operation.js';
import { operationHelp } from './operation.js';
import { commandHelp, programHelp } from './topics.js';

/** The operation a command path runs (`['ecr', 'create-repository']`), if it is one. */
export function operationAt(path: readonly string[]): Operation | undefined {
  const key = path.join(' ');
  return OPERATIONS.find((op) => op.paths.some((p) => p.join(' ') === key));
}

/** Follows `words` down from `cmd` (`svcctl help ecr create-repository`); undefined at the first unknown word. */
export function findCommand(
  cmd: CommandNode,
  words: readonly string[],
): { found?: CommandNode; unknown?: string; parent: CommandNode } {
  let current = cmd;
  for (const word of words) {
    const next = current.subcommands.find((c) => c.name === word);
    if (!next) return { unknown: word, parent: current };
    current = next;
  }
  return { found: current, parent: current };
}

export function renderHelp(cmd: CommandNode): string {
  if (!cmd.parent) return programHelp(cmd);
  const path = commandPath(cmd);
  const op = operationAt(path);
  return op ? operationHelp(op, path) : commandHelp(cmd);
}
