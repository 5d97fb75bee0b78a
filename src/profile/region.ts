/**
 * The region in effect, resolved here once for the commands (both backends) and for `configure list`, so
 * that what list shows is what commands use: --region, AWS_REGION, AWS_DEFAULT_REGION, the svcctl profile's
 * region, the same profile's region in the AWS CLI's config file (AWS_CONFIG_FILE, default ~/.aws/config),
 * else us-east-1. An empty value is none. The name is not checked here: commands refuse a bad one
 * (models/partitions.ts's checkRegion, 253); `configure list` shows it as it is, with where it came from.
 */
import type { ProcessContext } from '../core/context.js';
import type { RegionChoice } from '../core/options.js';
import { awsConfigPath, awsConfigSection, readIni } from './aws-files.js';

export const DEFAULT_REGION = 'us-east-1';

/** The selected profile of svcctl's config file (a ProfileView): its name, its file, its values. */
export interface RegionProfile {
  choice: { name: string };
  path: string;
  value(key: string): string | undefined;
}

export function resolveRegion(
  ctx: Pick<ProcessContext, 'env' | 'home'>,
  flag: unknown,
  profile: RegionProfile,
): RegionChoice {
  if (typeof flag === 'string' && flag !== '') return { value: flag, type: 'manual', location: '--region' };
  for (const name of ['AWS_REGION', 'AWS_DEFAULT_REGION']) {
    const value = ctx.env[name];
    if (value) return { value, type: 'env', location: name };
  }
  const own = profile.value('region');
  if (own) return { value: own, type: 'config-file', location: profile.path };
  const file = awsConfigPath(ctx); // read only when nothing before it sets the region
  const aws = awsConfigSection(readIni(file), profile.choice.name)?.region;
  if (aws) return { value: aws, type: 'config-file', location: file };
  return { value: DEFAULT_REGION, type: 'default', location: '' };
}
