/** --query: JMESPath compiled before any backend call, so a bad expression never reaches a backend. */
import jmespath from 'jmespath';
import { InputError } from '../errors.js';

export interface Query {
  expression: string;
  search(data: unknown): unknown;
}

export function compileQuery(expression: string): Query {
  try {
    // The npm package has no separate compile step exposed in its types: parse by searching an empty document.
    jmespath.search({}, expression);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    throw new InputError(`Bad value for --query ${expression}: Invalid jmespath expression: ${detail}`);
  }
  return { expression, search: (data) => jmespath.search(data as never, expression) };
}
