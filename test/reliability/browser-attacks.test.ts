/**
 * A web page in a real browser (Debian's chromium driven by playwright-core, never a downloaded one) cannot
 * read, reset or change a local `svcctl serve` (issue 25, items 1 and 2):
 *
 * - from another origin (a second loopback server on another port): fetch() of the journal, resources and
 *   inspector state, a no-cors POST of reset, an `<img>` GET of DeleteLaunchConfiguration (also with a
 *   made-up signature),
 *   form POSTs (urlencoded, text/plain, multipart) of CreateLaunchConfiguration and CreateRepository;
 * - after DNS rebinding: the page's own origin is http://evil.example:SERVEPORT and the browser resolves
 *   evil.example to 127.0.0.1 (`--host-resolver-rules`), so its requests reach serve same-origin, and their
 *   answers would be readable: serve answers 421 to all of them.
 *
 * Each page says when it is done (its own completion signal); the test then reads serve's state: resources
 * still there, nothing forged, the journal holding only what the test itself did, and serve's log showing
 * that the page's requests reached it and were refused. Then the clients that must keep working do: the AWS
 * CLI, a presigned GET URL made by botocore's generate_presigned_url, and the stripe SDK.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { AWS, awsCliEnv } from '../peers/aws-cli-peer.js';
import { runProgram, type ServeProcess, startServe } from '../peers/serve-process.js';
import { stripeAt } from '../peers/stripe-serve.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const BOTOCORE_CALL = fileURLToPath(new URL('../peers/botocore-call.py', import.meta.url));

let dir: string;
let serve: ServeProcess;
let attacker: Server;
let attackerOrigin: string;
const browsers: BrowserContext[] = [];

/** The attacker's page: every attack against `target`, then `body[data-done]` and `window.results`. */
function attackPage(target: string): string {
  const lc =
    'Action=CreateLaunchConfiguration&Version=2011-01-01&ImageId=ami-12345678&InstanceType=t2.micro&LaunchConfigurationName=';
  return `<!doctype html><html><body><script>
  const target = ${JSON.stringify(target)};
  const results = {};
  const settle = (name, p) => p.then((v) => (results[name] = v), (e) => (results[name] = 'blocked: ' + e.name));
  const read = (path, init) => fetch(target + path, init).then(async (r) => r.type === 'opaque' ? 'opaque' : r.status + ' ' + (await r.text()));
  function image(name, src) {
    return new Promise((resolve) => { const img = new Image(); img.onload = () => resolve(results[name] = 'loaded'); img.onerror = () => resolve(results[name] = 'error'); img.src = target + src; });
  }
  function form(name, enctype, fields) {
    return new Promise((resolve) => {
      const frame = document.createElement('iframe'); frame.name = name; document.body.appendChild(frame);
      frame.onload = () => resolve(results[name] = 'submitted');
      const f = document.createElement('form'); f.method = 'POST'; f.action = target + '/'; f.enctype = enctype; f.target = name;
      for (const [k, v] of Object.entries(fields)) { const i = document.createElement('input'); i.type = 'hidden'; i.name = k; i.value = v; f.appendChild(i); }
      document.body.appendChild(f); f.submit();
    });
  }
  const fields = (name) => Object.fromEntries(new URLSearchParams(${JSON.stringify(lc)} + name));
  Promise.all([
    settle('journal', read('/_svcctl/journal')),
    settle('resources', read('/_svcctl/resources')),
    settle('inspector-state', read('/_svcctl/inspector/state')),
    settle('reset', read('/_svcctl/reset', { method: 'POST', mode: 'no-cors' })),
    settle('reset-cors', read('/_svcctl/reset', { method: 'POST' })),
    settle('describe', read('/?Action=DescribeLaunchConfigurations&Version=2011-01-01')),
    settle('create-fetch', read('/', { method: 'POST', mode: 'no-cors', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: ${JSON.stringify(lc)} + 'forged-fetch' })),
    settle('create-same-origin', read('/', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: ${JSON.stringify(lc)} + 'forged-same-origin' })),
    image('img-delete', '/?Action=DeleteLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=victim'),
    image('img-delete-signed', '/?Action=DeleteLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=victim&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=' + '0'.repeat(64)),
    form('form-urlencoded', 'application/x-www-form-urlencoded', fields('forged-form')),
    form('form-text', 'text/plain', fields('forged-text')),
    form('form-multipart', 'multipart/form-data', fields('forged-multipart')),
    form('form-ecr', 'application/x-www-form-urlencoded', { Action: 'CreateRepository', repositoryName: 'forged/repo' }),
  ]).then(() => { window.results = results; document.body.dataset.done = 'true'; });
  </script></body></html>`;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-browser-'));
  serve = await startServe([], { SVCCTL_HOME: join(dir, 'home') });
  attacker = createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://x').searchParams.get('target') ?? '';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(attackPage(target));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
  // What the page would destroy: a launch configuration and a repository, made by the test (journal 1 and 2).
  const made = await fetch(`${serve.url}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'Action=CreateLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=victim&ImageId=ami-12345678&InstanceType=t2.micro',
  });
  expect(made.status).toBe(200);
  const repo = await fetch(`${serve.url}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
    },
    body: '{"repositoryName": "team/app"}',
  });
  expect(repo.status).toBe(200);
});
afterAll(async () => {
  for (const b of browsers) await b.close();
  await new Promise((resolve) => attacker?.close(resolve));
  await serve?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Chromium with a new, empty profile. */
async function launch(extra: string[] = []): Promise<BrowserContext> {
  const profile = mkdtempSync(join(dir, 'chromium-profile-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, ...extra],
  });
  browsers.push(browser);
  return browser;
}

/** Serve's state as a client that is not a browser reads it. */
async function serveState(): Promise<{ resources: string[]; journal: string[] }> {
  const resources = (await (await fetch(`${serve.url}/_svcctl/resources`)).json()) as {
    Resources: Array<{ Kind: string; Name: string }>;
  };
  const journal = (await (await fetch(`${serve.url}/_svcctl/journal`)).json()) as {
    Entries: Array<{ Operation: string; Status: number }>;
  };
  return {
    resources: resources.Resources.map((r) => `${r.Kind} ${r.Name}`),
    journal: journal.Entries.map((e) => `${e.Operation} ${e.Status}`),
  };
}

/**
 * What the test made, and nothing else: the page's one read (its answer withheld from the page by the
 * browser) is in the journal; no write, no reset.
 */
const UNTOUCHED = {
  resources: ['repositories team/app', 'launch-configurations victim'],
  journal: ['CreateLaunchConfiguration 200', 'CreateRepository 200', 'DescribeLaunchConfigurations 200'],
};

describe('a page in Chromium cannot read, reset or change a local serve', { timeout: 120_000 }, () => {
  it('from another origin: reads are blocked by the browser, writes and resets refused by serve', async () => {
    const page = await (await launch()).newPage();
    await page.goto(`${attackerOrigin}/attack.html?target=${encodeURIComponent(serve.url)}`);
    await page.locator('body[data-done="true"]').waitFor();
    const results = (await page.evaluate('window.results')) as Record<string, string>;
    // No answer is readable by the page: serve sends no CORS headers.
    for (const name of ['journal', 'resources', 'inspector-state', 'reset-cors', 'describe', 'create-same-origin'])
      expect([name, results[name]]).toEqual([name, 'blocked: TypeError']);
    expect(await serveState()).toEqual(UNTOUCHED);
    // The requests did reach serve, and serve refused them (403), not the browser.
    const log = serve.stderr();
    for (const line of [
      / POST \/_svcctl\/reset 403 svcctl /,
      / GET \/_svcctl\/journal 403 svcctl /,
      / GET \/_svcctl\/inspector\/state 403 svcctl /,
      / GET \/ 403 query:DeleteLaunchConfiguration /,
      / POST \/ 403 query:CreateLaunchConfiguration /,
    ])
      expect(log).toMatch(line);
    expect(log.match(/ GET \/ 403 query:DeleteLaunchConfiguration /g)).toHaveLength(2);
  });

  it('after DNS rebinding (the page is http://evil.example:SERVEPORT, resolved to 127.0.0.1): every request gets 421', async () => {
    const port = new URL(serve.url).port;
    const rebound = `http://evil.example:${port}`;
    // Chromium's Local Network Access would stop a page it did not load from this machine at the browser
    // already; turned off, what reaches serve is serve's to refuse, as in browsers without it.
    const browser = await launch([
      '--host-resolver-rules=MAP evil.example 127.0.0.1',
      '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests',
    ]);
    const page = await browser.newPage();
    // The page as the attacker's server sent it before the name was rebound; everything after goes to serve.
    const html = await (await fetch(`${attackerOrigin}/attack.html?target=${encodeURIComponent(rebound)}`)).text();
    await page.route(`${rebound}/attack.html`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: html }),
    );
    await page.goto(`${rebound}/attack.html`);
    await page.locator('body[data-done="true"]').waitFor();
    const results = (await page.evaluate('window.results')) as Record<string, string>;
    const refused = `Host evil.example:${port} does not name this server`;
    // Same-origin for the browser: the page reads serve's answers, and every one is the refusal.
    for (const name of ['journal', 'resources', 'inspector-state', 'reset-cors', 'describe', 'create-same-origin']) {
      expect([name, results[name]?.slice(0, 4)]).toEqual([name, '421 ']);
      expect(results[name]).toContain(refused);
    }
    expect(await serveState()).toEqual(UNTOUCHED);
    expect(serve.stderr()).toMatch(/ GET \/_svcctl\/journal 421 svcctl /);
    expect(serve.stderr()).toMatch(/ POST \/ 421 query:- /);
  });
});

