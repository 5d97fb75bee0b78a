/**
 * One paginator above the backend interface, with botocore's PageIterator semantics: --max-items cuts
 * across pages and leaves a resume token, --starting-token resumes mid-page, --page-size sets the limit
 * member of each call. Both backends page through this same code.
 */
import { InputError } from '../errors.js';
import type { Paginator } from '../models/operation.js';
import { type CliToken, decodeToken, encodeToken } from './token.js';

export interface PageOptions {
  startingToken?: string;
  pageSize?: number;
  maxItems?: number;
  signal?: AbortSignal;
}

export type Call = (params: Record<string, unknown>) => Promise<Record<string, unknown>>;

export interface PageIterator {
  pages: AsyncGenerator<Record<string, unknown>>;
  /** Set once iteration ends: the token to print as NextToken, when output was cut short. */
  resumeToken(): string | undefined;
}

export function paginate(p: Paginator, params: Record<string, unknown>, call: Call, opts: PageOptions): PageIterator {
  let resume: string | undefined;
  const start: CliToken | undefined = opts.startingToken !== undefined ? decodeToken(p.inputToken, opts.startingToken) : undefined;
  async function* pages(): AsyncGenerator<Record<string, unknown>> {
    const current: Record<string, unknown> = { ...params };
    if (opts.pageSize !== undefined) current[p.limitKey] = opts.pageSize;
    let token: string | null = start?.serviceToken ?? null;
    let skip = start?.truncate ?? 0;
    let previous: string | null = null;
    let total = 0;
    for (;;) {
      if (opts.signal?.aborted) return;
      if (token !== null) current[p.inputToken] = token;
      const page = await call({ ...current });
      const items = (page[p.resultKey] as unknown[] | undefined) ?? [];
      const kept = skip > 0 ? items.slice(skip) : items;
      const startOffset = skip;
      skip = 0;
      const over = opts.maxItems !== undefined ? total + kept.length - opts.maxItems : 0;
      if (over > 0) {
        const keep = kept.length - over;
        resume = encodeToken(p.inputToken, { serviceToken: token, truncate: keep + startOffset });
        yield { ...page, [p.resultKey]: kept.slice(0, keep) };
        return;
      }
      yield { ...page, [p.resultKey]: kept };
      total += kept.length;
      const next = (page[p.outputToken] as string | undefined) ?? null;
      if (next === null) return;
      if (opts.maxItems !== undefined && total === opts.maxItems) {
        resume = encodeToken(p.inputToken, { serviceToken: next, truncate: 0 });
        return;
      }
      if (previous !== null && previous === next) throw new InputError(`The same next token was received twice: ${next}`);
      previous = next;
      token = next;
    }
  }
  return { pages: pages(), resumeToken: () => resume };
}

/** botocore's build_full_result: result lists concatenated, other members from the first page, NextToken = resume token. */
export async function fullResult(p: Paginator, it: PageIterator): Promise<Record<string, unknown>> {
  let result: Record<string, unknown> | undefined;
  for await (const page of it.pages) {
    if (!result) {
      result = { ...page, [p.resultKey]: [...((page[p.resultKey] as unknown[]) ?? [])] };
      delete result[p.outputToken];
    } else {
      (result[p.resultKey] as unknown[]).push(...((page[p.resultKey] as unknown[]) ?? []));
    }
  }
  result ??= { [p.resultKey]: [] };
  const token = it.resumeToken();
  if (token !== undefined) result.NextToken = token;
  return result;
}
