/** Image repositories (spec 2.4 / 4.5): create, describe, delete. */
import { ServiceError } from '../../core/errors.js';
import { createRepository, deleteRepository, describeRepositories } from '../../models/ecr.js';
import { repositoryRules } from '../../models/rules.js';
import { issueToken, readToken } from './page-token.js';
import { stmt } from './statements.js';
import type { Database } from './store.js';
import { awsValidationError, checkInput, type Handler, type HandlerTable, type ServiceContext } from './service.js';

interface Row {
  registry_id: string;
  name: string;
  created_ms: number;
  doc: string;
}

function toRepository(row: Row): Record<string, unknown> {
  const doc = JSON.parse(row.doc) as Record<string, unknown>;
  return { ...doc, createdAt: new Date(row.created_ms) };
}

/**
 * The registry a call acts on. An authenticated caller (serve --credentials) may act only on its own
 * account's registry, and is refused as ECR refuses a principal without a resource policy.
 */
function registryOf(params: Record<string, unknown>, sc: ServiceContext, action: string): string {
  const registryId = (params.registryId as string | undefined) ?? sc.accountId;
  if (sc.principal !== undefined && registryId !== sc.accountId) {
    const name = (params.repositoryName as string | undefined) ?? '*';
    throw new ServiceError(
      'AccessDeniedException',
      `User: arn:aws:iam::${sc.accountId}:user/${sc.principal} is not authorized to perform: ecr:${action} on resource: arn:aws:ecr:${sc.region}:${registryId}:repository/${name} because no resource-based policy allows the ecr:${action} action`,
    );
  }
  return registryId;
}

const create: Handler = (db, params, sc) => {
  const violations = checkInput(createRepository, params);
  if (violations.length > 0) throw awsValidationError('ecr', violations);
  const problem = repositoryRules(params);
  if (problem) throw new ServiceError('InvalidParameterException', problem);
  const registryId = registryOf(params, sc, 'CreateRepository');
  const name = params.repositoryName as string;
  const created = sc.clock.now();
  const doc: Record<string, unknown> = {
    repositoryArn: `arn:aws:ecr:${sc.region}:${registryId}:repository/${name}`,
    registryId,
    repositoryName: name,
    repositoryUri: `${registryId}.dkr.ecr.${sc.region}.amazonaws.com/${name}`,
  };
  for (const key of ['imageTagMutability', 'imageTagMutabilityExclusionFilters', 'imageScanningConfiguration', 'encryptionConfiguration']) {
    if (params[key] !== undefined) doc[key] = params[key];
  }
  const inserted = stmt(db, 'INSERT OR IGNORE INTO repositories (region, registry_id, name, created_ms, doc) VALUES (?, ?, ?, ?, ?)')
    .run(sc.region, registryId, name, created.getTime(), JSON.stringify(doc));
  if (inserted.changes === 0) {
    throw new ServiceError(
      'RepositoryAlreadyExistsException',
      `The repository with name '${name}' already exists in the registry with id '${registryId}'`,
    );
  }
  return { repository: { ...doc, createdAt: created } };
};

const DEFAULT_PAGE = 100;

/** Named repositories in one page (ECR refuses paging them), or all of them keyset-paged by name. */
const describe: Handler = (db, params, sc) => {
  const violations = checkInput(describeRepositories, params);
  if (violations.length > 0) throw awsValidationError('ecr', violations);
  const registryId = registryOf(params, sc, 'DescribeRepositories');
  const names = params.repositoryNames as string[] | undefined;
  if (names) return { repositories: describeNamed(db, sc.region, registryId, names, params) };
  const scope = [sc.region, registryId];
  let after = '';
  if (params.nextToken !== undefined) {
    const last = readToken(db, scope, params.nextToken as string);
    if (last === undefined) throw new ServiceError('InvalidParameterException', "Invalid parameter at 'nextToken' failed to satisfy constraint: 'The token was not issued by this registry'");
    after = last;
  }
  const limit = (params.maxResults as number | undefined) ?? DEFAULT_PAGE;
  const rows = stmt(db, 'SELECT registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name > ? ORDER BY name LIMIT ?')
    .all(sc.region, registryId, after, limit + 1) as Row[];
  const page = rows.slice(0, limit);
  const out: Record<string, unknown> = { repositories: page.map(toRepository) };
  if (rows.length > limit) out.nextToken = issueToken(db, scope, page[page.length - 1]!.name);
  return out;
};

function describeNamed(db: Database, region: string, registryId: string, names: string[], params: Record<string, unknown>): Record<string, unknown>[] {
  if (params.nextToken !== undefined || params.maxResults !== undefined) {
    throw new ServiceError('InvalidParameterException', 'maxResults and nextToken cannot be used when repositoryNames is given');
  }
  const found: Record<string, unknown>[] = [];
  for (const name of [...new Set(names)].sort()) {
    const row = stmt(db, 'SELECT registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?')
      .get(region, registryId, name) as Row | undefined;
    if (!row) throw new ServiceError('RepositoryNotFoundException', `The repository with name '${name}' does not exist in the registry with id '${registryId}'`);
    found.push(toRepository(row));
  }
  return found;
}

const remove: Handler = (db, params, sc) => {
  const violations = checkInput(deleteRepository, params);
  if (violations.length > 0) throw awsValidationError('ecr', violations);
  const registryId = registryOf(params, sc, 'DeleteRepository');
  const name = params.repositoryName as string;
  return db.transaction(() => {
    const row = stmt(db, 'SELECT registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?')
      .get(sc.region, registryId, name) as Row | undefined;
    if (!row) {
      throw new ServiceError('RepositoryNotFoundException', `The repository with name '${name}' does not exist in the registry with id '${registryId}'`);
    }
    stmt(db, 'DELETE FROM repositories WHERE region = ? AND registry_id = ? AND name = ?').run(sc.region, registryId, name);
    return { repository: toRepository(row) };
  })();
};

export const handlers = {
  CreateRepository: create,
  DescribeRepositories: describe,
  DeleteRepository: remove,
} satisfies HandlerTable;
