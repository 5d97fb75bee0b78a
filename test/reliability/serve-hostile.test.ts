/**
 * Hostile input to `svcctl serve`'s server (in-process, with short time limits so that stalls resolve in
 * well under a second): random bytes, random requests of every protocol (fast-check), and hand-written
 * attacks. Every answer must be a well-formed 4xx in the protocol's shape (or an empty 4xx that closes
 * the connection, for what Node cannot parse as HTTP), never a 5xx; no request may take longer than
 * its time limits; and a normal request must be answered promptly afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedService } from '../../src/backends/embedded/embedded.js';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { CountingIds, FixedClock, sandbox, type Sandbox } from '../helpers/cli.js';
import { exchange, parseResponses, problemWith, requestText, speaksFor } from './raw-http.js';

const LIMITS = {
  bodyIdleMs: 300,
  headersTimeoutMs: 500,
  requestTimeoutMs: 1_500,
  keepAliveTimeoutMs: 500,
  socketIdleMs: 1_000,
};
/**
 * A bound for a time-out that never fires at all (a hang), not a speed limit: on a machine whose cores are
 * busy a timer can be seconds late (issue 34, item 9). The lower bounds check the time-outs are not early.
 */
const WORST_MS = 60_000;

let sb: Sandbox;
let service: EmbeddedService;
let server: RunningServer;
let port: number;
const log: string[] = [];

beforeAll(async () => {
  sb = sandbox();
  service = new EmbeddedService({
    home: sb.env.SVCCTL_HOME!,
    storeUrl: sb.env.SVCCTL_STORE_URL,
    accountId: '000000000000',
    clock: new FixedClock(),
    ids: new CountingIds(),
  });
  server = await startServer({ service, port: 0, limits: LIMITS, log: (l) => log.push(l) });
  port = server.port;
});
afterAll(async () => {
  await server.close();
  service.close();
  sb.cleanup();
});

const TARGET = 'AmazonEC2ContainerRegistry_V20150921';
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const v2Headers = { 'content-type': 'application/json', authorization: 'Bearer sk_test_hostile' };
const ecrHeaders = (op: string) => ({
  'content-type': 'application/x-amz-json-1.1',
  'x-amz-target': `${TARGET}.${op}`,
});
const json = (method: string, path: string, headers: Record<string, string>, body: string) =>
  requestText(method, path, { ...headers, 'content-length': String(Buffer.byteLength(body)) }, body);

/** Checks every response the server sent for one request; returns the statuses. */
function judge(text: string, speaks: ReturnType<typeof speaksFor> | undefined, head = false): number[] {
  const responses = parseResponses(text, head);
  for (const r of responses) {
    // A HEAD answer has no body to judge: only its status.
    const problem = head ? (r.status >= 500 ? `server error ${r.status}` : undefined) : problemWith(r, speaks);
    expect(problem, `${r.status} ${JSON.stringify(r.headers)} ${r.body}`).toBeUndefined();
  }
  return responses.map((r) => r.status);
}

const bare = (status: string) => `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`;

