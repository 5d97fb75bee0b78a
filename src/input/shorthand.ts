/**
 * The AWS CLI's shorthand syntax (`--foo Key=a,Values=b,c,Ebs={VolumeSize=10}`), parsed purely
 * syntactically as awscli/shorthand.py's ShorthandParser does: every leaf is a string, lists and
 * structures come from the punctuation alone. Model-driven conversion lives in params.ts.
 *
 * Grammar (whitespace = space, \t, \n, \r, \v, \f between tokens):
 *   parameter     = keyval *("," keyval)            ; a repeated top-level key is an error
 *   keyval        = key ["@"] "=" [values]          ; "@=": file:// and fileb:// values are read (below)
 *   key           = *(ALPHA / DIGIT / "-" / "_" / "." / "#" / "/" / ":")   ; may be empty
 *   values        = explicit-list / hash-literal / csv-value
 *   csv-value     = first-value *("," second-value) ; one value → string, several → list;
 *                                                   ; a second value followed by "=" is the next key
 *   explicit-list = "[" [item *("," item)] "]"      ; item = explicit-list / hash-literal / first-value
 *   hash-literal  = "{" [key ["@"] "=" item *("," key ["@"] "=" item)] "}"   ; a repeated key: last wins
 *   first-value / second-value: unquoted words (see the character classes below), or
 *                   '…' / "…" in which \' (resp. \") and \\ are the only escapes. A quote closes at the
 *                   first quote not written \' (\"); with none, at the last \' (\") of the input, as the
 *                   AWS CLI 2.36's regular expression ends up matching; with neither, it is an error.
 * Unquoted words: "\," is a literal comma, every other backslash is literal, trailing whitespace is
 * dropped. Positions in messages count code points, as Python does; characters outside the BMP
 * cannot appear in unquoted words (the AWS CLI's classes stop at U+FFFF).
 *
 * Explicit assignment (`key@=value`): each string value read after the last `@=` (the parser keeps one
 * switch, set by every key: `Foo@=[a, file://x]` reads x, `Foo@={Bar=file://x}` does not, `Foo=[{Bar@=file://x}]`
 * does) that starts with `file://` becomes the file's text and one with `fileb://` its bytes, through the
 * caller's `loadFile` (src/input/paramfile.ts's reader); without `@`, `file://…` stays text.
 *
 * Time and depth: every step moves forward but the one-time backtrack of a csv list to its comma, no regular
 * expression can backtrack (quoted values are scanned by hand), and no error is built on a path that
 * recovers, so a parse is linear in the input. "[" and "{" nest at most MAX_SHORTHAND_DEPTH levels.
 */
import { codePoints, echoBare, MAX_ECHO, MAX_NESTING } from '../core/input-rules.js';
import { fromEntriesOrdered } from '../core/keys.js';
import { pyRstrip } from '../core/pytext.js';

export type ShorthandValue = string | Uint8Array | ShorthandValue[] | { [key: string]: ShorthandValue };
export type ShorthandObject = { [key: string]: ShorthandValue };

/** Base of the two parse errors; `message` is the AWS CLI's text, `index` a UTF-16 offset. */
export class ShorthandParseError extends Error {
  constructor(
    readonly input: string,
    readonly index: number,
    message: string,
  ) {
    super(message);
  }
}

/** `Expected: '=', received: 'EOF' for input:` followed by the input and a caret line. */
export class ShorthandSyntaxError extends ShorthandParseError {
  constructor(
    input: string,
    readonly expected: string,
    readonly actual: string,
    index: number,
  ) {
    // The AWS CLI 2.36 puts one space before the location here (only here: its first line, not the caret's).
    super(input, index, `Expected: '${expected}', received: '${actual}' for input:\n ${errorLocation(input, index)}`);
  }
}

/**
 * The most "[" and "{" a shorthand value nests (`a={b=[{c=d}]}` nests 3): far beyond any model (none nests
 * deeper than 6 levels, src/server/nesting.ts), and the same number as serve's `maxNesting` for request
 * bodies. Deeper input is refused with ShorthandDepthError before the parser's recursion could overflow the
 * stack. (Issue 31 wants one nesting limit on every path: its owner module may take this number over.)
 */
