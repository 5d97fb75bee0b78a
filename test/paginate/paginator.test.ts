/**
 * The paginator against a fake keyset service, rule by rule from botocore's PageIterator
 * (awscli/botocore/paginate.py): truncation inside a page, resume on a page boundary, left truncation of
 * a resumed first page, page size, empty tokens, a repeated token, interruption.
 */
import { describe, expect, it } from 'vitest';
import { InterruptedError, TransportError } from '../../src/core/errors.js';
import type { Paginator } from '../../src/models/operation.js';
import { fullResult, paginate, textPage, type Page, type PageOptions } from '../../src/paginate/paginator.js';
import { decodeToken, encodeToken } from '../../src/paginate/token.js';

const P: Paginator = { inputToken: 'NextToken', outputToken: 'NextToken', limitKey: 'MaxRecords', resultKey: 'Items' };
const ITEMS = Array.from({ length: 12 }, (_, i) => `i${String(i).padStart(2, '0')}`);

/** A keyset service: pages of MaxRecords (default 5) after the name in NextToken (`after:<name>`). */
function service(items = ITEMS) {
  const calls: Record<string, unknown>[] = [];
  const call = async (params: Record<string, unknown>): Promise<Page> => {
    calls.push(params);
    const limit = (params.MaxRecords as number | undefined) ?? 5;
    const after = params.NextToken === undefined ? '' : String(params.NextToken).slice('after:'.length);
    const rest = items.filter((n) => n > after);
    const page: Page = { Items: rest.slice(0, limit) };
    if (rest.length > limit) page.NextToken = `after:${rest[limit - 1]}`;
    return page;
  };
  return { call, calls };
}

async function run(opts: PageOptions, items = ITEMS) {
  const svc = service(items);
  const it = paginate(P, { Filter: 'x' }, svc.call, opts);
  const pages: unknown[][] = [];
  for await (const page of it.pages) pages.push(page.Items as unknown[]);
  const token = it.resumeToken();
  return {
    pages,
    token: token === undefined ? undefined : decodeToken('NextToken', token),
    raw: token,
    calls: svc.calls,
  };
}

