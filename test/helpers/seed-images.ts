/**
 * Images in the store as serve's registry puts them there, without a container client: each blob through
 * the registry's upload steps (start, stage, commit, finish: backends/embedded/store/registry-store.ts's
 * runRegistry, as server/registry.ts calls it), then the manifest and its tags through its put-image step.
 * The operations' case tables (test/operations/table.ts, `images`) use it to have images to read.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/backends/embedded/store/db.js';
import { runRegistry, segmentOf } from '../../src/backends/embedded/store/registry-store.js';
import { CONFIG, DOCKER_MANIFEST, imageManifest, indexManifest, layerBytes, sha256 } from './image-registry.js';

export interface SeedImage {
  repository: string;
  /** Tags to put on it, in order (a tag another image holds moves here); none: untagged. */
  tags?: string[];
  /** Seeds of its layers' bytes (layerBytes(100 * seed, seed)); default one layer, seed 1. */
  layers?: number[];
  /** Its manifest's media type; an index or list names the images of `manifests`. Default Docker schema 2. */
  mediaType?: string;
  /** For an index or list: digests of images already seeded, with their media types. */
  manifests?: Array<{ mediaType: string; bytes: Buffer }>;
  account?: string;
  region?: string;
}

/** The manifest bytes an image of the table gets (so that a test can name its digest). */
export function seedManifest(image: SeedImage): Buffer {
  const mediaType = image.mediaType ?? DOCKER_MANIFEST;
  if (image.manifests) return indexManifest(mediaType, image.manifests);
  return imageManifest(mediaType, CONFIG, layersOf(image));
}

export const seedDigest = (image: SeedImage): string => sha256(seedManifest(image));

const layersOf = (image: SeedImage): Buffer[] => (image.layers ?? [1]).map((seed) => layerBytes(100 * seed, seed));

function putBlob(
  db: Database,
  repo: { account: string; region: string; repository: string },
  bytes: Buffer,
  nowMs: number,
) {
  const id = randomUUID();
  const segment = segmentOf(id, randomUUID());
  runRegistry(db, { op: 'start-upload', id, nowMs, ...repo });
  runRegistry(db, { op: 'stage', segment, start: 0, bytes });
  runRegistry(db, { op: 'commit-stage', id, segment, from: 0, to: bytes.length, nowMs });
  runRegistry(db, { op: 'finish-upload', id, digest: sha256(bytes), nowMs });
}

/** Puts the image (its blobs first) in the store, pushed at `nowMs`; returns its digest. */
export function seedImage(db: Database, image: SeedImage, nowMs: number): string {
  const repo = {
    account: image.account ?? '000000000000',
    region: image.region ?? 'us-east-1',
    repository: image.repository,
  };
  const manifest = seedManifest(image);
  const mediaType = image.mediaType ?? DOCKER_MANIFEST;
  let refs: string[];
  if (image.manifests) refs = image.manifests.map((m) => sha256(m.bytes));
  else {
    const blobs = [CONFIG, ...layersOf(image)];
    for (const b of blobs) putBlob(db, repo, b, nowMs);
    refs = [...new Set(blobs.map(sha256))];
  }
  const stored = { digest: sha256(manifest), mediaType, manifest, size: 0, refs, pushedMs: nowMs };
  for (const tag of image.tags?.length ? image.tags : [undefined]) {
    const put = runRegistry(db, { op: 'put-image', image: stored, ...(tag === undefined ? {} : { tag }), ...repo }) as {
      missing: string[];
    };
    if (put.missing.length > 0) throw new Error(`seedImage: the store lacks ${put.missing.join(', ')}`);
  }
  return stored.digest;
}
