/** The one interface both backends implement; everything above it (paging, query, output, errors) is shared. */
import type { Operation } from '../models/operation.js';

export interface CallOptions {
  region: string;
  /** v2 API key (Bearer). */
  apiKey?: string;
  /** v2 version header value. */
  serviceVersion?: string;
  /** v2 POST idempotency key. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface Backend {
  invoke(op: Operation, params: Record<string, unknown>, call: CallOptions): Promise<Record<string, unknown>>;
  close(): void;
}
