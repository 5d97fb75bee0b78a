/**
 * The settings a profile can hold, with the flag and environment variables that override each one,
 * in the order cli/globals.ts applies them (flag, environment, profile, default). `configure set`
 * checks keys and values against this table; `configure list` explains where each value came from.
 */
import { pyIntOf } from '../core/pynum.js';
import { CURRENT_SERVICE_VERSION, DEFAULT_EMBEDDED_API_KEY } from '../core/options.js';
import { isPostgresUrl, postgresUrlProblem } from '../core/postgres-url.js';
import { pyStrip } from '../core/pytext.js';
import { headerValueProblem } from '../core/header-value.js';
import { maskStoreUrl } from './secrets.js';
import { BINARY_FORMATS, COLOR_MODES, ERROR_FORMATS, OUTPUT_FORMATS } from '../core/options.js';
import { isRegionName } from './partitions.js';
import { echoText } from '../core/input-rules.js';

export interface ConfigKey {
  key: string;
  /** The flag that overrides it, and commander's attribute name for that flag. */
  flag?: string;
  attr?: string;
  /** Environment variables that override the profile, first one set wins. */
  env?: readonly string[];
  /** Environment variables consulted only when neither the above nor the profile set it. */
  envAfter?: readonly string[];
  /** The value in effect when nothing sets it (shown by configure list and the flag's help). */
  default?: string;
  /** The flag's value as its help names it (`--output <format>`); none: the flag is a switch. */
  placeholder?: string;
  /** The flag's help, when it is not `doc`; the default is added to it (GLOBAL_FLAGS). */
  help?: string;
  /** How the help states the default, when not as `default <value>`. */
  defaultHelp?: string;
  choices?: readonly string[];
  /** Masked when shown: `****************3456`. */
  secret?: boolean;
  /** How a value that holds a secret in part is shown (a store URL's password), where `secret` hides it all. */
  mask?: (value: string) => string;
  /** Checks a value for `configure set`; returns the problem. */
  check?: (value: string) => string | undefined;
  /**
   * What a value means (cli/globals.ts), or why it means nothing: throws a ConfigValueProblem whose sentence the
   * resolver prefixes with where the value came from. `check` follows the same rule for `configure set`.
   */
  convert?: (value: string) => unknown;
  /** An empty environment variable counts as unset (the AWS CLI's endpoint variables). */
  emptyIsUnset?: boolean;
  /** A variable's or the config file's value is read lower-cased (the flag's is not): the AWS CLI's `.lower()`. */
  anyCase?: boolean;
  doc: string;
}

/** Why a setting's value means nothing, in the reference's words where it has them. */
export class ConfigValueProblem extends Error {}

/** Python's int() of a string (core/pynum.ts): white space around, a sign, any script's digits, `_` between them. */
function pyInt(value: string): number {
  const n = pyIntOf(value);
  if (n === undefined) throw new ConfigValueProblem(`invalid literal for int() with base 10: ${echoText(value)}`);
  return Number(n);
}

/**
 * A time-out in seconds, as the AWS CLI takes it: a whole number; 0 means none (botocore's None), a
 * negative one is refused in botocore's words. The milliseconds, 0 for none.
 */
function timeoutOf(what: 'read' | 'connect') {
  return (value: string): number => {
    if (pyIntOf(value) === undefined)
      throw new ConfigValueProblem(`${echoText(value)} is not a whole number of seconds`);
    const n = pyInt(value);
    if (n < 0) {
      throw new ConfigValueProblem(
        `Attempted to set ${what} timeout to ${n}, but the timeout cannot be set to a value less than or equal to 0.`,
      );
    }
    return n * 1000;
  };
}

/** AWS_MAX_ATTEMPTS / max_attempts: botocore's int() and its lower bound. */
function attemptsOf(value: string): number {
  const n = pyInt(value);
  if (n < 1) {
    throw new ConfigValueProblem(
      `Value provided to "max_attempts": ${n} must be an integer greater than or equal to one.`,
    );
  }
  return n;
}

export const RETRY_MODES = ['standard', 'adaptive'] as const;

function retryModeOf(value: string): (typeof RETRY_MODES)[number] {
  if ((RETRY_MODES as readonly string[]).includes(value)) return value as (typeof RETRY_MODES)[number];
  throw new ConfigValueProblem(
    `Invalid value provided to "mode": ${echoText(value, '"')} must be one of: "standard" or "adaptive"`,
  );
}

/** botocore's ensure_boolean: `true` in any case is true, anything else false. */
const booleanOf = (value: string): boolean => value.trim().toLowerCase() === 'true';

