/**
 * HTTP/1.1 framing in `svcctl serve` (RFC 9112), over raw sockets: a request with two Host header fields is
 * 400 whichever comes first (Node keeps the first, so a second would ride past the Host check), and an
 * absolute-form request target is understood, its host taken from the target.
 */
import { describe, expect, it } from 'vitest';
import { inProcessServeForFile } from '../helpers/in-process-serve.js';
import { exchange, parseResponses } from '../reliability/raw-http.js';

const serve = inProcessServeForFile();
const port = () => serve.server.port;
/** Sends `text` to serve over a raw socket: what came back, and whether serve closed the connection. */
const raw = (text: string) => exchange(port(), text);
/** The Host line that names serve. */
const ownHost = () => `Host: 127.0.0.1:${port()}`;

const ECR_HEAD =
  'X-Amz-Target: AmazonEC2ContainerRegistry_V20150921.CreateRepository\r\nContent-Type: application/x-amz-json-1.1\r\n';

/** A CreateRepository whose head lines (Host ones included) are given. */
function create(target: string, hostLines: string[], name: string): string {
  const body = JSON.stringify({ repositoryName: name });
  return `POST ${target} HTTP/1.1\r\n${hostLines.map((h) => `${h}\r\n`).join('')}${ECR_HEAD}Content-Length: ${body.length}\r\n\r\n${body}`;
}

/** Creates `name` with an origin-form CreateRepository: the status serve answered. */
async function createdStatus(name: string): Promise<number> {
  return parseResponses((await raw(create('/', [ownHost()], name))).text)[0]!.status;
}

function repositories(): string[] {
  return (
    serve.service.store.prepare('SELECT name FROM repositories ORDER BY name').all() as Array<{ name: string }>
  ).map((r) => r.name);
}

describe('two Host header fields', () => {
  it.each([
    ['the right one first', () => [ownHost(), 'Host: evil.example']],
    ['the right one second', () => ['Host: evil.example', ownHost()]],
    ['the same one twice', () => [ownHost(), ownHost()]],
  ])('%s: 400, the reason, the connection closed, nothing done', async (_name, hosts) => {
    const res = await raw(create('/', hosts(), 'two/hosts'));
    expect(res.closed).toBe(true);
    const [answer, ...more] = parseResponses(res.text);
    expect(more).toEqual([]);
    expect(answer).toEqual({
      status: 400,
      headers: expect.objectContaining({ 'content-type': 'text/plain; charset=utf-8', connection: 'close' }),
      body: 'The request has 2 Host header fields; HTTP/1.1 allows exactly one (RFC 9112, section 3.2).\n',
    });
    expect(repositories()).toEqual([]);
    expect(serve.log.at(-1)).toMatch(
      /^127\.0\.0\.1 POST \/ 400 http \d+\.\dms: The request has 2 Host header fields; HTTP\/1\.1 allows exactly one \(RFC 9112, section 3\.2\)\.$/,
    );
  });

  it('on an admin path too: no reset', async () => {
    expect(await createdStatus('kept/one')).toBe(200);
    const res = await raw(
      `POST /_svcctl/reset HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\nHost: 127.0.0.1:${port()}\r\nContent-Length: 0\r\n\r\n`,
    );
    expect(parseResponses(res.text).map((r) => r.status)).toEqual([400]);
    expect(repositories()).toEqual(['kept/one']);
    serve.service.store.prepare('DELETE FROM repositories').run();
  });
});

describe('two fields of a header that takes one value (hostile pass 3b)', () => {
  const V2_HEAD = 'Content-Type: application/json\r\nAuthorization: Bearer sk_test_framing\r\n';
  const token = (extra: string) => {
    const body = '{"display_name":"dup"}';
    return `POST /v2/core/account_tokens HTTP/1.1\r\n${ownHost()}\r\n${extra}Content-Length: ${body.length}\r\n\r\n${body}`;
  };
  const tokens = () =>
    (serve.service.store.prepare('SELECT count(*) AS n FROM account_tokens').get() as { n: number }).n;

  it.each([
    // Node joined them into the key 'one, two', which neither retry of the client would send again.
    ['Idempotency-Key', `${V2_HEAD}Idempotency-Key: one\r\nIdempotency-Key: two\r\n`],
    // Node kept the first and dropped the second, unseen: the request acted with a key the client may not mean.
    [
      'Authorization',
      'Content-Type: application/json\r\nAuthorization: Bearer sk_test_a\r\nAuthorization: Bearer sk_test_b\r\n',
    ],
    [
      'Content-Type',
      'Content-Type: application/json\r\nContent-Type: text/plain\r\nAuthorization: Bearer sk_test_a\r\n',
    ],
  ])('%s twice: 400, the reason, nothing done', async (name, head) => {
    const before = tokens();
    const res = await raw(token(head));
    expect(res.closed).toBe(true);
    expect(parseResponses(res.text)).toEqual([
      {
        status: 400,
        headers: expect.objectContaining({ 'content-type': 'text/plain; charset=utf-8', connection: 'close' }),
        body: `The request has 2 ${name} header fields; this field takes one value (RFC 9110, section 5.3).\n`,
      },
    ]);
    expect(tokens()).toBe(before);
  });

  it('one field whose value has a comma is a value like any other', async () => {
    const res = await raw(token(`${V2_HEAD}Idempotency-Key: one, two\r\n`));
    expect(parseResponses(res.text).map((r) => r.status)).toEqual([200]);
  });
});

