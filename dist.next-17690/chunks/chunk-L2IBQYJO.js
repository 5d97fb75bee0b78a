import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/core/input-rules.ts
var MAX_NESTING = 32;
var MAX_REQUEST_BYTES = 1024 * 1024;
var MAX_URL_BYTES = 8 * 1024;
var MAX_ECHO = 1024;
var LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
function loneSurrogateAt(s) {
  const m = LONE_SURROGATE.exec(s);
  return m === null ? -1 : m.index;
}
function notTextDetail(s) {
  const at = loneSurrogateAt(s);
  const unit = s.charCodeAt(at);
  const position = Array.from(s.slice(0, at)).length;
  if (unit >= 56448 && unit <= 56575)
    return `not valid UTF-8 (byte 0x${(unit - 56320).toString(16)} at character ${position})`;
  return `not Unicode text (lone surrogate \\u${unit.toString(16)} at character ${position})`;
}
function decodeArgBytes(bytes) {
  let out = "";
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    const need = b < 128 ? 0 : b >= 194 && b <= 223 ? 1 : b >= 224 && b <= 239 ? 2 : b >= 240 && b <= 244 ? 3 : -1;
    let cp = need === 0 ? b : need === 1 ? b & 31 : need === 2 ? b & 15 : b & 7;
    let ok = need >= 0 && i + need < bytes.length;
    for (let k = 1; ok && k <= need; k++) {
      const c = bytes[i + k];
      if ((c & 192) !== 128) ok = false;
      cp = cp << 6 | c & 63;
    }
    if (ok && need === 2 && (cp < 2048 || cp >= 55296 && cp <= 57343)) ok = false;
    if (ok && need === 3 && (cp < 65536 || cp > 1114111)) ok = false;
    if (!ok) {
      out += String.fromCharCode(56320 + b);
      i++;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}
function jsonNestsDeeper(text, limit = MAX_NESTING) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++;
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) {
      depth--;
    }
  }
  return false;
}
function valueProblem(v, limit = MAX_NESTING, depth0 = 0) {
  const stack = [{ v, path: [], depth: depth0 }];
  while (stack.length > 0) {
    const { v: value, path, depth } = stack.pop();
    if (typeof value === "string") {
      if (loneSurrogateAt(value) >= 0) return { path, value, kind: "text", detail: `is ${notTextDetail(value)}` };
      continue;
    }
    if (typeof value !== "object" || value === null || ArrayBuffer.isView(value) || value instanceof Date) continue;
    const proto = Object.getPrototypeOf(value);
    const isArray = Array.isArray(value);
    if (!isArray && proto !== Object.prototype && proto !== null) continue;
    if (depth + 1 > limit)
      return { path, value, kind: "depth", detail: `nests deeper than ${limit} levels of lists and objects` };
    if (isArray) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ v: value[i], path: [...path, i], depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i];
      if (loneSurrogateAt(key) >= 0)
        return { path: [...path, key], value: key, kind: "text", detail: `its name is ${notTextDetail(key)}` };
      stack.push({ v: value[key], path: [...path, key], depth: depth + 1 });
    }
  }
  return void 0;
}
function memberPath(top, path) {
  const name = path.reduce((n, p) => typeof p === "number" ? `${n}[${p}]` : `${n}.${p}`, top);
  return wellFormed(name);
}
function codePoints(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 55296 && c <= 56319 && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 56320 && d <= 57343) i++;
    }
    n++;
  }
  return n;
}
function echoText(text) {
  const length = codePoints(text);
  if (length <= MAX_ECHO) return `'${text}'`;
  return `'${Array.from(text.slice(0, 256)).slice(0, 64).join("")}...' (${length} characters)`;
}
function yamlNestsDeeper(text, limit = MAX_NESTING * 8) {
  let flow = 0;
  let quote = 0;
  let lineStart = true;
  let lead = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      lineStart = true;
      lead = 0;
      continue;
    }
    if (quote !== 0) {
      if (c === 92 && quote === 34) i++;
      else if (c === quote) quote = 0;
      continue;
    }
    if (lineStart) {
      if (c === 32 || c === 9 || (c === 45 || c === 63) && text.charCodeAt(i + 1) === 32) {
        if (++lead + flow > limit) return true;
        continue;
      }
      lineStart = false;
    }
    if (c === 35 && (i === 0 || text.charCodeAt(i - 1) === 32)) {
      while (i + 1 < text.length && text.charCodeAt(i + 1) !== 10) i++;
    } else if ((c === 34 || c === 39) && startsScalar(text, i)) {
      quote = c;
    } else if (c === 91 || c === 123) {
      if (++flow + lead > limit) return true;
    } else if (c === 93 || c === 125) {
      if (flow > 0) flow--;
    }
  }
  return false;
}
function startsScalar(text, i) {
  let j = i - 1;
  while (j >= 0 && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j--;
  return j < 0 || ":-[{,?\n".includes(text[j]);
}
function wellFormed(s) {
  return s.replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD");
}

export {
  MAX_NESTING,
  MAX_REQUEST_BYTES,
  MAX_URL_BYTES,
  loneSurrogateAt,
  notTextDetail,
  decodeArgBytes,
  jsonNestsDeeper,
  valueProblem,
  memberPath,
  echoText,
  yamlNestsDeeper,
  wellFormed
};