/** The `configure set` check of a key with a conversion: the same rule, in the words `set` uses. */
function byConversion(convert: (value: string) => unknown, expected: string) {
  return (value: string): string | undefined => {
    try {
      convert(value);
      return undefined;
    } catch (err) {
      if (err instanceof ConfigValueProblem) return expected;
      throw err;
    }
  };
}

const region = (v: string) =>
  isRegionName(v)
    ? undefined
    : 'a region name such as us-east-1 (lower-case letters, digits and hyphens, at most 63, not starting or ending with a hyphen)';
const url = (v: string) => {
  // new URL() would take `http://h/ # note` and send `/%20%23%20note`: white space is no part of an endpoint.
  if (/\s/.test(v))
    return 'an http:// or https:// URL (without white space: the config file keeps no comment after a value)';
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? undefined : 'an http:// or https:// URL';
  } catch {
    return 'an http:// or https:// URL';
  }
};

/** A value sent as a header (cli/globals.ts refuses it at the call otherwise: refused when set instead). */
const header = (v: string) => {
  const problem = headerValueProblem(v);
  if (problem === undefined) return undefined;
  return `a value that can be sent in an HTTP header (${problem.replace(/^it cannot be sent in an HTTP header: /, '')})`;
};

/** A v2 key: a header value, and one word (Stripe's keys are sk_, pk_ or rk_ then letters, digits and _). */
const apiKey = (v: string) =>
  header(v) ?? (/\s/.test(v) ? 'a key without white space (sk_, pk_ or rk_, then letters, digits and _)' : undefined);

