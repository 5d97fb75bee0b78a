/** `svcctl configure set | get | list | list-profiles`: the non-interactive configure commands. */
import type { ProcessContext } from '../core/context.js';
import type { Parsed } from '../models/commands.js';
import { InputError, UnknownOptionsError, UsageError } from '../core/errors.js';
import { configPath, readProfiles, writeConfigValue } from './file.js';
import { formatRows, type Row, configRows } from './list.js';
import { chooseProfile, openProfile } from './profile.js';
import { checkValue, CONFIG_KEY_NAMES, configKeyOf, type ConfigKey } from '../models/config-keys.js';
import { echoText, loneSurrogateAt, notTextDetail } from '../core/input-rules.js';

function required(names: string): UsageError {
  return new UsageError(`the following arguments are required: ${names}`);
}

function extra(words: string[]): void {
  if (words.length > 0) throw new UnknownOptionsError(words);
}

export function knownConfigKey(key: string): ConfigKey {
  const s = configKeyOf(key);
  if (!s) throw new InputError(`Unknown setting ${echoText(key)}. Valid settings are: ${CONFIG_KEY_NAMES.join(', ')}`);
  return s;
}

/** Checks a value before it is written: the problem as an error (252). */
export function validValue(s: ConfigKey, value: string): string {
  // Only text (core/input-rules.ts): `configure set`'s word is refused so by run.ts, a typed answer here.
  if (loneSurrogateAt(value) >= 0) throw new InputError(`Invalid value for ${s.key}: it is ${notTextDetail(value)}.`);
  const problem = checkValue(s, value);
  if (problem)
    throw new InputError(
      `Invalid value for ${s.key}: ${s.secret ? 'the value' : echoText(s.mask ? s.mask(value) : value)}. Expected ${problem}.`,
    );
  return value;
}

export function configureSet(ctx: ProcessContext, cmd: Parsed): number {
  const [key, value, ...rest] = cmd.args;
  if (key === undefined || value === undefined) throw required(key === undefined ? 'key, value' : 'value');
  extra(rest);
  const { profile, s } = addressed(key, ctx, cmd);
  writeConfigValue(configPath(ctx), profile, s.key, validValue(s, value));
  return 0;
}

/**
 * The profile and setting a name addresses, as the AWS CLI's `configure set` and `get` read it: `region` in
 * the selected profile (--profile, AWS_PROFILE, else default), `default.region` in the default profile and
 * `profile.NAME.region` in profile NAME, whatever --profile says. (The AWS CLI's other dotted names are
 * nested settings, such as `s3.max_concurrent_requests`, which svcctl has none of: unknown settings.)
 */
function addressed(name: string, ctx: ProcessContext, cmd: Parsed): { profile: string; s: ConfigKey } {
  const parts = name.split('.');
  if (parts[0] === 'default' && parts.length > 1)
    return { profile: 'default', s: knownConfigKey(parts.slice(1).join('.')) };
  if (parts[0] === 'profile' && parts.length > 2)
    return { profile: parts[1]!, s: knownConfigKey(parts.slice(2).join('.')) };
  return { profile: chooseProfile(cmd.all, ctx.env).name, s: knownConfigKey(name) };
}

/** The value in the profile's section of the config file (not the environment), exit 1 when unset. */
export function configureGet(ctx: ProcessContext, cmd: Parsed): number {
  const [key, ...rest] = cmd.args;
  if (key === undefined) throw required('key');
  extra(rest);
  const { profile, s } = addressed(key, ctx, cmd);
  const value = readProfiles(configPath(ctx)).get(profile)?.get(s.key);
  if (value === undefined) return 1;
  ctx.stdout.write(`${value}\n`);
  return 0;
}

/** The rows of `configure list` (commands/configure/configure.ts prints them, as columns or as a document). */
export function configureListRows(ctx: ProcessContext, cmd: Parsed): Row[] {
  extra(cmd.args);
  const raw = cmd.all;
  return configRows(ctx, raw, openProfile(ctx, raw));
}

export { formatRows };

export function configureListProfiles(ctx: ProcessContext, cmd: Parsed): number {
  extra(cmd.args);
  for (const name of readProfiles(configPath(ctx)).keys()) ctx.stdout.write(`${name}\n`);
  return 0;
}
