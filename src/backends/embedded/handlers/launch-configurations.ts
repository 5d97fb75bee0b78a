/**
 * Launch configurations (spec 2.3 / 4.4): create, describe, delete. Describe pages by keyset: each page
 * seeks to the first name after the last one returned (`name > ? ORDER BY name LIMIT n+1` on the primary
 * key), so a page costs the same whatever the store holds and wherever in the listing it is: no OFFSET,
 * no scan. The NextToken names that last item, signed with the store's secret.
 */
import { arn as arnIn } from '../../../models/partitions.js';
import { parseJsonInts, stringifyJsonExact } from '../../../core/pynum.js';
import { ServiceError } from '../../../core/errors.js';
import { DEFAULT_ACCOUNT_ID } from '../../../core/context.js';
import { launchConfigurationShape } from '../../../models/autoscaling.js';
import { fillDefaults } from '../../../models/shapes.js';
import { launchConfigurationRules } from '../../../models/rules.js';
import { issueToken, readToken } from './page-token.js';
import { insertCounted, QUOTA_CREATE_ISOLATION } from './quota.js';
import { stmt } from '../store/statements.js';
import type { Handler, HandlerTable, HandlerContext } from './handler.js';
import type { Database } from '../store/db.js';

const DEFAULT_PAGE = 50;

/** A page token is good for the account and region that it was issued in. The default account's scope is as before v4. */
function tokenScope(hc: HandlerContext): string[] {
  return hc.accountId === DEFAULT_ACCOUNT_ID ? [hc.region] : [hc.region, hc.accountId];
}
const MAX_PAGE = 100;

/** The page query: the rows after a name, in name order, at most a limit; `names` adds an `IN (...)` of that many. */
export function pageQuery(names: number): string {
  const filter = names > 0 ? ` AND name IN (${Array.from({ length: names }, () => '?').join(',')})` : '';
  return `SELECT name, created_ms, doc FROM launch_configurations WHERE owner = ? AND region = ? AND name > ?${filter} ORDER BY name LIMIT ?`;
}

/** What the service returns for members the request left out (as the real service describes them). */
function withDefaults(p: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...p };
  out.KeyName ??= '';
  out.SecurityGroups ??= [];
  out.ClassicLinkVPCSecurityGroups ??= [];
  out.UserData ??= '';
  out.KernelId ??= '';
  out.RamdiskId ??= '';
  out.BlockDeviceMappings ??= [];
  // Present even when not given; its Enabled, the MetadataOptions' members and each block device's
  // DeleteOnTermination are the model's defaults, which the service fills into every answer (fillDefaults).
  out.InstanceMonitoring ??= {};
  out.EbsOptimized ??= false;
  return out;
}

/** CreateLaunchConfiguration's own rules beyond its model's (the gate's), thrown as Auto Scaling's error; `store import` runs them too. */
export function checkCreate(params: Record<string, unknown>): void {
  const problems = launchConfigurationRules(params);
  if (problems.length > 0) throw new ServiceError('ValidationError', problems.join('; '));
}

/** The launch configuration's ARN: its id (a UUID) and name, in the account and region. */
export function launchConfigurationArn(region: string, account: string, uuid: string, name: string): string {
  return arnIn('autoscaling', region, account, `launchConfiguration:${uuid}:launchConfigurationName/${name}`);
}

/** The document a CreateLaunchConfiguration of `params` stores, under its ARN. */
export function storedLaunchConfiguration(params: Record<string, unknown>, arn: string): Record<string, unknown> {
  return fillDefaults(launchConfigurationShape, withDefaults({ ...params, LaunchConfigurationARN: arn })) as Record<
    string,
    unknown
  >;
}

/**
 * The CreateLaunchConfiguration input a stored document says it was made from (`store import` replays it):
 * without its ARN, and without the empty values the service fills in for members the request left out.
 */
