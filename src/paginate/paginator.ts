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
 * - an empty next token ends the listing; the same next token twice is an error;
 * - result keys may be several and nested (`imageScanFindings.findings`): the first is the one counted and
 *   cut; a resumed first page empties the others (they were printed whole with the page that was cut), as
 *   botocore's _handle_first_request does.
 * Between pages it yields to the event loop, so Ctrl-C is seen, and stops with InterruptedError.
 */
import { InterruptedError, TransportError, UsageError } from '../core/errors.js';
import { type Paginator, resultKeys } from '../models/operation.js';
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
 * has no token: while its `has_more` is true, the next page starts after the last item's id. A page-URL list
 * (Stripe's v2) has the next page's path: its `page` parameter is the token.
 */
function nextServiceToken(page: Page, p: Paginator): string | null {
  if (p.cursor !== undefined) {
    if (page[p.outputToken] !== true) return null;
    const last = itemsOf(page, resultKeys(p)[0]!).at(-1) as Record<string, unknown> | undefined;
    const id = last?.[p.cursor];
    return typeof id === 'string' && id !== '' ? id : null;
  }
  const t = page[p.outputToken];
  if (p.pageUrl && typeof t === 'string' && t !== '') {
    const next = URL.canParse(t, 'http://x') ? new URL(t, 'http://x').searchParams.get(p.inputToken) : null;
    return next !== null && next !== '' ? next : null;
  }
  return typeof t === 'string' && t !== '' ? t : null;
}

/** A structure of the output (a plain object): not a list, nor a value such as a timestamp. */
function isObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A dotted path's value (JMESPath's `a.b`): undefined where a step is missing or no object. */
export function valueAt(page: unknown, path: string): unknown {
  let at = page;
  for (const step of path.split('.')) {
    if (!isObject(at)) return undefined;
    at = at[step];
  }
  return at;
}

/**
 * botocore's set_value_from_jmespath, without touching what `target` shares with a page: each object on the
 * path is copied into `target` (made when missing), and the last step set, keeping its place if it was there.
 */
export function setValueAt(target: Record<string, unknown>, path: string, value: unknown): void {
  const steps = path.split('.');
  let at = target;
  for (const step of steps.slice(0, -1)) {
    const next = at[step];
    at[step] = isObject(next) ? { ...next } : {};
    at = at[step] as Record<string, unknown>;
  }
  at[steps.at(-1)!] = value;
}

function itemsOf(page: Page, key: string): unknown[] {
  const items = valueAt(page, key);
  return Array.isArray(items) ? items : [];
}

