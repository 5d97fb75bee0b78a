/**
 * What a web page in the user's browser could make a local serve do (issue 25, items 1 and 2), request by
 * request as the browser would send it: a Host that does not name serve (DNS rebinding) gets 421 in the
 * protocol's shape before anything is read; a write from another site's page (Origin, Sec-Fetch-Site), or
 * an unsigned write over GET (an `<img src>`), gets 403; reads stay open. After each refusal the store and
 * the journal are as they were. The same in a real browser: test/reliability/browser-attacks.test.ts.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hostRules } from '../../src/server/browsers.js';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { inProcessServeForFile } from '../helpers/in-process-serve.js';
import { json11, query, type RawRequest, send, v2 } from '../helpers/wire-client.js';
import { failed, paramError } from '../helpers/cli-results.js';

const serve = inProcessServeForFile();
let own: string;
beforeAll(() => {
  own = `127.0.0.1:${serve.server.port}`;
});

const VICTIM =
  'Action=CreateLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=victim&ImageId=ami-12345678&InstanceType=t2.micro';
const DELETE = '/?Action=DeleteLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=victim';

/** Every table's rows, and the journal's: what a refused request must leave as it was. */
async function state(): Promise<unknown> {
  await serve.service.journalWritten();
  const db = serve.service.store;
  return ['repositories', 'launch_configurations', 'journal'].map((t) => db.prepare(`SELECT * FROM ${t}`).all());
}

beforeEach(async () => {
  await send(serve.url, { path: '/_svcctl/reset' });
  expect((await send(serve.url, query(VICTIM))).status).toBe(200);
});

const at = (host: string, req: RawRequest): RawRequest => ({ ...req, headers: { ...req.headers, host } });
const misdirected = (host: string, port: number) =>
  `Host ${host} does not name this server: it answers IP addresses, localhost and the names of --host and --allowed-hosts, on port ${port}. ` +
  'A page whose name was made to resolve here (DNS rebinding) gets this answer; to reach serve by that name, start it with --allowed-hosts NAME.';

