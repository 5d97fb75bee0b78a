import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/core/pytext.ts
var REPR_ESCAPES = { "\\": "\\\\", "	": "\\t", "\n": "\\n", "\r": "\\r" };
function pyStrRepr(text, max = Infinity) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = "";
  for (const ch of text) body += ch === quote ? `\\${quote}` : REPR_ESCAPES[ch] ?? hexEscape(ch);
  return Array.from(`${quote}${body}${quote}`).slice(0, max).join("");
}
function pyBytesRepr(bytes) {
  const has = (c) => bytes.includes(c);
  const quote = has(39) && !has(34) ? '"' : "'";
  let body = "";
  for (const b of bytes) {
    const ch = String.fromCharCode(b);
    if (ch === quote || ch === "\\") body += `\\${ch}`;
    else if (REPR_ESCAPES[ch] !== void 0) body += REPR_ESCAPES[ch];
    else if (b < 32 || b >= 127) body += `\\x${b.toString(16).padStart(2, "0")}`;
    else body += ch;
  }
  return `b${quote}${body}${quote}`;
}
function hexEscape(ch) {
  if (ch === " " || !/[\p{C}\p{Z}]/u.test(ch)) return ch;
  const code = ch.codePointAt(0);
  const hex = code.toString(16);
  if (code <= 255) return `\\x${hex.padStart(2, "0")}`;
  return code <= 65535 ? `\\u${hex.padStart(4, "0")}` : `\\U${hex.padStart(8, "0")}`;
}

export {
  pyStrRepr,
  pyBytesRepr
};