/** What a secondary result key becomes on a resumed first page (botocore's _handle_first_request). */
function emptied(sample: unknown): unknown {
  if (Array.isArray(sample)) return [];
  if (typeof sample === 'string') return '';
  if (typeof sample === 'number') return sample;
  return null;
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

  const [primary, ...secondary] = resultKeys(p) as [string, ...string[]];
  const before = p.cursorBefore !== undefined && params[p.cursorBefore] !== undefined ? p.cursorBefore : undefined;
  if (before !== undefined && (start !== undefined || max !== undefined)) {
    throw new UsageError(
      `--${before.replaceAll('_', '-')} walks the list backwards, which --max-items and --starting-token do not resume: use --page-size, or --no-paginate for one page.`,
    );
  }

  /**
   * Stripe's ending_before, walked: each next page ends before the first item of the one before (never
   * starting_after beside it, which Stripe refuses), and the pages, gathered, are yielded as one in the list's
   * own order (newest first), the order one page holding them all would have.
   */
  async function* backwards(key: string): AsyncGenerator<Page> {
    const kwargs: Record<string, unknown> = { ...params };
    if (opts.pageSize !== undefined) kwargs[p.limitKey] = opts.pageSize;
    const walked: unknown[][] = [];
    let page: Page;
    let previous: string | undefined;
    for (;;) {
      await checkpoint(opts.signal);
      page = await call({ ...kwargs });
      const items = itemsOf(page, primary);
      walked.unshift(items);
      const first = items[0] as Record<string, unknown> | undefined;
      const id = first?.[p.cursor!];
      if (page[p.outputToken] !== true || typeof id !== 'string' || id === '') break;
      if (previous === id) throw sameTokenTwice(key, id);
      kwargs[key] = id;
      previous = id;
    }
    const all = { ...page };
    setValueAt(all, primary, walked.flat());
    yield all;
  }

  async function* pages(): AsyncGenerator<Page> {
    if (before !== undefined) {
      yield* backwards(before);
      return;
    }
    const kwargs: Record<string, unknown> = { ...params };
    let token: string | null = start?.serviceToken ?? null;
    if (start) injectToken(kwargs, p.inputToken, token);
    if (opts.pageSize !== undefined) kwargs[p.limitKey] = opts.pageSize;
    let previous: string | undefined;
    let total = 0;
    let leftCut = 0;
    for (let first = true; ; first = false) {
      await checkpoint(opts.signal);
      const got = await call({ ...kwargs });
      let page = got;
      if (first && start) {
        // The page the token was cut in: its printed items dropped, its other lists printed already.
        page = { ...got };
        leftCut = start.truncate ?? 0;
        const all = valueAt(got, primary);
        setValueAt(page, primary, Array.isArray(all) ? all.slice(leftCut) : null);
        for (const key of secondary) setValueAt(page, key, emptied(valueAt(got, key)));
      } else leftCut = 0;
      const items = itemsOf(page, primary);
      const over = max !== undefined ? total + items.length - max : 0;
      if (over > 0) {
        const keep = items.length - over;
        resume = { serviceToken: token, truncate: keep + leftCut };
        const cut = { ...page };
        setValueAt(cut, primary, items.slice(0, keep));
        yield cut;
        return;
      }
      yield page;
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

/**
 * The members the merged result (and the first page of text output) takes from the first page, before the
 * result keys are set: botocore's non_aggregate_part (each key, null where the page has none), or, for a
 * paginator without non-aggregate keys, the first page without its lists and next token.
 */
export function nonAggregatePart(p: Paginator, first: Page | undefined): Page {
  const part: Page = {};
  if (p.nonAggregateKeys) {
    for (const key of p.nonAggregateKeys) setValueAt(part, key, valueAt(first, key) ?? null);
    return part;
  }
  const tops = new Set(resultKeys(p).map((k) => k.split('.')[0]));
  for (const [k, v] of Object.entries(first ?? {})) if (!tops.has(k) && k !== p.outputToken) part[k] = v;
  return part;
}

/**
 * What text output prints of one page (awscli's TextFormatter): the first page's non-aggregate part, or
 * nothing for a later page, with each result key set from the page, null where the page has none.
 */
export function textPage(p: Paginator, page: Page, first: boolean): Page {
  const current = first ? nonAggregatePart(p, page) : {};
  for (const key of resultKeys(p)) setValueAt(current, key, valueAt(page, key) ?? null);
  return current;
}

/** botocore's merge_dicts: `from` merged into `into`, objects member by member, anything else replacing. */
function mergeInto(into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(from)) {
    const at = into[k];
    into[k] = isObject(v) ? mergeInto(isObject(at) ? at : {}, v) : v;
  }
  return into;
}

/**
 * The merged result from the first page and each result key's merged value (lists concatenated; a key no
 * page had is absent from `merged`). With non-aggregate keys, botocore's order: the result keys first, in the
 * order they first appeared, then the non-aggregate part merged in (which keeps each merged list, as
 * botocore's shares the list with the first page). Without, the first page with each list in its place (none
 * where no page had it) and the next token dropped.
 */
export function mergedShell(p: Paginator, first: Page | undefined, merged: Map<string, unknown>): Page {
  if (p.nonAggregateKeys) {
    const out: Page = {};
    for (const [key, value] of merged) setValueAt(out, key, value);
    mergeInto(out, nonAggregatePart(p, first));
    for (const [key, value] of merged) setValueAt(out, key, value);
    return out;
  }
  const out: Page = { ...first };
  for (const key of resultKeys(p)) {
    if (merged.has(key)) setValueAt(out, key, merged.get(key));
    // A list no page had is absent, as from build_full_result (hostile pass 21c: a server's {} printed as
    // {"repositories": []}, and --query repositories as [] where the AWS CLI prints null).
    else if (!key.includes('.')) delete out[key];
    else setValueAt(out, key, []);
  }
  delete out[p.outputToken];
  return out;
}

/** Whether the merged document can be written page by page: one list, at the top, among the first page's members. */
export function streamsJson(p: Paginator): boolean {
  const keys = resultKeys(p);
  return p.nonAggregateKeys === undefined && keys.length === 1 && !keys[0]!.includes('.');
}

/** botocore's build_full_result: result lists concatenated, other members from the first page, NextToken = resume token. */
export async function fullResult(p: Paginator, it: PageIterator): Promise<Page> {
  let first: Page | undefined;
  const merged = new Map<string, unknown>();
  for await (const page of it.pages) {
    first ??= page;
    for (const key of resultKeys(p)) {
      const value = valueAt(page, key);
      if (value === undefined || value === null) continue;
      const sofar = merged.get(key);
      if (sofar === undefined) merged.set(key, Array.isArray(value) ? [...value] : value);
      else if (Array.isArray(value)) (sofar as unknown[]).push(...value);
      else if (typeof value === 'number' && typeof sofar === 'number') merged.set(key, sofar + value);
      else if (typeof value === 'string' && typeof sofar === 'string') merged.set(key, sofar + value);
    }
  }
  const result = mergedShell(p, first, merged);
  const token = it.resumeToken();
  if (token !== undefined) result.NextToken = token;
  return result;
}
