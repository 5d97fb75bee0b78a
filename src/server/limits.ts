/**
 * What one request may cost the server: body size, how long a client may stall while sending, and the
 * socket-level time-outs Node enforces for headers and whole requests. A client over a limit gets its
 * protocol's error (413, 408) and its connection closed; everyone else is served as usual.
 */
import type { IncomingMessage } from 'node:http';

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
}

export const DEFAULT_LIMITS: Limits = {
  maxBodyBytes: 1024 * 1024,
  bodyIdleMs: 10_000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
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

/** Reads the whole body as UTF-8 within the limits; rejects with BodyError. */
export function readBody(req: IncomingMessage, limits: Limits): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limits.maxBodyBytes) {
    return Promise.reject(new BodyError('too-large', `The request body (${declared} bytes) exceeds the limit of ${limits.maxBodyBytes} bytes.`));
  }
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
      timer = setTimeout(() => done(new BodyError('timeout', `No request data received for ${limits.bodyIdleMs} ms: the request timed out.`)), limits.bodyIdleMs);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.maxBodyBytes) return done(new BodyError('too-large', `The request body exceeds the limit of ${limits.maxBodyBytes} bytes.`));
      chunks.push(chunk);
      arm();
    };
    const onEnd = () => done();
    const onAbort = () => done(new BodyError('timeout', 'The client closed the connection before sending the whole request.'));
    req.on('data', onData).on('end', onEnd).on('error', onAbort).on('aborted', onAbort);
    arm();
  });
}
