import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  PyFloat,
  isPyNumber,
  pyJsonNumberText
} from "./chunk-4W72ZHQN.js";
import {
  holdsOrder,
  orderedJson
} from "./chunk-NM3Y46F5.js";

// src/output/json.ts
var jsDiffers = (x) => {
  if (Number.isInteger(x)) return false;
  const a = Math.abs(x);
  return !Number.isFinite(x) || a < 1e-4 || a >= 1e16;
};
function needsPython(v) {
  if (typeof v === "number") return jsDiffers(v);
  if (typeof v === "bigint" || v instanceof PyFloat) return true;
  if (Array.isArray(v)) return v.some(needsPython);
  if (v !== null && typeof v === "object") {
    for (const k in v) if (Object.hasOwn(v, k) && needsPython(v[k])) return true;
  }
  return false;
}
function stringifyPython(v, indent) {
  if (holdsOrder(v))
    return orderedJson(
      v,
      (x) => isPyNumber(x) && (typeof x !== "number" || jsDiffers(x)) ? pyJsonNumberText(x) : void 0,
      indent
    );
  if (!needsPython(v)) return JSON.stringify(v, null, indent);
  const nonce = `\0${Math.random().toString(36).slice(2)}:`;
  const replacer = (_key, value) => isPyNumber(value) && (typeof value !== "number" || jsDiffers(value)) ? nonce + pyJsonNumberText(value) : value;
  const text = JSON.stringify(v, replacer, indent);
  const marked = JSON.stringify(nonce).slice(1, -1);
  return text.replace(new RegExp(`"${marked.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&")}([^"]*)"`, "g"), "$1");
}
function formatJson(data) {
  return `${stringifyPython(data, 4)}
`;
}

export {
  stringifyPython,
  formatJson
};
