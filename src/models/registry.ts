import { AUTOSCALING_OPERATIONS } from './autoscaling.js';
import { ECR_OPERATIONS } from './ecr.js';
import type { Operation } from './operation.js';
import type { Shape } from './shapes.js';
import { STRIPE_OPERATIONS } from './stripe.js';

/**
 * Every operation, by its name: each service's model file lists its own (adding an operation is its model
 * there and its handler, two files). The embedded service's handler table is typed `Record<OperationName,
 * Handler>`, so an operation added here without a handler (or a handler without its operation) fails
 * `tsc`; test/models/registry.test.ts checks that each key is its model's own name.
 */
export const MODELS = {
  ...ECR_OPERATIONS,
  ...AUTOSCALING_OPERATIONS,
  ...STRIPE_OPERATIONS,
} satisfies Record<string, Operation>;

export type OperationName = keyof typeof MODELS;

/**
 * Member tables without a prototype: a name that every JavaScript object has (`toString`, `constructor`,
 * `__proto__`) is then no member, so user input naming it is an unknown parameter wherever members are
 * looked up (`name in members`, `members[name]`). Done once, in place, for every shape reachable from a model.
 */
function withoutPrototypes(shape: Shape, seen: Set<Shape>): void {
  if (seen.has(shape)) return;
  seen.add(shape);
  if (shape.type === 'structure') {
    if (Object.getPrototypeOf(shape.members) !== null)
      (shape as { members: Record<string, Shape> }).members = Object.assign(Object.create(null), shape.members);
    for (const member of Object.values(shape.members)) withoutPrototypes(member, seen);
  } else if (shape.type === 'list') {
    withoutPrototypes(shape.member, seen);
  } else if (shape.type === 'map') {
    withoutPrototypes(shape.value, seen);
  }
}
const seen = new Set<Shape>();
for (const op of Object.values(MODELS)) {
  withoutPrototypes(op.input, seen);
  withoutPrototypes(op.output, seen);
}

export const OPERATIONS: readonly Operation[] = Object.values(MODELS);

const byName = new Map(OPERATIONS.map((op) => [op.name, op]));

/** Whether svcctl has an operation of this API name (a journal entry's Operation, read back). */
export function isOperationName(name: string): boolean {
  return byName.has(name);
}

export function operation(name: string): Operation {
  const op = byName.get(name);
  if (!op) throw new Error(`unknown operation ${name}`);
  return op;
}
