/** Runs the whole CLI in-process: argv in; exit code out, stdout and stderr written to the context's streams. */
import { givenWords, missingRequired, requiredArgumentsError } from '../input/assemble.js';
import { type Command, CommanderError } from 'commander';
import { openProfile, quietProfile, withoutValues } from '../profile/profile.js';
import { resolve } from '../profile/resolve.js';
import {
  ConfigError,
  exitCodeOf,
  InputError,
  MainParserError,
  ParamError,
  UnknownOptionsError,
  UsageError,
} from '../core/errors.js';
import { echoBare, loneSurrogateAt, notTextDetail } from '../core/input-rules.js';
import type { ProcessContext } from '../core/context.js';
import { executeOperation } from './execute.js';
import {
  COLOR_MODES,
  type ColorMode,
  ERROR_FORMATS,
  type ErrorFormat,
  type GlobalOptions,
  type RawOptions,
} from '../core/options.js';
import { resolveGlobals } from './globals.js';
import { buildProgram, programTree, readyNamed, usageErrorFrom } from './program.js';
import { closeMatches, unknownCommand } from '../help/suggest.js';
import type { Selection } from '../models/selection.js';
import { type CommandNode, type CommandSpec, commandPath } from '../models/commands.js';
import { type ReportOptions, reportError } from './report.js';
import { readWords, type Words } from './words.js';
import { CONFIG_KEYS } from '../models/config-keys.js';
import { serveCommand } from '../commands/serve/serve.js';
import { completeCommand, completionCommand } from '../commands/completion/completion.js';
import { configureCommand } from '../commands/configure/configure.js';
import { serviceCommand } from '../commands/service/service.js';
import { storeCommand } from '../commands/store/store.js';
import { versionLine } from '../core/version.js';
import { getLoginPasswordCommand } from './login-password.js';

/** Commands that are not operations, loaded with the program. */
export const COMMANDS: readonly CommandSpec[] = [
  serveCommand,
  configureCommand,
  completionCommand,
  completeCommand,
  serviceCommand,
  storeCommand,
  getLoginPasswordCommand,
];

function rawGlobals(selection: Selection | undefined, program: Command): RawOptions {
  if (selection?.kind === 'operation') return selection.parsed.all;
  return program.opts();
}

/**
 * `Unknown options: …`, with the command's options (or global ones) that a mistyped `--word` is close to,
 * by difflib's ratio (0.6, get_close_matches' default cutoff): `--repositry-name` → `--repository-name`.
 */
function unknownOptions(words: readonly string[], cmd: CommandNode, program: CommandNode): UnknownOptionsError {
  const longs = [
    ...new Set([...cmd.options(), ...program.options()].map((o) => o.name).filter((l) => !l.startsWith('--no-'))),
  ];
  return new UnknownOptionsError(words, [
    ...new Set(mistyped(words).flatMap((w) => (longs.includes(w) ? [afterDashes(w)] : closeMatches(w, longs)))),
  ]);
}

/**
 * An option written right but after `--`, where every word is an argument (argparse's rule): the hint says
 * so, rather than offer the very option that was written.
 */
const afterDashes = (w: string) => `${w} (you wrote it after --: a word after -- is an argument, not an option)`;

/** The option names among unknown words (`--repositry-name`, `--x=1` as `--x`). */
const mistyped = (words: readonly string[]) => words.filter((w) => w.startsWith('--')).map((w) => w.split('=')[0]!);

/** `--repository-name (you wrote --repositry-name)` for each missing required option an unknown word is close to. */
function typoHints(words: readonly string[], missing: readonly string[]): string[] {
  return mistyped(words).flatMap((w) =>
    missing.includes(w) ? [afterDashes(w)] : closeMatches(w, missing, 1).map((m) => `${m} (you wrote ${w})`),
  );
}

/** A missing required option that the user mistyped is named with what they wrote (docs/compat.md #79). */
function withHint(err: UsageError, hints: string[]): UsageError {
  if (hints.length === 0) return err;
  return new UsageError(`${err.message}\n\nMaybe you meant:\n\n${hints.map((h) => `  * ${h}`).join('\n')}`);
}

/** A command name that is no choice is the main parser's error (the AWS CLI's `argument command: …`). */
function mainParser(err: UsageError): MainParserError {
  return new MainParserError(err.message);
}

/**
 * An option commander did not know: a mistyped command (`svcctl create-repositry --repository-name a/b`:
 * the command is the error, not its options), or a mistyped operation of a group that runs on its own too
 * (`svcctl configure imprt --csv x`, as every group reports `ecr create-repositry --bogus`), else argparse's
 * extras of the command.
 */