export const CONFIG_KEYS: readonly ConfigKey[] = [
  {
    key: 'output',
    flag: '--output',
    attr: 'output',
    env: ['SVCCTL_DEFAULT_OUTPUT', 'AWS_DEFAULT_OUTPUT'],
    default: 'json',
    choices: OUTPUT_FORMATS,
    placeholder: 'format',
    help: 'The output format',
    doc: 'The default output format.',
  },
  {
    key: 'region',
    flag: '--region',
    attr: 'region',
    env: ['AWS_REGION', 'AWS_DEFAULT_REGION'],
    default: 'us-east-1',
    check: region,
    placeholder: 'region',
    help: 'The region to use',
    doc: "The region, for both backends; when neither the flag, the environment nor the profile sets it, the same profile's region in the AWS CLI's config file (AWS_CONFIG_FILE, default ~/.aws/config), else us-east-1.",
  },
  {
    key: 'endpoint_url',
    flag: '--endpoint-url',
    attr: 'endpointUrl',
    env: ['SVCCTL_ENDPOINT_URL'],
    emptyIsUnset: true,
    check: url,
    placeholder: 'url',
    help: 'Use the HTTP backend against this URL instead of the embedded service; it comes before SVCCTL_ENDPOINT_URL, AWS_ENDPOINT_URL_<SERVICE>, AWS_ENDPOINT_URL and the profile',
    doc: "Use the HTTP backend against this URL instead of the embedded service. For ecr and autoscaling, AWS_ENDPOINT_URL_ECR / AWS_ENDPOINT_URL_AUTO_SCALING, then AWS_ENDPOINT_URL, then the profile's services section come before it (docs/configuration.md).",
  },
  {
    key: 'services',
    doc: 'The [services NAME] section of the same file whose per-service endpoint_url (ecr, auto_scaling, stripe) comes before endpoint_url.',
  },
  {
    key: 'ignore_configured_endpoint_urls',
    env: ['AWS_IGNORE_CONFIGURED_ENDPOINT_URLS'],
    emptyIsUnset: true,
    default: 'false',
    convert: booleanOf,
    doc: 'true: ecr and autoscaling use only --endpoint-url, every configured endpoint is ignored (the embedded service answers).',
  },
  {
    key: 'api_key',
    flag: '--api-key',
    attr: 'apiKey',
    env: ['SVCCTL_API_KEY'],
    default: DEFAULT_EMBEDDED_API_KEY,
    defaultHelp: `default, on the embedded backend only: ${DEFAULT_EMBEDDED_API_KEY}, where a server needs one`,
    secret: true,
    check: apiKey,
    placeholder: 'key',
    help: 'The v2 API key of the v2 commands; an AWS operation refuses the flag (sk_/pk_/rk_, test or live)',
    doc: 'The v2 API key (sk_/pk_/rk_, test or live).',
  },
  {
    key: 'api_key_file',
    doc: 'A file holding the v2 API key (first line), used when api_key is not set; ~/ and paths relative to $SVCCTL_HOME work.',
  },
  {
    key: 'aws_access_key_id',
    env: ['AWS_ACCESS_KEY_ID'],
    secret: true,
    doc: 'The AWS access key id that signs ecr and autoscaling requests to an --endpoint-url (SigV4); the embedded service needs none.',
  },
  {
    key: 'aws_secret_access_key',
    env: ['AWS_SECRET_ACCESS_KEY'],
    secret: true,
    doc: 'The secret of aws_access_key_id.',
  },
  {
    key: 'aws_session_token',
    env: ['AWS_SESSION_TOKEN'],
    secret: true,
    doc: 'A session token for temporary AWS credentials.',
  },
  {
    key: 'service_version',
    flag: '--service-version',
    attr: 'serviceVersion',
    env: ['SVCCTL_SERVICE_VERSION'],
    default: CURRENT_SERVICE_VERSION,
    check: header,
    placeholder: 'version',
    help: 'The v2 API version header value of the v2 commands; an AWS operation refuses the flag (<yyyy-mm-dd>.<name>)',
    doc: 'The v2 API version header value (<yyyy-mm-dd>.<name>).',
  },
  {
    key: 'cli_pager',
    env: ['SVCCTL_PAGER', 'AWS_PAGER'],
    envAfter: ['PAGER'],
    default: 'less -R',
    doc: 'The pager for output and help on a terminal (MANPAGER goes first for help); empty or blank turns paging off (as --no-cli-pager does).',
  },
  {
    key: 'cli_auto_prompt',
    flag: '--cli-auto-prompt',
    attr: 'cliAutoPrompt',
    env: ['SVCCTL_CLI_AUTO_PROMPT', 'AWS_CLI_AUTO_PROMPT'],
    default: 'off',
    choices: ['on', 'on-partial', 'off'],
    help: "Prompt for the command's parameters",
    doc: 'Prompt for parameters: on, on-partial or off.',
  },
  {
    key: 'cli_error_format',
    flag: '--cli-error-format',
    attr: 'cliErrorFormat',
    env: ['SVCCTL_CLI_ERROR_FORMAT', 'AWS_CLI_ERROR_FORMAT'],
    default: 'enhanced',
    choices: ERROR_FORMATS,
    // awscli/errorhandler.py (2.36) lower-cases the variable's or the profile's value; argparse checks the flag's.
    anyCase: true,
    placeholder: 'format',
    doc: 'The format of errors on stderr.',
  },
  {
    key: 'color',
    flag: '--color',
    attr: 'color',
    default: 'auto',
    choices: COLOR_MODES,
    placeholder: 'mode',
    help: 'Colour in output',
    doc: 'Colour in output: on, off or auto.',
  },
  {
    key: 'ca_bundle',
    flag: '--ca-bundle',
    attr: 'caBundle',
    env: ['AWS_CA_BUNDLE'],
    placeholder: 'path',
    help: 'The CA certificate bundle to verify TLS certificates with',
    doc: 'The CA certificate bundle for https endpoints.',
  },
  {
    key: 'cli_binary_format',
    flag: '--cli-binary-format',
    attr: 'cliBinaryFormat',
    default: 'base64',
    choices: BINARY_FORMATS,
    placeholder: 'format',
    doc: 'How binary values are given on the command line.',
  },
  {
    key: 'cli_read_timeout',
    flag: '--cli-read-timeout',
    attr: 'cliReadTimeout',
    default: '60',
    convert: timeoutOf('read'),
    check: byConversion(timeoutOf('read'), 'a whole number of seconds (0 blocks forever)'),
    placeholder: 'seconds',
    help: 'Maximum socket read time in whole seconds; 0 blocks forever, a negative value is refused',
    doc: 'Maximum socket read time in seconds (0: no limit).',
  },
  {
    key: 'cli_connect_timeout',
    flag: '--cli-connect-timeout',
    attr: 'cliConnectTimeout',
    default: '60',
    convert: timeoutOf('connect'),
    check: byConversion(timeoutOf('connect'), 'a whole number of seconds (0 blocks forever)'),
    placeholder: 'seconds',
    help: 'Maximum socket connect time in whole seconds; 0 blocks forever, a negative value is refused',
    doc: 'Maximum socket connect time in seconds (0: no limit).',
  },
  {
    key: 'max_attempts',
    env: ['AWS_MAX_ATTEMPTS'],
    default: '3',
    convert: attemptsOf,
    check: byConversion(attemptsOf, 'a whole number of at least 1'),
    doc: 'How many times the HTTP backend tries a request (the first attempt and its retries).',
  },
  {
    key: 'retry_mode',
    env: ['AWS_RETRY_MODE'],
    default: 'standard',
    choices: RETRY_MODES,
    convert: retryModeOf,
    doc: "The AWS CLI's retry mode: standard or adaptive (svcctl retries the same way in both).",
  },
  {
    key: 'store_url',
    env: ['SVCCTL_STORE_URL'],
    emptyIsUnset: true,
    check: (v) => {
      if (!isPostgresUrl(v)) return 'a PostgreSQL URL (postgres://user:password@host:port/database)';
      // A PostgreSQL URL the driver cannot read is named with why, as --store and SVCCTL_STORE_URL name it.
      const problem = postgresUrlProblem(v);
      return problem === undefined ? undefined : `a PostgreSQL URL the driver can read: ${problem}`;
    },
    mask: maskStoreUrl,
    doc: 'The PostgreSQL store that serve and store export|import use when --store is not given (docs/shared-store.md); other commands use the SQLite file in $SVCCTL_HOME. Shown with its password masked.',
  },
];