/** The parser's guard against recursion: the one nesting rule (core/input-rules.ts) then measures the value. */
export const MAX_SHORTHAND_DEPTH = MAX_NESTING;

/** More than MAX_SHORTHAND_DEPTH levels of "[" and "{"; `index` is the bracket that opens one level too many. */
export class ShorthandDepthError extends ShorthandParseError {
  readonly limit = MAX_SHORTHAND_DEPTH;
  constructor(input: string, index: number) {
    super(
      input,
      index,
      `"[" and "{" nest deeper than ${MAX_SHORTHAND_DEPTH} levels (the most svcctl reads): ` +
        `level ${MAX_SHORTHAND_DEPTH + 1} opens at character ${codePointLength(input.slice(0, index)) + 1}`,
    );
  }
}

/** A top-level key given twice (`Key=a,Key=b`), usually a "," typed instead of a space. */
export class DuplicateKeyError extends ShorthandParseError {
  constructor(
    readonly key: string,
    input: string,
    index: number,
  ) {
    super(
      input,
      index,
      `Second instance of key "${key}" encountered for input:\n${errorLocation(input, index)}\n` +
        'This is often because there is a preceding "," instead of a space.',
    );
  }
}

/**
 * The input with a caret under `index`, as the AWS CLI shows it: the caret line follows the line holding
 * the position (columns counted in code points from the last newline before it), and the rest of the
 * input, from the next newline on, comes after the caret.
 */
export function errorLocation(input: string, index: number): string {
  const before = input.slice(0, index);
  if (codePoints(input) > MAX_ECHO) {
    // The echo rule (core/input-rules.ts): a long input is shown as its first 64 characters and its length,
    // with the caret under the position when it falls among them, else the position in words.
    const at = codePoints(before);
    const shown = at < 64 && !before.includes('\n') ? `${' '.repeat(at)}^` : `(at character ${at + 1})`;
    return `${echoBare(input)}\n${shown}`;
  }
  const lineStart = before.lastIndexOf('\n') + 1;
  const spaces = codePointLength(before.slice(lineStart));
  const next = input.indexOf('\n', index);
  const consumed = next === -1 ? input : input.slice(0, next);
  const remaining = next === -1 ? '' : input.slice(next);
  return `${consumed}\n${' '.repeat(spaces)}^${remaining}`;
}

