/** The one interface both backends implement; everything above it (paging, query, output, errors) is shared. */
import type { Operation } from '../models/operation.js';

/**
 * What one call carries, whoever makes it: the CLI (cli/execute.ts, from the global options) or serve
 * (server/router.ts and authenticate.ts, from the request). The embedded service completes it into what
 * its handlers see (HandlerContext, backends/embedded/handlers/handler.ts: the account, the clock, the ids).
 */
export interface CallContext {
  region: string;
  /** The caller's account, when serve knows its principals (--credentials); else the service's own. */
  accountId?: string;
  /** The authenticated principal's name (serve --credentials); undefined when callers are not authenticated. */
  principal?: string;
  /**
   * serve's own address as the caller named it (`http://127.0.0.1:4566`): where GetDownloadUrlForLayer's URL
   * points. Undefined on the embedded backend, which has no server.
   */
  origin?: string;
  /** v2 API key (Bearer). */
  apiKey?: string;
  /** v2 version header value. */
  serviceVersion?: string;
  /**
   * serve's one reading of that header (the wire layer made it for the answer's Stripe-Version and the
   * journal): the service serves the version it names instead of reading the header again.
   */
  versionReading?: { header?: string; served?: string; response?: string; warning?: string };
  /**
   * v2: check the call's key (a stream's session token) and stop there, answering {}: serve asks it before it
   * reads a body it found no request in, so that a bad key is the answer whatever the body (embedded/handlers/stripe-call.ts).
   */
  keyOnly?: boolean;
  /** v2 POST idempotency key. */
  idempotencyKey?: string;
  /**
   * Set by the service, on the context it was given: the answer is the stored one of an earlier request with
   * this idempotency key (embedded/idempotency.ts), which serve marks `Idempotent-Replayed: true` as Stripe does.
   */
  replayed?: boolean;
  /**
   * PostgreSQL: the instant (epoch ms) by which the store's work for this call must be done, set when the
   * operation starts (EmbeddedService.call): its statements, in however many transactions, share one
   * --store-query-timeout (issue 41).
   */
  deadlineMs?: number;
  /** The CLI's: aborted on SIGINT. Never given to the service (a pool thread could not receive it). */
  signal?: AbortSignal;
}

export interface Backend {
  invoke(op: Operation, params: Record<string, unknown>, call: CallContext): Promise<Record<string, unknown>>;
  close(): void;
}
