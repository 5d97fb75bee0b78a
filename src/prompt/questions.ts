/**
 * What the prompt asks for one parameter, and how an answer becomes the words of a flag, checked
 * against the model as the command line would be (parsing, then client validation and the model's own
 * constraints: lengths, patterns, enums, ranges).
 */
import type { Given } from '../input/assemble.js';
import { parseGiven } from '../input/assemble.js';
import { applyClientEncodings } from '../input/encodings.js';
import type { BinaryFormat } from '../core/options.js';
import type { FileContext } from '../input/paramfile.js';
import type { FlagSpec } from '../models/flags.js';
import { ParamError } from '../core/errors.js';
import type { Shape, StructureShape } from '../models/shapes.js';
import { checkConstraints, validateClient } from '../models/validate.js';
import { shellQuote, splitShellWords as shellWords, WordsError } from '../core/shell-words.js';
import { structuredWords } from './words.js';

/** The values offered as numbered choices: an enum's values, or true/false. */
export function choicesOf(shape: Shape): readonly string[] | undefined {
  if (shape.type === 'boolean') return ['true', 'false'];
  if (shape.type === 'string' && shape.enum) return shape.enum;
  return undefined;
}

/** A shorthand template from the model: `Key=string,Value=string`, `Ebs={VolumeSize=integer,...}`. */
export function shorthandTemplate(shape: Shape, depth = 0): string {
  switch (shape.type) {
    case 'structure':
      return Object.entries(shape.members)
        .map(
          ([name, member]) =>
            `${name}=${member.type === 'structure' ? `{${shorthandTemplate(member, depth + 1)}}` : shorthandTemplate(member, depth + 1)}`,
        )
        .join(',');
    case 'list':
      return shape.member.type === 'structure'
        ? `[{${shorthandTemplate(shape.member, depth + 1)}},...]`
        : `${shape.member.type},${shape.member.type}`;
    case 'map':
      return `KeyName1=${shape.value.type},KeyName2=${shape.value.type}`;
    default:
      return shape.type;
  }
}

/** How to answer, for lists and structures. */
export function answerHint(shape: Shape): string | undefined {
  if (shape.type === 'list' && shape.member.type !== 'structure')
    return `a list of ${shape.member.type}s: values separated by spaces`;
  if (shape.type === 'list')
    return `a list: one item per word, each shorthand (${shorthandTemplate(shape.member)}) or JSON`;
  if (shape.type === 'structure' || shape.type === 'map') return `shorthand (${shorthandTemplate(shape)}) or JSON`;
  return undefined;
}

/** An answer as the words of the flag (a boolean for true/false); numbered choices resolved. */
export function answerWords(spec: FlagSpec, answer: string): Given {
  const choices = choicesOf(spec.shape);
  const index = /^\d+$/.test(answer) ? Number(answer) - 1 : -1;
  const chosen = choices?.[index] ?? choices?.find((c) => c.toLowerCase() === answer.toLowerCase());
  if (spec.shape.type === 'boolean') {
    if (chosen === undefined) throw new WordsError(`expected one of: ${choices!.join(', ')} (or its number)`);
    return chosen === 'true';
  }
  if (chosen !== undefined) return [chosen];
  if (spec.shape.type !== 'list') return [answer];
  if (spec.shape.member.type === 'structure' || spec.shape.member.type === 'list' || spec.shape.member.type === 'map') {
    return answer.startsWith('[') ? [answer] : structuredWords(answer);
  }
  return shellWords(answer);
}

/**
 * Why the words are not a valid value for the member, or undefined when they are: as the command line would
 * take them, under the command's --cli-binary-format.
 */
export function problemWith(
  spec: FlagSpec,
  given: Given,
  files: FileContext,
  binaryFormat: BinaryFormat = 'base64',
): string | undefined {
  const shape: StructureShape = { type: 'structure', members: { [spec.member]: spec.shape } };
  let params: Record<string, unknown>;
  try {
    // A blob's text that is not base64 is refused by the encoding (input/encodings.ts), as on the command line.
    params = applyClientEncodings(shape, { [spec.member]: parseGiven(spec, given, files) }, binaryFormat);
  } catch (err) {
    if (err instanceof ParamError) return err.detail;
    throw err;
  }
  const problems = validateClient(shape, params);
  if (problems.length > 0) return problems.join('\n');
  const violations = checkConstraints(spec.shape, params[spec.member], [spec.member]);
  if (violations.length > 0) return violations.map((v) => `${v.path.join('.')}: ${v.constraint}`).join('\n');
  return undefined;
}

/** The words of a flag as they would be typed in a shell. */
export function flagWords(spec: FlagSpec, given: Given): string {
  if (typeof given === 'boolean') return given ? spec.flag : `--no-${spec.flag.slice(2)}`;
  return [spec.flag, ...given.map(shellQuote)].join(' ');
}
