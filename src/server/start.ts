/**
 * `svcctl serve`: the embedded service over HTTP. Prints its base URL as the first line of stdout, one
 * log line per request on stderr, and on SIGINT or SIGTERM stops accepting, lets in-flight requests
 * finish and returns.
 *
 * Test hook: `SVCCTL_TEST_CLOCK_MS=<epoch ms>` pins the service's clock, so that what two clients create
 * through one server carries the same timestamps (used by the contract and peer tests).
 */
import { createPrivateKey, randomUUID, X509Certificate } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname } from 'node:path';
import { createSecureContext } from 'node:tls';
import {
  accountIdOf,
  givenPath,
  nonRegularKind,
  randomIds,
  svcctlHome,
  systemClock,
  type ProcessContext,
  writeTarget,
} from '../core/context.js';
import {
  checkCreatable,
  checkStoreFile,
  type EmbeddedService,
  ownFileAt,
  storePath,
  testHooks,
} from '../backends/embedded/index.js';
import {
  CliError,
  ConfigError,
  InputError,
  osErrorText,
  StoreUnavailableError,
  TransportError,
  UsageError,
} from '../core/errors.js';
import { ConfigTextError, decodeConfigText, readConfigBytes } from '../core/config-text.js';
import { invalidChoice } from '../help/suggest.js';
import { configPath } from '../profile/file.js';
import { openProfile } from '../profile/profile.js';
import { checkPrivateDir } from '../core/dirs.js';
import { chooseStoreUrl, isPostgresUrl, maskStoreUrl } from '../backends/store-url.js';
import { type ApiKeyList, apiKeyListOf, exposureWarning, firstApiKey, isLoopback, loadApiKeys } from './security.js';
import { type RunningServer, startServer } from './server.js';
import type { Credentials } from './credentials.js';
import { clientUrl, type EnvKeys, exportLines, exportVars } from './print-env.js';
import { hostRules } from './browsers.js';
import { echoBare, echoPath, echoText } from '../core/input-rules.js';

/** The flags of `svcctl serve` (src/commands/serve/serve.ts declares them). */
export interface ServeFlags {
  /** The global --region: the region --print-env and --write-env export (print-env.ts's default otherwise). */
  region?: string;
  host: string;
  port: string;
  tlsCert?: string;
  persistSettings?: boolean;
  logFormat?: string;
  tlsKey?: string;
  /** A file of the v2 API keys serve accepts, one per line (--api-keys). */
  apiKeys?: string;
  /** A JSON or INI file of service settings, applied to the store at start. */
  settings?: string;
  /** An INI file of principals (--credentials, or SVCCTL_SERVE_CREDENTIALS): signatures verified, accounts per key. */
  credentials?: string;
  /** Host names served besides IP addresses, localhost and --host (comma-separated; `*`: any). */
  allowedHosts?: string;
  /** Refuse to start without --credentials. */
  requireAuth?: boolean;
  /** Print the `export` lines for a serve with these flags (and a --port other than 0), and exit. */
  printEnv?: boolean;
  /** Write the `export` lines to this file once listening (removed when serve stops). */
  writeEnv?: string;
  /** How many request journal entries the store keeps (0: none); also SVCCTL_JOURNAL_SIZE. */
  journalSize?: string;
  /** postgres://… : a PostgreSQL store shared by many instances (--store, SVCCTL_STORE_URL, the profile's store_url). */
  store?: string;
  storeConnectTimeout?: string;
  storeQueryTimeout?: string;
  /** PostgreSQL only: operations at once, each on its own connection in its own thread (1-64). */
  storePoolSize?: string;
}

function port(value: string): number {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`argument --port: invalid port: ${echoText(value)} (0-65535)`);
  }
  return Number(value);
}

/** --tls-cert and --tls-key, as paths (givenPath: an empty one names no file); serve and --print-env check them so. */
function tlsPaths(flags: ServeFlags, ctx: ProcessContext): { cert: string; key: string } | undefined {
  if (flags.tlsCert === undefined && flags.tlsKey === undefined) return undefined;
  if (flags.tlsCert === undefined || flags.tlsKey === undefined) {
    throw new UsageError(`--tls-cert and --tls-key must be given together`);
  }
  const path = (flag: string, given: string) => {
    try {
      return givenPath(ctx.cwd, given);
    } catch (err) {
      throw new ConfigError(
        `Unable to read ${flag} file ${echoPath(given)}: ${osErrorText(err as NodeJS.ErrnoException)}`,
      );
    }
  };
  return { cert: path('--tls-cert', flags.tlsCert), key: path('--tls-key', flags.tlsKey) };
}

