import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  shellQuote
} from "./chunk-UORFB2H5.js";
import {
  flagsFor
} from "./chunk-LKGJSFLR.js";
import {
  speaksV2
} from "./chunk-VTMY4PMA.js";
import {
  isSecret
} from "./chunk-LSYXKZPM.js";
import {
  stringifyJsonExact
} from "./chunk-4W72ZHQN.js";
import {
  mapEntries
} from "./chunk-NM3Y46F5.js";

// src/models/as-cli.ts
function scalar(value) {
  if (value instanceof Date) return value.toISOString();
  return typeof value === "string" ? value : stringifyJsonExact(value);
}
function isScalarShape(shape) {
  return shape.type !== "structure" && shape.type !== "map" && shape.type !== "list";
}
function secretVariable(path) {
  return `SVCCTL_SECRET_${path.join("_").replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "").toUpperCase()}`;
}
function secretReference(path) {
  return `"\${${secretVariable(path)}:?is a secret the journal does not keep: set it to the value to send}"`;
}
function jsonWithSecrets(shape, value, path, secrets) {
  if (value === null || value === void 0) return value;
  if (isSecret(shape)) {
    secrets.push(path);
    return `\0${secrets.length - 1}\0`;
  }
  if (shape.type === "list" && Array.isArray(value))
    return value.map((v, i) => jsonWithSecrets(shape.member, v, [...path, String(i + 1)], secrets));
  if ((shape.type === "map" || shape.type === "structure") && typeof value === "object" && !Array.isArray(value)) {
    return mapEntries(value, (v, k) => {
      const member = shape.type === "map" ? shape.value : Object.hasOwn(shape.members, k) ? shape.members[k] : void 0;
      return member ? jsonWithSecrets(member, v, [...path, k], secrets) : v;
    });
  }
  return value;
}
function jsonWord(shape, value, path) {
  const secrets = [];
  const text = stringifyJsonExact(jsonWithSecrets(shape, value, path, secrets));
  if (secrets.length === 0) return text;
  const parts = text.split(/\\u0000(\d+)\\u0000/);
  return {
    shell: parts.map((part, i) => i % 2 === 1 ? secretReference(secrets[Number(part)]) : part === "" ? "" : shellQuote(part)).join("")
  };
}
function memberWords(flag, shape, value, path) {
  if (isSecret(shape)) return [flag, { shell: secretReference(path) }];
  if (shape.type === "boolean" && typeof value === "boolean") return [value ? flag : `--no-${flag.slice(2)}`];
  if (shape.type === "list" && isScalarShape(shape.member) && Array.isArray(value) && !isSecret(shape.member))
    return [flag, ...value.map(scalar)];
  if (isScalarShape(shape)) return scalar(value).startsWith("-") ? [`${flag}=${scalar(value)}`] : [flag, scalar(value)];
  return [flag, jsonWord(shape, value, path)];
}
function cliLine(op, input, opts = {}) {
  const words = ["svcctl"];
  if (opts.endpointUrl) words.push("--endpoint-url", opts.endpointUrl);
  if (!speaksV2(op) && opts.region && opts.region !== "us-east-1") words.push("--region", opts.region);
  words.push(...op.paths.reduce((a, b) => b.length > a.length ? b : a));
  for (const spec of flagsFor(op)) {
    const value = input[spec.member];
    if (value === void 0 || value === null) continue;
    words.push(...memberWords(spec.flag, spec.shape, value, [spec.member]));
  }
  if (opts.idempotencyKey !== void 0)
    words.push(...memberWords("--idempotency-key", { type: "string" }, opts.idempotencyKey, []));
  return words.map((w) => typeof w === "string" ? shellQuote(w) : w.shell).join(" ");
}

export {
  cliLine
};
