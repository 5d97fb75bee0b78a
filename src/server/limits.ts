/**
 * What one request may cost the server: body size, how long a client may stall while sending, and the
 * socket-level time-outs Node enforces for headers and whole requests. A client over a limit gets its
 * protocol's error (413, 408) and its connection closed; everyone else is served as usual.
 * What all requests together may cost it: connections open at once, and request bodies held in memory
 * at once (the body budget below). docs/reliability.md lists every limit and the test that shows it.
 */
import type { IncomingMessage } from 'node:http';
import { MAX_NESTING, MAX_REQUEST_BYTES } from '../core/input-rules.js';

export interface Limits {
  /** Largest request body accepted (bytes); larger → 413. */
  maxBodyBytes: number;
  /** Longest pause allowed while a body arrives; longer → 408. */
  bodyIdleMs: number;
  /** Time allowed to receive the request headers (Node closes the connection with 408). */
  headersTimeoutMs: number;
  /** Time allowed to receive the whole request (Node closes the connection with 408). */
  requestTimeoutMs: number;
  /** Idle keep-alive connections are closed after this. */
  keepAliveTimeoutMs: number;
  /**
   * A connection with no traffic either way for this long is destroyed (Node's server.timeout): one whose
   * client stopped reading its response, or whose request waits for its turn in the body budget. (A
   * connection that never sends a byte gets 408 from Node at headersTimeoutMs.) Longer than bodyIdleMs,
   * so that a stalled body still gets its protocol's 408 first.
   */
  socketIdleMs: number;
  /** Connections open at once; more are closed on arrival (Node's server.maxConnections). */
  maxConnections: number;
  /** Request bodies held in memory at once across all connections (bytes); see BodyBudget. */
  maxBufferedBytes: number;
  /** Deepest nesting of a JSON body or of a form parameter name (levels); deeper → 400. */
  maxNesting: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxBodyBytes: MAX_REQUEST_BYTES,
  bodyIdleMs: 10_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  socketIdleMs: 15_000,
  maxConnections: 4_096,
  maxBufferedBytes: 32 * 1024 * 1024,
  maxNesting: MAX_NESTING,
};

export type BodyProblem = 'too-large' | 'timeout' | 'bad-encoding';

export class BodyError extends Error {
  constructor(
    readonly kind: BodyProblem,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The body budget: a request's body is read only once its size (Content-Length, or maxBodyBytes when
 * chunked) fits in what is left of maxBufferedBytes; until then its socket is left unread, so TCP holds
 * the bytes at the client and the server holds nothing. This bounds the memory held by bodies to
 * maxBufferedBytes whatever the number of clients. A request admitted never waits again, so admitted
 * requests cannot block each other; one that stalls is cut by bodyIdleMs and gives its share back.
 * Whatever fits is admitted at once (a small body does not queue behind a large one that does not
 * fit); a request waiting for its turn is bounded by socketIdleMs and Node's requestTimeout.
 */
export class BodyBudget {
  private used = 0;
  private readonly waiting: Array<{ bytes: number; admit: () => void }> = [];

  constructor(readonly maxBytes: number) {}

  /** Resolves once `bytes` are reserved; rejects with BodyError if the client goes away first. */
  reserve(bytes: number, req: IncomingMessage): Promise<void> {
    if (this.used + bytes <= this.maxBytes) {
      this.used += bytes;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      if (req.destroyed)
        return reject(new BodyError('timeout', 'The client closed the connection before sending the whole request.'));
      const entry = {
        bytes,
        admit: () => {
          req.off('close', gone);
          this.used += bytes;
          resolve();
        },
      };
      const gone = () => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(new BodyError('timeout', 'The client closed the connection before sending the whole request.'));
      };
      req.once('close', gone);
      this.waiting.push(entry);
    });
  }

  release(bytes: number): void {
    this.used -= bytes;
    for (const entry of [...this.waiting]) {
      if (this.used + entry.bytes > this.maxBytes) continue;
      this.waiting.splice(this.waiting.indexOf(entry), 1);
      entry.admit();
    }
  }
}

/** Reads the whole body as UTF-8 within the limits (and within the budget, if given); rejects with BodyError. */
export async function readBody(req: IncomingMessage, limits: Limits, budget?: BodyBudget): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limits.maxBodyBytes) {
    throw new BodyError(
      'too-large',
      `The request body (${declared} bytes) exceeds the limit of ${limits.maxBodyBytes} bytes.`,
    );
  }
  const share = Number.isFinite(declared)
    ? declared
    : req.headers['transfer-encoding'] !== undefined
      ? limits.maxBodyBytes
      : 0;
  if (!budget || share === 0) return collect(req, limits);
  await budget.reserve(share, req);
  try {
    return await collect(req, limits);
  } finally {
    budget.release(share);
  }
}

function collect(req: IncomingMessage, limits: Limits): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const done = (err?: BodyError) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onAbort).off('aborted', onAbort);
      if (err) return reject(err);
      try {
        resolve(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks)));
      } catch {
        reject(new BodyError('bad-encoding', 'The request body is not valid UTF-8.'));
      }
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          done(
            new BodyError('timeout', `No request data received for ${limits.bodyIdleMs} ms: the request timed out.`),
          ),
        limits.bodyIdleMs,
      );
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBodyBytes)
        return done(new BodyError('too-large', `The request body exceeds the limit of ${limits.maxBodyBytes} bytes.`));
      chunks.push(chunk);
      arm();
    };
    const onEnd = () => done();
    const onAbort = () =>
      done(new BodyError('timeout', 'The client closed the connection before sending the whole request.'));
    req.on('data', onData).on('end', onEnd).on('error', onAbort).on('aborted', onAbort);
    arm();
  });
}
