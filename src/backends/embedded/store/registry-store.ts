/**
 * The store's side of serve's registry (server/registry.ts speaks the OCI Distribution protocol): uploads
 * and their bytes, the blobs each repository holds, images (manifests) and tags, and the tokens of
 * GetAuthorizationToken (../handlers/registry-auth.ts signs and checks them). Everything here is a short synchronous step over the store, as data in and out
 * (`RegistryRequest`), so that on PostgreSQL serve runs it in a pool thread like an operation (admin-calls.ts).
 *
 * Bytes are never whole in memory and, once written, never rewritten: a request's body is appended as it
 * arrives, in pieces of at most CHUNK_BYTES, each its own row of registry_chunks under a segment that only
 * this request writes (`seg:<upload>:<request>`). Who holds a segment's bytes is a small row of
 * registry_parts: when the request's bytes all arrived, one row gives the segment to the upload
 * (`upload:<id>`, from its first byte's offset to its end), in one transaction with the upload's new size
 * (a request cut short gives nothing: its segment is held by no part, unreachable, and reclaimed); a
 * finished upload's parts become the blob's (its digest) in the transaction that records the blob in its
 * repository. Moving bytes between owners moves those rows, never the bytes. Bytes no part holds, and parts
 * no upload or repository holds, are deleted (reclaim).
 */
import { isIndexType } from '../../../models/image-manifest.js';
import { stmt } from './statements.js';
import { tagMoveRefusal } from './tag-mutability.js';
import { withBackgroundCheckpoint } from './wal-checkpointer.js';
import type { Database } from './db.js';

/** The largest piece of a blob one row holds. */
export const CHUNK_BYTES = 1024 * 1024;

/** How long an upload no request touched is kept (ECR and distribution drop them after a while too). */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** How often a serve reclaims what nothing holds (reclaim), beside once at start. */
export const RECLAIM_EVERY_MS = 60 * 60 * 1000;

/** A repository of one account in one region. */
export interface RepoRef {
  account: string;
  region: string;
  repository: string;
}

export interface Upload extends RepoRef {
  id: string;
  size: number;
  createdMs: number;
}

export interface Piece {
  start: number;
  bytes: Buffer;
}

export interface StoredImage {
  digest: string;
  mediaType: string;
  manifest: Buffer;
  size: number;
  refs: string[];
  pushedMs: number;
}

/** What serve's registry asks of the store, one step each. */
export type RegistryRequest =
  | ({ op: 'repository' } & RepoRef)
  | ({ op: 'start-upload'; id: string; nowMs: number } & RepoRef)
  | { op: 'upload'; id: string }
  | { op: 'stage'; segment: string; start: number; bytes: Uint8Array }
  | { op: 'commit-stage'; id: string; segment: string; from: number; to: number; nowMs: number }
  | { op: 'drop-stage'; segment: string }
  | { op: 'upload-piece'; id: string; at: number }
  | { op: 'finish-upload'; id: string; digest: string; nowMs: number }
  | { op: 'cancel-upload'; id: string }
  | ({ op: 'blob'; digest: string } & RepoRef)
  | { op: 'blob-piece'; digest: string; at: number }
  | ({ op: 'mount'; from: string; digest: string; nowMs: number } & RepoRef)
  | ({ op: 'put-image'; image: StoredImage; tag?: string } & RepoRef)
  | ({ op: 'image'; reference: string } & RepoRef)
  | ({ op: 'tags' } & RepoRef)
  | ({ op: 'delete-image'; digest: string } & RepoRef)
  | { op: 'reclaim'; nowMs: number }
  | { op: 'check-token'; token: string };

/** A Buffer of bytes that crossed a thread (a Uint8Array there) or not. */
export const asBuffer = (b: Uint8Array): Buffer =>
  Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);

export const UPLOAD_BY_ID =
  'SELECT id, registry_id, region, repository, size, created_ms FROM registry_uploads WHERE id = ?';
export const BLOB_SIZE =
  'SELECT size FROM registry_blobs WHERE registry_id = ? AND region = ? AND repository = ? AND digest = ?';
