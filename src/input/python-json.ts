/**
 * Why a text is not JSON, in the words of Python's json module (3.11), which the AWS CLI uses for JSON
 * parameters: `Expecting property name enclosed in double quotes: line 1 column 2 (char 1)`,
 * `Extra data: line 1 column 30 (char 29)`. Positions count characters (code points), as Python does.
 * Only the explanation is computed here: values are still parsed by JSON.parse.
 */

const WS = new Set([' ', '\t', '\n', '\r']);
const WORDS = ['null', 'true', 'false'];
const WORDS_AND_CONSTANTS = [...WORDS, 'NaN', 'Infinity', '-Infinity'];

class Failure {
  constructor(
    readonly msg: string,
    readonly pos: number,
  ) {}
}

class Scanner {
  constructor(
    private readonly s: string[],
    /** json.loads's NaN, Infinity and -Infinity: off for a file of svcctl's own that holds JSON alone. */
    private readonly constants = true,
  ) {}

  private ws(i: number): number {
    while (i < this.s.length && WS.has(this.s[i]!)) i++;
    return i;
  }

  /** Scans one value starting at i (no leading white space); returns the index after it. */
  value(i: number): number {
    const c = this.s[i];
    if (c === '"') return this.string(i + 1);
    if (c === '{') return this.object(i + 1);
    if (c === '[') return this.array(i + 1);
    for (const word of this.constants ? WORDS_AND_CONSTANTS : WORDS) {
      if (this.s.slice(i, i + word.length).join('') === word) return i + word.length;
    }
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(this.s.slice(i, i + 400).join(''));
    if (m && m[0] !== '' && m[0] !== '-') return i + Array.from(m[0]).length;
    throw new Failure('Expecting value', i);
  }

  private string(i: number): number {
    const start = i - 1;
    for (;;) {
      if (i >= this.s.length) throw new Failure('Unterminated string starting at', start);
      const c = this.s[i]!;
      if (c === '"') return i + 1;
      if (c === '\\') {
        const e = this.s[i + 1];
        if (e === undefined) throw new Failure('Unterminated string starting at', start);
        if (e === 'u') {
          const hex = this.s.slice(i + 2, i + 6).join('');
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Failure('Invalid \\uXXXX escape', i + 1);
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) throw new Failure('Invalid \\escape', i);
        i += 2;
        continue;
      }
      if (c.codePointAt(0)! < 0x20) throw new Failure('Invalid control character at', i);
      i++;
    }
  }

  private object(i: number): number {
    i = this.ws(i);
    if (this.s[i] === '}') return i + 1;
    for (;;) {
      if (this.s[i] !== '"') throw new Failure('Expecting property name enclosed in double quotes', i);
      i = this.ws(this.string(i + 1));
      if (this.s[i] !== ':') throw new Failure("Expecting ':' delimiter", i);
      i = this.ws(i + 1);
      i = this.ws(this.value(i));
      if (this.s[i] === '}') return i + 1;
      if (this.s[i] !== ',') throw new Failure("Expecting ',' delimiter", i);
      i = this.ws(i + 1);
    }
  }

  private array(i: number): number {
    i = this.ws(i);
    if (this.s[i] === ']') return i + 1;
    for (;;) {
      i = this.ws(this.value(i));
      if (this.s[i] === ']') return i + 1;
      if (this.s[i] !== ',') throw new Failure("Expecting ',' delimiter", i);
      i = this.ws(i + 1);
    }
  }

  document(): void {
    const end = this.ws(this.value(this.ws(0)));
    if (end !== this.s.length) throw new Failure('Extra data', end);
  }
}

/**
 * Python's json.JSONDecodeError text for a text JSON.parse refused, or undefined when Python would accept it.
 * A reader of JSON alone (a snapshot, a settings file: JSON.parse refuses NaN and Infinity, which json.loads
 * reads) gives constants false: such a word is where Python finds no value, "Expecting value", not V8's
 * "Unexpected token 'N'" (issue 44, item 13: one dialect).
 */
export function pythonJsonError(text: string, constants = true): string | undefined {
  // json.loads refuses a str that begins with U+FEFF before it scans anything, in its own words.
  if (text.startsWith('\ufeff')) return 'Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)';
  const chars = Array.from(text);
  try {
    new Scanner(chars, constants).document();
    return undefined;
  } catch (err) {
    if (!(err instanceof Failure)) throw err;
    const before = chars.slice(0, err.pos);
    const line = before.filter((c) => c === '\n').length + 1;
    const lastNl = before.lastIndexOf('\n');
    return `${err.msg}: line ${line} column ${err.pos - lastNl} (char ${err.pos})`;
  }
}
