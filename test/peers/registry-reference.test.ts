/**
 * serve's registry judged by the protocol's reference implementation: Debian's docker-registry (CNCF
 * distribution 2.8) runs on loopback, and the same request sequences go to it and to serve's registry. Each
 * step must get the same status, the same headers clients rely on (Docker-Content-Digest, Location with its
 * upload id and state left out, Range, Content-Range, Content-Type, Content-Length of blobs and manifests,
 * the Link of a tag page) and the same error codes. Where ECR answers otherwise, ECR wins: those steps are
 * in docs/compat.md. Where distribution 2.8 does not follow the OCI Distribution Specification 1.1 (a chunk out of
 * order is appended; tags are not paged; its 416 to a Range past the end claims the blob's length for a short
 * text), serve follows the specification: test/server/registry.test.ts checks those answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessServeForFile } from '../helpers/in-process-serve.js';
import {
  basic,
  CONFIG,
  DOCKER_LIST,
  DOCKER_MANIFEST,
  type HttpAnswer,
  http,
  imageManifest,
  indexManifest,
  layerBytes,
  OCI_INDEX,
  OCI_MANIFEST,
  REFERENCE_PASSWORD,
  type Reference,
  sha256,
  startReference,
} from '../helpers/image-registry.js';

const serve = inProcessServeForFile();
let reference: Reference;
let password = '';

beforeAll(async () => {
  reference = await startReference();
  const out = (await serve.service.call('GetAuthorizationToken', {}, { region: 'us-east-1' })) as {
    authorizationData: Array<{ authorizationToken: string }>;
  };
  password = Buffer.from(out.authorizationData[0]!.authorizationToken, 'base64').toString('utf8').split(':')[1]!;
});
afterAll(() => reference?.stop());

interface Step {
  method: string;
  /** A path, or one made from the answers so far (the Location of an upload). */
  path: string | ((answers: HttpAnswer[]) => string);
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** No Authorization header, or a wrong password. */
  auth?: 'none' | 'wrong';
}

/** What is compared of an answer. */
function seen(a: HttpAnswer, path: string): Record<string, unknown> {
  const h = a.headers;
  const out: Record<string, unknown> = { status: a.status };
  if (h.location !== undefined)
    out.location = new URL(h.location).pathname.replace(/uploads\/[0-9a-f-]{36}$/, 'uploads/<id>');
  for (const k of ['docker-content-digest', 'range', 'content-range', 'link']) if (h[k] !== undefined) out[k] = h[k];
  if (h['docker-upload-uuid'] !== undefined) out['docker-upload-uuid'] = 'present';
  if (a.status < 300 || a.status === 416) {
    if (h['content-type'] !== undefined && a.status !== 202 && a.status !== 201 && a.status !== 204)
      out['content-type'] = h['content-type'];
    if (h['content-length'] !== undefined && (a.status === 200 || a.status === 206))
      out['content-length'] = h['content-length'];
  } else {
    out['content-type'] = h['content-type'];
    out.errors =
      a.body.length > 0
        ? (JSON.parse(a.body.toString()) as { errors: { code: string }[] }).errors.map((e) => e.code)
        : [];
  }
  if (a.status === 200 || a.status === 206) out.body = sha256(a.body);
  // A tag list's tags as a set: distribution 2.8 lists them in its directory's order, the spec (and serve) lexically.
  const list =
    /\/tags\/list/.test(path) && a.status === 200 ? (JSON.parse(a.body.toString()) as { tags: string[] }) : undefined;
  if (list) out.body = { ...list, tags: [...list.tags].sort() };
  return out;
}

async function play(base: string, pass: string, steps: Step[]): Promise<Record<string, unknown>[]> {
  const answers: HttpAnswer[] = [];
  const paths: string[] = [];
  for (const s of steps) {
    const path = typeof s.path === 'function' ? s.path(answers) : s.path;
    const auth = s.auth === 'none' ? {} : basic(s.auth === 'wrong' ? 'not-the-password' : pass);
    answers.push(await http(base, s.method, path, { ...auth, ...s.headers }, s.body));
    paths.push(path);
  }
  return answers.map((a, i) => seen(a, paths[i]!));
}

