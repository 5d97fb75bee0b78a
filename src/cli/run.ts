/** Runs the whole CLI in-process: argv in; exit code out, stdout and stderr written to the context's streams. */
import { givenWords, missingRequired, requiredArgumentsError } from '../input/assemble.js';
import { type Command, CommanderError } from 'commander';
import { openProfile } from '../profile/profile.js';
import { exitCodeOf, UnknownOptionsError, UsageError } from '../core/errors.js';
import type { Context } from '../core/context.js';
import { executeOperation } from './execute.js';
import { GLOBAL_FLAGS, type GlobalOptions, type RawOptions } from '../core/options.js';
import { resolveGlobals } from './globals.js';
import { buildProgram, usageErrorFrom } from './program.js';
import { unknownCommand } from '../help/suggest.js';
import type { Extension, Selection } from '../models/selection.js';
import { reportError } from './report.js';
import { serveExtension } from '../commands/serve.js';
import { completionExtension } from '../commands/completion.js';
import { configureExtension } from '../commands/configure.js';
import { serviceSettingsExtension } from '../commands/service-settings.js';
import { serviceOpsExtension } from '../commands/service-ops.js';
import { versionLine } from '../core/version.js';

/** Commands that are not operations, loaded with the program. */
export const EXTENSIONS: Extension[] = [serveExtension, configureExtension, completionExtension, serviceSettingsExtension, serviceOpsExtension];

function rawGlobals(selection: Selection | undefined, program: ReturnType<typeof buildProgram>): RawOptions {
  if (selection?.kind === 'operation') return selection.command.optsWithGlobals();
  return program.opts();
}

/**
 * argparse's abbreviations, which the AWS CLI allows: an option written as an unambiguous prefix of one
 * of the selected command's long options (or a global one) is that option (`--repo` is
 * `--repository-name`). A prefix of several is left as it is, an unknown option, as the AWS CLI 2.36
 * treats it.
 */
function expandAbbreviations(program: Command, argv: readonly string[]): string[] {
  let cmd = program;
  for (const word of argv) {
    if (word.startsWith('-')) continue;
    const sub = cmd.commands.find((c) => c.name() === word);
    if (!sub) break;
    cmd = sub;
  }
  const longs = [...new Set([...cmd.options, ...program.options].map((o) => o.long).filter((l): l is string => l !== undefined))];
  return argv.map((word) => {
    if (!word.startsWith('--') || word === '--') return word;
    const eq = word.indexOf('=');
    const name = eq < 0 ? word : word.slice(0, eq);
    if (longs.includes(name)) return word;
    const matches = longs.filter((l) => l.startsWith(name));
    return matches.length === 1 ? matches[0]! + (eq < 0 ? '' : word.slice(eq)) : word;
  });
}

/** The first word of argv that is not a global option or a global option's value: the command. */
function commandWord(argv: readonly string[]): string | undefined {
  const takesValue = new Set(GLOBAL_FLAGS.filter(([flags]) => flags.includes('<')).map(([flags]) => flags.split(/[ ,]/)[0]!));
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (!word.startsWith('-')) return word;
    if (takesValue.has(word)) i++;
  }
  return undefined;
}

export async function run(argv: string[], ctx: Context): Promise<number> {
  let selection: Selection | undefined;
  let globals: GlobalOptions | undefined;
  const program = buildProgram(ctx, (s) => (selection = s), EXTENSIONS);
  try {
    try {
      await program.parseAsync(expandAbbreviations(program, argv), { from: 'user' });
    } catch (err) {
      if (err instanceof CommanderError) {
        if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version') return 0;
        // `svcctl create-repositry --repository-name a/b`: the mistyped command is the error, not its options.
        const word = err.code === 'commander.unknownOption' ? commandWord(argv) : undefined;
        if (word !== undefined && !program.commands.some((c) => c.name() === word)) throw unknownCommand(program, word);
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
    globals = resolveGlobals(raw, { env: ctx.env, profileValue: (key) => profile.value(key) });
    if (!selection && program.args.length > 0) throw unknownCommand(program, program.args[0]!);
    if (!selection) throw new UsageError(`the following arguments are required: command`);
    if (selection.kind === 'custom') return await selection.run(globals);
    if (selection.unknown.length > 0) {
      // argparse finds a missing required option before it reports the words it did not know.
      const cliInput = globals.cliInputJson !== undefined || globals.cliInputYaml !== undefined;
      const missing = cliInput ? [] : missingRequired(selection.op, givenWords(selection.op, selection.command), undefined);
      throw missing.length > 0 ? requiredArgumentsError(missing) : new UnknownOptionsError(selection.unknown);
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

