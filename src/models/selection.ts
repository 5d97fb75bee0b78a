/** What the command line selected, as the program hands it to the runner: an operation, or a command that runs itself. */
import type { Operation } from './operation.js';
import type { GlobalOptions } from '../core/options.js';
import type { CommandNode, Parsed } from './commands.js';

export interface OperationSelection {
  kind: 'operation';
  op: Operation;
  /** The operation's command in the tree. */
  node: CommandNode;
  /** What the command line gave it. */
  parsed: Parsed;
  /** Unknown options and stray words, reported as the AWS CLI reports them. */
  unknown: string[];
}

/** A command that is not an operation (serve, ...): it runs itself once parsed. */
export interface CustomSelection {
  kind: 'custom';
  /** Runs with the global options resolved (flag, environment, profile, default). */
  run: (globals: GlobalOptions) => Promise<number>;
  /** What a service error of the command is reported as calling (`when calling the Reset operation`). */
  operation?: string;
  /** The command works without the selected profile existing (configure set, completion). */
  missingProfileOk?: boolean;
  /** It reads the config file itself or needs none of it: the profile's bad values do not stop it (commands.ts). */
  readsProfileItself?: boolean;
}

export type Selection = OperationSelection | CustomSelection;
