/** What every v2 operation shares: API keys and their modes, the v2 error shape, input checks. */
import { ServiceError } from '../../errors.js';
import type { Operation } from '../../models/operation.js';
import { checkInput, type ServiceContext } from './service.js';

export type KeyKind = 'secret' | 'publishable' | 'restricted';

export interface ApiKey {
  kind: KeyKind;
  livemode: boolean;
}

const KINDS: Record<string, KeyKind> = { sk: 'secret', pk: 'publishable', rk: 'restricted' };

export function v2Error(status: number, code: string, message: string, type = 'invalid_request_error'): ServiceError {
  return new ServiceError(code, message, status, { type });
}

/** Masks all but the last four characters, as the real API quotes keys in its messages. */
export function maskKey(key: string): string {
  const m = /^([a-z]{2}_(?:test|live)_)/.exec(key);
  const prefix = m ? m[1]! : '';
  return `${prefix}${'*'.repeat(Math.max(0, key.length - prefix.length - 4))}${key.slice(-4)}`;
}

export function parseKey(key: string | undefined): ApiKey {
  if (key === undefined || key === '') {
    throw v2Error(401, 'api_key_required', 'You did not provide an API key. Provide it in the Authorization header, using Bearer auth.');
  }
  const m = /^(sk|pk|rk)_(test|live)_[0-9A-Za-z_]{1,200}$/.exec(key);
  if (!m) throw v2Error(401, 'api_key_invalid', `Invalid API Key provided: ${maskKey(key)}`);
  return { kind: KINDS[m[1]!]!, livemode: m[2] === 'live' };
}

/** Shape checks on a v2 request body, worded as the v2 API words them. */
export function checkV2Input(op: Operation, params: Record<string, unknown>): void {
  for (const req of op.input.required ?? []) {
    if (params[req] === undefined || params[req] === null) throw v2Error(400, 'parameter_missing', `Missing required param: ${req}.`);
  }
  const violations = checkInput(op, params);
  const v = violations[0];
  if (!v) return;
  const param = v.path.join('.');
  if (v.constraint === 'Member is not a known parameter') {
    throw v2Error(400, 'parameter_unknown', `Received unknown parameter: ${param}`);
  }
  if (v.constraint === 'Member must not be null') throw v2Error(400, 'parameter_missing', `Missing required param: ${param}.`);
  throw v2Error(400, 'parameter_invalid', `Invalid ${param}: ${v.constraint.replace(/^Member /, 'must ').replace(/^must must/, 'must')}`);
}

export function nowMs(sc: ServiceContext): number {
  return sc.clock.now().getTime();
}

/** RFC 3339 UTC with milliseconds: `2026-11-20T23:21:51.327Z`. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString();
}