function unknownWords(words: Words, program: CommandNode, err: CommanderError): UsageError {
  if (words.command === program && words.stray !== undefined) return mainParser(unknownCommand(program, words.stray));
  if (words.stray !== undefined) return unknownCommand(words.command, words.stray, 'operation');
  return words.unknown.length > 0 ? unknownOptions(words.unknown, words.command, program) : usageErrorFrom(err);
}

async function parse(program: Command, tree: CommandNode, words: Words): Promise<'done' | 'stop'> {
  if (words.error) throw words.error;
  try {
    await program.parseAsync(words.argv, { from: 'user' });
    return 'done';
  } catch (err) {
    if (!(err instanceof CommanderError)) throw err;
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version')
      return 'stop';
    throw err.code === 'commander.unknownOption' ? unknownWords(words, tree, err) : usageErrorFrom(err);
  }
}

/**
 * How an error met before the global options were resolved is reported (a parse error, a bad --max-items,
 * an unknown profile): --cli-error-format and --color as written wherever they are, else the environment
 * and the profile; a value that is no choice is passed over (it is an error of its own). An error of the
 * main parser (MainParserError) comes before the command line's options in the AWS CLI: for it, only the
 * environment and the default profile count.
 */
function earlyOptions(
  words: Words | undefined,
  ctx: ProcessContext,
  err: unknown,
): Pick<ReportOptions, 'errorFormat' | 'color' | 'debug'> {
  const commandLine = !(err instanceof MainParserError);
  const given = (name: string) => (commandLine ? words?.globals.get(name) : undefined);
  const src = {
    raw: { cliErrorFormat: given('--cli-error-format') },
    env: ctx.env,
    profile: quietProfile(ctx, { profile: given('--profile') }),
  };
  const isFormat = (f: string) => (ERROR_FORMATS as readonly string[]).includes(f);
  const errorFormat = resolve('cli_error_format', src, isFormat)!.value as ErrorFormat;
  const color = given('--color');
  return {
    errorFormat,
    color: (COLOR_MODES as readonly unknown[]).includes(color) ? (color as ColorMode) : undefined,
    debug: words?.globals.get('--debug') === true,
  };
}

/**
 * Only text gets in (core/input-rules.ts): an argument with a byte that is not UTF-8 (main.ts hands it on as
 * a lone surrogate) or a lone surrogate is refused before anything runs, naming what takes it (readWords'
 * takers): the option whose value it is, by its full name (`--repo` is `--repository-name`); `configure set`'s
 * setting name or value; else the word itself, as 'Argument N' (a command word, argparse's extras, a word
 * after `--`, any other command's argument). Never the option before it: `--output json <bad>` is not a bad
 * --output, nor is `--output json configure get <bad>` (hostile passes 13 and 14).
 */
function checkArgvText(argv: readonly string[], takers: Words['takers']): void {
  const at = argv.findIndex((w) => loneSurrogateAt(w) >= 0);
  if (at < 0) return;
  const word = argv[at]!;
  const taker = takers[at];
  if (taker && 'option' in taker)
    throw new ParamError(taker.option, `the value is ${notTextDetail(word.slice(taker.from))}`);
  if (taker && commandPath(taker.command).join(' ') === 'configure set') {
    if (taker.argument === 0) throw new InputError(`The setting name is ${notTextDetail(word)}.`);
    const name = argv[takers.findIndex((t) => t !== undefined && 'command' in t && t.command === taker.command)]!;
    throw new InputError(`Invalid value for ${name}: it is ${notTextDetail(word)}.`);
  }
  const eq = word.indexOf('=');
  if (!taker && word.startsWith('--') && (eq < 0 || loneSurrogateAt(word.slice(0, eq)) >= 0))
    throw new InputError(`The argument ${echoBare(word)} is not an option: it is ${notTextDetail(word)}.`);
  throw new InputError(`Argument ${at + 1} is ${notTextDetail(word)}.`);
}

/**
 * The AWS_* variables svcctl reads: the settings' (CONFIG_KEYS), the files', the profile's and the endpoints'
 * (AWS_ENDPOINT_URL, AWS_ENDPOINT_URL_<SERVICE>). Other tools' (aws-vault's AWS_VAULT, the SDKs' AWS_SDK_LOAD_CONFIG)
 * are none of svcctl's business. Also the other names a setting falls back to (cli_pager's PAGER) and MANPAGER (help's
 * pager): a command run by the shell, whose bytes node cannot hand on (a Latin-1 PAGER ran another path, 253).
 */
