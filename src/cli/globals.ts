/**
 * The global options of spec 4.6 (plus svcctl's v2 options), resolved once into one typed object. Each
 * setting is a row of the settings table (models/config-keys.ts) that one resolver walks (profile/resolve.ts:
 * flag, environment, profile, default); here each found value becomes its typed option, and a bad one an
 * error naming where it came from: a flag's is a usage error (252), a setting's a configuration error (253).
 */
import { pyIntOf } from '../core/pynum.js';
import { ConfigError, InputError, MainParserError, ParamError, UsageError } from '../core/errors.js';
import { headerValueProblem } from '../core/header-value.js';
import { invalidChoice } from '../help/suggest.js';
import { loadCredentials } from '../profile/credentials.js';
import { type EndpointProfile, resolveEndpoint } from '../profile/endpoint.js';
import { configKeyOf, pagerOff } from '../models/config-keys.js';
import { chooseProfile } from '../profile/profile.js';
import { resolveRegion, type RegionProfile } from '../profile/region.js';
import { converted, lookup, resolve, type Sources } from '../profile/resolve.js';
import {
  SKELETON_TYPES,
  AUTO_PROMPT_MODES,
  type AutoPromptMode,
  type ConfigValue,
  type GlobalOptions,
  type RawOptions,
  type RegionChoice,
} from '../core/options.js';
import { echoText } from '../core/input-rules.js';

export interface ConfigSources {
  env: Record<string, string | undefined>;
  /** The home directory, for the AWS CLI's files (region, endpoint, credentials). */
  home: string;
  /** The selected profile of svcctl's config file (profile/profile.ts's ProfileView). */
  profile: RegionProfile & EndpointProfile & { choice: { source: string } };
}

function choice<T extends string>(flag: string, value: unknown, choices: readonly T[]): T {
  if (choices.includes(value as T)) return value as T;
  throw invalidChoice(flag, String(value), choices);
}

function integer(flag: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const n = pyIntOf(String(value)); // Python's int(), as argparse's type=int
  if (n === undefined) throw new UsageError(`argument ${flag}: invalid int value: ${echoText(String(value))}`);
  return Number(n);
}

/** An int as Python's int() reads it, exact past 2^53 (core/pynum.ts): --page-size is sent and echoed as typed. */
function exactInteger(flag: string, value: unknown): number | bigint | undefined {
  if (integer(flag, value) === undefined) return undefined;
  return pyIntOf(String(value))!;
}

/**
 * A key with a fixed set of values, from the first place that sets it: a flag's bad value is argparse's
 * invalid choice (252), a setting's names the variable or the file's line (253).
 */
function chosen<T extends string>(src: Sources, key: string): T {
  const s = configKeyOf(key)!;
  const found = resolve(s, src)!;
  const choices = s.choices as readonly T[];
  if (found.type === 'manual') {
    // The flag of a global setting is the AWS CLI's main parser's: its invalid choice is reported as such.
    try {
      return choice(s.flag!, found.value, choices);
    } catch (err) {
      throw err instanceof UsageError ? new MainParserError(err.message) : err;
    }
  }
  if (choices.includes(found.value as T)) return found.value as T;
  throw new ConfigError(
    `Invalid value for ${found.origin}: ${echoText(found.value)}; valid values are: ${choices.join(', ')}`,
  );
}

/**
 * A time-out in milliseconds (0: none): a flag that is no whole number, or a negative one, is refused in
 * the AWS CLI's words (Python's int(), botocore's sentence) as bad input (252); from the profile, the same
 * rule names the file's line (253).
 */
function timeout(src: Sources, key: 'cli_read_timeout' | 'cli_connect_timeout'): number {
  const found = resolve(key, src)!;
  if (found.type === 'manual' && pyIntOf(found.value) === undefined) {
    throw new InputError(`invalid literal for int() with base 10: ${echoText(found.value)}`);
  }
  return converted<number>(key, found, (problem) => new InputError(problem));
}

/**
 * A value sent in an HTTP header. A flag's value that cannot be sent is refused at once (252); a setting's
 * is noted in `problems` (naming the variable or the file's line) for the v2 call that would send it (253).
 */
function headerValue(src: Sources, key: string, problems: string[]): string | undefined {
  let found: ReturnType<typeof lookup>;
  try {
    found = lookup(key, src);
  } catch (err) {
    // The profile's api_key_file that cannot be read: an error of the v2 calls that would send the key. It was
    // every command's, `configure set` (what mends it) and the AWS operations included.
    if (!(err instanceof ConfigError)) throw err;
    problems.push(err.message);
    return undefined;
  }
  if (found === undefined) return undefined;
  const problem = headerValueProblem(found.value);
  if (problem && found.type === 'manual') throw new ParamError(found.origin, problem);
  if (problem) problems.push(`Invalid value for ${found.origin}: ${problem}`);
  return found.value;
}

