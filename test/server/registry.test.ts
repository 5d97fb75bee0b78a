/**
 * serve's registry (src/server/registry.ts) where the reference registry is no judge: what the OCI
 * Distribution Specification 1.1 or ECR answers and distribution 2.8 does not (a chunk out of order, tag
 * pages, a Range past the end), ECR's authentication and accounts, Stripe's v2 API beside the registry under
 * /v2/, fault rules, and the store: a body cut short or a wrong digest leaves nothing, and a reset or a
 * deleted repository leaves no byte behind. On SQLite and on PostgreSQL (vitest.config.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import { inProcessServeForFile } from '../helpers/in-process-serve.js';
import {
  basic,
  CONFIG,
  http,
  imageManifest,
  indexManifest,
  layerBytes,
  OCI_INDEX,
  OCI_MANIFEST,
  sha256,
} from '../helpers/image-registry.js';

const serve = inProcessServeForFile();
const REGION = { region: 'us-east-1' };
const LAYER = layerBytes(3000, 1);
const octet = { 'content-type': 'application/octet-stream' };

async function password(account?: string): Promise<string> {
  const out = (await serve.service.call('GetAuthorizationToken', {}, { ...REGION, accountId: account })) as {
    authorizationData: Array<{ authorizationToken: string }>;
  };
  return Buffer.from(out.authorizationData[0]!.authorizationToken, 'base64').toString('utf8').split(':')[1]!;
}

const rows = (table: string): number =>
  Number((serve.service.store.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number | string }).n);

let auth: Record<string, string>;
const req = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string) =>
  http(serve.url, method, path, { ...auth, ...headers }, body);
const errors = (body: Buffer) =>
  (JSON.parse(body.toString()) as { errors: { code: string }[] }).errors.map((e) => e.code);
const pathOf = (location: string) => {
  const u = new URL(location);
  return `${u.pathname}${u.search}`;
};

async function push(repo: string, bytes: Buffer): Promise<void> {
  const start = await req('POST', `/v2/${repo}/blobs/uploads/`);
  const done = await req('PUT', `${pathOf(start.headers.location!)}?digest=${sha256(bytes)}`, octet, bytes);
  expect(done.status).toBe(201);
}

beforeEach(async () => {
  await serve.service.admin({ what: 'reset' });
  await serve.service.call('CreateRepository', { repositoryName: 'team/app' }, REGION);
  auth = basic(await password());
});

describe('what the specification and ECR answer, where distribution 2.8 does not', () => {
  it('a chunk that does not start where the upload ends: 416, with the upload as it was', async () => {
    const start = await req('POST', '/v2/team/app/blobs/uploads/');
    const at = pathOf(start.headers.location!);
    expect((await req('PATCH', at, { ...octet, 'content-range': '0-999' }, LAYER.subarray(0, 1000))).status).toBe(202);
    const wrong = await req('PATCH', at, { ...octet, 'content-range': '2000-2999' }, LAYER.subarray(2000));
    expect([wrong.status, wrong.headers.range, errors(wrong.body)]).toEqual([416, '0-999', ['RANGE_INVALID']]);
    expect((await req('GET', at)).headers.range).toBe('0-999');
  });

  // distribution 2.8 takes sha512 (the specification: sha256 MUST, others MAY); ECR takes sha256 only. serve's
  // answer said "provided digest is invalid" with no detail, as for a malformed one (hostile pass 5b; compat #407).
  // Hostile pass 19c: a sha256 digest with short or uppercase hex was said to be refused for its algorithm.
  // A digest of no algorithm's grammar is only invalid.
  it.each([
    [
      'a sha512 digest',
      `sha512:${createHash('sha512').update(LAYER).digest('hex')}`,
      'serve takes sha256 digests only, as ECR does',
    ],
    ['a sha256 digest whose hex is short', 'sha256:abc', 'a sha256 digest is 64 lowercase hexadecimal digits'],
    [
      'a sha256 digest whose hex is uppercase',
      `sha256:${'A'.repeat(64)}`,
      'a sha256 digest is 64 lowercase hexadecimal digits',
    ],
    ['a digest of no algorithm', 'abc', undefined],
  ])(
    'an upload finished with %s: DIGEST_INVALID, naming the digest and why where it is well formed',
    async (_what, digest, reason) => {
      const start = await req('POST', '/v2/team/app/blobs/uploads/');
      const put = await req('PUT', `${pathOf(start.headers.location!)}?digest=${digest}`, octet, LAYER);
      expect([put.status, JSON.parse(put.body.toString())]).toEqual([
        400,
        {
          errors: [
            {
              code: 'DIGEST_INVALID',
              message: 'provided digest is invalid',
              detail: reason === undefined ? null : { digest, reason },
            },
          ],
        },
      ]);
    },
  );

  it('tags in lexical order, in pages of n after last, with the Link to the next', async () => {
    await push('team/app', CONFIG);
    await push('team/app', LAYER);
    const manifest = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    for (const tag of ['c', 'a', 'b', 'd'])
      expect(
        (await req('PUT', `/v2/team/app/manifests/${tag}`, { 'content-type': OCI_MANIFEST }, manifest)).status,
      ).toBe(201);
    const page = async (query: string) => {
      const a = await req('GET', `/v2/team/app/tags/list${query}`);
      return [a.status, JSON.parse(a.body.toString()), a.headers.link];
    };
    expect(await page('')).toEqual([200, { name: 'team/app', tags: ['a', 'b', 'c', 'd'] }, undefined]);
    expect(await page('?n=2')).toEqual([
      200,
      { name: 'team/app', tags: ['a', 'b'] },
      '</v2/team/app/tags/list?last=b&n=2>; rel="next"',
    ]);
    expect(await page('?n=2&last=b')).toEqual([200, { name: 'team/app', tags: ['c', 'd'] }, undefined]);
    expect(await page('?last=c')).toEqual([200, { name: 'team/app', tags: ['d'] }, undefined]);
    // n is a decimal integer, as distribution's strconv.Atoi reads it: JavaScript's Number() took `1e3`,
    // `0x2`, ` 2`, an empty n (as 0) and a number past 2^64 (issue 44's final hostile hour).
    const invalid = (n: string) => [
      400,
      {
        errors: [{ code: 'PAGINATION_NUMBER_INVALID', message: 'invalid number of results requested', detail: { n } }],
      },
      undefined,
    ];
    for (const n of ['-1', '1e3', '0x2', ' 2', '', '2.0', '99999999999999999999'])
      expect(await page(`?n=${encodeURIComponent(n)}`)).toEqual(invalid(n));
    expect(await page('?n=%2B3')).toEqual([
      200,
      { name: 'team/app', tags: ['a', 'b', 'c'] },
      '</v2/team/app/tags/list?last=c&n=3>; rel="next"',
    ]);
  });

  it('a Range past the end of a blob: 416 with the blob’s length', async () => {
    await push('team/app', LAYER);
    const a = await req('GET', `/v2/team/app/blobs/${sha256(LAYER)}`, { range: 'bytes=5000-5001' });
    expect([a.status, a.headers['content-range'], a.body.toString()]).toEqual([
      416,
      'bytes */3000',
      'invalid range: failed to overlap\n',
    ]);
  });

  it('a repository that does not exist: NAME_UNKNOWN, also for a push (ECR makes none on push)', async () => {
    const a = await req('POST', '/v2/team/nope/blobs/uploads/');
    expect([a.status, errors(a.body)]).toEqual([404, ['NAME_UNKNOWN']]);
  });

  it('a tag over 300 characters, or outside the pattern: TAG_INVALID; 300 are taken', async () => {
    await push('team/app', CONFIG);
    await push('team/app', LAYER);
    const manifest = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    const put = (tag: string) =>
      req('PUT', `/v2/team/app/manifests/${tag}`, { 'content-type': OCI_MANIFEST }, manifest);
    expect((await put('t'.repeat(300))).status).toBe(201);
    for (const tag of ['t'.repeat(301), '.dot', 'a%20b']) {
      const a = await put(tag);
      expect([a.status, errors(a.body)]).toEqual([400, ['TAG_INVALID']]);
    }
  });

  it('deletes: a blob, or a manifest by tag, are UNSUPPORTED (405); by digest, the image goes', async () => {
    await push('team/app', CONFIG);
    await push('team/app', LAYER);
    const manifest = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    await req('PUT', '/v2/team/app/manifests/v1', { 'content-type': OCI_MANIFEST }, manifest);
    const blob = await req('DELETE', `/v2/team/app/blobs/${sha256(LAYER)}`);
    const byTag = await req('DELETE', '/v2/team/app/manifests/v1');
    expect([blob.status, errors(blob.body), byTag.status, errors(byTag.body)]).toEqual([
      405,
      ['UNSUPPORTED'],
      405,
      ['UNSUPPORTED'],
    ]);
    expect((await req('DELETE', `/v2/team/app/manifests/${sha256(manifest)}`)).status).toBe(202);
  });

  it('a manifest over 4 MiB: MANIFEST_INVALID, nothing stored', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024 + 1, 0x20);
    const a = await req('PUT', '/v2/team/app/manifests/v1', { 'content-type': OCI_MANIFEST }, big);
    expect([a.status, errors(a.body)]).toEqual([400, ['MANIFEST_INVALID']]);
    expect(rows('images')).toBe(0);
  });
});

