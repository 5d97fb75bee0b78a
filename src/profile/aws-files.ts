/**
 * The AWS CLI's own files, read as botocore reads them (strictly: see parseSections): the config file
 * (AWS_CONFIG_FILE, default ~/.aws/config), where svcctl finds a profile's region, and the shared
 * credentials file (AWS_SHARED_CREDENTIALS_FILE, default ~/.aws/credentials), where the HTTP backend finds
 * its keys. A missing or unreadable file, or one that is not a regular file, is no file; one that does not parse is refused, naming the line (253).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expandUser, expandVars, type ProcessContext } from '../core/context.js';
import { ConfigTextError, decodeConfigText, readConfigBytes } from '../core/config-text.js';
import { ConfigError } from '../core/errors.js';
import { IniSyntaxError, nestedOf, parseSections } from './ini.js';

export type Ini = Record<string, Record<string, string>>;

/** The config file's `[services NAME]` sections: NAME → service key (`ecr`, `auto_scaling`) → nested settings. */
export type ServicesSections = Map<string, Map<string, Map<string, string>>>;

/** INI as botocore reads it: `[section]`, `key = value`, comments, nested lines. */
export function parseIni(text: string): Ini {
  return Object.fromEntries(
    [...parseSections(text).values].map(([name, values]) => [name, Object.fromEntries(values)]),
  );
}

export function readIni(path: string): Ini {
  return readAwsFile(path).ini;
}

/** The file's sections, and its `[services NAME]` sections with their nested blocks. */
export function readAwsFile(path: string): { ini: Ini; services: ServicesSections } {
  let bytes: Buffer;
  try {
    // botocore opens only a regular file (os.path.isfile): a FIFO, a device or a directory is no file, and a
    // FIFO is never waited on.
    if (!statSync(path).isFile()) return { ini: {}, services: new Map() };
    bytes = readConfigBytes(path);
  } catch {
    return { ini: {}, services: new Map() };
  }
  try {
    const sections = parseSections(decodeConfigText(bytes));
    const services: ServicesSections = new Map();
    for (const [header, entries] of sections.values) {
      const name = header.startsWith('services') ? namedSection(header) : undefined;
      if (name !== undefined) services.set(name, nestedOf(header, entries, sections.nested));
    }
    return {
      ini: Object.fromEntries([...sections.values].map(([name, values]) => [name, Object.fromEntries(values)])),
      services,
    };
  } catch (err) {
    if (err instanceof IniSyntaxError || err instanceof ConfigTextError)
      throw new ConfigError(`Unable to parse config file: ${path}, ${err.message}`);
    throw err;
  }
}

/**
 * The path as botocore opens it: os.path.expandvars (`$NAME`, `${NAME}` when set), then os.path.expanduser
 * (`~`, `~/…`). An empty path names no file.
 */
function expand(path: string, ctx: Where): string {
  return expandUser(expandVars(path, ctx.env), ctx.home);
}

type Where = Pick<ProcessContext, 'env' | 'home'>;

export function awsConfigPath(ctx: Where): string {
  return expand(ctx.env.AWS_CONFIG_FILE ?? join(ctx.home, '.aws', 'config'), ctx);
}

export function awsCredentialsPath(ctx: Where): string {
  return expand(ctx.env.AWS_SHARED_CREDENTIALS_FILE ?? join(ctx.home, '.aws', 'credentials'), ctx);
}

/**
 * Python's shlex.split (POSIX mode) of a section header, as botocore's _parse_section splits
 * `profile NAME`, `services NAME`: words at white space, quotes and backslashes as a shell reads them;
 * undefined where shlex raises (an open quote, a last backslash).
 */
function shlexWords(text: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (/[ \t\r\n]/.test(c)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      let out = '';
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\' && i + 1 < text.length && '\\"$`\n'.includes(text[i + 1]!)) i++;
        out += text[i];
      }
      if (i >= text.length) return undefined;
      word = (word ?? '') + out;
    } else if (c === '\\') {
      if (i + 1 >= text.length) return undefined;
      word = (word ?? '') + text[++i];
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The NAME of a `[profile NAME]` or `[services NAME]` header: its second shlex word, of exactly two. */
function namedSection(header: string): string | undefined {
  const words = shlexWords(header);
  return words?.length === 2 ? words[1] : undefined;
}

/** The profile a section header of the config file names, as botocore's build_profile_map does. */
export function awsConfigProfileOf(header: string): string | undefined {
  if (header.startsWith('profile')) return namedSection(header);
  return header === 'default' ? 'default' : undefined;
}

/**
 * A profile's section of the config file: `[default]` or `[profile NAME]`, named as botocore names them
 * (`[profile  dev]`, `[profile "my dev"]`; not `[ default ]`); the last one wins, as in its dict.
 */
export function awsConfigSection(config: Ini, profile: string): Record<string, string> | undefined {
  let found: Record<string, string> | undefined;
  for (const [header, values] of Object.entries(config)) if (awsConfigProfileOf(header) === profile) found = values;
  return found;
}
