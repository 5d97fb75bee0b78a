/**
 * The global options of spec 4.6 (plus svcctl's v2 options), declared once and resolved once into one
 * typed object. Values from flags win over the environment, which wins over the profile and defaults.
 */
import { parsePyInt } from '../core/pynum.js';
import { ConfigError, InputError, ParamError, UsageError } from '../core/errors.js';
import { headerValueProblem } from '../core/header-value.js';
import { invalidChoice } from '../help/suggest.js';
import { resolveRegion, type RegionProfile } from '../profile/region.js';
import {
  OUTPUT_FORMATS,
  COLOR_MODES,
  ERROR_FORMATS,
  BINARY_FORMATS,
  SKELETON_TYPES,
  AUTO_PROMPT_MODES,
  type AutoPromptMode,
  type GlobalOptions,
  type RawOptions,
  type RegionChoice,
} from '../core/options.js';

function choice<T extends string>(flag: string, value: unknown, choices: readonly T[]): T {
  if (choices.includes(value as T)) return value as T;
  throw invalidChoice(flag, String(value), choices);
}

function integer(flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const s = String(value).trim();
  if (!/^[+-]?\d+$/.test(s)) {
    throw new UsageError(`argument ${flag}: invalid int value: '${String(value)}'`);
  }
  return Number(s);
}

/** An int as Python's int() reads it, exact past 2^53 (core/pynum.ts): --page-size is sent and echoed as typed. */
function exactInteger(flag: string, value: unknown): number | bigint | undefined {
  if (integer(flag, value) === undefined) return undefined;
  return parsePyInt(String(value).trim().replace(/^\+/, ''));
}

/** A timeout in seconds from the flag (a bad one is argparse's 252) or from the profile (253, naming the file's line). */
function seconds(settings: ConfigSources, flag: string, flagValue: unknown, key: string): number {
  if (flagValue !== undefined) return (integer(flag, flagValue) ?? 60) * 1000;
  const value = settings.profileValue(key);
  if (value === undefined) return 60_000;
  if (!/^[+-]?\d+$/.test(value.trim())) {
    throw new ConfigError(
      `Invalid value for ${key} in ${settings.profileWhere?.(key) ?? 'the config file'}: '${value}' is not a whole number of seconds`,
    );
  }
  return Number(value.trim()) * 1000;
}

/** Where a value that is not a flag came from, for messages about it: the variable, or the file and line. */
function origin(settings: ConfigSources, vars: readonly string[], key: string): string | undefined {
  const fromEnv = vars.find((v) => settings.env[v] !== undefined);
  if (fromEnv !== undefined) return `the environment variable ${fromEnv}`;
  return settings.profileValue(key) === undefined
    ? undefined
    : `${key} in ${settings.profileWhere?.(key) ?? 'the config file'}`;
}

/**
 * A value sent in an HTTP header, from the flag, then each variable, then the profile's key. A flag's value
 * that cannot be sent is refused at once (252); a setting's is noted in `problems` (naming the variable or
 * the file's line) for the v2 call that would send it (253).
 */
function headerSetting(
  settings: ConfigSources,
  flag: string,
  flagValue: unknown,
  vars: readonly string[],
  key: string,
  problems: string[],
): string | undefined {
  if (flagValue !== undefined) {
    const problem = headerValueProblem(String(flagValue));
    if (problem) throw new ParamError(flag, problem);
    return String(flagValue);
  }
  const fromEnv = vars.find((v) => settings.env[v] !== undefined);
  const value = fromEnv !== undefined ? settings.env[fromEnv]! : settings.profileValue(key);
  const problem = value === undefined ? undefined : headerValueProblem(value);
  if (problem) problems.push(`Invalid value for ${origin(settings, vars, key)}: ${problem}`);
  return value;
}

/** The idempotency key is a flag only: refused at once when it cannot be sent (252). */
function idempotencyKey(flagValue: unknown): string | undefined {
  if (flagValue === undefined) return undefined;
  const problem = headerValueProblem(String(flagValue));
  if (problem) throw new ParamError('--idempotency-key', problem);
  return String(flagValue);
}

/** The flag wins; a setting (environment or profile) must be one of the modes, in any case. */
function autoPromptMode(flag: unknown, setting: string | undefined): AutoPromptMode {
  if (flag === true) return 'on';
  if (flag === false || setting === undefined) return 'off';
  const mode = setting.trim().toLowerCase();
  if ((AUTO_PROMPT_MODES as readonly string[]).includes(mode)) return mode as AutoPromptMode;
  throw new ConfigError(
    `Invalid value for cli_auto_prompt (SVCCTL_CLI_AUTO_PROMPT or the profile): '${setting}'; valid values are: ${AUTO_PROMPT_MODES.join(', ')}`,
  );
}

/** AWS_PAGER wins over the profile's cli_pager, which wins over PAGER (as in the AWS CLI). */
function pagerCommand(settings: ConfigSources): string {
  const { env } = settings;
  return env.SVCCTL_PAGER ?? env.AWS_PAGER ?? settings.profileValue('cli_pager') ?? env.PAGER ?? 'less -R';
}

export interface ConfigSources {
  /** Environment and profile values, already merged by the caller. */
  env: Record<string, string | undefined>;
  profileValue(key: string): string | undefined;
  /** `the config file PATH, line N` for a profile value. */
  profileWhere?(key: string): string | undefined;
  /** The home directory and the selected profile, for the region's resolution (profile/region.ts). */
  home: string;
  profile: RegionProfile;
}

