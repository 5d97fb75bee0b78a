/**
 * One HTTP exchange over node:http / node:https with the CLI's time-outs, TLS settings and bounded
 * retries (jittered exponential backoff on connection errors, time-outs, 429 and 5xx). Failures that
 * are not answers become TransportErrors in the AWS CLI's words, naming the endpoint URL.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { InterruptedError, TransportError } from '../../core/errors.js';
import type { WireResponse } from '../../wire/types.js';
import { decodeArgBytes, echoText, loneSurrogateAt, notTextDetail } from '../../core/input-rules.js';

export interface TransportOptions {
  /** 0: no limit. */
  connectTimeoutMs: number;
  /** 0: no limit. */
  readTimeoutMs: number;
  verifySsl: boolean;
  ca?: Buffer;
  attempts: number;
  /** Base of the exponential backoff between attempts. */
  backoffMs: number;
  signal?: AbortSignal;
  debug?: TransportDebug;
}

export interface TransportDebug {
  request(req: HttpRequest, attempt: number): void;
  response(res: WireResponse, req: HttpRequest): void;
  retry(reason: string, delayMs: number): void;
}

export interface HttpRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string;
  /** For --debug: a body (the request's, or the answer's with `res`) with the operation's secret members masked. */
  maskBody?: (body: string, res?: WireResponse) => string;
}

/** Why an attempt produced no answer; `retry` says whether another attempt may help. */
class Failure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

const TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|ERR_SSL/;
const RETRY_STATUS = (status: number) => status === 429 || status >= 500;

/**
 * The error codes the AWS CLI's standard retry mode retries whatever their status: the throttling codes
 * (`Throttling` and `ThrottlingException` are 400s) and the transient ones.
 */
export const RETRY_CODES: ReadonlySet<string> = new Set([
  'Throttling',
  'ThrottlingException',
  'ThrottledException',
  'RequestThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'TransactionInProgressException',
  'RequestLimitExceeded',
  'BandwidthLimitExceeded',
  'LimitExceededException',
  'RequestThrottled',
  'SlowDown',
  'PriorRequestNotComplete',
  'EC2ThrottledException',
  'RequestTimeout',
  'RequestTimeoutException',
]);

/**
 * A TLS handshake that failed on the protocol (EPROTO), in the AWS CLI's words: OpenSSL's reason as
 * `[SSL: WRONG_VERSION_NUMBER] wrong version number`. That one means the server answered without TLS.
 */
function protocolFailure(err: Error, url: string): Failure {
  const reason = /:SSL routines:[^:]*:([^:]+)/.exec(err.message)?.[1] ?? err.message.replace(/^write EPROTO /, '');
  const code = reason.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  const hint =
    code === 'WRONG_VERSION_NUMBER'
      ? ': the server does not speak TLS (a plain-HTTP server, such as svcctl serve without --tls-cert, takes http://)'
      : '';
  return new Failure(`SSL validation failed for ${url} [SSL: ${code}] ${reason}${hint}`, false);
}

function failureOf(
  err: NodeJS.ErrnoException & { phase?: string },
  url: string,
  connected: boolean,
  secure: boolean,
): Failure {
  if (err.phase === 'connect') return new Failure(`Connect timeout on endpoint URL: ${echoText(url, '"')}`, true);
  if (err.phase === 'read') return new Failure(`Read timeout on endpoint URL: ${echoText(url, '"')}`, true);
  if (secure && err.code === 'EPROTO') return protocolFailure(err, url);
  if (TLS_CODES.test(err.code ?? '')) return new Failure(`SSL validation failed for ${url} ${err.message}`, false);
  // What node's HTTP parser refuses (a header value with a control character, a status line that is none) was an
  // answer, not a closed connection (hostile pass 21c; docs/compat.md #448).
  if (err.code?.startsWith('HPE_'))
    return new Failure(
      `The endpoint URL ${echoText(url, '"')} answered with no valid HTTP response (${err.message}).`,
      true,
    );
  if (connected)
    return new Failure(
      `Connection was closed before we received a valid response from endpoint URL: ${echoText(url, '"')}.`,
      true,
    );
  return new Failure(`Could not connect to the endpoint URL: ${echoText(url, '"')}`, true);
}

function timeout(phase: 'connect' | 'read'): Error {
  return Object.assign(new Error(`${phase} timeout`), { phase });
}

function collect(res: IncomingMessage, onData: () => void): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => {
      chunks.push(c);
      onData();
    });
    res.on('error', reject);
    res.on('aborted', () => reject(new Error('aborted')));
    res.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers))
        if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const bytes = Buffer.concat(chunks);
      const body = bytes.toString('utf8');
      // A byte that is no UTF-8 is named, not read as U+FFFD (hostile pass 21c: a name sent as 'a\xff\xfe'
      // printed as 'a\ufffd\ufffd', exit 0); the decode is checked only when the lenient one replaced something.
      const escaped = body.includes('\ufffd') ? decodeArgBytes(bytes) : '';
      const notText = loneSurrogateAt(escaped) === -1 ? undefined : notTextDetail(escaped);
      resolve({ status: res.statusCode ?? 0, headers, body, ...(notText ? { notText } : {}) });
    });
  });
}

/** botocore's MAX_BACKOFF (retries/standard.py): no wait before a retry is longer, whatever AWS_MAX_ATTEMPTS. */
export const MAX_BACKOFF_MS = 20_000;

