/**
 * Who may use `svcctl serve`: the address it listens on (loopback unless --host says otherwise, with a
 * warning on stderr beyond it) and, for the v2 API, an optional list of accepted keys (--api-keys FILE).
 * A key list does not apply to AWS requests: without --credentials (credentials.ts, which verifies their
 * SigV4 signatures against its principals) serve has no secret to verify them against, so beyond loopback
 * anyone who can connect can use them.
 */
import { statSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import { v2Error } from '../backends/embedded/index.js';
import { maskKey } from '../models/secrets.js';
import { ConfigTextError, decodeConfigText, readConfigBytes } from '../core/config-text.js';
import { ConfigError, osErrorText, type ServiceError } from '../core/errors.js';
import { keyDigest as digest, V2_KEY_SHAPE as KEY_SHAPE, NOT_A_V2_KEY as NOT_A_KEY } from './credentials.js';
import { echoPath } from '../core/input-rules.js';

/** The keys serve accepts on v2 requests, held as SHA-256 digests (a lookup compares digests, not keys). */
export class ApiKeyList {
  private readonly digests: Set<string>;

  constructor(keys: readonly string[]) {
    this.digests = new Set(keys.map(digest));
  }

  get size(): number {
    return this.digests.size;
  }

  /** The v2 error for a key that is present but not listed; undefined when the key may go on (a missing key is the service's to refuse). */
  refuse(key: string | undefined): ServiceError | undefined {
    if (key === undefined || key === '' || this.digests.has(digest(key))) return undefined;
    return v2Error(401, 'api_key_invalid', `Invalid API Key provided: ${maskKey(key)}`);
  }
}

/**
 * The keys of an --api-keys file's text, one per line; blank lines and `#` comments are skipped. A line that
 * is not a key is named by its number, never quoted (it may be a secret with a typo in it). `where` names
 * the source in errors.
 */
export function parseApiKeys(text: string, where: string): ApiKeyList {
  return new ApiKeyList(keysOf(text, where));
}

/**
 * The keys given as a list (the library's apiKeys option): each element is one key as it is, named by its
 * index when it is not one; a list has no comments, blank entries or padding to skip, as a file's lines have
 * (an element '# mine' or '' was skipped, and the handle's env then named it as the key to use).
 */
export function apiKeyListOf(keys: readonly string[], where: string): ApiKeyList {
  keys.forEach((key, i) => {
    if (!KEY_SHAPE.test(key)) throw new ConfigError(`${where}[${i}]: ${NOT_A_KEY}.`);
  });
  if (keys.length === 0) throw new ConfigError(`the ${where} option lists no keys: every v2 request would be refused.`);
  return new ApiKeyList([...keys]);
}

function keysOf(text: string, where: string): string[] {
  const keys: string[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (!KEY_SHAPE.test(line)) throw new ConfigError(`${where}, line ${i + 1}: ${NOT_A_KEY}.`);
    keys.push(line);
  });
  if (keys.length === 0) throw new ConfigError(`${where} lists no keys: every v2 request would be refused.`);
  return keys;
}

function readKeys(path: string): string {
  let bytes: Buffer;
  try {
    bytes = readConfigBytes(path);
  } catch (err) {
    throw new ConfigError(
      `Unable to read --api-keys file ${echoPath(path)}: ${osErrorText(err as NodeJS.ErrnoException)}`,
    );
  }
  try {
    return decodeConfigText(bytes); // core/config-text.ts
  } catch (err) {
    if (err instanceof ConfigTextError) throw new ConfigError(`--api-keys file ${echoPath(path)}, ${err.message}.`);
    throw err;
  }
}

/** Reads --api-keys FILE (parseApiKeys); warns when other users can read it. */
export function loadApiKeys(path: string, warn: (line: string) => void): ApiKeyList {
  const list = parseApiKeys(readKeys(path), `--api-keys file ${echoPath(path)}`);
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) !== 0)
    warn(
      `warning: --api-keys file ${echoPath(path)} is readable by other users (mode ${mode.toString(8).padStart(4, '0')}); chmod 600 it.`,
    );
  return list;
}

/** The first key of an --api-keys file (already checked by loadApiKeys): the one --print-env exports. */
export function firstApiKey(path: string): string {
  return keysOf(readKeys(path), `--api-keys file ${echoPath(path)}`)[0]!;
}

/** True for an address only this machine can reach: 127.0.0.0/8, ::1, and 127.x mapped into IPv6. */
export function isLoopback(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1';
}

/** The warning serve prints when it listens beyond loopback. */
export function exposureWarning(url: string, home: string, keys: boolean): string {
  const v2 = keys
    ? 'v2 requests need a key from --api-keys'
    : 'v2 requests are not checked against a key list (see --api-keys)';
  return (
    `warning: svcctl serve is listening on ${url}, beyond this machine's loopback interface: anyone who can reach it ` +
    `can read and change the store in ${home}. AWS requests are not authenticated (signatures are not verified); ${v2}.`
  );
}
