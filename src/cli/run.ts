/** Runs the whole CLI in-process: argv in; exit code out, stdout and stderr written to the context's streams. */
import { CommanderError } from 'commander';
import { exitCodeOf, UsageError } from '../errors.js';
import type { Context } from './context.js';
import { executeOperation } from './execute.js';
import { resolveGlobals, type GlobalOptions, type RawOptions } from './globals.js';
import { buildProgram, unknownCommand, usageErrorFrom, type Extension, type Selection } from './program.js';
import { reportError } from './report.js';
import { USAGE } from './usage.js';
import { versionLine } from './version.js';

/** Commands that are not operations, loaded with the program. */
export const EXTENSIONS: Extension[] = [];

function rawGlobals(selection: Selection | undefined, program: ReturnType<typeof buildProgram>): RawOptions {
  if (selection?.kind === 'operation') return selection.command.optsWithGlobals();
  return program.opts();
}

export async function run(argv: string[], ctx: Context): Promise<number> {
  let selection: Selection | undefined;
  let globals: GlobalOptions | undefined;
  const program = buildProgram(ctx, (s) => (selection = s), EXTENSIONS);
  try {
    try {
      await program.parseAsync(argv, { from: 'user' });
    } catch (err) {
      if (err instanceof CommanderError) {
        if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version') return 0;
        throw usageErrorFrom(err);
      }
      throw err;
    }
    const raw = rawGlobals(selection, program);
    if (raw.version === true) {
      ctx.stdout.write(`${versionLine()}\n`);
      return 0;
    }
    globals = resolveGlobals(raw, { env: ctx.env, profileValue: () => undefined });
    if (!selection && program.args.length > 0) throw unknownCommand(program, program.args[0]!);
    if (!selection) throw new UsageError(`${USAGE}\nsvcctl: error: the following arguments are required: command`);
    if (selection.kind === 'custom') return await selection.run();
    if (selection.unknown.length > 0) throw new UsageError(`\n${USAGE}\nUnknown options: ${selection.unknown.join(', ')}`);
    return await executeOperation(selection, globals, ctx);
  } catch (err) {
    const opName = selection?.kind === 'operation' ? selection.op.name : undefined;
    await reportError(ctx, err, {
      errorFormat: globals?.errorFormat ?? 'enhanced',
      debug: globals?.debug ?? argv.includes('--debug'),
      operation: opName,
      render: async (format, doc) => (await import('../output/index.js')).renderDocument(format, 'Error', doc),
    });
    return exitCodeOf(err);
  }
}