describe('authentication', () => {
  it('no credentials, another user name, a password this store did not issue: 401 UNAUTHORIZED with the challenge', async () => {
    const answers = await Promise.all([
      http(serve.url, 'GET', '/v2/team/app/tags/list'),
      http(serve.url, 'GET', '/v2/team/app/tags/list', {
        authorization: `Basic ${Buffer.from(`root:${await password()}`).toString('base64')}`,
      }),
      http(serve.url, 'GET', '/v2/team/app/tags/list', basic('abc.def')),
    ]);
    expect(answers.map((a) => [a.status, a.headers['www-authenticate'], errors(a.body)])).toEqual(
      answers.map(() => [401, 'Basic realm="svcctl",service="ecr.amazonaws.com"', ['UNAUTHORIZED']]),
    );
  });

  it('a user name past 1,024 characters is quoted by the one echo rule: its start and its length', async () => {
    const res = await http(serve.url, 'GET', '/v2/team/app/tags/list', {
      authorization: `Basic ${Buffer.from(`${'U'.repeat(2000)}:pw`).toString('base64')}`,
    });
    expect([res.status, JSON.parse(res.body.toString()).errors[0].message]).toEqual([
      401,
      `the user name must be AWS, not '${'U'.repeat(64)}...' (2000 characters)`,
    ]);
  });

  it("a password of another account reaches that account's repositories only", async () => {
    const other = basic(await password('222222222222'));
    const a = await http(serve.url, 'GET', '/v2/team/app/tags/list', other);
    expect([a.status, errors(a.body)]).toEqual([404, ['NAME_UNKNOWN']]);
  });
});

