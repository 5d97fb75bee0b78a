/**
 * The inspector page of `svcctl serve` at 100,000 resources and a full journal, in headless Chromium
 * (Debian's, driven by playwright-core) behind a counting proxy: while nothing changes it downloads at
 * most 20 KB a second (issue 34, item 2). The page polls at most once a second (each poll waits a second
 * after the last one ended), so a window of POLLS polls lasts at least POLLS seconds: the assertion is on
 * the bytes of those polls, never on a time. The rate measured is printed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInto } from '../../scripts/bulk.js';
import { type JournalRecord, recordEntries } from '../../src/backends/embedded/journal.js';
import { openStore } from '../../src/backends/embedded/store/sqlite-store.js';
import { type ServeProcess, startServe } from '../peers/serve-process.js';

const BIG = 100_000;
const JOURNAL = 1000;
const POLLS = 5;
/** The goal: 20 KB a second, so at most this many bytes per poll, both directions counted. */
const MAX_BYTES_PER_POLL = 20_000;
const CREATED = Date.UTC(2026, 10, 20, 23, 21, 51, 327);

let dir: string;
let serve: ServeProcess;
let proxy: Server;
let proxyUrl: string;
let browser: Browser;
let page: Page;
/** Bytes through the proxy: requests (browser to serve) and answers (serve to browser). */
const bytes = { up: 0, down: 0 };

function seed(home: string): void {
  const db = openStore(home);
  try {
    let n = 0;
    const ids = {
      id: (prefix: string) => `${prefix}${++n}`,
      uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    };
    seedInto(db, { home, count: BIG, batch: BIG, createdMs: CREATED, ids });
    const records: JournalRecord[] = Array.from({ length: JOURNAL }, (_, i) => ({
      timeMs: CREATED + i,
      account: '000000000000',
      region: 'us-east-1',
      protocol: 'query',
      operation: 'DescribeLaunchConfigurations',
      input: { LaunchConfigurationNames: [`lc-${String(i + 1).padStart(6, '0')}`] },
      status: 200,
      latencyMs: 1,
    }));
    recordEntries(db, records, JOURNAL);
  } finally {
    db.close();
  }
}

/** A TCP proxy to serve that counts every byte each way (the page's origin is the proxy's). */
async function countingProxy(): Promise<number> {
  proxy = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: Number(new URL(serve.url).port) });
    client.on('data', (c: Buffer) => (bytes.up += c.length));
    upstream.on('data', (c: Buffer) => (bytes.down += c.length));
    client.pipe(upstream).on('error', () => client.destroy());
    upstream.pipe(client).on('error', () => upstream.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return (proxy.address() as { port: number }).port;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-inspector-scale-'));
  const home = join(dir, 'home');
  seed(home);
  const port = await countingProxy();
  proxyUrl = `http://127.0.0.1:${port}`;
  // The proxy's Host names another port: serve is told to answer it.
  serve = await startServe(['--allowed-hosts', `127.0.0.1:${port}`], { SVCCTL_HOME: home });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await serve?.stop();
  await new Promise((resolve) => proxy?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const polls = async () => Number(await page.evaluate('document.body.dataset.polls || 0'));
/** Waits (bounded by the test's timeout) until the page has finished `n` more polls. */
async function pollsPass(n: number): Promise<void> {
  const target = (await polls()) + n;
  await page.waitForFunction(`Number(document.body.dataset.polls || 0) >= ${target}`, undefined, {
    timeout: 60_000,
  });
}

describe('the inspector page at 100,000 resources', () => {
  it('shows the counts, the first rows, "500 of 1000" and an unclipped Show all button', async () => {
    await page.goto(`${proxyUrl}/_svcctl/`);
    await page.locator('body[data-loaded="true"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('#resource-count').textContent()).toBe('(100000 launch-configurations in 000000000000)');
    expect(await page.locator('#resources tbody tr').count()).toBe(11);
    const more = page.locator('#resources tbody tr.more');
    expect(await more.textContent()).toBe('99990 more launch-configurations Show all 100000 launch-configurations');
    // The page holds the newest 500 of the 1000 entries the journal keeps, and says so.
    expect(await page.locator('#journal tbody tr').count()).toBe(500);
    expect(await page.locator('#journal-count').textContent()).toBe('(500 of 1000)');
    expect(await page.locator('#journal tbody tr').first().getAttribute('data-seq')).toBe('1000');
    await page.fill('#filter-text', 'lc-000999');
    expect(await page.locator('#journal-count').textContent()).toBe('(1 of the newest 500 of 1000)');
    await page.fill('#filter-text', '');
    expect(await page.locator('#journal-count').textContent()).toBe('(500 of 1000)');

    // The button lies wholly inside the box that scrolls, with nothing scrolled: nothing of it is cut off.
    const box = (await page.locator('.scroll').boundingBox())!;
    const button = (await more.locator('button').boundingBox())!;
    expect(button.height).toBeGreaterThan(0);
    expect(button.y).toBeGreaterThanOrEqual(box.y);
    expect(button.y + button.height).toBeLessThanOrEqual(box.y + box.height);
    expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
    // And the journal still starts on the first screen.
    expect((await page.locator('#journal-title').boundingBox())!.y).toBeLessThan(800);
  });

  it(`downloads at most ${MAX_BYTES_PER_POLL} bytes a poll while nothing changes`, async () => {
    await pollsPass(1);
    bytes.up = 0;
    bytes.down = 0;
    const started = performance.now();
    await pollsPass(POLLS);
    const seconds = (performance.now() - started) / 1000;
    const total = bytes.up + bytes.down;
    console.log(
      `inspector idle at ${BIG} resources: ${total} bytes (${bytes.down} down, ${bytes.up} up) in ${POLLS} polls, ` +
        `${Math.round(total / POLLS)} bytes a poll, ${Math.round(total / seconds)} bytes/s over ${seconds.toFixed(1)} s`,
    );
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(POLLS * MAX_BYTES_PER_POLL);
  });

  it("a kind's every row (what Show all asks for) goes compressed to a client that accepts it", async () => {
    const url = `${serve.url}/_svcctl/resources?kind=launch-configurations`;
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const plainText = await plain.text();
    expect([plain.status, plain.headers.get('content-encoding')]).toEqual([200, null]);
    const raw = await new Promise<{ status: number; encoding?: string; length: number }>((resolve, reject) => {
      get(url, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        let length = 0;
        res.on('data', (c: Buffer) => (length += c.length));
        res.on('end', () => resolve({ status: res.statusCode!, encoding: res.headers['content-encoding'], length }));
      }).on('error', reject);
    });
    console.log(`every launch configuration: ${plainText.length} bytes, ${raw.length} with ${raw.encoding}`);
    expect([raw.status, raw.encoding]).toEqual([200, 'br']);
    expect(raw.length * 10).toBeLessThan(plainText.length);
    expect((JSON.parse(plainText) as { Resources: unknown[] }).Resources).toHaveLength(BIG);
  });
});
