import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  InputError
} from "./chunk-ZTOYQUS4.js";
import "./chunk-OZWMUVXR.js";

// src/backends/embedded/settings-file.ts
function fromJson(text, path) {
  let doc;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new InputError(`Invalid settings file ${path}: ${err.message}`);
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new InputError(`Invalid settings file ${path}: expected a JSON object of setting names and values.`);
  }
  return Object.entries(doc).map(([name, value]) => {
    if (value === null) return [name, "none"];
    if (typeof value === "boolean" || typeof value === "number" || typeof value === "string")
      return [name, String(value)];
    throw new InputError(
      `Invalid settings file ${path}: the value of ${name} must be a string, number, boolean or null.`
    );
  });
}
function fromIni(text, path) {
  const pairs = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) return;
    if (/^\[\s*settings\s*\]$/.test(line)) return;
    const eq = line.indexOf("=");
    if (line.startsWith("[") || eq <= 0) {
      throw new InputError(`Invalid settings file ${path}, line ${i + 1}: expected name = value, not '${line}'.`);
    }
    pairs.push([line.slice(0, eq).trim(), line.slice(eq + 1).trim()]);
  });
  return pairs;
}
function parseSettingsFile(text, path) {
  const body = text.replace(/^\uFEFF/, "");
  return path.toLowerCase().endsWith(".json") || body.trimStart().startsWith("{") ? fromJson(body, path) : fromIni(body, path);
}
export {
  parseSettingsFile
};