describe('absolute-form request targets', () => {
  it('POST http://127.0.0.1:PORT/_svcctl/reset reaches the admin reset (it was taken for a Query request)', async () => {
    expect(await createdStatus('abs/one')).toBe(200);
    expect(repositories()).toEqual(['abs/one']);
    const res = await raw(
      `POST http://127.0.0.1:${port()}/_svcctl/reset?kind=repositories HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\nContent-Length: 0\r\n\r\n`,
    );
    const [answer] = parseResponses(res.text);
    expect([answer!.status, JSON.parse(answer!.body)]).toEqual([200, { Deleted: { repositories: 1 } }]);
    expect(repositories()).toEqual([]);
  });

  it('an operation in absolute form is served as in origin form', async () => {
    const res = await raw(create(`http://127.0.0.1:${port()}/`, [ownHost()], 'abs/two'));
    const [answer] = parseResponses(res.text);
    expect(answer!.status).toBe(200);
    expect(JSON.parse(answer!.body).repository.repositoryName).toBe('abs/two');
    expect(serve.log.at(-1)).toMatch(/^127\.0\.0\.1 POST \/ 200 json11:CreateRepository \d+\.\dms$/);
    const v2 = await raw(
      `GET http://127.0.0.1:${port()}/v2/core/account_tokens/accttok_none HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\nAuthorization: Bearer sk_test_abs\r\n\r\n`,
    );
    expect(parseResponses(v2.text).map((r) => [r.status, JSON.parse(r.body).error.code])).toEqual([[404, 'not_found']]);
  });

  it("the host is the target's, Host ignored: a target naming another host is 421, a Host naming one is not", async () => {
    const misdirected = await raw(create(`http://evil.example:${port()}/`, [ownHost()], 'abs/evil'));
    const [refused] = parseResponses(misdirected.text);
    expect([refused!.status, JSON.parse(refused!.body).__type]).toEqual([421, 'MisdirectedRequestException']);
    const hostIgnored = await raw(create(`http://localhost:${port()}/`, ['Host: evil.example'], 'abs/fine'));
    expect(parseResponses(hostIgnored.text).map((r) => r.status)).toEqual([200]);
    expect(repositories()).toEqual(['abs/fine', 'abs/two']);
  });

  it.each([
    [
      'another scheme',
      'ftp://127.0.0.1/x',
      "The request target's scheme ftp: is not http or https (RFC 9112, section 3.2.2).\n",
    ],
    [
      'user information in the authority',
      'http://user@127.0.0.1/',
      'The request target\'s authority "user@127.0.0.1" is not a host[:port] (RFC 9112, section 3.2.2).\n',
    ],
    [
      'a scheme of 2,000 characters (quoted by the one echo rule)',
      `f${'t'.repeat(1999)}://127.0.0.1/x`,
      `The request target's scheme f${'t'.repeat(63)}... (2000 characters): is not http or https (RFC 9112, section 3.2.2).\n`,
    ],
    [
      'an authority of 2,010 characters (quoted by the one echo rule)',
      `http://${'u'.repeat(2000)}@127.0.0.1/`,
      `The request target's authority "${'u'.repeat(64)}..." (2010 characters) is not a host[:port] (RFC 9112, section 3.2.2).\n`,
    ],
  ])('%s: 400 with the reason', async (_name, target, reason) => {
    const res = await raw(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(parseResponses(res.text).map((r) => [r.status, r.body])).toEqual([[400, reason]]);
  });
});

// After the others: the repositories it makes stay.
describe("two fields of a header serve's own endpoints read (siblings pass)", () => {
  it.each([
    // Node joined them into 'same-origin, cross-site', which is neither: the reset was done.
    ['Sec-Fetch-Site', 'Sec-Fetch-Site: same-origin\r\nSec-Fetch-Site: cross-site\r\n'],
    ['Origin', () => `Origin: http://127.0.0.1:${port()}\r\nOrigin: http://evil.example\r\n`],
  ])('%s twice on POST /_svcctl/reset: 400, the reason, nothing deleted', async (name, lines) => {
    expect(await createdStatus(`dup-site/${name.toLowerCase()}`)).toBe(200);
    const before = repositories();
    const head = typeof lines === 'string' ? lines : lines();
    const res = await raw(
      `POST /_svcctl/reset?kind=repositories HTTP/1.1\r\n${ownHost()}\r\n${head}Content-Length: 0\r\n\r\n`,
    );
    expect(parseResponses(res.text)).toEqual([
      {
        status: 400,
        headers: expect.objectContaining({ 'content-type': 'text/plain; charset=utf-8', connection: 'close' }),
        body: `The request has 2 ${name} header fields; this field takes one value (RFC 9110, section 5.3).\n`,
      },
    ]);
    expect(repositories()).toEqual(before);
  });
});

describe('a transfer coding other than chunked (hostile pass 5b)', () => {
  /** A CreateRepository whose JSON body is sent chunked, plain, under the Transfer-Encoding given. */
  const chunked = (coding: string, name: string) => {
    const body = JSON.stringify({ repositoryName: name });
    return `POST / HTTP/1.1\r\n${ownHost()}\r\n${ECR_HEAD}Transfer-Encoding: ${coding}\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
  };

  // Node frames `gzip, chunked` by its last coding and hands the body over as if gzip were not there: the
  // plain JSON below was served as the request (a repository made), a really gzipped one read as garbage.
  it.each([
    ['gzip, chunked', 'gzip, chunked'],
    ['deflate, chunked', 'deflate, chunked'],
    ['GZIP ,chunked', 'GZIP ,chunked'],
  ])('Transfer-Encoding: %s → 501, the reason, the connection closed, nothing done', async (_name, coding) => {
    const res = await raw(chunked(coding, 'te/coded'));
    expect(res.closed).toBe(true);
    expect(parseResponses(res.text)).toEqual([
      {
        status: 501,
        headers: expect.objectContaining({ 'content-type': 'text/plain; charset=utf-8', connection: 'close' }),
        body: `The request's Transfer-Encoding '${coding}' is not implemented: serve reads chunked only (RFC 9112, section 6.1).\n`,
      },
    ]);
    expect(repositories()).not.toContain('te/coded');
  });

  it('chunked alone (any case) is read as before', async () => {
    const res = await raw(chunked('Chunked', 'te/plain'));
    expect(parseResponses(res.text).map((r) => r.status)).toEqual([200]);
    expect(repositories()).toContain('te/plain');
  });
});