const AWS_READ = new Set([
  ...CONFIG_KEYS.flatMap((k) => [...(k.env ?? []), ...(k.envAfter ?? [])]),
  'MANPAGER',
  'AWS_CONFIG_FILE',
  'AWS_SHARED_CREDENTIALS_FILE',
  'AWS_PROFILE',
  'AWS_DEFAULT_PROFILE',
]);

/**
 * The variables svcctl reads (HOME, SVCCTL_*, AWS_READ's, PAGER and MANPAGER among them) are text too: one whose bytes are not UTF-8 (main.ts hands
 * it on as an argument) is refused before anything is read or made. Node's U+FFFD in its place made HOME and
 * SVCCTL_HOME other directories, silently (hostile pass 14).
 */
function checkEnvText(env: ProcessContext['env']): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || loneSurrogateAt(value) < 0) continue;
    if (
      name === 'HOME' ||
      name.startsWith('SVCCTL_') ||
      AWS_READ.has(name) ||
      name === 'AWS_ENDPOINT_URL' ||
      name.startsWith('AWS_ENDPOINT_URL_')
    )
      throw new ConfigError(`The environment variable ${name} is ${notTextDetail(value)}.`);
  }
}

export async function run(argv: string[], ctx: ProcessContext): Promise<number> {
  let selection: Selection | undefined;
  let globals: GlobalOptions | undefined;
  let words: Words | undefined;
  const tree = programTree(COMMANDS);
  const program = buildProgram(ctx, tree, (s) => (selection = s));
  readyNamed(program, argv);
  try {
    words = readWords(tree, argv);
    checkArgvText(argv, words.takers);
    checkEnvText(ctx.env);
    if ((await parse(program, tree, words)) === 'stop') return 0;
    const raw = rawGlobals(selection, program);
    if (raw.version === true) {
      ctx.stdout.write(`${versionLine()}\n`);
      return 0;
    }
    const profile = openProfile(ctx, raw, selection?.kind === 'custom' && selection.missingProfileOk === true);
    try {
      globals = resolveGlobals(raw, { env: ctx.env, home: ctx.home, profile });
    } catch (err) {
      // `configure set output json` must run when the file says `output = xml` (hostile pass 14b): the global
      // options of a command that reads the file itself (or needs none of it: completion) are the flags', the
      // variables' and the defaults'.
      if (!(err instanceof ConfigError && selection?.kind === 'custom' && selection.readsProfileItself)) throw err;
      globals = resolveGlobals(raw, { env: ctx.env, home: ctx.home, profile: withoutValues(profile) });
    }
    if (!selection && program.args.length > 0) throw mainParser(unknownCommand(tree, program.args[0]!));
    if (!selection) throw new MainParserError(`the following arguments are required: command`);
    // --query with its depth limit, before any command reads or changes anything (a store, a config file, an
    // endpoint): a bad expression is a 252 on every command path, never found after the work is done.
    if (globals.query !== undefined) (await import('../output/query.js')).compileQuery(globals.query);
    if (selection.kind === 'custom') return await selection.run(globals);
    if (selection.unknown.length > 0) {
      // argparse finds a missing required option before it reports the words it did not know.
      const cliInput = globals.cliInputJson !== undefined || globals.cliInputYaml !== undefined;
      // An input skeleton needs no required flag (as the AWS CLI's): none is missing, the unknown word is the error.
      const inputSkeleton = globals.skeleton === 'input' || globals.skeleton === 'yaml-input';
      const missing =
        cliInput || inputSkeleton
          ? []
          : missingRequired(selection.op, givenWords(selection.op, selection.parsed.given), undefined);
      if (missing.length === 0) throw unknownOptions(selection.unknown, selection.node, tree);
      throw withHint(
        requiredArgumentsError(missing),
        typoHints(
          selection.unknown,
          missing.map((m) => m.flag),
        ),
      );
    }
    return await executeOperation(selection, globals, ctx);
  } catch (err) {
    const opName = selection?.kind === 'operation' ? selection.op.name : selection?.operation;
    const early = (err instanceof MainParserError ? undefined : globals) ?? earlyOptions(words, ctx, err);
    await reportError(ctx, err, {
      errorFormat: early.errorFormat,
      color: early.color,
      debug: early.debug,
      operation: opName,
      render: async (format, doc) => (await import('../output/render.js')).renderDocument(format, 'error', doc),
    });
    return exitCodeOf(err);
  }
}
