/**
 * The program's command tree (models/commands.ts) from the operation models and svcctl's own commands, and
 * the commander program that parses argv by it: one command per node, one option per option spec, the
 * global options on the program (recognised before and after the command). Commander is used here and in
 * cli/run.ts only: it never exits and never writes except help, which goes to our stdout; what it parsed
 * reaches the commands as plain values (`Parsed`).
 */
import { Command, CommanderError, Option } from 'commander';
import { flagsFor, valuePlaceholder } from '../models/flags.js';
import { UsageError } from '../core/errors.js';
import { OPERATIONS } from '../models/registry.js';
import type { Operation } from '../models/operation.js';
import { groupDescription } from '../models/services.js';
import type { ProcessContext } from '../core/context.js';
import { OPERATION_FLAGS, PAGINATION_FLAGS } from '../core/options.js';
import { GLOBAL_FLAGS, pagerOff } from '../models/config-keys.js';
import type { Selection } from '../models/selection.js';
import {
  type CommandNode,
  type CommandSpec,
  commandTree,
  type OptionSpec,
  option,
  type Parsed,
} from '../models/commands.js';
import { unknownCommand } from '../help/suggest.js';
import { defer, ready } from '../core/lazy.js';

function describe(shape: Operation['input']['members'][string], required: boolean): string {
  const parts: string[] = [];
  if (required) parts.push('[required]');
  if (shape.doc) parts.push(shape.doc);
  if (shape.type === 'string' && shape.enum) parts.push(`Values: ${shape.enum.join(', ')}.`);
  return parts.join(' ');
}

/** An operation's options: one per input member (and `--no-` for a boolean), then the input and paging options. */
function operationOptions(op: Operation): OptionSpec[] {
  const out: OptionSpec[] = [];
  for (const spec of flagsFor(op)) {
    const isBoolean = spec.shape.type === 'boolean';
    out.push(
      option(
        isBoolean ? spec.flag : `${spec.flag} ${valuePlaceholder(spec.shape)}`,
        describe(spec.shape, spec.required),
        spec.hidden ? { hidden: true } : {},
      ),
    );
    if (isBoolean) out.push(option(`--no-${spec.flag.slice(2)}`, `Sets ${spec.member} to false.`));
  }
  for (const [flags, desc] of OPERATION_FLAGS) out.push(option(flags, desc));
  if (op.paginator) for (const [flags, desc] of PAGINATION_FLAGS) out.push(option(flags, desc));
  return out;
}

const PROGRAM_OPTIONS: readonly OptionSpec[] = [
  option('--version', 'Display the version of this tool.'),
  ...GLOBAL_FLAGS.map(([flags, desc]) => option(flags, desc)),
  option('-h, --help', 'Show help for the command.'),
];

/**
 * The program's command tree: the global options, one command per operation path (under its group), then
 * svcctl's own commands. An operation's options are built only when it is used (core/lazy.ts).
 */
export function programTree(own: readonly CommandSpec[]): CommandNode {
  const top: CommandSpec[] = [];
  const groups = new Map<string, CommandSpec[]>();
  for (const op of OPERATIONS) {
    for (const path of op.paths) {
      let parent = top;
      for (const group of path.slice(0, -1)) {
        let g = groups.get(group);
        if (!g) {
          g = [];
          // Unknown options pass: a mistyped operation followed by its options is reported as the invalid choice.
          top.push({
            name: group,
            description: groupDescription(group) ?? `${group} commands`,
            passUnknownOptions: true,
            subcommands: g,
          });
          groups.set(group, g);
        }
        parent = g;
      }
      parent.push({
        name: path[path.length - 1]!,
        description: op.summary,
        op,
        passUnknownOptions: true,
        options: () => operationOptions(op),
      });
    }
  }
  for (const spec of own) if (spec.group !== undefined) groups.get(spec.group)?.push(spec);
  return commandTree({
    name: 'svcctl',
    description:
      'A CLI and embedded service for account tokens, meter event adjustments, launch configurations and image repositories.',
    options: PROGRAM_OPTIONS,
    subcommands: [...top, ...own.filter((spec) => spec.group === undefined)],
  });
}

