/**
 * The input stage of an operation command: the --cli-input document, the flags given, the prompt when
 * auto-prompting is on (its code loaded only then), and the client-side encodings. Touches no backend.
 */
import { canAsk, type ProcessContext } from '../core/context.js';
import type { GlobalOptions } from '../core/options.js';
import type { OperationSelection } from '../models/selection.js';
import { commandPath } from '../models/commands.js';
import { InputError } from '../core/errors.js';
import {
  assembleParams,
  givenWords,
  missingRequired,
  requiredArgumentsError,
  type GivenWords,
} from '../input/assemble.js';
import { cliInputDocument } from '../input/cliinput.js';
import { applyClientEncodings } from '../input/encodings.js';

export interface PrepareOptions {
  /** false for --generate-cli-skeleton input/yaml-input, which need no required member (as the AWS CLI). */
  requireFlags?: boolean;
  /** false when the command must not prompt (skeletons). */
  prompt?: boolean;
}

/** The --cli-input-* option as given, repeated in the prompt's summary of the command line. */
function cliInputArgs(globals: GlobalOptions): string[] {
  if (globals.cliInputJson !== undefined) return ['--cli-input-json', globals.cliInputJson];
  if (globals.cliInputYaml !== undefined) return ['--cli-input-yaml', globals.cliInputYaml];
  return [];
}

/**
 * Prompts when the mode asks for it: `on` for every parameter, `on-partial` for the required ones the
 * command line lacks (and not at all when it lacks none, or without a terminal: the usual errors apply).
 */
async function maybePrompt(
  sel: OperationSelection,
  globals: GlobalOptions,
  ctx: ProcessContext,
  given: GivenWords,
  doc: Record<string, unknown> | undefined,
): Promise<GivenWords> {
  const mode = globals.autoPrompt;
  if (mode === 'off') return given;
  const missing = missingRequired(sel.op, given, undefined).filter((s) => doc?.[s.member] === undefined);
  if (mode === 'on-partial' && (missing.length === 0 || !canAsk(ctx))) return given;
  if (!canAsk(ctx)) {
    throw new InputError(
      '--cli-auto-prompt needs a terminal: standard input and standard output must both be a terminal to prompt for parameters.',
    );
  }
  const { promptForParameters } = await import('../prompt/prompt.js');
  return promptForParameters({
    op: sel.op,
    path: commandPath(sel.node),
    given,
    only: mode === 'on-partial' ? missing.map((s) => s.member) : undefined,
    document: doc,
    extraArgs: cliInputArgs(globals),
    ctx,
    binaryFormat: globals.binaryFormat,
  });
}

/** The operation's parameters, ready for validation: document, flags (or prompted values), encodings. */
export async function prepareInput(
  sel: OperationSelection,
  globals: GlobalOptions,
  ctx: ProcessContext,
  opts: PrepareOptions = {},
): Promise<Record<string, unknown>> {
  const doc = await cliInputDocument(globals, ctx);
  let given = givenWords(sel.op, sel.parsed.given);
  if (opts.prompt !== false) given = await maybePrompt(sel, globals, ctx, given, doc);
  const missing = missingRequired(sel.op, given, doc);
  if (opts.requireFlags !== false && missing.length > 0) throw requiredArgumentsError(missing);
  return applyClientEncodings(sel.op.input, assembleParams(sel.op, given, doc, ctx), globals.binaryFormat);
}