function tls(flags: ServeFlags, ctx: ProcessContext): { cert: Buffer; key: Buffer } | undefined {
  const paths = tlsPaths(flags, ctx);
  if (paths === undefined) return undefined;
  const read = (flag: string, given: string, path: string) => {
    try {
      return readConfigBytes(path);
    } catch (err) {
      throw new ConfigError(
        `Unable to read ${flag} file ${echoPath(given)}: ${osErrorText(err as NodeJS.ErrnoException)}`,
      );
    }
  };
  const cert = flags.tlsCert as string;
  const key = flags.tlsKey as string;
  const pair = { cert: read('--tls-cert', cert, paths.cert), key: read('--tls-key', key, paths.key) };
  checkTls(pair, cert, key);
  return pair;
}

/** A certificate and key that TLS cannot use are named before anything listens (253), not as a listen failure. */
function checkTls(pair: { cert: Buffer; key: Buffer }, certPath: string, keyPath: string): void {
  const why = (err: unknown) => (err as Error).message;
  try {
    new X509Certificate(pair.cert);
  } catch (err) {
    throw new ConfigError(`The --tls-cert file ${certPath} holds no PEM certificate (${why(err)}).`);
  }
  try {
    createPrivateKey(pair.key);
  } catch (err) {
    throw new ConfigError(`The --tls-key file ${keyPath} holds no PEM private key (${why(err)}).`);
  }
  try {
    createSecureContext(pair);
  } catch (err) {
    throw new ConfigError(
      `The --tls-key file ${keyPath} is not the key of the certificate in ${certPath} (${why(err)}).`,
    );
  }
}

/** --journal-size N (or SVCCTL_JOURNAL_SIZE): 0 to 1,000,000 entries. */
function journalSize(flags: ServeFlags, env: ProcessContext['env']): number | undefined {
  const fromEnv = env.SVCCTL_JOURNAL_SIZE || undefined;
  const value = flags.journalSize ?? fromEnv;
  if (value === undefined) return undefined;
  if (!/^\d{1,7}$/.test(value) || Number(value) > 1_000_000) {
    const what = `invalid journal size: ${echoText(value)} (0-1000000 entries)`;
    throw flags.journalSize === undefined
      ? new ConfigError(`SVCCTL_JOURNAL_SIZE: ${what}`)
      : new UsageError(`argument --journal-size: ${what}`);
  }
  return Number(value);
}

/** SVCCTL_TEST_CLOCK_MS, the tests' pinned clock, as epoch milliseconds; undefined: not pinned. */
function pinnedClock(env: ProcessContext['env']): number | undefined {
  const pinned = env.SVCCTL_TEST_CLOCK_MS;
  if (pinned === undefined || pinned === '') return undefined;
  if (!/^\d+$/.test(pinned)) throw new ConfigError(`SVCCTL_TEST_CLOCK_MS must be epoch milliseconds, not '${pinned}'.`);
  return Number(pinned);
}

/**
 * `--settings FILE`: every setting of the file checked, then all applied (or none): for this run only (the
 * store keeps its own values, which other processes see), or written to the store with --persist-settings.
 */
async function applySettingsFile(service: EmbeddedService, path: string, persist: boolean): Promise<void> {
  const { writeSettings } = await import('../backends/embedded/index.js');
  const pairs = await readSettingsFile(path);
  try {
    if (persist) writeSettings(service.store, pairs);
    else service.useRunSettings(pairs);
  } catch (err) {
    if (err instanceof InputError && !err.message.startsWith('Invalid settings file'))
      throw new InputError(`Invalid settings file ${echoPath(path)}: ${err.message}`);
    throw err;
  }
}

/** `--settings FILE` read and checked, applied to nothing: for serve, and for --print-env, which refuses it as serve would. */
async function readSettingsFile(path: string): Promise<Array<[string, string]>> {
  let bytes: Buffer;
  try {
    bytes = readConfigBytes(path);
  } catch (err) {
    throw new ConfigError(
      `Unable to read --settings file ${echoPath(path)}: ${osErrorText(err as NodeJS.ErrnoException)}`,
    );
  }
  let text: string;
  try {
    text = decodeConfigText(bytes); // core/config-text.ts
  } catch (err) {
    if (err instanceof ConfigTextError)
      throw new InputError(`Invalid settings file ${echoPath(path)}, ${err.message}.`);
    throw err;
  }
  const { parseSettingsFile } = await import('../backends/embedded/index.js');
  try {
    return parseSettingsFile(text, path);
  } catch (err) {
    if (err instanceof InputError && !err.message.startsWith('Invalid settings file'))
      throw new InputError(`Invalid settings file ${echoPath(path)}: ${err.message}`);
    throw err;
  }
}

