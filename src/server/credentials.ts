/**
 * `svcctl serve --credentials FILE`: who may call the server, and as which account. INI, one section per
 * principal, in the spirit of ~/.aws/credentials:
 *
 *   [alice]
 *   aws_access_key_id = AKIAALICE0000000001
 *   aws_secret_access_key = alice-secret
 *   account_id = 111111111111
 *   [billing]
 *   api_key = sk_test_billing123456
 *   account_id = 111111111111
 *   [ops]
 *   api_key = sk_test_ops0000000001
 *   account_id = 000000000000
 *   admin = true
 *
 * `admin = true` marks a principal whose api_key may use serve's own endpoints that change or read every
 * account (`POST /_svcctl/reset`; the journal and the inspector from beyond loopback), presented as
 * `Authorization: Bearer <api_key>`.
 *
 * The file is read strictly: a problem is named by its line number and never quotes a value (it may be a
 * secret with a typo in it). Secrets are held only to recompute signatures; v2 keys only as digests.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { ConfigTextError, decodeConfigText, fileBoolean, readConfigBytes, setTwice } from '../core/config-text.js';
import { ConfigError, osErrorText } from '../core/errors.js';
import { echoPath, echoText } from '../core/input-rules.js';

export interface Principal {
  /** The section name: for logs and the request journal, never a secret. */
  name: string;
  /** 12 digits. */
  accountId: string;
  /** `admin = true`: may reset the store and read every account's journal (src/server/admin.ts). */
  admin?: boolean;
}

export interface AwsPrincipal extends Principal {
  accessKeyId: string;
  secretAccessKey: string;
}

export const V2_KEY_SHAPE = /^(sk|pk|rk)_(test|live)_[0-9A-Za-z_]{1,200}$/;
/** What V2_KEY_SHAPE refuses, in the words of every list of keys (a credentials file, --api-keys, the library's). */
export const NOT_A_V2_KEY = 'not an API key (sk_, pk_ or rk_, then test_ or live_, then letters, digits and _)';
const ACCESS_KEY_SHAPE = /^[A-Z0-9]{16,128}$/;
const ACCOUNT_SHAPE = /^\d{12}$/;
const KEYS = new Set(['aws_access_key_id', 'aws_secret_access_key', 'api_key', 'account_id', 'admin']);

export function keyDigest(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export class Credentials {
  /** By access key id. */
  readonly aws = new Map<string, AwsPrincipal>();
  /** By SHA-256 digest of the v2 key. */
  readonly v2 = new Map<string, Principal>();

  awsPrincipal(accessKeyId: string): AwsPrincipal | undefined {
    return this.aws.get(accessKeyId);
  }

  v2Principal(key: string): Principal | undefined {
    return this.v2.get(keyDigest(key));
  }
}

interface Section {
  name: string;
  line: number;
  values: Map<string, { value: string; line: number }>;
}

/** What names line n of a credentials text in an error: the file's line, or (the library's) the principal's member. */
type LineName = (n: number) => string;

function sections(text: string, place: LineName): Section[] {
  const out: Section[] = [];
  let current: Section | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) return;
    const header = /^\[([^\]]*)\]$/.exec(line);
    if (header) {
      const name = header[1]!.trim();
      if (!/^[A-Za-z0-9_.@-]{1,64}$/.test(name))
        throw new ConfigError(`${place(n)}: a section name is letters, digits and _ . @ - (at most 64).`);
      if (out.some((s) => s.name === name)) throw new ConfigError(`${place(n)}: section [${name}] appears twice.`);
      current = { name, line: n, values: new Map() };
      out.push(current);
      return;
    }
    if (line.startsWith('[')) throw new ConfigError(`${place(n)}: a section header must be [name] alone on its line.`);
    const eq = line.indexOf('=');
    if (eq <= 0) throw new ConfigError(`${place(n)}: expected 'key = value' or a [section] header.`);
    if (!current) throw new ConfigError(`${place(n)}: a setting before any [section].`);
    const key = line.slice(0, eq).trim().toLowerCase();
    if (!KEYS.has(key))
      throw new ConfigError(
        `${place(n)}: unknown key ${echoText(key)} (expected aws_access_key_id, aws_secret_access_key, api_key, account_id or admin).`,
      );
    const first = current.values.get(key);
    if (first) throw new ConfigError(`${place(n)}: ${setTwice(key, first.line, current.name)}.`);
    current.values.set(key, { value: line.slice(eq + 1).trim(), line: n });
  });
  return out;
}

/**
 * The principals of one file's text; `where` names the file in errors, and `lineName` a line of it where the
 * text is not the caller's own (the library's principals, made into this text: their index and member).
 */
