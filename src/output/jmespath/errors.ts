/**
 * The errors of python jmespath 1.0.1 (the library the AWS CLI uses), with its exact str() texts, so
 * that `--query` failures print what the AWS CLI prints. Positions count code points, as Python does.
 */
import { CliError } from '../../core/errors.js';
import { codePoints, echoBare, MAX_ECHO, terminalText } from '../../core/input-rules.js';
import { pyStr } from '../text.js';

/** A --query that fails while it runs: the AWS CLI lets the error through (exit 255, `\n<str(e)>\n`). */
export class QueryRuntimeError extends CliError {
  readonly exitCode = 255;
  readonly kind = undefined;
}

/** Any error of the expression itself (found when it is compiled). */
export class QueryParseError extends Error {}

/**
 * The expression as a parse error shows it: whole, with a caret line under `position`, as python jmespath
 * does; past MAX_ECHO characters by the one echo rule (its first 64 and its length), the column already said
 * and no caret (a 20,000-character expression was written twice, the second time as 20,000 spaces and `^`).
 */
function shown(expression: string, position: number, quote: string, indent: number): string {
  if (codePoints(expression) > MAX_ECHO) return `\n${quote}${echoBare(expression)}${quote}`;
  return `\n${quote}${expression}${quote}\n${' '.repeat(shownWidth(expression, position) + indent)}^`;
}

/** jmespath.exceptions.ParseError */
export function parseError(
  position: number,
  value: unknown,
  type: string,
  msg: string,
  expression: string,
): QueryParseError {
  return new QueryParseError(
    `${msg}: Parse error at column ${position}, token "${echoBare(pyStr(value))}" (${type.toUpperCase()}), for expression:${shown(expression, position, '"', 1)}`,
  );
}

/** jmespath.exceptions.IncompleteExpressionError (always underlines the end of the expression). */
export function incompleteError(expression: string): QueryParseError {
  return new QueryParseError(
    `Invalid jmespath expression: Incomplete expression:${shown(expression, Infinity, '"', 1)}`,
  );
}

/** jmespath.exceptions.LexerError (past MAX_ECHO characters its column is said, there being no caret). */
export function lexerError(position: number, message: string, expression: string): QueryParseError {
  const long = codePoints(expression) > MAX_ECHO;
  return new QueryParseError(
    `Bad jmespath expression: ${echoBare(message)}${long ? ` at column ${position}` : ''}:${shown(expression, position, '', 0)}`,
  );
}

/**
 * How wide the first `n` characters of the expression are as the error shows them: a control character is
 * written as its escape (`\u0001`, core/input-rules.ts terminalText), so the caret under it moves with it.
 */
function shownWidth(expression: string, n: number): number {
  return [...terminalText([...expression].slice(0, n).join(''))].length;
}

function pluralize(word: string, count: number): string {
  return count === 1 ? word : `${word}s`;
}

/** ArityError / VariadictArityError */
export function arityError(expected: number, actual: number, name: string, variadic: boolean): QueryRuntimeError {
  const atLeast = variadic ? 'at least ' : '';
  return new QueryRuntimeError(
    `Expected ${atLeast}${expected} ${pluralize('argument', expected)} for function ${name}(), received ${actual}`,
  );
}

/** The repr of a Python list of str: `['string', 'array']`. */
export function pyStrList(items: readonly string[]): string {
  return `[${items.map((s) => `'${s}'`).join(', ')}]`;
}

/** JMESPathTypeError: the value as Python's str(), the expected types as a Python list. */
export function typeError(
  name: string,
  value: unknown,
  actual: string,
  expected: readonly string[],
): QueryRuntimeError {
  return new QueryRuntimeError(
    `In function ${name}(), invalid type for value: ${pyStr(value)}, expected one of: ${pyStrList(expected)}, received: "${actual}"`,
  );
}