/** A list option's values accumulate over its words (an earlier occurrence was dropped: cli/words.ts). */
const collect = (value: string, previous: unknown): string[] => [...(Array.isArray(previous) ? previous : []), value];

const VALUE_WORDS = {
  flag: () => '',
  one: (v: string) => ` <${v}>`,
  optional: (v: string) => ` [${v}]`,
  list: (v: string) => ` [${v}...]`,
};

function commanderOption(o: OptionSpec): Option {
  const opt = new Option(
    `${o.short ? `${o.short}, ` : ''}${o.name}${VALUE_WORDS[o.arity](o.value ?? 'value')}`,
    o.help,
  );
  if (o.default !== undefined) opt.default(o.default);
  if (o.choices) opt.choices(o.choices);
  if (o.hidden) opt.hideHelp();
  if (o.arity === 'list') opt.argParser(collect);
  return opt;
}

const addOptions = (cmd: Command, options: readonly OptionSpec[]) => {
  for (const o of options) cmd.addOption(commanderOption(o));
};

/** What commander parsed for `cmd`, as plain values. */
function parsedOf(cmd: Command): Parsed {
  const given: Record<string, unknown> = {};
  for (const o of cmd.options) {
    const name = o.attributeName();
    if (o.long !== undefined && cmd.getOptionValueSource(name) === 'cli') given[o.long] = cmd.getOptionValue(name);
  }
  return { args: [...cmd.args], opts: cmd.opts(), all: cmd.optsWithGlobals(), given };
}

/** What running the command means: its operation, its own run, or (a group) a missing or unknown subcommand. */
function selectionOf(node: CommandNode, parsed: Parsed, ctx: ProcessContext): Selection {
  const { spec } = node;
  if (spec.op) return { kind: 'operation', op: spec.op, node, parsed, unknown: [...parsed.args] };
  const run = spec.run;
  return {
    kind: 'custom',
    ...(spec.missingProfileOk ? { missingProfileOk: true } : {}),
    ...(spec.readsProfileItself ? { readsProfileItself: true } : {}),
    ...(spec.operation ? { operation: spec.operation } : {}),
    run: run
      ? (globals) => {
          // As argparse does before anything else: a required option left out (its SYNOPSIS shows it unbracketed).
          const missing = node.options().filter((o) => o.required && parsed.given[o.name] === undefined);
          if (missing.length > 0)
            throw new UsageError(`the following arguments are required: ${missing.map((o) => o.name).join(', ')}`);
          return run({ ...parsed, globals, ctx, node });
        }
      : async () => {
          throw groupError(node, parsed.args);
        },
  };
}

/** The commander command of each node of the tree (help finds the node of the command that runs). */
const nodes = new WeakMap<Command, CommandNode>();

function addCommand(parent: Command, node: CommandNode, ctx: ProcessContext, onSelect: (s: Selection) => void): void {
  const { spec } = node;
  const cmd = parent.command(node.name, { hidden: spec.hidden === true }).allowExcessArguments();
  nodes.set(cmd, node);
  if (spec.passUnknownOptions) cmd.allowUnknownOption();
  for (const a of spec.arguments ?? []) cmd.argument(`[${a.name}${a.variadic ? '...' : ''}]`, a.help);
  if (typeof spec.options === 'function') defer(cmd, () => addOptions(cmd, node.options()));
  else addOptions(cmd, node.options());
  cmd.action((...args: unknown[]) => onSelect(selectionOf(node, parsedOf(args[args.length - 1] as Command), ctx)));
  for (const sub of node.subcommands) addCommand(cmd, sub, ctx, onSelect);
}

/** Builds the options of every command that a word of argv names, before commander parses argv. */
export function readyNamed(program: Command, argv: readonly string[]): void {
  const words = new Set(argv);
  const visit = (cmd: Command) => {
    for (const sub of cmd.commands) {
      if (words.has(sub.name())) ready(sub);
      visit(sub);
    }
  };
  visit(program);
}