/**
 * Resolves on SIGINT (the context's signal), SIGTERM or SIGHUP (the terminal serve ran in was closed: the
 * same graceful stop, where Node's default would end the process at once).
 */
function stopped(ctx: ProcessContext): Promise<string> {
  return new Promise((resolve) => {
    const signals = ['SIGTERM', 'SIGHUP'] as const;
    const handlers = signals.map((name) => [name, () => done(name)] as const);
    const done = (name: string) => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      resolve(name);
    };
    for (const [signal, handler] of handlers) process.once(signal, handler);
    ctx.signal?.addEventListener('abort', () => done('SIGINT'), { once: true });
  });
}

/**
 * serve's log on stderr: each line with its time (ISO 8601, UTC); `--log-format json` writes one JSON object
 * per line (`time`, `message`, and a request's own fields: remote, method, path, status, protocol,
 * operation, ms, requestId) for log collectors.
 */
export function serveLogger(
  format: 'text' | 'json',
  write: (text: string) => void,
  now: () => Date,
): (line: string, fields?: Record<string, unknown>) => void {
  if (format === 'json')
    return (line, fields) => write(`${JSON.stringify({ time: now().toISOString(), message: line, ...fields })}\n`);
  return (line) => write(`${now().toISOString()} ${line}\n`);
}

function milliseconds(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,7}$/.test(value) || Number(value) < 1)
    throw new UsageError(`argument ${flag}: invalid value: ${echoText(value)} (milliseconds, 1-9999999)`);
  return Number(value);
}

/** The store's options for EmbeddedService, and how many threads run the operations. */
interface StoreChoice {
  storeUrl?: string;
  sqlite?: { memory: true } | { file: string };
  storeConnectTimeoutMs?: number;
  storeQueryTimeoutMs?: number;
  poolSize: number;
}

const STORE_FORMS =
  'memory, the path of a SQLite file, or a PostgreSQL URL (postgres://user:password@host:port/database)';

/**
 * The store: --store (`memory`, a SQLite file's path, or a PostgreSQL URL), else SVCCTL_STORE_URL, else the
 * profile's store_url (PostgreSQL only: they are shared with the local commands); none: the SQLite file in
 * $SVCCTL_HOME.
 */
function storeOptions(flags: ServeFlags, ctx: ProcessContext): StoreChoice {
  const given = flags.store;
  // --store alone also takes `memory` and a SQLite file's path; PostgreSQL URLs are chosen and checked by
  // the one rule every command follows (backends/store-url.ts).
  const local =
    given === 'memory' || (given !== undefined && given !== '' && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(given));
  if (given !== undefined && !local && !isPostgresUrl(given))
    throw new UsageError(
      `argument --store: ${echoText(maskStoreUrl(given))} is not a store serve knows: give ${STORE_FORMS}.`,
    );
  const url = local ? given : chooseStoreUrl(given, ctx.env, () => openProfile(ctx, {}, true).value('store_url'));
  const storeConnectTimeoutMs = milliseconds('--store-connect-timeout', flags.storeConnectTimeout);
  const storeQueryTimeoutMs = milliseconds('--store-query-timeout', flags.storeQueryTimeout);
  const poolSize = flags.storePoolSize === undefined ? 1 : Number(flags.storePoolSize);
  if (flags.storePoolSize !== undefined && (!/^\d{1,2}$/.test(flags.storePoolSize) || poolSize < 1 || poolSize > 64)) {
    throw new UsageError(
      `argument --store-pool-size: invalid value: ${echoText(String(flags.storePoolSize))} (operations at once, 1-64)`,
    );
  }
  // The PostgreSQL options on another store would do nothing: refused, not ignored, as --persist-settings alone.
  const onePool = (store: string, name = store) => {
    if (poolSize > 1)
      throw new UsageError(
        `argument --store-pool-size: only a PostgreSQL store (--store, SVCCTL_STORE_URL or store_url) takes a pool; ${store} writes one operation at a time.`,
      );
    const timeout =
      flags.storeConnectTimeout !== undefined
        ? '--store-connect-timeout'
        : flags.storeQueryTimeout !== undefined
          ? '--store-query-timeout'
          : undefined;
    if (timeout !== undefined)
      throw new UsageError(
        `argument ${timeout}: only a PostgreSQL store (--store, SVCCTL_STORE_URL or store_url) has connections to time out, not ${name}.`,
      );
  };

  if (url === undefined || url === '') {
    onePool('the SQLite store in $SVCCTL_HOME');
    // As a --store file is: --print-env printed the lines for a $SVCCTL_HOME/state.db that serve refuses at open (a
    // loop of links, a directory, a FIFO, a link into a missing directory; hostile pass 18a).
    const home = svcctlHome(ctx);
    checkPrivateDir(home, "svcctl's home (SVCCTL_HOME)"); // as the open makes it, or cannot
    checkStoreFile(storePath(home), 'home');
    checkCreatable(storePath(home), 'home');
    return { poolSize };
  }
  if (url === 'memory' && local) {
    onePool('the in-memory store, on its one connection,', 'the in-memory store');
    return { sqlite: { memory: true }, poolSize };
  }
  // A path (no scheme://): a SQLite file, in a directory that exists.
  if (local) {
    const file = givenPath(ctx.cwd, url);
    // A path ending in / names a directory: SQLite would make the file without it ('x.db/' made x.db).
    if (file.endsWith('/'))
      throw new ConfigError(
        `argument --store: ${echoBare(url)} ends in /, so it names a directory, not a SQLite file: give the file's path (${echoBare(`${url}state.db`)}).`,
      );
    onePool(`the SQLite file ${file}`);
    // Through a dangling link, the directory is the one of the file the link names (SQLite makes that file).
    let target = file;
    try {
      target = writeTarget(file);
    } catch {
      // a loop of links: checkStoreFile names it
    }
    if (!existsSync(dirname(target)))
      throw new ConfigError(
        `argument --store: the directory of the SQLite file ${echoBare(target)} does not exist (svcctl makes the file, not its directory).`,
      );
    checkStoreFile(file); // a directory, a FIFO, a loop of links…: serve refuses it at open, --print-env here
    checkCreatable(file, 'path'); // nor one it cannot make (hostile pass 18a)
    return { sqlite: { file }, poolSize };
  }
  return { storeUrl: url, storeConnectTimeoutMs, storeQueryTimeoutMs, poolSize };
}

