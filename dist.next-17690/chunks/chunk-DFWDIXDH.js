import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  echoText
} from "./chunk-L2IBQYJO.js";
import {
  Timestamp
} from "./chunk-USAJVI4X.js";
import {
  pyBytesRepr
} from "./chunk-3LCBX7RT.js";
import {
  maskSecrets
} from "./chunk-LSYXKZPM.js";
import {
  PyFloat,
  pyNumberText
} from "./chunk-4W72ZHQN.js";
import {
  InputError
} from "./chunk-ZTOYQUS4.js";

// src/models/validate.ts
var PY_TYPES = {
  string: "<class 'str'>",
  integer: "<class 'int'>",
  boolean: "<class 'bool'>",
  timestamp: "<class 'datetime.datetime'>, timestamp string",
  blob: "<class 'bytes'>, <class 'bytearray'>, file-like object",
  list: "<class 'list'>, <class 'tuple'>",
  map: "<class 'dict'>",
  structure: "<class 'dict'>"
};
function isPlainObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof Uint8Array) && !(v instanceof Timestamp) && !(v instanceof PyFloat);
}
function pyStr(v) {
  if (v === null || v === void 0) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "bigint" || v instanceof PyFloat) return pyNumberText(v);
  if (v instanceof Uint8Array) return pyBytesRepr(v);
  if (Array.isArray(v)) return `[${v.map(pyInner).join(", ")}]`;
  if (isPlainObject(v))
    return `{${Object.entries(v).map(([k, x]) => `'${k}': ${pyInner(x)}`).join(", ")}}`;
  return String(v);
}
function pyInner(v) {
  return typeof v === "string" ? `'${v}'` : pyStr(v);
}
function pyTypeOf(v) {
  if (typeof v === "string") return "<class 'str'>";
  if (typeof v === "boolean") return "<class 'bool'>";
  if (typeof v === "number") return Number.isInteger(v) ? "<class 'int'>" : "<class 'float'>";
  if (typeof v === "bigint") return "<class 'int'>";
  if (v instanceof PyFloat) return "<class 'float'>";
  if (v instanceof Uint8Array) return "<class 'bytes'>";
  if (Array.isArray(v)) return "<class 'list'>";
  if (v === null) return "<class 'NoneType'>";
  return "<class 'dict'>";
}
function typeMatches(shape, v) {
  switch (shape.type) {
    case "string":
      return typeof v === "string";
    case "integer":
      return typeof v === "number" && Number.isInteger(v) || typeof v === "bigint";
    case "boolean":
      return typeof v === "boolean";
    case "timestamp":
      return typeof v === "string" || v instanceof Date || typeof v === "number";
    case "blob":
      return typeof v === "string" || v instanceof Uint8Array;
    case "list":
      return Array.isArray(v);
    case "map":
    case "structure":
      return isPlainObject(v);
  }
}
function pyLen(s) {
  let n = 0;
  for (const _ of s) n++;
  return n;
}
function checkPathMembers(op, params) {
  if (op.http === void 0) return;
  for (const [, name] of op.http.path.matchAll(/\{(\w+)\}/g)) {
    const value = String(params[name]);
    if (value === "." || value === "..")
      throw new InputError(
        `Invalid value for parameter ${name}: ${echoText(value)} is not an id (it would change the request's path).`
      );
  }
}
function validateClient(shape, params) {
  const errors = [];
  walkClient(shape, params, "input", errors, true);
  return errors;
}
function walkClient(shape, v, name, errors, top = false) {
  if (!typeMatches(shape, v)) {
    errors.push(
      `Invalid type for parameter ${name}, value: ${pyStr(maskSecrets(shape, v))}, type: ${pyTypeOf(v)}, valid types: ${PY_TYPES[shape.type]}`
    );
    return;
  }
  const prefix = top ? "" : `${name}.`;
  if (shape.type === "structure") {
    const obj = v;
    for (const req of shape.required ?? []) {
      if (obj[req] === void 0) errors.push(`Missing required parameter in ${name}: "${req}"`);
    }
    for (const [key, value] of Object.entries(obj)) {
      const member = shape.members[key];
      if (!member) {
        errors.push(`Unknown parameter in ${name}: "${key}", must be one of: ${Object.keys(shape.members).join(", ")}`);
      } else if (value !== void 0) {
        walkClient(member, value, `${prefix}${key}`, errors);
      }
    }
  } else if (shape.type === "list") {
    const list = v;
    if (shape.min !== void 0 && list.length < shape.min) {
      errors.push(`Invalid length for parameter ${name}, value: ${list.length}, valid min length: ${shape.min}`);
    }
    list.forEach((item, i) => walkClient(shape.member, item, `${name}[${i}]`, errors));
  } else if (shape.type === "map") {
    for (const [key, value] of Object.entries(v))
      walkClient(shape.value, value, `${name}.${key}`, errors);
  } else if (shape.type === "string" && shape.min !== void 0 && pyLen(v) < shape.min) {
    errors.push(`Invalid length for parameter ${name}, value: ${pyLen(v)}, valid min length: ${shape.min}`);
  } else if (shape.type === "integer" && shape.min !== void 0 && v < shape.min) {
    errors.push(`Invalid value for parameter ${name}, value: ${pyStr(v)}, valid min value: ${shape.min}`);
  }
}
var patternCache = /* @__PURE__ */ new Map();
function fullMatch(pattern, s) {
  let re = patternCache.get(pattern);
  if (!re) {
    re = new RegExp(`^(?:${pattern})$`, "u");
    patternCache.set(pattern, re);
  }
  return re.test(s);
}
function checkConstraints(shape, v, path = []) {
  const out = [];
  walkConstraints(shape, v, path, out);
  return out;
}
function walkConstraints(shape, v, path, out) {
  if (v === void 0 || v === null) return;
  if (!typeMatches(shape, v)) {
    out.push({ path, value: maskSecrets(shape, v), constraint: `Member must be of type ${shape.type}` });
    return;
  }
  const add = (constraint) => out.push({ path, value: maskSecrets(shape, v), constraint });
  switch (shape.type) {
    case "string":
      return checkString(shape, v, add);
    case "integer":
      if (shape.min !== void 0 && v < shape.min)
        add(`Member must have value greater than or equal to ${shape.min}`);
      if (shape.max !== void 0 && v > shape.max)
        add(`Member must have value less than or equal to ${shape.max}`);
      return;
    case "list":
      return checkList(shape, v, path, out, add);
    case "structure":
      return checkStructure(shape, v, path, out);
    case "map":
      return checkMap(shape, v, path, out);
    default:
      return;
  }
}
function checkString(shape, s, add) {
  const len = pyLen(s);
  if (shape.min !== void 0 && len < shape.min) add(`Member must have length greater than or equal to ${shape.min}`);
  if (shape.max !== void 0 && len > shape.max) add(`Member must have length less than or equal to ${shape.max}`);
  if (shape.enum && !shape.enum.includes(s)) add(`Member must satisfy enum value set: [${shape.enum.join(", ")}]`);
  if (shape.pattern && !fullMatch(shape.pattern, s))
    add(`Member must satisfy regular expression pattern: ${shape.pattern}`);
  if (shape.format === "date-time" && !isDateTime(s))
    add("Member must be an RFC 3339 date-time in UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ)");
}
function isDateTime(s) {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(s)) return false;
  const ms = Date.parse(s);
  return !Number.isNaN(ms) && new Date(ms).toISOString() === s;
}
function checkList(shape, list, path, out, add) {
  if (shape.min !== void 0 && list.length < shape.min)
    add(`Member must have length greater than or equal to ${shape.min}`);
  if (shape.max !== void 0 && list.length > shape.max)
    add(`Member must have length less than or equal to ${shape.max}`);
  list.forEach((item, i) => walkConstraints(shape.member, item, [...path, String(i + 1)], out));
}
function checkStructure(shape, obj, path, out) {
  for (const req of shape.required ?? []) {
    if (obj[req] === void 0 || obj[req] === null)
      out.push({ path: [...path, req], value: null, constraint: "Member must not be null" });
  }
  for (const [key, value] of Object.entries(obj)) {
    const member = shape.members[key];
    if (member) walkConstraints(member, value, [...path, key], out);
  }
}
function checkMap(shape, obj, path, out) {
  for (const [key, value] of Object.entries(obj)) walkConstraints(shape.value, value, [...path, key], out);
}

export {
  isPlainObject,
  pyLen,
  checkPathMembers,
  validateClient,
  fullMatch,
  checkConstraints
};
