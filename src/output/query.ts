/** --query: JMESPath compiled before any backend call, so a bad expression never reaches a backend. */
import jmespath from 'jmespath';
import { InputError } from '../errors.js';

export interface Query {
  expression: string;
  search(data: unknown): unknown;
}

export function compileQuery(expression: string): Query {
  try {
    // Parse only (the package's compile is untyped): evaluation errors belong to search time.
    (jmespath as unknown as { compile(e: string): unknown }).compile(expression);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new InputError(`Bad value for --query ${expression}: Invalid jmespath expression: ${detail}`);
  }
  return { expression, search: (data) => jmespath.search(data as never, expression) };
}
