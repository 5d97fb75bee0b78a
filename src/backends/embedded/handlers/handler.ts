/**
 * The embedded service: one handler per operation over the SQLite store. It enforces every rule of the
 * spec on its inputs, as the real service would, and answers with ServiceErrors in each service's words.
 * The CLI's local backend and `svcctl serve` both call it, so both see the same state and the same rules.
 */
import type { Clock, IdGenerator } from '../../../core/context.js';
import { ServiceError } from '../../../core/errors.js';
import { stringifyJsonExact } from '../../../core/pynum.js';
import { echoText, MAX_NESTING, valueProblem, wellFormed } from '../../../core/input-rules.js';
import type { OperationName } from '../../../models/registry.js';
import type { Operation } from '../../../models/operation.js';
import { checkConstraints, isPlainObject, type Violation } from '../../../models/validate.js';
import type { CallContext } from '../../backend.js';
import type { Database, Isolation } from '../store/db.js';

/** What a handler sees of its call: the call's context (backend.ts), completed with the account, the clock and the ids. */
export type KeyKind = 'secret' | 'publishable' | 'restricted';

/** A v2 API key, parsed: its kind and mode. */
export interface ApiKey {
  kind: KeyKind;
  livemode: boolean;
}

export interface HandlerContext extends Omit<CallContext, 'accountId' | 'signal'> {
  accountId: string;
  clock: Clock;
  ids: IdGenerator;
  /** A v2 call's key as callV2 parsed it, once (stripe-call.ts); none for a session's call. */
  key?: ApiKey;
  /** A v2 call's version as callV2 read it, once: the one whose behaviour the request gets. */
  version?: string;
}

export interface Handler {
  (db: Database, params: Record<string, unknown>, hc: HandlerContext): Record<string, unknown>;
  /**
   * Its transaction's isolation on PostgreSQL when not SERIALIZABLE (backends/embedded/store/db.ts; a quota's
   * creates: backends/embedded/handlers/quota.ts).
   */
  isolation?: Isolation;
}

/** A module's handlers: keys are operation names (a misspelt or unknown one fails `tsc`). */
export type HandlerTable = Partial<Record<OperationName, Handler>>;

/** How each service words a rejected input. */
export function awsValidationError(service: Operation['service'], violations: Violation[]): ServiceError {
  if (service === 'ecr') {
    const v = violations[0]!;
    return new ServiceError(
      'InvalidParameterException',
      `Invalid parameter at '${v.path.join('.')}' failed to satisfy constraint: '${v.constraint}'`,
    );
  }
  const parts = violations.map(
    (v) => `Value ${showValue(v.value)} at '${wirePath(v.path)}' failed to satisfy constraint: ${v.constraint}`,
  );
  const n = violations.length;
  return new ServiceError(
    'ValidationError',
    `${n} validation error${n === 1 ? '' : 's'} detected: ${parts.join('; ')}`,
  );
}

/** The value as the service echoes it: quoted; a long one cut to its start and its length (core/input-rules.ts). */
function showValue(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  return echoText(typeof v === 'string' ? v : stringifyJsonExact(v));
}

/** `BlockDeviceMappings.1.Ebs.VolumeSize` → `blockDeviceMappings.1.member.ebs.volumeSize`, as Query services say it. */
function wirePath(path: string[]): string {
  return path
    .map((p) => (/^\d+$/.test(p) ? `${p}.member` : p.charAt(0).toLowerCase() + p.slice(1)))
    .join('.')
    .replace(/\.member\.?$/, '');
}

/** Unknown members at any depth, as violations. */
function unknownMembers(op: Operation, params: Record<string, unknown>): Violation[] {
  return Object.keys(params)
    .filter((k) => !(k in op.input.members))
    .map((k) => ({ path: [k], value: params[k], constraint: 'Member is not a known parameter' }));
}

/** Model-level checks every operation gets before its own rules. */
export function checkInput(op: Operation, params: Record<string, unknown>): Violation[] {
  if (!isPlainObject(params)) return [{ path: [], value: params, constraint: 'Input must be a structure' }];
  // Text and depth first (core/input-rules.ts): the walks below recurse, and a lone surrogate is no text.
  const bad = valueProblem(params, MAX_NESTING, -1);
  if (bad) {
    const path = bad.path.map((p) => (typeof p === 'number' ? String(p + 1) : p));
    if (bad.kind === 'depth')
      return [
        { path, value: '(nested too deep)', constraint: `Member must not nest deeper than ${MAX_NESTING} levels` },
      ];
    return [{ path, value: wellFormed(String(bad.value)), constraint: 'Member must be valid Unicode text' }];
  }
  return [...unknownMembers(op, params), ...checkConstraints(op.input, params)];
}