/** The threads of --store-pool-size, connected; one that cannot start is this run's configuration problem (253). */
async function startPool(service: EmbeddedService, size: number, clockMs: number | undefined): Promise<void> {
  try {
    await service.startPool(size, clockMs);
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new ConfigError(
      `svcctl serve: the ${size} threads of --store-pool-size could not start: ${(err as Error).message}`,
    );
  }
}

/** What the start-up log says of the connections to PostgreSQL. */
function connections(poolSize: number): string {
  if (poolSize === 1) return 'one operation at a time, on one connection';
  return `up to ${poolSize} operations at a time, on ${poolSize} connections`;
}

/** What the library (src/api/) gives as values where the command reads files: the same checks follow. */
export interface ServeGiven {
  /** The v2 API keys serve accepts (--api-keys FILE's lines). */
  apiKeys?: readonly string[];
  /** The text of a credentials INI file (--credentials FILE's), and what names it in errors. */
  credentials?: { text: string; where: string; lineName?: (n: number) => string };
  /** The account of callers serve does not know (SVCCTL_ACCOUNT_ID). */
  accountId?: string;
  /** Service settings and fault rules for this run, as `--settings FILE` without --persist-settings gives them (the library's `settings` option). */
  settings?: ReadonlyArray<readonly [string, string]>;
}

/** A serve that listens: the command's and the library's (src/api/serve.ts). */
export interface RunningServe {
  /** Base URL: `http://127.0.0.1:4566`. */
  url: string;
  port: number;
  service: EmbeddedService;
  /** serve's log (stderr, in --log-format). */
  log: (line: string, fields?: Record<string, unknown>) => void;
  /** What the log says once the URL is out: the store, the credentials, warnings. */
  notes: string[];
  /** The variables that point the AWS CLI, the SDKs and svcctl at this serve (--print-env, --write-env). */
  env: Array<[string, string]>;
  /** Stops accepting, lets in-flight requests finish, writes the last journal rows, closes the store. */
  close(): Promise<void>;
  /** Writes the journal rows recorded so far now: a reset does first (journal-writer.ts flushNow). */
  flushJournal(): number;
  /** A reset after flushJournal is done: the rows from before it still waiting for the store are dropped. */
  afterReset(mark: number, reset: { kind?: string }): void;
}