/** The commander program of the tree: it parses only, never exits, and writes nothing but help (to our stdout). */
export function buildProgram(ctx: ProcessContext, tree: CommandNode, onSelect: (s: Selection) => void): Command {
  const program = new Command(tree.name);
  program
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.stdout.write(s), writeErr: () => {}, outputError: () => {} })
    .helpOption(false)
    .helpCommand(false)
    .allowExcessArguments()
    .action(() => {
      // Reached with no command: `svcctl --version`, or an unknown command (reported by run()).
    });
  nodes.set(program, tree);
  addOptions(program, tree.options());
  for (const node of tree.subcommands) addCommand(program, node, ctx, onSelect);
  withOwnHelp(program, ctx);
  return program;
}

/** `svcctl ecr` alone, or `svcctl ecr bogus`. */
function groupError(group: CommandNode, args: readonly string[]): UsageError {
  const word = args[0];
  if (word === undefined) return new UsageError(`the following arguments are required: operation`);
  return unknownCommand(group, word, 'operation');
}

/**
 * Help from the models instead of commander's: `help` as the first word after any command, or --help
 * anywhere, prints the page and stops before the command runs (exit 0).
 */
function withOwnHelp(program: Command, ctx: ProcessContext): void {
  const walk = (cmd: Command) => {
    if (cmd !== program) cmd.helpOption(false);
    cmd.commands.forEach(walk);
  };
  walk(program);
  program.hook('preAction', async (_hooked, action) => {
    const word = action.args[0];
    const asked =
      word === 'help' || (action.optsWithGlobals().help === true && (action !== program || word === undefined));
    if (!asked) return;
    const { findCommand, renderHelp } = await import('../help/help.js');
    const root = nodes.get(program)!;
    let target = nodes.get(action)!;
    if (action === program && word === 'help') {
      const found = findCommand(root, action.args.slice(1));
      if (!found.found)
        throw unknownCommand(found.parent, found.unknown!, found.parent === root ? 'command' : 'operation');
      target = found.found;
    }
    await writeHelp(ctx, renderHelp(target), action.optsWithGlobals());
    throw new CommanderError(0, 'commander.helpDisplayed', '(outputHelp)');
  });
}

/**
 * Help on a terminal goes through a pager, as the AWS CLI pages its help: MANPAGER, else the output pager
 * (SVCCTL_PAGER, AWS_PAGER, the profile's cli_pager, PAGER, `less -R`); --no-cli-pager or an empty pager
 * prints it as it is. Into a pipe or a file, help is plain text.
 */
async function writeHelp(ctx: ProcessContext, text: string, raw: Record<string, unknown>): Promise<void> {
  if (ctx.stdout.isTTY !== true || raw.cliPager === false) {
    ctx.stdout.write(text);
    return;
  }
  const [{ quietProfile }, { resolve }] = await Promise.all([
    import('../profile/profile.js'),
    import('../profile/resolve.js'),
  ]);
  // MANPAGER first, as man(1) reads it; then the output pager's own chain (models/config-keys.ts's cli_pager).
  const manpager = ctx.env.MANPAGER;
  const command = manpager ?? resolve('cli_pager', { raw, env: ctx.env, profile: quietProfile(ctx, raw) })!.value;
  if (pagerOff(command)) {
    ctx.stdout.write(text);
    return;
  }
  const pager = (await import('../output/pager.js')).startPager(
    command,
    ctx,
    manpager === undefined ? 'cli_pager' : 'MANPAGER',
  );
  pager.stream.write(text);
  await pager.close();
}

/**
 * Commander's own parse errors, as a usage error (exit 252 with the usage block). The option words were
 * read before commander saw them (cli/words.ts): abbreviations, missing values and unknown options are
 * reported from there in argparse's words, so what reaches here is commander's message as it is.
 */
export function usageErrorFrom(err: CommanderError): UsageError {
  return new UsageError(err.message.replace(/^error: /, ''));
}