describe('a request with more than 2,000 header fields (hostile pass 5b)', () => {
  // Node kept the first 2,000 fields in req.headers and dropped the rest unseen: an X-Amz-Target after them made
  // the request a Query one (415), an Origin after them let another site's reset through. Every field is read now;
  // the head's size limit (431) bounds how many there can be.
  const filler = Array.from({ length: 2005 }, (_, i) => `X${i}: y\r\n`).join('');

  it('a field after the 2,000th is read like any other: the operation its X-Amz-Target names', async () => {
    const body = JSON.stringify({ repositoryName: 'many/headers' });
    const res = await raw(
      `POST / HTTP/1.1\r\n${ownHost()}\r\nContent-Type: application/x-amz-json-1.1\r\n${filler}X-Amz-Target: AmazonEC2ContainerRegistry_V20150921.CreateRepository\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    const [answer] = parseResponses(res.text);
    expect([answer!.status, JSON.parse(answer!.body).repository?.repositoryName]).toEqual([200, 'many/headers']);
  });

  it("an Origin after the 2,000th is another site's: no reset", async () => {
    const before = repositories();
    expect(before).toContain('many/headers');
    const res = await raw(
      `POST /_svcctl/reset?kind=repositories HTTP/1.1\r\n${ownHost()}\r\n${filler}Origin: http://evil.example\r\nContent-Length: 0\r\n\r\n`,
    );
    expect(parseResponses(res.text).map((r) => [r.status, JSON.parse(r.body).error.code])).toEqual([
      [403, 'AccessDenied'],
    ]);
    expect(repositories()).toEqual(before);
  });
});