export const BYTES_HELD = 'SELECT 1 AS x FROM registry_blobs WHERE digest = ? LIMIT 1';
export const TAG_DIGEST =
  'SELECT digest FROM image_tags WHERE registry_id = ? AND region = ? AND repository = ? AND tag = ?';
export const IMAGE_BY_DIGEST =
  'SELECT digest, media_type, manifest, size, refs, pushed_ms FROM images WHERE registry_id = ? AND region = ? AND repository = ? AND digest = ?';
export const REPOSITORY_TAGS =
  'SELECT tag FROM image_tags WHERE registry_id = ? AND region = ? AND repository = ? ORDER BY tag';

function repositoryExists(db: Database, r: RepoRef): boolean {
  return (
    stmt(db, 'SELECT 1 AS x FROM repositories WHERE region = ? AND registry_id = ? AND name = ?').get(
      r.region,
      r.account,
      r.repository,
    ) !== undefined
  );
}

function uploadOf(db: Database, id: string): Upload | undefined {
  const row = stmt(db, UPLOAD_BY_ID).get(id) as
    | { id: string; registry_id: string; region: string; repository: string; size: number; created_ms: number }
    | undefined;
  if (!row) return undefined;
  return {
    id: row.id,
    account: row.registry_id,
    region: row.region,
    repository: row.repository,
    size: Number(row.size),
    createdMs: Number(row.created_ms),
  };
}

/** The segment of a request's bytes to an upload: `seg:<upload id>:<request id>` (reclaim reads the upload's id back). */
export const segmentOf = (uploadId: string, requestId: string) => `seg:${uploadId}:${requestId}`;
/** The segments of one upload are the owners from `seg:<id>:` up to (not including) `seg:<id>;`. */
const segmentRange = (uploadId: string): [string, string] => [`seg:${uploadId}:`, `seg:${uploadId};`];

/** The part of an owner's bytes that holds byte `at` (test/scale/registry-plans.test.ts holds its plan). */
export const PART_AT =
  'SELECT segment FROM registry_parts WHERE owner = ? AND start <= ? AND stop > ? ORDER BY start DESC LIMIT 1';
/** The piece of a segment that holds byte `at`. */
export const PIECE_AT =
  'SELECT start, bytes FROM registry_chunks WHERE owner = ? AND start <= ? ORDER BY start DESC LIMIT 1';
/** An owner's parts in order: where each ends (CompleteLayerUpload's part sizes). */
export const PARTS_OF = 'SELECT start, stop FROM registry_parts WHERE owner = ? ORDER BY start';
/** The segments of an owner's parts. */
export const SEGMENTS_OF = 'SELECT segment FROM registry_parts WHERE owner = ?';
/**
 * One segment's bytes. Deleted segment by segment: as one `owner IN (SELECT …)`, PostgreSQL's generic plan
 * reads the whole table (a hash join).
 */
export const DROP_SEGMENT = 'DELETE FROM registry_chunks WHERE owner = ?';
/** The segments of one upload that no part holds. */
export const DROP_LOOSE =
  'DELETE FROM registry_chunks WHERE owner >= ? AND owner < ? AND NOT EXISTS (SELECT 1 FROM registry_parts p WHERE p.segment = registry_chunks.owner)';

/** The piece of `owner`'s bytes holding byte `at`: the part (a segment) that holds it, then its chunk. */
function pieceAt(db: Database, owner: string, at: number): Piece | undefined {
  const part = stmt(db, PART_AT).get(owner, at, at) as { segment: string } | undefined;
  if (!part) return undefined;
  const row = stmt(db, PIECE_AT).get(part.segment, at) as { start: number; bytes: Uint8Array } | undefined;
  if (!row) return undefined;
  const piece = { start: Number(row.start), bytes: asBuffer(row.bytes) };
  return piece.start + piece.bytes.length > at ? piece : undefined;
}

/** Deletes the parts of an owner (an upload or a digest) and the bytes of their segments. */
function dropBytes(db: Database, owner: string): void {
  for (const { segment } of stmt(db, SEGMENTS_OF).all(owner) as { segment: string }[])
    stmt(db, DROP_SEGMENT).run(segment);
  stmt(db, 'DELETE FROM registry_parts WHERE owner = ?').run(owner);
}

