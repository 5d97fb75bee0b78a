/**
 * Members the model does not know, at any depth, rejected in the words of the operation's service before
 * it runs (the service itself checks only the top level; wire clients can send anything).
 */
import { awsValidationError, v2Error } from '../backends/embedded/index.js';
import type { ServiceError } from '../core/errors.js';
import { echoBare } from '../core/input-rules.js';
import { type Operation, speaksV2 } from '../models/operation.js';
import type { Shape } from '../models/shapes.js';
import { isPlainObject } from '../models/validate.js';
import { paramName } from '../wire/stripe-form.js';
import { isV1Path } from '../wire/v2.js';

function firstUnknown(shape: Shape, v: unknown, path: string[]): { path: string[]; value: unknown } | undefined {
  if (shape.type === 'structure' && isPlainObject(v)) {
    for (const [name, value] of Object.entries(v)) {
      if (!Object.hasOwn(shape.members, name)) return { path: [...path, name], value };
      const found = firstUnknown(shape.members[name]!, value, [...path, name]);
      if (found) return found;
    }
  } else if (shape.type === 'list' && Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const found = firstUnknown(shape.member, v[i], [...path, String(i + 1)]);
      if (found) return found;
    }
  }
  return undefined;
}

export function unknownMemberError(op: Operation, params: Record<string, unknown>): ServiceError | undefined {
  const unknown = firstUnknown(op.input, params, []);
  if (!unknown) return undefined;
  // The name a client made up is quoted as a long value is: its start and its length past MAX_ECHO.
  const found = { ...unknown, path: unknown.path.map(echoBare) };
  if (speaksV2(op) && isV1Path(op)) {
    // Stripe's v1 API names the parameter as its form does, and in `param` too.
    const err = v2Error(400, 'parameter_unknown', `Received unknown parameter: ${paramName(found.path)}`);
    err.extra.param = paramName(found.path);
    return err;
  }
  if (speaksV2(op)) return v2Error(400, 'parameter_unknown', `Received unknown parameter: ${found.path.join('.')}`);
  return awsValidationError(op.service, [{ ...found, constraint: 'Member is not a known parameter' }]);
}