function checkFlags(flags: ServeFlags): 'text' | 'json' {
  const format = flags.logFormat ?? 'text';
  if (format !== 'text' && format !== 'json') throw invalidChoice('--log-format', format, ['text', 'json']); // argparse's words (help/suggest.ts)
  // An empty --host (`--host "$HOST"` unset) is no address: node listens on every interface for it, and the
  // --print-env lines said http://:4566 (hostile pass 16a).
  if (flags.host.trim() === '')
    throw new UsageError(
      `argument --host: ${echoText(flags.host)} names no address: give 127.0.0.1 (the default), or 0.0.0.0 or :: to listen on every interface`,
    );
  // An IPv6 address in a URL's brackets (`--host [::1]`) is no address either: node looks it up as a host name
  // (a DNS query), and the --print-env lines said http://[[::1]]:4566, a URL no client can use (hostile pass 17d).
  const bracketed = /^\[(.*)\]$/.exec(flags.host.trim());
  if (bracketed)
    throw new UsageError(
      `argument --host: ${echoText(flags.host)} is an address in a URL's brackets: give it without them (${echoText(bracketed[1]!)})`,
    );
  // Any other text that is no address nor a host name (a port in it, a blank…): --print-env printed a URL no client
  // can use ('http://[127.0.0.1:80]:4566', 'http:// 127.0.0.1:4566'), and serve would have asked DNS for it
  // (hostile pass 17c).
  if (isIP(flags.host) === 0 && !/^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?$/.test(flags.host))
    throw new UsageError(
      `argument --host: ${echoText(flags.host)} is not an IP address or a host name: give the address to listen on as 127.0.0.1 or ::1 (an IPv6 address without brackets), and the port with --port`,
    );
  // A name whose last label is a number is an IPv4 address to a URL, and to getaddrinfo only in inet_aton's forms
  // (127.1, 2130706433, 0x7f.1): '999.1.1.1', '1.2.3.4.5' and '127.0.0.1.' were looked up as names (a DNS query),
  // and --print-env printed http://127.0.0.1:4566 for the last and URLs no client reads for the others (hostile
  // pass 18a).
  if (isIP(flags.host) === 0 && endsInNumber(flags.host) && !inetAton(flags.host))
    throw new UsageError(
      `argument --host: ${echoText(flags.host)} is not an IP address (its last part is a number, so it is no host name): give the address to listen on as 127.0.0.1 or ::1`,
    );
  // `--persist-settings` alone would do nothing: refused, not ignored (issue 25, item 16).
  if (flags.persistSettings === true && flags.settings === undefined) {
    throw new UsageError(
      "argument --persist-settings: only with --settings FILE, whose settings it writes to the store (to change the store's own, use svcctl service settings set)",
    );
  }
  return format;
}

/** A name whose last label (before a trailing dot) is a number, as the URL standard reads one: 1, 0x1f, 0x. */
function endsInNumber(host: string): boolean {
  const labels = host.split('.');
  if (labels.at(-1) === '' && labels.length > 1) labels.pop();
  return /^(?:[0-9]+|0[xX][0-9a-fA-F]*)$/.test(labels.at(-1)!);
}

/** An IPv4 address in one of the forms inet_aton reads (getaddrinfo's numeric forms): 1 to 4 numbers, each
 * decimal, octal (0…) or hexadecimal (0x…), the last filling the bytes left; no trailing dot. */
function inetAton(host: string): boolean {
  const parts = host.split('.');
  if (parts.length > 4) return false;
  const values: number[] = [];
  for (const part of parts) {
    const m = /^(?:0[xX]([0-9a-fA-F]*)|(0[0-7]*)|([1-9][0-9]*))$/.exec(part);
    if (!m) return false;
    values.push(
      m[1] !== undefined
        ? Number.parseInt(`0${m[1]}`, 16)
        : m[2] !== undefined
          ? Number.parseInt(m[2], 8)
          : Number(m[3]),
    );
  }
  const last = values.pop()!;
  if (values.some((v) => v > 255)) return false;
  return last < 2 ** (8 * (4 - values.length));
}

/** Who may call: --api-keys and --credentials (or the library's values), each checked as the files are. */
async function callers(
  flags: ServeFlags,
  ctx: ProcessContext,
  given: ServeGiven,
  log: (line: string) => void,
): Promise<{ apiKeys?: ApiKeyList; credentials?: Credentials; credentialsFrom?: string; keys: EnvKeys }> {
  const keys: EnvKeys = {};
  let apiKeys: ApiKeyList | undefined;
  if (given.apiKeys !== undefined) {
    apiKeys = apiKeyListOf(given.apiKeys, 'apiKeys');
    keys.apiKey = given.apiKeys[0];
  } else if (flags.apiKeys !== undefined) {
    apiKeys = loadApiKeys(flags.apiKeys, log);
    keys.apiKey = firstApiKey(flags.apiKeys);
  }
  const credentialsFile = flags.credentials ?? (ctx.env.SVCCTL_SERVE_CREDENTIALS || undefined);
  if (credentialsFile === undefined && given.credentials === undefined && flags.requireAuth) {
    throw new ConfigError(
      'svcctl serve --require-auth: no --credentials file (or SVCCTL_SERVE_CREDENTIALS) names who may call this server.',
    );
  }
  if (given.credentials === undefined && credentialsFile === undefined) return { apiKeys, keys };
  const { loadCredentials, parseCredentials, readCredentialsText, firstKeys } = await import('./credentials.js');
  const source = flags.credentials === undefined ? 'SVCCTL_SERVE_CREDENTIALS' : '--credentials'; // what the errors name
  const credentials =
    given.credentials === undefined
      ? loadCredentials(credentialsFile!, log, source)
      : parseCredentials(given.credentials.text, given.credentials.where, given.credentials.lineName);
  const text = given.credentials?.text ?? readCredentialsText(credentialsFile!, source);
  return {
    apiKeys,
    credentials,
    credentialsFrom: given.credentials?.where ?? credentialsFile,
    keys: { ...keys, ...firstKeys(text) },
  };
}