describe('paginate', () => {
  it('follows next tokens to the end and leaves no resume token', async () => {
    const r = await run({});
    expect(r.pages).toEqual([ITEMS.slice(0, 5), ITEMS.slice(5, 10), ITEMS.slice(10)]);
    expect(r.token).toBeUndefined();
    expect(r.calls).toEqual([
      { Filter: 'x' },
      { Filter: 'x', NextToken: 'after:i04' },
      { Filter: 'x', NextToken: 'after:i09' },
    ]);
  });

  it('cuts inside the first page: the token of that request (null) and the items kept', async () => {
    const r = await run({ maxItems: 3 });
    expect(r.pages).toEqual([ITEMS.slice(0, 3)]);
    expect(r.raw).toBe('eyJOZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAzfQ==');
    expect(r.calls).toHaveLength(1);
  });

  it('stops on a page boundary with the next service token and no truncation', async () => {
    const r = await run({ maxItems: 5 });
    expect(r.pages).toEqual([ITEMS.slice(0, 5)]);
    expect(r.token).toEqual({ serviceToken: 'after:i04' });
    expect(r.raw).toBe(encodeToken('NextToken', { serviceToken: 'after:i04' }));
  });

  it("cuts inside a later page: that page's request token and its items kept", async () => {
    const r = await run({ maxItems: 7 });
    expect(r.pages).toEqual([ITEMS.slice(0, 5), ITEMS.slice(5, 7)]);
    expect(r.token).toEqual({ serviceToken: 'after:i04', truncate: 2 });
  });

  it('resumes mid-page: drops the printed items of the first page only, and counts them in the next cut', async () => {
    const r = await run({
      startingToken: encodeToken('NextToken', { serviceToken: 'after:i04', truncate: 2 }),
      maxItems: 2,
    });
    expect(r.pages).toEqual([['i07', 'i08']]);
    expect(r.token).toEqual({ serviceToken: 'after:i04', truncate: 4 });
    expect(r.calls).toEqual([{ Filter: 'x', NextToken: 'after:i04' }]);
    const rest = await run({ startingToken: encodeToken('NextToken', { serviceToken: 'after:i04', truncate: 4 }) });
    expect(rest.pages).toEqual([['i09'], ITEMS.slice(10)]);
    expect(rest.token).toBeUndefined();
  });

  it('resumes from a token with a null service token by not sending one', async () => {
    const r = await run({ startingToken: encodeToken('NextToken', { serviceToken: null, truncate: 3 }), maxItems: 1 });
    expect(r.calls).toEqual([{ Filter: 'x' }]);
    expect(r.pages).toEqual([['i03']]);
    expect(r.token).toEqual({ serviceToken: null, truncate: 4 });
  });

  it('sends --page-size as the limit member of every call without changing what comes out', async () => {
    const r = await run({ pageSize: 4, maxItems: 10 });
    expect(r.pages.flat()).toEqual(ITEMS.slice(0, 10));
    expect(r.pages.map((p) => p.length)).toEqual([4, 4, 2]);
    expect(r.calls.every((c) => c.MaxRecords === 4)).toBe(true);
    expect(r.token).toEqual({ serviceToken: 'after:i07', truncate: 2 });
  });

  it('with --max-items 0 prints no item and a token that starts where it stopped (as botocore)', async () => {
    const r = await run({ maxItems: 0 });
    expect(r.pages).toEqual([[]]);
    expect(r.raw).toBe(encodeToken('NextToken', { serviceToken: null, truncate: 0 }));
    expect((await run({ maxItems: 0 }, [])).token).toBeUndefined();
  });

  it('with a negative --max-items slices as botocore (Python) does: -1 keeps all but the last of the first page', async () => {
    const r = await run({ maxItems: -1 });
    expect(r.pages).toEqual([['i00', 'i01', 'i02', 'i03']]);
    expect(r.token).toEqual({ serviceToken: null, truncate: -1 });
  });

  it('ends on an empty next token, and refuses the same token twice (255)', async () => {
    const empty = paginate(P, {}, async () => ({ Items: ['a'], NextToken: '' }), {});
    expect((await fullResult(P, empty)).Items).toEqual(['a']);
    const stuck = paginate(P, {}, async () => ({ Items: ['a'], NextToken: 'same' }), {});
    const err = await fullResult(P, stuck).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as Error).message).toBe(
      "Error during pagination: The same next token was received twice: {'NextToken': 'same'}",
    );
  });

  it('stops with InterruptedError before the next call once the signal is aborted', async () => {
    const abort = new AbortController();
    const svc = service();
    const it = paginate(P, {}, svc.call, { signal: abort.signal });
    const seen: unknown[] = [];
    const err = await (async () => {
      for await (const page of it.pages) {
        seen.push(page.Items);
        abort.abort();
      }
    })().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InterruptedError);
    expect(seen).toEqual([ITEMS.slice(0, 5)]);
    expect(svc.calls).toHaveLength(1);
  });

  it('like botocore, a mid-page token resumed with a smaller page size repeats items', async () => {
    const r = await run({
      startingToken: encodeToken('NextToken', { serviceToken: null, truncate: 3 }),
      pageSize: 2,
      maxItems: 2,
    });
    expect(r.pages).toEqual([[], ['i02', 'i03']]);
  });

  it('prints every item exactly once when each run resumes the last one, for any page size and --max-items', async () => {
    for (const pageSize of [1, 2, 3, 5, 7, 12, 20]) {
      for (const maxItems of [1, 2, 3, 4, 5, 6, 11, 13]) {
        const printed: unknown[] = [];
        let startingToken: string | undefined;
        for (let runs = 0; runs < 20; runs++) {
          const r = await run({ pageSize, maxItems, startingToken });
          printed.push(...r.pages.flat());
          if (r.raw === undefined) break;
          startingToken = r.raw;
        }
        expect(printed, `page size ${pageSize}, max items ${maxItems}`).toEqual(ITEMS);
      }
    }
  });
});

describe('fullResult', () => {
  it("concatenates the lists, keeps the first page's other members, drops the service token, adds the resume token last", async () => {
    let n = 0;
    const call = async (): Promise<Page> =>
      ++n === 1
        ? { Meta: 'first', Items: [1, 2], NextToken: 't1' }
        : { Meta: 'second', Items: [3, 4], NextToken: `t${n}` };
    const merged = await fullResult(P, paginate(P, {}, call, { maxItems: 3 }));
    expect(merged).toEqual({
      Meta: 'first',
      Items: [1, 2, 3],
      NextToken: encodeToken('NextToken', { serviceToken: 't1', truncate: 1 }),
    });
    expect(Object.keys(merged)).toEqual(['Meta', 'Items', 'NextToken']);
  });
});

/**
 * Several nested result keys with non-aggregate keys (DescribeImageScanFindings' form). Each expected
 * document is what botocore 1.43's PageIterator printed, by hand, for the same two pages (build_full_result,
 * and the pages as awscli's TextFormatter builds them), compared as JSON text so the members' order counts.
 */
