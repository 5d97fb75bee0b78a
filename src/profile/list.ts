/**
 * `svcctl configure list`: every setting in effect, its value (keys masked) and where it came from,
 * laid out as `aws configure list` lays out its four rows.
 */
import type { ProcessContext } from '../core/context.js';
import { SERVICES, type ServiceName } from '../models/services.js';
import { resolveEndpoint } from './endpoint.js';
import type { ProfileView } from './profile.js';
import { maskConfigValue } from '../models/secrets.js';
import { CONFIG_KEYS } from '../models/config-keys.js';
import { resolveRegion } from './region.js';
import { lookup } from './resolve.js';

export interface Row {
  name: string;
  value: string;
  /** manual (a flag), env, config-file, default, or None. */
  type: string;
  location: string;
}

const NOT_SET = { value: '<not set>', type: 'None', location: 'None' };

/** The region row: the one resolution commands use (region.ts), the AWS CLI's config file included. */
function regionRow(ctx: Pick<ProcessContext, 'env' | 'home'>, raw: Record<string, unknown>, profile: ProfileView): Row {
  const { value, type, location } = resolveRegion(ctx, raw.region, profile);
  return { name: 'region', value, type, location };
}

/**
 * The endpoint rows: one `endpoint_url` row when every service has the same endpoint, else one row per
 * service (`endpoint_url (ecr)`), each found by the resolution commands use (endpoint.ts).
 */
function endpointRows(
  ctx: Pick<ProcessContext, 'env' | 'home'>,
  raw: Record<string, unknown>,
  profile: ProfileView,
): Row[] {
  const rows = (Object.keys(SERVICES) as ServiceName[]).map((service) => {
    const found = resolveEndpoint(service, { raw, env: ctx.env, home: ctx.home, profile });
    return {
      name: `endpoint_url (${service})`,
      ...(found ? { value: found.value, type: found.type, location: found.location } : NOT_SET),
    };
  });
  const same = rows.every(
    (r) => r.value === rows[0]!.value && r.type === rows[0]!.type && r.location === rows[0]!.location,
  );
  return same ? [{ ...rows[0]!, name: 'endpoint_url' }] : rows;
}

/** The rows of `configure list`, the selected profile first. */
export function configRows(
  ctx: Pick<ProcessContext, 'env' | 'home'>,
  raw: Record<string, unknown>,
  profile: ProfileView,
): Row[] {
  const { choice } = profile;
  const rows: Row[] = [
    choice.source === 'default'
      ? { name: 'profile', ...NOT_SET }
      : {
          name: 'profile',
          value: choice.name,
          type: choice.source === 'flag' ? 'manual' : 'env',
          location: choice.where!,
        },
  ];
  let remote = false;
  for (const s of CONFIG_KEYS) {
    if (s.key === 'api_key_file') continue;
    if (s.key === 'region') {
      rows.push(regionRow(ctx, raw, profile));
      continue;
    }
    if (s.key === 'endpoint_url') {
      const endpoints = endpointRows(ctx, raw, profile);
      // The v2 key's default is the embedded service's: none when the stripe commands go to an endpoint.
      remote = endpoints.find((r) => r.name === 'endpoint_url' || r.name === 'endpoint_url (stripe)')!.type !== 'None';
      rows.push(...endpoints);
      continue;
    }
    const found = lookup(s, { raw, env: ctx.env, profile });
    const fallback =
      s.default !== undefined && !(s.key === 'api_key' && remote)
        ? { value: s.default, type: 'default', location: '' }
        : NOT_SET;
    const row = { name: s.key, ...(found ?? fallback) };
    if (s.secret && row.type !== 'None') row.value = maskConfigValue(row.value);
    if (s.mask && row.type !== 'None') row.value = s.mask(row.value);
    if (row.value === '') row.value = "''";
    rows.push(row);
  }
  return rows;
}

export function formatRows(rows: Row[]): string {
  const width = Math.max(10, ...rows.map((r) => r.name.length));
  const line = (a: string, b: string, c: string, d: string) =>
    `${a.padStart(width)} ${b.padStart(24)} ${c.padStart(16)}    ${d}`.trimEnd();
  const out = [line('Name', 'Value', 'Type', 'Location'), line('----', '-----', '----', '--------')];
  for (const r of rows) out.push(line(r.name, r.value, r.type, r.location));
  return `${out.join('\n')}\n`;
}
