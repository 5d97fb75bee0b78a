/**
 * AWS credentials for the HTTP backend, found where the AWS CLI finds them: the
 * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN variables (unless --profile names a
 * profile), then the profile's section in the shared credentials file and in the config file
 * (AWS_SHARED_CREDENTIALS_FILE, AWS_CONFIG_FILE; default ~/.aws/credentials and ~/.aws/config). The
 * region is resolved with the other settings (profile/region.ts), the same for both backends.
 */
import type { ProcessContext } from '../../core/context.js';
import type { HttpOptions } from '../../core/options.js';
import { ConfigError, ProfileNotFoundError } from '../../core/errors.js';
import { headerValueProblem } from '../../core/header-value.js';
import { awsConfigPath, awsConfigSection, awsCredentialsPath, readIni } from '../../profile/aws-files.js';
import type { AwsCredentials } from '../../wire/sigv4.js';

export { parseIni } from '../../profile/aws-files.js';

export interface AwsSettings {
  credentials?: AwsCredentials;
}

type Env = ProcessContext['env'];

function fromEnv(env: Env): AwsCredentials | undefined {
  const id = env.AWS_ACCESS_KEY_ID;
  const secret = env.AWS_SECRET_ACCESS_KEY;
  if (!id && !secret) return undefined;
  if (!id || !secret) {
    throw new ConfigError(
      `Partial credentials found in env, missing: ${id ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'}`,
    );
  }
  sendable(id, 'the environment variable AWS_ACCESS_KEY_ID');
  sendable(env.AWS_SESSION_TOKEN, 'the environment variable AWS_SESSION_TOKEN');
  return {
    accessKeyId: id,
    secretAccessKey: secret,
    ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
  };
}

/** The access key id and session token travel in headers: one that cannot is a configuration error (253), never quoted. */
function sendable(value: string | undefined, where: string): void {
  const problem = value === undefined ? undefined : headerValueProblem(value);
  if (problem) throw new ConfigError(`Invalid value for ${where}: ${problem}`);
}

function fromSection(
  section: Record<string, string | undefined>,
  profile: string,
  where = 'shared-credentials-file',
): AwsCredentials | undefined {
  const id = section.aws_access_key_id;
  const secret = section.aws_secret_access_key;
  if (!id && !secret) return undefined;
  if (!id || !secret) {
    throw new ConfigError(
      `Partial credentials found in ${where} (profile ${profile}), missing: ${id ? 'aws_secret_access_key' : 'aws_access_key_id'}`,
    );
  }
  sendable(id, `aws_access_key_id in ${where} (profile ${profile})`);
  sendable(section.aws_session_token, `aws_session_token in ${where} (profile ${profile})`);
  return {
    accessKeyId: id,
    secretAccessKey: secret,
    ...(section.aws_session_token ? { sessionToken: section.aws_session_token } : {}),
  };
}

/** The profile named on the command line (not through the environment) hides the AWS_* key variables, as in botocore. */
function explicitProfile(globals: HttpOptions, env: Env): boolean {
  return globals.profile !== undefined && globals.profile !== (env.SVCCTL_PROFILE ?? env.AWS_PROFILE);
}

export function loadAwsSettings(
  globals: HttpOptions,
  ctx: Pick<ProcessContext, 'env' | 'home'>,
  withCredentials: boolean,
): AwsSettings {
  const { env } = ctx;
  const profile = globals.profile ?? 'default';
  const fromCredentials = readIni(awsCredentialsPath(ctx))[profile];
  const fromConfig = awsConfigSection(readIni(awsConfigPath(ctx)), profile);
  if (globals.profile !== undefined && !fromCredentials && !fromConfig) {
    throw new ProfileNotFoundError(profile);
  }
  if (!withCredentials) return {};
  const envCredentials = explicitProfile(globals, env) ? undefined : fromEnv(env);
  // Keys set with `svcctl configure` (svcctl's own profile) come before the AWS CLI's files.
  const credentials =
    envCredentials ??
    (globals.awsKeys && fromSection(globals.awsKeys, profile, "svcctl's config file")) ??
    (fromCredentials && fromSection(fromCredentials, profile)) ??
    (fromConfig && fromSection(fromConfig, profile));
  return { credentials };
}

/** Where credentials can come from, all of it: the AWS CLI's own words ("aws login") would lead nowhere. */
export const NO_CREDENTIALS =
  'Unable to locate credentials. You can configure credentials by running "svcctl configure" ' +
  '(or "svcctl configure set aws_access_key_id ..." and "svcctl configure set aws_secret_access_key ..."), ' +
  'by setting AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or in ~/.aws/credentials; ' +
  'a server that does not check signatures also takes --no-sign-request.';
