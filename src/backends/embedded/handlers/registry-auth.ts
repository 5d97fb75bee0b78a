/**
 * GetAuthorizationToken: the password container clients log in to serve's registry with (server/registry.ts),
 * as ECR gives it: `base64("AWS:" + password)`, valid for 12 hours. The password names the account, the
 * region and (serve with --credentials) the principal, signed with the store's secret, so that every serve of
 * one store accepts it and no one can make one without asking.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ServiceError } from '../../../core/errors.js';
import { arn, globalArn, hostIn } from '../../../models/partitions.js';
import type { Database } from '../store/db.js';
import type { Handler, HandlerTable } from './handler.js';
import { storeSecret } from './page-token.js';

/** The signature of an authorization token's payload (the store's secret, so that every serve of it agrees). */
function tokenMac(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(`registry-token\n${payload}`).digest('base64url');
}

/** A token for the registry's Basic password: the payload (base64url) and its signature. */
export function issueRegistryToken(db: Database, payload: string): string {
  const body = Buffer.from(payload, 'utf8').toString('base64url');
  return `${body}.${tokenMac(storeSecret(db, true)!, body)}`;
}

/** The payload of a token this store issued, or undefined. */
export function checkRegistryToken(db: Database, token: string): string | undefined {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return undefined;
  const secret = storeSecret(db, false);
  if (!secret) return undefined;
  const expected = tokenMac(secret, body);
  if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return undefined;
  return Buffer.from(body, 'base64url').toString('utf8');
}

/** How long a token is valid: ECR's 12 hours. */
export const TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;

const getToken: Handler = (db, params, hc) => {
  const ids = (params.registryIds as string[] | undefined) ?? [hc.accountId];
  const expires = hc.clock.now().getTime() + TOKEN_LIFETIME_MS;
  const foreign = ids.find((id) => id !== hc.accountId);
  if (hc.principal !== undefined && foreign !== undefined)
    throw new ServiceError(
      'AccessDeniedException',
      `User: ${globalArn('iam', hc.region, hc.accountId, `user/${hc.principal}`)} is not authorized to perform: ecr:GetAuthorizationToken on resource: ${arn('ecr', hc.region, foreign, 'repository/*')} because no resource-based policy allows the ecr:GetAuthorizationToken action`,
    );
  return {
    authorizationData: ids.map((id) => {
      const payload = JSON.stringify({
        a: id,
        r: hc.region,
        ...(hc.principal === undefined ? {} : { p: hc.principal }),
        e: expires,
      });
      const password = issueRegistryToken(db, payload);
      return {
        authorizationToken: Buffer.from(`AWS:${password}`, 'utf8').toString('base64'),
        expiresAt: new Date(expires),
        proxyEndpoint: `https://${hostIn(`${id}.dkr.ecr`, hc.region)}`,
      };
    }),
  };
};

export const handlers = { GetAuthorizationToken: getToken } satisfies HandlerTable;
