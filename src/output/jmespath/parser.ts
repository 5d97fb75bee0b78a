/**
 * The top-down operator precedence parser of python jmespath 1.0.1 (jmespath/parser.py), ported so
 * that the same expressions are accepted and the same ones rejected, with the same error text.
 */
import { incompleteError, parseError } from './errors.js';
import { tokenize, type Token } from './lexer.js';
import { pyStr } from '../text.js';

export interface Node {
  type: string;
  children: Node[];
  value?: unknown;
}

const BINDING_POWER: Record<string, number> = {
  eof: 0,
  unquoted_identifier: 0,
  quoted_identifier: 0,
  literal: 0,
  rbracket: 0,
  rparen: 0,
  comma: 0,
  rbrace: 0,
  number: 0,
  current: 0,
  expref: 0,
  colon: 0,
  pipe: 1,
  or: 2,
  and: 3,
  eq: 5,
  gt: 5,
  lt: 5,
  gte: 5,
  lte: 5,
  ne: 5,
  flatten: 9,
  star: 20,
  filter: 21,
  dot: 40,
  not: 45,
  lbrace: 50,
  lbracket: 55,
  lparen: 60,
};
/** Tokens with a binding power below this stop a projection. */
const PROJECTION_STOP = 10;

const node = (type: string, children: Node[] = [], value?: unknown): Node =>
  value === undefined ? { type, children } : { type, children, value };

/** Thrown inside the parser; `parse` turns it into the error text with the expression. */
class Fail {
  constructor(
    readonly token: Token | 'incomplete',
    readonly message = '',
    readonly position?: number,
  ) {}
}

type Nud = (p: Parser, token: Token) => Node;
type Led = (p: Parser, left: Node) => Node;

/**
 * How deep the parser may call itself, counted in python jmespath's frames (each `_expression`, nud, led
 * and `_parse_*` helper is one): the AWS CLI's Python stops at 1,000 frames, about 19 of them its own, so
 * 326 `[` parse and 327 do not, 489 `(` or `f(` and 490 do not. Counting here refuses the same expressions
 * at parse time (252, before any call), where V8's own stack would let a deeper one through to fail later.
 */
export const MAX_PARSE_FRAMES = 981;

/** Thrown when an expression nests past MAX_PARSE_FRAMES (Python's RecursionError). */
export class ParseDepthError extends Error {
  constructor() {
    super('maximum recursion depth exceeded');
  }
}

export class Parser {
  index = 0;
  private frames = 0;
  constructor(readonly tokens: Token[]) {}

  /** Runs one of the Python parser's calls, a frame deeper. */
  frame<T>(call: () => T): T {
    if (++this.frames > MAX_PARSE_FRAMES) throw new ParseDepthError();
    try {
      return call();
    } finally {
      this.frames--;
    }
  }

  current(): string {
    return this.tokens[this.index].type;
  }
  lookahead(n: number): string {
    return this.tokens[this.index + n].type;
  }
  lookaheadToken(n: number): Token {
    return this.tokens[this.index + n];
  }
  advance(): void {
    this.index++;
  }

  expression(bindingPower = 0): Node {
    return this.frame(() => {
      const leftToken = this.lookaheadToken(0);
      this.advance();
      const nud = NUD[leftToken.type] ?? errorNud;
      let left = this.frame(() => nud(this, leftToken));
      let current = this.current();
      while (bindingPower < BINDING_POWER[current]) {
        const led = LED[current];
        if (led === undefined) throw new Fail(this.lookaheadToken(0), 'invalid token');
        this.advance();
        const l = left;
        left = this.frame(() => led(this, l));
        current = this.current();
      }
      return left;
    });
  }

  match(type: string): void {
    if (this.current() === type) return this.advance();
    this.failMaybeEof(type, this.lookaheadToken(0));
  }

  matchOneOf(types: string[]): void {
    if (!types.includes(this.current())) this.failMaybeEof(types, this.lookaheadToken(0));
    this.advance();
  }

  failMaybeEof(expected: string | string[], token: Token): never {
    if (token.type === 'eof') throw new Fail('incomplete');
    const shown = Array.isArray(expected) ? `[${expected.map((t) => `'${t}'`).join(', ')}]` : expected;
    throw new Fail(token, `Expecting: ${shown}, got: ${token.type}`);
  }

  fail(token: Token, reason: string): never {
    throw new Fail(token, reason);
  }

