/**
 * Input assembly: the words given for each flag on the command line (or at a prompt), each parsed by its
 * member's shape (shorthand, JSON, file://), over the --cli-input-json/yaml document (flags win).
 */
import { flagsFor, type FlagSpec } from '../models/flags.js';
import { ParamError, UsageError } from '../core/errors.js';
import type { Operation } from '../models/operation.js';
import { loadParamFile, type FileContext } from './paramfile.js';
import { parseParamValue } from './params.js';
import { memberPath, valueProblem } from '../core/input-rules.js';

/** What was given for one member: the words after its flag, or a boolean for `--flag` / `--no-flag`. */
export type Given = string[] | boolean;

/** Given values by member name, in the order of the model's members. */
export type GivenWords = Map<string, Given>;

/**
 * The words given on the command line for each of the operation's members, from the options written
 * there by name (`Parsed.given`: `--scan-on-push` and `--no-scan-on-push` both hold the member's boolean).
 */
export function givenWords(op: Operation, fromCommandLine: Readonly<Record<string, unknown>>): GivenWords {
  const given: GivenWords = new Map();
  for (const spec of flagsFor(op)) {
    let value = fromCommandLine[spec.flag];
    if (
      value === undefined &&
      spec.shape.type === 'boolean' &&
      fromCommandLine[`--no-${spec.flag.slice(2)}`] !== undefined
    ) {
      value = false;
    }
    if (value === undefined) continue;
    // A list flag with no words after it (`true`: the parser's reading of an optional list) is the empty list.
    if (value === true && spec.shape.type === 'list') value = [];
    given.set(spec.member, typeof value === 'boolean' ? value : (Array.isArray(value) ? value : [value]).map(String));
  }
  return given;
}

/** One member's value from its words, as the command line reads them: file://, then shorthand/JSON/scalars. */
export function parseGiven(spec: FlagSpec, given: Given, files: FileContext): unknown {
  if (typeof given === 'boolean') return given;
  if (spec.shape.type === 'boolean') return true;
  const words = given.map((w) => loadParamFile(spec.flag, w, files));
  if (spec.shape.type === 'blob' || (spec.shape.type === 'string' && spec.shape.clientBase64))
    return words[words.length - 1];
  if (words.some((w) => typeof w !== 'string')) {
    throw new ParamError(spec.flag, 'fileb:// reads binary data, but this parameter takes text: use file:// instead');
  }
  const text = words as string[];
  const value = parseParamValue(
    spec.shape,
    spec.shape.type === 'list' ? text : text[text.length - 1]!,
    spec.flag,
    files,
  );
  // Text and depth (core/input-rules.ts): a `file://` text, a JSON "\ud800" escape, shorthand nested too deep.
  const problem = valueProblem(value);
  if (problem) throw new ParamError(spec.flag, `${memberPath(spec.member, problem.path)} ${problem.detail}`);
  return value;
}

/** The required flags that neither the command line nor a --cli-input document gives. */
export function missingRequired(
  op: Operation,
  given: GivenWords,
  doc: Record<string, unknown> | undefined,
): FlagSpec[] {
  if (doc !== undefined) return []; // with a document, validation reports what is missing
  return flagsFor(op).filter((spec) => spec.required && !given.has(spec.member));
}

export function requiredArgumentsError(missing: FlagSpec[]): UsageError {
  return new UsageError(`the following arguments are required: ${missing.map((s) => s.flag).join(', ')}`);
}

/** The parameters: the document's members, then every given flag over them. No client encodings yet. */
export function assembleParams(
  op: Operation,
  given: GivenWords,
  doc: Record<string, unknown> | undefined,
  files: FileContext,
): Record<string, unknown> {
  const params: Record<string, unknown> = { ...(doc ?? {}) };
  for (const spec of flagsFor(op)) {
    const value = given.get(spec.member);
    if (value !== undefined) params[spec.member] = parseGiven(spec, value, files);
  }
  return params;
}
