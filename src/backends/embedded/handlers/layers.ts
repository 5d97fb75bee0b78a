/**
 * ECR's layer operations over serve's registry (../store/registry-store.ts): an upload InitiateLayerUpload
 * begins is an upload of the registry (registry_uploads, its bytes in registry_chunks), so either side may
 * fill or finish it; a layer CompleteLayerUpload finishes is a blob of the repository the registry serves;
 * BatchCheckLayerAvailability and GetDownloadUrlForLayer read the same blobs. GetDownloadUrlForLayer's URL is
 * on serve (server/registry.ts answers it without credentials for an hour), so it needs serve's address.
 */
import { createHash } from 'node:crypto';
import { echoText } from '../../../core/input-rules.js';
import { ServiceError } from '../../../core/errors.js';
import { CHUNK_BYTES, PARTS_OF, type Piece, runRegistry, segmentOf, type Upload } from '../store/registry-store.js';
import { stmt } from '../store/statements.js';
import type { Database } from '../store/db.js';
import type { Handler, HandlerContext, HandlerTable } from './handler.js';
import { issueRegistryToken } from './registry-auth.js';
import { findRepository, registryOf } from './repositories.js';

/** The part size InitiateLayerUpload advises (ECR's answer), and the least a part but the last may hold. */
export const PART_SIZE = 10 * 1024 * 1024;
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** How long a download URL answers (ECR's presigned URLs: an hour). */
export const DOWNLOAD_URL_LIFETIME_MS = 60 * 60 * 1000;
/** ECR's LayerDigest pattern (a failure entry of BatchCheckLayerAvailability when a digest does not match it). */
const LAYER_DIGEST = /^[a-zA-Z0-9-_+.]+:[a-fA-F0-9]+$/;

export const NO_DOWNLOAD_SERVER =
  'GetDownloadUrlForLayer: the embedded backend has no server to download from. Start svcctl serve and point ECR commands at it ' +
  '(--endpoint-url http://127.0.0.1:4566, AWS_ENDPOINT_URL_ECR or endpoint_url in the profile): the URL is on serve.';

interface Target {
  registryId: string;
  name: string;
  region: string;
}

function targetOf(db: Database, params: Record<string, unknown>, hc: HandlerContext, action: string): Target {
  const registryId = registryOf(params, hc, action);
  const name = params.repositoryName as string;
  findRepository(db, hc.region, registryId, name);
  return { registryId, name, region: hc.region };
}

const inRepository = (t: Target) =>
  `in the repository with name ${echoText(t.name)} in the registry with id ${echoText(t.registryId)}`;

/** The upload, which must belong to the repository (UploadNotFoundException). */
function uploadIn(db: Database, t: Target, id: string): Upload {
  const upload = runRegistry(db, { op: 'upload', id }) as Upload | undefined;
  if (!upload || upload.account !== t.registryId || upload.region !== t.region || upload.repository !== t.name)
    throw new ServiceError(
      'UploadNotFoundException',
      `Upload with id ${echoText(id)} does not exist ${inRepository(t)}`,
    );
  return upload;
}

function blobSize(db: Database, t: Target, digest: string): number | undefined {
  const row = stmt(
    db,
    'SELECT size FROM registry_blobs WHERE registry_id = ? AND region = ? AND repository = ? AND digest = ?',
  ).get(t.registryId, t.region, t.name, digest) as { size: number } | undefined;
  return row ? Number(row.size) : undefined;
}

/** The media type a manifest of the repository gives the blob (its config's or a layer's descriptor), if any. */
function mediaTypeOf(db: Database, t: Target, digest: string): string | undefined {
  const rows = stmt(
    db,
    'SELECT manifest FROM images WHERE registry_id = ? AND region = ? AND repository = ? AND refs LIKE ? LIMIT 20',
  ).all(t.registryId, t.region, t.name, `%"${digest}"%`) as { manifest: Uint8Array }[];
  for (const row of rows) {
    try {
      const doc = JSON.parse(Buffer.from(row.manifest).toString('utf8')) as {
        config?: { digest?: unknown; mediaType?: unknown };
        layers?: Array<{ digest?: unknown; mediaType?: unknown }>;
      };
      for (const d of [doc.config, ...(Array.isArray(doc.layers) ? doc.layers : [])])
        if (d?.digest === digest && typeof d.mediaType === 'string') return d.mediaType;
    } catch {
      // A manifest that is not JSON names no media type.
    }
  }
  return undefined;
}

const batchCheckLayerAvailability: Handler = (db, params, hc) => {
  const t = targetOf(db, params, hc, 'BatchCheckLayerAvailability');
  const layers: Record<string, unknown>[] = [];
  const failures: Record<string, unknown>[] = [];
  for (const digest of params.layerDigests as string[]) {
    if (!LAYER_DIGEST.test(digest)) {
      failures.push({ layerDigest: digest, failureCode: 'InvalidLayerDigest', failureReason: 'Invalid layer digest' });
      continue;
    }
    const size = blobSize(db, t, digest);
    if (size === undefined) {
      failures.push({ layerDigest: digest, failureCode: 'MissingLayerDigest', failureReason: 'Could not find layer' });
      continue;
    }
    const mediaType = mediaTypeOf(db, t, digest);
    layers.push({
      layerDigest: digest,
      layerAvailability: 'AVAILABLE',
      layerSize: size,
      ...(mediaType === undefined ? {} : { mediaType }),
    });
  }
  return { layers, failures };
};

const initiateLayerUpload: Handler = (db, params, hc) => {
  const t = targetOf(db, params, hc, 'InitiateLayerUpload');
  const upload = runRegistry(db, {
    op: 'start-upload',
    id: hc.ids.uuid(),
    account: t.registryId,
    region: t.region,
    repository: t.name,
    nowMs: hc.clock.now().getTime(),
  }) as Upload;
  return { uploadId: upload.id, partSize: PART_SIZE };
};

const uploadLayerPart: Handler = (db, params, hc) => {
  const t = targetOf(db, params, hc, 'UploadLayerPart');
  const id = params.uploadId as string;
  const upload = uploadIn(db, t, id);
  // Exact: a byte number past 2^53 is compared and quoted as the client sent it, never rounded.
  const firstExact = BigInt(params.partFirstByte as number | bigint);
  const lastExact = BigInt(params.partLastByte as number | bigint);
  // Bytes from the command line; base64 text from the wire (JSON 1.1 carries a blob so).
  const blob = params.layerPartBlob as Uint8Array | string;
  const bytes = typeof blob === 'string' ? Buffer.from(blob, 'base64') : blob;
  const invalid = (why: string) =>
    new ServiceError('InvalidLayerPartException', why, 400, {
      registryId: t.registryId,
      repositoryName: t.name,
      uploadId: id,
      ...(upload.size > 0 ? { lastValidByteReceived: upload.size - 1 } : {}),
    });
  if (firstExact !== BigInt(upload.size))
    throw invalid(
      `The part's first byte (${firstExact}) is not where the upload ends: ${upload.size} bytes received, the next part starts at ${upload.size}`,
    );
  const span = lastExact - firstExact + 1n;
  if (lastExact < firstExact || span !== BigInt(bytes.length))
    throw invalid(
      `The part holds ${bytes.length} bytes, not the ${span > 0n ? span : 0n} from byte ${firstExact} to byte ${lastExact}`,
    );
  const first = Number(firstExact);
  const last = Number(lastExact);
  // The part is one request's segment, as a PATCH to serve's registry is: its bytes written once, then made
  // the upload's (a row of registry_parts, which also records where the part ends).
  const segment = segmentOf(id, hc.ids.uuid());
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES)
    runRegistry(db, {
      op: 'stage',
      segment,
      start: first + at,
      bytes: Buffer.from(bytes.subarray(at, Math.min(bytes.length, at + CHUNK_BYTES))),
    });
  runRegistry(db, { op: 'commit-stage', id, segment, from: first, to: last + 1, nowMs: hc.clock.now().getTime() });
  return { registryId: t.registryId, repositoryName: t.name, uploadId: id, lastByteReceived: last };
};