/** The Location of the last answer that had one, as a path with its query. */
const last = (answers: HttpAnswer[]): string => {
  const a = [...answers].reverse().find((x) => x.headers.location !== undefined)!;
  const u = new URL(a.headers.location!);
  return `${u.pathname}${u.search}`;
};
const withQuery = (answers: HttpAnswer[], query: string): string => {
  const p = last(answers);
  return `${p}${p.includes('?') ? '&' : '?'}${query}`;
};

const LAYER = layerBytes(3000, 1);
const LAYER2 = layerBytes(2500, 2);
const D = sha256(LAYER);
const D2 = sha256(LAYER2);
const OCI = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
const DOCKER = imageManifest(DOCKER_MANIFEST, CONFIG, [LAYER, LAYER2]);
const octet = { 'content-type': 'application/octet-stream' };

/** Pushes the layers and config the manifests name, each in a POST and a PUT. */
const pushBlobs = (repo: string, blobs = [LAYER, LAYER2, CONFIG]): Step[] =>
  blobs.flatMap((b) => [
    { method: 'POST', path: `/v2/${repo}/blobs/uploads/` },
    { method: 'PUT', path: (a: HttpAnswer[]) => withQuery(a, `digest=${sha256(b)}`), headers: octet, body: b },
  ]);

