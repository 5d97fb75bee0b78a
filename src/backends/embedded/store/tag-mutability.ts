/**
 * The repository's image tag mutability in effect: whether a tag may move to another image. One rule for
 * both ways a tag is put on an image, ECR's PutImage (../handlers/images.ts) and a manifest PUT by tag to
 * serve's registry (registry-store.ts, `put-image`); each answers a refusal in its own protocol
 * (ImageTagAlreadyExistsException, TAG_INVALID).
 *
 * A tag that names no image yet, or already names this one, is never refused. Otherwise: MUTABLE moves it,
 * IMMUTABLE refuses; IMMUTABLE_WITH_EXCLUSION moves only the tags one of its filters matches, and
 * MUTABLE_WITH_EXCLUSION refuses only those. A filter is a WILDCARD pattern over the whole tag, `*` matching
 * any run of characters (ECR's filter values: letters, digits, `.`, `_`, `-` and `*`).
 */
import { parseJsonInts } from '../../../core/pynum.js';
import { stmt } from './statements.js';
import type { Database } from './db.js';

interface MutabilitySetting {
  imageTagMutability?: string;
  imageTagMutabilityExclusionFilters?: Array<{ filterType: string; filter: string }>;
}

/** Whether a WILDCARD filter matches the whole tag. */
export function wildcardMatches(filter: string, tag: string): boolean {
  const source = filter
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\-]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's').test(tag);
}

/** Whether the setting makes this tag immutable. */
export function tagIsImmutable(setting: MutabilitySetting, tag: string): boolean {
  const mutability = setting.imageTagMutability ?? 'MUTABLE';
  const excluded = (setting.imageTagMutabilityExclusionFilters ?? []).some((f) => wildcardMatches(f.filter, tag));
  switch (mutability) {
    case 'IMMUTABLE':
      return true;
    case 'IMMUTABLE_WITH_EXCLUSION':
      return !excluded;
    case 'MUTABLE_WITH_EXCLUSION':
      return excluded;
    default:
      return false;
  }
}

/**
 * Why the tag may not be put on the image `digest` (ECR's message), or undefined when it may: the tag names
 * another image and the repository's setting makes it immutable.
 */
export function tagMoveRefusal(
  db: Database,
  r: { account: string; region: string; repository: string; tag: string; digest: string },
): string | undefined {
  const current = stmt(
    db,
    'SELECT digest FROM image_tags WHERE registry_id = ? AND region = ? AND repository = ? AND tag = ?',
  ).get(r.account, r.region, r.repository, r.tag) as { digest: string } | undefined;
  if (current === undefined || current.digest === r.digest) return undefined;
  const row = stmt(db, 'SELECT doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?').get(
    r.region,
    r.account,
    r.repository,
  ) as { doc: string } | undefined;
  const setting = row === undefined ? {} : (parseJsonInts(row.doc) as MutabilitySetting);
  if (!tagIsImmutable(setting, r.tag)) return undefined;
  const why =
    setting.imageTagMutability === 'IMMUTABLE'
      ? 'the repository is immutable'
      : `the tag is immutable (imageTagMutability ${setting.imageTagMutability})`;
  return `The image tag '${r.tag}' already exists in the '${r.repository}' repository and cannot be overwritten because ${why}.`;
}