  projectionRhs(bindingPower: number): Node {
    return this.frame(() => {
      const current = this.current();
      if (BINDING_POWER[current] < PROJECTION_STOP) return node('identity');
      if (current === 'lbracket' || current === 'filter') return this.expression(bindingPower);
      if (current === 'dot') {
        this.match('dot');
        return this.dotRhs(bindingPower);
      }
      return this.fail(this.lookaheadToken(0), 'syntax error');
    });
  }

  dotRhs(bindingPower: number): Node {
    return this.frame(() => {
      const lookahead = this.current();
      if (['quoted_identifier', 'unquoted_identifier', 'star'].includes(lookahead))
        return this.expression(bindingPower);
      if (lookahead === 'lbracket') {
        this.match('lbracket');
        return this.multiSelectList();
      }
      if (lookahead === 'lbrace') {
        this.match('lbrace');
        return this.multiSelectHash();
      }
      const t = this.lookaheadToken(0);
      return this.fail(
        t,
        `Expecting: ['quoted_identifier', 'unquoted_identifier', 'lbracket', 'lbrace'], got: ${t.type}`,
      );
    });
  }

  multiSelectList(): Node {
    return this.frame(() => {
      const expressions: Node[] = [];
      for (;;) {
        expressions.push(this.expression());
        if (this.current() === 'rbracket') break;
        this.match('comma');
      }
      this.match('rbracket');
      return node('multi_select_list', expressions);
    });
  }

  multiSelectHash(): Node {
    return this.frame(() => {
      const pairs: Node[] = [];
      for (;;) {
        const keyToken = this.lookaheadToken(0);
        this.matchOneOf(['quoted_identifier', 'unquoted_identifier']);
        this.match('colon');
        pairs.push(node('key_val_pair', [this.expression(0)], keyToken.value));
        if (this.current() === 'comma') {
          this.match('comma');
        } else if (this.current() === 'rbrace') {
          this.match('rbrace');
          break;
        }
      }
      return node('multi_select_dict', pairs);
    });
  }

  indexExpression(): Node {
    if (this.lookahead(0) === 'colon' || this.lookahead(1) === 'colon') return this.sliceExpression();
    const index = node('index', [], this.lookaheadToken(0).value);
    this.advance();
    this.match('rbracket');
    return index;
  }

  sliceExpression(): Node {
    const parts: (number | null)[] = [null, null, null];
    let index = 0;
    let current = this.current();
    while (current !== 'rbracket' && index < 3) {
      if (current === 'colon') {
        index++;
        if (index === 3) this.fail(this.lookaheadToken(0), 'syntax error');
        this.advance();
      } else if (current === 'number') {
        parts[index] = this.lookaheadToken(0).value as number;
        this.advance();
      } else {
        this.fail(this.lookaheadToken(0), 'syntax error');
      }
      current = this.current();
    }
    this.match('rbracket');
    return node('slice', [], parts);
  }

  projectIfSlice(left: Node, right: Node): Node {
    return this.frame(() => {
      const indexExpr = node('index_expression', [left, right]);
      if (right.type === 'slice') return node('projection', [indexExpr, this.projectionRhs(BINDING_POWER.star)]);
      return indexExpr;
    });
  }
}

function errorNud(p: Parser, token: Token): Node {
  if (token.type === 'eof') throw new Fail('incomplete');
  return p.fail(token, 'invalid token');
}

const NUD: Record<string, Nud> = {
  literal: (_p, t) => node('literal', [], t.value),
  unquoted_identifier: (_p, t) => node('field', [], t.value),
  quoted_identifier: (p, t) => {
    if (p.current() === 'lparen') {
      throw new Fail(p.lookaheadToken(0), 'Quoted identifier not allowed for function names.', 0);
    }
    return node('field', [], t.value);
  },
  star: (p) => {
    const right = p.current() === 'rbracket' ? node('identity') : p.projectionRhs(BINDING_POWER.star);
    return node('value_projection', [node('identity'), right]);
  },
  filter: (p) => p.frame(() => LED.filter(p, node('identity'))), // `_token_led_filter` called from the nud
  lbrace: (p) => p.multiSelectHash(),
  lparen: (p) => {
    const expression = p.expression();
    p.match('rparen');
    return expression;
  },
  flatten: (p) => node('projection', [node('flatten', [node('identity')]), p.projectionRhs(BINDING_POWER.flatten)]),
  not: (p) => node('not_expression', [p.expression(BINDING_POWER.not)]),
  lbracket: (p) => {
    if (['number', 'colon'].includes(p.current())) return p.projectIfSlice(node('identity'), p.indexExpression());
    if (p.current() === 'star' && p.lookahead(1) === 'rbracket') {
      p.advance();
      p.advance();
      return node('projection', [node('identity'), p.projectionRhs(BINDING_POWER.star)]);
    }
    return p.multiSelectList();
  },
  current: () => node('current'),
  expref: (p) => node('expref', [p.expression(BINDING_POWER.expref)]),
};