/** Deletes the segments of an upload that no part holds (requests cut short, or refused). */
function dropLooseSegments(db: Database, uploadId: string): void {
  const [from, to] = segmentRange(uploadId);
  stmt(db, DROP_LOOSE).run(from, to);
}

function blobOf(db: Database, r: RepoRef & { digest: string }): { size: number } | undefined {
  const row = stmt(db, BLOB_SIZE).get(r.account, r.region, r.repository, r.digest) as { size: number } | undefined;
  return row ? { size: Number(row.size) } : undefined;
}

/** Whether any repository holds the bytes of this digest (then registry_parts has them under it). */
function bytesHeld(db: Database, digest: string): boolean {
  return stmt(db, BYTES_HELD).get(digest) !== undefined;
}

function finishUpload(db: Database, id: string, digest: string, nowMs: number): { size: number } | undefined {
  return db.transaction(() => {
    const upload = uploadOf(db, id);
    if (!upload) return undefined;
    const owner = `upload:${id}`;
    // The bytes change hands, not place: the upload's parts (a row per request) become the digest's.
    if (bytesHeld(db, digest)) dropBytes(db, owner);
    else stmt(db, 'UPDATE registry_parts SET owner = ? WHERE owner = ?').run(digest, owner);
    stmt(
      db,
      'INSERT OR IGNORE INTO registry_blobs (registry_id, region, repository, digest, size, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(upload.account, upload.region, upload.repository, digest, upload.size, nowMs);
    stmt(db, 'DELETE FROM registry_uploads WHERE id = ?').run(id);
    dropLooseSegments(db, id);
    return { size: upload.size };
  })();
}

function cancelUpload(db: Database, id: string): boolean {
  return db.transaction(() => {
    const gone = stmt(db, 'DELETE FROM registry_uploads WHERE id = ?').run(id).changes > 0;
    dropBytes(db, `upload:${id}`);
    dropLooseSegments(db, id);
    return gone;
  })();
}

/**
 * The segment of one request becomes the upload's (one row of registry_parts; its bytes stay where they
 * were written), if the upload still ends where the request began (`from`); else the segment is dropped
 * and the upload's size is returned for the client's 416.
 */
function commitStage(
  db: Database,
  r: { id: string; segment: string; from: number; to: number; nowMs: number },
): { ok: boolean; size?: number } {
  return db.transaction(() => {
    const upload = uploadOf(db, r.id);
    if (!upload) {
      stmt(db, 'DELETE FROM registry_chunks WHERE owner = ?').run(r.segment);
      return { ok: false };
    }
    if (upload.size !== r.from) {
      stmt(db, 'DELETE FROM registry_chunks WHERE owner = ?').run(r.segment);
      return { ok: false, size: upload.size };
    }
    stmt(db, 'INSERT INTO registry_parts (owner, start, stop, segment) VALUES (?, ?, ?, ?)').run(
      `upload:${r.id}`,
      r.from,
      r.to,
      r.segment,
    );
    stmt(db, 'UPDATE registry_uploads SET size = ?, created_ms = ? WHERE id = ?').run(r.to, r.nowMs, r.id);
    return { ok: true, size: r.to };
  })();
}

function imageRow(row: {
  digest: string;
  media_type: string;
  manifest: Uint8Array;
  size: number;
  refs: string;
  pushed_ms: number;
}): StoredImage {
  return {
    digest: row.digest,
    mediaType: row.media_type,
    manifest: asBuffer(row.manifest),
    size: Number(row.size),
    refs: JSON.parse(row.refs) as string[],
    pushedMs: Number(row.pushed_ms),
  };
}

const DIGEST_REFERENCE = /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-zA-Z0-9=_-]+$/;

