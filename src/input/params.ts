/**
 * Turns the words typed after `--flag` into the value of a model member, as the AWS CLI v2 does in
 * awscli/argprocess.py (ParamShorthandParser, then unpack_cli_arg) and awscli/shorthand.py
 * (BackCompatVisitor). A whole value's `file://` and `fileb://` are resolved before this runs; those after
 * a shorthand `key@=` are read here, by the same reader (paramfile.ts), relative to `files`.
 *
 * - Scalars: strings, timestamps and blobs as typed; integers as Python's int() reads them;
 *   booleans: "false" in any case and "" are false, any other word is true.
 * - Lists (one element per word): a single word starting with "[" is JSON. Scalar members: each
 *   word is one element, never split on commas. Complex members: JSON objects when the first word
 *   starts with "{" (or "["), otherwise one shorthand value per word.
 * - Structures and maps: JSON when the value starts with "{" ("[" is an error), otherwise
 *   shorthand; a structure whose only member is the string `Value` also takes a bare word.
 * Shorthand leaves are then converted by the model: integers parsed, "true"/"false" made
 * booleans (other words left for validation), a single value for a list member wrapped in a list.
 * Keys the model does not know pass through unchanged: validation reports them.
 */
import { parseJsonPython, type PyFloat, pyFloatOf, pyIntOf } from '../core/pynum.js';
import { jsonNestsDeeper, MAX_NESTING } from '../core/input-rules.js';
import { pyLstrip, pyStrRepr } from '../core/pytext.js';
import { pythonJsonError } from './python-json.js';
import { ParamError } from '../core/errors.js';
import { mapEntries } from '../core/keys.js';
import type { ListShape, MapShape, ScalarShape, Shape, StructureShape } from '../models/shapes.js';
import { holdsSecret, textMayHoldSecret } from '../models/secrets.js';
import { isScalar } from '../models/shapes.js';
import { type FileContext, loadParamFile } from './paramfile.js';
import { parseShorthand, ShorthandParseError } from './shorthand.js';

export function parseParamValue(shape: Shape, raw: string | string[], flag: string, files: FileContext): unknown {
  if (!holdsSecret(shape)) return parseValue(shape, raw, flag, files);
  try {
    return parseValue(shape, raw, flag, files);
  } catch (err) {
    const text = typeof raw === 'string' ? raw : raw.join(' ');
    throw err instanceof ParamError && textMayHoldSecret(shape, text) ? withoutInput(err) : err;
  }
}

/**
 * The error of a value that may hold a secret member (an identity with id numbers): the AWS CLI's first line
 * without the input it quotes (`JSON received: …`, `for input:` and the caret line), which would show the
 * secret (models/secrets.ts).
 */
function withoutInput(err: ParamError): ParamError {
  const first = err.detail
    .split('\n')[0]!
    .replace(/ for input:$/, '')
    .replace(/:$/, '');
  return new ParamError(err.param, `${first} (the value is not shown: it may hold a secret member)`);
}

function parseValue(shape: Shape, raw: string | string[], flag: string, files: FileContext): unknown {
  if (shape.type === 'list') return parseList(shape, typeof raw === 'string' ? [raw] : raw, flag, files);
  const word = oneWord(raw, flag);
  if (shape.type === 'structure' || shape.type === 'map') return parseObject(shape, word, flag, files);
  return parseScalar(shape, word, flag);
}

/** A non-list option given several times keeps its last value, as argparse does. */
function oneWord(raw: string | string[], flag: string): string {
  if (typeof raw === 'string') return raw;
  const last = raw[raw.length - 1];
  if (last === undefined) throw new ParamError(flag, 'expected one argument');
  return last;
}

function parseScalar(shape: ScalarShape, word: string, flag: string): unknown {
  if (shape.type === 'integer') return toInteger(word, flag);
  if (shape.type === 'double') return toDouble(word, flag);
  if (shape.type === 'boolean') return word.toLowerCase() === 'false' ? false : word !== '';
  return word;
}

function parseList(shape: ListShape, words: string[], flag: string, files: FileContext): unknown {
  const first = words[0];
  if (first === undefined) return [];
  if (words.length === 1 && pyLstrip(first).startsWith('[')) return parseJson(first, flag);
  const member = shape.member;
  if (isScalar(member)) {
    try {
      return words.map((word) => parseScalar(member, word, flag));
    } catch {
      // argprocess reports the list's first word, whichever word was wrong.
      throw new ParamError(flag, first);
    }
  }
  if (looksLikeJson(first)) return words.map((word) => parseJsonMember(member, word, flag, files));
  return coerceShorthand(
    shape,
    words.map((word) => parseShorthandWord(word, flag, files)),
    flag,
  );
}