describe('nested and several result keys, with non-aggregate keys', () => {
  const N: Paginator = {
    inputToken: 'nextToken',
    outputToken: 'nextToken',
    limitKey: 'maxResults',
    resultKey: ['f.a', 'f.b'],
    nonAggregateKeys: ['id', 'f', 'status', 'missing'],
  };
  const PAGES: Record<string, Page> = {
    first: { id: 'x', f: { t: 1, a: [1, 2, 3], b: [10] }, status: 'S', nextToken: 'p2' },
    p2: { id: 'x', f: { t: 1, a: [4, 5], b: [11, 12] }, status: 'S' },
  };
  const call =
    (pages: Record<string, Page>) =>
    async (params: Record<string, unknown>): Promise<Page> =>
      structuredClone(pages[(params.nextToken as string | undefined) ?? 'first']!);
  const merged = async (opts: PageOptions, pages = PAGES) =>
    JSON.stringify(await fullResult(N, paginate(N, {}, call(pages), opts)));
  const text = async (opts: PageOptions, pages = PAGES) => {
    const it = paginate(N, {}, call(pages), opts);
    const out: string[] = [];
    for await (const page of it.pages) out.push(JSON.stringify(textPage(N, page, out.length === 0)));
    return [out, it.resumeToken()];
  };

  it('merges each list across pages: the result keys first, then the non-aggregate part (null where absent)', async () => {
    expect(await merged({})).toBe('{"f":{"a":[1,2,3,4,5],"b":[10,11,12],"t":1},"id":"x","status":"S","missing":null}');
  });

  it('--max-items counts and cuts the first key only; the others come whole with the page', async () => {
    expect(await merged({ maxItems: 2 })).toBe(
      '{"f":{"a":[1,2],"b":[10],"t":1},"id":"x","status":"S","missing":null,' +
        '"NextToken":"eyJuZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAyfQ=="}',
    );
    expect(await merged({ maxItems: 3 })).toBe(
      '{"f":{"a":[1,2,3],"b":[10],"t":1},"id":"x","status":"S","missing":null,"NextToken":"eyJuZXh0VG9rZW4iOiAicDIifQ=="}',
    );
  });

  it('--starting-token drops the printed items of the first key and empties the others on the resumed page', async () => {
    const startingToken = 'eyJuZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAyfQ==';
    expect(await merged({ startingToken })).toBe(
      '{"f":{"a":[3,4,5],"b":[11,12],"t":1},"id":"x","status":"S","missing":null}',
    );
    expect(await merged({ startingToken, maxItems: 2 })).toBe(
      '{"f":{"a":[3,4],"b":[11,12],"t":1},"id":"x","status":"S","missing":null,' +
        '"NextToken":"eyJuZXh0VG9rZW4iOiAicDIiLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAxfQ=="}',
    );
  });

  it('leaves out a key no page has, where text output shows it as null', async () => {
    const none = { first: { id: 'x', f: { a: [], t: 1 }, status: 'S' } };
    expect(await merged({}, none)).toBe('{"f":{"a":[],"t":1},"id":"x","status":"S","missing":null}');
    expect(await text({}, none)).toEqual([
      ['{"id":"x","f":{"a":[],"t":1,"b":null},"status":"S","missing":null}'],
      undefined,
    ]);
  });

  it('text: the first page with its non-aggregate part, the later ones with their lists only', async () => {
    expect(await text({})).toEqual([
      ['{"id":"x","f":{"t":1,"a":[1,2,3],"b":[10]},"status":"S","missing":null}', '{"f":{"a":[4,5],"b":[11,12]}}'],
      undefined,
    ]);
    expect(await text({ maxItems: 4 })).toEqual([
      ['{"id":"x","f":{"t":1,"a":[1,2,3],"b":[10]},"status":"S","missing":null}', '{"f":{"a":[4],"b":[11,12]}}'],
      'eyJuZXh0VG9rZW4iOiAicDIiLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAxfQ==',
    ]);
  });

  it('leaves the pages the service answered untouched', async () => {
    const pages = structuredClone(PAGES);
    const svc = async (params: Record<string, unknown>) => pages[(params.nextToken as string | undefined) ?? 'first']!;
    await fullResult(N, paginate(N, {}, svc, { maxItems: 2 }));
    await fullResult(
      N,
      paginate(N, {}, svc, { startingToken: 'eyJuZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAyfQ==' }),
    );
    expect(pages).toEqual(PAGES);
  });
});
