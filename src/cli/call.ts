/**
 * One call's settings, from the global options (globals.ts: flag, environment, profile, default): what
 * the call carries (its CallContext: region, v2 key, version, idempotency key, the abort signal) and the
 * backend that answers it: the HTTP backend when an endpoint is configured for the operation's service
 * (profile/endpoint.ts), given its small resolved config (HttpConfig: the endpoint, TLS, time-outs,
 * attempts, a credentials loader run at its first AWS call), else the embedded service on the store
 * (SVCCTL_STORE_URL, else the SQLite file in $SVCCTL_HOME), with the account and the tests' hooks.
 */
import { chooseProfile } from '../profile/profile.js';
import type { Backend, CallContext } from '../backends/backend.js';
import { envStoreUrl } from '../backends/store-url.js';
import { accountIdOf, svcctlHome, type ProcessContext } from '../core/context.js';
import { ConfigError, InputError } from '../core/errors.js';
import { checkRegion } from '../models/partitions.js';
import { CURRENT_SERVICE_VERSION, DEFAULT_EMBEDDED_API_KEY, type GlobalOptions } from '../core/options.js';
import { type Operation, speaksV2 } from '../models/operation.js';
import { endpointUrl } from '../profile/endpoint.js';
import { echoBare, terminalText } from '../core/input-rules.js';

/** The region both backends use, as `configure list` shows it (profile/region.ts), checked: a bad name is 253. */
function regionOf(globals: GlobalOptions): string {
  return checkRegion(globals.region().value);
}

/** What the call carries; a v2 call's header settings are checked here (253), after the input's validation. */
export async function callContext(op: Operation, globals: GlobalOptions, ctx: ProcessContext): Promise<CallContext> {
  // The v2 API's headers: an AWS operation sends none, and a flag accepted and then ignored would mislead (a
  // retry with --idempotency-key that creates again; an --api-key that is no AWS credential) (issue 44).
  const v2Flag = speaksV2(op) ? undefined : globals.v2Flags[0];
  if (v2Flag !== undefined)
    throw new InputError(
      `${v2Flag} is the v2 API's (account-token, account, meter-event…): ${op.name} is an AWS operation, which takes none.`,
    );
  if (speaksV2(op)) {
    const command = op.paths[0]!.join(' ');
    // Only a POST sends an Idempotency-Key; a read given one would ignore it (issue 44, the options matrix).
    if (globals.idempotencyKey !== undefined && op.http.method !== 'POST')
      throw new InputError(
        `--idempotency-key is sent with a POST only: ${command} is a read (${op.http.method} ${op.http.path}), which sends none.`,
      );
    // Nor does a POST authenticated by a session's token (the meter event stream) keep one (idempotency.ts
    // takesIdempotency): the same key twice sent the events twice (final hostile pass 11c).
    if (globals.idempotencyKey !== undefined && op.keyRule?.take === 'session')
      throw new InputError(
        `--idempotency-key is kept by no ${command} request (${op.http.method} ${op.http.path}): its requests, authenticated by a session token, keep no Idempotency-Key.`,
      );
    // A v2 request carries its API key and is never signed: --no-sign-request would change nothing.
    if (!globals.signRequest)
      throw new InputError(
        `--no-sign-request is the AWS operations' (SigV4): ${command} is a v2 command, which sends its API key unsigned.`,
      );
  }
  const call: CallContext = { region: regionOf(globals), signal: ctx.signal };
  if (speaksV2(op)) {
    if (globals.headerProblem) throw new ConfigError(globals.headerProblem);
    const endpoint = globals.endpoint(op.service);
    // A request authenticated by a session's token (the meter event stream) takes no API key: neither the
    // embedded backend's own test key (refused as 'sk_test_****dded', a key the caller never gave) nor the
    // advice that serve takes any sk_test_ key, untrue here. Both backends say what it takes (hostile pass 22d).
    if (globals.apiKey === undefined && op.keyRule?.take === 'session')
      throw new ConfigError(
        `No meter event session token: ${op.paths[0]!.join(' ')} is authenticated by a meter event session's authentication_token, not an API key. Make one with svcctl meter-event-session create (valid 15 minutes) and give it with --api-key, SVCCTL_API_KEY or the profile's api_key.`,
      );
    call.apiKey = globals.apiKey ?? (endpoint ? undefined : DEFAULT_EMBEDDED_API_KEY);
    if (call.apiKey === undefined) {
      // Why here and not without an endpoint: the embedded backend is the caller's own, a server checks keys.
      throw new ConfigError(
        `No API key for the v2 API: the endpoint ${endpoint ? echoBare(endpointUrl(endpoint).href) : ''} checks every v2 request's key, as Stripe does (the embedded backend, without an endpoint, uses a test key of its own). Set --api-key, SVCCTL_API_KEY or the profile's api_key: svcctl serve takes any sk_test_ key unless it was started with --api-keys or --credentials.`,
      );
    }
    call.serviceVersion = globals.serviceVersion ?? CURRENT_SERVICE_VERSION;
    call.idempotencyKey = globals.idempotencyKey;
  }
  return call;
}

/** The backend of an operation: embedded unless an endpoint is configured for its service. */
export async function createBackend(op: Operation, globals: GlobalOptions, ctx: ProcessContext): Promise<Backend> {
  const endpoint = globals.endpoint(op.service);
  if (endpoint) {
    const url = endpointUrl(endpoint);
    const aws = !speaksV2(op);
    const maxAttempts = globals.maxAttempts();
    const { HttpBackend } = await import('../backends/http/http-backend.js');
    return new HttpBackend(
      {
        endpoint: url,
        debug: globals.debug,
        signRequest: globals.signRequest,
        verifySsl: globals.verifySsl,
        caBundle: globals.caBundle,
        readTimeoutMs: globals.readTimeoutMs,
        connectTimeoutMs: globals.connectTimeoutMs,
        maxAttempts,
        credentials: () => (aws ? globals.credentials() : undefined),
        // Named by --profile (not by a variable): the AWS_* key variables are not read, which the hint says.
        namedProfile:
          globals.profile !== undefined && globals.profile !== chooseProfile({}, ctx.env).name
            ? globals.profile
            : undefined,
      },
      ctx,
    );
  }
  // Read, and refused when bad, for every backend as the AWS CLI reads them for every client it makes: the
  // embedded backend does not retry, but AWS_MAX_ATTEMPTS=abc must not work without --endpoint-url alone.
  globals.maxAttempts();
  const { EmbeddedService, EmbeddedBackend, testHooks } = await import('../backends/embedded/index.js');
  // SVCCTL_STORE_URL: the PostgreSQL store that serve instances share (docs/shared-store.md).
  const storeUrl = envStoreUrl(ctx.env);
  const service = new EmbeddedService({
    storeUrl,
    home: svcctlHome(ctx),
    accountId: accountIdOf(ctx.env),
    clock: ctx.clock,
    ids: ctx.ids,
    hooks: testHooks(ctx.env),
    oneShot: true,
  });
  // A --debug line writes no raw control character (a store path holding ESC), as every stderr line.
  return new EmbeddedBackend(
    service,
    globals.debug ? (line) => ctx.stderr.write(`${terminalText(line)}\n`) : undefined,
  );
}