describe('a Host that does not name serve (DNS rebinding): 421 before anything is read or changed', () => {
  /** The content type and body of an admin endpoint's refusal, around its message. */
  const ADMIN_REFUSAL = [
    'application/json',
    (m: string) => JSON.stringify({ error: { code: 'MisdirectedRequest', message: m } }),
  ] as const;
  it.each([
    ["the inspector's reset", { method: 'POST', path: '/_svcctl/reset' }, ...ADMIN_REFUSAL],
    ['the journal', { method: 'GET', path: '/_svcctl/journal' }, ...ADMIN_REFUSAL],
    ['the resources', { method: 'GET', path: '/_svcctl/resources' }, ...ADMIN_REFUSAL],
    ["the inspector's state", { method: 'GET', path: '/_svcctl/inspector/state' }, ...ADMIN_REFUSAL],
    [
      'a Query write',
      query(VICTIM.replace('victim', 'other')),
      'text/xml',
      (m: string) => `<Code>MisdirectedRequest</Code><Message>${m}</Message>`,
    ],
    [
      'a JSON 1.1 write',
      json11('CreateRepository', '{"repositoryName": "rebound"}'),
      'application/x-amz-json-1.1',
      (m: string) => JSON.stringify({ __type: 'MisdirectedRequestException', message: m }),
    ],
    [
      'a v2 write',
      v2('POST', '/v2/core/account_tokens', '{}'),
      'application/json',
      (m: string) =>
        JSON.stringify({ error: { type: 'invalid_request_error', code: 'misdirected_request', message: m } }),
    ],
  ])('%s', async (_what, req, type, body) => {
    const before = await state();
    const host = `evil.example:${serve.server.port}`;
    const res = await send(serve.url, at(host, { ...req, headers: { ...req.headers, origin: `http://${host}` } }));
    expect([res.status, res.headers['content-type'], res.headers.connection]).toEqual([421, type, 'close']);
    expect(res.body).toContain(body(misdirected(host, serve.server.port)));
    expect(await state()).toEqual(before);
  });

  it('takes the names of this server on its port: 127.0.0.1, localhost, [::1], any IP address, in any case', async () => {
    for (const host of [
      own,
      `localhost:${serve.server.port}`,
      `LOCALHOST:${serve.server.port}`,
      `[::1]:${serve.server.port}`,
      `10.1.2.3:${serve.server.port}`,
      `0.0.0.0:${serve.server.port}`,
    ]) {
      expect([host, (await send(serve.url, at(host, { method: 'GET', path: '/_svcctl/health' }))).status]).toEqual([
        host,
        200,
      ]);
    }
  });

  it('refuses other names, other ports, and no port where serve is not on the default one', async () => {
    const port = serve.server.port;
    for (const host of [
      '127.0.0.1',
      `127.0.0.1:${port + 1}`,
      `localhost.:${port}`,
      `sub.localhost:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `evil.example@127.0.0.1:${port}`,
      'evil.example',
    ]) {
      const res = await send(serve.url, at(host, { method: 'GET', path: '/_svcctl/journal' }));
      expect([host, res.status]).toEqual([host, 421]);
    }
  });

  it('--allowed-hosts: names, a domain and its subdomains, a forwarded port; * takes any Host', async () => {
    const extra = await startServer({
      service: serve.service,
      port: 0,
      allowedHosts: 'dev.test, .corp.example,127.0.0.1:8080',
    });
    const any = await startServer({ service: serve.service, port: 0, allowedHosts: '*' });
    try {
      const status = async (s: RunningServer, host: string) =>
        (await send(s.url, at(host, { method: 'GET', path: '/_svcctl/health' }))).status;
      const p = extra.port;
      expect(
        await Promise.all(
          [`dev.test:${p}`, `corp.example:${p}`, `a.b.corp.example:${p}`, '127.0.0.1:8080', `DEV.TEST:${p}`].map((h) =>
            status(extra, h),
          ),
        ),
      ).toEqual([200, 200, 200, 200, 200]);
      expect(
        await Promise.all(
          [`dev.test:8080`, `xcorp.example:${p}`, `dev.test.evil:${p}`, `evil.example:${p}`].map((h) =>
            status(extra, h),
          ),
        ),
      ).toEqual([421, 421, 421, 421]);
      expect(await status(any, 'evil.example:1')).toBe(200);
    } finally {
      await Promise.all([extra.close(), any.close()]);
    }
  });

  it('a Host, an Origin or an --allowed-hosts word past 1,024 characters is quoted by the one echo rule', async () => {
    const host = `h${'o'.repeat(1999)}`;
    const res = await send(serve.url, at(host, { method: 'GET', path: '/_svcctl/journal' }));
    expect([res.status, JSON.parse(res.body).error.message]).toEqual([
      421,
      misdirected(`h${'o'.repeat(63)}... (2000 characters)`, serve.server.port),
    ]);
    const origin = `http://${'e'.repeat(1993)}`;
    const ecr = await send(serve.url, json11('CreateRepository', '{"repositoryName": "forged"}', { origin }));
    expect([ecr.status, JSON.parse(ecr.body).message]).toEqual([
      403,
      FORBIDDEN('CreateRepository', `Origin: http://${'e'.repeat(57)}... (2000 characters)`),
    ]);
    expect(await serve.sb.run(['serve', '--port', '0', '--allowed-hosts', `x/${'y'.repeat(1998)}`])).toEqual(
      failed(
        252,
        paramError(
          `argument --allowed-hosts: invalid host: 'x/${'y'.repeat(62)}...' (2000 characters) (a name, name:port, .domain for it and its subdomains, or * for any)`,
        ),
      ),
    );
  });

  it('--host NAME is a name of serve; a bad --allowed-hosts word is a usage error (252) before anything listens', async () => {
    expect(hostRules('devbox.lan', undefined).names).toEqual(new Set(['devbox.lan']));
    expect(hostRules('0.0.0.0', undefined).names).toEqual(new Set());
    expect(await serve.sb.run(['serve', '--port', '0', '--allowed-hosts', 'ok.test,evil/path'])).toEqual(
      failed(
        252,
        paramError(
          "argument --allowed-hosts: invalid host: 'evil/path' (a name, name:port, .domain for it and its subdomains, or * for any)",
        ),
      ),
    );
  });
});

const FORBIDDEN = (op: string, site: string) =>
  `${op} changes the store and this request came from a page of another site (${site}): refused.`;
const queryError = (code: string, message: string) => `<Code>${code}</Code><Message>${message}</Message>`;

describe("a write from another site's page: 403, nothing changed", () => {
  it.each([
    ['a form POST (Origin)', { origin: 'http://evil.example' }, 'Origin: http://evil.example'],
    ['a form POST from a sandboxed frame (Origin: null)', { origin: 'null' }, 'Origin: null'],
    ["a page of serve's own name on another port", { origin: 'http://127.0.0.1:1' }, 'Origin: http://127.0.0.1:1'],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, 'Sec-Fetch-Site: cross-site'],
    [
      'Sec-Fetch-Site: same-site (another port of localhost)',
      { 'sec-fetch-site': 'same-site' },
      'Sec-Fetch-Site: same-site',
    ],
  ])('%s', async (_what, headers, site) => {
    const before = await state();
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await send(
        serve.url,
        query(VICTIM.replace('victim', 'forged'), { ...headers, 'content-type': type }),
      );
      if (type.startsWith('application/')) {
        expect([res.status, res.headers['content-type']]).toEqual([403, 'text/xml']);
        expect(res.body).toContain(queryError('AccessDenied', FORBIDDEN('CreateLaunchConfiguration', site)));
      } else {
        // A body of another type is no Query request at all (415): it changes nothing either.
        expect(res.status).toBe(415);
      }
    }
    const ecr = await send(serve.url, json11('CreateRepository', '{"repositoryName": "forged"}', headers));
    expect([ecr.status, JSON.parse(ecr.body)]).toEqual([
      403,
      { __type: 'AccessDeniedException', message: FORBIDDEN('CreateRepository', site) },
    ]);
    const token = await send(serve.url, v2('POST', '/v2/core/account_tokens', '{}', headers));
    expect([token.status, JSON.parse(token.body)]).toEqual([
      403,
      {
        error: {
          type: 'invalid_request_error',
          code: 'cross_site_request',
          message: FORBIDDEN('CreateAccountToken', site),
        },
      },
    ]);
    expect(await state()).toEqual(before);
  });

  it("the same requests from serve's own page (its Origin), or from clients that send none, go on", async () => {
    const page = await send(
      serve.url,
      query(VICTIM.replace('victim', 'own-page'), { origin: serve.url, 'sec-fetch-site': 'same-origin' }),
    );
    expect(page.status).toBe(200);
    expect((await send(serve.url, query(VICTIM.replace('victim', 'no-origin')))).status).toBe(200);
  });

  it("reads from another site's page stay open (the browser keeps their answers from the page)", async () => {
    const res = await send(
      serve.url,
      query('Action=DescribeLaunchConfigurations&Version=2011-01-01', {
        origin: 'http://evil.example',
        'sec-fetch-site': 'cross-site',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toContain('<LaunchConfigurationName>victim</LaunchConfigurationName>');
  });
});

describe('a write over GET (an <img src> on any page): only when signed', () => {
  it('an unsigned GET that would delete is refused; the launch configuration is still there', async () => {
    const before = await state();
    for (const method of ['GET', 'HEAD']) {
      const res = await send(serve.url, { method, path: DELETE });
      expect([method, res.status]).toEqual([method, 403]);
      if (method === 'GET') {
        expect(res.body).toContain(
          queryError(
            'AccessDenied',
            'DeleteLaunchConfiguration changes the store: over GET it is taken only when signed (a presigned URL with X-Amz-Signature, or an Authorization header); send it as POST.',
          ),
        );
      }
    }
    const img = await send(serve.url, {
      method: 'GET',
      path: DELETE,
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
    });
    expect(img.body).toContain(
      queryError('AccessDenied', FORBIDDEN('DeleteLaunchConfiguration', 'Sec-Fetch-Site: cross-site')),
    );
    expect(await state()).toEqual(before);
  });

  it('a read over GET goes on, and so does a signed write (presigned URL or Authorization header)', async () => {
    const read = await send(serve.url, {
      method: 'GET',
      path: '/?Action=DescribeLaunchConfigurations&Version=2011-01-01',
    });
    expect(read.status).toBe(200);
    const auth =
      'AWS4-HMAC-SHA256 Credential=AKID/20261120/us-east-1/autoscaling/aws4_request, SignedHeaders=host, Signature=00';
    expect((await send(serve.url, { method: 'GET', path: DELETE, headers: { authorization: auth } })).status).toBe(200);
    expect((await send(serve.url, query(VICTIM))).status).toBe(200);
    const presigned = `${DELETE}&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKID%2F20261120%2Fus-east-1%2Fautoscaling%2Faws4_request&X-Amz-Date=20261120T232151Z&X-Amz-Expires=300&X-Amz-SignedHeaders=host&X-Amz-Signature=${'0'.repeat(64)}`;
    expect((await send(serve.url, { method: 'GET', path: presigned })).status).toBe(200);
    expect(
      serve.service.store.prepare("SELECT count(*) FROM launch_configurations WHERE name = 'victim'").pluck().get(),
    ).toBe(0);
  });
});