export const CONFIG_KEY_NAMES: readonly string[] = CONFIG_KEYS.map((s) => s.key);

export function configKeyOf(key: string): ConfigKey | undefined {
  return CONFIG_KEYS.find((s) => s.key === key);
}

/** The problem with a value for `configure set`, or undefined. */
export function checkValue(s: ConfigKey, value: string): string | undefined {
  if (s.choices && !s.choices.includes(value)) return `one of: ${s.choices.join(', ')}`;
  // The file's reader trims a value (as configparser does): what it would read back is not what was set.
  if (pyStrip(value) !== value) return 'a value without white space at its start or end, which the config file drops';
  return value === '' && s.key !== 'cli_pager' ? 'a non-empty value' : s.check?.(value);
}

/**
 * Whether a pager setting (`cli_pager`'s chain, or MANPAGER for help) turns paging off: empty, or only white
 * space. `sh -c ' '` reads nothing, so a blank pager would lose the output with exit 0 (hostile pass 15b).
 */
export function pagerOff(command: string): boolean {
  return command.trim() === '';
}

/** A global flag as commander declares it, and its help: `['--output <format>', 'The output format (default json).']`. */
export type FlagDeclaration = readonly [string, string];

/** The flag of a config key's row, its help made from the row: the default is written once, there. */
function flagOfKey(key: string): FlagDeclaration {
  const row = configKeyOf(key)!;
  const flags = row.placeholder === undefined ? row.flag! : `${row.flag} <${row.placeholder}>`;
  const base = (row.help ?? row.doc).replace(/\.$/, '');
  const stated =
    row.placeholder === undefined || row.default === undefined
      ? undefined
      : (row.defaultHelp ?? `default ${row.default}`);
  if (stated === undefined) return [flags, `${base}.`];
  return [flags, base.endsWith(')') ? `${base.slice(0, -1)}; ${stated}).` : `${base} (${stated}).`];
}

/**
 * The global options of svcctl that the AWS CLI does not have (the v2 API's). The AWS CLI reads its own
 * global options before a command's, abbreviations included (`--re` is `--region`); these are read with
 * the command's options, so that they never take a command option's abbreviation (`--i` stays ambiguous
 * among create-launch-configuration's options rather than being `--idempotency-key`).
 */
export const SVCCTL_GLOBAL_FLAGS: readonly FlagDeclaration[] = [
  flagOfKey('api_key'),
  flagOfKey('service_version'),
  [
    '--idempotency-key <key>',
    'The Idempotency-Key of a v2 POST (generated when absent): printable Latin-1 characters and tabs, as an HTTP header takes, and not empty (an empty one keeps nothing). An AWS operation, a v2 read (GET) and meter-event-stream create (which keeps none) refuse it (252).',
  ],
];

/**
 * Global flags as commander declares them, in the AWS CLI's order: a config key's from its row, the others
 * (which no profile sets) as declared here.
 */
export const GLOBAL_FLAGS: readonly FlagDeclaration[] = [
  ['--debug', 'Turn on debug logging (to stderr).'],
  flagOfKey('endpoint_url'),
  ['--no-verify-ssl', 'Do not verify TLS certificates (https endpoints).'],
  ['--no-paginate', "Make one call only and print the first page with the service's own NextToken."],
  flagOfKey('output'),
  ['--query <expression>', 'A JMESPath query to filter the response.'],
  ['--profile <name>', 'Use a named profile from the configuration files.'],
  flagOfKey('region'),
  flagOfKey('color'),
  [
    '--no-sign-request',
    'Do not sign requests; credentials are not loaded (AWS operations: a v2 command refuses it, 252).',
  ],
  flagOfKey('ca_bundle'),
  flagOfKey('cli_read_timeout'),
  flagOfKey('cli_connect_timeout'),
  flagOfKey('cli_binary_format'),
  ['--no-cli-pager', 'Do not send output to a pager.'],
  flagOfKey('cli_auto_prompt'),
  ['--no-cli-auto-prompt', 'Never prompt for parameters.'],
  flagOfKey('cli_error_format'),
  ...SVCCTL_GLOBAL_FLAGS,
];
