/**
 * The selected profile (--profile, SVCCTL_PROFILE, AWS_PROFILE, AWS_DEFAULT_PROFILE, else default) and its values, the
 * `profileValue` that cli/globals.ts falls back to. The file is read only when a value is needed or a
 * named profile must be checked; a named profile that exists nowhere is a configuration error (253).
 */
import type { ProfileValues } from './resolve.js';
import { isAbsolute, join } from 'node:path';
import { svcctlHome, type ProcessContext } from '../core/context.js';
import { ConfigTextError, decodeConfigText, readConfigBytes } from '../core/config-text.js';
import { ConfigError, osErrorText, ProfileNotFoundError } from '../core/errors.js';
import { awsConfigPath, awsConfigProfileOf, awsCredentialsPath, readIni } from './aws-files.js';
import { configPath, readProfiles } from './file.js';
import type { Profiles } from './ini.js';
import { echoPath } from '../core/input-rules.js';

export interface ProfileChoice {
  name: string;
  /** Where the name came from: the --profile flag, an environment variable, or nothing (default). */
  source: 'flag' | 'env' | 'default';
  /** `--profile` or the variable's name. */
  where?: string;
}

export function chooseProfile(raw: Record<string, unknown>, env: Record<string, string | undefined>): ProfileChoice {
  // As the AWS CLI: an empty --profile sets nothing (clidriver sets only a true value), and botocore's
  // variables are AWS_PROFILE then AWS_DEFAULT_PROFILE.
  if (typeof raw.profile === 'string' && raw.profile !== '')
    return { name: raw.profile, source: 'flag', where: '--profile' };
  for (const name of ['SVCCTL_PROFILE', 'AWS_PROFILE', 'AWS_DEFAULT_PROFILE']) {
    const value = env[name];
    if (value) return { name: value, source: 'env', where: name };
  }
  return { name: 'default', source: 'default' };
}

/**
 * Section names of the AWS CLI's own files, where a profile may live for the HTTP backend's credentials: the
 * files the readers of their values open (aws-files.ts: the same paths, an unreadable file is no file).
 */
function awsProfiles(ctx: Pick<ProcessContext, 'env' | 'home'>): Set<string> {
  const names = new Set<string>();
  for (const header of Object.keys(readIni(awsConfigPath(ctx)))) {
    const name = awsConfigProfileOf(header);
    if (name !== undefined) names.add(name);
  }
  for (const header of Object.keys(readIni(awsCredentialsPath(ctx)))) names.add(header);
  return names;
}

export interface ProfileView {
  choice: ProfileChoice;
  path: string;
  /** The profile's value of a key; `api_key` falls back to the file named by `api_key_file`. */
  value(key: string): string | undefined;
  /** Where `value(key)` came from: the config file, or the api_key_file. */
  origin(key: string): string | undefined;
  /** `the config file PATH, line N` for a value read from the file (for messages about a bad value). */
  where(key: string): string | undefined;
  /**
   * A service's own setting in the `[services NAME]` section that the profile's `services` names
   * (`ecr =` then `  endpoint_url = …`), with where it was read.
   */
  serviceValue(servicesKey: string, key: string): { value: string; where: string } | undefined;
}

function readKeyFile(ctx: Pick<ProcessContext, 'env' | 'home'>, file: string): string {
  const path = file.startsWith('~/')
    ? join(ctx.home, file.slice(2))
    : isAbsolute(file)
      ? file
      : join(svcctlHome(ctx), file);
  let bytes: Buffer;
  try {
    bytes = readConfigBytes(path);
  } catch (err) {
    throw new ConfigError(
      `Unable to read the api_key_file (${echoPath(path)}): ${osErrorText(err as NodeJS.ErrnoException)}`,
    );
  }
  try {
    return decodeConfigText(bytes).split(/\r?\n/)[0]!.trim(); // core/config-text.ts
  } catch (err) {
    if (err instanceof ConfigTextError) throw new ConfigError(`The api_key_file (${echoPath(path)}), ${err.message}.`);
    throw err;
  }
}

/**
 * The profile for one command. `missingOk` lets commands that create profiles (configure set) run
 * with a profile that does not exist yet.
 */
export function openProfile(
  ctx: Pick<ProcessContext, 'env' | 'home'>,
  raw: Record<string, unknown>,
  missingOk = false,
): ProfileView {
  const choice = chooseProfile(raw, ctx.env);
  const path = configPath(ctx);
  let profiles: Profiles | undefined;
  const load = () => (profiles ??= readProfiles(path));
  if (choice.source !== 'default' && !missingOk && choice.name !== 'default') {
    if (!load().has(choice.name) && !awsProfiles(ctx).has(choice.name)) {
      throw new ProfileNotFoundError(choice.name);
    }
  }
  const own = (key: string) => load().get(choice.name)?.get(key);
  return {
    choice,
    path,
    value(key) {
      const v = own(key);
      if (v !== undefined || key !== 'api_key') return v;
      const file = own('api_key_file');
      return file === undefined ? undefined : readKeyFile(ctx, file);
    },
    origin(key) {
      if (own(key) !== undefined) return path;
      return key === 'api_key' ? own('api_key_file') : undefined;
    },
    where(key) {
      const line = load().lineOf(choice.name, key);
      return line === undefined ? undefined : `the config file ${echoPath(path)}, line ${line}`;
    },
    serviceValue(servicesKey, key) {
      const name = own('services');
      const value = name === undefined ? undefined : load().services.get(name)?.get(servicesKey)?.get(key);
      return value === undefined ? undefined : { value, where: `[services ${name}] ${servicesKey} in ${path}` };
    },
  };
}

/** The profile chosen, holding no value: the global options of a command that mends the file (cli/run.ts). */
export function withoutValues(view: ProfileView): ProfileView {
  return {
    ...view,
    value: () => undefined,
    origin: () => undefined,
    where: () => undefined,
    serviceValue: () => undefined,
  };
}

/**
 * The selected profile's values where a broken config file is an error of its own, reported by the commands
 * that need it, not here (how an early error is reported, the help pager): a file that cannot be read holds
 * nothing.
 */
export function quietProfile(ctx: Pick<ProcessContext, 'env' | 'home'>, raw: Record<string, unknown>): ProfileValues {
  let view: ProfileView | null | undefined;
  const read = (f: (v: ProfileView) => string | undefined): string | undefined => {
    try {
      view ??= openProfile(ctx, raw, true);
      return f(view);
    } catch {
      view = null;
      return undefined;
    }
  };
  return {
    value: (key) => (view === null ? undefined : read((v) => v.value(key))),
    origin: (key) => (view === null ? undefined : read((v) => v.origin(key))),
    where: (key) => (view === null ? undefined : read((v) => v.where(key))),
  };
}
