import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  pyStrRepr
} from "./chunk-3LCBX7RT.js";
import {
  PyFloat,
  isFloat,
  isPyNumber,
  pyNumberText
} from "./chunk-4W72ZHQN.js";
import {
  entriesOf
} from "./chunk-NM3Y46F5.js";

// src/output/text.ts
function isDict(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof PyFloat);
}
function isScalar(v) {
  return typeof v !== "object" || v === null || v instanceof PyFloat;
}
function comparePy(a, b) {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (; ; ) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done ? y.done ? 0 : -1 : 1;
    const d = x.value.codePointAt(0) - y.value.codePointAt(0);
    if (d !== 0) return d;
  }
}
function sortedKeys(keys) {
  return [...keys].sort(comparePy);
}
function pyNumber(n) {
  return pyNumberText(n);
}
function pyRepr(v) {
  if (typeof v === "string") return pyStrRepr(v);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(", ")}]`;
  if (isDict(v))
    return `{${entriesOf(v).map(([k, x]) => `${pyStrRepr(k)}: ${pyRepr(x)}`).join(", ")}}`;
  return pyStr(v);
}
function pyStr(v) {
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "True" : "False";
  if (v === null || v === void 0) return "None";
  if (isPyNumber(v)) return pyNumber(v);
  return pyRepr(v);
}
function pyTypeName(v) {
  if (v === null || v === void 0) return "NoneType";
  if (Array.isArray(v)) return "list";
  if (isDict(v)) return "dict";
  if (isPyNumber(v)) return isFloat(v) ? "float" : "int";
  return typeof v === "boolean" ? "bool" : "str";
}
function formatText(data) {
  const out = [];
  formatItem(data, out, null, null);
  return out.join("");
}
function formatItem(item, out, identifier, scalarKeys) {
  if (isDict(item)) formatDict(item, out, identifier, scalarKeys);
  else if (Array.isArray(item)) formatList(item, out, identifier);
  else out.push(`${pyStr(item)}
`);
}
function formatList(items, out, identifier) {
  if (items.length === 0) return;
  if (items.some(isDict)) {
    const keys = allScalarKeys(items);
    for (const el of items) formatItem(el, out, identifier, keys);
  } else if (items.some(Array.isArray)) {
    const scalars = items.filter(isScalar);
    if (scalars.length > 0) formatScalarList(scalars, out, identifier);
    for (const el of items) if (!isScalar(el)) formatItem(el, out, identifier, null);
  } else {
    formatScalarList(items, out, identifier);
  }
}
function formatScalarList(items, out, identifier) {
  if (identifier !== null) {
    const prefix = identifier.toUpperCase();
    for (const item of items) out.push(`${prefix}	${pyStr(item)}
`);
  } else {
    out.push(`${items.map(pyStr).join("	")}
`);
  }
}
function formatDict(item, out, identifier, scalarKeys) {
  const { scalars, nonScalars } = partitionDict(item, scalarKeys);
  if (scalars.length > 0) {
    if (identifier !== null) scalars.unshift(identifier.toUpperCase());
    out.push(`${scalars.join("	")}
`);
  }
  for (const [key, value] of nonScalars) formatItem(value, out, key, null);
}
function allScalarKeys(items) {
  const seen = /* @__PURE__ */ new Set();
  for (const item of items) {
    if (!isDict(item)) throw new TypeError(`'${pyTypeName(item)}' object has no attribute 'items'`);
    for (const [k, v] of Object.entries(item)) if (isScalar(v)) seen.add(k);
  }
  return sortedKeys(seen);
}
function partitionDict(item, scalarKeys) {
  const scalars = [];
  const nonScalars = [];
  if (scalarKeys === null) {
    for (const key of sortedKeys(Object.keys(item))) {
      if (isScalar(item[key])) scalars.push(pyStr(item[key]));
      else nonScalars.push([key, item[key]]);
    }
    return { scalars, nonScalars };
  }
  for (const key of scalarKeys) scalars.push(pyStr(Object.hasOwn(item, key) ? item[key] : ""));
  const known = new Set(scalarKeys);
  for (const key of sortedKeys(Object.keys(item))) if (!known.has(key)) nonScalars.push([key, item[key]]);
  return { scalars, nonScalars };
}

export {
  isDict,
  isScalar,
  comparePy,
  sortedKeys,
  pyNumber,
  pyRepr,
  pyStr,
  pyTypeName,
  formatText
};
