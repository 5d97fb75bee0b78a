/** What the command line selected, as the program hands it to the runner: an operation, or a command that runs itself. */
import type { Command } from 'commander';
import type { Operation } from './operation.js';
import type { Context } from '../core/context.js';
import type { GlobalOptions } from '../core/options.js';

export interface OperationSelection {
  kind: 'operation';
  op: Operation;
  command: Command;
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
}

export type Selection = OperationSelection | CustomSelection;

/** Registers a non-operation command on the program. */
export type Extension = (program: Command, ctx: Context, select: (s: CustomSelection) => void) => void;

/**
 * A commander action that selects a custom command: commander passes the declared arguments, the options
 * and the command last; `run` gets the command and the resolved global options once parsing is done.
 */
export function customAction(
  select: (s: CustomSelection) => void,
  run: (cmd: Command, globals: GlobalOptions) => Promise<number>,
  options: Omit<CustomSelection, 'kind' | 'run'> = {},
): (...args: unknown[]) => void {
  return (...args) => {
    const cmd = args[args.length - 1] as Command;
    select({ kind: 'custom', ...options, run: (globals) => run(cmd, globals) });
  };
}
