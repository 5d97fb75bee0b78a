/**
 * One paginator above the backend interface, with botocore's PageIterator semantics (both backends page
 * through this same code):
 * - `--page-size` sets the limit member of every call and never changes what is printed;
 * - `--max-items` cuts the output across pages; where it stops inside a page the resume token carries the
 *   token of that page's request plus `boto_truncate_amount` (items of it already printed, counting any
 *   left truncation of a resumed first page), and on a page boundary just the next service token;
 * - `--starting-token` resends the service token it holds and drops `boto_truncate_amount` items from the
 *   first page only;
 * - a negative `--max-items` cuts as Python slices (botocore keeps `items[:len - (len - max)]`): -1 prints all
 *   but the last item of the first page, with a negative `boto_truncate_amount`, which resumes from the end;
 * - an empty next token ends the listing; the same next token twice is an error.
 * Between pages it yields to the event loop, so Ctrl-C is seen, and stops with InterruptedError.
 */
import { InterruptedError, TransportError } from '../core/errors.js';
import type { Paginator } from '../models/operation.js';
import { type CliToken, decodeToken, encodeToken, pyString } from './token.js';

export interface PageOptions {
  startingToken?: string;
  pageSize?: number | bigint;
  maxItems?: number;
  signal?: AbortSignal;
}

export type Page = Record<string, unknown>;
export type FetchPage = (params: Record<string, unknown>) => Promise<Page>;

export interface PageIterator {
  /** The pages as botocore yields them: the result list already cut by --starting-token / --max-items. */
  pages: AsyncGenerator<Page>;
  /** Set once iteration ends: the token to print as NextToken, when output was cut short. */
  resumeToken(): string | undefined;
  /** Aborted on Ctrl-C: whoever writes the pages stops waiting on a slow reader. */
  signal?: AbortSignal;
}

/** Lets pending events (SIGINT) run, then stops if the command was interrupted. */
export async function checkpoint(signal?: AbortSignal): Promise<void> {
  if (signal) await new Promise<void>((resolve) => setImmediate(resolve));
  if (signal?.aborted) throw new InterruptedError();
}

/** botocore's _inject_token_into_kwargs: a null (or "None") token removes the member. */
function injectToken(kwargs: Record<string, unknown>, key: string, token: string | null): void {
  if (token !== null && token !== 'None') kwargs[key] = token;
  else delete kwargs[key];
}

/**
 * botocore's _get_next_token: an absent or empty token means the listing is over. A cursor list (Stripe's)
 * has no token: while its `has_more` is true, the next page starts after the last item's id.
 */
function nextServiceToken(page: Page, p: Paginator): string | null {
  if (p.cursor !== undefined) {
    if (page[p.outputToken] !== true) return null;
    const last = itemsOf(page, p.resultKey).at(-1) as Record<string, unknown> | undefined;
    const id = last?.[p.cursor];
    return typeof id === 'string' && id !== '' ? id : null;
  }
  const t = page[p.outputToken];
  return typeof t === 'string' && t !== '' ? t : null;
}

function itemsOf(page: Page, key: string): unknown[] {
  const items = page[key];
  return Array.isArray(items) ? items : [];
}

function sameTokenTwice(key: string, token: string): TransportError {
  return new TransportError(
    `Error during pagination: The same next token was received twice: {${pyString(key).replace(/^"|"$/g, "'")}: ${pyString(token).replace(/^"|"$/g, "'")}}`,
  );
}

export function paginate(
  p: Paginator,
  params: Record<string, unknown>,
  call: FetchPage,
  opts: PageOptions,
): PageIterator {
  const start: CliToken | undefined =
    opts.startingToken !== undefined ? decodeToken(p.inputToken, opts.startingToken) : undefined;
  const max = opts.maxItems;
  let resume: CliToken | undefined;

  async function* pages(): AsyncGenerator<Page> {
    const kwargs: Record<string, unknown> = { ...params };
    let token: string | null = start?.serviceToken ?? null;
    if (start) injectToken(kwargs, p.inputToken, token);
    if (opts.pageSize !== undefined) kwargs[p.limitKey] = opts.pageSize;
    let previous: string | undefined;
    let total = 0;
    let leftCut = start?.truncate ?? 0;
    for (;;) {
      await checkpoint(opts.signal);
      const page = await call({ ...kwargs });
      const items = itemsOf(page, p.resultKey).slice(leftCut);
      const over = max !== undefined ? total + items.length - max : 0;
      if (over > 0) {
        const keep = items.length - over;
        resume = { serviceToken: token, truncate: keep + leftCut };
        yield { ...page, [p.resultKey]: items.slice(0, keep) };
        return;
      }
      yield { ...page, [p.resultKey]: items };
      leftCut = 0;
      total += items.length;
      const next = nextServiceToken(page, p);
      if (next === null) return;
      if (max !== undefined && total === max) {
        resume = { serviceToken: next };
        return;
      }
      if (previous !== undefined && previous === next) throw sameTokenTwice(p.inputToken, next);
      injectToken(kwargs, p.inputToken, next);
      previous = next;
      token = next;
    }
  }
  return {
    pages: pages(),
    resumeToken: () => (resume ? encodeToken(p.inputToken, resume) : undefined),
    signal: opts.signal,
  };
}

/** The members of the merged result other than the list, in the first page's order (the list keeps its place). */
export function mergedShell(p: Paginator, first: Page | undefined, list: unknown): Page {
  const shell: Page = first ? { ...first, [p.resultKey]: list } : { [p.resultKey]: list };
  delete shell[p.outputToken];
  return shell;
}

/** botocore's build_full_result: result lists concatenated, other members from the first page, NextToken = resume token. */
export async function fullResult(p: Paginator, it: PageIterator): Promise<Page> {
  let first: Page | undefined;
  const all: unknown[] = [];
  for await (const page of it.pages) {
    first ??= page;
    for (const item of itemsOf(page, p.resultKey)) all.push(item);
  }
  const result = mergedShell(p, first, all);
  const token = it.resumeToken();
  if (token !== undefined) result.NextToken = token;
  return result;
}