/** The region's resolution, done once and only when something asks (it may read ~/.aws/config). */
function regionOnce(raw: RawOptions, settings: ConfigSources): () => RegionChoice {
  let choice: RegionChoice | undefined;
  return () => (choice ??= resolveRegion({ env: settings.env, home: settings.home }, raw.region, settings.profile));
}

/**
 * A setting with a fixed set of values, from the first place that sets it: the flag (a bad value is
 * argparse's invalid choice, 252), then each environment variable, then the profile's key (a bad value
 * names the variable or the key, 253: the user never typed the flag).
 */
function chosen<T extends string>(
  settings: ConfigSources,
  flag: string,
  flagValue: unknown,
  vars: readonly string[],
  key: string,
  dflt: T,
  choices: readonly T[],
): T {
  if (flagValue !== undefined) return choice(flag, flagValue, choices);
  const fromEnv = vars.find((v) => settings.env[v] !== undefined);
  const value = fromEnv !== undefined ? settings.env[fromEnv]! : settings.profileValue(key);
  if (value === undefined) return dflt;
  if ((choices as readonly string[]).includes(value)) return value as T;
  const where = origin(settings, vars, key);
  throw new ConfigError(`Invalid value for ${where}: '${value}'; valid values are: ${choices.join(', ')}`);
}

export function resolveGlobals(raw: RawOptions, settings: ConfigSources): GlobalOptions {
  const { env } = settings;
  const output = chosen(
    settings,
    '--output',
    raw.output,
    ['SVCCTL_DEFAULT_OUTPUT', 'AWS_DEFAULT_OUTPUT'],
    'output',
    'json',
    OUTPUT_FORMATS,
  );
  const skeleton =
    raw.generateCliSkeleton === undefined
      ? undefined
      : choice(
          '--generate-cli-skeleton',
          raw.generateCliSkeleton === true ? 'input' : raw.generateCliSkeleton,
          SKELETON_TYPES,
        );
  if (raw.cliInputJson !== undefined && raw.cliInputYaml !== undefined) {
    throw new InputError('Only one --cli-input- parameter may be specified.');
  }
  const headerProblems: string[] = [];
  return {
    debug: raw.debug === true,
    endpointUrl:
      (raw.endpointUrl as string | undefined) ?? env.SVCCTL_ENDPOINT_URL ?? settings.profileValue('endpoint_url'),
    endpointUrlOrigin:
      raw.endpointUrl === undefined ? origin(settings, ['SVCCTL_ENDPOINT_URL'], 'endpoint_url') : undefined,
    awsKeys: {
      aws_access_key_id: settings.profileValue('aws_access_key_id'),
      aws_secret_access_key: settings.profileValue('aws_secret_access_key'),
      aws_session_token: settings.profileValue('aws_session_token'),
    },
    verifySsl: raw.verifySsl !== false,
    paginate: raw.paginate !== false,
    output,
    query: raw.query as string | undefined,
    profile: (raw.profile as string | undefined) ?? env.SVCCTL_PROFILE ?? env.AWS_PROFILE,
    region: regionOnce(raw, settings),
    color: chosen(settings, '--color', raw.color, [], 'color', 'auto', COLOR_MODES),
    signRequest: raw.signRequest !== false,
    caBundle: (raw.caBundle as string | undefined) ?? env.AWS_CA_BUNDLE ?? settings.profileValue('ca_bundle'),
    readTimeoutMs: seconds(settings, '--cli-read-timeout', raw.cliReadTimeout, 'cli_read_timeout'),
    connectTimeoutMs: seconds(settings, '--cli-connect-timeout', raw.cliConnectTimeout, 'cli_connect_timeout'),
    binaryFormat: chosen(
      settings,
      '--cli-binary-format',
      raw.cliBinaryFormat,
      [],
      'cli_binary_format',
      'base64',
      BINARY_FORMATS,
    ),
    pager: raw.cliPager !== false && pagerCommand(settings) !== '',
    pagerCommand: raw.cliPager === false ? undefined : pagerCommand(settings),
    autoPrompt: autoPromptMode(
      raw.cliAutoPrompt,
      env.SVCCTL_CLI_AUTO_PROMPT ?? settings.profileValue('cli_auto_prompt'),
    ),
    errorFormat: chosen(
      settings,
      '--cli-error-format',
      raw.cliErrorFormat,
      ['SVCCTL_CLI_ERROR_FORMAT', 'AWS_CLI_ERROR_FORMAT'],
      'cli_error_format',
      'enhanced',
      ERROR_FORMATS,
    ),
    apiKey: headerSetting(settings, '--api-key', raw.apiKey, ['SVCCTL_API_KEY'], 'api_key', headerProblems),
    serviceVersion: headerSetting(
      settings,
      '--service-version',
      raw.serviceVersion,
      ['SVCCTL_SERVICE_VERSION'],
      'service_version',
      headerProblems,
    ),
    idempotencyKey: idempotencyKey(raw.idempotencyKey),
    headerProblem: headerProblems[0],
    cliInputJson: raw.cliInputJson as string | undefined,
    cliInputYaml: raw.cliInputYaml as string | undefined,
    skeleton,
    startingToken: raw.startingToken as string | undefined,
    pageSize: exactInteger('--page-size', raw.pageSize),
    maxItems: integer('--max-items', raw.maxItems),
  };
}
