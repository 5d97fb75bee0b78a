/**
 * AWS credentials for the HTTP backend's AWS protocols, found where the AWS CLI finds them, svcctl's own
 * profile first: the AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN variables (unless
 * --profile names a profile), then the keys of svcctl's profile (`configure set aws_access_key_id`), then
 * the profile's section in the shared credentials file and in the config file (AWS_SHARED_CREDENTIALS_FILE,
 * AWS_CONFIG_FILE; default ~/.aws/credentials and ~/.aws/config). cli/call.ts gives the HTTP backend a
 * loader that runs at its first AWS call.
 */
import type { ProcessContext } from '../core/context.js';
import { ConfigError } from '../core/errors.js';
import type { AwsKey } from '../core/options.js';
import { headerValueProblem } from '../core/header-value.js';
import { echoBare } from '../core/input-rules.js';
import { awsConfigPath, awsConfigSection, awsCredentialsPath, readIni } from './aws-files.js';

type AwsCredentials = AwsKey;

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

/** Where the credentials are looked for: the selected profile, and the keys svcctl's own profile holds. */
export interface CredentialSources {
  env: Env;
  home: string;
  /** The selected profile's name. */
  profile: string;
  /** Named by --profile (not by a variable): it hides the AWS_* key variables, as in botocore. */
  explicitProfile: boolean;
  /** The keys of svcctl's profile (`configure set aws_access_key_id`). */
  own: Record<string, string | undefined>;
}

/**
 * The credentials of the selected profile: the variables, then svcctl's profile, then the AWS CLI's
 * credentials file, then its config file. The profile's existence was checked when it was opened
 * (profile.ts: svcctl's file or the AWS CLI's), so a profile found in none of these has no keys.
 */
export function loadCredentials(src: CredentialSources): AwsCredentials | undefined {
  const { env, profile } = src;
  const envCredentials = src.explicitProfile ? undefined : fromEnv(env);
  if (envCredentials) return envCredentials;
  const own = fromSection(src.own, profile, "svcctl's config file");
  if (own) return own;
  const credentialsPath = awsCredentialsPath(src);
  const fromCredentials = readIni(credentialsPath)[profile];
  if (fromCredentials) {
    const found = fromSection(fromCredentials, profile);
    if (found) return found;
  }
  const configPath = awsConfigPath(src);
  const fromConfig = awsConfigSection(readIni(configPath), profile);
  const found = fromConfig && fromSection(fromConfig, profile);
  if (found) return found;
  unfollowed(profile, [
    [credentialsPath, fromCredentials],
    [configPath, fromConfig],
  ]);
  return undefined;
}

/** The settings of botocore's other providers (a role to assume, a process, SSO, a web identity token). */
const UNFOLLOWED = ['role_arn', 'credential_process', 'sso_session', 'sso_start_url', 'web_identity_token_file'];

/**
 * A profile without keys that names another way to get them, which svcctl does not follow: that is the reason
 * (253), where "Unable to locate credentials" alone read as if the profile were empty (docs/compat.md #404).
 */
function unfollowed(profile: string, sections: Array<[string, Record<string, string> | undefined]>): void {
  for (const [path, section] of sections) {
    const key = UNFOLLOWED.find((k) => section?.[k] !== undefined);
    if (key === undefined) continue;
    throw new ConfigError(
      `Unable to locate credentials for the profile '${echoBare(profile)}': its ${key} (${echoBare(path)}) is not followed. ` +
        'svcctl signs with the keys a profile holds (aws_access_key_id and aws_secret_access_key): it assumes no role, ' +
        'runs no credential_process and reads no SSO or web identity token. Give the profile its keys, or name a profile ' +
        'that holds them; a server that does not check signatures also takes --no-sign-request.',
      'NoCredentials',
    );
  }
}
