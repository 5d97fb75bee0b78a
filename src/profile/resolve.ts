/**
 * The one resolver over the settings table (keys.ts), as botocore's session variables are resolved: for
 * each config key, its flag, then its environment variables, then the selected profile, then the variables
 * consulted after the profile, then its default. cli/globals.ts converts what it finds into the global
 * options; `configure list` shows it, with where it came from.
 */
import { ConfigError } from '../core/errors.js';
import type { ConfigValue } from '../core/options.js';
import { type ConfigKey, configKeyOf, ConfigValueProblem } from '../models/config-keys.js';

/** A value and where it came from (configure list's Type and Location, and the origin messages name). */
export type Found = ConfigValue;

/** The selected profile of svcctl's config file, as profile.ts opens it. */
export interface ProfileValues {
  value(key: string): string | undefined;
  /** The file (or api_key_file) a value was read from. */
  origin(key: string): string | undefined;
  /** `the config file PATH, line N`. */
  where(key: string): string | undefined;
}

export interface Sources {
  /** What commander parsed, by attribute name. */
  raw: Record<string, unknown>;
  env: Record<string, string | undefined>;
  profile: ProfileValues;
}

/** The flag's value as a string, as the profile would hold it (`--no-cli-pager`: '', `--cli-auto-prompt`: on). */
function flagValue(s: ConfigKey, raw: Record<string, unknown>): string | undefined {
  if (s.key === 'cli_pager') return raw.cliPager === false ? '' : undefined;
  const v = s.attr === undefined ? undefined : raw[s.attr];
  if (v === undefined) return undefined;
  if (s.key === 'cli_auto_prompt') return v === true ? 'on' : 'off';
  return String(v);
}

function fromEnv(
  s: ConfigKey,
  names: readonly string[] | undefined,
  env: Sources['env'],
  accept: (value: string) => boolean = () => true,
): Found | undefined {
  const name = names?.find(
    (n) => env[n] !== undefined && !(s.emptyIsUnset && env[n] === '') && accept(asRead(s, env[n]!)),
  );
  return name === undefined
    ? undefined
    : { value: asRead(s, env[name]!), type: 'env', location: name, origin: `the environment variable ${name}` };
}

/** A variable's or the profile's value as the key reads it (lower-cased for an `anyCase` key). */
function asRead(s: ConfigKey, value: string): string {
  return s.anyCase ? value.toLowerCase() : value;
}

/**
 * Where a key's value comes from, the default excluded: undefined when nothing sets it. With `accept`, a value
 * it refuses is passed over and the next source is asked (how an error met before the global options were
 * resolved picks its format: a value that is no choice is an error of its own, reported in the next one's).
 */
export function lookup(key: ConfigKey | string, src: Sources, accept?: (value: string) => boolean): Found | undefined {
  const s = typeof key === 'string' ? configKeyOf(key)! : key;
  const ok = (f: Found | undefined) => (f !== undefined && (accept === undefined || accept(f.value)) ? f : undefined);
  const flag = flagValue(s, src.raw);
  if (flag !== undefined && !(s.emptyIsUnset && flag === '')) {
    const location = s.key === 'cli_pager' ? '--no-cli-pager' : s.flag!;
    const found = ok({ value: flag, type: 'manual', location, origin: location });
    if (found) return found;
  }
  const before = ok(fromEnv(s, s.env, src.env, accept));
  if (before) return before;
  const own = src.profile.value(s.key);
  if (own !== undefined && !(s.emptyIsUnset && own === '')) {
    const found = ok({
      value: asRead(s, own),
      type: 'config-file',
      location: src.profile.origin(s.key)!,
      origin: `${s.key} in ${src.profile.where(s.key) ?? 'the config file'}`,
    });
    if (found) return found;
  }
  return ok(fromEnv(s, s.envAfter, src.env, accept));
}

/** The value in effect: lookup's, else the key's default. */
export function resolve(key: ConfigKey | string, src: Sources, accept?: (value: string) => boolean): Found | undefined {
  const s = typeof key === 'string' ? configKeyOf(key)! : key;
  return (
    lookup(s, src, accept) ??
    (s.default === undefined ? undefined : { value: s.default, type: 'default', location: '', origin: 'the default' })
  );
}

/**
 * A found value converted by its key's rule. A value that means nothing is a configuration error naming
 * where it came from (253); `onFlag` words a flag's bad value (the caller's usage error, 252).
 */
export function converted<T>(
  key: string,
  found: Found,
  onFlag: (problem: string) => Error = (problem) => new ConfigError(problem),
): T {
  const s = configKeyOf(key)!;
  try {
    return (s.convert ? s.convert(found.value) : found.value) as T;
  } catch (err) {
    if (!(err instanceof ConfigValueProblem)) throw err;
    if (found.type === 'manual') throw onFlag(err.message);
    throw new ConfigError(`Invalid value for ${found.origin}: ${err.message}`);
  }
}
