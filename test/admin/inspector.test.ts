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
  return runProgram('/usr/bin/aws', [...args, '--endpoint-url', serve.url], {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: join(dir, 'aws-home'),
    AWS_ACCESS_KEY_ID: 'x',
    AWS_SECRET_ACCESS_KEY: 'y',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_PAGER: '',
    AWS_EC2_METADATA_DISABLED: 'true',
  });
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
      'create-launch-configuration',
      '--launch-configuration-name',
      'web v1',
      '--image-id',
      'ami-12345678',
      '--instance-type',
      't2.micro',
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
    await page.fill('#filter-text', 'nothing-like-this');
    expect(await page.locator('#journal-empty').textContent()).toBe('No entry matches the filters.');
    await page.fill('#filter-text', '');
  });

  it("copies an entry's command line", async () => {
    const button = page.locator('#journal tbody tr[data-seq="2"] button.copy');
    await button.click();
    await page.locator('#journal tbody tr[data-seq="2"] button.copy', { hasText: 'Copied' }).waitFor();
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
