/**
 * --cli-auto-prompt: asks for the command's parameters on the terminal, required ones first, enum values
 * (and true/false) as numbered choices, each answer checked against the model as it is entered (a bad
 * one is asked again); then prints the command line that will run. Loaded only when prompting.
 */
import type { ProcessContext } from '../core/context.js';
import { flagsFor, type FlagSpec } from '../models/flags.js';
import type { Given, GivenWords } from '../input/assemble.js';
import type { Operation } from '../models/operation.js';
import type { BinaryFormat } from '../core/options.js';
import { answerHint, answerWords, choicesOf, flagWords, problemWith } from './questions.js';
import { openTerminal, type Terminal } from './terminal.js';
import { shellQuote, WordsError } from '../core/shell-words.js';

export interface PromptRequest {
  op: Operation;
  /** The command's words after `svcctl`. */
  path: string[];
  /** What the command line gave; kept unless an answer replaces it. */
  given: GivenWords;
  /** Ask only for these members (on-partial); every parameter otherwise. */
  only?: string[];
  /** The --cli-input document, whose members count as given. */
  document?: Record<string, unknown>;
  /** Arguments repeated as they are in the summary (the --cli-input option). */
  extraArgs: string[];
  ctx: ProcessContext;
  /** --cli-binary-format: an answer is checked as the command line would take it. */
  binaryFormat?: BinaryFormat;
}

/** The parameters to ask for: required first, then the others, each group in the model's order. */
function questions(req: PromptRequest): FlagSpec[] {
  const specs = flagsFor(req.op).filter((s) => !s.hidden && (req.only === undefined || req.only.includes(s.member)));
  return [...specs.filter((s) => s.required), ...specs.filter((s) => !s.required)];
}

function typeName(shape: FlagSpec['shape']): string {
  return shape.type === 'list' ? `list of ${shape.member.type}s` : shape.type;
}

function describe(spec: FlagSpec): string {
  const lines = [
    `${spec.flag} (${typeName(spec.shape)}${spec.required ? ', required' : ''})${spec.shape.doc ? `: ${spec.shape.doc}` : ''}`,
  ];
  const choices = choicesOf(spec.shape);
  if (choices) lines.push(`  choices: ${choices.map((c, i) => `${i + 1}) ${c}`).join('  ')}`);
  const hint = answerHint(spec.shape);
  if (hint) lines.push(`  answer with ${hint}`);
  return `${lines.join('\n')}\n`;
}

function currentText(given: Given | undefined, fromDocument: boolean): string {
  if (typeof given === 'boolean') return ` [${given}]`;
  if (given !== undefined) return ` [${given.map(shellQuote).join(' ')}]`;
  return fromDocument ? ' [as in the --cli-input document]' : '';
}

/** Asks until the answer is valid; undefined keeps what was there (or skips an optional parameter). */
async function ask(
  term: Terminal,
  spec: FlagSpec,
  req: PromptRequest,
  current: Given | undefined,
): Promise<Given | undefined> {
  const inDocument = req.document?.[spec.member] !== undefined;
  term.write(describe(spec));
  for (;;) {
    const answer = (await term.ask(`${spec.flag.slice(2)}${currentText(current, inDocument)}> `)).trim();
    if (answer === '') {
      if (current !== undefined || inDocument || !spec.required) return undefined;
      term.write('  a value is required\n');
      continue;
    }
    let words: Given;
    try {
      words = answerWords(spec, answer);
    } catch (err) {
      if (!(err instanceof WordsError)) throw err;
      term.write(`  invalid value: ${err.message}\n`);
      continue;
    }
    const problem = problemWith(spec, words, req.ctx, req.binaryFormat);
    if (problem === undefined) return words;
    term.write(`  invalid value: ${problem.replaceAll('\n', '\n  ')}\n`);
  }
}

/** The command line that will run, as it would be typed. */
export function summary(req: PromptRequest, given: GivenWords): string {
  const words = ['svcctl', ...req.path];
  for (const spec of flagsFor(req.op)) {
    const value = given.get(spec.member);
    if (value !== undefined) words.push(flagWords(spec, value));
  }
  if (req.extraArgs.length > 0) words.push(req.extraArgs[0]!, ...req.extraArgs.slice(1).map(shellQuote));
  return words.join(' ');
}

export async function promptForParameters(req: PromptRequest): Promise<GivenWords> {
  const term = openTerminal(req.ctx);
  try {
    const specs = questions(req);
    term.write(
      `svcctl ${req.path.join(' ')}: ${req.only ? 'the required parameters the command line lacks' : 'its parameters, required first'}` +
        ' (Enter keeps the value in [brackets] or skips an optional one; Ctrl-C cancels).\n',
    );
    const given: GivenWords = new Map(req.given);
    for (const spec of specs) {
      const answer = await ask(term, spec, req, given.get(spec.member));
      if (answer !== undefined) given.set(spec.member, answer);
    }
    term.write(`\nRunning: ${summary(req, given)}\n\n`);
    return given;
  } finally {
    term.close();
  }
}
