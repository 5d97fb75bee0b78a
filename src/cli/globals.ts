/**
 * The global options of spec 4.6 (plus svcctl's v2 options), declared once and resolved once into one
 * typed object. Values from flags win over the environment, which wins over the profile and defaults.
 */
import { ConfigError, InputError, UsageError } from '../core/errors.js';
import { choicesBlock, USAGE } from '../core/usage.js';

export const OUTPUT_FORMATS = ['json', 'text', 'table', 'yaml', 'yaml-stream', 'off'] as const;
export const COLOR_MODES = ['on', 'off', 'auto'] as const;
export const ERROR_FORMATS = ['legacy', 'json', 'yaml', 'text', 'table', 'enhanced'] as const;
export const BINARY_FORMATS = ['base64', 'raw-in-base64-out'] as const;
export const SKELETON_TYPES = ['input', 'yaml-input', 'output'] as const;

export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export type ColorMode = (typeof COLOR_MODES)[number];
export type ErrorFormat = (typeof ERROR_FORMATS)[number];
export type BinaryFormat = (typeof BINARY_FORMATS)[number];
export const AUTO_PROMPT_MODES = ['on', 'on-partial', 'off'] as const;
export type AutoPromptMode = (typeof AUTO_PROMPT_MODES)[number];

/** Global flags as commander declares them: flags, description. */
export const GLOBAL_FLAGS: ReadonlyArray<readonly [string, string]> = [
  ['--debug', 'Turn on debug logging (to stderr).'],
  ['--endpoint-url <url>', 'Use the HTTP backend against this URL instead of the embedded service.'],
  ['--no-verify-ssl', 'Do not verify TLS certificates (https endpoints).'],
  ['--no-paginate', 'Make one call only and print the first page with the service\'s own NextToken.'],
  ['--output <format>', `The output format: ${OUTPUT_FORMATS.join(', ')}.`],
  ['--query <expression>', 'A JMESPath query to filter the response.'],
  ['--profile <name>', 'Use a named profile from the configuration files.'],
  ['--region <region>', 'The region to use (default us-east-1 for the embedded service).'],
  ['--color <mode>', `Colour: ${COLOR_MODES.join(', ')} (default auto).`],
  ['--no-sign-request', 'Do not sign requests; credentials are not loaded.'],
  ['--ca-bundle <path>', 'The CA certificate bundle to verify TLS certificates with.'],
  ['--cli-read-timeout <seconds>', 'Maximum socket read time in seconds; 0 blocks forever (default 60).'],
  ['--cli-connect-timeout <seconds>', 'Maximum socket connect time in seconds; 0 blocks forever (default 60).'],
  ['--cli-binary-format <format>', `How binary values are given: ${BINARY_FORMATS.join(', ')} (default base64).`],
  ['--no-cli-pager', 'Do not send output to a pager.'],
  ['--cli-auto-prompt', 'Prompt for the command\'s parameters.'],
  ['--no-cli-auto-prompt', 'Never prompt for parameters.'],
  ['--cli-error-format <format>', `The format of errors: ${ERROR_FORMATS.join(', ')} (default enhanced).`],
  ['--api-key <key>', 'The v2 API key (sk_/pk_/rk_ test or live).'],
  ['--service-version <version>', 'The v2 API version header value (<yyyy-mm-dd>.<name>).'],
  ['--idempotency-key <key>', 'The Idempotency-Key of a v2 POST (generated when absent).'],
];

/** The options every operation command takes (the AWS CLI adds them to each operation). */
export const OPERATION_FLAGS: ReadonlyArray<readonly [string, string]> = [
  ['--cli-input-json <json>', 'Read arguments from a JSON string or file:// in the --generate-cli-skeleton format.'],
  ['--cli-input-yaml <yaml>', 'Read arguments from a YAML string or file:// in the --generate-cli-skeleton yaml-input format.'],
  ['--generate-cli-skeleton [type]', `Print a skeleton and make no call: ${SKELETON_TYPES.join(', ')} (default input).`],
];

export const PAGINATION_FLAGS: ReadonlyArray<readonly [string, string]> = [
  ['--starting-token <token>', 'Where to start paginating: the NextToken of a previously truncated output.'],
  ['--page-size <size>', 'The size of each page requested in a service call (does not change what is printed).'],
  ['--max-items <count>', 'The total number of items to print; a NextToken is printed when more exist.'],
];

export interface GlobalOptions {
  debug: boolean;
  endpointUrl?: string;
  verifySsl: boolean;
  paginate: boolean;
  output: OutputFormat;
  query?: string;
  profile?: string;
  region?: string;
  color: ColorMode;
  signRequest: boolean;
  caBundle?: string;
  readTimeoutMs: number;
  connectTimeoutMs: number;
  binaryFormat: BinaryFormat;
  pager: boolean;
  /** The pager to run: SVCCTL_PAGER, AWS_PAGER, the profile's cli_pager, PAGER, else `less -R` ('' = no pager). */
  pagerCommand?: string;
  /** --cli-auto-prompt / --no-cli-auto-prompt, else SVCCTL_CLI_AUTO_PROMPT, else the profile's cli_auto_prompt. */
  autoPrompt: AutoPromptMode;
  errorFormat: ErrorFormat;
  apiKey?: string;
  serviceVersion?: string;
  idempotencyKey?: string;
  cliInputJson?: string;
  cliInputYaml?: string;
  skeleton?: (typeof SKELETON_TYPES)[number];
  startingToken?: string;
  pageSize?: number;
  maxItems?: number;
}