const comparator =
  (name: string): Led =>
  (p, left) =>
    p.frame(() => node('comparator', [left, p.expression(BINDING_POWER[name])], name)); // `_parse_comparator`

const LED: Record<string, Led> = {
  dot: (p, left) => {
    if (p.current() !== 'star') {
      const right = p.dotRhs(BINDING_POWER.dot);
      if (left.type === 'subexpression') {
        left.children.push(right);
        return left;
      }
      return node('subexpression', [left, right]);
    }
    p.advance();
    return node('value_projection', [left, p.projectionRhs(BINDING_POWER.dot)]);
  },
  pipe: (p, left) => node('pipe', [left, p.expression(BINDING_POWER.pipe)]),
  or: (p, left) => node('or_expression', [left, p.expression(BINDING_POWER.or)]),
  and: (p, left) => node('and_expression', [left, p.expression(BINDING_POWER.and)]),
  lparen: (p, left) => {
    if (left.type !== 'field') {
      const prev = p.lookaheadToken(-2);
      return p.fail(prev, `Invalid function name '${pyStr(prev.value)}'`);
    }
    const args: Node[] = [];
    while (p.current() !== 'rparen') {
      const expression = p.expression();
      if (p.current() === 'comma') p.match('comma');
      args.push(expression);
    }
    p.match('rparen');
    return node('function_expression', args, left.value);
  },
  filter: (p, left) => {
    const condition = p.expression(0);
    p.match('rbracket');
    const right = p.current() === 'flatten' ? node('identity') : p.projectionRhs(BINDING_POWER.filter);
    return node('filter_projection', [left, right, condition]);
  },
  eq: comparator('eq'),
  ne: comparator('ne'),
  gt: comparator('gt'),
  gte: comparator('gte'),
  lt: comparator('lt'),
  lte: comparator('lte'),
  flatten: (p, left) => node('projection', [node('flatten', [left]), p.projectionRhs(BINDING_POWER.flatten)]),
  lbracket: (p, left) => {
    if (['number', 'colon'].includes(p.current())) {
      const right = p.indexExpression();
      if (left.type === 'index_expression') {
        left.children.push(right);
        return left;
      }
      return p.projectIfSlice(left, right);
    }
    p.match('star');
    p.match('rbracket');
    return node('projection', [left, p.projectionRhs(BINDING_POWER.star)]);
  },
};

/**
 * Whether the tree is more than `limit` nodes deep, measured without recursion. A chain of left-associative
 * operators (`a|a|…`, `a||a…`, `a==a==…`, `a[][]…`) parses in a loop, in Python's parser and this one, so the frame
 * count above never sees it, but its tree is as deep as the chain, and the interpreter recurses once per
 * level: past the limit it is refused here, before any call, as a nested one is.
 */
function treeDeeper(root: Node, limit: number): boolean {
  const stack: [Node, number][] = [[root, 1]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [n, depth] = top;
    if (depth > limit) return true;
    for (const child of n.children) stack.push([child, depth + 1]);
  }
  return false;
}

/** Parses an expression, or throws QueryParseError with python jmespath's text. */
export function parse(expression: string): Node {
  const parser = new Parser(tokenize(expression));
  try {
    const parsed = parser.expression(0);
    if (parser.current() !== 'eof') {
      const t = parser.lookaheadToken(0);
      throw new Fail(t, `Unexpected token: ${pyStr(t.value)}`);
    }
    if (treeDeeper(parsed, MAX_PARSE_FRAMES)) throw new ParseDepthError();
    return parsed;
  } catch (err) {
    if (!(err instanceof Fail)) throw err;
    if (err.token === 'incomplete') throw incompleteError(expression);
    return failText(err, expression);
  }
}

function failText(err: Fail, expression: string): never {
  const token = err.token as Token;
  throw parseError(err.position ?? token.start, token.value, token.type, err.message, expression);
}
