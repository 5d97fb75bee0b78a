/**
 * The JMESPath lexer of python jmespath 1.0.1 (jmespath/lexer.py), ported so that tokens, positions
 * and lexer errors are the ones the AWS CLI reports. Works on code points, as Python strings do.
 */
import { lexerError, QueryParseError } from './errors.js';
import { parseJsonText } from './json.js';
import { echoBare, valueProblem } from '../../core/input-rules.js';

export interface Token {
  type: string;
  value: unknown;
  start: number;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const START_IDENTIFIER = new Set([...LETTERS, '_']);
const VALID_IDENTIFIER = new Set([...LETTERS, ...DIGITS, '_']);
const VALID_NUMBER = new Set([...DIGITS]);
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const SIMPLE_TOKENS: Record<string, string> = {
  '.': 'dot',
  '*': 'star',
  ']': 'rbracket',
  ',': 'comma',
  ':': 'colon',
  '@': 'current',
  '(': 'lparen',
  ')': 'rparen',
  '{': 'lbrace',
  '}': 'rbrace',
};

/** Raised inside the lexer; the caller adds the expression (as python's parser does). */
class LexError {
  constructor(
    readonly position: number,
    readonly message: string,
  ) {}
}

class Lexer {
  private pos = 0;
  private current: string | undefined;
  private readonly chars: string[];

  constructor(expression: string) {
    this.chars = [...expression];
    this.current = this.chars[0];
  }

  private next(): string | undefined {
    if (this.pos === this.chars.length - 1) this.current = undefined;
    else this.current = this.chars[++this.pos];
    return this.current;
  }

  tokenize(): Token[] {
    const tokens: Token[] = [];
    while (this.current !== undefined) {
      const token = this.token();
      if (token) tokens.push(token);
    }
    tokens.push({ type: 'eof', value: '', start: this.chars.length });
    return tokens;
  }

  /** One token from the current character, or undefined for whitespace. */
  private token(): Token | undefined {
    const c = this.current!;
    const start = this.pos;
    if (SIMPLE_TOKENS[c] !== undefined) {
      this.next();
      return { type: SIMPLE_TOKENS[c], value: c, start };
    }
    if (START_IDENTIFIER.has(c)) {
      let buff = c;
      while (VALID_IDENTIFIER.has(this.next() ?? '')) buff += this.current;
      return { type: 'unquoted_identifier', value: buff, start };
    }
    if (WHITESPACE.has(c)) return void this.next();
    if (c === '[') return this.bracket(start);
    if (c === "'") return this.rawString();
    if (c === '|') return this.matchOrElse('|', 'or', 'pipe');
    if (c === '&') return this.matchOrElse('&', 'and', 'expref');
    if (c === '`') return this.literal();
    if (VALID_NUMBER.has(c) || c === '-') return this.number(start);
    if (c === '"') return this.quotedIdentifier();
    if (c === '<') return this.matchOrElse('=', 'lte', 'lt');
    if (c === '>') return this.matchOrElse('=', 'gte', 'gt');
    if (c === '!') return this.matchOrElse('=', 'ne', 'not');
    if (c === '=') return this.equals();
    throw new LexError(this.pos, `Unknown token ${c}`);
  }

  private bracket(start: number): Token {
    const n = this.next();
    if (n === ']') {
      this.next();
      return { type: 'flatten', value: '[]', start };
    }
    if (n === '?') {
      this.next();
      return { type: 'filter', value: '[?', start };
    }
    return { type: 'lbracket', value: '[', start };
  }

  private number(start: number): Token {
    let buff = this.current!;
    while (VALID_NUMBER.has(this.next() ?? '')) buff += this.current;
    if (buff === '-') throw new LexError(start, "Unknown token '-'");
    return { type: 'number', value: Number(buff), start };
  }

  private equals(): Token {
    if (this.next() === '=') {
      const token = { type: 'eq', value: '==', start: this.pos - 1 };
      this.next();
      return token;
    }
    // At the end the position never advanced, so it is not rewound.
    throw new LexError(this.current === undefined ? this.pos : this.pos - 1, "Unknown token '='");
  }

  /** Characters up to an unescaped delimiter; a backslash is kept with the character it escapes. */
  private consumeUntil(delimiter: string): string {
    const start = this.pos;
    let buff = '';
    this.next();
    while (this.current !== delimiter) {
      if (this.current === '\\') {
        buff += '\\';
        this.next();
      }
      if (this.current === undefined) throw new LexError(start, `Unclosed ${delimiter} delimiter`);
      buff += this.current;
      this.next();
    }
    this.next();
    return buff;
  }

  private literal(): Token {
    const start = this.pos;
    const lexeme = this.consumeUntil('`').replaceAll('\\`', '`');
    let parsed = parseJsonText(lexeme);
    // JEP-12 deprecation period: a literal that is not JSON is read as a JSON string.
    if (!parsed.ok) parsed = parseJsonText(`"${lexeme.replace(/^\s+/, '')}"`);
    if (!parsed.ok) throw new LexError(start, `Bad token ${echoBare(lexeme)}`);
    // Text and depth (core/input-rules.ts): a literal `"\ud800"` is no text.
    const problem = valueProblem(parsed.value);
    if (problem) throw new LexError(start, `Bad token ${echoBare(lexeme)}: the literal ${problem.detail}`);
    return { type: 'literal', value: parsed.value, start };
  }

  private quotedIdentifier(): Token {
    const start = this.pos;
    const lexeme = `"${this.consumeUntil('"')}"`;
    const parsed = parseJsonText(lexeme);
    if (!parsed.ok) throw new LexError(start, parsed.error);
    const problem = valueProblem(parsed.value);
    if (problem) throw new LexError(start, `Bad token ${echoBare(lexeme)}: the identifier ${problem.detail}`);
    return { type: 'quoted_identifier', value: parsed.value, start };
  }

  private rawString(): Token {
    const start = this.pos;
    const lexeme = this.consumeUntil("'").replaceAll("\\'", "'");
    return { type: 'literal', value: lexeme, start };
  }

  private matchOrElse(expected: string, matchType: string, elseType: string): Token {
    const start = this.pos;
    const current = this.current!;
    const n = this.next();
    if (n === expected) {
      this.next();
      return { type: matchType, value: current + n, start };
    }
    return { type: elseType, value: current, start };
  }
}

export function tokenize(expression: string): Token[] {
  if (expression === '') throw new QueryParseError('Invalid JMESPath expression: cannot be empty.');
  try {
    return new Lexer(expression).tokenize();
  } catch (err) {
    if (err instanceof LexError) throw lexerError(err.position, err.message, expression);
    throw err;
  }
}