/**
 * The upload's bytes hashed piece by piece (never whole in memory), and where its parts end: each part (an
 * upload-layer-part, or a request to serve's registry) is a row of registry_parts.
 */
function hashUpload(db: Database, id: string, size: number): { digest: string; partEnds: number[] } {
  const hash = createHash('sha256');
  let at = 0;
  while (at < size) {
    const piece = runRegistry(db, { op: 'upload-piece', id, at }) as Piece | undefined;
    if (!piece) throw new Error(`internal: the store has no bytes of upload ${id} at offset ${at}`);
    const bytes = Buffer.from(piece.bytes).subarray(at - piece.start);
    hash.update(bytes);
    at += bytes.length;
  }
  const parts = stmt(db, PARTS_OF).all(`upload:${id}`) as { stop: number }[];
  return { digest: `sha256:${hash.digest('hex')}`, partEnds: parts.slice(0, -1).map((p) => Number(p.stop)) };
}

const completeLayerUpload: Handler = (db, params, hc) => {
  const t = targetOf(db, params, hc, 'CompleteLayerUpload');
  const id = params.uploadId as string;
  const upload = uploadIn(db, t, id);
  const digest = (params.layerDigests as string[])[0]!;
  if (upload.size === 0)
    throw new ServiceError('EmptyUploadException', `The upload with id ${echoText(id)} has no layer parts`);
  const { digest: actual, partEnds } = hashUpload(db, id, upload.size);
  let from = 0;
  for (const end of partEnds) {
    if (end - from < MIN_PART_BYTES)
      throw new ServiceError(
        'LayerPartTooSmallException',
        `Layer parts must be at least ${MIN_PART_BYTES} bytes (5 MiB) but the last: the part from byte ${from} holds ${end - from}`,
      );
    from = end;
  }
  if (actual !== digest)
    throw new ServiceError(
      'InvalidLayerException',
      `The layer digest ${echoText(digest)} does not match the digest of the upload's bytes (${actual})`,
    );
  if (blobSize(db, t, digest) !== undefined)
    throw new ServiceError(
      'LayerAlreadyExistsException',
      `The layer with digest ${echoText(digest)} already exists ${inRepository(t)}`,
    );
  runRegistry(db, { op: 'finish-upload', id, digest, nowMs: hc.clock.now().getTime() });
  return { registryId: t.registryId, repositoryName: t.name, uploadId: id, layerDigest: digest };
};

