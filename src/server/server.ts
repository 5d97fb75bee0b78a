/**
 * The server factory behind `svcctl serve`: one port (http, or https given a certificate and key) for
 * all three protocols over one EmbeddedService. Tests start it in-process; the command wraps it.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { DEFAULT_JOURNAL_SIZE, type EmbeddedService } from '../backends/embedded/index.js';
import { answering, createHandler, storeServed } from './handler.js';
import { JournalWriter } from './journal-writer.js';
import { BodyBudget, DEFAULT_LIMITS, type Limits } from './limits.js';
import type { Credentials } from './credentials.js';
import type { ApiKeyList } from './security.js';
import { Metrics } from './metrics.js';
import { hostRules } from './browsers.js';
import { receivingBlobBody } from './registry.js';

export interface ServerOptions {
  service: EmbeddedService;
  host?: string;
  /** 0: any free port. */
  port?: number;
  tls?: { cert: string | Buffer; key: string | Buffer };
  limits?: Partial<Limits>;
  /** v2 requests must carry one of these keys (--api-keys). */
  apiKeys?: ApiKeyList;
  /** --credentials: verify AWS signatures, map keys to accounts. */
  credentials?: Credentials;
  /** One line per request, and internal errors. */
  log?: (line: string, fields?: Record<string, unknown>) => void;
  /** How long close() waits for in-flight requests before cutting connections. */
  graceMs?: number;
  /** Entries the request journal keeps (--journal-size; 0 turns it off). */
  journalSize?: number;
  /** --allowed-hosts: Host names served besides IP addresses, localhost and `host` (comma-separated; `*`: any). */
  allowedHosts?: string;
}

export interface RunningServer {
  /** Base URL: `http://127.0.0.1:4566`. */
  url: string;
  port: number;
  /** The address listened on, as the system reports it (`127.0.0.1`, `::`). */
  address: string;
  /** Stops accepting, lets in-flight requests finish, then closes every connection. */
  close(): Promise<void>;
  /** Writes the journal rows recorded so far now (the library's reset() before it runs: journal-writer.ts flushNow). */
  flushJournal(): number;
  /** A reset after flushJournal is done: the rows from before it still waiting for the store are dropped (afterReset). */
  afterReset(mark: number, reset: { kind?: string }): void;
}

/** What a request Node could not even parse gets (before any protocol is known). */
const CLIENT_ERRORS: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
};

function baseUrl(scheme: string, address: AddressInfo): string {
  // An IPv6 address as a URL writes it (::ffff:127.0.0.1 as [::ffff:7f00:1]): the form --print-env prints and a
  // client's URL parser reads it back in (hostile pass 20b found the two forms).
  const host =
    address.family === 'IPv6' || address.address.includes(':')
      ? new URL(`http://[${address.address.replace(/%.*$/, '')}]/`).hostname
      : address.address;
  return `${scheme}://${host}:${address.port}`;
}

function listen(server: Server, host: string, port: number): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...opts.limits };
  let closing = false;
  const budget = new BodyBudget(limits.maxBufferedBytes);
  const metrics = new Metrics();
  const log = opts.log ?? (() => {});
  const journalSize = opts.journalSize ?? DEFAULT_JOURNAL_SIZE;
  const journal = new JournalWriter(opts.service, journalSize, metrics, log);
  metrics.journalPending = () => journal.pending;
  const handler = createHandler({
    service: opts.service,
    limits,
    budget,
    apiKeys: opts.apiKeys,
    credentials: opts.credentials,
    log,
    closing: () => closing,
    metrics,
    journalSize,
    journal,
    hosts: hostRules(opts.host ?? '127.0.0.1', opts.allowedHosts),
  });
  const settings = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  };
  const server: Server = opts.tls
    ? createHttpsServer({ ...settings, cert: opts.tls.cert, key: opts.tls.key }, handler)
    : createHttpServer(settings, handler);
  // Per connection: no traffic either way for socketIdleMs closes it (a client that does not read its
  // response, a request waiting for body budget). For the server: beyond maxConnections, new
  // connections are closed on arrival.
  server.timeout = limits.socketIdleMs;
  // A connection idle that long with no request in progress (it never sent a complete head) gets the same
  // 408 that Node's headersTimeout check sends: which of the two timers fires first on a loaded machine
  // must not change what the client sees (issue 34, item 9). A stalled exchange is cut without a word.
  // A socket idle for socketIdleMs is cut, unless its request waits on the service: that one gets its answer.
  server.on('timeout', (socket: Socket & { _httpMessage?: unknown }) => {
    if (answering.has(socket)) return;
    if (socket._httpMessage === undefined && socket.writable)
      socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.maxConnections = limits.maxConnections;
  // Every header field in req.headers: Node keeps the first 2,000 there by default and drops the rest unseen (an
  // X-Amz-Target, Idempotency-Key or Origin after them was not there), while req.rawHeaders, which framing.ts
  // reads, holds them all. The head's size limit (431 past it) bounds how many there can be.
  server.maxHeadersCount = 0;
  let inFlight = 0;
  server.on('request', (_req, res: { once(event: 'close', f: () => void): void }) => {
    inFlight++;
    res.once('close', () => inFlight--);
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // A registry blob's body still arriving is not cut at requestTimeoutMs (registry.ts, receivingBlobBody).
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' && receivingBlobBody(socket)) return;
    const status = CLIENT_ERRORS[err.code ?? ''] ?? '400 Bad Request';
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });
  // While requests get 503 because of the store, serve checks it once a second itself (readiness), so that
  // the incident ends when the store serves again, not when the next client asks (issue 41, item 4).
  let checking = false;
  const storeCheck = setInterval(() => {
    if (!metrics.storeIncident || checking || closing) return;
    checking = true;
    opts.service
      .readiness(1000)
      .then((r) => {
        if (r.ready) storeServed({ log, metrics }, false);
      })
      .finally(() => {
        checking = false;
      });
  }, 1000);
  storeCheck.unref();
  const address = await listen(server, opts.host ?? '127.0.0.1', opts.port ?? 0);
  return {
    url: baseUrl(opts.tls ? 'https' : 'http', address),
    port: address.port,
    address: address.address,
    flushJournal: () => journal.flushNow(),
    afterReset: (mark, reset) => journal.afterReset(mark, reset),
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        clearInterval(storeCheck);
        const force = setTimeout(() => {
          // Every request that was read gets an answer or a logged reason: these get neither answer nor retry.
          if (inFlight > 0)
            log(
              `serve: stopping: ${inFlight} request(s) still unanswered after ${(opts.graceMs ?? 10_000) / 1000} s; their connections are closed (their outcome is unknown to their clients)`,
            );
          server.closeAllConnections();
        }, opts.graceMs ?? 10_000);
        server.close(() => {
          clearTimeout(force);
          // The journal's rows still waiting for the store: one last try, counted if it fails.
          journal.stop().then(resolve, resolve);
        });
        server.closeIdleConnections();
      }),
  };
}
