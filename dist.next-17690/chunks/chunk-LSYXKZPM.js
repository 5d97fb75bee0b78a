import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  mapEntries
} from "./chunk-NM3Y46F5.js";

// src/models/secrets.ts
var MASK = "****";
function isSecret(shape) {
  return shape.type === "string" && shape.sensitive === true;
}
var holding = /* @__PURE__ */ new WeakMap();
function holdsSecret(shape) {
  const known = holding.get(shape);
  if (known !== void 0) return known;
  holding.set(shape, false);
  let found;
  switch (shape.type) {
    case "list":
      found = holdsSecret(shape.member);
      break;
    case "map":
      found = holdsSecret(shape.value);
      break;
    case "structure":
      found = Object.values(shape.members).some(holdsSecret);
      break;
    default:
      found = isSecret(shape);
  }
  holding.set(shape, found);
  return found;
}
function secretPaths(shape, at = "") {
  if (!holdsSecret(shape)) return [];
  switch (shape.type) {
    case "list":
      return secretPaths(shape.member, `${at}[]`);
    case "map":
      return secretPaths(shape.value, `${at}.*`);
    case "structure":
      return Object.entries(shape.members).flatMap(([k, m]) => secretPaths(m, at === "" ? k : `${at}.${k}`));
    default:
      return [at];
  }
}
function textMayHoldSecret(shape, text) {
  if (isSecret(shape)) return true;
  return secretPaths(shape).some(
    (path) => path.split(/\.|\[\]/).filter((name) => name !== "" && name !== "*").every((name) => text.includes(name))
  );
}
function typeFits(shape, value) {
  if (shape.type === "list") return Array.isArray(value);
  if (shape.type === "map" || shape.type === "structure")
    return typeof value === "object" && value !== null && !Array.isArray(value);
  return true;
}
function maskSecrets(shape, value) {
  if (value === null || value === void 0 || !holdsSecret(shape)) return value;
  if (isSecret(shape) || !typeFits(shape, value)) return MASK;
  if (shape.type === "list") return value.map((v) => maskSecrets(shape.member, v));
  if (shape.type === "map") {
    return mapEntries(value, (v) => maskSecrets(shape.value, v));
  }
  if (shape.type === "structure") {
    const { members } = shape;
    return mapEntries(value, (v, k) => Object.hasOwn(members, k) ? maskSecrets(members[k], v) : v);
  }
  return value;
}
function secretValues(shape, value, out = []) {
  if (value === null || value === void 0 || !holdsSecret(shape)) return out;
  if (isSecret(shape)) {
    if (typeof value === "string" && value !== "") out.push(value);
    return out;
  }
  if (shape.type === "list" && Array.isArray(value)) for (const v of value) secretValues(shape.member, v, out);
  else if ((shape.type === "map" || shape.type === "structure") && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const member = shape.type === "map" ? shape.value : Object.hasOwn(shape.members, k) ? shape.members[k] : void 0;
      if (member) secretValues(member, v, out);
    }
  }
  return out;
}
var escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
var xmlEscape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
var formEscape = (s) => new URLSearchParams({ v: s }).toString().slice(2);
function maskValuesInText(text, values) {
  let out = text;
  for (const value of new Set(values)) {
    const forms = /* @__PURE__ */ new Set([
      JSON.stringify(value).slice(1, -1),
      formEscape(value),
      encodeURIComponent(value),
      xmlEscape(value)
    ]);
    for (const form of forms) {
      const e = escapeRegExp(form);
      out = out.replace(new RegExp(`"${e}"`, "g"), `"${MASK}"`).replace(new RegExp(`=${e}(?=&|$)`, "g"), `=${MASK}`).replace(new RegExp(`>${e}<`, "g"), `>${MASK}<`);
    }
  }
  return out;
}
function maskKey(key) {
  const prefix = /^[a-z]{2,4}_(?:test|live)_/.exec(key)?.[0];
  if (prefix === void 0 || key.length <= prefix.length + 4) return MASK;
  return `${prefix}${"*".repeat(key.length - prefix.length - 4)}${key.slice(-4)}`;
}
function maskStoreUrl(url) {
  try {
    const u = new URL(url);
    if (u.password !== "") u.password = "****";
    return u.toString();
  } catch {
    return url.replace(/(\/\/[^:/@]*:)[^@]*@/, "$1****@");
  }
}
function maskSetting(value) {
  return value.length <= 4 ? "*".repeat(value.length) : `${"*".repeat(16)}${value.slice(-4)}`;
}
function firstCharacterAt(value, test) {
  let i = 0;
  for (const ch of value) {
    i++;
    if (test(ch)) return `character ${i} is U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
  }
  return void 0;
}

export {
  isSecret,
  holdsSecret,
  textMayHoldSecret,
  maskSecrets,
  secretValues,
  maskValuesInText,
  maskKey,
  maskStoreUrl,
  maskSetting,
  firstCharacterAt
};
