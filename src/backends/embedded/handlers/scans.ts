/**
 * Image scanning as ECR's basic scanning reports it: PutImageScanningConfiguration sets a repository's
 * scanOnPush (a push then starts a scan: ../store/registry-store.ts's scanOnPush), StartImageScan starts one
 * (once a day per image), DescribeImageScanFindings reads the last one. No vulnerability database is here: a
 * scan completes at once with no findings, in ECR's shape (docs/compat.md).
 */
import { echoText } from '../../../core/input-rules.js';
import { ServiceError } from '../../../core/errors.js';
import { parseJsonInts, stringifyJsonExact } from '../../../core/pynum.js';
import { findImage, lastScan, recordScan, type RepoRef, type StoredImage } from '../store/registry-store.js';
import { stmt } from '../store/statements.js';
import type { Database } from '../store/db.js';
import type { Handler, HandlerContext, HandlerTable } from './handler.js';
import { readToken } from './page-token.js';
import { findRepository, registryOf } from './repositories.js';

/** ECR's quota: one scan of an image a day. */
export const SCAN_INTERVAL_MS = 24 * 60 * 60 * 1000;
const COMPLETE = { status: 'COMPLETE', description: 'The scan was completed successfully.' };
const INDEX_TYPES = [
  'application/vnd.docker.distribution.manifest.list.v2+json',
  'application/vnd.oci.image.index.v1+json',
];

interface ImageId {
  imageDigest?: string;
  imageTag?: string;
}

function repoOf(db: Database, params: Record<string, unknown>, hc: HandlerContext, action: string): RepoRef {
  const registryId = registryOf(params, hc, action);
  const name = params.repositoryName as string;
  findRepository(db, hc.region, registryId, name);
  return { account: registryId, region: hc.region, repository: name };
}

/** The image an id names (its tag must name its digest when both are given): ImageNotFoundException otherwise. */
function imageOf(db: Database, r: RepoRef, id: ImageId): StoredImage {
  if (id.imageDigest === undefined && id.imageTag === undefined)
    throw new ServiceError(
      'InvalidParameterException',
      'Invalid request parameters: both tag and digest cannot be null',
    );
  const byTag = id.imageTag === undefined ? undefined : findImage(db, { ...r, reference: id.imageTag });
  const image =
    id.imageTag !== undefined
      ? byTag && (id.imageDigest === undefined || byTag.digest === id.imageDigest)
        ? byTag
        : undefined
      : findImage(db, { ...r, reference: id.imageDigest! });
  if (!image)
    throw new ServiceError(
      'ImageNotFoundException',
      `The image with imageId ${idText(id)} does not exist within the repository with name ${echoText(r.repository)} in the registry with id ${echoText(r.account)}`,
    );
  return image;
}

function idText(id: ImageId): string {
  const q = (v: string | undefined) => (v === undefined ? "'null'" : echoText(v));
  return `{imageDigest:${q(id.imageDigest)}, imageTag:${q(id.imageTag)}}`;
}

/** The image id an answer gives: the digest, and the tag the caller named. */
const answerId = (image: StoredImage, id: ImageId) => ({
  imageDigest: image.digest,
  ...(id.imageTag === undefined ? {} : { imageTag: id.imageTag }),
});

const putImageScanningConfiguration: Handler = (db, params, hc) => {
  const r = repoOf(db, params, hc, 'PutImageScanningConfiguration');
  const row = findRepository(db, hc.region, r.account, r.repository);
  const given = params.imageScanningConfiguration as { scanOnPush?: boolean };
  const config = { scanOnPush: given.scanOnPush === true };
  const doc = parseJsonInts(row.doc) as Record<string, unknown>;
  stmt(db, 'UPDATE repositories SET doc = ? WHERE region = ? AND registry_id = ? AND name = ?').run(
    stringifyJsonExact({ ...doc, imageScanningConfiguration: config }),
    hc.region,
    r.account,
    r.repository,
  );
  return { registryId: r.account, repositoryName: r.repository, imageScanningConfiguration: config };
};

const startImageScan: Handler = (db, params, hc) => {
  const r = repoOf(db, params, hc, 'StartImageScan');
  const id = params.imageId as ImageId;
  const image = imageOf(db, r, id);
  if (INDEX_TYPES.includes(image.mediaType))
    throw new ServiceError(
      'UnsupportedImageTypeException',
      `The image with digest ${echoText(image.digest)} is a ${image.mediaType}, which cannot be scanned: scan the images it lists`,
    );
  const now = hc.clock.now().getTime();
  const last = lastScan(db, { ...r, digest: image.digest });
  if (last !== undefined && now - last < SCAN_INTERVAL_MS)
    throw new ServiceError('LimitExceededException', 'The scan quota per image has been exceeded. Wait and try again.');
  recordScan(db, { ...r, digest: image.digest }, now);
  return {
    registryId: r.account,
    repositoryName: r.repository,
    imageId: answerId(image, id),
    imageScanStatus: { status: 'IN_PROGRESS' },
  };
};

const describeImageScanFindings: Handler = (db, params, hc) => {
  const r = repoOf(db, params, hc, 'DescribeImageScanFindings');
  const id = params.imageId as ImageId;
  const image = imageOf(db, r, id);
  const scanned = lastScan(db, { ...r, digest: image.digest });
  if (scanned === undefined)
    throw new ServiceError(
      'ScanNotFoundException',
      `Image scan does not exist for the image with '${idText(id)}' in the repository with name ${echoText(r.repository)} in the registry with id ${echoText(r.account)}`,
    );
  // No finding is ever issued, so no page follows the first: a token is one this store never gave.
  if (params.nextToken !== undefined) {
    const scope = ['DescribeImageScanFindings', r.region, r.account, r.repository, image.digest];
    if (readToken(db, scope, params.nextToken as string) === undefined)
      throw new ServiceError(
        'InvalidParameterException',
        "Invalid parameter at 'nextToken' failed to satisfy constraint: 'The token was not issued by this registry'",
      );
  }
  return {
    registryId: r.account,
    repositoryName: r.repository,
    imageId: answerId(image, id),
    imageScanStatus: COMPLETE,
    imageScanFindings: {
      imageScanCompletedAt: new Date(scanned),
      vulnerabilitySourceUpdatedAt: new Date(scanned),
      findingSeverityCounts: {},
      findings: [],
    },
  };
};

/** What DescribeImages adds for a scanned image: the scan's status and its summary (ECR's imageScanFindingsSummary). */
export function scanSummary(db: Database, r: RepoRef, digest: string): Record<string, unknown> {
  const scanned = lastScan(db, { ...r, digest });
  if (scanned === undefined) return {};
  return {
    imageScanStatus: COMPLETE,
    imageScanFindingsSummary: {
      imageScanCompletedAt: new Date(scanned),
      vulnerabilitySourceUpdatedAt: new Date(scanned),
      findingSeverityCounts: {},
    },
  };
}

export const handlers = {
  PutImageScanningConfiguration: putImageScanningConfiguration,
  StartImageScan: startImageScan,
  DescribeImageScanFindings: describeImageScanFindings,
} satisfies HandlerTable;
