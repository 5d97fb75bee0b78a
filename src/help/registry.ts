/**
 * Extra documentation for commands that are not operations (configure, completion, serve...): the
 * paragraphs and examples their help pages show. Operations take theirs from the models instead.
 */
import type { Command } from 'commander';
import type { Example } from '../models/operation.js';

export interface CommandDocs {
  /** Paragraphs after the one-line description. */
  details?: string[];
  examples?: Example[];
  /** Extra sections of `name` and description entries (configure's SETTINGS). */
  sections?: Array<{ title: string; entries: Array<readonly [string, string]> }>;
}

const docs = new WeakMap<Command, CommandDocs>();

export function documentCommand(cmd: Command, d: CommandDocs): Command {
  docs.set(cmd, d);
  return cmd;
}

export function commandDocs(cmd: Command): CommandDocs {
  return docs.get(cmd) ?? {};
}
