/**
 * What an image manifest is, for both ways an image comes in: serve's registry (a manifest PUT,
 * server/registry.ts, which answers a problem as MANIFEST_INVALID) and ECR's PutImage
 * (backends/embedded/handlers/images.ts, which answers it as InvalidParameterException). One reading, so
 * that an image one of them takes the other takes too.
 */

export const MANIFEST_MEDIA_TYPES = {
  dockerManifest: 'application/vnd.docker.distribution.manifest.v2+json',
  dockerList: 'application/vnd.docker.distribution.manifest.list.v2+json',
  ociManifest: 'application/vnd.oci.image.manifest.v1+json',
  ociIndex: 'application/vnd.oci.image.index.v1+json',
} as const;
export const MANIFEST_TYPES: readonly string[] = Object.values(MANIFEST_MEDIA_TYPES);

/** A manifest list or an OCI index: it names manifests, not blobs. */
export const isIndexType = (mediaType: string): boolean =>
  mediaType === MANIFEST_MEDIA_TYPES.dockerList || mediaType === MANIFEST_MEDIA_TYPES.ociIndex;

/** ECR's largest manifest (and distribution's): 4 MiB (the model's ImageManifest max). */
export const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

/** ECR's image tags: 1 to 300 characters of letters, digits, `_`, `.` and `-`, not starting with `.` or `-`. */
export const IMAGE_TAG = /^[\w][\w.-]{0,299}$/;

/** A digest of any algorithm, as the distribution spec's grammar has it (only sha256 is stored). */
export const ANY_DIGEST = /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/;

export type ManifestReading = { mediaType: string; refs: string[] } | { problem: string };

/**
 * What a manifest names: its blobs (config, layers) or, for an index, its manifests; or why it is not a
 * manifest svcctl stores. `given` is the media type the request states (Content-Type, imageManifestMediaType),
 * when it is one of MANIFEST_TYPES; the manifest's own mediaType must then agree with it.
 */
export function readManifest(bytes: Buffer, given: string | undefined): ManifestReading {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as Record<string, unknown>;
  } catch {
    return { problem: 'the manifest is not JSON' };
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    return { problem: 'the manifest is not a JSON object' };
  const declared = typeof doc.mediaType === 'string' ? doc.mediaType : undefined;
  const mediaType = given ?? declared;
  if (mediaType === undefined || !MANIFEST_TYPES.includes(mediaType))
    return { problem: `the manifest's media type is not one of ${MANIFEST_TYPES.join(', ')}` };
  if (declared !== undefined && declared !== mediaType)
    return { problem: `the manifest's mediaType ${declared} is not its Content-Type ${mediaType}` };
  if (doc.schemaVersion !== 2) return { problem: 'the manifest is not of schemaVersion 2' };
  const digests: string[] = [];
  const add = (d: unknown): boolean => {
    const digest = (d as { digest?: unknown } | null)?.digest;
    if (typeof digest !== 'string' || !ANY_DIGEST.test(digest)) return false;
    digests.push(digest);
    return true;
  };
  const bad = { problem: 'a descriptor has no valid digest' };
  if (isIndexType(mediaType)) {
    if (!Array.isArray(doc.manifests)) return { problem: 'the index has no manifests list' };
    return doc.manifests.every(add) ? { mediaType, refs: digests } : bad;
  }
  if (!Array.isArray(doc.layers)) return { problem: 'the manifest has no layers list' };
  return add(doc.config) && doc.layers.every(add) ? { mediaType, refs: [...new Set(digests)] } : bad;
}