export function parseCredentials(text: string, where: string, lineName?: LineName): Credentials {
  const place: LineName = lineName ?? ((n) => `${where}, line ${n}`);
  const creds = new Credentials();
  for (const s of sections(text, place)) {
    const get = (k: string) => s.values.get(k);
    const at = (k: string) => place(get(k)?.line ?? s.line);
    const account = get('account_id');
    if (!account) throw new ConfigError(`${place(s.line)}: [${s.name}] has no account_id (12 digits).`);
    if (!ACCOUNT_SHAPE.test(account.value)) throw new ConfigError(`${at('account_id')}: account_id must be 12 digits.`);
    const id = get('aws_access_key_id');
    const secret = get('aws_secret_access_key');
    const apiKey = get('api_key');
    const adminWord = get('admin');
    // core/config-text.ts: the booleans of every settings file, in any case.
    const admin = adminWord === undefined ? false : fileBoolean(adminWord.value);
    if (admin === undefined) throw new ConfigError(`${at('admin')}: admin must be true or false (in any case).`);
    if (admin && !apiKey)
      throw new ConfigError(
        `${at('admin')}: [${s.name}] is an admin without an api_key (an admin presents its api_key as a Bearer token).`,
      );
    if (!id && !secret && !apiKey)
      throw new ConfigError(
        `${place(s.line)}: [${s.name}] has no aws_access_key_id / aws_secret_access_key pair and no api_key.`,
      );
    if (id || secret) {
      if (!id)
        throw new ConfigError(
          `${at('aws_secret_access_key')}: [${s.name}] has aws_secret_access_key without aws_access_key_id.`,
        );
      if (!secret)
        throw new ConfigError(
          `${at('aws_access_key_id')}: [${s.name}] has aws_access_key_id without aws_secret_access_key.`,
        );
      if (!ACCESS_KEY_SHAPE.test(id.value))
        throw new ConfigError(`${at('aws_access_key_id')}: an access key id is 16 to 128 capital letters and digits.`);
      // A control character (NUL, ESC, DEL, C1) is no key a client types, and would reach logs and signatures raw.
      if (secret.value.length < 1 || /[\s\p{Cc}]/u.test(secret.value))
        throw new ConfigError(
          `${at('aws_secret_access_key')}: the secret access key is empty or has white space or a control character.`,
        );
      if (creds.aws.has(id.value))
        throw new ConfigError(
          `${at('aws_access_key_id')}: this access key id is already given to [${creds.aws.get(id.value)!.name}].`,
        );
      creds.aws.set(id.value, {
        name: s.name,
        accountId: account.value,
        accessKeyId: id.value,
        secretAccessKey: secret.value,
      });
    }
    if (apiKey) {
      if (!V2_KEY_SHAPE.test(apiKey.value)) throw new ConfigError(`${at('api_key')}: ${NOT_A_V2_KEY}.`);
      const d = keyDigest(apiKey.value);
      if (creds.v2.has(d))
        throw new ConfigError(`${at('api_key')}: this api_key is already given to [${creds.v2.get(d)!.name}].`);
      creds.v2.set(d, { name: s.name, accountId: account.value, ...(admin ? { admin: true } : {}) });
    }
  }
  if (creds.aws.size === 0 && creds.v2.size === 0)
    throw new ConfigError(`${where} names no principal: every request would be refused.`);
  return creds;
}

/**
 * The text of --credentials FILE; `source`: where the path came from (--credentials, or the variable
 * SVCCTL_SERVE_CREDENTIALS, which the errors named --credentials though none was given: hostile pass 17c).
 */
export function readCredentialsText(path: string, source = '--credentials'): string {
  let bytes: Buffer;
  try {
    bytes = readConfigBytes(path);
  } catch (err) {
    throw new ConfigError(
      `Unable to read ${source} file ${echoPath(path)}: ${osErrorText(err as NodeJS.ErrnoException)}`,
    );
  }
  try {
    return decodeConfigText(bytes); // core/config-text.ts: a bad byte is named by its line, never shown
  } catch (err) {
    if (err instanceof ConfigTextError) throw new ConfigError(`${source} file ${echoPath(path)}, ${err.message}.`);
    throw err;
  }
}

/** Reads --credentials FILE; warns when other users can read it. */
export function loadCredentials(path: string, warn: (line: string) => void, source = '--credentials'): Credentials {
  const creds = parseCredentials(readCredentialsText(path, source), `${source} file ${echoPath(path)}`);
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0)
    warn(
      `warning: ${source} file ${echoPath(path)} is readable by other users (mode ${mode.toString(8).padStart(4, '0')}); chmod 600 it.`,
    );
  return creds;
}

/**
 * The first AWS key pair and the first api_key of a credentials text (already checked by parseCredentials),
 * in the file's order: what `serve --print-env` exports. Only there are the keys held as they are.
 */
export function firstKeys(text: string): { accessKeyId?: string; secretAccessKey?: string; apiKey?: string } {
  const out: { accessKeyId?: string; secretAccessKey?: string; apiKey?: string } = {};
  for (const s of sections(text, (n) => `credentials, line ${n}`)) {
    const id = s.values.get('aws_access_key_id')?.value;
    const secret = s.values.get('aws_secret_access_key')?.value;
    const key = s.values.get('api_key')?.value;
    if (out.accessKeyId === undefined && id !== undefined && secret !== undefined) {
      out.accessKeyId = id;
      out.secretAccessKey = secret;
    }
    if (out.apiKey === undefined && key !== undefined) out.apiKey = key;
  }
  return out;
}
