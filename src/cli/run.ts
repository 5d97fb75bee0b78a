/** Runs the whole CLI in-process: argv in; exit code out, stdout and stderr written to the context's streams. */
import { givenWords, missingRequired, requiredArgumentsError } from '../input/assemble.js';
import { type Command, CommanderError } from 'commander';
import { openProfile } from '../profile/profile.js';
import { exitCodeOf, UnknownOptionsError, UsageError } from '../core/errors.js';
import type { Context } from '../core/context.js';
import { executeOperation } from './execute.js';
import { GLOBAL_FLAGS, type GlobalOptions, type RawOptions } from '../core/options.js';
import { resolveGlobals } from './globals.js';
import { buildProgram, readyNamed, usageErrorFrom } from './program.js';
import { closeMatches, unknownCommand } from '../help/suggest.js';
import type { Extension, Selection } from '../models/selection.js';
import { reportError } from './report.js';
import { serveExtension } from '../commands/serve.js';
import { completionExtension } from '../commands/completion.js';
import { configureExtension } from '../commands/configure.js';
import { serviceSettingsExtension } from '../commands/service-settings.js';
import { serviceOpsExtension } from '../commands/service-ops.js';
import { storeExtension } from '../commands/store.js';
import { versionLine } from '../core/version.js';

/** Commands that are not operations, loaded with the program. */
export const EXTENSIONS: Extension[] = [serveExtension, configureExtension, completionExtension, serviceSettingsExtension, serviceOpsExtension, storeExtension];

function rawGlobals(selection: Selection | undefined, program: ReturnType<typeof buildProgram>): RawOptions {
  if (selection?.kind === 'operation') return selection.command.optsWithGlobals();
  return program.opts();
}

/**
 * argparse's reading of option words, where commander's differs:
 * - abbreviations, which the AWS CLI allows: an option written as an unambiguous prefix of one of the
 *   selected command's long options (or a global one) is that option (`--repo` is `--repository-name`).
 *   A prefix of several is left as it is, an unknown option, as the AWS CLI 2.36 treats it.
 * - a list option given twice keeps its last values (argparse's `store`), where commander appends:
 *   `--launch-configuration-names a --launch-configuration-names b` is `[b]`. The earlier occurrences,
 *   with the values that follow them, are dropped.
 */
function argparseWords(program: Command, argv: readonly string[]): string[] {
  let cmd = program;
  for (const word of argv) {
    if (word.startsWith('-')) continue;
    const sub = cmd.commands.find((c) => c.name() === word);
    if (!sub) break;
    cmd = sub;
  }
  const longs = [...new Set([...cmd.options, ...program.options].map((o) => o.long).filter((l): l is string => l !== undefined))];
  const expanded = argv.map((word) => {
    if (!word.startsWith('--') || word === '--') return word;
    const eq = word.indexOf('=');
    const name = eq < 0 ? word : word.slice(0, eq);
    if (longs.includes(name)) return word;
    const matches = longs.filter((l) => l.startsWith(name));
    return matches.length === 1 ? matches[0]! + (eq < 0 ? '' : word.slice(eq)) : word;
  });
  const lists = new Set(cmd === program ? [] : cmd.options.filter((o) => o.variadic).map((o) => o.long!));
  return lists.size === 0 ? expanded : lastListOccurrences(expanded, lists);
}

function lastListOccurrences(words: string[], lists: Set<string>): string[] {
  const flagOf = (word: string): string => word.split('=')[0]!;
  const end = words.indexOf('--');
  const scope = end < 0 ? words.length : end;
  const last = new Map<string, number>();
  for (let i = 0; i < scope; i++) if (lists.has(flagOf(words[i]!))) last.set(flagOf(words[i]!), i);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (i < scope && lists.has(flagOf(word)) && last.get(flagOf(word)) !== i) {
      // commander's variadic option takes every following word up to the next one that starts with '-'
      if (!word.includes('=')) while (i + 1 < scope && !(words[i + 1]!.length > 1 && words[i + 1]!.startsWith('-'))) i++;
      continue;
    }
    out.push(word);
  }
  return out;
}

/**
 * `Unknown options: …`, with the command's options (or global ones) that a mistyped `--word` is close to,
 * by difflib's ratio (0.6, get_close_matches' default cutoff): `--repositry-name` → `--repository-name`.
 */
function unknownOptions(words: readonly string[], cmd: Command, program: Command): UnknownOptionsError {
  const longs = [...new Set([...cmd.options, ...program.options].map((o) => o.long).filter((l): l is string => l !== undefined && !l.startsWith('--no-')))];
  return new UnknownOptionsError(words, [...new Set(mistyped(words).flatMap((w) => closeMatches(w, longs)))]);
}

/** The option names among unknown words (`--repositry-name`, `--x=1` as `--x`). */
const mistyped = (words: readonly string[]) => words.filter((w) => w.startsWith('--')).map((w) => w.split('=')[0]!);

/** `--repository-name (you wrote --repositry-name)` for each missing required option an unknown word is close to. */
function typoHints(words: readonly string[], missing: readonly string[]): string[] {
  return mistyped(words).flatMap((w) => closeMatches(w, missing, 1).map((m) => `${m} (you wrote ${w})`));
}

