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

/** The built-in current version of the v2 API that svcctl sends. */
export const CURRENT_SERVICE_VERSION = '2025-12-15.clover';
/** The key the embedded backend uses when none is given. */
export const DEFAULT_LOCAL_API_KEY = 'sk_test_svcctl_embedded';
