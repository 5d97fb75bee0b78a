/**
 * Assembles the commander program from the operation models: one command per operation path, one option
 * per input member, the global options on the program (recognised before and after the command).
 * Commander only parses here: it never exits and never writes except help, which goes to our stdout.
 */
import { Command, CommanderError, Option } from 'commander';
import { flagsFor, valuePlaceholder } from '../models/flags.js';
import { UsageError } from '../core/errors.js';
import { OPERATIONS } from '../models/registry.js';
import type { Operation } from '../models/operation.js';
import type { Context } from '../core/context.js';
import { GLOBAL_FLAGS, OPERATION_FLAGS, PAGINATION_FLAGS } from '../core/options.js';
import type { Selection, Extension } from '../models/selection.js';
import { unknownCommand } from '../help/suggest.js';
import { defer, ready } from '../core/lazy.js';

function describe(shape: Operation['input']['members'][string], required: boolean): string {
  const parts: string[] = [];
  if (required) parts.push('[required]');
  if (shape.doc) parts.push(shape.doc);
  if (shape.type === 'string' && shape.enum) parts.push(`Values: ${shape.enum.join(', ')}.`);
  return parts.join(' ');
}

/** A list option's values accumulate over its words (an earlier occurrence was dropped: cli/words.ts). */
const collect = (value: string, previous: unknown): string[] => [...(Array.isArray(previous) ? previous : []), value];

function addOperation(parent: Command, name: string, op: Operation, onSelect: (s: Selection) => void): void {
  const cmd = parent.command(name).description(op.summary).allowUnknownOption().allowExcessArguments();
  defer(cmd, () => addOptions(cmd, op));
  cmd.action((_opts, command: Command) => onSelect({ kind: 'operation', op, command, unknown: [...command.args] }));
}

/** The operation's options, built only when the command is used (core/lazy.ts). */
function addOptions(cmd: Command, op: Operation): void {
  for (const spec of flagsFor(op)) {
    const isBoolean = spec.shape.type === 'boolean';
    const opt = new Option(isBoolean ? spec.flag : `${spec.flag} ${valuePlaceholder(spec.shape)}`, describe(spec.shape, spec.required));
    if (spec.hidden) opt.hideHelp();
    if (spec.shape.type === 'list') opt.argParser(collect);
    cmd.addOption(opt);
    if (isBoolean) cmd.addOption(new Option(`--no-${spec.flag.slice(2)}`, `Sets ${spec.member} to false.`));
  }
  for (const [flags, desc] of OPERATION_FLAGS) cmd.option(flags, desc);
  if (op.paginator) for (const [flags, desc] of PAGINATION_FLAGS) cmd.option(flags, desc);
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

export function buildProgram(ctx: Context, onSelect: (s: Selection) => void, extensions: Extension[] = []): Command {
  const program = new Command('svcctl');
  program
    .description('A CLI and embedded service for account tokens, meter event adjustments, launch configurations and image repositories.')
    .usage('[options] <command> <subcommand> [parameters]')
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.stdout.write(s), writeErr: () => {}, outputError: () => {} })
    .helpOption(false)
    .helpCommand(false)
    .allowExcessArguments()
    .action(() => {
      // Reached with no command: `svcctl --version`, or an unknown command (reported by run()).
    });
  program.option('--version', 'Display the version of this tool.');
  for (const [flags, desc] of GLOBAL_FLAGS) program.option(flags, desc);
  program.option('-h, --help', 'Show help for the command.');
  const groups = new Map<string, Command>();
  for (const op of OPERATIONS) {
    for (const path of op.paths) {
      let parent = program;
      for (const group of path.slice(0, -1)) {
        let g = groups.get(group);
        if (!g) {
          // Unknown options pass: a mistyped operation followed by its options is reported as the invalid choice.
          g = program.command(group).description(GROUP_DESCRIPTIONS[group] ?? `${group} commands`).allowExcessArguments().allowUnknownOption();
          g.action((_opts, cmd: Command) => onSelect({ kind: 'custom', run: async () => { throw groupError(cmd); } }));
          groups.set(group, g);
        }
        parent = g;
      }
      addOperation(parent, path[path.length - 1]!, op, onSelect);
    }
  }
  for (const ext of extensions) ext(program, ctx, onSelect);
  withOwnHelp(program, ctx);
  return program;
}

const GROUP_DESCRIPTIONS: Record<string, string> = {
  ecr: 'Image repositories (the AWS CLI\'s ecr commands).',
  autoscaling: 'Launch configurations (the AWS CLI\'s autoscaling commands).',
  'account-token': 'Single-use account tokens (v2 API).',
  'meter-event-adjustment': 'Meter event adjustments that cancel billing meter events (v2 API).',
  account: 'Accounts created from single-use account tokens (v2 API).',
};

/** `svcctl ecr` alone, or `svcctl ecr bogus`. */
function groupError(group: Command): UsageError {
  const word = group.args[0];
  if (word === undefined) return new UsageError(`the following arguments are required: operation`);
  return unknownCommand(group, word, 'operation');
}

/**
 * Help from the models instead of commander's: `help` as the first word after any command, or --help
 * anywhere, prints the page and stops before the command runs (exit 0).
 */
function withOwnHelp(program: Command, ctx: Context): void {
  const walk = (cmd: Command) => {
    if (cmd !== program) cmd.helpOption(false);
    cmd.commands.forEach(walk);
  };
  walk(program);
  program.hook('preAction', async (_hooked, action) => {
    const word = action.args[0];
    const asked = word === 'help' || (action.optsWithGlobals().help === true && (action !== program || word === undefined));
    if (!asked) return;
    const { findCommand, renderHelp } = await import('../help/help.js');
    let target = action;
    if (action === program && word === 'help') {
      const found = findCommand(program, action.args.slice(1));
      if (!found.found) throw unknownCommand(found.parent, found.unknown!, found.parent === program ? 'command' : 'operation');
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
async function writeHelp(ctx: Context, text: string, raw: Record<string, unknown>): Promise<void> {
  if (ctx.stdout.isTTY !== true || raw.cliPager === false) {
    ctx.stdout.write(text);
    return;
  }
  const { env } = ctx;
  let fromProfile: string | undefined;
  try {
    fromProfile = (await import('../profile/profile.js')).openProfile(ctx, raw, true).value('cli_pager');
  } catch {
    fromProfile = undefined; // a broken profile is reported by the commands that need it, not by help
  }
  const command = env.MANPAGER ?? env.SVCCTL_PAGER ?? env.AWS_PAGER ?? fromProfile ?? env.PAGER ?? 'less -R';
  if (command === '') {
    ctx.stdout.write(text);
    return;
  }
  const pager = (await import('../output/pager.js')).startPager(command, ctx);
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