describe('hand-written attacks', () => {
  const cases: Array<[string, Buffer, string]> = [
    [
      'deep JSON nesting, v2 with an Idempotency-Key',
      json(
        'POST',
        '/v2/core/account_tokens',
        { ...v2Headers, 'idempotency-key': 'deep' },
        `{"display_name": ${deep(100_000)}}`,
      ),
      '{"error":{"type":"invalid_request_error","code":"malformed_request","message":"The request body nests deeper than 32 levels."}}',
    ],
    [
      'deep JSON nesting, JSON 1.1',
      json('POST', '/', ecrHeaders('CreateRepository'), `{"repositoryName": "ab", "tags": ${deep(100_000)}}`),
      '{"__type":"SerializationException","message":"The request body nests deeper than 32 levels."}',
    ],
    [
      'a form name 50,000 levels deep',
      json(
        'POST',
        '/',
        { 'content-type': 'application/x-www-form-urlencoded' },
        `Action=DescribeLaunchConfigurations&${'A.'.repeat(50_000)}x=1`,
      ),
      'MalformedQueryString</Code><Message>A parameter name of the request nests deeper than 32 levels.</Message>',
    ],
    [
      'a query string 1,000 levels deep (GET)',
      requestText('GET', `/?Action=DescribeLaunchConfigurations&${'a%2E'.repeat(1_000)}b=1`, {}, ''),
      'MalformedQueryString</Code><Message>A parameter name of the request nests deeper than 32 levels.</Message>',
    ],
  ];
  it.each(cases)("%s → 400 in the protocol's shape", async (name, bytes, expected) => {
    const res = await exchange(port, bytes);
    const speaks = name.includes('v2') ? 'v2' : name.includes('JSON 1.1') ? 'json11' : 'query';
    expect(judge(res.text, speaks)).toEqual([400]);
    expect(res.text).toContain(expected);
  });

  it.each([
    [
      'a header over 16 KiB',
      requestText('GET', '/', { 'x-big': 'a'.repeat(17 * 1024) }, ''),
      bare('431 Request Header Fields Too Large'),
    ],
    [
      'a URL over 16 KiB',
      requestText('GET', `/?Action=${'a'.repeat(17 * 1024)}`, {}, ''),
      bare('431 Request Header Fields Too Large'),
    ],
    ['an unknown method', requestText('BREW', '/', {}, ''), bare('400 Bad Request')],
    ['a lower-case method', requestText('post', '/', {}, ''), bare('400 Bad Request')],
    [
      'Content-Length and Transfer-Encoding together',
      requestText('POST', '/', { 'content-length': '3', 'transfer-encoding': 'chunked' }, '0\r\n\r\n'),
      bare('400 Bad Request'),
    ],
    [
      'two Content-Lengths',
      requestText('POST', '/', { 'content-length': '3', 'Content-Length': '4' }, 'abcd'),
      bare('400 Bad Request'),
    ],
    [
      'a bad chunk size',
      requestText(
        'POST',
        '/v2/core/account_tokens',
        { ...v2Headers, 'transfer-encoding': 'chunked' },
        'zz\r\n{}\r\n0\r\n\r\n',
      ),
      bare('400 Bad Request'),
    ],
    [
      'binary garbage',
      Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03, 0x0d, 0x0a, 0x0d, 0x0a]),
      bare('400 Bad Request'),
    ],
    ['CONNECT', requestText('CONNECT', '127.0.0.1:22', {}, ''), ''],
  ])('%s → %j', async (_name, bytes, expected) => {
    const res = await exchange(port, bytes);
    expect(res).toMatchObject({ text: expected, closed: true });
  });

  it('a truncated body (the client hangs up mid-body): 400 and closed, nothing is created', async () => {
    const res = await exchange(
      port,
      requestText(
        'POST',
        '/',
        { ...ecrHeaders('CreateRepository'), 'content-length': '100' },
        '{"repositoryName": "truncated"',
      ),
    );
    expect(res).toMatchObject({ text: bare('400 Bad Request'), closed: true });
    expect(service.store.prepare("SELECT count(*) FROM repositories WHERE name = 'truncated'").pluck().get()).toBe(0);
  });

  it("a client that stalls mid-body gets 408 in its protocol's shape after bodyIdleMs", async () => {
    const res = await exchange(
      port,
      requestText('POST', '/v2/core/account_tokens', { ...v2Headers, 'content-length': '100' }, '{"display_name": "sl'),
      { end: false, timeoutMs: WORST_MS },
    );
    expect(judge(res.text, 'v2')).toEqual([408]);
    expect(JSON.parse(parseResponses(res.text)[0]!.body).error.code).toBe('request_timeout');
    expect(res.ms).toBeLessThan(WORST_MS);
  });

  it('a client that drips its body a byte at a time is cut at requestTimeoutMs', async () => {
    const started = performance.now();
    const { connect } = await import('node:net');
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
    socket.on('error', () => {});
    socket.write(
      requestText(
        'POST',
        '/',
        { host: `127.0.0.1:${port}`, ...ecrHeaders('CreateRepository'), 'content-length': '1000' },
        '{',
      ),
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), LIMITS.bodyIdleMs / 3);
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    clearInterval(drip);
    const ms = performance.now() - started;
    expect(text).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    expect(ms).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50);
    expect(ms).toBeLessThan(WORST_MS);
  });

  it('a client that connects and sends nothing gets 408 after headersTimeoutMs', async () => {
    const res = await exchange(port, '', { end: false, timeoutMs: WORST_MS });
    expect(res).toMatchObject({ text: bare('408 Request Timeout'), closed: true });
    expect(res.ms).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
    expect(res.ms).toBeLessThan(WORST_MS);
  });
});