function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** Whitespace skipped between tokens (Python's string.whitespace). */
const TOKEN_SPACE = new Set([' ', '\t', '\n', '\r', '\v', '\f']);
const KEY_CHAR = /[A-Za-z0-9\-_.#/:]/;
/** Python's `\s` below U+007E (the rest of its whitespace is inside the ranges anyway). */
const WS = '\\t-\\r\\x1c-\\x20';
const START = '\\x21\\x23-\\x26\\x28-\\x2b\\x2d-\\x3c\\x3e-\\x5a\\x5c-\\x7a\\x7c-\\uffff';
const FIRST_FOLLOW = `${WS}\\x21\\x23-\\x26\\x28-\\x2b\\x2d-\\x5c\\x5e-\\x7c\\x7e-\\uffff`;
const SECOND_FOLLOW = `${WS}\\x21\\x23-\\x26\\x28-\\x2b\\x2d-\\x3c\\x3e-\\uffff`;

/**
 * An unquoted word. Nothing follows the repetition and either alternative consumes, so the first way
 * through matches: these never backtrack.
 */
const word = (follow: string) => new RegExp(`(?:\\\\,|[${START}])(?:\\\\,|[${follow}])*`, 'uy');
/** First value: may hold "=", "[" and "{" but stops at ",", "]", "}" and quotes. */
const FIRST_WORD = word(FIRST_FOLLOW);
/** Later csv values: may hold "]" and "}" but stop at "," and "=" (and quotes). */
const SECOND_WORD = word(SECOND_FOLLOW);
/** How `@=` values are read: see the module comment. */
export interface ShorthandOptions {
  /**
   * The file's text (`file://`) or bytes (`fileb://`) for a value read after `@=`, or the value itself when
   * it names no file; errors (a missing file) propagate unchanged. Without it, `@=` values stay as typed.
   */
  loadFile?: (value: string) => string | Uint8Array;
}

/** Parse one shorthand value (one command-line word) into nested objects, arrays and strings. */
export function parseShorthand(input: string, options: ShorthandOptions = {}): ShorthandObject {
  return new Parser(input, options.loadFile).parameter();
}

class Parser {
  private i = 0;
  /** Whether the last key was followed by "@=": the AWS CLI keeps one such switch for the whole parse. */
  private explicit = false;
  private depth = 0;

  constructor(
    private readonly input: string,
    private readonly loadFile: ((value: string) => string | Uint8Array) | undefined,
  ) {}

  parameter(): ShorthandObject {
    const params: Array<[string, ShorthandValue]> = [];
    const seen = new Set<string>();
    let lastIndex = 0;
    for (;;) {
      const [key, value] = this.keyval();
      if (seen.has(key)) throw new DuplicateKeyError(key, this.input, lastIndex + 1);
      seen.add(key);
      params.push([key, value]);
      lastIndex = this.i;
      if (this.atEof()) return fromEntriesOrdered(params) as ShorthandObject;
      this.expect(',', true);
    }
  }

  private keyval(): [string, ShorthandValue] {
    const key = this.key();
    this.assignment();
    return [key, this.values()];
  }

  /** `=` or `@=` after a key, whitespace around either; sets the switch for the values that follow. */
  private assignment(): void {
    this.skipSpace();
    this.explicit = this.current() === '@';
    if (this.explicit) {
      this.i++;
      this.skipSpace();
    }
    this.expect('=', true);
  }

  private key(): string {
    const start = this.i;
    while (!this.atEof() && KEY_CHAR.test(this.input[this.i]!)) this.i++;
    return this.input.slice(start, this.i);
  }

  private values(): ShorthandValue {
    if (this.atEof()) return '';
    if (this.current() === '[') return this.explicitList();
    if (this.current() === '{') return this.hashLiteral();
    return this.csvValue();
  }

  /** `b` → 'b'; `b,c` → ['b', 'c']; in `b,c=d` the list stops before `c`, the next key. */
  private csvValue(): ShorthandValue {
    const first = this.firstValue();
    this.skipSpace();
    if (this.atEof() || this.current() !== ',') return first;
    this.expect(',', true);
    const list: ShorthandValue[] = [first];
    for (;;) {
      // Where the AWS CLI catches a syntax error and backtracks, this checks first: no error (and no
      // message quoting the whole input) is built for a list that simply ends, so long inputs stay linear.
      const value = this.secondValue();
      if (value === undefined) {
        if (this.atEof()) throw new ShorthandSyntaxError(this.input, '<second>', '<none>', this.i);
        this.backtrackToComma();
        break;
      }
      this.skipSpace();
      if (this.atEof()) {
        list.push(value);
        break;
      }
      if (this.current() !== ',') {
        this.backtrackToComma();
        break;
      }
      this.expect(',', true);
      list.push(value);
    }
    return list.length === 1 ? first : list;
  }

  private explicitList(): ShorthandValue[] {
    this.enter();
    this.expect('[', true);
    const values: ShorthandValue[] = [];
    while (this.current() !== ']') {
      values.push(this.explicitValue());
      this.skipSpace();
      if (this.current() !== ']') {
        this.expect(',');
        this.skipSpace();
      }
    }
    this.expect(']');
    this.depth--;
    return values;
  }

  private explicitValue(): ShorthandValue {
    if (this.current() === '[') return this.explicitList();
    if (this.current() === '{') return this.hashLiteral();
    return this.firstValue();
  }

  private hashLiteral(): ShorthandObject {
    this.enter();
    this.expect('{', true);
    const values: Array<[string, ShorthandValue]> = [];
    while (this.current() !== '}') {
      const key = this.key();
      this.assignment();
      const value = this.explicitValue();
      this.skipSpace();
      if (this.current() !== '}') {
        this.expect(',');
        this.skipSpace();
      }
      values.push([key, value]);
    }
    this.expect('}');
    this.depth--;
    // A repeated key keeps its first place and takes the last value, as a Python dict does.
    return fromEntriesOrdered(values) as ShorthandObject;
  }

  /** One more level of "[" or "{" (the parser is at it), refused past the limit. */
  private enter(): void {
    if (++this.depth > MAX_SHORTHAND_DEPTH) throw new ShorthandDepthError(this.input, this.i);
  }

  private firstValue(): ShorthandValue {
    const quote = this.current();
    if (quote === "'" || quote === '"') {
      const quoted = this.quotedValue(quote);
      if (quoted === undefined) throw this.quoteError(quote);
      return this.resolve(quoted);
    }
    const match = this.match(FIRST_WORD);
    return match === undefined ? '' : this.resolve(unescapeWord(match));
  }

  /** A later csv value, or undefined (nothing consumed) where none can be read. */
  private secondValue(): ShorthandValue | undefined {
    const quote = this.current();
    if (quote === "'" || quote === '"') {
      const quoted = this.quotedValue(quote);
      return quoted === undefined ? undefined : this.resolve(quoted);
    }
    const match = this.match(SECOND_WORD);
    return match === undefined ? undefined : this.resolve(unescapeWord(match));
  }

  /**
   * A quoted value, scanned once: it closes at the first quote not escaped by a backslash, else (none up
   * to the end) at the last escaped one, else it does not close (undefined, nothing consumed). That is
   * what the AWS CLI's `'(?:\\'|[^'])*'` matches, without its backtracking.
   */
  private quotedValue(quote: "'" | '"'): string | undefined {
    const start = this.i;
    let end = -1;
    let lastEscaped = -1;
    for (let j = start + 1; j < this.input.length; j++) {
      const c = this.input[j];
      if (c === '\\' && this.input[j + 1] === quote) {
        lastEscaped = ++j;
      } else if (c === quote) {
        end = j;
        break;
      }
    }
    if (end === -1) end = lastEscaped;
    if (end === -1) return undefined;
    this.i = end + 1;
    return this.input
      .slice(start + 1, end)
      .replaceAll(`\\${quote}`, quote)
      .replaceAll('\\\\', '\\');
  }

  private quoteError(quote: "'" | '"'): ShorthandSyntaxError {
    return new ShorthandSyntaxError(
      this.input,
      quote === "'" ? '<singled quoted>' : '<double quoted>',
      '<none>',
      this.i,
    );
  }

  /** After "@=", a `file://` or `fileb://` value becomes what the file holds. */
  private resolve(value: string): ShorthandValue {
    return this.explicit && this.loadFile !== undefined ? this.loadFile(value) : value;
  }

  private match(regex: RegExp): string | undefined {
    regex.lastIndex = this.i;
    const m = regex.exec(this.input);
    if (m === null) return undefined;
    this.i += m[0].length;
    return m[0];
  }

  private expect(char: string, skipSpace = false): void {
    if (skipSpace) this.skipSpace();
    if (this.atEof()) throw new ShorthandSyntaxError(this.input, char, 'EOF', this.i);
    const actual = String.fromCodePoint(this.input.codePointAt(this.i)!);
    if (actual !== char) throw new ShorthandSyntaxError(this.input, char, actual, this.i);
    this.i++;
    if (skipSpace) this.skipSpace();
  }

  private current(): string | undefined {
    return this.input[this.i];
  }

  private atEof(): boolean {
    return this.i >= this.input.length;
  }

  private skipSpace(): void {
    while (!this.atEof() && TOKEN_SPACE.has(this.input[this.i]!)) this.i++;
  }

  private backtrackToComma(): void {
    while (this.i >= 0 && this.input[this.i] !== ',') this.i--;
  }
}

function unescapeWord(raw: string): string {
  return pyRstrip(raw.includes('\\,') ? raw.replaceAll('\\,', ',') : raw);
}
