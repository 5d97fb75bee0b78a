import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  AUTOSCALING_OPERATIONS,
  ECR_OPERATIONS,
  STRIPE_OPERATIONS
} from "./chunk-VRWMAX2M.js";

// src/models/registry.ts
var MODELS = {
  ...ECR_OPERATIONS,
  ...AUTOSCALING_OPERATIONS,
  ...STRIPE_OPERATIONS
};
function withoutPrototypes(shape, seen2) {
  if (seen2.has(shape)) return;
  seen2.add(shape);
  if (shape.type === "structure") {
    if (Object.getPrototypeOf(shape.members) !== null)
      shape.members = Object.assign(/* @__PURE__ */ Object.create(null), shape.members);
    for (const member of Object.values(shape.members)) withoutPrototypes(member, seen2);
  } else if (shape.type === "list") {
    withoutPrototypes(shape.member, seen2);
  } else if (shape.type === "map") {
    withoutPrototypes(shape.value, seen2);
  }
}
var seen = /* @__PURE__ */ new Set();
for (const op of Object.values(MODELS)) {
  withoutPrototypes(op.input, seen);
  withoutPrototypes(op.output, seen);
}
var OPERATIONS = Object.values(MODELS);
var byName = new Map(OPERATIONS.map((op) => [op.name, op]));
function operation(name) {
  const op = byName.get(name);
  if (!op) throw new Error(`unknown operation ${name}`);
  return op;
}

export {
  OPERATIONS,
  operation
};