/** A request of any protocol, well-formed or not, framed correctly or not. */
const requests = fc.record({
  method: fc.constantFrom(
    'GET',
    'POST',
    'POST',
    'POST',
    'PUT',
    'DELETE',
    'PATCH',
    'HEAD',
    'OPTIONS',
    'TRACE',
    'QUERY',
    'BREW',
  ),
  path: fc.oneof(
    fc.constantFrom(
      '/',
      '/v2/core/account_tokens',
      '/v2/billing/meter_event_adjustments',
      '/v2',
      '/v2/',
      '/?Action=DescribeLaunchConfigurations&MaxRecords=2',
    ),
    fc.string({ unit: fc.constantFrom(...'abcxyz019_-./%?&=+~'.split('')), maxLength: 60 }).map((s) => `/${s}`),
    fc
      .string({ unit: fc.constantFrom(...'abcxyz019_-.%'.split('')), maxLength: 40 })
      .map((s) => `/v2/core/account_tokens/${s}`),
  ),
  contentType: fc.constantFrom(
    undefined,
    'application/json',
    'application/x-amz-json-1.1',
    'application/x-www-form-urlencoded',
    'text/plain',
    'application/json; charset=utf-8',
    '',
  ),
  target: fc.option(
    fc.oneof(
      fc
        .constantFrom('CreateRepository', 'DescribeRepositories', 'DeleteRepository', 'Nope', '__proto__')
        .map((op) => `${TARGET}.${op}`),
      fc.string({ maxLength: 40 }),
    ),
    { nil: undefined },
  ),
  auth: fc.option(
    fc.constantFrom(
      'Bearer sk_test_fuzz',
      'Bearer sk_live_fuzz',
      'Bearer pk_test_fuzz',
      'Bearer',
      'Bearer bad key',
      'Basic c2tfdGVzdF9mdXp6Og==',
      'AWS4-HMAC-SHA256 Credential=AKID/20261120/us-east-1/ecr/aws4_request, SignedHeaders=host, Signature=00',
      'AWS4-HMAC-SHA256 Credential=x',
      'garbage',
    ),
    { nil: undefined },
  ),
  idempotency: fc.option(
    fc.string({ unit: 'grapheme-ascii', maxLength: 300 }).filter((s) => !/[\r\n]/.test(s)),
    { nil: undefined },
  ),
  body: fc.oneof(
    fc.json({ depthSize: 'medium' }),
    fc
      .jsonValue()
      .map((v) => JSON.stringify({ repositoryName: v, display_name: v, tags: [v], identity: { entity_type: v } })),
    fc.integer({ min: 1, max: 5_000 }).map(deep),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('latin1')),
    fc
      .array(
        fc.tuple(
          fc.constantFrom(
            'Action',
            'Version',
            'LaunchConfigurationNames.member.1',
            'MaxRecords',
            'NextToken',
            'A.b.c',
            'x',
          ),
          fc.string({ maxLength: 20 }),
        ),
        { maxLength: 6 },
      )
      .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')),
  ),
  framing: fc.constantFrom('exact', 'exact', 'exact', 'short', 'long', 'chunked', 'none'),
});

type RandomRequest = typeof requests extends fc.Arbitrary<infer T> ? T : never;

function frame(r: RandomRequest): { bytes: Buffer; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  if (r.contentType !== undefined) headers['content-type'] = r.contentType;
  if (r.target !== undefined) headers['x-amz-target'] = r.target.replace(/[\r\n]/g, '');
  if (r.auth !== undefined) headers.authorization = r.auth;
  if (r.idempotency !== undefined) headers['idempotency-key'] = r.idempotency;
  const body = Buffer.from(r.body, 'utf8');
  if (r.framing === 'chunked') {
    headers['transfer-encoding'] = 'chunked';
    const chunked = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
    return { bytes: requestText(r.method, r.path, headers, body.length === 0 ? '0\r\n\r\n' : chunked), headers };
  }
  if (r.framing !== 'none')
    headers['content-length'] = String(
      body.length + (r.framing === 'short' ? -Math.min(1, body.length) : r.framing === 'long' ? 10 : 0),
    );
  return { bytes: requestText(r.method, r.path, headers, r.framing === 'none' ? '' : body), headers };
}

describe('random input (fast-check)', () => {
  it('random bytes: an empty 400 that closes, or nothing', async () => {
    const statuses: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 2_000 }), async (bytes) => {
        const res = await exchange(port, Buffer.from(bytes));
        expect(res.closed).toBe(true);
        for (const s of judge(res.text, undefined)) statuses[s] = (statuses[s] ?? 0) + 1;
      }),
      { numRuns: 200 },
    );
    console.log(
      `hostile serve, random bytes: 200 connections → statuses ${JSON.stringify(statuses)}, all closed, no 5xx`,
    );
  });

  it("random requests of every protocol: a 2xx, or a 4xx in the protocol's shape; never a 5xx", async () => {
    const statuses: Record<string, number> = {};
    let slowest = 0;
    await fc.assert(
      fc.asyncProperty(requests, async (r) => {
        const { bytes, headers } = frame(r);
        const res = await exchange(port, bytes, { timeoutMs: WORST_MS });
        slowest = Math.max(slowest, res.ms);
        expect(res.closed).toBe(true);
        const speaks = speaksFor(r.path, headers);
        // BREW is no HTTP method: Node refuses it before any protocol is known.
        for (const s of judge(res.text, r.method === 'BREW' ? undefined : speaks, r.method === 'HEAD')) {
          statuses[s] = (statuses[s] ?? 0) + 1;
        }
      }),
      { numRuns: 1_000 },
    );
    console.log(
      `hostile serve, random requests: 1000 → statuses ${JSON.stringify(statuses)}, slowest ${slowest.toFixed(0)} ms, no 5xx`,
    );
    expect(log.filter((l) => l.startsWith('internal error'))).toEqual([]);
  });

  it('afterwards a normal request is answered promptly', async () => {
    const res = await exchange(
      port,
      json('POST', '/', ecrHeaders('CreateRepository'), '{"repositoryName": "after/attacks"}'),
    );
    expect(judge(res.text, 'json11')).toEqual([200]);
    console.log(`hostile serve: a normal request afterwards answered in ${res.ms.toFixed(0)} ms`);
  });
});
