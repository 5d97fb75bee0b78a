/**
 * The AWS CLI's own files, read as botocore reads them (strictly: see parseSections): the config file
 * (AWS_CONFIG_FILE, default ~/.aws/config), where svcctl finds a profile's region, and the shared
 * credentials file (AWS_SHARED_CREDENTIALS_FILE, default ~/.aws/credentials), where the HTTP backend finds
 * its keys. A missing or unreadable file is no file; one that does not parse is refused, naming the line (253).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProcessContext } from '../core/context.js';
import { ConfigError } from '../core/errors.js';
import { IniSyntaxError, parseSections } from './ini.js';

export type Ini = Record<string, Record<string, string>>;

/** INI as botocore reads it: `[section]`, `key = value`, comments, nested lines. */
export function parseIni(text: string): Ini {
  return Object.fromEntries(
    [...parseSections(text).values].map(([name, values]) => [name, Object.fromEntries(values)]),
  );
}

export function readIni(path: string): Ini {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return {};
  }
  try {
    return parseIni(text);
  } catch (err) {
    if (err instanceof IniSyntaxError) throw new ConfigError(`Unable to parse config file: ${path}, ${err.message}`);
    throw err;
  }
}

function expand(path: string, home: string): string {
  return path === '~' || path.startsWith('~/') ? join(home, path.slice(1)) : path;
}

type Where = Pick<ProcessContext, 'env' | 'home'>;

export function awsConfigPath(ctx: Where): string {
  return expand(ctx.env.AWS_CONFIG_FILE ?? join(ctx.home, '.aws', 'config'), ctx.home);
}

export function awsCredentialsPath(ctx: Where): string {
  return expand(ctx.env.AWS_SHARED_CREDENTIALS_FILE ?? join(ctx.home, '.aws', 'credentials'), ctx.home);
}

/** A profile's section of the config file: `[default]`, else `[profile NAME]`. */
export function awsConfigSection(config: Ini, profile: string): Record<string, string> | undefined {
  return config[profile === 'default' ? 'default' : `profile ${profile}`];
}
