/**
 * A repository's image tag mutability in effect on a push to serve's registry as on ECR's PutImage: one rule
 * (src/backends/embedded/store/tag-mutability.ts) for both, with each answering in its own protocol
 * (TAG_INVALID, 400, with ECR's message; ImageTagAlreadyExistsException). Images put through the API are
 * pulled from the registry and the other way round. On SQLite and on PostgreSQL (vitest.config.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { inProcessServeForFile } from '../helpers/in-process-serve.js';
import {
  basic,
  CONFIG,
  DOCKER_MANIFEST,
  http,
  imageManifest,
  layerBytes,
  OCI_MANIFEST,
  sha256,
} from '../helpers/image-registry.js';

const serve = inProcessServeForFile();
const REGION = { region: 'us-east-1' };
const LAYER = layerBytes(3000, 1);
const octet = { 'content-type': 'application/octet-stream' };
/** Two images over the same blobs. */
const A = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]);
const B = imageManifest(DOCKER_MANIFEST, CONFIG, [LAYER]);
const TYPE = new Map([
  [A, OCI_MANIFEST],
  [B, DOCKER_MANIFEST],
]);

let auth: Record<string, string>;
const req = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string) =>
  http(serve.url, method, path, { ...auth, ...headers }, body);
const pathOf = (location: string) => {
  const u = new URL(location);
  return `${u.pathname}${u.search}`;
};

async function push(bytes: Buffer): Promise<void> {
  const start = await req('POST', '/v2/team/app/blobs/uploads/');
  const done = await req('PUT', `${pathOf(start.headers.location!)}?digest=${sha256(bytes)}`, octet, bytes);
  expect(done.status).toBe(201);
}

/** A manifest PUT by tag (or digest): its status and error body, if any. */
async function putManifest(ref: string, manifest: Buffer): Promise<[number, unknown]> {
  const a = await req('PUT', `/v2/team/app/manifests/${ref}`, { 'content-type': TYPE.get(manifest)! }, manifest);
  return [a.status, a.status === 201 ? a.headers['docker-content-digest'] : JSON.parse(a.body.toString())];
}

/** The digest a tag names in the registry, or its status when it names none. */
async function pull(tag: string): Promise<string | number> {
  const a = await req('GET', `/v2/team/app/manifests/${tag}`, {
    accept: `${OCI_MANIFEST}, ${DOCKER_MANIFEST}`,
  });
  return a.status === 200 ? sha256(a.body) : a.status;
}

const call = (op: string, params: Record<string, unknown>) =>
  serve.service.call(op, { repositoryName: 'team/app', ...params }, REGION);

/** The ECR error a call fails with: [code, message]. */
async function refusal(op: string, params: Record<string, unknown>): Promise<[string, string]> {
  try {
    await call(op, params);
  } catch (err) {
    const e = err as { code: string; message: string };
    return [e.code, e.message];
  }
  throw new Error(`${op} succeeded`);
}

/** Each image's digest and tags, as DescribeImages answers. */
async function images(): Promise<Array<[string, string[]]>> {
  const out = (await call('DescribeImages', {})) as {
    imageDetails: Array<{ imageDigest: string; imageTags?: string[] }>;
  };
  return out.imageDetails.map((d) => [d.imageDigest, d.imageTags ?? []]);
}

const tagInvalid = (tag: string, why: string) => ({
  errors: [
    {
      code: 'TAG_INVALID',
      message: `The image tag '${tag}' already exists in the 'team/app' repository and cannot be overwritten because ${why}.`,
      detail: { tag },
    },
  ],
});

async function repository(settings: Record<string, unknown>): Promise<void> {
  await serve.service.admin({ what: 'reset' });
  await call('CreateRepository', settings);
  const out = (await serve.service.call('GetAuthorizationToken', {}, REGION)) as {
    authorizationData: Array<{ authorizationToken: string }>;
  };
  auth = basic(Buffer.from(out.authorizationData[0]!.authorizationToken, 'base64').toString('utf8').split(':')[1]!);
  await push(CONFIG);
  await push(LAYER);
}

describe('IMMUTABLE', () => {
  beforeEach(() => repository({ imageTagMutability: 'IMMUTABLE' }));

  it('a push of another image under a tag: TAG_INVALID (400) with ECR’s message; the tag and the store as they were', async () => {
    expect(await putManifest('v1', A)).toEqual([201, sha256(A)]);
    expect(await putManifest('v1', B)).toEqual([400, tagInvalid('v1', 'the repository is immutable')]);
    expect(await pull('v1')).toBe(sha256(A));
    expect(await images()).toEqual([[sha256(A), ['v1']]]);
  });

  it('the same image pushed again under its tag: 201, nothing changed (PutImage: ImageAlreadyExistsException)', async () => {
    expect(await putManifest('v1', A)).toEqual([201, sha256(A)]);
    expect(await putManifest('v1', A)).toEqual([201, sha256(A)]);
    expect(await images()).toEqual([[sha256(A), ['v1']]]);
    expect((await refusal('PutImage', { imageManifest: A.toString(), imageTag: 'v1' }))[0]).toBe(
      'ImageAlreadyExistsException',
    );
  });

  it('another image by digest, or under a new tag: taken', async () => {
    expect(await putManifest('v1', A)).toEqual([201, sha256(A)]);
    expect(await putManifest(sha256(B), B)).toEqual([201, sha256(B)]);
    expect(await putManifest('v2', B)).toEqual([201, sha256(B)]);
    expect(await pull('v2')).toBe(sha256(B));
  });

  it('one rule both ways: a tag pushed is refused to PutImage, a tag put is refused to a push', async () => {
    expect(await putManifest('pushed', A)).toEqual([201, sha256(A)]);
    expect(await refusal('PutImage', { imageManifest: B.toString(), imageTag: 'pushed' })).toEqual([
      'ImageTagAlreadyExistsException',
      "The image tag 'pushed' already exists in the 'team/app' repository and cannot be overwritten because the repository is immutable.",
    ]);
    await call('PutImage', { imageManifest: B.toString(), imageTag: 'put' });
    expect(await pull('put')).toBe(sha256(B));
    expect(await putManifest('put', A)).toEqual([400, tagInvalid('put', 'the repository is immutable')]);
  });
});