describe('the clients that must keep working still do', { timeout: 120_000 }, () => {
  const awsEnv = () => awsCliEnv(join(dir, 'aws-home'), { AWS_EC2_METADATA_DISABLED: 'true' });

  it('the AWS CLI: reads and writes, both protocols', async () => {
    const aws = (args: string[]) => runProgram(AWS, [...args, '--endpoint-url', serve.url], awsEnv());
    expect(
      await aws(['autoscaling', ...createLaunchConfiguration('by-cli', { image: 'ami-12345678', type: 't2.micro' })]),
    ).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(
      await aws([
        'ecr',
        'create-repository',
        '--repository-name',
        'by/cli',
        '--query',
        'repository.repositoryName',
        '--output',
        'text',
      ]),
    ).toEqual({ code: 0, stdout: 'by/cli\n', stderr: '' });
    expect(
      await aws([
        'autoscaling',
        'describe-launch-configurations',
        '--query',
        'LaunchConfigurations[].LaunchConfigurationName',
        '--output',
        'text',
      ]),
    ).toEqual({ code: 0, stdout: 'by-cli\tvictim\n', stderr: '' });
  });

  it('a presigned GET URL (botocore generate_presigned_url) deletes', async () => {
    const input = JSON.stringify({
      endpoint: serve.url,
      region: 'us-east-1',
      at: null,
      service: 'autoscaling',
      operation: 'delete_launch_configuration',
      params: { LaunchConfigurationName: 'by-cli' },
      key: 'AKIDEXAMPLE',
      secret: 'dummy',
      presign: 300,
      httpMethod: 'GET',
    });
    const { url } = JSON.parse(execFileSync('/usr/bin/python3', [BOTOCORE_CALL, input], { encoding: 'utf8' })) as {
      url: string;
    };
    expect(url).toMatch(/[?&]Action=DeleteLaunchConfiguration&.*X-Amz-Signature=[0-9a-f]{64}$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect((await serveState()).resources).not.toContain('launch-configurations by-cli');
  });

  it('the stripe SDK', async () => {
    const stripe = stripeAt(serve.url, 'sk_test_browser');
    const token = await stripe.v2.core.accountTokens.create({
      display_name: 'Still works',
    } as Stripe.V2.Core.AccountTokenCreateParams);
    expect(token.object).toBe('v2.core.account_token');
    expect((await stripe.v2.core.accountTokens.retrieve(token.id)).id).toBe(token.id);
  });
});