/**
 * Starts serve: the flags checked, the store opened and migrated, this run's settings applied, the pool's
 * threads started, then listening. What `svcctl serve` runs, and the library's `serve()` (src/api/), so
 * that both behave the same.
 */
export async function startServe(
  flags: ServeFlags,
  ctx: ProcessContext,
  given: ServeGiven = {},
): Promise<RunningServe> {
  const format = checkFlags(flags);
  const log = serveLogger(
    format,
    (text) => ctx.stderr.write(text),
    () => new Date(),
  );
  const { apiKeys, credentials, credentialsFrom, keys } = await callers(flags, ctx, given, log);
  const anyHost = hostRules(flags.host, flags.allowedHosts).any; // a bad --allowed-hosts is refused (252) before anything opens
  const options = {
    host: flags.host,
    port: port(flags.port),
    tls: tls(flags, ctx),
    apiKeys,
    credentials,
    journalSize: journalSize(flags, ctx.env),
    allowedHosts: flags.allowedHosts,
  };
  const { poolSize, ...store } = storeOptions(flags, ctx);
  const clockMs = pinnedClock(ctx.env);
  const hooks = testHooks(ctx.env);
  const { EmbeddedService } = await import('../backends/embedded/index.js');
  const service = new EmbeddedService({
    home: svcctlHome(ctx),
    accountId: given.accountId ?? accountIdOf(ctx.env),
    clock: clockMs === undefined ? (ctx.clock ?? systemClock) : { now: () => new Date(clockMs) },
    ids: ctx.ids ?? randomIds,
    hooks,
    // On SQLite the quota creates and deletes of one turn of the event loop share a transaction (issue 42).
    groupWrites: true,
    ...store,
  });
  let schemaVersion = 0;
  try {
    // Open and migrate the store before the first request.
    schemaVersion = service.store.pragma('user_version', { simple: true }) as number;
    if (flags.settings !== undefined) await applySettingsFile(service, flags.settings, flags.persistSettings === true);
    if (given.settings !== undefined) service.useRunSettings(given.settings);
    // After the migration and this run's settings: the threads connect to a store at this svcctl's schema.
    // On PostgreSQL every store call runs in the pool's threads (one by default), never on this thread:
    // a database that stalls cannot stop HTTP, health or metrics (docs/shared-store.md).
    if (store.storeUrl) await startPool(service, poolSize, clockMs);
  } catch (err) {
    await service.stopPool();
    service.close();
    // A database that cannot be reached at start: a configuration problem of this run (253), named.
    if (err instanceof StoreUnavailableError)
      throw new ConfigError(
        `svcctl serve: unable to reach the store: ${err.message.replace(/ Retry the request\.$/, '')}`,
      );
    throw err;
  }
  let server: RunningServer;
  try {
    server = await startServer({
      ...options,
      service,
      log,
      ...(hooks.socketIdleMs === undefined ? {} : { limits: { socketIdleMs: hooks.socketIdleMs } }),
    });
  } catch (err) {
    await service.stopPool();
    service.close();
    // The host was given (--host): Node's message names it too (getaddrinfo ENOTFOUND <host>).
    const host = echoBare(options.host);
    throw new TransportError(
      `Unable to listen on ${host}:${options.port}: ${(err as Error).message.replaceAll(options.host, host)}`,
    );
  }
  const notes: string[] = [];
  if (store.storeUrl)
    notes.push(
      `serve: store ${service.storeName} (PostgreSQL, schema version ${schemaVersion}), shared with every instance that uses it; ${connections(poolSize)}`,
    );
  if (credentials)
    notes.push(
      `serve: verifying AWS signatures and v2 keys for ${credentials.aws.size + credentials.v2.size} credential(s) from ${credentialsFrom}`,
    );
  if (!isLoopback(server.address) && !credentials) {
    const where = store.sqlite === undefined ? svcctlHome(ctx) : 'file' in store.sqlite ? store.sqlite.file : 'memory';
    notes.push(exposureWarning(server.url, where, apiKeys !== undefined));
  }
  if (anyHost)
    notes.push(
      'warning: --allowed-hosts *: serve answers requests for any Host name, so a web page whose name is made to resolve to this machine (DNS rebinding) can read and change the store.',
    );
  let closed: Promise<void> | undefined;
  const stop = async () => {
    // A latency fault's wait is not waited out: its request is dropped, and close() is not held 60 s.
    service.stopDelays();
    await server.close();
    // The journal writes each turn's rows at the end of the turn (handler.ts): let the last ones in.
    await new Promise((resolve) => setImmediate(resolve));
    await service.journalWritten();
    try {
      const stats = await service.totalStoreStats();
      if (stats)
        log(
          `serve: store: ${stats.queries} statements, ${stats.retries} operations run again after a serialization failure, deadlock or unique race`,
        );
    } finally {
      await service.stopPool();
      service.close();
    }
  };
  return {
    url: server.url,
    port: server.port,
    service,
    log,
    notes,
    env: exportVars(clientUrl(server.url), keys, tlsPaths(flags, ctx)?.cert, flags.region),
    close: () => (closed ??= stop()),
    flushJournal: () => server.flushJournal(),
    afterReset: (mark, reset) => server.afterReset(mark, reset),
  };
}

