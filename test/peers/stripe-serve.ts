/**
 * The stripe SDK against a `svcctl serve` child process on a store of its own, for the stripe peer files:
 * serve with the pinned clock, a CLI sandbox on the same store, the service settings reset after each test,
 * and an SDK client that talks to serve.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type Sandbox, sandbox } from '../helpers/cli.js';
import { PINNED_MS, type ServeProcess, startServe } from './serve-process.js';

export interface StripeServe {
  readonly serve: ServeProcess;
  readonly sb: Sandbox;
  /** The SDK with this key (and version), talking to serve, without retries. */
  client(key: string, apiVersion?: string): Stripe;
}

/** Registers the file's hooks; `prefix` names its temporary directory. */
export function stripeServe(prefix: string): StripeServe {
  let dir: string | undefined;
  let serve: ServeProcess | undefined;
  let sb: Sandbox | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    serve = await startServe([], { SVCCTL_HOME: join(dir, 'store'), SVCCTL_TEST_CLOCK_MS: String(PINNED_MS) });
    sb = sandbox({ SVCCTL_HOME: join(dir, 'store') });
  });
  afterAll(async () => {
    await serve?.stop();
    sb?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(await sb!.run(['service', 'settings', 'reset'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });
  return {
    get serve() {
      return serve!;
    },
    get sb() {
      return sb!;
    },
    client(key, apiVersion) {
      return stripeAt(serve!.url, key, { apiVersion });
    },
  };
}

/** The SDK with this key (and version), talking to the serve at `url` over http, without retries unless told. */
export function stripeAt(
  url: string,
  key: string,
  { apiVersion, maxNetworkRetries = 0 }: { apiVersion?: string; maxNetworkRetries?: number } = {},
): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe(key, {
    host: hostname,
    port: Number(port),
    protocol: 'http',
    maxNetworkRetries,
    ...(apiVersion ? { apiVersion: apiVersion as Stripe.LatestApiVersion } : {}),
  });
}

export type SdkError = InstanceType<typeof Stripe.errors.StripeError>;

/** The SDK's error of a call that must fail. */
export async function failure(p: Promise<unknown>): Promise<SdkError> {
  try {
    await p;
  } catch (err) {
    return err as SdkError;
  }
  throw new Error('the call succeeded');
}