/** The idempotency key is a flag only: refused at once when it cannot be sent (252). */
function idempotencyKey(flagValue: unknown): string | undefined {
  if (flagValue === undefined) return undefined;
  // An empty key (`--idempotency-key "$KEY"`, KEY unset) keeps nothing: the request, and the HTTP backend's own
  // retries of it, were sent as if without one, where leaving the flag out makes a key per call (hostile pass 18a).
  if (String(flagValue) === '')
    throw new ParamError(
      '--idempotency-key',
      'it is empty, and an empty Idempotency-Key keeps no request: give a key, or leave the flag out for one made per call',
    );
  const problem = headerValueProblem(String(flagValue));
  if (problem) throw new ParamError('--idempotency-key', problem);
  return String(flagValue);
}

/**
 * The flag wins; a setting (SVCCTL_CLI_AUTO_PROMPT, the AWS CLI's AWS_CLI_AUTO_PROMPT, or the profile) must be
 * one of the modes, in any case (awscli/autoprompt/core.py lower-cases it too).
 */
function autoPromptMode(src: Sources): AutoPromptMode {
  const found = lookup('cli_auto_prompt', src);
  if (found === undefined) return 'off';
  if (found.type === 'manual') return found.value as AutoPromptMode;
  const mode = found.value.trim().toLowerCase();
  if ((AUTO_PROMPT_MODES as readonly string[]).includes(mode)) return mode as AutoPromptMode;
  throw new ConfigError(
    `Invalid value for cli_auto_prompt (${found.type === 'env' ? found.location : 'the profile'}): ${echoText(found.value)}; valid values are: ${AUTO_PROMPT_MODES.join(', ')}`,
  );
}

/** Asked for once, when first asked: what may read a file or fail is resolved only when used. */
function once<T>(get: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = get();
      done = true;
    }
    return value;
  };
}

/** The HTTP backend's attempts; the retry mode is checked with them (both standard and adaptive retry the same way). */
function attempts(src: Sources): number {
  const mode = lookup('retry_mode', src);
  if (mode) converted('retry_mode', mode);
  return converted<number>('max_attempts', resolve('max_attempts', src)!);
}

export function resolveGlobals(raw: RawOptions, sources: ConfigSources): GlobalOptions {
  const { env, profile } = sources;
  const src: Sources = { raw, env, profile };
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
  const endpoints = new Map<string | undefined, ConfigValue | undefined>();
  const pager = lookup('cli_pager', src)?.value ?? configKeyOf('cli_pager')!.default!;
  // The profile's name, by the one rule that opens it (profile/profile.ts): --profile, SVCCTL_PROFILE, AWS_PROFILE,
  // AWS_DEFAULT_PROFILE.
  const selected = chooseProfile(raw, env);
  const byVariable = chooseProfile({}, env);
  const profileName = selected.source === 'default' ? undefined : selected.name;
  const region = once<RegionChoice>(() => resolveRegion({ env, home: sources.home }, raw.region, profile));
  return {
    debug: raw.debug === true,
    endpoint(service) {
      if (!endpoints.has(service))
        endpoints.set(service, resolveEndpoint(service, { ...src, home: sources.home, profile }));
      return endpoints.get(service);
    },
    maxAttempts: once(() => attempts(src)),
    credentials: once(() =>
      loadCredentials({
        env,
        home: sources.home,
        profile: profileName ?? 'default',
        // Named on the command line (not by a variable): the AWS_* key variables are not read, as in botocore.
        explicitProfile:
          selected.source === 'flag' && (byVariable.source === 'default' || selected.name !== byVariable.name),
        own: {
          aws_access_key_id: profile.value('aws_access_key_id'),
          aws_secret_access_key: profile.value('aws_secret_access_key'),
          aws_session_token: profile.value('aws_session_token'),
        },
      }),
    ),
    verifySsl: raw.verifySsl !== false,
    paginate: raw.paginate !== false,
    output: chosen(src, 'output'),
    query: raw.query as string | undefined,
    profile: profileName,
    region,
    color: chosen(src, 'color'),
    signRequest: raw.signRequest !== false,
    caBundle: lookup('ca_bundle', src)?.value,
    readTimeoutMs: timeout(src, 'cli_read_timeout'),
    connectTimeoutMs: timeout(src, 'cli_connect_timeout'),
    binaryFormat: chosen(src, 'cli_binary_format'),
    pager: raw.cliPager !== false && !pagerOff(pager),
    pagerCommand: raw.cliPager === false ? undefined : pager,
    autoPrompt: autoPromptMode(src),
    errorFormat: chosen(src, 'cli_error_format'),
    apiKey: headerValue(src, 'api_key', headerProblems),
    serviceVersion: headerValue(src, 'service_version', headerProblems),
    idempotencyKey: idempotencyKey(raw.idempotencyKey),
    v2Flags: (
      [
        ['--api-key', raw.apiKey],
        ['--service-version', raw.serviceVersion],
        ['--idempotency-key', raw.idempotencyKey],
      ] as const
    )
      .filter(([, value]) => value !== undefined)
      .map(([flag]) => flag),
    headerProblem: headerProblems[0],
    cliInputJson: raw.cliInputJson as string | undefined,
    cliInputYaml: raw.cliInputYaml as string | undefined,
    skeleton,
    startingToken: raw.startingToken as string | undefined,
    pageSize: exactInteger('--page-size', raw.pageSize),
    maxItems: integer('--max-items', raw.maxItems),
  };
}
