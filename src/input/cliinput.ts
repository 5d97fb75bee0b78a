/**
 * --cli-input-json and --cli-input-yaml (awscli/customizations/cliinput.py): a document, inline or from
 * `file://`, whose members are the operation's input members. The caller lets flags win over it.
 */
import { pythonJsonError } from './python-json.js';
import type { GlobalOptions } from '../core/options.js';
import { InputError, ParamError } from '../core/errors.js';
import { PyFloat, parseJsonPython, pyFloat, pyInt, pyNumberText } from '../core/pynum.js';
import { fromEntriesOrdered } from '../core/keys.js';
import { pyStrRepr } from '../core/pytext.js';
import { isPlainObject } from '../models/validate.js';
import { loadParamFile, type FileContext } from './paramfile.js';
import {
  decodeArgBytes,
  echoText,
  jsonNestsDeeper,
  loneSurrogateAt,
  MAX_NESTING,
  memberPath,
  notTextDetail,
  valueProblem,
  yamlNestsDeeper,
} from '../core/input-rules.js';

/** Python's type() of a parsed document, as the AWS CLI names it. */
function pyType(doc: unknown, text: string): string {
  if (doc === null || doc === undefined) return "<class 'NoneType'>";
  if (typeof doc === 'string') return "<class 'str'>";
  if (typeof doc === 'boolean') return "<class 'bool'>";
  if (typeof doc === 'bigint') return "<class 'int'>";
  if (doc instanceof PyFloat) return "<class 'float'>";
  if (typeof doc === 'number') return /^\s*[-+]?\d+\s*$/.test(text) ? "<class 'int'>" : "<class 'float'>";
  if (Array.isArray(doc)) return "<class 'list'>";
  if (doc instanceof Date) return "<class 'datetime.datetime'>";
  if (doc instanceof Uint8Array) return "<class 'bytes'>";
  return "<class 'dict'>";
}

