/**
 * The global options of spec 4.6 as every layer sees them: the choices of each, and the one typed object
 * that src/cli/globals.ts resolves from flags, environment and profile.
 */

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

/**
 * A setting's value and where it came from, as `configure list` shows it (profile/resolve.ts finds it):
 * manual (a flag), env, config-file, default.
 */
export interface ConfigValue {
  value: string;
  type: 'manual' | 'env' | 'config-file' | 'default';
  /** The flag, the variable, the file; empty for the default. */
  location: string;
  /** For messages about a bad value: `--flag`, `the environment variable X`, `key in the config file P, line N`. */
  origin: string;
}

/** An AWS access key, as SigV4 takes it. */
export interface AwsKey {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The region in effect and where it came from, as `configure list` shows it (profile/region.ts resolves it). */
export interface RegionChoice {
  value: string;
  /** manual (the flag), env, config-file, default. */
  type: 'manual' | 'env' | 'config-file' | 'default';
  /** `--region`, the variable, the file; empty for the default. */
  location: string;
}

export interface GlobalOptions {
  debug: boolean;
  /**
   * The endpoint of a service's commands (profile/endpoint.ts; no service: svcctl's own admin commands),
   * unchecked; undefined: the embedded service. Resolved when asked: it may read ~/.aws/config.
   */
  endpoint(service?: 'ecr' | 'autoscaling' | 'stripe'): ConfigValue | undefined;
  /** The HTTP backend's attempts (max_attempts, AWS_MAX_ATTEMPTS), checked when asked (253). */
  maxAttempts(): number;
  /** The selected profile's AWS key (profile/credentials.ts), loaded when asked. */
  credentials(): AwsKey | undefined;
  verifySsl: boolean;
  paginate: boolean;
  output: OutputFormat;
  query?: string;
  profile?: string;
  /** The region in effect (not yet checked), resolved when first asked: it may read ~/.aws/config. */
  region(): RegionChoice;
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
  /** The v2 API's header flags given on the command line (`--api-key`, `--service-version`, `--idempotency-key`). */
  v2Flags: readonly string[];
  /**
   * Why the API key or version from the environment or the profile cannot be sent in a header (naming
   * where it came from): a configuration error when a v2 call uses it, and only then, so that `configure`
   * can still fix it. A flag's value is refused at once.
   */
  headerProblem?: string;
  cliInputJson?: string;
  cliInputYaml?: string;
  skeleton?: (typeof SKELETON_TYPES)[number];
  startingToken?: string;
  pageSize?: number | bigint;
  maxItems?: number;
}

/** The raw values commander parsed (attribute names are commander's camelCase). */
export type RawOptions = Record<string, unknown>;

/** The options every operation command takes (the AWS CLI adds them to each operation). */
export const OPERATION_FLAGS: ReadonlyArray<readonly [string, string]> = [
  [
    '--cli-input-json <json>',
    'Read arguments from a JSON string or file:// (at most 16 MiB) in the --generate-cli-skeleton format.',
  ],
  [
    '--cli-input-yaml <yaml>',
    'Read arguments from a YAML string or file:// (at most 16 MiB) in the --generate-cli-skeleton yaml-input format.',
  ],
  [
    '--generate-cli-skeleton [type]',
    `Print a skeleton and make no call: ${SKELETON_TYPES.join(', ')} (default input).`,
  ],
];

export const PAGINATION_FLAGS: ReadonlyArray<readonly [string, string]> = [
  ['--starting-token <token>', 'Where to start paginating: the NextToken of a previously truncated output.'],
  ['--page-size <size>', 'The size of each page requested in a service call (does not change what is printed).'],
  ['--max-items <count>', 'The total number of items to print; a NextToken is printed when more exist.'],
];

/** The built-in current version of the v2 API that svcctl sends. */
export const CURRENT_SERVICE_VERSION = '2025-12-15.clover';
/** The key the embedded backend uses when none is given. */
export const DEFAULT_EMBEDDED_API_KEY = 'sk_test_svcctl_embedded';
