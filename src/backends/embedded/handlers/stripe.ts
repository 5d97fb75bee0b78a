/** What every v2 operation shares: API keys and their modes, the v2 error shape, input checks. */
import { echoBare, echoText } from '../../../core/input-rules.js';
import { ServiceError } from '../../../core/errors.js';
import type { KeyRule, Operation } from '../../../models/operation.js';
import { operation } from '../../../models/registry.js';
import { maskKey } from '../../../models/secrets.js';
import { type ApiKey, checkInput, type HandlerContext, type KeyKind } from './handler.js';
import { checkEmptyValues, paramName } from '../../../wire/stripe-form.js';

export type { ApiKey } from './handler.js';

const KINDS: Record<string, KeyKind> = { sk: 'secret', pk: 'publishable', rk: 'restricted' };

/** The key callV2 parsed for this call (a handler of a v2 operation that takes an API key runs only after it). */
export function callKey(hc: HandlerContext): ApiKey {
  if (hc.key === undefined) throw new Error('a v2 handler ran without the key callV2 parses');
  return hc.key;
}

export function v2Error(status: number, code: string, message: string, type = 'invalid_request_error'): ServiceError {
  return new ServiceError(code, message, status, { type });
}

/**
 * The key of a v2 request, parsed: 401 api_key_required when missing, api_key_invalid when it is no key.
 * serve asks it before it decodes a body (server/authenticate.ts), so a request without a good key is
 * refused as one, whatever its body, as Stripe authenticates first; callV2 asks it again for the operation.
 */
export function parseKey(key: string | undefined): ApiKey {
  if (key === undefined || key === '') {
    throw v2Error(
      401,
      'api_key_required',
      // Stripe's words, then why: only serve meets a request without a key (the CLI's embedded backend sends one).
      "You did not provide an API key. Provide it in the Authorization header, using Bearer auth. svcctl serve checks every v2 request's key, as Stripe does: any sk_test_ key, unless it was started with --api-keys or --credentials (the embedded backend uses a test key of its own).",
    );
  }
  const m = /^(sk|pk|rk)_(test|live)_[0-9A-Za-z_]{1,200}$/.exec(key);
  if (!m) throw v2Error(401, 'api_key_invalid', `Invalid API Key provided: ${maskKey(key)}`);
  return { kind: KINDS[m[1]!]!, livemode: m[2] === 'live' };
}

function publishableRefused(resource: string): ServiceError {
  return v2Error(
    403,
    'secret_key_required',
    `This request requires a secret key (sk_...) or a restricted key with access to ${resource}; a publishable key was given.`,
  );
}

function restrictedRefused(what: string, use: string): ServiceError {
  return v2Error(403, 'restricted_key_not_allowed', `Restricted keys (rk_...) cannot be used to ${what}: use ${use}.`);
}

/** The error of a key its operation's rule (the model's `keyRule`) does not take, else undefined. */
function keyRefusal(rule: KeyRule, k: ApiKey): ServiceError | undefined {
  if (rule.take === 'session') return undefined;
  if (rule.take === 'server-side') return k.kind === 'publishable' ? publishableRefused(rule.resource) : undefined;
  if (rule.liveModePublishableOnly && k.livemode && k.kind !== 'publishable') {
    return v2Error(
      400,
      'token_must_be_created_with_publishable_key',
      'In live mode, account tokens can only be created with your publishable key.',
    );
  }
  return k.kind === 'restricted' ? restrictedRefused(rule.action, rule.use) : undefined;
}

/** The request's key, parsed (401 when missing or malformed) and allowed for the operation (else its error). */
export function authorize(opName: string, apiKey: string | undefined): ApiKey | undefined {
  const rule = operation(opName).keyRule;
  // A session token is no API key: the handler finds its session (meter-event-streams.ts).
  if (rule?.take === 'session') return undefined;
  const key = parseKey(apiKey);
  const problem = rule && keyRefusal(rule, key);
  if (problem) throw problem;
  return key;
}

/**
 * Shape checks on a v2 request body, worded as the v2 API words them; on a v1 path (meters) each error also
 * names its parameter as v1's errors do (`param`: `default_aggregation[formula]`).
 */
export function checkV2Input(op: Operation, params: Record<string, unknown>): void {
  const v1 = op.http?.path.startsWith('/v1/') === true;
  const fail = (code: string, message: string, path: readonly (string | number)[]) => {
    const err = v2Error(400, code, message);
    if (v1) err.extra.param = paramName(path);
    return err;
  };
  const named = (path: readonly (string | number)[]) => (v1 ? paramName(path) : path.join('.'));
  // A v1 parameter given as '' is an attempt to unset it, refused first, as serve's reading of the form does.
  if (v1) checkEmptyValues(op.input, params);
  for (const req of op.input.required ?? []) {
    if (params[req] === undefined || params[req] === null)
      throw fail('parameter_missing', `Missing required param: ${req}.`, [req]);
  }
  const violations = checkInput(op, params);
  const first = violations[0];
  if (!first) return;
  // A map's key is the sender's text: each name in the path follows the echo rule (core/input-rules.ts).
  const v = { ...first, path: first.path.map((p) => (typeof p === 'string' ? echoBare(p) : p)) };
  const param = named(v.path);
  if (v.constraint === 'Member is not a known parameter') {
    throw fail('parameter_unknown', `Received unknown parameter: ${param}`, v.path);
  }
  if (v.constraint === 'Member must not be null')
    throw fail('parameter_missing', `Missing required param: ${param}.`, v.path);
  throw fail(
    'parameter_invalid',
    `Invalid ${param}: ${v.constraint.replace(/^Member /, 'must ').replace(/^must must/, 'must')}`,
    v.path,
  );
}

export function nowMs(hc: HandlerContext): number {
  return hc.clock.now().getTime();
}

/** A v2 object of this mode that does not exist, or exists only in the other mode. */
export function notFound(what: string, id: string): ServiceError {
  return v2Error(404, 'not_found', `No such ${what}: ${echoText(id)}`);
}

/** RFC 3339 UTC with milliseconds: `2026-11-20T23:21:51.327Z`. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString();
}
