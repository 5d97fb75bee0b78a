import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  KEY_ORDER,
  fromEntriesOrdered,
  isIndexKey,
  orderedJson
} from "./chunk-NM3Y46F5.js";

// src/core/pynum.ts
var PyFloat = class {
  constructor(value) {
    this.value = value;
  }
  value;
};
var isPyNumber = (v) => typeof v === "number" || typeof v === "bigint" || v instanceof PyFloat;
var isFloat = (v) => v instanceof PyFloat || typeof v === "number" && !Number.isInteger(v);
var asDouble = (v) => v instanceof PyFloat ? v.value : Number(v);
function pyFloat(x) {
  return Number.isInteger(x) ? new PyFloat(x) : x;
}
function pyInt(v) {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}
var exactInt = (v) => typeof v === "bigint" ? v : BigInt(v);
function comparePyNumbers(a, b) {
  const x = asDouble(a);
  const y = asDouble(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  if (typeof a === "bigint" || typeof b === "bigint") {
    if (!Number.isFinite(x) || !Number.isFinite(y)) return x < y ? -1 : x > y ? 1 : 0;
    const ia = isFloat(a) ? Number.isInteger(x) ? BigInt(x) : void 0 : exactInt(a);
    const ib = isFloat(b) ? Number.isInteger(y) ? BigInt(y) : void 0 : exactInt(b);
    if (ia === void 0 || ib === void 0) return x < y ? -1 : x > y ? 1 : 0;
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  }
  return x < y ? -1 : x > y ? 1 : 0;
}
function pyFloatRepr(x) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mant, expText] = x.toExponential().split("e");
  const exp = Number(expText);
  const sign = mant.startsWith("-") ? "-" : "";
  const digits = mant.replace("-", "").replace(".", "");
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, "0");
  return `${sign}${intPart}.${digits.slice(exp + 1) || "0"}`;
}
function pyNumberText(v) {
  if (typeof v === "bigint") return v.toString();
  if (v instanceof PyFloat) return pyFloatRepr(v.value);
  return Number.isInteger(v) ? String(v) : pyFloatRepr(v);
}
function pyJsonNumberText(v) {
  const x = asDouble(v);
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x) && typeof v !== "bigint") return x > 0 ? "Infinity" : "-Infinity";
  return pyNumberText(v);
}
var parsePyInt = (text) => pyInt(BigInt(text));
var TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(\.\d+)?([eE][+-]?\d+)?/g;
function numberToken(tok, fraction) {
  if (!fraction) return parsePyInt(tok);
  return pyFloat(Number(tok));
}
function special(tok, fraction) {
  if (fraction) return Number.isInteger(Number(tok));
  return tok.length > 15 && !Number.isSafeInteger(Number(tok));
}
function parseJsonExact(text) {
  const found = /* @__PURE__ */ new Map();
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
    const tok = m[0];
    if (tok.charCodeAt(0) === 34) continue;
    const fraction = m[1] !== void 0 || m[2] !== void 0;
    if (!special(tok, fraction)) continue;
    found.set(tok, numberToken(tok, fraction));
  }
  const indexKeys = INDEX_KEY.test(text);
  if (found.size === 0 && !indexKeys) return JSON.parse(text);
  JSON.parse(text);
  const nonce = `\0${Math.random().toString(36).slice(2)}:`;
  const keyNonce = `\0${Math.random().toString(36).slice(2)}k`;
  const rewritten = text.replace(TOKEN, (tok, _f, _e, offset) => {
    if (found.has(tok)) return JSON.stringify(nonce + tok);
    if (indexKeys && tok.charCodeAt(0) === 34 && isIndexKey(tok.slice(1, -1))) {
      KEY_COLON.lastIndex = offset + tok.length;
      if (KEY_COLON.test(text)) return JSON.stringify(keyNonce + tok.slice(1, -1));
    }
    return tok;
  });
  return JSON.parse(rewritten, (_k, v) => {
    if (typeof v === "string" && v.startsWith(nonce)) return found.get(v.slice(nonce.length));
    if (indexKeys && v !== null && typeof v === "object" && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (!keys.some((k) => k.startsWith(keyNonce))) return v;
      return fromEntriesOrdered(
        keys.map((k) => [k.startsWith(keyNonce) ? k.slice(keyNonce.length) : k, v[k]])
      );
    }
    return v;
  });
}
function parseJsonInts(text) {
  if (!LONG_DIGITS.test(text) && !INDEX_KEY.test(text)) return JSON.parse(text);
  return parseJsonExact(text);
}
var LONG_DIGITS = /\d{16}/;
function exactKind(v) {
  let numbers = false;
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x === "bigint") numbers = true;
    else if (x === null || typeof x !== "object") continue;
    else if (x instanceof PyFloat) numbers = true;
    else if (Array.isArray(x)) for (let i = 0; i < x.length; i++) stack.push(x[i]);
    else if (x[KEY_ORDER] !== void 0) return "ordered";
    else for (const k in x) stack.push(x[k]);
  }
  return numbers ? "numbers" : "plain";
}
var INDEX_KEY = /"(?:0|[1-9]\d{0,9})"\s*:/;
var KEY_COLON = /\s*:/y;
function stringifyJsonExact(value, replacer, indent) {
  const kind = exactKind(value);
  if (kind === "plain") return JSON.stringify(value, replacer, indent);
  if (kind === "ordered") {
    const number = (v) => typeof v === "bigint" || v instanceof PyFloat ? pyJsonNumberText(v) : void 0;
    return orderedJson(value, number, indent, replacer);
  }
  const nonce = `\0${Math.random().toString(36).slice(2)}:`;
  let found = false;
  const text = JSON.stringify(
    value,
    (k, v) => {
      if (typeof v !== "bigint" && !(v instanceof PyFloat)) return replacer ? replacer(k, v) : v;
      found = true;
      return nonce + pyJsonNumberText(v);
    },
    indent
  );
  if (!found) return text;
  const marked = new RegExp(
    `"${JSON.stringify(nonce).slice(1, -1).replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}([^"]*)"`,
    "g"
  );
  return text.replace(marked, "$1");
}

export {
  PyFloat,
  isPyNumber,
  isFloat,
  asDouble,
  pyFloat,
  pyInt,
  comparePyNumbers,
  pyNumberText,
  pyJsonNumberText,
  parsePyInt,
  parseJsonExact,
  parseJsonInts,
  stringifyJsonExact
};
