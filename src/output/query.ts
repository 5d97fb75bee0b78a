/**
 * --query: JMESPath compiled before any backend call, so a bad expression never reaches a backend.
 *
 * The expression is parsed and evaluated by a port of python jmespath 1.0.1 (./jmespath/), the library
 * the AWS CLI uses, rather than by the `jmespath` npm package, which differs from it in ways a user
 * sees: max_by/min_by with string keys give null, sort() of numbers sorts them as text, strings are
 * ordered by UTF-16 units and locale, length() counts UTF-16 units, to_string() keeps non-ASCII, and
 * its errors carry no position. With the port, results, parse errors (`Invalid jmespath expression:
 * Incomplete expression:` and the caret line) and runtime errors (exit 255, `In function length(),
 * invalid type for value: None, ...`) are the AWS CLI's.
 */
import { InputError } from '../core/errors.js';
import { echoBare } from '../core/input-rules.js';
import { QueryParseError, QueryRuntimeError } from './jmespath/errors.js';
import { evaluate } from './jmespath/interpreter.js';
import { type Node, ParseDepthError, parse } from './jmespath/parser.js';
import { MASK, holdsSecret, secretValues } from '../models/secrets.js';
import { pyRepr } from './text.js';
import type { Shape } from '../models/shapes.js';

export { QueryRuntimeError } from './jmespath/errors.js';

export interface Query {
  expression: string;
  /** Evaluates the expression; a runtime error is a QueryRuntimeError (exit 255, as the AWS CLI). */
  search(data: unknown): unknown;
}

/** The last expression compiled: cli/run.ts compiles --query before any command, which compiles it again. */
let last: Query | undefined;

export function compileQuery(expression: string): Query {
  if (last?.expression === expression) return last;
  let ast: Node;
  try {
    ast = parse(expression);
  } catch (err) {
    // An expression nested past Python's recursion limit is refused here, as the AWS CLI's parser refuses it.
    if (err instanceof QueryParseError || err instanceof ParseDepthError)
      throw new InputError(`Bad value for --query ${echoBare(expression)}: ${err.message}`);
    throw err;
  }
  last = { expression, search: (data) => evaluate(ast, data) };
  return last;
}

/**
 * The query of an operation's output (of this shape) whose runtime errors never quote a secret member
 * (models/secrets.ts: no error shows one): `In function abs(), invalid type for value: [{… 'UserData': …}]`
 * says `'UserData': '****'`, and a secret quoted alone is `****`. The error is the one the expression met.
 */
export function secretSafe(query: Query, shape: Shape): Query {
  if (!holdsSecret(shape)) return query;
  return {
    expression: query.expression,
    search(data) {
      try {
        return query.search(data);
      } catch (err) {
        if (!(err instanceof QueryRuntimeError)) throw err;
        let message = err.message;
        for (const value of new Set(secretValues(shape, data)))
          message = message.split(pyRepr(value)).join(pyRepr(MASK)).split(value).join(MASK);
        throw new QueryRuntimeError(message);
      }
    },
  };
}
