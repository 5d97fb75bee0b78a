/** Candidates for the positional words of commands that are not operations (configure set KEY VALUE...). */
import type { Command } from 'commander';

export type PositionalCompleter = (positionals: readonly string[]) => readonly string[];

const completers = new WeakMap<Command, PositionalCompleter>();

export function completePositionals(cmd: Command, fn: PositionalCompleter): Command {
  completers.set(cmd, fn);
  return cmd;
}

export function positionalCompleter(cmd: Command): PositionalCompleter | undefined {
  return completers.get(cmd);
}