export function createInputOf(doc: Record<string, unknown>): Record<string, unknown> {
  const filled = withDefaults({});
  return Object.fromEntries(
    Object.entries(doc).filter(
      ([k, v]) =>
        k !== 'LaunchConfigurationARN' &&
        !((v === '' || (Array.isArray(v) && v.length === 0)) && (filled[k] === '' || Array.isArray(filled[k]))),
    ),
  );
}

const create: Handler = (db, params, hc) => {
  checkCreate(params);
  const name = params.LaunchConfigurationName as string;
  const arn = launchConfigurationArn(hc.region, hc.accountId, hc.ids.uuid(), name);
  const doc = storedLaunchConfiguration(params, arn);
  const inserted = insertCounted(
    db,
    {
      sql: 'INSERT OR IGNORE INTO launch_configurations (owner, region, name, created_ms, doc) VALUES (?, ?, ?, ?, ?)',
      params: [hc.accountId, hc.region, name, hc.clock.now().getTime(), stringifyJsonExact(doc)],
    },
    'launch-configurations',
    hc.accountId,
    hc.region,
    'launch_configurations_per_region',
  );
  if (inserted.changes === 0)
    throw new ServiceError(
      'AlreadyExists',
      `Launch Configuration by this name already exists - A launch configuration already exists with the name ${name}`,
    );
  const quota = inserted.over;
  if (quota !== false)
    throw new ServiceError(
      'LimitExceeded',
      `Launch configuration limit exceeded: the account already has ${quota} launch configurations in ${hc.region}, its quota (service setting launch_configurations_per_region).`,
    );
  return {};
};
create.isolation = QUOTA_CREATE_ISOLATION;

/** A NextToken this service did not issue (here, for this account and region) is InvalidNextToken, as the model documents. */
function pageAfter(db: Database, hc: HandlerContext, token: string): string {
  const after = readToken(db, tokenScope(hc), token);
  if (after === undefined)
    throw new ServiceError(
      'InvalidNextToken',
      'The NextToken value is invalid: it was not issued by this service for this region.',
    );
  return after;
}

interface Row {
  name: string;
  created_ms: number;
  doc: string;
}

const describe: Handler = (db, params, hc) => {
  const limit = (params.MaxRecords as number | undefined) ?? DEFAULT_PAGE;
  if (limit < 1 || limit > MAX_PAGE) {
    throw new ServiceError(
      'ValidationError',
      `1 validation error detected: Value '${limit}' at 'maxRecords' failed to satisfy constraint: Member must have value between 1 and ${MAX_PAGE}`,
    );
  }
  const after = params.NextToken !== undefined ? pageAfter(db, hc, params.NextToken as string) : '';
  const names = (params.LaunchConfigurationNames as string[] | undefined) ?? [];
  const rows = stmt(db, pageQuery(names.length)).all(hc.accountId, hc.region, after, ...names, limit + 1) as Row[];
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const out: Record<string, unknown> = {
    LaunchConfigurations: page.map((r) => ({
      ...(parseJsonInts(r.doc) as Record<string, unknown>),
      CreatedTime: new Date(r.created_ms),
    })),
  };
  if (more) out.NextToken = issueToken(db, tokenScope(hc), page[page.length - 1]!.name);
  return out;
};

const remove: Handler = (db, params, hc) => {
  const name = params.LaunchConfigurationName as string;
  const deleted = stmt(db, 'DELETE FROM launch_configurations WHERE owner = ? AND region = ? AND name = ?').run(
    hc.accountId,
    hc.region,
    name,
  );
  if (deleted.changes === 0)
    throw new ServiceError(
      'ValidationError',
      `Launch configuration name not found - Launch configuration ${name} not found`,
    );
  return {};
};

/** Its count row is the creates' (quota.ts): one DELETE by key, the same answers at READ COMMITTED. */
remove.isolation = QUOTA_CREATE_ISOLATION;

export const handlers = {
  CreateLaunchConfiguration: create,
  DescribeLaunchConfigurations: describe,
  DeleteLaunchConfiguration: remove,
} satisfies HandlerTable;