/** --write-env FILE: the export lines, private (they may hold secrets), whole or not at all. */
function writeEnvFile(cwd: string, given: string, text: string): string {
  const notRegular = (named: string, kind: string) =>
    new ConfigError(
      `Unable to write the --write-env file ${echoPath(named)}: it is ${kind}, not a regular file (serve replaces the file, and removes it when it stops).`,
    );
  let path: string;
  try {
    path = givenPath(cwd, given);
    // What the path names, through its links as open() goes, first: /dev/stdout on a pipe is /proc/self/fd/1,
    // whose link text 'pipe:[N]' is no path; followed as one, it was 'Unable to write the --write-env file
    // /proc/8237/fd/pipe:[5357531]: [Errno 2] No such file or directory' (hostile pass 22a).
    const named = nonRegularKind(path, true);
    if (named !== undefined && named !== 'a directory') throw notRegular(path, named);
    // A symbolic link (a dotfiles checkout, a shared directory) stays one: the file it names is written and, at
    // stop, removed; the rename replaced the link, and the stop then removed it (hostile pass 17c).
    if (!path.endsWith('/')) path = writeTarget(path);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw new ConfigError(
      `Unable to write the --write-env file ${echoPath(given)}: ${osErrorText(err as NodeJS.ErrnoException)}`,
    );
  }
  // serve replaces the file and removes it at stop: never a device, a FIFO or a directory (as root, a rename
  // onto /dev/full replaced the device, and the stop deleted it). A path ending in / names a directory.
  const kind = path.endsWith('/') ? 'a directory' : nonRegularKind(path, false);
  if (kind !== undefined) throw notRegular(path, kind);
  const tmp = `${path}.${randomUUID()}.tmp`;
  try {
    writeFileSync(tmp, text, { mode: 0o600 });
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new ConfigError(
      `Unable to write the --write-env file ${echoPath(path)}: ${osErrorText(err as NodeJS.ErrnoException)}`,
    );
  }
  return path;
}

/**
 * --write-env never names serve's SQLite store or $SVCCTL_HOME's (or a file SQLite keeps beside one): the rename
 * replaced the store with the export lines, while serve ran on it, and the stop then removed it, exit 0 (hostile
 * pass 18a). Refused before the store opens.
 */
function checkEnvFileNotStore(flags: ServeFlags, ctx: ProcessContext): void {
  const store = storeOptions(flags, ctx);
  const home = storePath(svcctlHome(ctx)); // the CLI's store, also when serve runs on another (--store memory)
  const files = store.sqlite !== undefined && 'file' in store.sqlite ? [store.sqlite.file, home] : [home];
  // Nor svcctl's config ($SVCCTL_HOME/config, keys among its settings): replaced, then removed at stop.
  const own = ownFileAt(ctx.cwd, flags.writeEnv!, configPath(ctx), files);
  if (own?.kind === 'config')
    throw new ConfigError(
      `Unable to write the --write-env file ${echoPath(flags.writeEnv!)}: it is svcctl's config file (${echoPath(own.file)}): give --write-env another file.`,
    );
  if (own !== undefined)
    throw new ConfigError(
      `Unable to write the --write-env file ${echoPath(flags.writeEnv!)}: it is a store of svcctl's (${echoPath(own.file)}), or a file SQLite keeps beside it: give --write-env another file.`,
    );
}