/** UTF-16 or UTF-32 code units, little- or big-endian, as text; undefined when they are not that (a lone surrogate, a length that is not whole). */
function decodeWide(bytes: Uint8Array, width: 2 | 4, littleEndian: boolean): string | undefined {
  if (bytes.length % width !== 0) return undefined;
  if (width === 2) {
    try {
      return new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      return undefined;
    }
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let out = '';
  for (let i = 0; i < bytes.length; i += 4) {
    const cp = view.getUint32(i, littleEndian);
    if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
    out += String.fromCodePoint(cp);
  }
  return out;
}

/** UTF-8 bytes as text, or the text rule's 252 naming the first byte that is not UTF-8. */
function utf8Text(bytes: Uint8Array, flag: string): string {
  const text = decodeArgBytes(bytes);
  if (loneSurrogateAt(text) >= 0) throw new ParamError(flag, `the file is ${notTextDetail(text)}`);
  return text;
}

/**
 * A `fileb://` document's bytes as text, the way the AWS CLI's parser takes bytes: JSON as Python's
 * json.loads (its detect_encoding: a UTF-32 or UTF-16 byte order mark, or the zero bytes of an ASCII start,
 * else UTF-8 with a UTF-8 byte order mark dropped), YAML as ruamel's reader (a UTF-16 byte order mark,
 * else UTF-8). A byte that is not UTF-8 is refused as an argument's is (core/input-rules.ts), never read
 * as U+FFFD.
 */
function documentText(bytes: Uint8Array, isJson: boolean, flag: string): string {
  const [a, b, c, d] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  let wide: [2 | 4, boolean, number] | undefined;
  if (isJson) {
    if (a === 0 && b === 0 && c === 0xfe && d === 0xff) wide = [4, false, 4];
    else if (a === 0xff && b === 0xfe && c === 0 && d === 0) wide = [4, true, 4];
    else if (a === 0xfe && b === 0xff) wide = [2, false, 2];
    else if (a === 0xff && b === 0xfe) wide = [2, true, 2];
    else if (a === 0xef && b === 0xbb && c === 0xbf) return utf8Text(bytes.subarray(3), flag);
    else if (bytes.length >= 4 && a === 0) wide = b ? [2, false, 0] : [4, false, 0];
    else if (bytes.length >= 4 && b === 0) wide = c || d ? [2, true, 0] : [4, true, 0];
    else if (bytes.length === 2 && a === 0) wide = [2, false, 0];
    else if (bytes.length === 2 && b === 0) wide = [2, true, 0];
  } else if (a === 0xff && b === 0xfe) wide = [2, true, 2];
  else if (a === 0xfe && b === 0xff) wide = [2, false, 2];
  if (wide === undefined) return utf8Text(bytes, flag);
  const [width, littleEndian, skip] = wide;
  const text = decodeWide(bytes.subarray(skip), width, littleEndian);
  if (text === undefined) {
    const codec = `utf-${width * 8}-${littleEndian ? 'le' : 'be'}`;
    throw new ParamError(flag, `the file is not ${codec} text`);
  }
  return text;
}

/**
 * JSON.parse's explanation on one line, without the copy of the input V8 adds to some, with the line and
 * column of its position when it has one (the same text on every node version).
 */
export function jsonErrorText(err: Error, text: string): string {
  const message = err.message
    .split('\n')[0]!
    .replace(/, ".*$/, '')
    .replace(/ \(line \d+ column \d+\)$/, '');
  const at = /at position (\d+)/.exec(message);
  if (!at) return message;
  const before = text.slice(0, Number(at[1]));
  const line = before.split('\n').length;
  return `${message} (line ${line} column ${before.length - before.lastIndexOf('\n')})`;
}

type Parsed = { doc: unknown } | { error: string };

const TOO_DEEP = `it nests deeper than ${MAX_NESTING} levels of lists and objects`;

function parseJson(text: string): Parsed {
  if (jsonNestsDeeper(text)) return { error: TOO_DEEP };
  try {
    return { doc: parseJsonPython(text) };
  } catch (err) {
    // Python's words, as for every JSON parameter (input/python-json.ts); NaN and Infinity are read as Python reads them.
    return { error: pythonJsonError(text) ?? jsonErrorText(err as Error, text) };
  }
}

/**
 * Numbers as the AWS CLI's loader reads them (ruamel.yaml's safe loader, YAML 1.2): its resolver's patterns,
 * which take `_` between digits (`1_000`), `0b` and signed `0x`/`0o`, and its constructor, which drops every
 * `_` before Python's int() or float(). A plain scalar resolves only when its first character is one that
 * resolver is keyed on (`_1` stays text). A scalar they cannot read (`-_`, `!!int x`) is refused in Python's
 * words (252), where the AWS CLI stops with Python's ValueError (255).
 */
const YAML_INT = /^(?=[-+0-9])(?:[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?[0-9_]+|[-+]?0x[0-9a-fA-F_]+)$/;
const YAML_FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
/**
 * The same resolver's patterns under `%YAML 1.1`: a leading 0 is octal (`010` is 8; `09` and `0o7` stay text),
 * and base 60 (`1:30` is 90, `1:30.5` is 90.5), as ruamel's constructor then reads them.
 */
const YAML_INT_11 =
  /^(?=[-+0-9])(?:[-+]?0b[0-1_]+|[-+]?0?[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const YAML_FLOAT_11 =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

function yamlInt(text: string, onError: (message: string) => void, v11 = false): bigint | string {
  let digits = text.replace(/_/g, '');
  const sign = digits.startsWith('-') ? -1n : 1n;
  if (/^[-+]/.test(digits)) digits = digits.slice(1);
  if (v11 && digits !== '0' && !/^0[box]/.test(digits)) {
    // YAML 1.1 (ruamel's construct_yaml_int): a leading 0 is base 8, ':' is base 60.
    if (digits.startsWith('0')) {
      if (!/^[0-7]+$/.test(digits)) {
        onError(`invalid literal for int() with base 8: '${digits}'`);
        return text;
      }
      return sign * BigInt(`0o${digits.slice(1) || '0'}`);
    }
    if (digits.includes(':')) {
      const parts = digits.split(':');
      const bad = parts.find((part) => !/^[0-9]+$/.test(part));
      if (bad !== undefined) {
        onError(`invalid literal for int() with base 10: '${bad}'`);
        return text;
      }
      return sign * parts.reduce((n, part) => n * 60n + BigInt(part), 0n);
    }
  }
  const [radix, body] = digits.startsWith('0b')
    ? [2, digits.slice(2)]
    : digits.startsWith('0x')
      ? [16, digits.slice(2)]
      : digits.startsWith('0o')
        ? [8, digits.slice(2)]
        : [10, digits];
  const valid = { 2: /^[01]+$/, 8: /^[0-7]+$/, 10: /^[0-9]+$/, 16: /^[0-9a-fA-F]+$/ }[radix]!;
  if (!valid.test(body)) {
    onError(`invalid literal for int() with base ${radix}: '${body}'`); // Python's int()
    return text;
  }
  const prefix = { 2: '0b', 8: '0o', 10: '', 16: '0x' }[radix]!;
  return sign * BigInt(prefix + body);
}

function yamlFloat(text: string, onError: (message: string) => void, v11 = false): number | string {
  const t = text.replace(/_/g, '').toLowerCase();
  const sign = t.startsWith('-') ? -1 : 1;
  const body = /^[-+]/.test(t) ? t.slice(1) : t;
  if (body === '.inf') return sign * Number.POSITIVE_INFINITY;
  if (body === '.nan') return Number.NaN;
  if (v11 && body.includes(':')) {
    // YAML 1.1's base 60 (ruamel's construct_yaml_float): each part a float.
    const parts = body.split(':');
    const bad = parts.find((part) => !/^(?:\d+\.?\d*|\.\d+)$/.test(part));
    if (bad !== undefined) {
      onError(`could not convert string to float: '${bad}'`);
      return text;
    }
    return sign * parts.reduce((n, part) => n * 60 + Number.parseFloat(part), 0);
  }
  if (!/^(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/.test(body)) {
    onError(`could not convert string to float: '${t}'`); // Python's float()
    return text;
  }
  return sign * Number.parseFloat(body);
}

type YamlTag = {
  tag: string;
  default?: boolean;
  test?: RegExp;
  resolve: (s: string, e: (m: string) => void) => unknown;
};

/**
 * An explicit `!!bool` as ruamel's constructor reads it, whatever the YAML version: its table of YAML 1.1's words
 * (`!!bool yes`, `!!bool Off`, `!!bool "y"`), any case. Another scalar is refused (252), where the AWS CLI stops
 * with the KeyError (255).
 */
const RUAMEL_BOOLS: Record<string, boolean> = {
  yes: true,
  no: false,
  y: true,
  n: false,
  true: true,
  false: false,
  on: true,
  off: false,
};

function yamlBool(text: string, onError: (message: string) => void): boolean | string {
  const value = Object.hasOwn(RUAMEL_BOOLS, text.toLowerCase()) ? RUAMEL_BOOLS[text.toLowerCase()] : undefined;
  if (value !== undefined) return value;
  onError(`!!bool ${echoText(text)} is not a boolean: yes, no, y, n, true, false, on or off (any case)`);
  return text;
}

function ruamelScalarTags(tags: YamlTag[]): YamlTag[] {
  // The engine hands a `%YAML 1.1` document its 1.1 schema, the only one with base-60 (format TIME) numbers.
  const v11 = tags.some((t) => (t as { format?: string }).format === 'TIME');
  const int = (s: string, e: (m: string) => void) => yamlInt(s, e, v11);
  const float = (s: string, e: (m: string) => void) => yamlFloat(s, e, v11);
  const keep = tags.filter((t) => t.tag !== 'tag:yaml.org,2002:int' && t.tag !== 'tag:yaml.org,2002:float');
  return [
    ...keep,
    { tag: 'tag:yaml.org,2002:float', default: true, test: v11 ? YAML_FLOAT_11 : YAML_FLOAT, resolve: float },
    { tag: 'tag:yaml.org,2002:int', default: true, test: v11 ? YAML_INT_11 : YAML_INT, resolve: int },
    // `!!int "1_0"`, `!!float "1_5"`: an explicit tag is constructed whatever the scalar looks like.
    { tag: 'tag:yaml.org,2002:float', resolve: float },
    { tag: 'tag:yaml.org,2002:int', resolve: int },
    // `!!bool yes`: explicit only; a plain `yes` stays text under YAML 1.2, as for the AWS CLI.
    { tag: 'tag:yaml.org,2002:bool', resolve: yamlBool },
    // `!!null x`: ruamel's constructor makes None of any scalar so tagged.
    { tag: 'tag:yaml.org,2002:null', resolve: () => null },
  ];
}

/**
 * How many values an anchor and its aliases may stand for (the engine's maxAliasCount: an alias inside an anchored
 * value counts what it stands for each time), so that `&a [*b, *b, …]` chains cannot expand past memory (compat 414).
 */
const MAX_YAML_ALIAS_VALUES = 100;

/**
 * NEL (U+0085), LS (U+2028) and PS (U+2029) written as such: YAML 1.1 reads them as line breaks, YAML 1.2 as
 * text, and the AWS CLI 2.9.19's scanner (ruamel's, pure Python) as half of each: a break between tokens, in a
 * comment and in a scalar (NEL folded to a space), but never a new line for indentation, so that
 * `key: a<NEL>` is a, `key:<LS>  a` is a, and `key: a #c<PS>other: b` is refused. Read as the engine's
 * YAML 1.2, a comment would take in the rest of the line (other: b dropped) and a value would keep the
 * character. Neither reading is the AWS CLI's: the document is refused naming where (docs/compat.md #436).
 * A double-quoted scalar's escapes (\N, \L, \P, \u2028) give the characters.
 */
function yamlAmbiguousBreak(text: string): string | undefined {
  const at = text.search(/[\u0085\u2028\u2029]/);
  if (at < 0) return undefined;
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  const code = text.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0');
  return (
    `found character U+${code} at line ${line}, column ${column}: YAML 1.1 reads it as a line break and YAML 1.2 as ` +
    `text; write a line break, or "\\u${code.toLowerCase()}" in a double-quoted scalar for the character`
  );
}

/**
 * The text with each line that goes on a flow collection (`[`, `{`) or a quoted scalar begun on an earlier line
 * indented one column past the line it began on, when it is less: the AWS CLI's scanner (ruamel's, PyYAML's)
 * reads such lines at any indentation, and the added spaces change no value (a flow collection ignores them,
 * a quoted scalar's line drops its leading ones). A line that is a document marker (`---`, `...`) stays.
 */
function indentFlowLines(text: string): string {
  let depth = 0;
  let quote: string | undefined;
  let need = 0;
  return text
    .split('\n')
    .map((line) => {
      let out = line;
      if (depth > 0 || quote !== undefined) {
        const indent = /^ */.exec(line)![0].length;
        if (indent < need && line.trim() !== '' && !/^(?:---|\.\.\.)(?:[ \t\r]|$)/.test(line))
          out = ' '.repeat(need - indent) + line;
      } else need = /^ */.exec(line)![0].length + 1;
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (quote === '"') {
          if (c === '\\') i++;
          else if (c === '"') quote = undefined;
          continue;
        }
        if (quote === "'") {
          if (c === "'" && line[i + 1] === "'") i++;
          else if (c === "'") quote = undefined;
          continue;
        }
        const prev = i === 0 ? ' ' : line[i - 1]!;
        const atStart = /[\s,[{]/.test(prev) || (depth > 0 && prev === ':');
        if (c === '#' && /\s/.test(prev)) break;
        if ((c === '[' || c === '{') && (depth > 0 || atStart)) depth++;
        else if ((c === ']' || c === '}') && depth > 0) depth--;
        else if ((c === '"' || c === "'") && atStart) quote = c;
      }
      return out;
    })
    .join('\n');
}

async function parseYaml(source: string): Promise<Parsed> {
  let text = source;
  // The YAML engine recurses: a text that might nest too deep never reaches it (core/input-rules.ts).
  if (yamlNestsDeeper(text)) return { error: TOO_DEEP };
  const ambiguous = yamlAmbiguousBreak(text);
  if (ambiguous) return { error: ambiguous };
  // yaml is CommonJS under node: its exports are on `default` (the bundle gives nothing else).
  const { parseAllDocuments, visit, isScalar, Parser, Lexer, CST } = (await import('yaml')).default;
  // resolveKnownTags off: YAML 1.1's !!binary, !!timestamp, !!set... are unknown tags here too (docs/compat.md #25).
  const options: Parameters<typeof parseAllDocuments>[1] = {
    // `<<: *anchor` merges a mapping, as the AWS CLI's ruamel safe loader does (YAML 1.1's merge key); a key
    // twice is refused, `<<` too (the engine makes each `<<` a symbol of its own, which its own check tells apart).
    merge: true,
    uniqueKeys: (a, b) =>
      a === b ||
      (isScalar(a) &&
        isScalar(b) &&
        (a.value === b.value ||
          samePyNumber(a.value, b.value) ||
          (typeof a.value === 'symbol' && typeof b.value === 'symbol' && a.value.description === b.value.description))),
    logLevel: 'silent',
    resolveKnownTags: false,
    intAsBigInt: true,
    customTags: (tags) => ruamelScalarTags(tags as YamlTag[]) as typeof tags,
  };
  let docs = parseAllDocuments(text, options);
  // The AWS CLI's scanner reads a flow collection's or a quoted scalar's later lines at any indentation
  // (`names: [a,⏎b]`, `key: "a⏎b"`), where YAML 1.2 wants them indented past their block: a document the
  // engine refuses is read again with those lines indented so, and taken if it then reads cleanly.
  if (docs.length === 1 && docs[0]!.errors.length > 0) {
    const indented = indentFlowLines(text);
    const again = indented === text ? undefined : parseAllDocuments(indented, options);
    if (again && again.length === 1 && again[0]!.errors.length === 0) {
      docs = again;
      text = indented;
    }
  }
  if (docs.length === 0) return { doc: null }; // an empty stream: the AWS CLI's None
  if (docs.length > 1) return { error: 'expected a single document in the stream, but found another document' };
  const twice = text.includes('%') ? directiveTwice(text, new Parser().parse(text)) : undefined;
  if (twice) return { error: twice };
  // As the AWS CLI's safe loader does, refuse what it cannot construct (unknown tags...), not just syntax errors;
  // a directive other than %YAML and %TAG is ignored, as its scanner ignores one (YAML 1.2, 6.8).
  const problem =
    docs[0]!.errors[0] ??
    docs[0]!.warnings.find((w) => !(w.code === 'BAD_DIRECTIVE' && /^Unknown directive /.test(w.message)));
  // The engine's first line ends with `:` before its picture of the input, which is not shown: the colon goes too.
  if (problem)
    return {
      error: /call stack/i.test(problem.message) ? TOO_DEEP : problem.message.split('\n')[0]!.replace(/:\s*$/, ''),
    };
  const tab = tabBetweenTokens(text, new Lexer(), CST.tokenType);
  if (tab) return { error: tab };
  // Python's numbers, as the AWS CLI's loader makes them: ints exact, `2.0` a float (an integer member refuses it).
  visit(docs[0]!, {
    Scalar(_key, node) {
      if (typeof node.value === 'bigint') node.value = pyInt(node.value);
      else if (typeof node.value === 'number') node.value = pyFloat(node.value);
    },
  });
  try {
    // Mappings as Maps, which keep their order, then objects that keep it too (core/keys.ts).
    return { doc: fromYamlMaps(docs[0]!.toJS({ maxAliasCount: MAX_YAML_ALIAS_VALUES, mapAsMap: true }) as unknown) };
  } catch (err) {
    // Too many aliases: the engine's words, then what its bound (maxAliasCount) measures.
    const message = (err as Error).message.split('\n')[0]!;
    return {
      error: /^Excessive alias count/.test(message)
        ? `${message}: an anchor (&name) and its aliases (*name) stand for more than ${MAX_YAML_ALIAS_VALUES} values, the most svcctl expands`
        : message,
    };
  }
}

/**
 * A tab where the AWS CLI's YAML scanner (ruamel's, PyYAML's rules) takes only spaces: between tokens (after
 * `key:`, after `- `, before a comment, at a line's end, in a flow collection) and inside a plain scalar
 * (`a<TAB>b`), after a directive's name and in a %YAML or %TAG directive. It refuses them all ("found character '\t' that cannot start any token", 252); the engine takes
 * them as YAML 1.2 does. A tab in a quoted or block scalar, or in a comment, is text and stays.
 */
function tabBetweenTokens(
  text: string,
  lexer: { lex(source: string): Iterable<string> },
  tokenType: (source: string) => string | null | undefined,
): string | undefined {
  if (!text.includes('\t')) return undefined;
  let offset = 0;
  let afterScalarMark = false;
  for (const token of lexer.lex(text)) {
    const type = tokenType(token);
    // The lexer's marks (a document's start, a scalar's, a flow error's end) are no text of the source.
    if (type === 'doc-mode' || type === 'scalar' || type === 'flow-error-end') {
      afterScalarMark = type === 'scalar';
      continue;
    }
    // After a scalar's mark, a plain scalar has no type; a block scalar's lines are a 'space' token, and text.
    // A directive's name ends at a space alone, and a %YAML or %TAG directive's words are parted by spaces alone
    // (the rest of another directive's line is ignored).
    const checked = afterScalarMark
      ? type === null || type === undefined
      : type === 'space' || (type === 'directive-line' && /^%(?:[\w-]*\t|(?:YAML|TAG) )/.test(token));
    afterScalarMark = false;
    const at = checked ? token.indexOf('\t') : -1;
    if (at >= 0) {
      const before = text.slice(0, offset + at);
      const column = before.length - before.lastIndexOf('\n');
      return `found character '\\t' that cannot start any token at line ${before.split('\n').length}, column ${column}`;
    }
    offset += token.length;
  }
  return undefined;
}

/**
 * Two keys Python holds as one (ruamel's loader then refuses the second as a key given twice): 1, 1.0 and
 * true, or 0, 0.0 and false, are equal in Python and hash alike.
 */
function samePyNumber(a: unknown, b: unknown): boolean {
  const num = (v: unknown): bigint | number | undefined => {
    if (typeof v === 'boolean') return v ? 1n : 0n;
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v) : v;
    return undefined;
  };
  const x = num(a);
  const y = num(b);
  return x !== undefined && y !== undefined && typeof x === typeof y && x === y;
}

/**
 * A %YAML directive given twice, or a %TAG handle given twice, before the one document: ruamel's parser refuses
 * both ("found duplicate YAML directive", "duplicate tag handle"), where the engine takes the last.
 */
function directiveTwice(
  text: string,
  tokens: Iterable<{ type: string; offset: number; source?: string }>,
): string | undefined {
  let version = false;
  const handles = new Set<string>();
  for (const token of tokens) {
    if (token.type !== 'directive' || token.source === undefined) continue;
    const [name, handle] = token.source.trim().split(/[ \t]+/);
    const before = text.slice(0, token.offset);
    const at = `at line ${before.split('\n').length}, column ${before.length - before.lastIndexOf('\n')}`;
    if (name === '%YAML') {
      if (version) return `found duplicate YAML directive ${at}`;
      version = true;
    } else if (name === '%TAG' && handle !== undefined) {
      if (handles.has(handle)) return `duplicate tag handle '${handle}' ${at}`;
      handles.add(handle);
    }
  }
  return undefined;
}

/**
 * A YAML key as the AWS CLI names it: Python's str() of what ruamel's loader makes of it (`~` is None, `true`
 * True, `[a, 1]` the tuple ('a', 1)). A mapping, or a sequence holding one or a sequence, cannot be a key
 * (Python cannot hash it): refused as ruamel's loader and the AWS CLI refuse it.
 */
function keyText(k: unknown): string {
  if (Array.isArray(k)) {
    const items = k.map((x) => {
      if (typeof x === 'string') return pyStrRepr(x);
      if (x !== null && typeof x === 'object' && !(x instanceof PyFloat)) throw new Error(UNHASHABLE);
      return keyText(x);
    });
    return `(${items.join(', ')}${items.length === 1 ? ',' : ''})`;
  }
  if (typeof k === 'string') return k;
  if (k instanceof PyFloat || typeof k === 'bigint' || typeof k === 'number') return pyNumberText(k);
  if (k === null || k === undefined) return 'None';
  if (typeof k === 'boolean') return k ? 'True' : 'False';
  if (typeof k === 'object') throw new Error(UNHASHABLE);
  return String(k);
}

const UNHASHABLE = 'found unhashable key: a mapping key cannot be a mapping, or a sequence holding one or a sequence';

/** toJS's Maps (mapAsMap) as objects whose keys keep the document's order; depth is bounded by yamlNestsDeeper. */
function fromYamlMaps(v: unknown): unknown {
  if (v instanceof Map) return fromEntriesOrdered([...v].map(([k, x]) => [keyText(k), fromYamlMaps(x)]));
  if (Array.isArray(v)) return v.map(fromYamlMaps);
  return v;
}

/**
 * The document given with --cli-input-json or --cli-input-yaml, or undefined when neither was given.
 * Bad JSON/YAML and documents that are not mappings are ParamErrors (252), worded as the AWS CLI words
 * them; the parser's own explanation follows on a second line.
 */
export async function cliInputDocument(
  globals: Pick<GlobalOptions, 'cliInputJson' | 'cliInputYaml'>,
  files: FileContext,
): Promise<Record<string, unknown> | undefined> {
  if (globals.cliInputJson !== undefined && globals.cliInputYaml !== undefined) {
    throw new InputError('Only one --cli-input- parameter may be specified.');
  }
  const isJson = globals.cliInputJson !== undefined;
  const raw = isJson ? globals.cliInputJson : globals.cliInputYaml;
  if (raw === undefined) return undefined;
  const flag = isJson ? '--cli-input-json' : '--cli-input-yaml';
  const loaded = loadParamFile(flag, raw, files);
  const text = typeof loaded === 'string' ? loaded : documentText(loaded, isJson, flag);
  const parsed = isJson ? parseJson(text) : await parseYaml(text);
  if ('error' in parsed) throw new ParamError(flag, `Invalid ${isJson ? 'JSON' : 'YAML'} received.\n${parsed.error}`);
  if (!isPlainObject(parsed.doc))
    throw new ParamError(flag, `Invalid type: expecting map, received ${pyType(parsed.doc, text)}`);
  // Text and depth (core/input-rules.ts), named by the member that breaks them.
  const problem = valueProblem(parsed.doc, MAX_NESTING, -1);
  if (problem) {
    const [top, ...rest] = problem.path;
    throw new ParamError(flag, `${memberPath(String(top ?? ''), rest)} ${problem.detail}`);
  }
  return parsed.doc;
}
