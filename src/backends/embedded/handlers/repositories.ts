/** Image repositories (spec 2.4 / 4.5): create, describe, delete; their tags: list, tag, untag. */
import { dropRepository } from '../store/registry-store.js';
import { echoText } from '../../../core/input-rules.js';
import { parseJsonInts, stringifyJsonExact } from '../../../core/pynum.js';
import { createHash } from 'node:crypto';
import { ServiceError } from '../../../core/errors.js';
import { repositoryShape } from '../../../models/ecr.js';
import { arn, globalArn, hostIn, parseArn, partitionOf } from '../../../models/partitions.js';
import { repositoryRules } from '../../../models/rules.js';
import { fillDefaults } from '../../../models/shapes.js';
import {
  mergeTags,
  type Tag,
  tagCountProblem,
  tagKeyProblem,
  type TagProblem,
  tagsProblem,
} from '../../../models/tag-rules.js';
import { issueToken, readToken } from './page-token.js';
import { insertCounted, QUOTA_CREATE_ISOLATION } from './quota.js';
import { stmt } from '../store/statements.js';
import type { Database } from '../store/db.js';
import type { Handler, HandlerTable, HandlerContext } from './handler.js';

interface Row {
  region: string;
  registry_id: string;
  name: string;
  created_ms: number;
  doc: string;
}

/**
 * The repository as ECR returns it: the settings it was given, and ECR's defaults for those it was not
 * (rows stored before svcctl returned them get them too). Its tags are kept in the same document but are
 * not part of a repository: ListTagsForResource reads them.
 */
function toRepository(row: Row): Record<string, unknown> {
  const { tags: _tags, ...doc } = parseJsonInts(row.doc) as Record<string, unknown>;
  return { ...withDefaults(doc, row.registry_id, row.region), createdAt: new Date(row.created_ms) };
}

function withDefaults(doc: Record<string, unknown>, account: string, region: string): Record<string, unknown> {
  const encryption = (doc.encryptionConfiguration as Record<string, unknown> | undefined) ?? {
    encryptionType: 'AES256',
  };
  return fillDefaults(repositoryShape, {
    ...doc,
    imageTagMutability: doc.imageTagMutability ?? 'MUTABLE',
    imageScanningConfiguration: doc.imageScanningConfiguration ?? {},
    encryptionConfiguration:
      encryption.encryptionType !== 'AES256' && encryption.kmsKey === undefined
        ? { ...encryption, kmsKey: awsManagedKey(account, region) }
        : encryption,
  }) as Record<string, unknown>;
}

/**
 * The account's AWS-managed key for ECR (aws/ecr) in a region: what KMS and KMS_DSSE use without a kmsKey.
 * Its id is derived from the account and region, so it is the same on every call, store and instance.
 */