/** The raw values commander parsed (attribute names are commander's camelCase). */
export type RawOptions = Record<string, unknown>;

function choice<T extends string>(flag: string, value: unknown, choices: readonly T[]): T {
  if (choices.includes(value as T)) return value as T;
  throw new UsageError(`${USAGE}\nsvcctl: error: argument ${flag}: Invalid choice, valid choices are:\n\n${choicesBlock(choices)}\n`);
}

function integer(flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const s = String(value).trim();
  if (!/^[+-]?\d+$/.test(s)) {
    throw new UsageError(`${USAGE}\nsvcctl: error: argument ${flag}: invalid int value: '${String(value)}'`);
  }
  return Number(s);
}

function seconds(flag: string, value: unknown): number {
  const n = integer(flag, value);
  return n === undefined ? 60_000 : n * 1000;
}

/** The flag wins; a setting (environment or profile) must be one of the modes, in any case. */
function autoPromptMode(flag: unknown, setting: string | undefined): AutoPromptMode {
  if (flag === true) return 'on';
  if (flag === false || setting === undefined) return 'off';
  const mode = setting.trim().toLowerCase();
  if ((AUTO_PROMPT_MODES as readonly string[]).includes(mode)) return mode as AutoPromptMode;
  throw new ConfigError(`Invalid value for cli_auto_prompt (SVCCTL_CLI_AUTO_PROMPT or the profile): '${setting}'; valid values are: ${AUTO_PROMPT_MODES.join(', ')}`);
}

/** AWS_PAGER wins over the profile's cli_pager, which wins over PAGER (as in the AWS CLI). */
function pagerCommand(settings: Settings): string {
  const { env } = settings;
  return env.SVCCTL_PAGER ?? env.AWS_PAGER ?? settings.profileValue('cli_pager') ?? env.PAGER ?? 'less -R';
}

export interface Settings {
  /** Environment and profile values, already merged by the caller. */
  env: Record<string, string | undefined>;
  profileValue(key: string): string | undefined;
}

export function resolveGlobals(raw: RawOptions, settings: Settings): GlobalOptions {
  const { env } = settings;
  const output = choice(
    '--output',
    raw.output ?? env.SVCCTL_DEFAULT_OUTPUT ?? env.AWS_DEFAULT_OUTPUT ?? settings.profileValue('output') ?? 'json',
    OUTPUT_FORMATS,
  );
  const skeleton = raw.generateCliSkeleton === undefined ? undefined
    : choice('--generate-cli-skeleton', raw.generateCliSkeleton === true ? 'input' : raw.generateCliSkeleton, SKELETON_TYPES);
  if (raw.cliInputJson !== undefined && raw.cliInputYaml !== undefined) {
    throw new InputError('Only one --cli-input- parameter may be specified.');
  }
  return {
    debug: raw.debug === true,
    endpointUrl: (raw.endpointUrl as string | undefined) ?? env.SVCCTL_ENDPOINT_URL ?? settings.profileValue('endpoint_url'),
    verifySsl: raw.verifySsl !== false,
    paginate: raw.paginate !== false,
    output,
    query: raw.query as string | undefined,
    profile: (raw.profile as string | undefined) ?? env.SVCCTL_PROFILE ?? env.AWS_PROFILE,
    region: (raw.region as string | undefined) ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? settings.profileValue('region'),
    color: choice('--color', raw.color ?? settings.profileValue('color') ?? 'auto', COLOR_MODES),
    signRequest: raw.signRequest !== false,
    caBundle: (raw.caBundle as string | undefined) ?? env.AWS_CA_BUNDLE ?? settings.profileValue('ca_bundle'),
    readTimeoutMs: seconds('--cli-read-timeout', raw.cliReadTimeout ?? settings.profileValue('cli_read_timeout')),
    connectTimeoutMs: seconds('--cli-connect-timeout', raw.cliConnectTimeout ?? settings.profileValue('cli_connect_timeout')),
    binaryFormat: choice('--cli-binary-format', raw.cliBinaryFormat ?? settings.profileValue('cli_binary_format') ?? 'base64', BINARY_FORMATS),
    pager: raw.cliPager !== false && pagerCommand(settings) !== '',
    pagerCommand: raw.cliPager === false ? undefined : pagerCommand(settings),
    autoPrompt: autoPromptMode(raw.cliAutoPrompt, env.SVCCTL_CLI_AUTO_PROMPT ?? settings.profileValue('cli_auto_prompt')),
    errorFormat: choice('--cli-error-format', raw.cliErrorFormat ?? settings.profileValue('cli_error_format') ?? 'enhanced', ERROR_FORMATS),
    apiKey: (raw.apiKey as string | undefined) ?? env.SVCCTL_API_KEY ?? settings.profileValue('api_key'),
    serviceVersion: (raw.serviceVersion as string | undefined) ?? env.SVCCTL_SERVICE_VERSION ?? settings.profileValue('service_version'),
    idempotencyKey: raw.idempotencyKey as string | undefined,
    cliInputJson: raw.cliInputJson as string | undefined,
    cliInputYaml: raw.cliInputYaml as string | undefined,
    skeleton,
    startingToken: raw.startingToken as string | undefined,
    pageSize: integer('--page-size', raw.pageSize),
    maxItems: integer('--max-items', raw.maxItems),
  };
}