/** A missing required option that the user mistyped is named with what they wrote (docs/compat.md #79). */
function withHint(err: UsageError, hints: string[]): UsageError {
  if (hints.length === 0) return err;
  return new UsageError(`${err.message}\n\nMaybe you meant:\n\n${hints.map((h) => `  * ${h}`).join('\n')}`);
}

const GLOBAL_TAKES_VALUE = new Set(GLOBAL_FLAGS.filter(([flags]) => flags.includes('<')).map(([flags]) => flags.split(/[ ,]/)[0]!));

/** The words of argv that are not global options or their values: the command path first. */
function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith('-')) words.push(word);
    else if (GLOBAL_TAKES_VALUE.has(word)) i++;
  }
  return words;
}

/** The first word of argv that is not a global option or a global option's value: the command. */
const commandWord = (argv: readonly string[]): string | undefined => commandWords(argv)[0];

/**
 * An option svcctl's own commands (serve, service, store, configure, completion) do not know, as argparse
 * reports it: with the word after it when that is no option (`Unknown options: --bogus, 2`), and the
 * command's options it is close to (`--prot` → `--port`), as for the service's commands.
 */
function unknownOwnOption(program: Command, argv: readonly string[], err: CommanderError): UnknownOptionsError | undefined {
  const word = /'([^']+)'/.exec(err.message)?.[1];
  const at = word === undefined ? -1 : argv.indexOf(word);
  if (at < 0) return undefined;
  let cmd = program;
  const path: string[] = [];
  for (const name of commandWords(argv)) {
    const sub = cmd.commands.find((c) => c.name() === name);
    if (!sub) break;
    cmd = sub;
    path.push(name);
  }
  // Every word that is not an option of the command or a global one (with its value), nor the command's
  // path, nor one of its positional arguments: what argparse would list as not consumed.
  const known = new Map([...cmd.options, ...program.options].flatMap((o) => [o.long, o.short].filter((f) => f !== undefined).map((f) => [f!, o.required || o.optional] as const)));
  let positionals = cmd.registeredArguments.length;
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i]!;
    if (w.startsWith('-')) {
      const takesValue = known.get(w.split('=')[0]!);
      if (takesValue === undefined && i >= at) words.push(w);
      else if (takesValue && !w.includes('=')) i++;
    } else if (path[0] === w) path.shift();
    else if (positionals > 0) positionals--;
    else if (i >= at) words.push(w);
  }
  return unknownOptions(words.length > 0 ? words : [word!], cmd, program);
}

export async function run(argv: string[], ctx: Context): Promise<number> {
  let selection: Selection | undefined;
  let globals: GlobalOptions | undefined;
  const program = buildProgram(ctx, (s) => (selection = s), EXTENSIONS);
  readyNamed(program, argv);
  try {
    try {
      await program.parseAsync(argparseWords(program, argv), { from: 'user' });
    } catch (err) {
      if (err instanceof CommanderError) {
        if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version') return 0;
        // `svcctl create-repositry --repository-name a/b`: the mistyped command is the error, not its options.
        const word = err.code === 'commander.unknownOption' ? commandWord(argv) : undefined;
        if (word !== undefined && !program.commands.some((c) => c.name() === word)) throw unknownCommand(program, word);
        if (err.code === 'commander.unknownOption') throw unknownOwnOption(program, argv, err) ?? usageErrorFrom(err);
        throw usageErrorFrom(err);
      }
      throw err;
    }
    const raw = rawGlobals(selection, program);
    if (raw.version === true) {
      ctx.stdout.write(`${versionLine()}\n`);
      return 0;
    }
    const profile = openProfile(ctx, raw, selection?.kind === 'custom' && selection.missingProfileOk === true);
    globals = resolveGlobals(raw, {
      env: ctx.env,
      profileValue: (key) => profile.value(key),
      profileWhere: (key) => profile.where(key),
      home: ctx.home,
      profile,
    });
    if (!selection && program.args.length > 0) throw unknownCommand(program, program.args[0]!);
    if (!selection) throw new UsageError(`the following arguments are required: command`);
    if (selection.kind === 'custom') return await selection.run(globals);
    if (selection.unknown.length > 0) {
      // argparse finds a missing required option before it reports the words it did not know.
      const cliInput = globals.cliInputJson !== undefined || globals.cliInputYaml !== undefined;
      const missing = cliInput ? [] : missingRequired(selection.op, givenWords(selection.op, selection.command), undefined);
      if (missing.length === 0) throw unknownOptions(selection.unknown, selection.command, program);
      throw withHint(requiredArgumentsError(missing), typoHints(selection.unknown, missing.map((m) => m.flag)));
    }
    return await executeOperation(selection, globals, ctx);
  } catch (err) {
    const opName = selection?.kind === 'operation' ? selection.op.name : selection?.operation;
    await reportError(ctx, err, {
      errorFormat: globals?.errorFormat ?? 'enhanced',
      color: globals?.color,
      debug: globals?.debug ?? argv.includes('--debug'),
      operation: opName,
      render: async (format, doc) => (await import('../output/render.js')).renderDocument(format, 'error', doc),
    });
    return exitCodeOf(err);
  }
}