/** Removes the --write-env file if it still holds `text` (this serve's own lines; each serve's URL differs). */
function removeOwnEnvFile(path: string, text: string): void {
  try {
    // A regular file of that size only: never a read that blocks (a FIFO put there since) or a large file.
    const st = lstatSync(path);
    if (!st.isFile() || st.size !== Buffer.byteLength(text)) return;
    if (readFileSync(path, 'utf8') === text) rmSync(path, { force: true });
  } catch {
    // gone already, or unreadable: nothing of ours to remove
  }
}

/**
 * --host as serve's own URL says it once it listens: an IP address in its usual form ('0' is 0.0.0.0, '127.1' is
 * 127.0.0.1, as getaddrinfo reads them; an IPv6 one in brackets, compressed); a name as given. --print-env
 * said http://0:4566 where serve's --write-env says http://127.0.0.1:PORT (hostile pass 17c); without a zone.
 */
function urlHost(given: string): string {
  // An IPv6 address's zone (fe80::1%eth0) is not in serve's own URL (node's address() drops it), and in brackets it
  // made a URL no client reads ('http://[::1%lo]:4566': svcctl's --endpoint-url refused it; hostile pass 18a).
  const host = isIP(given) === 6 ? given.replace(/%.*$/, '') : given;
  try {
    const name = new URL(isIP(host) === 6 ? `http://[${host}]/` : `http://${host}/`).hostname;
    if (isIP(name.replace(/^\[|\]$/g, '')) !== 0) return name;
  } catch {
    // not an address the URL parser reads (a zone: fe80::1%lo): as given
  }
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** `svcctl serve --print-env`: the export lines for a serve with these flags, without starting one. */
async function printEnv(flags: ServeFlags, ctx: ProcessContext): Promise<number> {
  checkFlags(flags);
  // The flags a serve started with these would refuse are refused here too, not ignored: the lines printed are
  // for a serve that can start. Each check opens nothing; the TLS files are not read (they may be made later).
  hostRules(flags.host, flags.allowedHosts);
  journalSize(flags, ctx.env);
  storeOptions(flags, ctx);
  if (flags.settings !== undefined) await readSettingsFile(flags.settings);
  // --write-env's file is written once serve listens; --print-env starts none, so it would be ignored.
  if (flags.writeEnv !== undefined)
    throw new UsageError(
      'argument --write-env: not with --print-env, which prints the lines and starts no serve (--write-env FILE is written once serve listens); to keep them: svcctl serve --print-env ... > FILE',
    );
  const listen = port(flags.port);
  if (listen === 0)
    throw new UsageError(
      'argument --print-env: needs the --port serve will listen on (not 0); with --port 0, use --write-env FILE, which serve writes once it listens',
    );
  const { keys } = await callers(flags, ctx, {}, () => {});
  const scheme = flags.tlsCert === undefined ? 'http' : 'https';
  const host = urlHost(flags.host);
  const tlsCert = tlsPaths(flags, ctx)?.cert;
  ctx.stdout.write(exportLines(exportVars(clientUrl(`${scheme}://${host}:${listen}`), keys, tlsCert, flags.region)));
  return 0;
}

export async function runServe(flags: ServeFlags, ctx: ProcessContext): Promise<number> {
  if (flags.printEnv === true) return printEnv(flags, ctx);
  if (flags.writeEnv !== undefined) checkEnvFileNotStore(flags, ctx);
  const running = await startServe(flags, ctx);
  const envText = exportLines(running.env);
  let envFile: string | undefined;
  if (flags.writeEnv !== undefined) {
    try {
      envFile = writeEnvFile(ctx.cwd, flags.writeEnv, envText);
    } catch (err) {
      await running.close();
      throw err;
    }
  }
  // Listen for the signals before saying where we listen: a client may send one as soon as it reads the URL.
  const stop = stopped(ctx);
  ctx.stdout.write(`${running.url}\n`);
  for (const note of running.notes) running.log(note);
  const signal = await stop;
  running.log(`${signal}: finishing in-flight requests and stopping`);
  // The file no longer points at a serve: gone first, so that a script reading it does not dial a closing one.
  // Only while it holds this serve's lines: another serve given the same path since points it at itself.
  if (envFile !== undefined) removeOwnEnvFile(envFile, envText);
  await running.close();
  return 0;
}