export function findImage(db: Database, r: RepoRef & { reference: string }): StoredImage | undefined {
  let digest = r.reference;
  if (!DIGEST_REFERENCE.test(r.reference)) {
    const tag = stmt(db, TAG_DIGEST).get(r.account, r.region, r.repository, r.reference) as
      | { digest: string }
      | undefined;
    if (!tag) return undefined;
    digest = tag.digest;
  }
  const row = stmt(db, IMAGE_BY_DIGEST).get(r.account, r.region, r.repository, digest) as
    | Parameters<typeof imageRow>[0]
    | undefined;
  return row ? imageRow(row) : undefined;
}

/** Which of the digests the repository does not hold, as a blob or (for an index) as an image. */
export function missingRefs(db: Database, r: RepoRef, blobs: string[], images: string[]): string[] {
  return [
    ...blobs.filter((d) => !blobOf(db, { ...r, digest: d })),
    ...images.filter((d) => !findImage(db, { ...r, reference: d })),
  ];
}

/** Stores an image (the same digest again: its row is kept as it was) and moves the tag, if any, onto it. */
export function putImage(db: Database, r: RepoRef & { image: StoredImage; tag?: string }): void {
  const { image } = r;
  db.transaction(() => {
    stmt(
      db,
      'INSERT OR IGNORE INTO images (registry_id, region, repository, digest, media_type, manifest, size, refs, pushed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(
      r.account,
      r.region,
      r.repository,
      image.digest,
      image.mediaType,
      image.manifest,
      image.size,
      JSON.stringify(image.refs),
      image.pushedMs,
    );
    if (r.tag !== undefined) {
      stmt(db, 'DELETE FROM image_tags WHERE registry_id = ? AND region = ? AND repository = ? AND tag = ?').run(
        r.account,
        r.region,
        r.repository,
        r.tag,
      );
      stmt(
        db,
        'INSERT INTO image_tags (registry_id, region, repository, tag, digest, tagged_ms) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(r.account, r.region, r.repository, r.tag, image.digest, image.pushedMs);
    }
  })();
}

/**
 * An image put by a client (a manifest PUT to serve's registry, ECR's PutImage): refused when its tag may not
 * move to it (tag-mutability.ts) or when the repository lacks what it names (blobs; for an index, images);
 * else stored, its size the sum of its blobs' (an index's: its largest image's), and the tag moved onto it.
 */
export function storeImage(
  db: Database,
  r: RepoRef & { image: StoredImage; tag?: string },
): { missing: string[]; refused?: string } {
  return db.transaction(() => {
    const image = { ...r.image, manifest: asBuffer(r.image.manifest) };
    if (r.tag !== undefined) {
      const refused = tagMoveRefusal(db, { ...r, tag: r.tag, digest: image.digest });
      if (refused !== undefined) return { missing: [], refused };
    }
    const index = isIndexType(image.mediaType);
    const missing = missingRefs(db, r, index ? [] : image.refs, index ? image.refs : []);
    if (missing.length > 0) return { missing };
    // ECR's imageSizeInBytes: an image's blobs summed; a manifest list's (an index's), the largest of the images
    // it names (botocore's ImageDetail doc: "the max size of all manifests in the list"), not 0 (hostile pass 22d).
    const size = index
      ? Math.max(0, ...image.refs.map((d) => findImage(db, { ...r, reference: d })?.size ?? 0))
      : image.refs.map((d) => blobOf(db, { ...r, digest: d })?.size ?? 0).reduce((a, b) => a + b, 0);
    const isNew = findImage(db, { ...r, reference: image.digest }) === undefined;
    putImage(db, { ...r, image: { ...image, size } });
    // A new image of a repository with scanOnPush is scanned, whether pushed or put (issue 45).
    if (isNew) scanOnPush(db, r, image.digest, image.pushedMs);
    return { missing: [] };
  })();
}

/** The manifest lists (indexes) of the repository, other than `digest` itself, that name the image `digest`. */
function listsNaming(db: Database, r: RepoRef & { digest: string }): string[] {
  const rows = stmt(
    db,
    'SELECT digest, media_type, refs FROM images WHERE registry_id = ? AND region = ? AND repository = ? AND digest <> ?',
  ).all(r.account, r.region, r.repository, r.digest) as { digest: string; media_type: string; refs: string }[];
  return rows
    .filter((row) => isIndexType(row.media_type) && (JSON.parse(row.refs) as string[]).includes(r.digest))
    .map((row) => row.digest);
}

/** ECR's failureReason for an image a manifest list names (BatchDeleteImage; the registry's DELETE says it too). */
export const referencedReason = (lists: readonly string[]): string =>
  `Requested image referenced by manifest list: [${lists.join(', ')}]`;

/**
 * Deletes an image and its tags, then what it alone held: the repository's blobs that no other image of it
 * names, and the bytes no repository holds any more. An image a manifest list (index) of the repository names
 * is kept, and the lists are the answer: ECR's ImageReferencedByManifestList, for BatchDeleteImage and the
 * registry's DELETE alike. False: no such image.
 */
export function deleteImage(db: Database, r: RepoRef & { digest: string }): boolean | { referencedBy: string[] } {
  return db.transaction(() => {
    const image = findImage(db, { ...r, reference: r.digest });
    if (!image) return false;
    const lists = listsNaming(db, r);
    if (lists.length > 0) return { referencedBy: lists };
    const where = 'registry_id = ? AND region = ? AND repository = ?';
    const args = [r.account, r.region, r.repository];
    stmt(db, `DELETE FROM images WHERE ${where} AND digest = ?`).run(...args, r.digest);
    stmt(db, `DELETE FROM image_tags WHERE ${where} AND digest = ?`).run(...args, r.digest);
    stmt(db, `DELETE FROM image_scans WHERE ${where} AND digest = ?`).run(...args, r.digest);
    const others = (stmt(db, `SELECT refs FROM images WHERE ${where}`).all(...args) as { refs: string }[]).flatMap(
      (row) => JSON.parse(row.refs) as string[],
    );
    const kept = new Set(others);
    for (const digest of image.refs) {
      if (kept.has(digest)) continue;
      stmt(db, `DELETE FROM registry_blobs WHERE ${where} AND digest = ?`).run(...args, digest);
      if (!bytesHeld(db, digest)) dropBytes(db, digest);
    }
    return true;
  })();
}

/** A deleted repository's images, tags, blobs and uploads, and the bytes no other repository holds. */
export function dropRepository(db: Database, r: RepoRef): void {
  const where = 'registry_id = ? AND region = ? AND repository = ?';
  const args = [r.account, r.region, r.repository];
  const digests = (
    stmt(db, `SELECT digest FROM registry_blobs WHERE ${where}`).all(...args) as { digest: string }[]
  ).map((row) => row.digest);
  const uploads = (stmt(db, `SELECT id FROM registry_uploads WHERE ${where}`).all(...args) as { id: string }[]).map(
    (row) => row.id,
  );
  for (const table of ['images', 'image_tags', 'registry_blobs', 'registry_uploads', 'image_scans'])
    stmt(db, `DELETE FROM ${table} WHERE ${where}`).run(...args);
  for (const digest of digests) if (!bytesHeld(db, digest)) dropBytes(db, digest);
  for (const id of uploads) {
    dropBytes(db, `upload:${id}`);
    dropLooseSegments(db, id);
  }
}

/**
 * What nothing holds any more, deleted: uploads no request touched for UPLOAD_LIFETIME_MS and those of
 * repositories that are gone; blobs of repositories that are gone, and blobs no image of their repository
 * names that were pushed more than UPLOAD_LIFETIME_MS ago (a push sends its blobs before its manifest);
 * images and tags of repositories that are gone; then the parts no upload or blob holds, and the bytes no
 * part holds whose upload is gone (those of a request cut short, or of a serve killed mid-push). Run by
 * reset (resources.ts), and by serve at start and every RECLAIM_EVERY_MS (server/registry.ts). Returns
 * how many pieces of bytes it deleted.
 */
export function reclaim(db: Database, nowMs: number): number {
  return db.transaction(() => {
    stmt(
      db,
      `DELETE FROM registry_uploads WHERE created_ms < ? OR NOT EXISTS (SELECT 1 FROM repositories p WHERE p.registry_id = registry_uploads.registry_id AND p.region = registry_uploads.region AND p.name = registry_uploads.repository)`,
    ).run(nowMs - UPLOAD_LIFETIME_MS);
    stmt(
      db,
      `DELETE FROM registry_blobs WHERE NOT EXISTS (SELECT 1 FROM repositories p WHERE p.registry_id = registry_blobs.registry_id AND p.region = registry_blobs.region AND p.name = registry_blobs.repository)`,
    ).run();
    const old = stmt(db, 'SELECT registry_id, region, repository, digest FROM registry_blobs WHERE created_ms < ?').all(
      nowMs - UPLOAD_LIFETIME_MS,
    ) as { registry_id: string; region: string; repository: string; digest: string }[];
    // Each repository's names read once, however many old blobs it has.
    const named = new Map<string, Set<string>>();
    for (const b of old) {
      const key = JSON.stringify([b.registry_id, b.region, b.repository]);
      let refs = named.get(key);
      if (!refs) {
        refs = new Set(
          (
            stmt(db, 'SELECT refs FROM images WHERE registry_id = ? AND region = ? AND repository = ?').all(
              b.registry_id,
              b.region,
              b.repository,
            ) as { refs: string }[]
          ).flatMap((row) => JSON.parse(row.refs) as string[]),
        );
        named.set(key, refs);
      }
      if (!refs.has(b.digest))
        stmt(
          db,
          'DELETE FROM registry_blobs WHERE registry_id = ? AND region = ? AND repository = ? AND digest = ?',
        ).run(b.registry_id, b.region, b.repository, b.digest);
    }
    stmt(
      db,
      `DELETE FROM images WHERE NOT EXISTS (SELECT 1 FROM repositories p WHERE p.registry_id = images.registry_id AND p.region = images.region AND p.name = images.repository)`,
    ).run();
    stmt(
      db,
      `DELETE FROM image_tags WHERE NOT EXISTS (SELECT 1 FROM images i WHERE i.registry_id = image_tags.registry_id AND i.region = image_tags.region AND i.repository = image_tags.repository AND i.digest = image_tags.digest)`,
    ).run();
    stmt(
      db,
      `DELETE FROM registry_parts WHERE NOT (
         (owner LIKE 'upload:%' AND EXISTS (SELECT 1 FROM registry_uploads u WHERE 'upload:' || u.id = registry_parts.owner))
         OR EXISTS (SELECT 1 FROM registry_blobs b WHERE b.digest = registry_parts.owner))`,
    ).run();
    stmt(
      db,
      `DELETE FROM image_scans WHERE NOT EXISTS (SELECT 1 FROM images i WHERE i.registry_id = image_scans.registry_id AND i.region = image_scans.region AND i.repository = image_scans.repository AND i.digest = image_scans.digest)`,
    ).run();
    // A segment is `seg:<upload id>:<request id>`, and an upload's id a UUID (36 characters from the 5th).
    return stmt(
      db,
      `DELETE FROM registry_chunks WHERE NOT EXISTS (SELECT 1 FROM registry_parts p WHERE p.segment = registry_chunks.owner)
         AND NOT EXISTS (SELECT 1 FROM registry_uploads u WHERE u.id = substr(registry_chunks.owner, 5, 36))`,
    ).run().changes;
  })();
}

/**
 * A push of a new image to a repository with scanOnPush starts its scan (../handlers/scans.ts reads it): basic
 * scanning completes at once. PutImage calls this too.
 */
export function scanOnPush(db: Database, r: RepoRef, digest: string, nowMs: number): void {
  const row = stmt(db, 'SELECT doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?').get(
    r.region,
    r.account,
    r.repository,
  ) as { doc: string } | undefined;
  const doc = row ? (JSON.parse(row.doc) as { imageScanningConfiguration?: { scanOnPush?: boolean } }) : {};
  if (doc.imageScanningConfiguration?.scanOnPush === true) recordScan(db, { ...r, digest }, nowMs);
}

/** Records a scan of the image, started (and, basic scanning here, completed) at nowMs. */
export function recordScan(db: Database, r: RepoRef & { digest: string }, nowMs: number): void {
  stmt(db, 'DELETE FROM image_scans WHERE registry_id = ? AND region = ? AND repository = ? AND digest = ?').run(
    r.account,
    r.region,
    r.repository,
    r.digest,
  );
  stmt(db, 'INSERT INTO image_scans (registry_id, region, repository, digest, scanned_ms) VALUES (?, ?, ?, ?, ?)').run(
    r.account,
    r.region,
    r.repository,
    r.digest,
    nowMs,
  );
}

/** When the image was last scanned (epoch ms), if ever. */
export function lastScan(db: Database, r: RepoRef & { digest: string }): number | undefined {
  const row = stmt(
    db,
    'SELECT scanned_ms FROM image_scans WHERE registry_id = ? AND region = ? AND repository = ? AND digest = ?',
  ).get(r.account, r.region, r.repository, r.digest) as { scanned_ms: number } | undefined;
  return row ? Number(row.scanned_ms) : undefined;
}

/**
 * One step of serve's registry (admin-calls.ts): a push's bytes into a SQLite file are written with the WAL's
 * copy into the database file left to a thread beside them (wal-checkpointer.ts), not done between pieces.
 * The API's layer operations (../handlers/layers.ts), which the CLI runs too, call runRegistry as it is.
 */
export function runServedRegistry(db: Database, r: RegistryRequest): unknown {
  if (r.op === 'stage') return withBackgroundCheckpoint(db, r.bytes.byteLength, () => runRegistry(db, r));
  if (r.op === 'commit-stage') return withBackgroundCheckpoint(db, 0, () => runRegistry(db, r));
  return runRegistry(db, r);
}

export function runRegistry(db: Database, r: RegistryRequest): unknown {
  switch (r.op) {
    case 'repository':
      return repositoryExists(db, r);
    case 'start-upload':
      stmt(
        db,
        'INSERT INTO registry_uploads (id, registry_id, region, repository, size, created_ms) VALUES (?, ?, ?, ?, 0, ?)',
      ).run(r.id, r.account, r.region, r.repository, r.nowMs);
      return uploadOf(db, r.id);
    case 'upload':
      return uploadOf(db, r.id);
    case 'stage':
      stmt(db, 'INSERT INTO registry_chunks (owner, start, bytes) VALUES (?, ?, ?)').run(
        r.segment,
        r.start,
        asBuffer(r.bytes),
      );
      return undefined;
    case 'commit-stage':
      return commitStage(db, r);
    case 'drop-stage':
      stmt(db, 'DELETE FROM registry_chunks WHERE owner = ?').run(r.segment);
      return undefined;
    case 'upload-piece':
      return pieceAt(db, `upload:${r.id}`, r.at);
    case 'finish-upload':
      return finishUpload(db, r.id, r.digest, r.nowMs);
    case 'cancel-upload':
      return cancelUpload(db, r.id);
    case 'blob':
      return blobOf(db, r);
    case 'blob-piece':
      return pieceAt(db, r.digest, r.at);
    case 'mount':
      return db.transaction(() => {
        const source = blobOf(db, { ...r, repository: r.from, digest: r.digest });
        if (!source) return undefined;
        stmt(
          db,
          'INSERT OR IGNORE INTO registry_blobs (registry_id, region, repository, digest, size, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
        ).run(r.account, r.region, r.repository, r.digest, source.size, r.nowMs);
        return source;
      })();
    case 'put-image':
      return storeImage(db, r);
    case 'image':
      return findImage(db, r);
    case 'tags':
      return (stmt(db, REPOSITORY_TAGS).all(r.account, r.region, r.repository) as { tag: string }[]).map(
        (row) => row.tag,
      );
    case 'delete-image':
      return deleteImage(db, r);
    case 'reclaim':
      return reclaim(db, r.nowMs);
    case 'check-token':
      // The handler of GetAuthorizationToken checks its own tokens (../handlers/registry-auth.ts, admin-calls.ts).
      throw new Error('internal: check-token is answered by ../handlers/registry-auth.ts');
  }
}
