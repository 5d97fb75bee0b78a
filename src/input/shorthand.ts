/**
 * The AWS CLI's shorthand syntax (`--foo Key=a,Values=b,c,Ebs={VolumeSize=10}`), parsed purely
 * syntactically as awscli/shorthand.py's ShorthandParser does: every leaf is a string, lists and
 * structures come from the punctuation alone. Model-driven conversion lives in params.ts.
 *
 * Grammar (whitespace = space, \t, \n, \r, \v, \f between tokens):
 *   parameter     = keyval *("," keyval)            ; a repeated top-level key is an error
 *   keyval        = key "=" [values]
 *   key           = *(ALPHA / DIGIT / "-" / "_" / "." / "#" / "/" / ":")   ; may be empty
 *   values        = explicit-list / hash-literal / csv-value
 *   csv-value     = first-value *("," second-value) ; one value → string, several → list;
 *                                                   ; a second value followed by "=" is the next key
 *   explicit-list = "[" [item *("," item)] "]"      ; item = explicit-list / hash-literal / first-value
 *   hash-literal  = "{" [key "=" item *("," key "=" item)] "}"   ; a repeated key: last wins
 *   first-value / second-value: unquoted words (see the character classes below), or
 *                   '…' / "…" in which \' (resp. \") and \\ are the only escapes.
 * Unquoted words: "\," is a literal comma, every other backslash is literal, trailing whitespace is
 * dropped. Positions in messages count code points, as Python does; characters outside the BMP
 * cannot appear in unquoted words (the AWS CLI's classes stop at U+FFFF).
 */

export type ShorthandValue = string | ShorthandValue[] | { [key: string]: ShorthandValue };
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

interface Token {
  name: string;
  regex: RegExp;
}

const word = (follow: string) => new RegExp(`(?:\\\\,|[${START}])(?:\\\\,|[${follow}])*`, 'uy');
/** First value: may hold "=", "[" and "{" but stops at ",", "]", "}" and quotes. */
const FIRST: Token = { name: 'first', regex: word(FIRST_FOLLOW) };
/** Later csv values: may hold "]" and "}" but stop at "," and "=" (and quotes). */
const SECOND: Token = { name: 'second', regex: word(SECOND_FOLLOW) };
const SINGLE_QUOTED: Token = { name: 'singled quoted', regex: /'(?:\\\\|\\'|[^'])*'/uy };
const DOUBLE_QUOTED: Token = { name: 'double quoted', regex: /"(?:\\\\|\\"|[^"])*"/uy };
/** Python's str.isspace() set (what str.strip() and friends remove). */
const PY_SPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/** Python's str.lstrip(): removes leading Unicode whitespace as Python defines it. */
export function pyLstrip(text: string): string {
  let start = 0;
  while (start < text.length && PY_SPACE.test(text[start]!)) start++;
  return text.slice(start);
}

/** Python's str.rstrip(). */
function pyRstrip(text: string): string {
  let end = text.length;
  while (end > 0 && PY_SPACE.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Parse one shorthand value (one command-line word) into nested objects, arrays and strings. */
export function parseShorthand(input: string): ShorthandObject {
  return new Parser(input).parameter();
}

/** Set a key without letting "__proto__" reach the prototype. */
export function setKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

class Parser {
  private i = 0;

  constructor(private readonly input: string) {}

  parameter(): ShorthandObject {
    const params: ShorthandObject = {};
    const seen = new Set<string>();
    let lastIndex = 0;
    for (;;) {
      const [key, value] = this.keyval();
      if (seen.has(key)) throw new DuplicateKeyError(key, this.input, lastIndex + 1);
      seen.add(key);
      setKey(params, key, value);
      lastIndex = this.i;
      if (this.atEof()) return params;
      this.expect(',', true);
    }
  }

  private keyval(): [string, ShorthandValue] {
    const key = this.key();
    this.expect('=', true);
    return [key, this.values()];
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
    const list: string[] = [first];
    for (;;) {
      try {
        const value = this.secondValue();
        this.skipSpace();
        if (this.atEof()) {
          list.push(value);
          break;
        }
        this.expect(',', true);
        list.push(value);
      } catch (err) {
        if (!(err instanceof ShorthandSyntaxError) || this.atEof()) throw err;
        this.backtrackToComma();
        break;
      }
    }
    return list.length === 1 ? first : list;
  }

  private explicitList(): ShorthandValue[] {
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
    return values;
  }

  private explicitValue(): ShorthandValue {
    if (this.current() === '[') return this.explicitList();
    if (this.current() === '{') return this.hashLiteral();
    return this.firstValue();
  }

  private hashLiteral(): ShorthandObject {
    this.expect('{', true);
    const values: ShorthandObject = {};
    while (this.current() !== '}') {
      const key = this.key();
      this.expect('=', true);
      const value = this.explicitValue();
      this.skipSpace();
      if (this.current() !== '}') {
        this.expect(',');
        this.skipSpace();
      }
      setKey(values, key, value);
    }
    this.expect('}');
    return values;
  }

  private firstValue(): string {
    const quoted = this.quotedValue();
    if (quoted !== undefined) return quoted;
    const match = this.match(FIRST.regex);
    return match === undefined ? '' : unescapeWord(match);
  }

  private secondValue(): string {
    return this.quotedValue() ?? unescapeWord(this.mustMatch(SECOND));
  }

  private quotedValue(): string | undefined {
    const quote = this.current();
    if (quote !== "'" && quote !== '"') return undefined;
    const body = this.mustMatch(quote === "'" ? SINGLE_QUOTED : DOUBLE_QUOTED).slice(1, -1);
    return body.replaceAll(`\\${quote}`, quote).replaceAll('\\\\', '\\');
  }

  private match(regex: RegExp): string | undefined {
    regex.lastIndex = this.i;
    const m = regex.exec(this.input);
    if (m === null) return undefined;
    this.i += m[0].length;
    return m[0];
  }

  private mustMatch(token: Token): string {
    const m = this.match(token.regex);
    if (m === undefined) throw new ShorthandSyntaxError(this.input, `<${token.name}>`, '<none>', this.i);
    return m;
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
  return pyRstrip(raw.replaceAll('\\,', ','));
}
