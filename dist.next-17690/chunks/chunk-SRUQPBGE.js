import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  ConfigError
} from "./chunk-ZTOYQUS4.js";

// src/server/credentials.ts
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
var V2_KEY_SHAPE = /^(sk|pk|rk)_(test|live)_[0-9A-Za-z_]{1,200}$/;
var ACCESS_KEY_SHAPE = /^[A-Z0-9]{16,128}$/;
var ACCOUNT_SHAPE = /^\d{12}$/;
var KEYS = /* @__PURE__ */ new Set(["aws_access_key_id", "aws_secret_access_key", "api_key", "account_id", "admin"]);
function keyDigest(key) {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
var Credentials = class {
  /** By access key id. */
  aws = /* @__PURE__ */ new Map();
  /** By SHA-256 digest of the v2 key. */
  v2 = /* @__PURE__ */ new Map();
  awsPrincipal(accessKeyId) {
    return this.aws.get(accessKeyId);
  }
  v2Principal(key) {
    return this.v2.get(keyDigest(key));
  }
};
function sections(text, where) {
  const out = [];
  let current;
  text.split(/\r?\n/).forEach((raw, i) => {
    const n = i + 1;
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) return;
    const header = /^\[([^\]]*)\]$/.exec(line);
    if (header) {
      const name = header[1].trim();
      if (!/^[A-Za-z0-9_.@-]{1,64}$/.test(name))
        throw new ConfigError(`${where}, line ${n}: a section name is letters, digits and _ . @ - (at most 64).`);
      if (out.some((s) => s.name === name))
        throw new ConfigError(`${where}, line ${n}: section [${name}] appears twice.`);
      current = { name, line: n, values: /* @__PURE__ */ new Map() };
      out.push(current);
      return;
    }
    if (line.startsWith("["))
      throw new ConfigError(`${where}, line ${n}: a section header must be [name] alone on its line.`);
    const eq = line.indexOf("=");
    if (eq <= 0) throw new ConfigError(`${where}, line ${n}: expected 'key = value' or a [section] header.`);
    if (!current) throw new ConfigError(`${where}, line ${n}: a setting before any [section].`);
    const key = line.slice(0, eq).trim().toLowerCase();
    if (!KEYS.has(key))
      throw new ConfigError(
        `${where}, line ${n}: unknown key '${key.slice(0, 40)}' (expected aws_access_key_id, aws_secret_access_key, api_key, account_id or admin).`
      );
    if (current.values.has(key))
      throw new ConfigError(`${where}, line ${n}: ${key} is set twice in [${current.name}].`);
    current.values.set(key, { value: line.slice(eq + 1).trim(), line: n });
  });
  return out;
}
function parseCredentials(text, where) {
  const creds = new Credentials();
  for (const s of sections(text, where)) {
    const get = (k) => s.values.get(k);
    const at = (k) => `${where}, line ${get(k)?.line ?? s.line}`;
    const account = get("account_id");
    if (!account) throw new ConfigError(`${where}, line ${s.line}: [${s.name}] has no account_id (12 digits).`);
    if (!ACCOUNT_SHAPE.test(account.value)) throw new ConfigError(`${at("account_id")}: account_id must be 12 digits.`);
    const id = get("aws_access_key_id");
    const secret = get("aws_secret_access_key");
    const apiKey = get("api_key");
    const admin = get("admin");
    if (admin && admin.value !== "true" && admin.value !== "false")
      throw new ConfigError(`${at("admin")}: admin must be true or false.`);
    if (admin?.value === "true" && !apiKey)
      throw new ConfigError(
        `${at("admin")}: [${s.name}] is an admin without an api_key (an admin presents its api_key as a Bearer token).`
      );
    if (!id && !secret && !apiKey)
      throw new ConfigError(
        `${where}, line ${s.line}: [${s.name}] has no aws_access_key_id / aws_secret_access_key pair and no api_key.`
      );
    if (id || secret) {
      if (!id)
        throw new ConfigError(
          `${at("aws_secret_access_key")}: [${s.name}] has aws_secret_access_key without aws_access_key_id.`
        );
      if (!secret)
        throw new ConfigError(
          `${at("aws_access_key_id")}: [${s.name}] has aws_access_key_id without aws_secret_access_key.`
        );
      if (!ACCESS_KEY_SHAPE.test(id.value))
        throw new ConfigError(`${at("aws_access_key_id")}: an access key id is 16 to 128 capital letters and digits.`);
      if (secret.value.length < 1 || /\s/.test(secret.value))
        throw new ConfigError(`${at("aws_secret_access_key")}: the secret access key is empty or has white space.`);
      if (creds.aws.has(id.value))
        throw new ConfigError(
          `${at("aws_access_key_id")}: this access key id is already given to [${creds.aws.get(id.value).name}].`
        );
      creds.aws.set(id.value, {
        name: s.name,
        accountId: account.value,
        accessKeyId: id.value,
        secretAccessKey: secret.value
      });
    }
    if (apiKey) {
      if (!V2_KEY_SHAPE.test(apiKey.value))
        throw new ConfigError(
          `${at("api_key")}: not an API key (sk_, pk_ or rk_, then test_ or live_, then letters, digits and _).`
        );
      const d = keyDigest(apiKey.value);
      if (creds.v2.has(d))
        throw new ConfigError(`${at("api_key")}: this api_key is already given to [${creds.v2.get(d).name}].`);
      creds.v2.set(d, { name: s.name, accountId: account.value, ...admin?.value === "true" ? { admin: true } : {} });
    }
  }
  if (creds.aws.size === 0 && creds.v2.size === 0)
    throw new ConfigError(`${where} names no principal: every request would be refused.`);
  return creds;
}
function readCredentialsText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    throw new ConfigError(`Unable to read --credentials file ${path}: ${err.message}`);
  }
}
function loadCredentials(path, warn) {
  const creds = parseCredentials(readCredentialsText(path), `--credentials file ${path}`);
  const mode = statSync(path).mode & 511;
  if ((mode & 63) !== 0)
    warn(
      `warning: --credentials file ${path} is readable by other users (mode ${mode.toString(8).padStart(4, "0")}); chmod 600 it.`
    );
  return creds;
}
function firstKeys(text) {
  const out = {};
  for (const s of sections(text, "credentials")) {
    const id = s.values.get("aws_access_key_id")?.value;
    const secret = s.values.get("aws_secret_access_key")?.value;
    const key = s.values.get("api_key")?.value;
    if (out.accessKeyId === void 0 && id !== void 0 && secret !== void 0) {
      out.accessKeyId = id;
      out.secretAccessKey = secret;
    }
    if (out.apiKey === void 0 && key !== void 0) out.apiKey = key;
  }
  return out;
}

export {
  V2_KEY_SHAPE,
  keyDigest,
  Credentials,
  parseCredentials,
  readCredentialsText,
  loadCredentials,
  firstKeys
};