describe('the _WITH_EXCLUSION settings: WILDCARD filters over the whole tag', () => {
  it('IMMUTABLE_WITH_EXCLUSION: the tags a filter matches move, the others are refused', async () => {
    await repository({
      imageTagMutability: 'IMMUTABLE_WITH_EXCLUSION',
      imageTagMutabilityExclusionFilters: [{ filterType: 'WILDCARD', filter: 'latest*' }],
    });
    for (const tag of ['v1', 'latest', 'latest-amd64']) expect(await putManifest(tag, A)).toEqual([201, sha256(A)]);
    expect(await putManifest('latest', B)).toEqual([201, sha256(B)]);
    expect(await putManifest('latest-amd64', B)).toEqual([201, sha256(B)]);
    expect(await putManifest('v1', B)).toEqual([
      400,
      tagInvalid('v1', 'the tag is immutable (imageTagMutability IMMUTABLE_WITH_EXCLUSION)'),
    ]);
    expect([await pull('latest'), await pull('v1')]).toEqual([sha256(B), sha256(A)]);
  });

  it('MUTABLE_WITH_EXCLUSION: the tags a filter matches are refused, the others move', async () => {
    await repository({
      imageTagMutability: 'MUTABLE_WITH_EXCLUSION',
      imageTagMutabilityExclusionFilters: [{ filterType: 'WILDCARD', filter: 'release-*' }],
    });
    for (const tag of ['release-1', 'latest', 'xrelease-1'])
      expect(await putManifest(tag, A)).toEqual([201, sha256(A)]);
    expect(await putManifest('release-1', B)).toEqual([
      400,
      tagInvalid('release-1', 'the tag is immutable (imageTagMutability MUTABLE_WITH_EXCLUSION)'),
    ]);
    expect(await putManifest('xrelease-1', B)).toEqual([201, sha256(B)]);
    expect(await putManifest('latest', B)).toEqual([201, sha256(B)]);
    expect(await pull('release-1')).toBe(sha256(A));
  });

  it('PutImageTagMutability takes effect on the next push', async () => {
    await repository({});
    expect(await putManifest('v1', A)).toEqual([201, sha256(A)]);
    await call('PutImageTagMutability', { imageTagMutability: 'IMMUTABLE' });
    expect(await putManifest('v1', B)).toEqual([400, tagInvalid('v1', 'the repository is immutable')]);
    await call('PutImageTagMutability', { imageTagMutability: 'MUTABLE' });
    expect(await putManifest('v1', B)).toEqual([201, sha256(B)]);
  });
});

describe('MUTABLE: a tag moved by a push', () => {
  beforeEach(() => repository({}));

  it('off an image that keeps its other tags; an image left with none stays, untagged', async () => {
    expect(await putManifest('v1', A)).toEqual([201, sha256(A)]);
    expect(await putManifest('latest', A)).toEqual([201, sha256(A)]);
    expect(await putManifest('latest', B)).toEqual([201, sha256(B)]);
    const byDigest = (rows: Array<[string, string[]]>) => new Map(rows);
    expect(byDigest(await images())).toEqual(
      new Map([
        [sha256(A), ['v1']],
        [sha256(B), ['latest']],
      ]),
    );
    expect(await putManifest('v1', B)).toEqual([201, sha256(B)]);
    expect(byDigest(await images())).toEqual(
      new Map([
        [sha256(A), []],
        [sha256(B), ['latest', 'v1']],
      ]),
    );
    const untagged = await req('GET', `/v2/team/app/manifests/${sha256(A)}`, { accept: OCI_MANIFEST });
    expect([untagged.status, sha256(untagged.body)]).toEqual([200, sha256(A)]);
  });

  it('BatchDeleteImage by tag is the registry’s tag gone; by digest, the image with every tag', async () => {
    await putManifest('v1', A);
    await putManifest('latest', A);
    await call('BatchDeleteImage', { imageIds: [{ imageTag: 'latest' }] });
    expect([await pull('latest'), await pull('v1')]).toEqual([404, sha256(A)]);
    await call('BatchDeleteImage', { imageIds: [{ imageDigest: sha256(A) }] });
    expect(await pull('v1')).toBe(404);
    const tags = await req('GET', '/v2/team/app/tags/list');
    expect(JSON.parse(tags.body.toString())).toEqual({ name: 'team/app', tags: [] });
  });

  it('DeleteRepository: RepositoryNotEmptyException while it holds a pushed image; with force, its images, tags, blobs and bytes go', async () => {
    await putManifest('v1', A);
    expect(await refusal('DeleteRepository', {})).toEqual([
      'RepositoryNotEmptyException',
      "The repository with name 'team/app' in registry with id '000000000000' cannot be deleted because it still contains images",
    ]);
    expect(await pull('v1')).toBe(sha256(A));
    await call('DeleteRepository', { force: true });
    const rows = (table: string) =>
      Number((serve.service.store.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number | string }).n);
    expect(['images', 'image_tags', 'registry_blobs', 'registry_chunks'].map(rows)).toEqual([0, 0, 0, 0]);
  });
});