export function awsManagedKey(account: string, region: string): string {
  const h = createHash('sha256').update(`aws/ecr:${account}:${region}`).digest('hex');
  const variant = ((Number.parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  const id = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  return arn('kms', region, account, `key/${id}`);
}

/** A KMS key given as an ARN must be a KMS ARN of the request's partition (an alias or key id is taken as it is). */
function kmsKeyProblem(params: Record<string, unknown>, region: string): string | undefined {
  const key = (params.encryptionConfiguration as { kmsKey?: string } | undefined)?.kmsKey;
  if (key === undefined || !key.startsWith('arn:')) return undefined;
  const parsed = parseArn(key);
  if (parsed?.service !== 'kms' || parsed.region === '' || parsed.account === '')
    return "Invalid parameter at 'kmsKey' failed to satisfy constraint: 'Invalid ARN'";
  const partition = partitionOf(region).id;
  if (parsed.partition !== partition)
    return `Invalid parameter at 'kmsKey' failed to satisfy constraint: 'The ARN is in partition ${parsed.partition}, not in the partition of the request's region (${partition})'`;
  return undefined;
}

function refuse(problem: TagProblem | undefined): void {
  if (problem) throw new ServiceError(problem.code, problem.message);
}

/**
 * The registry a call acts on. An authenticated caller (serve --credentials) may act only on its own
 * account's registry, and is refused as ECR refuses a principal without a resource policy.
 */
export function registryOf(params: Record<string, unknown>, hc: HandlerContext, action: string): string {
  const registryId = (params.registryId as string | undefined) ?? hc.accountId;
  if (hc.principal !== undefined && registryId !== hc.accountId) {
    const name = (params.repositoryName as string | undefined) ?? '*';
    throw new ServiceError(
      'AccessDeniedException',
      `User: ${globalArn('iam', hc.region, hc.accountId, `user/${hc.principal}`)} is not authorized to perform: ecr:${action} on resource: ${arn('ecr', hc.region, registryId, `repository/${name}`)} because no resource-based policy allows the ecr:${action} action`,
    );
  }
  return registryId;
}

/** CreateRepository's own rules beyond its model's (the gate's), thrown as ECR's errors; `store import` runs them too. */
export function checkCreate(params: Record<string, unknown>, region: string): void {
  const problem = repositoryRules(params, region) ?? kmsKeyProblem(params, region);
  if (problem) throw new ServiceError('InvalidParameterException', problem);
  const tags = (params.tags as Tag[] | undefined) ?? [];
  refuse(tagsProblem(tags) ?? tagCountProblem(tags.length));
}

const CREATE_SETTINGS = [
  'imageTagMutability',
  'imageTagMutabilityExclusionFilters',
  'imageScanningConfiguration',
  'encryptionConfiguration',
] as const;

/** The document a CreateRepository of `params` stores: the repository with ECR's defaults, and its tags. */
export function storedRepository(
  params: Record<string, unknown>,
  registryId: string,
  region: string,
): Record<string, unknown> {
  const name = params.repositoryName as string;
  const doc: Record<string, unknown> = {
    repositoryArn: arn('ecr', region, registryId, `repository/${name}`),
    registryId,
    repositoryName: name,
    repositoryUri: `${hostIn(`${registryId}.dkr.ecr`, region)}/${name}`,
  };
  for (const key of CREATE_SETTINGS) if (params[key] !== undefined) doc[key] = params[key];
  const repository = withDefaults(doc, registryId, region);
  const tags = (params.tags as Tag[] | undefined) ?? [];
  return tags.length > 0 ? { ...repository, tags } : repository;
}

/** The CreateRepository input a stored document says it was made from (`store import` replays it). */
export function createInputOf(doc: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = { repositoryName: doc.repositoryName, registryId: doc.registryId };
  for (const key of [...CREATE_SETTINGS, 'tags'] as const) if (doc[key] !== undefined) input[key] = doc[key];
  return input;
}

const create: Handler = (db, params, hc) => {
  checkCreate(params, hc.region);
  const registryId = registryOf(params, hc, 'CreateRepository');
  const name = params.repositoryName as string;
  const created = hc.clock.now();
  const stored = storedRepository(params, registryId, hc.region);
  const { tags: _tags, ...repository } = stored;
  const inserted = insertCounted(
    db,
    {
      sql: 'INSERT OR IGNORE INTO repositories (region, registry_id, name, created_ms, doc) VALUES (?, ?, ?, ?, ?)',
      params: [hc.region, registryId, name, created.getTime(), stringifyJsonExact(stored)],
    },
    'repositories',
    registryId,
    hc.region,
    'repositories_per_region',
  );
  if (inserted.changes === 0) {
    throw new ServiceError(
      'RepositoryAlreadyExistsException',
      `The repository with name ${echoText(name)} already exists in the registry with id ${echoText(registryId)}`,
    );
  }
  const quota = inserted.over;
  if (quota !== false)
    throw new ServiceError(
      'LimitExceededException',
      `The repository limit of ${quota} per region has been reached in the registry with id '${registryId}' in ${hc.region} (service setting repositories_per_region).`,
    );
  return { repository: { ...repository, createdAt: created } };
};
create.isolation = QUOTA_CREATE_ISOLATION;

const DEFAULT_PAGE = 100;

/** Named repositories in one page (ECR refuses paging them), or all of them keyset-paged by name. */
const describe: Handler = (db, params, hc) => {
  const registryId = registryOf(params, hc, 'DescribeRepositories');
  const names = params.repositoryNames as string[] | undefined;
  if (names) return { repositories: describeNamed(db, hc.region, registryId, names, params) };
  const scope = [hc.region, registryId];
  let after = '';
  if (params.nextToken !== undefined) {
    const last = readToken(db, scope, params.nextToken as string);
    if (last === undefined)
      throw new ServiceError(
        'InvalidParameterException',
        "Invalid parameter at 'nextToken' failed to satisfy constraint: 'The token was not issued by this registry'",
      );
    after = last;
  }
  const limit = (params.maxResults as number | undefined) ?? DEFAULT_PAGE;
  const rows = stmt(
    db,
    'SELECT region, registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name > ? ORDER BY name LIMIT ?',
  ).all(hc.region, registryId, after, limit + 1) as Row[];
  const page = rows.slice(0, limit);
  const out: Record<string, unknown> = { repositories: page.map(toRepository) };
  if (rows.length > limit) out.nextToken = issueToken(db, scope, page[page.length - 1]!.name);
  return out;
};

function describeNamed(
  db: Database,
  region: string,
  registryId: string,
  names: string[],
  params: Record<string, unknown>,
): Record<string, unknown>[] {
  if (params.nextToken !== undefined || params.maxResults !== undefined) {
    throw new ServiceError(
      'InvalidParameterException',
      'maxResults and nextToken cannot be used when repositoryNames is given',
    );
  }
  return [...new Set(names)].sort().map((name) => toRepository(findRepository(db, region, registryId, name)));
}

const remove: Handler = (db, params, hc) => {
  const registryId = registryOf(params, hc, 'DeleteRepository');
  const name = params.repositoryName as string;
  return db.transaction(() => {
    const row = stmt(
      db,
      'SELECT region, registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?',
    ).get(hc.region, registryId, name) as Row | undefined;
    if (!row) {
      throw new ServiceError(
        'RepositoryNotFoundException',
        `The repository with name ${echoText(name)} does not exist in the registry with id ${echoText(registryId)}`,
      );
    }
    const holdsImages =
      stmt(db, 'SELECT 1 AS x FROM images WHERE registry_id = ? AND region = ? AND repository = ? LIMIT 1').get(
        registryId,
        hc.region,
        name,
      ) !== undefined;
    if (holdsImages && params.force !== true)
      throw new ServiceError(
        'RepositoryNotEmptyException',
        `The repository with name ${echoText(name)} in registry with id ${echoText(registryId)} cannot be deleted because it still contains images`,
      );
    const deleted = stmt(db, 'DELETE FROM repositories WHERE region = ? AND registry_id = ? AND name = ?').run(
      hc.region,
      registryId,
      name,
    );
    // At READ COMMITTED a delete that raced another's finds the row gone here: the repository no longer exists.
    if (deleted.changes === 0)
      throw new ServiceError(
        'RepositoryNotFoundException',
        `The repository with name ${echoText(name)} does not exist in the registry with id ${echoText(registryId)}`,
      );
    dropRepository(db, { account: registryId, region: hc.region, repository: name });
    return { repository: toRepository(row) };
  })();
};

/** Sets the repository's image tag mutability (with its exclusion filters, or none), as CreateRepository's rules allow. */
const putTagMutability: Handler = (db, params, hc) => {
  const problem = repositoryRules(
    {
      imageTagMutability: params.imageTagMutability,
      imageTagMutabilityExclusionFilters: params.imageTagMutabilityExclusionFilters,
    },
    hc.region,
  );
  if (problem) throw new ServiceError('InvalidParameterException', problem);
  const registryId = registryOf(params, hc, 'PutImageTagMutability');
  const name = params.repositoryName as string;
  const row = findRepository(db, hc.region, registryId, name);
  const { imageTagMutabilityExclusionFilters: _old, ...doc } = parseJsonInts(row.doc) as Record<string, unknown>;
  const filters = params.imageTagMutabilityExclusionFilters as unknown[] | undefined;
  const setting = {
    imageTagMutability: params.imageTagMutability,
    ...(filters === undefined ? {} : { imageTagMutabilityExclusionFilters: filters }),
  };
  stmt(db, 'UPDATE repositories SET doc = ? WHERE region = ? AND registry_id = ? AND name = ?').run(
    stringifyJsonExact({ ...doc, ...setting }),
    hc.region,
    registryId,
    name,
  );
  return { registryId, repositoryName: name, ...setting };
};

/** The repository a resourceArn names, in the registry the caller may act on (as registryOf). */
function targetOf(
  params: Record<string, unknown>,
  hc: HandlerContext,
  action: string,
): { registryId: string; name: string } {
  const parsed = parseArn(params.resourceArn as string);
  const name = parsed?.resource.startsWith('repository/') ? parsed.resource.slice('repository/'.length) : '';
  if (parsed?.service !== 'ecr' || parsed.region === '' || !/^[0-9]{12}$/.test(parsed.account) || name === '')
    throw new ServiceError(
      'InvalidParameterException',
      "Invalid parameter at 'resourceArn' failed to satisfy constraint: 'Invalid ARN'",
    );
  const { region, account } = parsed;
  const partition = partitionOf(hc.region).id;
  if (parsed.partition !== partition) {
    throw new ServiceError(
      'InvalidParameterException',
      `Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in partition ${parsed.partition}, not in the partition of the request's region (${partition})'`,
    );
  }
  if (region !== hc.region) {
    throw new ServiceError(
      'InvalidParameterException',
      `Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in region ${region}, not in the region of the request (${hc.region})'`,
    );
  }
  return { registryId: registryOf({ registryId: account, repositoryName: name }, hc, action), name };
}

export function findRepository(db: Database, region: string, registryId: string, name: string): Row {
  const row = stmt(
    db,
    'SELECT region, registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?',
  ).get(region, registryId, name) as Row | undefined;
  if (!row)
    throw new ServiceError(
      'RepositoryNotFoundException',
      `The repository with name ${echoText(name)} does not exist in the registry with id ${echoText(registryId)}`,
    );
  return row;
}

function tagsOf(row: Row): Tag[] {
  return (parseJsonInts(row.doc) as { tags?: Tag[] }).tags ?? [];
}

/** Reads the repository's tags, changes them, and writes them back, in one transaction. */
function updateTags(
  db: Database,
  hc: HandlerContext,
  target: { registryId: string; name: string },
  change: (tags: Tag[]) => Tag[],
): void {
  db.transaction(() => {
    const row = findRepository(db, hc.region, target.registryId, target.name);
    const tags = change(tagsOf(row));
    const { tags: _old, ...doc } = parseJsonInts(row.doc) as Record<string, unknown>;
    const stored = tags.length > 0 ? { ...doc, tags } : doc;
    stmt(db, 'UPDATE repositories SET doc = ? WHERE region = ? AND registry_id = ? AND name = ?').run(
      stringifyJsonExact(stored),
      hc.region,
      target.registryId,
      target.name,
    );
  })();
}

const listTags: Handler = (db, params, hc) => {
  const target = targetOf(params, hc, 'ListTagsForResource');
  return { tags: tagsOf(findRepository(db, hc.region, target.registryId, target.name)) };
};

const tag: Handler = (db, params, hc) => {
  const added = params.tags as Tag[];
  refuse(tagsProblem(added));
  const target = targetOf(params, hc, 'TagResource');
  updateTags(db, hc, target, (tags) => {
    const merged = mergeTags(tags, added);
    refuse(tagCountProblem(merged.length));
    return merged;
  });
  return {};
};

const untag: Handler = (db, params, hc) => {
  const keys = params.tagKeys as string[];
  keys.forEach((key, i) => refuse(tagKeyProblem(key, `tagKeys.${i + 1}`)));
  const target = targetOf(params, hc, 'UntagResource');
  const removed = new Set(keys);
  updateTags(db, hc, target, (tags) => tags.filter((t) => !removed.has(t.Key)));
  return {};
};

/** Its count row is the creates' (quota.ts): at SERIALIZABLE a delete beside them would fail on it and run again. */
remove.isolation = QUOTA_CREATE_ISOLATION;

export const handlers = {
  CreateRepository: create,
  DescribeRepositories: describe,
  DeleteRepository: remove,
  ListTagsForResource: listTags,
  TagResource: tag,
  UntagResource: untag,
  PutImageTagMutability: putTagMutability,
} satisfies HandlerTable;