/** The sequences, over a repository `r` and another `o` of the same account (each sequence its own two). */
const sequences = (r: string, o: string): Record<string, Step[]> => {
  const B = `/v2/${r}/blobs`;
  const M = `/v2/${r}/manifests`;
  return {
    'the version check: without credentials, with a wrong password, with the right one': [
      { method: 'GET', path: '/v2/', auth: 'none' },
      { method: 'GET', path: '/v2/', auth: 'wrong' },
      { method: 'GET', path: '/v2/' },
    ],
    'a POST with the digest and the bytes starts an upload (distribution 2.8 has no single-POST push)': [
      { method: 'POST', path: `${B}/uploads/?digest=${D}`, headers: octet, body: LAYER },
      { method: 'HEAD', path: `${B}/${D}` },
      { method: 'GET', path: `${B}/${D}` },
    ],
    'a push in one PUT after the POST': [
      { method: 'POST', path: `${B}/uploads/` },
      { method: 'PUT', path: (a) => withQuery(a, `digest=${D}`), headers: octet, body: LAYER },
      { method: 'HEAD', path: `${B}/${D}` },
    ],
    'a chunked push: two PATCHes with Content-Range, the status between, the PUT without a body': [
      { method: 'POST', path: `${B}/uploads/` },
      {
        method: 'PATCH',
        path: last,
        headers: { ...octet, 'content-range': '0-999' },
        body: LAYER.subarray(0, 1000),
      },
      { method: 'GET', path: last },
      {
        method: 'PATCH',
        path: last,
        headers: { ...octet, 'content-range': `1000-${LAYER.length - 1}` },
        body: LAYER.subarray(1000),
      },
      { method: 'PUT', path: (a) => withQuery(a, `digest=${D}`) },
      { method: 'GET', path: `${B}/${D}` },
    ],
    'a resumed push: after the status, the rest from where it says': [
      { method: 'POST', path: `${B}/uploads/` },
      { method: 'PATCH', path: last, headers: octet, body: LAYER2.subarray(0, 700) },
      { method: 'GET', path: last },
      { method: 'PUT', path: (a) => withQuery(a, `digest=${D2}`), headers: octet, body: LAYER2.subarray(700) },
      { method: 'HEAD', path: `${B}/${D2}` },
    ],
    'a digest that does not match the content: DIGEST_INVALID, nothing stored': [
      { method: 'POST', path: `${B}/uploads/` },
      { method: 'PUT', path: (a) => withQuery(a, `digest=${D2}`), headers: octet, body: LAYER },
      { method: 'HEAD', path: `${B}/${D2}` },
      { method: 'HEAD', path: `${B}/${D}` },
    ],
    'a digest that is not one: DIGEST_INVALID': [
      { method: 'POST', path: `${B}/uploads/` },
      { method: 'PUT', path: (a) => withQuery(a, 'digest=sha256:xyz'), headers: octet, body: LAYER },
    ],
    'a cancelled upload is unknown after': [
      { method: 'POST', path: `${B}/uploads/` },
      { method: 'DELETE', path: last },
      { method: 'GET', path: (a) => last(a.slice(0, 1)) },
    ],
    'a blob the repository does not have: 404, BLOB_UNKNOWN': [
      { method: 'HEAD', path: `${B}/${sha256('nothing')}` },
      { method: 'GET', path: `${B}/${sha256('nothing')}` },
    ],
    'ranges of a blob: a part, an open end': [
      ...pushBlobs(r, [LAYER]),
      { method: 'GET', path: `${B}/${D}`, headers: { range: 'bytes=10-19' } },
      { method: 'GET', path: `${B}/${D}`, headers: { range: 'bytes=2990-' } },
    ],
    'an OCI manifest by tag, then by tag and by digest, HEAD and GET': [
      ...pushBlobs(r),
      { method: 'PUT', path: `${M}/v1`, headers: { 'content-type': OCI_MANIFEST }, body: OCI },
      { method: 'GET', path: `${M}/v1`, headers: { accept: OCI_MANIFEST } },
      { method: 'HEAD', path: `${M}/v1`, headers: { accept: OCI_MANIFEST } },
      { method: 'GET', path: `${M}/${sha256(OCI)}`, headers: { accept: OCI_MANIFEST } },
      { method: 'HEAD', path: `${M}/${sha256(OCI)}`, headers: { accept: `${DOCKER_MANIFEST}, ${OCI_MANIFEST}` } },
    ],
    'a Docker schema 2 manifest by digest, read with Accept': [
      ...pushBlobs(r),
      { method: 'PUT', path: `${M}/${sha256(DOCKER)}`, headers: { 'content-type': DOCKER_MANIFEST }, body: DOCKER },
      { method: 'GET', path: `${M}/${sha256(DOCKER)}`, headers: { accept: DOCKER_MANIFEST } },
    ],
    'a manifest list and an OCI index of pushed manifests': [
      ...pushBlobs(r),
      { method: 'PUT', path: `${M}/v1`, headers: { 'content-type': OCI_MANIFEST }, body: OCI },
      { method: 'PUT', path: `${M}/v2`, headers: { 'content-type': DOCKER_MANIFEST }, body: DOCKER },
      {
        method: 'PUT',
        path: `${M}/list`,
        headers: { 'content-type': DOCKER_LIST },
        body: indexManifest(DOCKER_LIST, [{ mediaType: DOCKER_MANIFEST, bytes: DOCKER }]),
      },
      { method: 'GET', path: `${M}/list`, headers: { accept: `${DOCKER_LIST}, ${DOCKER_MANIFEST}` } },
      {
        method: 'PUT',
        path: `${M}/index`,
        headers: { 'content-type': OCI_INDEX },
        body: indexManifest(OCI_INDEX, [{ mediaType: OCI_MANIFEST, bytes: OCI }]),
      },
      { method: 'GET', path: `${M}/index`, headers: { accept: OCI_INDEX } },
    ],
    'a manifest naming a blob the repository does not have: MANIFEST_BLOB_UNKNOWN': [
      {
        method: 'PUT',
        path: `${M}/v1`,
        headers: { 'content-type': OCI_MANIFEST },
        body: imageManifest(OCI_MANIFEST, Buffer.from('{"not":"pushed"}'), [layerBytes(10, 9)]),
      },
      { method: 'GET', path: `${M}/v1`, headers: { accept: OCI_MANIFEST } },
    ],
    // serve answered 404 MANIFEST_UNKNOWN (hostile pass 5b); the specification's code-5 is "manifest references a
    // manifest or blob unknown to registry", 400, as distribution 2.8 answers.
    'an OCI index and a manifest list naming a manifest the repository does not have: MANIFEST_BLOB_UNKNOWN': [
      {
        method: 'PUT',
        path: `${M}/index`,
        headers: { 'content-type': OCI_INDEX },
        body: indexManifest(OCI_INDEX, [{ mediaType: OCI_MANIFEST, bytes: OCI }]),
      },
      {
        method: 'PUT',
        path: `${M}/list`,
        headers: { 'content-type': DOCKER_LIST },
        body: indexManifest(DOCKER_LIST, [{ mediaType: DOCKER_MANIFEST, bytes: DOCKER }]),
      },
      { method: 'GET', path: `${M}/index`, headers: { accept: OCI_INDEX } },
    ],
    'a manifest that is not JSON: MANIFEST_INVALID': [
      { method: 'PUT', path: `${M}/v1`, headers: { 'content-type': OCI_MANIFEST }, body: '{"schemaVersion": 2,' },
    ],
    'a manifest put by a digest it does not have: DIGEST_INVALID': [
      ...pushBlobs(r),
      { method: 'PUT', path: `${M}/${sha256('other')}`, headers: { 'content-type': OCI_MANIFEST }, body: OCI },
    ],
    'a manifest unknown by tag and by digest: MANIFEST_UNKNOWN': [
      { method: 'GET', path: `${M}/nope`, headers: { accept: OCI_MANIFEST } },
      { method: 'HEAD', path: `${M}/${sha256('nope')}`, headers: { accept: OCI_MANIFEST } },
    ],
    'tags listed, in lexical order': [
      ...pushBlobs(r),
      ...['c', 'a', 'b', 'd'].map((t) => ({
        method: 'PUT',
        path: `${M}/${t}`,
        headers: { 'content-type': OCI_MANIFEST },
        body: OCI,
      })),
      { method: 'GET', path: `/v2/${r}/tags/list` },
    ],
    'a manifest deleted by digest is gone, its tag too; deleting it again is MANIFEST_UNKNOWN': [
      ...pushBlobs(r),
      { method: 'PUT', path: `${M}/v1`, headers: { 'content-type': OCI_MANIFEST }, body: OCI },
      { method: 'DELETE', path: `${M}/${sha256(OCI)}` },
      { method: 'GET', path: `${M}/v1`, headers: { accept: OCI_MANIFEST } },
      { method: 'GET', path: `${M}/${sha256(OCI)}`, headers: { accept: OCI_MANIFEST } },
      { method: 'DELETE', path: `${M}/${sha256(OCI)}` },
    ],
    'a blob mounted from another repository, and a mount of a blob it does not have (an upload instead)': [
      ...pushBlobs(o, [LAYER]),
      { method: 'POST', path: `${B}/uploads/?mount=${D}&from=${o}` },
      { method: 'HEAD', path: `${B}/${D}` },
      { method: 'POST', path: `${B}/uploads/?mount=${sha256('absent')}&from=${o}` },
    ],
  };
};

const NAMES = Object.keys(sequences('r', 'o'));

describe('serve answers as the reference registry (distribution 2.8)', () => {
  it.each(NAMES.map((name, i) => [name, i] as const))('%s', async (name, i) => {
    // Each sequence in repositories of its own, on both.
    const [r, o] = [`seq${i}/app`, `seq${i}/other`];
    for (const repositoryName of [r, o])
      await serve.service.call('CreateRepository', { repositoryName }, { region: 'us-east-1' });
    const steps = sequences(r, o)[name]!;
    const theirs = await play(reference.url, REFERENCE_PASSWORD, steps);
    const ours = await play(serve.url, password, steps);
    expect(ours).toEqual(theirs);
  });
});