/** Whether an image of the repository names the blob (a layer no image names is inaccessible, as on ECR). */
function named(db: Database, t: Target, digest: string): boolean {
  return (
    stmt(
      db,
      'SELECT 1 AS x FROM images WHERE registry_id = ? AND region = ? AND repository = ? AND refs LIKE ? LIMIT 1',
    ).get(t.registryId, t.region, t.name, `%"${digest}"%`) !== undefined
  );
}

const getDownloadUrlForLayer: Handler = (db, params, hc) => {
  const t = targetOf(db, params, hc, 'GetDownloadUrlForLayer');
  const digest = params.layerDigest as string;
  if (blobSize(db, t, digest) === undefined)
    throw new ServiceError(
      'LayersNotFoundException',
      `The layer with digest ${echoText(digest)} does not exist ${inRepository(t)}`,
    );
  if (!named(db, t, digest))
    throw new ServiceError(
      'LayerInaccessibleException',
      'The specified layer is not available because it is not associated with an image. Unassociated image layers may be cleaned up at any time.',
    );
  if (hc.origin === undefined) throw new ServiceError('ServerException', NO_DOWNLOAD_SERVER, 500);
  const token = issueRegistryToken(
    db,
    JSON.stringify({
      a: t.registryId,
      r: t.region,
      n: t.name,
      d: digest,
      e: hc.clock.now().getTime() + DOWNLOAD_URL_LIFETIME_MS,
    }),
  );
  return {
    downloadUrl: `${hc.origin}/v2/${t.name}/blobs/${digest}?download=${encodeURIComponent(token)}`,
    layerDigest: digest,
  };
};

export const handlers = {
  BatchCheckLayerAvailability: batchCheckLayerAvailability,
  InitiateLayerUpload: initiateLayerUpload,
  UploadLayerPart: uploadLayerPart,
  CompleteLayerUpload: completeLayerUpload,
  GetDownloadUrlForLayer: getDownloadUrlForLayer,
} satisfies HandlerTable;