describe('beside the Stripe-style v2 API', () => {
  it('/v2/core/… and /v2/billing/… are still that API; /v2/ and a repository path are the registry', async () => {
    const stripe = await http(serve.url, 'GET', '/v2/core/account_tokens/accttok_nope', {
      authorization: 'Bearer sk_test_123',
    });
    expect(stripe.headers['docker-distribution-api-version']).toBeUndefined();
    expect(stripe.status).toBe(404);
    expect(JSON.parse(stripe.body.toString()).error.type).toBe('invalid_request_error');
    const billing = await http(serve.url, 'GET', '/v2/billing/meter_event_adjustments/x', {
      authorization: 'Bearer sk_test_123',
    });
    expect(billing.headers['docker-distribution-api-version']).toBeUndefined();
    const registry = await req('GET', '/v2/');
    expect([registry.status, registry.headers['docker-distribution-api-version'], registry.body.toString()]).toEqual([
      200,
      'registry/2.0',
      '{}',
    ]);
  });
});

describe('a registry path whose name is not a repository name (issue 44)', () => {
  it("is the registry's: NAME_INVALID in its error shape (400), after authentication; Stripe's paths are still Stripe's", async () => {
    const bad = await req('GET', '/v2/IMG/tags/list');
    expect([bad.status, bad.headers['docker-distribution-api-version'], JSON.parse(bad.body.toString())]).toEqual([
      400,
      'registry/2.0',
      { errors: [{ code: 'NAME_INVALID', message: 'invalid repository name', detail: { name: 'IMG' } }] },
    ]);
    for (const [method, path, name] of [
      ['GET', '/v2/Team/App/manifests/latest', 'Team/App'],
      ['POST', '/v2/-x/blobs/uploads/', '-x'],
      ['PATCH', '/v2/team//app/blobs/uploads/abc', 'team//app'],
      ['GET', `/v2/a%2Fb/blobs/${sha256(LAYER)}`, 'a%2Fb'],
      ['GET', '/v2/team/app./tags/list', 'team/app.'],
    ] as const) {
      const a = await req(method, path);
      expect([a.status, JSON.parse(a.body.toString())]).toEqual([
        400,
        { errors: [{ code: 'NAME_INVALID', message: 'invalid repository name', detail: { name } }] },
      ]);
    }
    const anonymous = await http(serve.url, 'GET', '/v2/IMG/tags/list');
    expect([anonymous.status, errors(anonymous.body)]).toEqual([401, ['UNAUTHORIZED']]);
    const stripe = await http(serve.url, 'GET', '/v2/core/events/evt_nope', { authorization: 'Bearer sk_test_123' });
    expect([stripe.status, stripe.headers['docker-distribution-api-version']]).toEqual([404, undefined]);
    expect(JSON.parse(stripe.body.toString()).error.type).toBe('invalid_request_error');
  });
});

