/**
 * The options that are not operation members (global, input/skeleton, pagination), documented from the
 * declarations in cli/globals.ts plus their types and choices.
 */
import { OPERATION_FLAGS, PAGINATION_FLAGS } from '../core/options.js';
import { GLOBAL_FLAGS } from '../models/config-keys.js';
import { BINARY_FORMATS, COLOR_MODES, ERROR_FORMATS, OUTPUT_FORMATS, SKELETON_TYPES } from '../core/options.js';
import { wrap } from './text.js';

/** Choices of the options that take one of a fixed set of values (also used by completion). */
export const OPTION_CHOICES: Record<string, readonly string[]> = {
  '--output': OUTPUT_FORMATS,
  '--color': COLOR_MODES,
  '--cli-error-format': ERROR_FORMATS,
  '--cli-binary-format': BINARY_FORMATS,
  '--generate-cli-skeleton': SKELETON_TYPES,
};

const INTEGER_OPTIONS = new Set(['--cli-read-timeout', '--cli-connect-timeout', '--page-size', '--max-items']);

export interface OptionDoc {
  /** `--output` */
  flag: string;
  /** `string`, `int`, `boolean` */
  type: string;
  /** Takes a value (`--output json`) rather than being a switch (`--debug`). */
  takesValue: boolean;
  doc: string;
  choices?: readonly string[];
}

function fromDeclaration([flags, doc]: readonly [string, string]): OptionDoc {
  const flag = flags.split(' ')[0]!;
  const takesValue = flags.includes('<') || flags.includes('[');
  const type = !takesValue ? 'boolean' : INTEGER_OPTIONS.has(flag) ? 'int' : 'string';
  const choices = OPTION_CHOICES[flag];
  return { flag, type, takesValue, doc, ...(choices ? { choices } : {}) };
}

export const GLOBAL_OPTIONS: readonly OptionDoc[] = [
  { flag: '--version', type: 'boolean', takesValue: false, doc: 'Display the version of this tool.' },
  ...GLOBAL_FLAGS.map(fromDeclaration),
  {
    flag: '--help',
    type: 'boolean',
    takesValue: false,
    doc: 'Show help for the command (the same as the word help after it).',
  },
];
export const INPUT_OPTIONS: readonly OptionDoc[] = OPERATION_FLAGS.map(fromDeclaration);
export const PAGINATION_OPTIONS: readonly OptionDoc[] = PAGINATION_FLAGS.map(fromDeclaration);

/** `[--output <value>]` for a synopsis. */
export function synopsisWord(o: OptionDoc): string {
  if (o.flag === '--generate-cli-skeleton') return '[--generate-cli-skeleton <value>]';
  return o.takesValue ? `[${o.flag} <value>]` : `[${o.flag}]`;
}

/** `--output (string)`, its documentation and its choices. */
export function optionLines(o: OptionDoc, indent: number): string[] {
  const lines = [`${' '.repeat(indent)}${o.flag} (${o.type})`, ...wrap(o.doc, indent + 3)];
  if (o.choices) lines.push(...wrap(`Possible values: ${o.choices.join(', ')}.`, indent + 3));
  return lines;
}

export function globalOptionsSection(indent: number): string[] {
  const lines: string[] = [];
  for (const o of GLOBAL_OPTIONS) lines.push(...optionLines(o, indent), '');
  return lines.slice(0, -1);
}
