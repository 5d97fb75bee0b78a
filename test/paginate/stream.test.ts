/**
 * The streamed merged JSON document is byte-identical to the buffered one (JSON.stringify of
 * build_full_result), and the sink holds the listing back while the reader is slow.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { InterruptedError } from '../../src/core/errors.js';
import type { Paginator } from '../../src/models/operation.js';
import { formatJson } from '../../src/output/json.js';
import { ReaderGone, sinkFor } from '../../src/output/sink.js';
import { writeJsonStream } from '../../src/output/stream-json.js';
import { printable } from '../../src/output/timestamps.js';
import { fullResult, paginate, type Page, type PageOptions } from '../../src/paginate/paginator.js';

const P: Paginator = {
  inputToken: 'NextToken',
  outputToken: 'NextToken',
  limitKey: 'MaxRecords',
  resultKey: 'LaunchConfigurations',
};

function item(i: number): Record<string, unknown> {
  return {
    LaunchConfigurationName: `lc-${String(i).padStart(4, '0')}`,
    ImageId: i % 7 === 0 ? 'ami-ünïcødé-\u{1F600}-"quoted"\\back\nline\ttab' : 'ami-1',
    SecurityGroups: i % 3 === 0 ? [] : ['sg-1', `sg-${i}`],
    BlockDeviceMappings: [
      { DeviceName: '/dev/xvda', Ebs: { VolumeSize: i, VolumeType: 'gp3', DeleteOnTermination: i % 2 === 0 } },
    ],
    InstanceMonitoring: { Enabled: true },
    MetadataOptions: i % 5 === 0 ? {} : { HttpTokens: 'required', HttpPutResponseHopLimit: 2 },
    CreatedTime: new Date(Date.UTC(2026, 10, 20, 23, 21, 51, i % 1000)),
    EbsOptimized: false,
    SpotPrice: i % 11 === 0 ? null : undefined,
  };
}

function service(count: number, extra: Page = {}) {
  const items = Array.from({ length: count }, (_, i) => item(i + 1));
  return async (params: Record<string, unknown>): Promise<Page> => {
    const limit = (params.MaxRecords as number | undefined) ?? 50;
    const from = params.NextToken === undefined ? 0 : Number(params.NextToken);
    const page: Page = { ...extra, LaunchConfigurations: items.slice(from, from + limit) };
    if (from + limit < count) page.NextToken = String(from + limit);
    return page;
  };
}

class Capture {
  text = '';
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

async function both(count: number, opts: PageOptions, extra: Page = {}): Promise<[string, string]> {
  const buffered = formatJson(printable(await fullResult(P, paginate(P, {}, service(count, extra), opts))));
  const out = new Capture();
  await writeJsonStream(sinkFor(out), P, paginate(P, {}, service(count, extra), opts));
  return [out.text, buffered];
}

describe('streamed --output json', () => {
  const cases: Array<[string, number, PageOptions, Page?]> = [
    ['a few hundred items over many pages', 347, {}],
    ['small pages', 301, { pageSize: 7 }],
    ['cut by --max-items inside a page (NextToken last)', 400, { maxItems: 233 }],
    ['cut on a page boundary', 400, { maxItems: 100 }],
    [
      'resumed mid-page',
      300,
      { startingToken: Buffer.from('{"NextToken": "50", "boto_truncate_amount": 13}').toString('base64') },
    ],
    ['one page', 3, {}],
    ['no items', 0, {}],
    ['no items and a NextToken', 10, { maxItems: 0 }],
    [
      'other members around the list, from the first page',
      120,
      { maxItems: 70 },
      { Before: { a: [1, 2] }, After: 'x' },
    ],
  ];
  it.each(cases)('is byte-identical to the buffered rendering: %s', async (_name, count, opts, extra) => {
    const [streamed, buffered] = await both(count, opts, extra);
    expect(streamed).toBe(buffered);
  });

  it('writes the opening with the first items, then one chunk per page, then the closing', async () => {
    const out = new Capture();
    const chunks: string[] = [];
    const write = async (c: string) => {
      chunks.push(c);
      out.write(c);
    };
    await writeJsonStream(write, P, paginate(P, {}, service(3), { pageSize: 2 }));
    expect(chunks.map((c) => c.split('"LaunchConfigurationName"').length - 1)).toEqual([2, 1, 0]);
    expect(chunks[0]!.startsWith('{\n    "LaunchConfigurations": [\n        {\n')).toBe(true);
    expect(chunks[1]!.startsWith(',\n        {\n')).toBe(true);
    expect(chunks[2]).toBe('\n    ]\n}\n');
  });
});

describe('a listing that fails after some pages', () => {
  it("has streamed the pages before the failure, unterminated, and rejects with the service's error", async () => {
    const ok = service(10);
    let calls = 0;
    const failing = async (params: Record<string, unknown>): Promise<Page> => {
      if (++calls === 3) throw new Error('connection reset');
      return ok(params);
    };
    const out = new Capture();
    const err = await writeJsonStream(sinkFor(out), P, paginate(P, {}, failing, { pageSize: 2 })).catch(
      (e: unknown) => e,
    );
    expect((err as Error).message).toBe('connection reset');
    const [full] = await both(10, { pageSize: 2 });
    expect(full.startsWith(out.text)).toBe(true);
    expect(out.text.split('"LaunchConfigurationName"').length - 1).toBe(4);
    expect(out.text.endsWith('\n        }')).toBe(true);
  });
});

/** A stream whose buffer is "full" after every write until the test drains it. */
class SlowStream extends EventEmitter {
  chunks: string[] = [];
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return false;
  }
}

describe('sinkFor', () => {
  it('waits for drain before the next write, so the listing is not read ahead of the reader', async () => {
    const out = new SlowStream();
    const write = sinkFor(out);
    let done = false;
    const p = (async () => {
      await write('a');
      await write('b');
      done = true;
    })();
    await new Promise((r) => setImmediate(r));
    expect(out.chunks).toEqual(['a']);
    out.emit('drain');
    await new Promise((r) => setImmediate(r));
    expect(out.chunks).toEqual(['a', 'b']);
    expect(done).toBe(false);
    out.emit('drain');
    await p;
    expect(done).toBe(true);
  });

  it('stops waiting with InterruptedError on Ctrl-C, and with ReaderGone when the pipe breaks', async () => {
    const abort = new AbortController();
    const slow = new SlowStream();
    const waiting = sinkFor(slow, abort.signal)('a');
    abort.abort();
    await expect(waiting).rejects.toBeInstanceOf(InterruptedError);
    const broken = new SlowStream();
    const write = sinkFor(broken);
    const pending = write('a');
    broken.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    await expect(pending).rejects.toBeInstanceOf(ReaderGone);
    await expect(write('b')).rejects.toBeInstanceOf(ReaderGone);
    expect(broken.chunks).toEqual(['a']);
  });
});
