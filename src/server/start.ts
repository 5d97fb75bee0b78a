/**
 * `svcctl serve`: the embedded service over HTTP. Prints its base URL as the first line of stdout, one
 * log line per request on stderr, and on SIGINT or SIGTERM stops accepting, lets in-flight requests
 * finish and returns.
 *
 * Test hook: `SVCCTL_TEST_CLOCK_MS=<epoch ms>` pins the service's clock, so that what two clients create
 * through one server carries the same timestamps (used by the contract and peer tests).
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { accountIdOf, randomIds, svcctlHome, systemClock, type ProcessContext } from '../core/context.js';
import type { EmbeddedService } from '../backends/embedded/embedded.js';
import {
  CliError,
  ConfigError,
  InputError,
  StoreUnavailableError,
  TransportError,
  UsageError,
} from '../core/errors.js';
import { openProfile } from '../profile/profile.js';
import { chooseStoreUrl } from '../backends/store-url.js';
import { testHooks } from '../backends/embedded/test-hooks.js';
import { exposureWarning, isLoopback, loadApiKeys } from './security.js';
import { startServer } from './server.js';
import { hostRules } from './browsers.js';

/** The flags of `svcctl serve` (src/commands/serve/serve.ts declares them). */
export interface ServeFlags {
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
    throw new UsageError(`argument --port: invalid port: '${value}' (0-65535)`);
  }
  return Number(value);
}

function tls(flags: ServeFlags): { cert: Buffer; key: Buffer } | undefined {
  if (flags.tlsCert === undefined && flags.tlsKey === undefined) return undefined;
  if (flags.tlsCert === undefined || flags.tlsKey === undefined) {
    throw new UsageError(`--tls-cert and --tls-key must be given together`);
  }
  const read = (flag: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (err) {
      throw new ConfigError(`Unable to read ${flag} file ${path}: ${(err as Error).message}`);
    }
  };
  const pair = { cert: read('--tls-cert', flags.tlsCert), key: read('--tls-key', flags.tlsKey) };
  checkTls(pair, flags.tlsCert, flags.tlsKey);
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
    const what = `invalid journal size: '${value}' (0-1000000 entries)`;
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
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ConfigError(`Unable to read --settings file ${path}: ${(err as Error).message}`);
  }
  const [{ parseSettingsFile }, { writeSettings }] = await Promise.all([
    import('../backends/embedded/settings-file.js'),
    import('../backends/embedded/settings-store.js'),
  ]);
  try {
    const pairs = parseSettingsFile(text, path);
    if (persist) writeSettings(service.store, pairs);
    else service.useRunSettings(pairs);
  } catch (err) {
    if (err instanceof InputError && !err.message.startsWith('Invalid settings file'))
      throw new InputError(`Invalid settings file ${path}: ${err.message}`);
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
    throw new UsageError(`argument ${flag}: invalid value: '${value}' (milliseconds, 1-9999999)`);
  return Number(value);
}