/**
 * The wait before retry number attempt (1 for the first): jittered, doubling from baseMs, truncated at
 * MAX_BACKOFF_MS as botocore 2.36 truncates it (rand × min(2^attempt, 20 s)). Untruncated, AWS_MAX_ATTEMPTS=30
 * waited hours between attempts, and past a timer's reach 1 ms with a TimeoutOverflowWarning.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  return Math.round(random() * Math.min(baseMs * 2 ** (attempt - 1), MAX_BACKOFF_MS));
}

/** The longest delay one timer takes: node runs a longer one after 1 ms, with a TimeoutOverflowWarning. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs fire once ms have passed, however long (a --cli-read-timeout of 2,147,484 s or more, about 25 days, is
 * past one timer's reach: it is waited for in steps, not cut to 1 ms). Returns what cancels it.
 */
export function after(ms: number, fire: () => void): () => void {
  let timer: NodeJS.Timeout;
  const wait = (left: number) => {
    timer = setTimeout(() => (left > MAX_TIMER_MS ? wait(left - MAX_TIMER_MS) : fire()), Math.min(left, MAX_TIMER_MS));
  };
  wait(ms);
  return () => clearTimeout(timer);
}

/** node:https (and with it node:tls) is loaded only for an https endpoint: most runs talk http to a local server. */
let httpsModule: typeof import('node:https') | undefined;
const https = () => (httpsModule ??= createRequire(import.meta.url)('node:https') as typeof import('node:https'));

export class Transport {
  private readonly agents: { http: HttpAgent; https?: import('node:https').Agent } = {
    http: new HttpAgent({ keepAlive: true }),
  };

  constructor(private readonly opts: TransportOptions) {}

  /** One attempt: resolves with any HTTP answer, rejects with a Failure. */
  private once(req: HttpRequest): Promise<WireResponse> {
    const { opts } = this;
    const secure = req.url.protocol === 'https:';
    const body = Buffer.from(req.body, 'utf8');
    return new Promise((resolve, reject) => {
      let connected = false;
      let cancel: (() => void) | undefined;
      const arm = (phase: 'connect' | 'read', ms: number) => {
        cancel?.();
        cancel = ms > 0 ? after(ms, () => r.destroy(timeout(phase))) : undefined;
      };
      const onConnected = () => {
        connected = true;
        arm('read', opts.readTimeoutMs);
      };
      const r = (secure ? https().request : httpRequest)(req.url, {
        method: req.method,
        headers: { ...req.headers, 'content-length': String(body.length) },
        agent: secure ? (this.agents.https ??= new (https().Agent)({ keepAlive: true })) : this.agents.http,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(secure ? { rejectUnauthorized: opts.verifySsl, ...(opts.ca ? { ca: opts.ca } : {}) } : {}),
      });
      r.on('socket', (socket) => {
        if (!socket.connecting) return onConnected();
        arm('connect', opts.connectTimeoutMs);
        socket.once(secure ? 'secureConnect' : 'connect', onConnected);
      });
      r.on('response', (res) => {
        // A body cut short (a chunked body or a Content-Length the server does not finish) fails the attempt
        // here: the request has had its answer, so destroying it emits no 'error', and the promise never
        // settled: the command exited 0 printing nothing (hostile pass 21c).
        collect(res, () => arm('read', opts.readTimeoutMs))
          .then(resolve, (err: NodeJS.ErrnoException & { phase?: string }) => {
            r.destroy();
            reject(failureOf(err, req.url.href, true, secure));
          })
          .finally(() => cancel?.());
      });
      r.on('error', (err) => {
        cancel?.();
        reject(failureOf(err, req.url.href, connected, secure));
      });
      r.end(body);
    });
  }

  private delay(attempt: number): number {
    return retryDelayMs(attempt, this.opts.backoffMs);
  }

  /**
   * Sends with bounded retries; `prepare` runs before each attempt (to sign it afresh); `errorCode` reads the
   * code of an error answer (AWS protocols: a code in RETRY_CODES is retried too).
   */
  async send(
    req: HttpRequest,
    prepare: (req: HttpRequest) => void = () => {},
    errorCode?: (res: WireResponse) => string | undefined,
  ): Promise<WireResponse> {
    for (let attempt = 1; ; attempt++) {
      if (this.opts.signal?.aborted) throw new InterruptedError();
      prepare(req);
      this.opts.debug?.request(req, attempt);
      let failure: Failure | undefined;
      let res: WireResponse | undefined;
      try {
        res = await this.once(req);
      } catch (err) {
        failure =
          err instanceof Failure
            ? err
            : new Failure(`Could not connect to the endpoint URL: ${echoText(req.url.href, '"')}`, true);
      }
      if (this.opts.signal?.aborted) throw new InterruptedError();
      if (res) this.opts.debug?.response(res, req);
      const retry = failure
        ? failure.retry
        : RETRY_STATUS(res!.status) ||
          (res!.status >= 400 && errorCode !== undefined && RETRY_CODES.has(errorCode(res!) ?? ''));
      if (!retry || attempt >= this.opts.attempts) {
        if (failure) throw new TransportError(failure.message);
        return retry ? { ...res!, retriesExhausted: attempt - 1 } : res!;
      }
      const ms = this.delay(attempt);
      this.opts.debug?.retry(failure ? failure.message : `HTTP ${res!.status}`, ms);
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https?.destroy();
  }
}
