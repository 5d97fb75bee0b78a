import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/output/color.ts
function colorEnabled(mode, stream, env) {
  if (mode === "on") return true;
  if (mode === "off") return false;
  return stream.isTTY === true && !env.NO_COLOR && env.TERM !== "dumb";
}
async function loadPalette() {
  const { Chalk } = await import("./source-R7LQG7PO.js");
  const c = new Chalk({ level: 1 });
  return {
    key: (s) => c.bold.blue(s),
    string: (s) => c.green(s),
    number: (s) => c.cyan(s),
    boolean: (s) => c.yellow(s),
    null: (s) => c.gray(s),
    error: (s) => c.red(s)
  };
}
function scalarStyle(p, token) {
  if (token === "null") return p.null;
  if (token === "true" || token === "false") return p.boolean;
  if (/^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$|^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/.test(token))
    return p.number;
  return p.string;
}
var JSON_TOKEN = /("(?:[^"\\\n]|\\.)*")(\s*:)?|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\btrue\b|\bfalse\b|\bnull\b/g;
function colorJson(text, p) {
  return text.replace(JSON_TOKEN, (token, str, colon) => {
    if (str !== void 0) return colon !== void 0 ? p.key(str) + colon : p.string(str);
    return scalarStyle(p, token)(token);
  });
}
function quoteEnd(line, from, quote) {
  for (let i = from + 1; i < line.length; i++) {
    if (quote === '"' && line[i] === "\\") i++;
    else if (quote === "'" && line[i] === "'" && line[i + 1] === "'") i++;
    else if (line[i] === quote) return i + 1;
  }
  return -1;
}
function keyEnd(line, from) {
  const c = line[from];
  if (c === "'" || c === '"') {
    const end = quoteEnd(line, from, c);
    return end > 0 && line[end] === ":" && (end + 1 === line.length || line[end + 1] === " ") ? end : -1;
  }
  const m = /: |:$/.exec(line.slice(from));
  return m === null ? -1 : from + m.index;
}
function yamlLine(line, p, cont) {
  const indent = line.length - line.trimStart().length;
  if (cont?.kind === "quote") {
    const end2 = quoteEnd(` ${line}`, 0, cont.quote) - 1;
    const head = line.slice(0, indent);
    if (end2 < 0) return [line.trim() === "" ? line : head + p.string(line.slice(indent)), cont];
    return [head + p.string(line.slice(indent, end2)) + line.slice(end2), void 0];
  }
  if (cont?.kind === "plain" && indent > cont.base && line.trim() !== "")
    return [line.slice(0, indent) + p.string(line.slice(indent)), cont];
  let at = indent;
  let base = indent;
  let out = line.slice(0, indent);
  while (line.startsWith("- ", at) || line.startsWith("? ", at) || line.startsWith(": ", at)) {
    base = at;
    out += line.slice(at, at + 2);
    at += 2;
  }
  const end = keyEnd(line, at);
  if (end >= 0 && line[at] !== "[" && line[at] !== "{") {
    base = at;
    out += `${p.key(line.slice(at, end))}:`;
    at = end + 1;
    if (at < line.length) out += line[at++];
  }
  const [value, next] = yamlValue(line.slice(at), p, base);
  return [out + value, next];
}
function yamlValue(value, p, base) {
  if (value === "" || value === "[]" || value === "{}" || value === "-") return [value, void 0];
  const q = value[0];
  if (q === "'" || q === '"') {
    const closed = quoteEnd(value, 0, q) > 0;
    return [p.string(value), closed ? void 0 : { kind: "quote", quote: q }];
  }
  const style = scalarStyle(p, value);
  return [style(value), style === p.string ? { kind: "plain", base } : void 0];
}
function colorYaml(text, p) {
  let cont;
  return text.split("\n").map((line) => {
    const [colored, next] = yamlLine(line, p, cont);
    cont = next;
    return colored;
  }).join("\n");
}
function colorError(text, p) {
  return text.split("\n").map((line) => line === "" ? line : p.error(line)).join("\n");
}
var palette;
async function colorDocument(kind, text) {
  const p = await (palette ??= loadPalette());
  return kind === "json" ? colorJson(text, p) : colorYaml(text, p);
}
async function coloredJsonSink(write) {
  const p = await (palette ??= loadPalette());
  return (chunk) => write(colorJson(chunk, p));
}

export {
  colorEnabled,
  loadPalette,
  colorJson,
  colorYaml,
  colorError,
  colorDocument,
  coloredJsonSink
};
