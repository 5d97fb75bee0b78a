import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/core/keys.ts
var KEY_ORDER = /* @__PURE__ */ Symbol("svcctl.keyOrder");
function isIndexKey(key) {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}
function setOwn(obj, key, value) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
function keysOf(obj) {
  const own = Object.keys(obj);
  const order = obj[KEY_ORDER];
  if (order === void 0) return own;
  const present = new Set(own);
  const out = order.filter((k) => present.delete(k));
  for (const k of own) if (present.has(k)) out.push(k);
  return out;
}
function entriesOf(obj) {
  return keysOf(obj).map((k) => [k, obj[k]]);
}
function valuesOf(obj) {
  return keysOf(obj).map((k) => obj[k]);
}
function fromEntriesOrdered(entries) {
  const out = {};
  const order = [];
  let indexKey = false;
  for (const [k, v] of entries) {
    if (!Object.hasOwn(out, k)) order.push(k);
    setOwn(out, k, v);
    if (!indexKey && isIndexKey(k)) indexKey = true;
  }
  if (indexKey) out[KEY_ORDER] = order;
  return out;
}
function mapEntries(obj, fn) {
  return fromEntriesOrdered(entriesOf(obj).map(([k, v]) => [k, fn(v, k)]));
}
function holdsOrder(v) {
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x !== "object") continue;
    if (Array.isArray(x)) {
      for (const item of x) stack.push(item);
      continue;
    }
    if (x[KEY_ORDER] !== void 0) return true;
    for (const k in x) if (Object.hasOwn(x, k)) stack.push(x[k]);
  }
  return false;
}
function orderedJson(value, number, indent = 0, replacer) {
  const pad = " ".repeat(indent);
  const write = (key, raw, depth) => {
    let v = raw;
    if (v !== null && typeof v === "object" && typeof v.toJSON === "function")
      v = v.toJSON(key);
    if (replacer) v = replacer(key, v);
    const num = number(v);
    if (num !== void 0) return num;
    if (v === null) return "null";
    if (typeof v === "string" || typeof v === "boolean") return JSON.stringify(v);
    if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
    if (typeof v !== "object") return void 0;
    const inner = indent ? `
${pad.repeat(depth + 1)}` : "";
    const close = indent ? `
${pad.repeat(depth)}` : "";
    if (Array.isArray(v)) {
      if (v.length === 0) return "[]";
      const items = v.map((x, i) => write(String(i), x, depth + 1) ?? "null");
      return `[${inner}${items.join(`,${inner}`)}${close}]`;
    }
    const parts = [];
    for (const k of keysOf(v)) {
      const text = write(k, v[k], depth + 1);
      if (text !== void 0) parts.push(`${JSON.stringify(k)}:${indent ? " " : ""}${text}`);
    }
    if (parts.length === 0) return "{}";
    return `{${inner}${parts.join(`,${inner}`)}${close}}`;
  };
  return write("", value, 0);
}

export {
  KEY_ORDER,
  isIndexKey,
  setOwn,
  keysOf,
  entriesOf,
  valuesOf,
  fromEntriesOrdered,
  mapEntries,
  holdsOrder,
  orderedJson
};