function parseObject(shape: StructureShape | MapShape, word: string, flag: string, files: FileContext): unknown {
  if (looksLikeJson(word)) return parseJsonObject(word, flag);
  if (isValueWrapper(shape) && !word.includes('=')) return { Value: word };
  return coerceShorthand(shape, parseShorthandWord(word, flag, files), flag);
}

/** `{"Value": "x"}` structures (e.g. `--instance-terminate-behavior shutdown`) take a bare word. */
function isValueWrapper(shape: StructureShape | MapShape): boolean {
  if (shape.type !== 'structure') return false;
  const names = Object.keys(shape.members);
  return names.length === 1 && names[0] === 'Value' && shape.members.Value?.type === 'string';
}

/** A value starting with "[" or "{" is never shorthand. */
function looksLikeJson(word: string): boolean {
  const text = pyLstrip(word);
  return text.startsWith('[') || text.startsWith('{');
}

/** One word of a list given as JSON (`--filters '{"Name": ...}' '{"Name": ...}'`). */
function parseJsonMember(member: Shape, word: string, flag: string, files: FileContext): unknown {
  if (member.type === 'list') return parseList(member, [word], flag, files);
  return parseJsonObject(word, flag);
}

function parseJsonObject(word: string, flag: string): unknown {
  if (pyLstrip(word).startsWith('{')) return parseJson(word, flag);
  throw new ParamError(flag, `Invalid JSON:\n${word}`);
}

function parseJson(text: string, flag: string): unknown {
  // Measured before any parser recurses over it (core/input-rules.ts).
  if (jsonNestsDeeper(text))
    throw new ParamError(flag, `Invalid JSON: it nests deeper than ${MAX_NESTING} levels of lists and objects`);
  try {
    return parseJsonPython(text);
  } catch (err) {
    throw new ParamError(
      flag,
      `Invalid JSON: ${pythonJsonError(text) ?? (err as Error).message}\nJSON received: ${text}`,
    );
  }
}

/**
 * One shorthand word. A file named after `@=` that cannot be read is a ParamError naming this flag (252),
 * as a whole value's file:// is; the AWS CLI lets that one escape (exit 255, docs/compat.md).
 */
function parseShorthandWord(word: string, flag: string, files: FileContext): Record<string, unknown> {
  try {
    return parseShorthand(word, { loadFile: (value) => loadParamFile(flag, value, files) });
  } catch (err) {
    if (err instanceof ShorthandParseError) throw new ParamError(flag, err.message);
    throw err;
  }
}

/**
 * The AWS CLI's BackCompatVisitor: walks the model alongside a shorthand value. A non-list value
 * for a list member becomes a one-element list as it is (its element is not converted further).
 */
export function coerceShorthand(shape: Shape, value: unknown, flag: string): unknown {
  switch (shape.type) {
    case 'structure':
      return mapObject(value, (item, key) =>
        Object.hasOwn(shape.members, key) ? coerceShorthand(shape.members[key]!, item, flag) : item,
      );
    case 'map':
      return mapObject(value, (item) => coerceShorthand(shape.value, item, flag));
    case 'list':
      return Array.isArray(value) ? value.map((item) => coerceShorthand(shape.member, item, flag)) : [value];
    default:
      return coerceScalar(shape, value, flag);
  }
}

function mapObject(value: unknown, fn: (item: unknown, key: string) => unknown): unknown {
  // Bytes (`@=fileb://`) where an object belongs are left for validation to report, as a list or string is.
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array) return value;
  return mapEntries(value, fn);
}

/** Lists and objects where a scalar belongs are left for validation to report. */
function coerceScalar(shape: ScalarShape, value: unknown, flag: string): unknown {
  if (typeof value !== 'string') return value;
  if (shape.type === 'integer') return toInteger(value, flag);
  if (shape.type === 'double') return toDouble(value, flag);
  if (shape.type === 'boolean') {
    const lower = value.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  return value;
}

/** An int of any size: exact beyond 2^53 (a bigint), as Python's int is. */
/** Python's float(): a decimal or `inf`/`nan` word, spaces around it allowed; always a float. */
function toDouble(text: string, flag: string): number | PyFloat {
  const n = pyFloatOf(text); // core/pynum.ts: Python's float()
  if (n !== undefined) return n;
  throw new ParamError(flag, `could not convert string to float: ${pyStrRepr(text, 200)}`);
}

function toInteger(text: string, flag: string): number | bigint {
  const n = pyIntOf(text); // core/pynum.ts: Python's int()
  if (n !== undefined) return n;
  throw new ParamError(flag, `invalid literal for int() with base 10: ${pyStrRepr(text, 200)}`);
}
