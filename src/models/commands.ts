/**
 * svcctl's commands as data: names, descriptions, options, arguments, help pages, completions, and what
 * runs. cli/program.ts turns the tree into the parser (the only place that knows the parser library);
 * help, completion, suggestions and input assembly read the tree and get plain parsed values.
 */
import type { ProcessContext } from '../core/context.js';
import type { GlobalOptions } from '../core/options.js';
import type { Example, Operation } from './operation.js';

/** How many words an option takes: none, one, one if present, or every word up to the next option. */
export type Arity = 'flag' | 'one' | 'optional' | 'list';

export interface OptionSpec {
  /** `--host`; `--no-x` sets x to false. */
  readonly name: string;
  /** `-h` */
  readonly short?: string;
  readonly arity: Arity;
  /** The value's name in the declaration (`host` in `--host <host>`). */
  readonly value?: string;
  readonly help: string;
  readonly default?: string;
  readonly choices?: readonly string[];
  /** Accepted but not documented. */
  readonly hidden?: boolean;
  /** The command refuses to run without it (252, as argparse words it); its help's SYNOPSIS shows it unbracketed. */
  readonly required?: boolean;
}

/** A positional argument; each is optional for the parser, checked by the command itself. */
export interface ArgumentSpec {
  readonly name: string;
  readonly help: string;
  readonly variadic?: boolean;
  /** The command runs without it too (its help's SYNOPSIS shows `[<name>]`). */
  readonly optional?: boolean;
}

export interface CommandDocs {
  /** Paragraphs after the one-line description. */
  details?: string[];
  examples?: Example[];
  /** Extra sections of `name` and description entries (configure's SETTINGS). */
  sections?: Array<{ title: string; entries: Array<readonly [string, string]> }>;
}

/** Candidates for a command's positional words, given the ones before (configure set KEY VALUE...). */
export type PositionalCompleter = (positionals: readonly string[]) => readonly string[];

/** What the command line gave a command, as plain values. */
export interface Parsed {
  /** The positional words after the command: its arguments, then any extra words. */
  args: string[];
  /** Its own options by attribute name (`--tls-cert` is `tlsCert`), defaults included. */
  opts: Record<string, unknown>;
  /** Those and the global options' values (`profile`, `endpointUrl`...). */
  all: Record<string, unknown>;
  /** The options written on the command line (not defaults) by name: `--repository-name` → its value. */
  given: Record<string, unknown>;
}

/** What a command's `run` gets once the global options are resolved. */
export interface CommandCall extends Parsed {
  readonly globals: GlobalOptions;
  readonly ctx: ProcessContext;
  /** The command that runs, in the tree. */
  readonly node: CommandNode;
}

export interface CommandSpec {
  readonly name: string;
  readonly description: string;
  readonly hidden?: boolean;
  /** The operations' group it is listed under (`ecr get-login-password`) instead of the top level. */
  readonly group?: string;
  readonly arguments?: readonly ArgumentSpec[];
  /** Its options, or how to build them when first needed (an operation's, from its model: core/lazy.ts). */
  readonly options?: readonly OptionSpec[] | (() => readonly OptionSpec[]);
  readonly subcommands?: readonly CommandSpec[];
  /** The operation it runs, for an operation's command. */
  readonly op?: Operation;
  readonly docs?: CommandDocs;
  readonly complete?: PositionalCompleter;
  /** Options it does not declare reach it as words (it reports them itself) instead of being extras. */
  readonly passUnknownOptions?: boolean;
  /** It works without the selected profile existing (configure set, completion). */
  readonly missingProfileOk?: boolean;
  /**
   * It reads the config file itself, or needs none of its settings (configure set, get, list-profiles,
   * completion): a bad value in the profile (`output = xml`) does not stop it, or the command that mends the
   * file would fail, and so would the shell's completion.
   */
  readonly readsProfileItself?: boolean;
  /** What a service error of the command is reported as calling (`when calling the Reset operation`). */
  readonly operation?: string;
  /** What it does; a command with subcommands and no run reports a missing or unknown subcommand. */
  readonly run?: (call: CommandCall) => Promise<number>;
}

/** A command in the program's tree: its spec, where it is, and its options. */
export interface CommandNode {
  readonly name: string;
  readonly spec: CommandSpec;
  readonly parent: CommandNode | undefined;
  readonly subcommands: CommandNode[];
  options(): readonly OptionSpec[];
}

export function commandTree(spec: CommandSpec, parent?: CommandNode): CommandNode {
  let options: readonly OptionSpec[] | undefined;
  const node: CommandNode = {
    name: spec.name,
    spec,
    parent,
    subcommands: [],
    options: () => (options ??= typeof spec.options === 'function' ? spec.options() : (spec.options ?? [])),
  };
  for (const sub of spec.subcommands ?? []) node.subcommands.push(commandTree(sub, node));
  return node;
}

/** The subcommands shown in help and completion. */
export const visibleSubcommands = (node: CommandNode): CommandNode[] => node.subcommands.filter((c) => !c.spec.hidden);

/** The command's words after `svcctl` (`['ecr', 'create-repository']`). */
export function commandPath(node: CommandNode): string[] {
  const path: string[] = [];
  for (let c: CommandNode | undefined = node; c?.parent; c = c.parent) path.unshift(c.name);
  return path;
}

/**
 * An option from its declaration: `--flag`, `--name <value>` (one value), `--name [value]` (optional),
 * `--name [value...]` (a list), with `-s, ` before for a short name.
 */
export function option(
  flags: string,
  help: string,
  more: Pick<OptionSpec, 'default' | 'choices' | 'hidden' | 'required'> = {},
): OptionSpec {
  const m = /^(?:(-\w), )?(--[\w-]+)(?: ([<[])([\w-]+)(\.\.\.)?[>\]])?$/.exec(flags);
  if (!m) throw new Error(`not an option declaration: ${flags}`);
  const [, short, name, bracket, value, list] = m;
  const arity: Arity = bracket === undefined ? 'flag' : list ? 'list' : bracket === '<' ? 'one' : 'optional';
  return { name: name!, ...(short ? { short } : {}), arity, ...(value ? { value } : {}), help, ...more };
}
