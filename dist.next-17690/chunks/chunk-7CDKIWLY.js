import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  Timestamp
} from "./chunk-USAJVI4X.js";
import {
  PyFloat
} from "./chunk-4W72ZHQN.js";
import {
  mapEntries
} from "./chunk-NM3Y46F5.js";

// src/models/shapes.ts
function isScalar(shape) {
  return shape.type !== "structure" && shape.type !== "list" && shape.type !== "map";
}
var memberOrder = /* @__PURE__ */ new WeakMap();
function orderOf(shape) {
  let order = memberOrder.get(shape);
  if (!order) {
    order = new Map(Object.keys(shape.members).map((k, i) => [k, i]));
    memberOrder.set(shape, order);
  }
  return order;
}
function orderByShape(shape, value) {
  if (value === null || typeof value !== "object" || value instanceof Date || value instanceof Uint8Array || value instanceof Timestamp || value instanceof PyFloat)
    return value;
  if (Array.isArray(value)) {
    if (shape.type !== "list") return value;
    let out;
    value.forEach((v, i) => {
      const o = orderByShape(shape.member, v);
      if (o !== v) (out ??= value.slice())[i] = o;
    });
    return out ?? value;
  }
  if (shape.type === "map") {
    return mapEntries(value, (v) => orderByShape(shape.value, v));
  }
  if (shape.type !== "structure") return value;
  return orderStructure(shape, value);
}
function orderStructure(shape, src) {
  const order = orderOf(shape);
  let inOrder = true;
  let last = -1;
  let changed;
  for (const [k, v] of Object.entries(src)) {
    const pos = order.get(k);
    if (v === void 0 || pos === void 0 || pos < last) inOrder = false;
    else last = pos;
    const member = shape.members[k];
    const o = member ? orderByShape(member, v) : v;
    if (o !== v) (changed ??= {})[k] = o;
  }
  if (inOrder && !changed) return src;
  const value = (k) => changed && k in changed ? changed[k] : src[k];
  const out = {};
  for (const k of order.keys()) if (src[k] !== void 0) out[k] = value(k);
  for (const k of Object.keys(src)) if (!(k in out) && src[k] !== void 0) out[k] = value(k);
  return out;
}
var carriesDefaults = /* @__PURE__ */ new WeakMap();
function hasDefaults(shape, seen = /* @__PURE__ */ new Set()) {
  const known = carriesDefaults.get(shape);
  if (known !== void 0) return known;
  if (seen.has(shape)) return false;
  seen.add(shape);
  let found = false;
  if (shape.type === "list") found = hasDefaults(shape.member, seen);
  else if (shape.type === "map") found = hasDefaults(shape.value, seen);
  else if (shape.type === "structure")
    found = Object.keys(shape.defaults ?? {}).length > 0 || Object.values(shape.members).some((m) => hasDefaults(m, seen));
  carriesDefaults.set(shape, found);
  return found;
}
function fillDefaults(shape, value) {
  if (value === null || typeof value !== "object" || !hasDefaults(shape)) return value;
  if (Array.isArray(value)) {
    if (shape.type !== "list") return value;
    let out2;
    value.forEach((v, i) => {
      const o = fillDefaults(shape.member, v);
      if (o !== v) (out2 ??= value.slice())[i] = o;
    });
    return out2 ?? value;
  }
  if (shape.type === "map") {
    let out2;
    for (const [k, v] of Object.entries(value)) {
      const o = fillDefaults(shape.value, v);
      if (o !== v) (out2 ??= { ...value })[k] = o;
    }
    return out2 ?? value;
  }
  if (shape.type !== "structure") return value;
  const src = value;
  let out;
  for (const [name, member] of Object.entries(shape.members)) {
    const v = src[name];
    const o = v === void 0 ? shape.defaults?.[name] : fillDefaults(member, v);
    if (o !== v) (out ??= { ...src })[name] = o;
  }
  return out ?? value;
}

export {
  isScalar,
  orderByShape,
  fillDefaults
};
