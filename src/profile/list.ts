/**
 * `svcctl configure list`: every setting in effect, its value (keys masked) and where it came from,
 * laid out as `aws configure list` lays out its four rows.
 */
import type { ProcessContext } from '../core/context.js';
import type { ProfileView } from './profile.js';
import { maskSetting } from '../models/secrets.js';
import { CONFIG_KEYS, type ConfigKey } from './keys.js';
import { resolveRegion } from './region.js';

export interface Row {
  name: string;
  value: string;
  /** manual (a flag), env, config-file, default, or None. */
  type: string;
  location: string;
}

const NOT_SET = { value: '<not set>', type: 'None', location: 'None' };

function flagValue(s: ConfigKey, raw: Record<string, unknown>): string | undefined {
  if (s.key === 'cli_pager') return raw.cliPager === false ? '' : undefined;
  const v = s.attr === undefined ? undefined : raw[s.attr];
  if (v === undefined) return undefined;
  if (s.key === 'cli_auto_prompt') return v === true ? 'on' : 'off';
  return String(v);
}

function firstEnv(names: readonly string[] | undefined, env: Record<string, string | undefined>): string | undefined {
  return names?.find((n) => env[n] !== undefined);
}

function source(
  s: ConfigKey,
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
  profile: ProfileView,
): Omit<Row, 'name'> | undefined {
  const flag = flagValue(s, raw);
  if (flag !== undefined)
    return { value: flag, type: 'manual', location: s.key === 'cli_pager' ? '--no-cli-pager' : s.flag! };
  const before = firstEnv(s.env, env);
  if (before) return { value: env[before]!, type: 'env', location: before };
  const own = profile.value(s.key);
  if (own !== undefined) return { value: own, type: 'config-file', location: profile.origin(s.key)! };
  const after = firstEnv(s.envAfter, env);
  if (after) return { value: env[after]!, type: 'env', location: after };
  return undefined;
}

/** The region row: the one resolution commands use (region.ts), the AWS CLI's config file included. */
function regionRow(ctx: Pick<ProcessContext, 'env' | 'home'>, raw: Record<string, unknown>, profile: ProfileView): Row {
  const { value, type, location } = resolveRegion(ctx, raw.region, profile);
  return { name: 'region', value, type, location };
}

/** The rows of `configure list`, the selected profile first. */
export function settingRows(
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
    const found = source(s, raw, ctx.env, profile);
    if (s.key === 'endpoint_url') remote = found !== undefined;
    const fallback =
      s.default !== undefined && !(s.key === 'api_key' && remote)
        ? { value: s.default, type: 'default', location: '' }
        : NOT_SET;
    const row = { name: s.key, ...(found ?? fallback) };
    if (s.secret && row.type !== 'None') row.value = maskSetting(row.value);
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
