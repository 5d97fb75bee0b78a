/**
 * The inspector page of a real `svcctl serve`, in a real browser (Debian's chromium driven by
 * playwright-core, never a downloaded one): resources the AWS CLI creates appear on it, the journal shows
 * the calls live with their command lines, the filters narrow it, and a screenshot is not blank.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInto } from '../../scripts/bulk.js';
import { RESOURCE_KINDS } from '../../src/models/resource-kinds.js';
import { openTestStore } from '../helpers/store.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { AWS, awsCliEnv } from '../peers/aws-cli-peer.js';
import { runProgram, type ServeProcess, startServe } from '../peers/serve-process.js';

let dir: string;
let serve: ServeProcess;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-ops-page-'));
  // A few hundred launch configurations below: more than Auto Scaling's default quota of 200.
  writeFileSync(join(dir, 'settings.json'), '{"launch_configurations_per_region": null}');
  serve = await startServe(['--settings', join(dir, 'settings.json')], { SVCCTL_HOME: join(dir, 'home') });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await serve.stop();
  rmSync(dir, { recursive: true, force: true });
});

function aws(args: string[]) {
  return runProgram(
    AWS,
    [...args, '--endpoint-url', serve.url],
    awsCliEnv(join(dir, 'aws-home'), { AWS_EC2_METADATA_DISABLED: 'true' }),
  );
}

const rows = (table: string) => page.locator(`#${table} tbody tr`);
const cells = (table: string) =>
  rows(table).evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));

describe('the inspector page', () => {
  it('is plain HTML, CSS and JavaScript from serve itself', async () => {
    for (const [path, type] of [
      ['/_svcctl/', 'text/html; charset=utf-8'],
      ['/_svcctl/inspector.css', 'text/css; charset=utf-8'],
      ['/_svcctl/inspector.js', 'text/javascript; charset=utf-8'],
    ]) {
      const r = await fetch(`${serve.url}${path}`);
      expect([r.status, r.headers.get('content-type')]).toEqual([200, type]);
      // Nothing from elsewhere: it works offline.
      expect(await r.text()).not.toMatch(/https?:\/\//);
    }
  });

  it('shows what the AWS CLI creates, and the calls with their command lines', async () => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`${serve.url}/_svcctl/`);
    await page.locator('body[data-loaded="true"]').waitFor();
    await expect(page.locator('#resources-empty').isVisible()).resolves.toBe(true);

    const made = await aws(['ecr', 'create-repository', '--repository-name', 'team/app']);
    expect(made.code).toBe(0);
    const lc = await aws([
      'autoscaling',
      ...createLaunchConfiguration('web v1', { image: 'ami-12345678', type: 't2.micro' }),
    ]);
    expect(lc).toEqual({ code: 0, stdout: '', stderr: '' });
    const dup = await aws(['ecr', 'create-repository', '--repository-name', 'team/app']);
    expect(dup.code).toBe(254);

    // Live: the page polls, so the rows arrive without a reload.
    await page.locator('#journal tbody tr[data-seq="3"]').waitFor();
    await page.locator('#resources tbody tr[data-name="web v1"]').waitFor();
    const resources = (await cells('resources')).map((r) => r.slice(0, 4));
    expect(resources).toEqual([
      ['repositories', '000000000000', 'us-east-1', 'team/app'],
      ['launch-configurations', '000000000000', 'us-east-1', 'web v1'],
    ]);
    expect(await page.locator('#resource-count').textContent()).toBe(
      '(1 repository in 000000000000, 1 launch-configuration in 000000000000)',
    );
    const journal = (await cells('journal')).map((r) => [r[0], r[2], r[3], r[4], r[5], r[7]]);
    expect(journal).toEqual([
      [
        '3',
        '000000000000',
        'json11',
        'CreateRepository',
        '400 RepositoryAlreadyExistsException',
        `svcctl --endpoint-url ${serve.url} ecr create-repository --repository-name team/appCopy`,
      ],
      [
        '2',
        '000000000000',
        'query',
        'CreateLaunchConfiguration',
        '200',
        `svcctl --endpoint-url ${serve.url} autoscaling create-launch-configuration --launch-configuration-name 'web v1' --image-id ami-12345678 --instance-type t2.microCopy`,
      ],
      [
        '1',
        '000000000000',
        'json11',
        'CreateRepository',
        '200',
        `svcctl --endpoint-url ${serve.url} ecr create-repository --repository-name team/appCopy`,
      ],
    ]);
    expect(requests.every((u) => u.startsWith(serve.url))).toBe(true);
  });

  it('filters the journal by status, protocol and text', async () => {
    await page.selectOption('#filter-status', 'error');
    expect((await cells('journal')).map((r) => r[0])).toEqual(['3']);
    await page.selectOption('#filter-status', '');
    await page.selectOption('#filter-protocol', 'query');
    expect((await cells('journal')).map((r) => r[0])).toEqual(['2']);
    await page.selectOption('#filter-protocol', '');
    await page.fill('#filter-text', 'team/app');
    expect((await cells('journal')).map((r) => r[0])).toEqual(['3', '1']);
    expect(await page.locator('#journal-count').textContent()).toBe('(2 of 3)');
    await page.fill('#filter-text', '');
    expect(await page.locator('#journal-count').textContent()).toBe('(3 of 3)');
    await page.fill('#filter-text', 'nothing-like-this');
    expect(await page.locator('#journal-empty').textContent()).toBe('No entry matches the filters.');
    await page.fill('#filter-text', '');
  });

  it("copies an entry's command line", async () => {
    const button = page.locator('#journal tbody tr[data-seq="2"] button.copy');
    await button.click();
    await page.locator('#journal tbody tr[data-seq="2"] button.copy', { hasText: 'Copied' }).waitFor();
  });

  it('keeps a text selection while rows arrive (rows are updated in place)', async () => {
    const create = (name: string) =>
      fetch(serve.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `Action=CreateLaunchConfiguration&Version=2011-01-01&ImageId=ami-12345678&InstanceType=t2.micro&LaunchConfigurationName=${name}`,
      });
    // Selects the text of one element (a string run in the page: the tests are not compiled against the DOM).
    const select = (selector: string) =>
      page.evaluate(`(() => {
        const range = document.createRange();
        range.selectNodeContents(document.querySelector(${JSON.stringify(selector)}));
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        return getSelection().toString();
      })()`);
    const selected = () => page.evaluate('getSelection().toString()');

    expect(await select('#resources tbody tr[data-name="team/app"] td:nth-child(4)')).toBe('team/app');
    expect((await create('selected-1')).status).toBe(200);
    await page.locator('#resources tbody tr[data-name="selected-1"]').waitFor();
    await page.locator('#journal tbody tr[data-seq="4"]').waitFor();
    expect(await selected()).toBe('team/app');

    const cli = `svcctl --endpoint-url ${serve.url} ecr create-repository --repository-name team/app`;
    expect(await select('#journal tbody tr[data-seq="1"] code.cli')).toBe(cli);
    expect((await create('selected-2')).status).toBe(200);
    await page.locator('#journal tbody tr[data-seq="5"]').waitFor();
    expect(await selected()).toBe(cli);
    // And through polls that bring nothing new.
    const polls = Number(await page.evaluate('document.body.dataset.polls'));
    await page.waitForFunction(`Number(document.body.dataset.polls) >= ${polls + 2}`);
    expect(await selected()).toBe(cli);
    expect(await page.locator('#journal-count').textContent()).toBe('(5 of 5)');
  });

  // The journal holds the registry's requests under the protocol `registry`, and the filter offered query, json11
  // and v2 only: a push's requests, often most of the journal, could not be picked out (hostile pass 5b).
  it("filters the registry's requests by their protocol too", async () => {
    expect(await page.locator('#filter-protocol option').allTextContents()).toEqual([
      'all',
      'query',
      'json11',
      'v2',
      'registry',
    ]);
    const login = await aws(['ecr', 'get-login-password']);
    expect(login.code).toBe(0);
    const auth = `Basic ${Buffer.from(`AWS:${login.stdout.trim()}`).toString('base64')}`;
    const tags = await fetch(`${serve.url}/v2/team/app/tags/list`, { headers: { authorization: auth } });
    expect(tags.status).toBe(200);
    await page.locator('#journal tbody tr[data-seq="7"]').waitFor();
    await page.selectOption('#filter-protocol', 'registry');
    expect((await cells('journal')).map((r) => [r[0], r[3], r[4], r[5]])).toEqual([
      ['7', 'registry', 'ListImages', '200'],
    ]);
    await page.selectOption('#filter-protocol', '');
  });

  // The browser asked for /favicon.ico, which the Query protocol answered 400 (a console error, a log line per
  // page load); the page names its (empty) icon instead (hostile pass 5b).
  it('asks serve for nothing but its own files and endpoints: no /favicon.ico', () => {
    expect(serve.stderr()).toMatch(/ GET \/_svcctl\/ 200 /);
    expect(serve.stderr()).not.toMatch(/ GET \/favicon\.ico /);
  });

  it('a reset empties it again; the screenshot is not blank', async () => {
    const shot = await page.screenshot({ fullPage: true });
    expect(await countColours(shot)).toBeGreaterThan(8);
    const r = await fetch(`${serve.url}/_svcctl/reset`, { method: 'POST' });
    expect(r.status).toBe(200);
    await page.locator('#resources-empty:not([hidden])').waitFor();
    await page.locator('#journal-empty:not([hidden])').waitFor();
    expect(await page.locator('#journal-empty').textContent()).toBe('No requests yet.');
  });
});

describe('the inspector page with a few hundred resources (issue 25, item 20)', () => {
  it('shows the first 10 of each kind and a button for the rest; the journal stays on the first screen', async () => {
    const create = (body: string) =>
      fetch(serve.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const lc = (i: number) =>
      `Action=CreateLaunchConfiguration&Version=2011-01-01&ImageId=ami-12345678&InstanceType=t2.micro&LaunchConfigurationName=lc-${String(i).padStart(3, '0')}`;
    for (let i = 0; i < 300; i += 25) {
      const made = await Promise.all(Array.from({ length: 25 }, (_, j) => create(lc(i + j))));
      expect(made.map((r) => r.status)).toEqual(Array(25).fill(200));
    }
    // The page polls: wait until it has seen all 300.
    await page.locator('#resource-count', { hasText: /^\(300 launch-configurations in 000000000000\)$/ }).waitFor();
    expect(await rows('resources').count()).toBe(11);
    const more = page.locator('#resources tbody tr.more');
    expect(await more.textContent()).toBe('290 more launch-configurations Show all 300 launch-configurations');
    const journalTop = async () => (await page.locator('#journal-title').boundingBox())!.y;
    expect(await journalTop()).toBeLessThan(800);

    await more.locator('button').click();
    await page.locator('#resources tbody tr[data-name="lc-299"]').waitFor();
    expect(await rows('resources').count()).toBe(301);
    expect(await journalTop()).toBeLessThan(800);
    await page.locator('#resources tbody tr.more button').click();
    await page.locator('#resources tbody tr[data-name="lc-299"]').waitFor({ state: 'detached' });
    expect(await rows('resources').count()).toBe(11);

    // One of a kind is named in the singular.
    expect(
      (await create('Action=DeleteLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=lc-000')).status,
    ).toBe(200);
    const r = await fetch(`${serve.url}/_svcctl/reset?kind=launch-configurations`, { method: 'POST' });
    expect(r.status).toBe(200);
    expect((await create(lc(1))).status).toBe(200);
    await page.locator('#resource-count', { hasText: '(1 launch-configuration in 000000000000)' }).waitFor();
  });

  // Hostile pass 19c: a name of 200 characters and no break was one line, pushing the Created column past the
  // right edge of the page (a horizontal scroll to see when it was made).
  it('wraps a long name: no column leaves the page', async () => {
    const name = `long-${'r'.repeat(250)}`;
    const made = await fetch(serve.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `Action=CreateLaunchConfiguration&Version=2011-01-01&ImageId=ami-12345678&InstanceType=t2.micro&LaunchConfigurationName=${name}`,
    });
    expect(made.status).toBe(200);
    await page.locator(`#resources tbody tr[data-name="${name}"]`).waitFor();
    // The table's box (div.scroll) scrolls sideways when a cell does not wrap.
    const widths = await page
      .locator('#resources')
      .evaluate((t) => [t.parentElement!.scrollWidth, t.parentElement!.clientWidth]);
    expect(widths[0]).toBe(widths[1]);
  });
});

describe('what the page asks for (issue 34, item 2)', () => {
  const lc = (i: number) =>
    fetch(serve.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `Action=CreateLaunchConfiguration&Version=2011-01-01&ImageId=ami-12345678&InstanceType=t2.micro&LaunchConfigurationName=st-${String(i).padStart(2, '0')}`,
    });

  it('the state: per kind, counts per account and the first rows; the extent of the journal', async () => {
    expect((await fetch(`${serve.url}/_svcctl/reset`, { method: 'POST' })).status).toBe(200);
    for (let i = 1; i <= 12; i++) expect((await lc(i)).status).toBe(200);
    const r = await fetch(`${serve.url}/_svcctl/inspector/state?first=2`);
    expect([r.status, r.headers.get('content-type')]).toEqual([200, 'application/json']);
    const doc = (await r.json()) as {
      Resources: { Kind: string; Count: number; Accounts: object; First: { Name: string; Created: string }[] }[];
      Journal: { Kept: number; FirstSeq: number; LastSeq: number; Size: number };
    };
    expect(doc.Resources.map((k) => [k.Kind, k.Count, k.Accounts, k.First.map((f) => f.Name)])).toEqual([
      ['launch-configurations', 12, { '000000000000': 12 }, ['st-01', 'st-02']],
    ]);
    expect(Object.keys(doc.Resources[0]!.First[0]!)).toEqual(['Kind', 'Account', 'Region', 'Name', 'Created']);
    const { Kept, FirstSeq, LastSeq, Size } = doc.Journal;
    expect([Kept, LastSeq - FirstSeq + 1, Size]).toEqual([12, 12, 1000]);
  });

  it('an ETag on every read; If-None-Match gets 304 and no body until something changes', async () => {
    const first = await fetch(`${serve.url}/_svcctl/inspector/state`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    const again = await fetch(`${serve.url}/_svcctl/inspector/state`, { headers: { 'if-none-match': etag } });
    expect([again.status, again.headers.get('etag'), await again.text()]).toEqual([304, etag, '']);
    // A change through serve, and one by another connection to the store (as another process's).
    expect((await lc(13)).status).toBe(200);
    const changed = await fetch(`${serve.url}/_svcctl/inspector/state`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    const etag2 = changed.headers.get('etag')!;
    expect(etag2).not.toBe(etag);
    expect(((await changed.json()) as { Resources: { Count: number }[] }).Resources[0]!.Count).toBe(13);
    const same = await fetch(`${serve.url}/_svcctl/inspector/state`, { headers: { 'if-none-match': etag2 } });
    expect(same.status).toBe(304);
    const db = openTestStore(join(dir, 'home'));
    try {
      seedInto(db, { home: join(dir, 'home'), count: 1, name: () => 'st-direct' });
    } finally {
      db.close();
    }
    const direct = await fetch(`${serve.url}/_svcctl/inspector/state`, { headers: { 'if-none-match': etag2 } });
    expect(direct.status).toBe(200);
    expect(((await direct.json()) as { Resources: { Count: number }[] }).Resources[0]!.Count).toBe(14);
  });

  it('compresses what is over 1 KiB for a client that accepts it', async () => {
    const url = `${serve.url}/_svcctl/resources?kind=launch-configurations`;
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const gz = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const br = await fetch(url, { headers: { 'accept-encoding': 'gzip;q=0.5, br' } });
    const none = await fetch(url, { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(
      [plain, gz, br, none].map((r) => [r.status, r.headers.get('content-encoding'), r.headers.get('vary')]),
    ).toEqual([
      [200, null, 'Accept-Encoding'],
      [200, 'gzip', 'Accept-Encoding'],
      [200, 'br', 'Accept-Encoding'],
      [200, null, 'Accept-Encoding'],
    ]);
    const texts = await Promise.all([plain, gz, br, none].map((r) => r.text()));
    expect(new Set(texts).size).toBe(1);
    const names = (JSON.parse(texts[0]!) as { Resources: { Kind: string; Name: string }[] }).Resources;
    expect(names.map((n) => n.Name)).toEqual([
      ...Array.from({ length: 13 }, (_, i) => `st-${String(i + 1).padStart(2, '0')}`),
      'st-direct',
    ]);
    // Small answers go as they are.
    const health = await fetch(`${serve.url}/_svcctl/health`, { headers: { 'accept-encoding': 'gzip' } });
    expect([health.status, health.headers.get('content-encoding')]).toEqual([200, null]);
    await health.arrayBuffer();
  });

  it('refuses an unknown kind and a bad count, naming them', async () => {
    for (const [path, message] of [
      ['/resources?kind=nope', `Unknown kind 'nope': expected one of ${RESOURCE_KINDS.join(', ')}.`],
      ['/inspector/state?first=ten', "first must be a whole number, not 'ten'."],
      ['/inspector/state?first=1001', 'first is at most 1000, not 1001.'],
    ]) {
      const r = await fetch(`${serve.url}/_svcctl${path}`);
      expect([r.status, await r.json()]).toEqual([400, { error: { code: 'InvalidParameter', message } }]);
    }
  });
});

/**
 * How many distinct colours a screenshot holds, read in the browser itself (a blank page has one or two):
 * the PNG is drawn on a canvas of a blank page and its pixels counted.
 */
async function countColours(png: Buffer): Promise<number> {
  const blank = await browser.newPage();
  try {
    // A string, run in the page (the tests are not compiled against the DOM's types).
    const count = `(async () => {
      const img = new Image();
      img.src = 'data:image/png;base64,${png.toString('base64')}';
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0);
      const data = g.getImageData(0, 0, img.width, img.height).data;
      const seen = new Set();
      for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return seen.size;
    })()`;
    return (await blank.evaluate(count)) as number;
  } finally {
    await blank.close();
  }
}