describe('fault rules apply to registry requests, by the ECR operation each is', () => {
  it('fault.ecr.* throttles a pull: 429 TOOMANYREQUESTS', async () => {
    await serve.service.admin({ what: 'set-settings', pairs: [['fault.ecr.*', 'throttle;next=1']] });
    const a = await req('GET', '/v2/team/app/tags/list');
    expect([a.status, errors(a.body)]).toEqual([429, ['TOOMANYREQUESTS']]);
    expect((await req('GET', '/v2/team/app/tags/list')).status).toBe(200);
  });

  it('fault.ecr.GetAuthorizationToken: 503 on the version check', async () => {
    await serve.service.admin({ what: 'set-settings', pairs: [['fault.ecr.GetAuthorizationToken', '503;next=1']] });
    const a = await req('GET', '/v2/');
    expect([a.status, errors(a.body)]).toEqual([503, ['UNAVAILABLE']]);
  });
});

describe('the store: nothing half-written, nothing left behind', () => {
  it('a body that ends short of its Content-Length (a piece of it already in the store): the upload keeps none of it', async () => {
    const BIG = layerBytes(2_500_000, 5);
    const start = await req('POST', '/v2/team/app/blobs/uploads/');
    const at = pathOf(start.headers.location!);
    const { port } = new URL(serve.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `PATCH ${at} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: ${auth.authorization}\r\nContent-Type: application/octet-stream\r\nContent-Length: ${BIG.length}\r\n\r\n`,
        );
        socket.write(BIG.subarray(0, 1_500_000), () => setTimeout(() => socket.destroy(), 200));
      });
      socket.on('close', () => resolve());
    });
    // The request is over once serve logged it (after its staged piece was dropped).
    while (!serve.log.some((line) => line.includes(`PATCH ${at}`))) await new Promise((r) => setTimeout(r, 20));
    const status = await req('GET', at);
    expect([status.status, status.headers.range, rows('registry_chunks'), rows('registry_parts')]).toEqual([
      204,
      '0-0',
      0,
      0,
    ]);
  });

  it('bodies of several pieces, sent whole before the store has written the first: every byte read back as sent, across the pieces and the requests', async () => {
    // Random bytes: a piece written twice, or one overwritten by the next before the store wrote it, reads
    // back different (layerBytes repeats every 64 KiB, a piece's 1 MiB included).
    const MIB = 1024 * 1024;
    const BIG = randomBytes(3 * MIB + 12_345);
    const start = await req('POST', '/v2/team/app/blobs/uploads/');
    const at = pathOf(start.headers.location!);
    const first = await req(
      'PATCH',
      at,
      { ...octet, 'content-range': `0-${2 * MIB + 99}` },
      BIG.subarray(0, 2 * MIB + 100),
    );
    expect([first.status, first.headers.range]).toEqual([202, `0-${2 * MIB + 99}`]);
    const done = await req('PUT', `${at}?digest=${sha256(BIG)}`, octet, BIG.subarray(2 * MIB + 100));
    expect([done.status, done.headers['docker-content-digest']]).toEqual([201, sha256(BIG)]);
    const whole = await req('GET', `/v2/team/app/blobs/${sha256(BIG)}`);
    expect([whole.status, whole.body.length, whole.body.equals(BIG)]).toEqual([200, BIG.length, true]);
    // Across the first request's second piece and the second request's first.
    const from = 2 * MIB - 10;
    const to = 2 * MIB + 200;
    const part = await req('GET', `/v2/team/app/blobs/${sha256(BIG)}`, { range: `bytes=${from}-${to}` });
    expect([part.status, part.body.equals(BIG.subarray(from, to + 1))]).toEqual([206, true]);
  });

  it('a digest that does not match: DIGEST_INVALID, the upload gone, no blob, no byte', async () => {
    const start = await req('POST', '/v2/team/app/blobs/uploads/');
    const at = pathOf(start.headers.location!);
    const a = await req('PUT', `${at}?digest=${sha256('other')}`, octet, LAYER);
    expect([a.status, errors(a.body)]).toEqual([400, ['DIGEST_INVALID']]);
    expect(errors((await req('GET', at)).body)).toEqual(['BLOB_UPLOAD_UNKNOWN']);
    expect([rows('registry_blobs'), rows('registry_uploads'), rows('registry_chunks'), rows('registry_parts')]).toEqual(
      [0, 0, 0, 0],
    );
  });

  it('deleting the last image that names a blob reclaims its bytes; a reset of images empties every table', async () => {
    await push('team/app', CONFIG);
    await push('team/app', LAYER);
    const manifest = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    await req('PUT', '/v2/team/app/manifests/v1', { 'content-type': OCI_MANIFEST }, manifest);
    const tables = ['images', 'image_tags', 'registry_blobs', 'registry_parts', 'registry_chunks'];
    expect(tables.map(rows)).toEqual([1, 1, 2, 2, 2]);
    expect((await req('DELETE', `/v2/team/app/manifests/${sha256(manifest)}`)).status).toBe(202);
    expect(tables.map(rows)).toEqual([0, 0, 0, 0, 0]);
    await push('team/app', LAYER);
    await req('POST', '/v2/team/app/blobs/uploads/');
    expect(await serve.service.admin({ what: 'reset', kind: 'images' })).toEqual({ images: 0 });
    expect([rows('registry_blobs'), rows('registry_uploads'), rows('registry_chunks'), rows('registry_parts')]).toEqual(
      [0, 0, 0, 0],
    );
  });

  it('a day on: a blob no image names and an upload no request touched are reclaimed, with their bytes; an image keeps its blobs', async () => {
    const unnamed = layerBytes(1500, 7);
    for (const b of [CONFIG, LAYER, unnamed]) await push('team/app', b);
    const manifest = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    await req('PUT', '/v2/team/app/manifests/v1', { 'content-type': OCI_MANIFEST }, manifest);
    const start = await req('POST', '/v2/team/app/blobs/uploads/');
    const at = pathOf(start.headers.location!);
    expect((await req('PATCH', at, octet, LAYER.subarray(0, 100))).status).toBe(202);
    const tables = ['registry_blobs', 'registry_uploads', 'registry_parts', 'registry_chunks'];
    expect(tables.map(rows)).toEqual([3, 1, 4, 4]);
    // Within the day nothing goes (a push sends its blobs before its manifest).
    const now = serve.service.clock.now().getTime();
    expect(await serve.service.registry({ op: 'reclaim', nowMs: now })).toBe(0);
    expect(tables.map(rows)).toEqual([3, 1, 4, 4]);
    expect(await serve.service.registry({ op: 'reclaim', nowMs: now + 25 * 60 * 60 * 1000 })).toBe(2);
    expect(tables.map(rows)).toEqual([2, 0, 2, 2]);
    expect((await req('HEAD', `/v2/team/app/blobs/${sha256(unnamed)}`)).status).toBe(404);
    const kept = await req('GET', `/v2/team/app/blobs/${sha256(LAYER)}`);
    expect([kept.status, sha256(kept.body)]).toEqual([200, sha256(LAYER)]);
  });

  it("POST /_svcctl/reset (service reset, the library's reset()) empties every table of the registry", async () => {
    for (const b of [CONFIG, LAYER]) await push('team/app', b);
    await req(
      'PUT',
      '/v2/team/app/manifests/v1',
      { 'content-type': OCI_MANIFEST },
      imageManifest(OCI_MANIFEST, CONFIG, [LAYER]),
    );
    await req('PATCH', pathOf((await req('POST', '/v2/team/app/blobs/uploads/')).headers.location!), octet, LAYER);
    const tables = ['images', 'image_tags', 'registry_blobs', 'registry_uploads', 'registry_parts', 'registry_chunks'];
    expect(tables.map(rows)).toEqual([1, 1, 2, 1, 3, 3]);
    const reset = await fetch(`${serve.url}/_svcctl/reset`, { method: 'POST' });
    expect(reset.status).toBe(200);
    expect(tables.map(rows)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('deleting a repository deletes its images and the bytes no other repository holds', async () => {
    await serve.service.call('CreateRepository', { repositoryName: 'team/other' }, REGION);
    await push('team/app', LAYER);
    await push('team/other', LAYER);
    await push('team/app', CONFIG);
    expect([rows('registry_parts'), rows('registry_chunks')]).toEqual([2, 2]);
    await serve.service.call('DeleteRepository', { repositoryName: 'team/app' }, REGION);
    expect([rows('registry_blobs'), rows('registry_parts'), rows('registry_chunks')]).toEqual([1, 1, 1]);
    const a = await req('GET', `/v2/team/other/blobs/${sha256(LAYER)}`);
    expect([a.status, sha256(a.body)]).toEqual([200, sha256(LAYER)]);
  });
});

describe('images pushed through the registry are the images the ECR API reads', () => {
  // Hostile pass 22d, on each store (this file runs on PostgreSQL too): an index pushed is described with the size
  // of its largest image, and DescribeImages with imageIds applies its filter.
  it("an index's size is its largest image's; imageIds with a filter leave out what it passes over", async () => {
    const big = layerBytes(LAYER.length + 700, 3);
    for (const b of [CONFIG, LAYER, big]) await push('team/app', b);
    const small = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    const large = imageManifest(OCI_MANIFEST, CONFIG, [big]);
    const index = indexManifest(OCI_INDEX, [
      { mediaType: OCI_MANIFEST, bytes: small },
      { mediaType: OCI_MANIFEST, bytes: large },
    ]);
    const put = (ref: string, m: Buffer, type: string) =>
      req('PUT', `/v2/team/app/manifests/${ref}`, { 'content-type': type }, m);
    expect((await put('small', small, OCI_MANIFEST)).status).toBe(201);
    expect((await put(sha256(large), large, OCI_MANIFEST)).status).toBe(201);
    expect((await put('multi', index, OCI_INDEX)).status).toBe(201);
    const describeImages = async (params: Record<string, unknown>) =>
      (
        (await serve.service.call('DescribeImages', { repositoryName: 'team/app', ...params }, REGION)) as {
          imageDetails: Array<{ imageDigest: string; imageSizeInBytes: number }>;
        }
      ).imageDetails.map((d) => [d.imageDigest, d.imageSizeInBytes]);
    expect(await describeImages({ imageIds: [{ imageTag: 'multi' }] })).toEqual([
      [sha256(index), CONFIG.length + big.length],
    ]);
    const ids = [{ imageTag: 'small' }, { imageDigest: sha256(large) }];
    expect(await describeImages({ imageIds: ids, filter: { tagStatus: 'UNTAGGED' } })).toEqual([
      [sha256(large), CONFIG.length + big.length],
    ]);
    expect(await describeImages({ imageIds: ids, filter: { tagStatus: 'TAGGED' } })).toEqual([
      [sha256(small), CONFIG.length + LAYER.length],
    ]);
  });

  it('ListImages, DescribeImages and BatchGetImage see the push, tags and all, page by page', async () => {
    const other = layerBytes(500, 2);
    for (const b of [CONFIG, LAYER, other]) await push('team/app', b);
    const tagged = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    const untagged = imageManifest(OCI_MANIFEST, CONFIG, [other]);
    const put = (ref: string, m: Buffer) =>
      req('PUT', `/v2/team/app/manifests/${ref}`, { 'content-type': OCI_MANIFEST }, m);
    expect((await put('v1', tagged)).status).toBe(201);
    expect((await put('latest', tagged)).status).toBe(201);
    expect((await put(sha256(untagged), untagged)).status).toBe(201);
    const call = (op: string, params: Record<string, unknown>) =>
      serve.service.call(op, { repositoryName: 'team/app', ...params }, REGION) as Promise<Record<string, unknown>>;

    const entries: unknown[] = [];
    let nextToken: unknown;
    do {
      const page = await call('ListImages', { maxResults: 1, ...(nextToken ? { nextToken } : {}) });
      entries.push(...(page.imageIds as unknown[]));
      nextToken = page.nextToken;
    } while (nextToken);
    const T = sha256(tagged);
    const U = sha256(untagged);
    expect(entries).toEqual(
      [{ imageDigest: T, imageTag: 'latest' }, { imageDigest: T, imageTag: 'v1' }, { imageDigest: U }].sort((a, b) =>
        a.imageDigest === b.imageDigest ? 0 : a.imageDigest < b.imageDigest ? -1 : 1,
      ),
    );

    const details = (await call('DescribeImages', { filter: { tagStatus: 'TAGGED' } })).imageDetails as Array<
      Record<string, unknown>
    >;
    expect(details.map((d) => [d.imageDigest, d.imageTags, d.imageSizeInBytes, d.imageManifestMediaType])).toEqual([
      [T, ['latest', 'v1'], CONFIG.length + LAYER.length, OCI_MANIFEST],
    ]);

    const got = await call('BatchGetImage', { imageIds: [{ imageTag: 'v1' }, { imageDigest: U }, { imageTag: 'v2' }] });
    expect((got.images as Array<{ imageManifest: string }>).map((i) => i.imageManifest)).toEqual([
      tagged.toString('utf8'),
      untagged.toString('utf8'),
    ]);
    expect((got.failures as Array<{ failureCode: string }>).map((f) => f.failureCode)).toEqual(['ImageNotFound']);
  });
});

describe('client text in errors', () => {
  it("every error's detail quotes a long value of the request cut to its start and its length, as the API's errors do (siblings pass)", async () => {
    const long = 't'.repeat(5000);
    const cut = `${'t'.repeat(64)}... (5000 characters)`;
    const manifest = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    for (const [method, path, body, code, detail] of [
      [
        'GET',
        `/v2/team/app/blobs/sha256:${long}`,
        undefined,
        'BLOB_UNKNOWN',
        { digest: `sha256:${'t'.repeat(57)}... (5007 characters)` },
      ],
      [
        'GET',
        `/v2/team/${long}/tags/list`,
        undefined,
        'NAME_UNKNOWN',
        { name: `team/${'t'.repeat(59)}... (5005 characters)` },
      ],
      ['GET', `/v2/team/app/tags/list?n=${long}`, undefined, 'PAGINATION_NUMBER_INVALID', { n: cut }],
      // It was cut to its first 400 characters, a rule of its own.
      ['GET', `/v2/team/app/manifests/${long}`, undefined, 'TAG_INVALID', { tag: cut }],
      ['PUT', `/v2/team/app/manifests/${long}`, manifest, 'TAG_INVALID', { tag: cut }],
    ] as const) {
      const got = await req(method, path, { 'content-type': OCI_MANIFEST }, body);
      const doc = JSON.parse(got.body.toString()) as { errors: Array<{ code: string; detail: unknown }> };
      expect([doc.errors[0]!.code, doc.errors[0]!.detail], path.slice(0, 40)).toEqual([code, detail]);
    }
  });
});

describe('a page of another site (hostile pass 5b)', () => {
  // The API's operations and /_svcctl refused a write from another site's page (browsers.ts); the registry
  // took it: a form POST with a browser's remembered Basic credentials mounted a blob, a DELETE with
  // Sec-Fetch-Site: cross-site deleted an image.
  const refusal = (operation: string, site: string) => ({
    errors: [
      {
        code: 'DENIED',
        message: `${operation} changes the store and this request came from a page of another site (${site}): refused.`,
        detail: null,
      },
    ],
  });

  it('a write is 403 DENIED and changes nothing; a read, and a write from serve’s own page, are served', async () => {
    await serve.service.call('CreateRepository', { repositoryName: 'team/other' }, REGION);
    await push('team/other', LAYER);
    const evil = { origin: 'http://evil.example' };
    const mount = await req('POST', `/v2/team/app/blobs/uploads/?mount=${sha256(LAYER)}&from=team/other`, evil);
    expect([mount.status, JSON.parse(mount.body.toString())]).toEqual([
      403,
      refusal('InitiateLayerUpload', 'Origin: http://evil.example'),
    ]);
    expect((await req('HEAD', `/v2/team/app/blobs/${sha256(LAYER)}`)).status).toBe(404);

    await push('team/app', CONFIG);
    await push('team/app', LAYER);
    const manifest = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    expect((await req('PUT', '/v2/team/app/manifests/v1', { 'content-type': OCI_MANIFEST }, manifest)).status).toBe(
      201,
    );
    const del = await req('DELETE', `/v2/team/app/manifests/${sha256(manifest)}`, { 'sec-fetch-site': 'cross-site' });
    expect([del.status, JSON.parse(del.body.toString())]).toEqual([
      403,
      refusal('BatchDeleteImage', 'Sec-Fetch-Site: cross-site'),
    ]);
    const read = await req('GET', '/v2/team/app/manifests/v1', { ...evil, accept: OCI_MANIFEST });
    expect([read.status, read.body.equals(manifest)]).toEqual([200, true]);
    const own = await req('POST', '/v2/team/app/blobs/uploads/', { origin: new URL(serve.url).origin });
    expect(own.status).toBe(202);
  });
});

describe('an image an index names (hostile pass 5b)', () => {
  // BatchDeleteImage refuses it (ECR's ImageReferencedByManifestList); the registry's DELETE deleted it, and its
  // blobs, leaving the index naming nothing.
  it("DELETE by digest is 409 with ECR's reason, the image and its blobs kept; once the index is gone, deleted", async () => {
    await push('team/app', CONFIG);
    await push('team/app', LAYER);
    const manifest = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    const index = indexManifest(OCI_INDEX, [{ mediaType: OCI_MANIFEST, bytes: manifest }]);
    expect(
      (await req('PUT', `/v2/team/app/manifests/${sha256(manifest)}`, { 'content-type': OCI_MANIFEST }, manifest))
        .status,
    ).toBe(201);
    expect((await req('PUT', '/v2/team/app/manifests/multi', { 'content-type': OCI_INDEX }, index)).status).toBe(201);
    const del = await req('DELETE', `/v2/team/app/manifests/${sha256(manifest)}`);
    expect([del.status, JSON.parse(del.body.toString())]).toEqual([
      409,
      {
        errors: [
          {
            code: 'DENIED',
            message: `Requested image referenced by manifest list: [${sha256(index)}]`,
            detail: { digest: sha256(manifest) },
          },
        ],
      },
    ]);
    const kept = await req('GET', `/v2/team/app/manifests/${sha256(manifest)}`, { accept: OCI_MANIFEST });
    expect([kept.status, (await req('GET', `/v2/team/app/blobs/${sha256(LAYER)}`)).status]).toEqual([200, 200]);
    expect((await req('DELETE', `/v2/team/app/manifests/${sha256(index)}`)).status).toBe(202);
    expect((await req('DELETE', `/v2/team/app/manifests/${sha256(manifest)}`)).status).toBe(202);
    expect((await req('GET', `/v2/team/app/blobs/${sha256(LAYER)}`)).status).toBe(404);
  });
});

describe('OCI 1.1 referrers (hostile pass 15b, compat.md #421)', () => {
  // ECR serves GET /v2/<name>/referrers/<digest>; serve does not, and says so the way the specification lets a
  // registry say it: no OCI-Subject header on a push naming a subject, and 404 for the referrers path, so that
  // oras, cosign and notation fall back to the referrers tag schema (a `sha256-<digest>` tag), which serve stores.
  it('a manifest with a subject is stored (201) without OCI-Subject; the referrers path is 404', async () => {
    await push('team/app', CONFIG);
    await push('team/app', LAYER);
    const image = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
    const put = await req('PUT', '/v2/team/app/manifests/v1', { 'content-type': OCI_MANIFEST }, image);
    expect(put.status).toBe(201);
    const signature = Buffer.from(
      JSON.stringify({
        ...JSON.parse(image.toString()),
        artifactType: 'application/vnd.example.signature',
        subject: { mediaType: OCI_MANIFEST, digest: sha256(image), size: image.length },
      }),
    );
    const referrer = await req(
      'PUT',
      `/v2/team/app/manifests/${sha256(signature)}`,
      { 'content-type': OCI_MANIFEST },
      signature,
    );
    expect([referrer.status, referrer.headers['oci-subject']]).toEqual([201, undefined]);
    const referrers = await req('GET', `/v2/team/app/referrers/${sha256(image)}`);
    expect([referrers.status, JSON.parse(referrers.body.toString())]).toEqual([
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'unrecognized_request_url',
          message: `Unrecognized request URL (GET: /v2/team/app/referrers/${sha256(image)}).`,
        },
      },
    ]);
  });
});

describe('GET /v2/_catalog (hostile pass 19c, compat.md #435)', () => {
  // distribution 2.8 lists its repositories there; ECR does not serve the catalog, nor does serve: a script
  // lists repositories with DescribeRepositories.
  it('is 404, the v2 API unrecognized_request_url, with or without n', async () => {
    for (const path of ['/v2/_catalog', '/v2/_catalog?n=1']) {
      const catalog = await req('GET', path);
      expect([catalog.status, JSON.parse(catalog.body.toString())]).toEqual([
        404,
        {
          error: {
            type: 'invalid_request_error',
            code: 'unrecognized_request_url',
            message: 'Unrecognized request URL (GET: /v2/_catalog).',
          },
        },
      ]);
    }
  });
});
