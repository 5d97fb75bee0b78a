/**
 * The one input gate (issue 44): the model's rules, run once for every operation before its handler, whichever
 * way the call came in (the CLI's embedded backend, serve's three protocols, a pool thread, the bulk loader).
 * A handler holds only the rules its model cannot say; a new operation is checked without a line of its own.
 * v2 operations are checked after their key, version and account checks (handlers/stripe-call.ts), as Stripe
 * orders them, because the gate wraps the handler itself.
 */
import { speaksV2 } from '../../models/operation.js';
import { operation, type OperationName } from '../../models/registry.js';
import { awsValidationError, checkInput, type Handler } from './handlers/handler.js';
import { checkV2Input } from './handlers/stripe.js';

/** Throws the service's own validation error (400) when `params` break a rule of the operation's model. */
export function gateInput(opName: string, params: Record<string, unknown>): void {
  const op = operation(opName);
  if (speaksV2(op)) return checkV2Input(op, params);
  const violations = checkInput(op, params);
  if (violations.length > 0) throw awsValidationError(op.service, violations);
}

/** Every handler of `table`, behind the gate. */
export function gated<T extends Partial<Record<OperationName, Handler>>>(table: T): T {
  return Object.fromEntries(
    Object.entries(table).map(([name, handler]) => [
      name,
      // The handler's transaction isolation goes with it (a quota's creates: handlers/quota.ts).
      Object.assign(
        ((db, params, hc) => {
          gateInput(name, params);
          return handler!(db, params, hc);
        }) satisfies Handler,
        { isolation: handler!.isolation },
      ),
    ]),
  ) as T;
}