/** The store: --store, else SVCCTL_STORE_URL, else the profile's store_url; none: the SQLite file in $SVCCTL_HOME. */
function storeOptions(
  flags: ServeFlags,
  ctx: ProcessContext,
): { storeUrl?: string; storeConnectTimeoutMs?: number; storeQueryTimeoutMs?: number; poolSize: number } {
  const url = chooseStoreUrl(flags.store, ctx.env, () => openProfile(ctx, {}, true).value('store_url'));
  const storeConnectTimeoutMs = milliseconds('--store-connect-timeout', flags.storeConnectTimeout);
  const storeQueryTimeoutMs = milliseconds('--store-query-timeout', flags.storeQueryTimeout);
  const poolSize = flags.storePoolSize === undefined ? 1 : Number(flags.storePoolSize);
  if (flags.storePoolSize !== undefined && (!/^\d{1,2}$/.test(flags.storePoolSize) || poolSize < 1 || poolSize > 64)) {
    throw new UsageError(
      `argument --store-pool-size: invalid value: '${flags.storePoolSize}' (operations at once, 1-64)`,
    );
  }
  if (url === undefined) {
    if (poolSize > 1)
      throw new UsageError(
        'argument --store-pool-size: only a PostgreSQL store (--store, SVCCTL_STORE_URL or store_url) takes a pool; the SQLite store in $SVCCTL_HOME writes one operation at a time.',
      );
    return { poolSize };
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

export async function runServe(flags: ServeFlags, ctx: ProcessContext): Promise<number> {
  const format = flags.logFormat ?? 'text';
  if (format !== 'text' && format !== 'json')
    throw new UsageError(`argument --log-format: Invalid choice: '${format}' (choose from text, json)`);
  // `--persist-settings` alone would do nothing: refused, not ignored (issue 25, item 16).
  if (flags.persistSettings === true && flags.settings === undefined) {
    throw new UsageError(
      "argument --persist-settings: only with --settings FILE, whose settings it writes to the store (to change the store's own, use svcctl service settings set)",
    );
  }
  const log = serveLogger(
    format,
    (text) => ctx.stderr.write(text),
    () => new Date(),
  );
  const apiKeys = flags.apiKeys === undefined ? undefined : loadApiKeys(flags.apiKeys, log);
  const credentialsFile = flags.credentials ?? (ctx.env.SVCCTL_SERVE_CREDENTIALS || undefined);
  if (credentialsFile === undefined && flags.requireAuth) {
    throw new ConfigError(
      'svcctl serve --require-auth: no --credentials file (or SVCCTL_SERVE_CREDENTIALS) names who may call this server.',
    );
  }
  const credentials =
    credentialsFile === undefined
      ? undefined
      : (await import('./credentials.js')).loadCredentials(credentialsFile, log);
  const anyHost = hostRules(flags.host, flags.allowedHosts).any; // a bad --allowed-hosts is refused (252) before anything opens
  const options = {
    host: flags.host,
    port: port(flags.port),
    tls: tls(flags),
    apiKeys,
    credentials,
    journalSize: journalSize(flags, ctx.env),
    allowedHosts: flags.allowedHosts,
  };
  const { poolSize, ...store } = storeOptions(flags, ctx);
  const clockMs = pinnedClock(ctx.env);
  const { EmbeddedService } = await import('../backends/embedded/embedded.js');
  const service = new EmbeddedService({
    home: svcctlHome(ctx),
    accountId: accountIdOf(ctx.env),
    clock: clockMs === undefined ? (ctx.clock ?? systemClock) : { now: () => new Date(clockMs) },
    ids: ctx.ids ?? randomIds,
    hooks: testHooks(ctx.env),
    ...store,
  });
  let schemaVersion = 0;
  try {
    // Open and migrate the store before the first request.
    schemaVersion = service.store.pragma('user_version', { simple: true }) as number;
    if (flags.settings !== undefined) await applySettingsFile(service, flags.settings, flags.persistSettings === true);
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
  let server;
  try {
    server = await startServer({ ...options, service, log });
  } catch (err) {
    await service.stopPool();
    service.close();
    throw new TransportError(`Unable to listen on ${options.host}:${options.port}: ${(err as Error).message}`);
  }
  // Listen for the signals before saying where we listen: a client may send one as soon as it reads the URL.
  const stop = stopped(ctx);
  ctx.stdout.write(`${server.url}\n`);
  if (store.storeUrl)
    log(
      `serve: store ${service.storeName} (PostgreSQL, schema version ${schemaVersion}), shared with every instance that uses it; ${connections(poolSize)}`,
    );
  if (credentials)
    log(
      `serve: verifying AWS signatures and v2 keys for ${credentials.aws.size + credentials.v2.size} credential(s) from ${credentialsFile}`,
    );
  if (!isLoopback(server.address) && !credentials)
    log(exposureWarning(server.url, svcctlHome(ctx), apiKeys !== undefined));
  if (anyHost)
    log(
      'warning: --allowed-hosts *: serve answers requests for any Host name, so a web page whose name is made to resolve to this machine (DNS rebinding) can read and change the store.',
    );
  const signal = await stop;
  log(`${signal}: finishing in-flight requests and stopping`);
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
  return 0;
}
