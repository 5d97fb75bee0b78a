/**
 * The one input gate (issue 44): the model's rules, run once for every operation before its handler, whichever
 * way the call came in (the CLI's embedded backend, serve's three protocols, a pool thread, the bulk loader).
 * A handler holds only the rules its model cannot say; a new operation is checked without a line of its own.
 * v2 operations are checked after their key, version and account checks (handlers/stripe-call.ts), as Stripe
 * orders them, because the gate wraps the handler itself.
 */
import { entriesOf, fromEntriesOrdered } from '../../core/keys.js';
import { speaksV2 } from '../../models/operation.js';
import { operation, type OperationName } from '../../models/registry.js';
import type { Shape } from '../../models/shapes.js';
import { isPlainObject } from '../../models/validate.js';
import { awsValidationError, checkInput, type Handler } from './handlers/handler.js';
import { checkV2Input } from './handlers/stripe.js';

/**
 * `value` without the members of its structures that hold JSON null, at every depth: a null member is an
 * absent one (Smithy's JSON protocols: "null structure values are dropped"; v2 alike, docs/compat.md row 411),
 * so that a required one is then missing and an optional one takes its default, and no handler sees a null.
 * A null in a list or a map stays, for the model's type check to name.
 */
function withoutNulls(shape: Shape, value: unknown): unknown {
  if (shape.type === 'structure' && isPlainObject(value)) {
    const entries = entriesOf(value);
    const kept = entries
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, Object.hasOwn(shape.members, k) ? withoutNulls(shape.members[k]!, v) : v] as const);
    const same = kept.length === entries.length && kept.every(([, v], i) => v === entries[i]![1]);
    return same ? value : fromEntriesOrdered(kept);
  }
  if (shape.type === 'list' && Array.isArray(value)) {
    const items = value.map((v) => withoutNulls(shape.member, v));
    return items.every((v, i) => v === value[i]) ? value : items;
  }
  if (shape.type === 'map' && isPlainObject(value)) {
    const entries = entriesOf(value);
    const mapped = entries.map(([k, v]) => [k, withoutNulls(shape.value, v)] as const);
    return mapped.every(([, v], i) => v === entries[i]![1]) ? value : fromEntriesOrdered(mapped);
  }
  return value;
}

/**
 * `params` as the gate hands them on, before its checks: without null members (row 411). The idempotency
 * fingerprint reads this, so that a retry spelling an optional member as null is the same request.
 */
export function withoutNullMembers(opName: string, params: Record<string, unknown>): Record<string, unknown> {
  return (isPlainObject(params) ? withoutNulls(operation(opName).input, params) : params) as Record<string, unknown>;
}

/**
 * Throws the service's own validation error (400) when `params` break a rule of the operation's model;
 * otherwise returns them as the handler is to see them (without null members).
 */
export function gateInput(opName: string, params: Record<string, unknown>): Record<string, unknown> {
  const op = operation(opName);
  const input = withoutNullMembers(opName, params);
  if (speaksV2(op)) {
    checkV2Input(op, input);
    return input;
  }
  const violations = checkInput(op, input);
  if (violations.length > 0) throw awsValidationError(op.service, violations);
  return input;
}

/** Every handler of `table`, behind the gate. */
export function gated<T extends Partial<Record<OperationName, Handler>>>(table: T): T {
  return Object.fromEntries(
    Object.entries(table).map(([name, handler]) => [
      name,
      // The handler's transaction isolation goes with it (a quota's creates: handlers/quota.ts).
      Object.assign(
        ((db, params, hc) => {
          return handler!(db, gateInput(name, params), hc);
        }) satisfies Handler,
        { isolation: handler!.isolation },
      ),
    ]),
  ) as T;
}
