import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var __export = (target2, all) => {
  for (var name in all)
    __defProp(target2, name, { get: all[name], enumerable: true });
};

// src/core/errors.ts
function json11ErrorFields(code, message, body) {
  const fields = { Message: message, Code: code };
  if (body.message !== void 0) fields.message = body.message;
  return fields;
}
function withoutTopology(err) {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/^The store \(PostgreSQL at [^)]*\) /, "The store ").replace(/ Retry the request\.$/, "");
}
function osErrorText(err) {
  const what = /^[A-Z]+: ([^,]+)/.exec(err.message)?.[1] ?? err.message;
  const text = what.charAt(0).toUpperCase() + what.slice(1);
  return err.errno === void 0 ? text : `[Errno ${Math.abs(err.errno)}] ${text}`;
}
var EXIT, CliError, InputError, ConfigError, ServiceError, StoreUnavailableError;
var init_errors = __esm({
  "src/core/errors.ts"() {
    "use strict";
    EXIT = {
      OK: 0,
      USAGE: 252,
      CONFIG: 253,
      SERVICE: 254,
      OTHER: 255,
      INTERRUPTED: 130
    };
    CliError = class extends Error {
    };
    InputError = class extends CliError {
      exitCode = EXIT.USAGE;
      kind = "ParamValidation";
    };
    ConfigError = class extends CliError {
      constructor(message, kind = "Configuration") {
        super(message);
        this.kind = kind;
      }
      kind;
      exitCode = EXIT.CONFIG;
    };
    ServiceError = class extends CliError {
      constructor(code, message, status = 400, extra = {}) {
        super(message);
        this.code = code;
        this.status = status;
        this.extra = extra;
      }
      code;
      status;
      extra;
      exitCode = EXIT.SERVICE;
      get kind() {
        return this.code;
      }
      /**
       * The error's fields as an AWS SDK parses them from the wire (`{Message, Code, message}` for a JSON 1.1
       * service, `{Code, Message}` for a Query one): what the structured error formats print.
       */
      fields;
    };
    StoreUnavailableError = class extends ServiceError {
      constructor(message, outcome = "not-done") {
        super("ServiceUnavailable", message, 503);
        this.outcome = outcome;
      }
      outcome;
    };
  }
});

// src/core/keys.ts
function isIndexKey(key) {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) < 4294967295;
}
function setOwn(obj, key, value) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
function keysOf(obj) {
  const own = Object.keys(obj);
  const order = obj[KEY_ORDER];
  if (order === void 0) return own;
  const present = new Set(own);
  const out = order.filter((k) => present.delete(k));
  for (const k of own) if (present.has(k)) out.push(k);
  return out;
}
function entriesOf(obj) {
  return keysOf(obj).map((k) => [k, obj[k]]);
}
function fromEntriesOrdered(entries) {
  const out = {};
  const order = [];
  let indexKey = false;
  for (const [k, v] of entries) {
    if (!Object.hasOwn(out, k)) order.push(k);
    setOwn(out, k, v);
    if (!indexKey && isIndexKey(k)) indexKey = true;
  }
  if (indexKey) out[KEY_ORDER] = order;
  return out;
}
function mapEntries(obj, fn) {
  return fromEntriesOrdered(entriesOf(obj).map(([k, v]) => [k, fn(v, k)]));
}
function holdsOrder(v) {
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (x === null || typeof x !== "object") continue;
    if (Array.isArray(x)) {
      for (const item of x) stack.push(item);
      continue;
    }
    if (x[KEY_ORDER] !== void 0) return true;
    for (const k in x) if (Object.hasOwn(x, k)) stack.push(x[k]);
  }
  return false;
}
function orderedJson(value, number, indent = 0, replacer) {
  const pad = " ".repeat(indent);
  const write = (key, raw2, depth) => {
    let v = raw2;
    if (v !== null && typeof v === "object" && typeof v.toJSON === "function")
      v = v.toJSON(key);
    if (replacer) v = replacer(key, v);
    const num2 = number(v);
    if (num2 !== void 0) return num2;
    if (v === null) return "null";
    if (typeof v === "string" || typeof v === "boolean") return JSON.stringify(v);
    if (typeof v === "number") return Number.isFinite(v) ? String(v) : "null";
    if (typeof v !== "object") return void 0;
    const inner = indent ? `
${pad.repeat(depth + 1)}` : "";
    const close = indent ? `
${pad.repeat(depth)}` : "";
    if (Array.isArray(v)) {
      if (v.length === 0) return "[]";
      const items = v.map((x, i) => write(String(i), x, depth + 1) ?? "null");
      return `[${inner}${items.join(`,${inner}`)}${close}]`;
    }
    const parts = [];
    for (const k of keysOf(v)) {
      const text = write(k, v[k], depth + 1);
      if (text !== void 0) parts.push(`${JSON.stringify(k)}:${indent ? " " : ""}${text}`);
    }
    if (parts.length === 0) return "{}";
    return `{${inner}${parts.join(`,${inner}`)}${close}}`;
  };
  return write("", value, 0);
}
var KEY_ORDER;
var init_keys = __esm({
  "src/core/keys.ts"() {
    "use strict";
    KEY_ORDER = /* @__PURE__ */ Symbol("svcctl.keyOrder");
  }
});

// src/core/pynum.ts
function pyFloat(x) {
  return Number.isInteger(x) ? new PyFloat(x) : x;
}
function pyInt(v) {
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v;
}
function pyFloatRepr(x) {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mant, expText] = x.toExponential().split("e");
  const exp = Number(expText);
  const sign2 = mant.startsWith("-") ? "-" : "";
  const digits = mant.replace("-", "").replace(".", "");
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign2}${m}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  if (exp < 0) return `${sign2}0.${"0".repeat(-exp - 1)}${digits}`;
  const intPart = digits.slice(0, exp + 1).padEnd(exp + 1, "0");
  return `${sign2}${intPart}.${digits.slice(exp + 1) || "0"}`;
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
var PyFloat, asDouble, parsePyInt, TOKEN, LONG_DIGITS, INDEX_KEY, KEY_COLON;
var init_pynum = __esm({
  "src/core/pynum.ts"() {
    "use strict";
    init_keys();
    PyFloat = class {
      constructor(value) {
        this.value = value;
      }
      value;
    };
    asDouble = (v) => v instanceof PyFloat ? v.value : Number(v);
    parsePyInt = (text) => pyInt(BigInt(text));
    TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(\.\d+)?([eE][+-]?\d+)?/g;
    LONG_DIGITS = /\d{16}/;
    INDEX_KEY = /"(?:0|[1-9]\d{0,9})"\s*:/;
    KEY_COLON = /\s*:/y;
  }
});

// src/models/secrets.ts
function isSecret(shape) {
  return shape.type === "string" && shape.sensitive === true;
}
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
var MASK, holding;
var init_secrets = __esm({
  "src/models/secrets.ts"() {
    "use strict";
    init_keys();
    MASK = "****";
    holding = /* @__PURE__ */ new WeakMap();
  }
});

// src/core/options.ts
var OUTPUT_FORMATS, COLOR_MODES, ERROR_FORMATS, BINARY_FORMATS, SKELETON_TYPES, SVCCTL_GLOBAL_FLAGS, GLOBAL_FLAGS, OPERATION_FLAGS, CURRENT_SERVICE_VERSION;
var init_options = __esm({
  "src/core/options.ts"() {
    "use strict";
    OUTPUT_FORMATS = ["json", "text", "table", "yaml", "yaml-stream", "off"];
    COLOR_MODES = ["on", "off", "auto"];
    ERROR_FORMATS = ["legacy", "json", "yaml", "text", "table", "enhanced"];
    BINARY_FORMATS = ["base64", "raw-in-base64-out"];
    SKELETON_TYPES = ["input", "yaml-input", "output"];
    SVCCTL_GLOBAL_FLAGS = [
      ["--api-key <key>", "The v2 API key (sk_/pk_/rk_ test or live)."],
      ["--service-version <version>", "The v2 API version header value (<yyyy-mm-dd>.<name>)."],
      [
        "--idempotency-key <key>",
        "The Idempotency-Key of a v2 POST (generated when absent): printable Latin-1 characters and tabs, as an HTTP header takes."
      ]
    ];
    GLOBAL_FLAGS = [
      ["--debug", "Turn on debug logging (to stderr)."],
      [
        "--endpoint-url <url>",
        "Use the HTTP backend against this URL instead of the embedded service; it comes before SVCCTL_ENDPOINT_URL, AWS_ENDPOINT_URL_<SERVICE>, AWS_ENDPOINT_URL and the profile."
      ],
      ["--no-verify-ssl", "Do not verify TLS certificates (https endpoints)."],
      ["--no-paginate", "Make one call only and print the first page with the service's own NextToken."],
      ["--output <format>", `The output format: ${OUTPUT_FORMATS.join(", ")}.`],
      ["--query <expression>", "A JMESPath query to filter the response."],
      ["--profile <name>", "Use a named profile from the configuration files."],
      ["--region <region>", "The region to use (default us-east-1 for the embedded service)."],
      ["--color <mode>", `Colour: ${COLOR_MODES.join(", ")} (default auto).`],
      ["--no-sign-request", "Do not sign requests; credentials are not loaded."],
      ["--ca-bundle <path>", "The CA certificate bundle to verify TLS certificates with."],
      [
        "--cli-read-timeout <seconds>",
        "Maximum socket read time in whole seconds; 0 blocks forever, a negative value is refused (default 60)."
      ],
      [
        "--cli-connect-timeout <seconds>",
        "Maximum socket connect time in whole seconds; 0 blocks forever, a negative value is refused (default 60)."
      ],
      ["--cli-binary-format <format>", `How binary values are given: ${BINARY_FORMATS.join(", ")} (default base64).`],
      ["--no-cli-pager", "Do not send output to a pager."],
      ["--cli-auto-prompt", "Prompt for the command's parameters."],
      ["--no-cli-auto-prompt", "Never prompt for parameters."],
      ["--cli-error-format <format>", `The format of errors: ${ERROR_FORMATS.join(", ")} (default enhanced).`],
      ...SVCCTL_GLOBAL_FLAGS
    ];
    OPERATION_FLAGS = [
      [
        "--cli-input-json <json>",
        "Read arguments from a JSON string or file:// (at most 16 MiB) in the --generate-cli-skeleton format."
      ],
      [
        "--cli-input-yaml <yaml>",
        "Read arguments from a YAML string or file:// (at most 16 MiB) in the --generate-cli-skeleton yaml-input format."
      ],
      [
        "--generate-cli-skeleton [type]",
        `Print a skeleton and make no call: ${SKELETON_TYPES.join(", ")} (default input).`
      ]
    ];
    CURRENT_SERVICE_VERSION = "2025-12-15.clover";
  }
});

// src/backends/store-url.ts
var init_store_url = __esm({
  "src/backends/store-url.ts"() {
    "use strict";
    init_errors();
    init_options();
    init_secrets();
  }
});

// src/backends/embedded/test-hooks.ts
import { existsSync as existsSync2, writeFileSync } from "node:fs";
import { join } from "node:path";
function pauseBeforeCommit(dir) {
  if (!dir) return void 0;
  let n = 0;
  const cell = new Int32Array(new SharedArrayBuffer(4));
  return () => {
    const mark = join(dir, `${process.pid}.${++n}`);
    writeFileSync(mark, "");
    for (let i = 0; i < 3e3 && !existsSync2(`${mark}.go`); i++) Atomics.wait(cell, 0, 0, 10);
  };
}
var init_test_hooks = __esm({
  "src/backends/embedded/test-hooks.ts"() {
    "use strict";
  }
});

// src/backends/embedded/store/pg-store.ts
import { existsSync as existsSync3 } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
function toPostgres(sql) {
  let n = 0;
  let out = "";
  let quoted = false;
  for (const ch of sql) {
    if (ch === "'") quoted = !quoted;
    out += ch === "?" && !quoted ? `$${++n}` : ch;
  }
  if (/^\s*INSERT OR IGNORE INTO/i.test(out))
    out = `${out.replace(/INSERT OR IGNORE INTO/i, "INSERT INTO")} ON CONFLICT DO NOTHING`;
  const returnsSeq = /^\s*INSERT INTO journal\b/i.test(out);
  if (returnsSeq) out += " RETURNING seq";
  return { text: out, returnsSeq };
}
function workerScript() {
  for (const rel of ["./pg-worker.js", "../pg-worker.js", "../../../../dist/pg-worker.js"]) {
    const path = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync3(path)) return path;
  }
  throw new ConfigError("The PostgreSQL store needs the built svcctl: dist/pg-worker.js is missing (npm run build).");
}
function toPgText(v) {
  return typeof v === "string" && (v.includes(NUL) || v.includes(ESC)) ? v.replace(ENCODED, (c) => ENCODE.get(c)) : v;
}
function fromPgText(v) {
  return typeof v === "string" && v.includes(ESC) ? v.replace(DECODED, (c) => DECODE.get(c)) : v;
}
function decodeRow(row) {
  for (const k in row) row[k] = fromPgText(row[k]);
  return row;
}
function schemaVersion(db) {
  const row = db.query("SELECT to_regclass('svcctl_schema') IS NOT NULL AS present").rows[0];
  if (!row.present) return 0;
  return Number(db.query("SELECT version FROM svcctl_schema").rows[0]?.version ?? 0);
}
function tooNew(version, url) {
  return new ConfigError(
    `The store ${maskStoreUrl(url)} was written by a newer svcctl (schema version ${version}; this svcctl knows versions up to ${PG_MIGRATIONS.length}). Upgrade svcctl, or use another database.`
  );
}
function openPgStore(options) {
  const db = new PgDatabase(options);
  try {
    const version = schemaVersion(db);
    if (version > PG_MIGRATIONS.length) throw tooNew(version, options.url);
    if (version < PG_MIGRATIONS.length) {
      db.query("BEGIN");
      const inTx = (sql, params = []) => db.query(sql, params, true);
      try {
        inTx("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
        inTx("CREATE TABLE IF NOT EXISTS svcctl_schema (version INTEGER NOT NULL)");
        const current = Number(inTx("SELECT version FROM svcctl_schema").rows[0]?.version ?? 0);
        if (current > PG_MIGRATIONS.length) throw tooNew(current, options.url);
        for (let v = current; v < PG_MIGRATIONS.length; v++) inTx(PG_MIGRATIONS[v]);
        inTx("DELETE FROM svcctl_schema");
        inTx("INSERT INTO svcctl_schema (version) VALUES ($1)", [PG_MIGRATIONS.length]);
        inTx("COMMIT");
      } catch (err) {
        try {
          inTx("ROLLBACK");
        } catch {
        }
        throw err;
      }
    }
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
var PG_MIGRATIONS, MAX_ATTEMPTS, BACKOFF_MS, RETRYABLE, MIGRATION_LOCK, PAUSE, PgError, NUL, ESC, ENCODE, DECODE, ENCODED, DECODED, PgStatement, PgDatabase;
var init_pg_store = __esm({
  "src/backends/embedded/store/pg-store.ts"() {
    "use strict";
    init_errors();
    init_test_hooks();
    init_store_url();
    PG_MIGRATIONS = [
      // The SQLite schema at its version 5, in one step. Names compare byte by byte (COLLATE "C"), as in
      // SQLite, so that keyset pages are in the same order whatever the database's locale.
      `CREATE TABLE repositories (
     region TEXT COLLATE "C" NOT NULL, registry_id TEXT COLLATE "C" NOT NULL, name TEXT COLLATE "C" NOT NULL,
     created_ms BIGINT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (region, registry_id, name));
   CREATE TABLE launch_configurations (
     owner TEXT COLLATE "C" NOT NULL, region TEXT COLLATE "C" NOT NULL, name TEXT COLLATE "C" NOT NULL,
     created_ms BIGINT NOT NULL, doc TEXT NOT NULL, PRIMARY KEY (owner, region, name));
   CREATE TABLE account_tokens (
     id TEXT COLLATE "C" PRIMARY KEY, livemode INTEGER NOT NULL, created_ms BIGINT NOT NULL, doc TEXT NOT NULL,
     used INTEGER NOT NULL DEFAULT 0, expires_ms BIGINT NOT NULL DEFAULT 0, owner TEXT COLLATE "C" NOT NULL DEFAULT '000000000000');
   CREATE TABLE meter_event_adjustments (
     id TEXT COLLATE "C" PRIMARY KEY, livemode INTEGER NOT NULL, created_ms BIGINT NOT NULL, doc TEXT NOT NULL,
     completes_ms BIGINT NOT NULL DEFAULT 0, owner TEXT COLLATE "C" NOT NULL DEFAULT '000000000000');
   CREATE TABLE settings (name TEXT COLLATE "C" PRIMARY KEY, value TEXT NOT NULL);
   CREATE TABLE accounts (
     id TEXT COLLATE "C" PRIMARY KEY, livemode INTEGER NOT NULL, created_ms BIGINT NOT NULL, token_id TEXT NOT NULL UNIQUE,
     doc TEXT NOT NULL, owner TEXT COLLATE "C" NOT NULL DEFAULT '000000000000');
   CREATE TABLE account_update_leases (
     id TEXT PRIMARY KEY, account_id TEXT NOT NULL, livemode INTEGER NOT NULL, pid INTEGER NOT NULL, expires_ms BIGINT NOT NULL);
   CREATE INDEX account_update_leases_scope ON account_update_leases (account_id, livemode);
   CREATE TABLE idempotency_keys (
     owner TEXT COLLATE "C" NOT NULL, livemode INTEGER NOT NULL, key TEXT COLLATE "C" NOT NULL, operation TEXT NOT NULL,
     fingerprint TEXT NOT NULL, created_ms BIGINT NOT NULL, response TEXT NOT NULL, PRIMARY KEY (owner, livemode, key));
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_ms);
   CREATE TABLE journal (
     seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, time_ms BIGINT NOT NULL, account TEXT NOT NULL, principal TEXT,
     region TEXT NOT NULL, protocol TEXT NOT NULL, operation TEXT NOT NULL, input TEXT NOT NULL,
     status INTEGER NOT NULL, error_code TEXT, latency_ms DOUBLE PRECISION NOT NULL);`,
      // The SQLite schema's version 6: a v2 request's Idempotency-Key and a warning in its journal row.
      `ALTER TABLE journal ADD COLUMN idempotency_key TEXT;
   ALTER TABLE journal ADD COLUMN warning TEXT;`,
      // The SQLite schema's version 7 (issue 42): rows per kind, account and region, kept by triggers (one per
      // statement, over its transition table: a reset of many rows updates each count once), counted from the
      // rows already stored; and the inspector's listing-order indexes.
      `CREATE TABLE resource_counts (
     kind TEXT COLLATE "C" NOT NULL, owner TEXT COLLATE "C" NOT NULL, region TEXT COLLATE "C" NOT NULL,
     n BIGINT NOT NULL, PRIMARY KEY (kind, owner, region));
   CREATE FUNCTION repositories_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'repositories', registry_id, region, count(*) FROM added GROUP BY registry_id, region
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     ELSE
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'repositories', registry_id, region, -count(*) FROM removed GROUP BY registry_id, region
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER repositories_added AFTER INSERT ON repositories REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION repositories_counted();
   CREATE TRIGGER repositories_removed AFTER DELETE ON repositories REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION repositories_counted();
   INSERT INTO resource_counts (kind, owner, region, n) SELECT 'repositories', registry_id, region, count(*) FROM repositories GROUP BY registry_id, region;
   CREATE INDEX repositories_listed ON repositories (registry_id, created_ms, name);
   CREATE FUNCTION launch_configurations_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'launch-configurations', owner, region, count(*) FROM added GROUP BY owner, region
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     ELSE
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'launch-configurations', owner, region, -count(*) FROM removed GROUP BY owner, region
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER launch_configurations_added AFTER INSERT ON launch_configurations REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION launch_configurations_counted();
   CREATE TRIGGER launch_configurations_removed AFTER DELETE ON launch_configurations REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION launch_configurations_counted();
   INSERT INTO resource_counts (kind, owner, region, n) SELECT 'launch-configurations', owner, region, count(*) FROM launch_configurations GROUP BY owner, region;
   CREATE INDEX launch_configurations_listed ON launch_configurations (owner, created_ms, name);
   CREATE FUNCTION account_tokens_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'account-tokens', owner, '', count(*) FROM added GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     ELSE
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'account-tokens', owner, '', -count(*) FROM removed GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER account_tokens_added AFTER INSERT ON account_tokens REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION account_tokens_counted();
   CREATE TRIGGER account_tokens_removed AFTER DELETE ON account_tokens REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION account_tokens_counted();
   INSERT INTO resource_counts (kind, owner, region, n) SELECT 'account-tokens', owner, '', count(*) FROM account_tokens GROUP BY owner;
   CREATE INDEX account_tokens_listed ON account_tokens (owner, created_ms, id);
   CREATE FUNCTION accounts_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'accounts', owner, '', count(*) FROM added GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     ELSE
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'accounts', owner, '', -count(*) FROM removed GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER accounts_added AFTER INSERT ON accounts REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION accounts_counted();
   CREATE TRIGGER accounts_removed AFTER DELETE ON accounts REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION accounts_counted();
   INSERT INTO resource_counts (kind, owner, region, n) SELECT 'accounts', owner, '', count(*) FROM accounts GROUP BY owner;
   CREATE INDEX accounts_listed ON accounts (owner, created_ms, id);
   CREATE FUNCTION meter_event_adjustments_counted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     IF TG_OP = 'INSERT' THEN
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'meter-event-adjustments', owner, '', count(*) FROM added GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     ELSE
       INSERT INTO resource_counts (kind, owner, region, n) SELECT 'meter-event-adjustments', owner, '', -count(*) FROM removed GROUP BY owner
         ON CONFLICT (kind, owner, region) DO UPDATE SET n = resource_counts.n + excluded.n;
     END IF;
     RETURN NULL;
   END $$;
   CREATE TRIGGER meter_event_adjustments_added AFTER INSERT ON meter_event_adjustments REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION meter_event_adjustments_counted();
   CREATE TRIGGER meter_event_adjustments_removed AFTER DELETE ON meter_event_adjustments REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION meter_event_adjustments_counted();
   INSERT INTO resource_counts (kind, owner, region, n) SELECT 'meter-event-adjustments', owner, '', count(*) FROM meter_event_adjustments GROUP BY owner;
   CREATE INDEX meter_event_adjustments_listed ON meter_event_adjustments (owner, created_ms, id);`
    ];
    MAX_ATTEMPTS = 30;
    BACKOFF_MS = 2e3;
    RETRYABLE = /* @__PURE__ */ new Set(["40001", "40P01", "23505"]);
    MIGRATION_LOCK = 1400267619;
    PAUSE = new Int32Array(new SharedArrayBuffer(4));
    PgError = class extends Error {
      constructor(message, code) {
        super(message);
        this.code = code;
      }
      code;
    };
    NUL = String.fromCharCode(0);
    ESC = String.fromCharCode(1);
    ENCODE = /* @__PURE__ */ new Map([
      [NUL, `${ESC}${String.fromCharCode(3)}`],
      [ESC, `${ESC}${String.fromCharCode(2)}`]
    ]);
    DECODE = new Map([...ENCODE].map(([raw2, coded]) => [coded, raw2]));
    ENCODED = new RegExp(`[${NUL}${ESC}]`, "g");
    DECODED = new RegExp(`${ESC}[${String.fromCharCode(2)}${String.fromCharCode(3)}]`, "g");
    PgStatement = class _PgStatement {
      constructor(db, sql) {
        this.db = db;
        this.sql = sql;
      }
      db;
      sql;
      plucked = false;
      rows(params) {
        const rows = this.db.query(this.sql.text, params.map(toPgText)).rows.map(decodeRow);
        return this.plucked ? rows.map((r) => Object.values(r)[0]) : rows;
      }
      get(...params) {
        return this.rows(params)[0];
      }
      all(...params) {
        return this.rows(params);
      }
      run(...params) {
        const r = this.db.query(this.sql.text, params.map(toPgText));
        return { changes: r.changes, lastInsertRowid: this.sql.returnsSeq ? Number(r.rows[0]?.seq ?? 0) : 0 };
      }
      pluck() {
        const s = new _PgStatement(this.db, this.sql);
        s.plucked = true;
        return s;
      }
    };
    PgDatabase = class {
      constructor(options) {
        this.options = options;
        const { port1, port2 } = new MessageChannel();
        this.port = port1;
        this.queryTimeoutMs = options.queryTimeoutMs ?? 1e4;
        this.pause = pauseBeforeCommit(options.hooks?.txPauseDir);
        const pgPath = createRequire(import.meta.url).resolve("pg");
        const workerData2 = {
          pgPath,
          url: options.url,
          ctrl: this.ctrl.buffer,
          port: port2,
          connectTimeoutMs: options.connectTimeoutMs ?? 5e3,
          queryTimeoutMs: this.queryTimeoutMs
        };
        this.worker = new Worker(workerScript(), {
          workerData: workerData2,
          transferList: [port2]
        });
        this.worker.unref();
      }
      options;
      kind = "postgres";
      worker;
      port;
      ctrl = new Int32Array(new SharedArrayBuffer(4));
      next = 0;
      depth = 0;
      /** The BEGIN of the open transaction, until its first statement carries it to the worker. */
      pendingBegin;
      queryTimeoutMs;
      /**
       * After the database did not answer in time (a host that drops packets, a server that hangs), statements
       * fail at once until this instant instead of each blocking the instance for a whole time-out: serve stays
       * responsive (health, metrics, 503s) while the database is away, and tries again after BACKOFF_MS.
       */
      quietUntil = 0;
      quietReason = "";
      /** The crash tests' hook (SVCCTL_TEST_TX_PAUSE, test-hooks.ts): a transaction waits there before its COMMIT. */
      pause;
      /** Round trips made, for the benchmark and the debug log. */
      queries = 0;
      /** Operations run again after a serialization failure, deadlock or unique race. */
      retries = 0;
      /**
       * One statement, synchronously: posted to the worker, the answer awaited on the shared cell. `inTx`: the
       * statement belongs to an open transaction (the worker sends it only on that transaction's connection).
       */
      query(text, params = [], inTx = this.depth > 0 && this.pendingBegin === void 0) {
        if (Date.now() < this.quietUntil) throw this.unavailable(this.quietReason);
        const id = ++this.next;
        this.queries++;
        Atomics.store(this.ctrl, 0, 0);
        this.worker.postMessage({ id, sql: text, params, begin: this.pendingBegin, inTx });
        this.pendingBegin = void 0;
        const deadline = Date.now() + this.queryTimeoutMs + 5e3;
        for (; ; ) {
          let msg = receiveMessageOnPort(this.port);
          while (msg && msg.message.id !== id) msg = receiveMessageOnPort(this.port);
          if (msg) {
            const reply = msg.message;
            if (reply.error) {
              if (reply.error.unavailable) {
                if (/timeout|timed out/i.test(reply.error.message)) this.quiet(reply.error.message);
                throw this.unavailable(reply.error.message, reply.error.outcome);
              }
              throw new PgError(reply.error.message, reply.error.code);
            }
            return { rows: reply.rows, changes: reply.changes };
          }
          const left = deadline - Date.now();
          if (left <= 0) {
            this.worker.postMessage({ reset: true });
            this.quiet(`no answer within ${this.queryTimeoutMs + 5e3} ms`);
            throw this.unavailable(this.quietReason);
          }
          Atomics.wait(this.ctrl, 0, 0, left);
          Atomics.store(this.ctrl, 0, 0);
        }
      }
      quiet(reason) {
        this.quietUntil = Date.now() + BACKOFF_MS;
        this.quietReason = `${reason} (not tried again for ${BACKOFF_MS / 1e3} s)`;
      }
      unavailable(detail, outcome) {
        const store = `The store (PostgreSQL at ${maskStoreUrl(this.options.url)})`;
        if (outcome === "unknown")
          return new StoreUnavailableError(
            `${store} did not answer whether the request's COMMIT took effect (${detail}); it may have.`,
            "unknown"
          );
        return new StoreUnavailableError(`${store} is unavailable: ${detail}. Retry the request.`);
      }
      prepare(sql) {
        return new PgStatement(this, toPostgres(sql));
      }
      exec(sql) {
        this.query(sql);
      }
      transaction(fn, isolation = "serializable") {
        const run = ((...args) => this.inTransaction(isolation, () => fn(...args)));
        run.immediate = run;
        return run;
      }
      /** fn in one transaction, run again (bounded) on a serialization failure; nested: part of the outer one. */
      inTransaction(isolation, fn) {
        if (this.depth > 0) return fn();
        for (let attempt = 1; ; attempt++) {
          this.pendingBegin = `BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}`;
          this.depth = 1;
          try {
            const out = fn();
            if (this.pendingBegin === void 0) {
              this.pause?.();
              this.query("COMMIT");
            }
            return out;
          } catch (err) {
            if (this.pendingBegin !== void 0) {
            } else {
              try {
                this.query("ROLLBACK");
              } catch {
              }
            }
            if (!(err instanceof PgError) || !RETRYABLE.has(err.code ?? "")) throw err;
            if (attempt >= MAX_ATTEMPTS)
              throw this.unavailable(`the operation met a conflicting transaction ${MAX_ATTEMPTS} times (${err.message})`);
            this.retries++;
            Atomics.wait(PAUSE, 0, 0, Math.random() * Math.min(2 ** attempt, 100));
          } finally {
            this.depth = 0;
            this.pendingBegin = void 0;
          }
        }
      }
      pragma(source) {
        if (source !== "user_version") throw new Error(`PostgreSQL store: no pragma ${source}`);
        return schemaVersion(this);
      }
      close() {
        void this.worker.terminate();
        this.port.close();
      }
    };
  }
});

// src/backends/embedded/store/pool.ts
var pool_exports = {};
__export(pool_exports, {
  OperationPool: () => OperationPool,
  STUCK_MS: () => STUCK_MS,
  crossing: () => crossing,
  decodeError: () => decodeError,
  encodeError: () => encodeError
});
import { Worker as Worker2 } from "node:worker_threads";
import { existsSync as existsSync5 } from "node:fs";
import { fileURLToPath as fileURLToPath2 } from "node:url";
function crossing(name, value) {
  return holdsOrder(value) ? { [`${name}Json`]: stringifyJsonExact(value) } : { [name]: value };
}
function encodeError(err) {
  if (err instanceof StoreUnavailableError) return { kind: "unavailable", message: err.message, code: err.outcome };
  if (err instanceof ServiceError)
    return {
      kind: "service",
      message: err.message,
      code: err.code,
      status: err.status,
      extra: err.extra,
      fields: err.fields
    };
  if (err instanceof ConfigError) return { kind: "config", message: err.message };
  const e = err instanceof Error ? err : new Error(String(err));
  const code = e.code;
  return { kind: "internal", message: e.message, stack: e.stack, code: typeof code === "string" ? code : void 0 };
}
function decodeError(e) {
  switch (e.kind) {
    case "unavailable":
      return new StoreUnavailableError(e.message, e.code === "unknown" ? "unknown" : "not-done");
    case "service": {
      const err = new ServiceError(e.code, e.message, e.status, e.extra);
      if (e.fields) err.fields = e.fields;
      return err;
    }
    case "config":
      return new ConfigError(e.message);
    default: {
      const err = Object.assign(new Error(e.message), e.code === void 0 ? {} : { code: e.code });
      if (e.stack) err.stack = e.stack;
      return err;
    }
  }
}
function executorScript() {
  for (const rel of ["./executor.js", "../executor.js"]) {
    const path = fileURLToPath2(new URL(rel, import.meta.url));
    if (existsSync5(path)) return path;
  }
  throw new ConfigError("--store-pool-size needs the built svcctl: dist/executor.js is missing (npm run build).");
}
var STUCK_MS, Executor, OperationPool;
var init_pool = __esm({
  "src/backends/embedded/store/pool.ts"() {
    "use strict";
    init_errors();
    init_keys();
    init_pynum();
    STUCK_MS = 2e3;
    Executor = class {
      worker;
      pending = /* @__PURE__ */ new Map();
      ready;
      /** The thread ran far enough to answer (connected or not): its code loads. */
      answered = false;
      /** When it last answered a call, or was given one while it had none: how long it has been stuck. */
      progressMs = Date.now();
      constructor(script, data2, onExit) {
        this.worker = new Worker2(script, { workerData: data2 });
        let started = () => {
        };
        this.ready = new Promise((resolve2, reject) => {
          started = (err) => err ? reject(err) : resolve2();
        });
        this.worker.on("message", (reply) => {
          if (reply.id === 0) {
            this.answered = true;
            return started(reply.error ? decodeError(reply.error) : void 0);
          }
          const p = this.pending.get(reply.id);
          this.pending.delete(reply.id);
          this.progressMs = Date.now();
          p?.resolve(reply);
        });
        this.worker.on("error", (err) => onExit(this, err.message));
        this.worker.on("exit", (code) => {
          const why = `exit code ${code}`;
          started(new Error(`an operation thread stopped before it was ready (${why})`));
          onExit(this, why);
        });
      }
      send(request, id) {
        return new Promise((resolve2, reject) => {
          if (this.pending.size === 0) this.progressMs = Date.now();
          this.pending.set(id, { resolve: resolve2, reject });
          this.worker.postMessage({ ...request, id });
        });
      }
    };
    OperationPool = class _OperationPool {
      constructor(script, data2) {
        this.script = script;
        this.data = data2;
      }
      script;
      data;
      executors = [];
      next = 0;
      closing = false;
      calls = 0;
      /** Starts `size` threads and waits until each has connected; the first failure stops them all. */
      static async start(size, data2) {
        const pool = new _OperationPool(executorScript(), data2);
        for (let i = 0; i < size; i++) pool.executors.push(pool.spawn());
        try {
          await Promise.all(pool.executors.map((e) => e.ready));
        } catch (err) {
          await pool.close();
          throw err;
        }
        return pool;
      }
      get size() {
        return this.executors.length;
      }
      /** Operations sent to the threads and not yet answered (journal writes not counted). */
      get inFlight() {
        return this.calls;
      }
      spawn() {
        return new Executor(this.script, this.data, (ex, why) => this.lose(ex, why));
      }
      /**
       * A thread that died: its calls in flight fail, and (unless serve is stopping) a new one takes its place.
       * One that died before it could answer at all is not replaced (its code does not load: no loop of
       * replacements); with no thread left, the main thread runs the operations (EmbeddedService.call).
       */
      lose(ex, why) {
        const at = this.executors.indexOf(ex);
        if (at < 0) return;
        this.executors.splice(at, 1);
        for (const p of ex.pending.values()) p.reject(new Error(`the operation thread stopped (${why}) during this call`));
        ex.pending.clear();
        if (this.closing || !ex.answered) return;
        const next = this.spawn();
        next.ready.catch(() => {
        });
        this.executors.push(next);
      }
      /** The thread with the fewest calls in flight. */
      leastBusy() {
        let best = this.executors[0];
        for (const ex of this.executors) if (ex.pending.size < best.pending.size) best = ex;
        return best;
      }
      /**
       * Every thread has calls and none has answered one for STUCK_MS: the database does not answer (stalled,
       * or a host that drops packets). A new call is then refused at once, known not done, instead of queueing
       * behind the stalled statements for their whole time-out (a kept-alive client's request would wait, and
       * the calls after it longer still). The first call answered lifts it.
       */
      stuck() {
        const now = Date.now();
        let since = 0;
        for (const ex of this.executors) {
          if (ex.pending.size === 0 || now - ex.progressMs < STUCK_MS) return void 0;
          since = Math.max(since, ex.progressMs);
        }
        return since === 0 ? void 0 : now - since;
      }
      /** The next thread for a call, or the refusal of a pool whose threads all wait on a database that does not answer. */
      pick() {
        const stuck = this.stuck();
        if (stuck !== void 0)
          throw new StoreUnavailableError(
            `The store did not answer for ${(stuck / 1e3).toFixed(1)} s: all ${this.executors.length} operation thread(s) wait on it (${this.calls} operation(s) in flight). Retry the request.`
          );
        return this.leastBusy();
      }
      /** One call of the service. */
      async call(op, params, context) {
        const executor = this.pick();
        this.calls++;
        try {
          const reply = await executor.send({ op, context, ...crossing("params", params) }, ++this.next);
          if (reply.error) throw decodeError(reply.error);
          return reply.outputJson === void 0 ? reply.output : parseJsonExact(reply.outputJson);
        } finally {
          this.calls--;
        }
      }
      /** The store's fault rule that fires on this call, decided by a thread on its connection (faults.ts). */
      async fault(call) {
        const reply = await this.leastBusy().send({ fault: call }, ++this.next);
        if (reply.error) throw decodeError(reply.error);
        return reply.fired;
      }
      /** Journal rows, in one transaction (journal.ts recordEntries). */
      async journal(records, limit) {
        const reply = await this.pick().send({ journal: { records, limit } }, ++this.next);
        if (reply.error) throw decodeError(reply.error);
      }
      /** What one of serve's own endpoints asks of the store (admin-calls.ts). */
      async admin(request) {
        const reply = await this.pick().send({ admin: request }, ++this.next);
        if (reply.error) throw decodeError(reply.error);
        return reply.value;
      }
      /** Statements sent and operations run again, summed over the threads (of a thread replaced: lost). */
      async stats() {
        const total = { queries: 0, retries: 0 };
        for (const ex of this.executors) {
          const s = (await ex.send({ stats: true }, ++this.next)).stats;
          total.queries += s.queries;
          total.retries += s.retries;
        }
        return total;
      }
      /**
       * Stops every thread (their connections close with them). serve closes first and waits for the calls in
       * flight; those still running after its grace fail (their connections were cut already).
       */
      async close() {
        this.closing = true;
        await Promise.all(this.executors.map((e) => e.worker.terminate()));
      }
    };
  }
});

// src/backends/embedded/store/executor.ts
import { parentPort, workerData } from "node:worker_threads";

// src/core/context.ts
import { randomBytes, randomUUID } from "node:crypto";
init_errors();
var systemClock = { now: () => /* @__PURE__ */ new Date() };
var ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
var randomIds = {
  id(prefix) {
    const bytes = randomBytes(24);
    let s = "";
    for (const b of bytes) s += ALPHABET[b % 62];
    return prefix + s;
  },
  uuid: () => randomUUID()
};
var DEFAULT_ACCOUNT_ID = "000000000000";

// src/models/services.ts
var SERVICES = {
  ecr: {
    protocol: "json11",
    apiVersion: "2015-09-21",
    targetPrefix: "AmazonEC2ContainerRegistry_V20150921",
    signingName: "ecr",
    endpoint: { servicesKey: "ecr", variable: "AWS_ENDPOINT_URL_ECR" },
    groups: { ecr: "Image repositories (the AWS CLI's ecr commands)." }
  },
  autoscaling: {
    protocol: "query",
    apiVersion: "2011-01-01",
    xmlNamespace: "http://autoscaling.amazonaws.com/doc/2011-01-01/",
    signingName: "autoscaling",
    endpoint: { servicesKey: "auto_scaling", variable: "AWS_ENDPOINT_URL_AUTO_SCALING" },
    groups: { autoscaling: "Launch configurations (the AWS CLI's autoscaling commands)." }
  },
  stripe: {
    protocol: "v2",
    endpoint: { servicesKey: "stripe" },
    groups: {
      "account-token": "Single-use account tokens (v2 API).",
      "meter-event-adjustment": "Meter event adjustments that cancel billing meter events (v2 API).",
      account: "Accounts created from single-use account tokens (v2 API)."
    }
  }
};
function serviceModel(name) {
  return SERVICES[name];
}
function servicesSpeaking(protocol) {
  return Object.values(SERVICES).filter(
    (s) => s.protocol === protocol
  );
}

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
function wellFormed(s) {
  return s.replace(new RegExp(LONE_SURROGATE.source, "g"), "\uFFFD");
}

// src/wire/json11.ts
init_errors();
init_pynum();

// src/models/common.ts
var P1 = "[\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}\\r\\n\\t]*";
function str(opts = {}) {
  return { type: "string", ...opts };
}
function xmlString(max, doc) {
  return str({ ...max ? { min: 1, max } : {}, pattern: P1, ...doc ? { doc } : {} });
}

// src/models/autoscaling.ts
var VOLUME_TYPES = ["standard", "io1", "gp2", "st1", "sc1", "gp3"];
var ebs = {
  type: "structure",
  doc: "Parameters used to automatically set up EBS volumes when an instance is launched.",
  members: {
    SnapshotId: str({
      min: 1,
      max: 255,
      doc: "The snapshot ID of the volume to use. Either SnapshotId or VolumeSize must be given."
    }),
    VolumeSize: {
      type: "integer",
      min: 1,
      max: 16384,
      doc: "The volume size in GiB: gp2 and gp3 1-16384, io1 4-16384, st1 and sc1 125-16384, standard 1-1024; at least the snapshot size."
    },
    VolumeType: str({
      min: 1,
      max: 255,
      enum: VOLUME_TYPES,
      doc: "The volume type: standard, io1, gp2, st1, sc1 or gp3."
    }),
    DeleteOnTermination: { type: "boolean", doc: "Whether the volume is deleted on instance termination." },
    Iops: {
      type: "integer",
      min: 100,
      max: 2e4,
      doc: "The number of input/output operations per second: gp3 3000-16000, io1 100-20000; required for io1, not used with other types."
    },
    Encrypted: {
      type: "boolean",
      doc: "Whether the volume is encrypted; encrypted volumes attach only to instances that support encryption."
    },
    Throughput: {
      type: "integer",
      min: 125,
      max: 1e3,
      doc: "The throughput (MiBps) to provision for a gp3 volume: 125-1000."
    }
  },
  defaults: { DeleteOnTermination: true }
};
var blockDeviceMapping = {
  type: "structure",
  doc: "A block device mapping: a device name and exactly one of Ebs, NoDevice or VirtualName.",
  required: ["DeviceName"],
  members: {
    VirtualName: xmlString(
      255,
      "The name of the instance store volume (virtual device), ephemeral<X> with X a number from 0."
    ),
    DeviceName: xmlString(255, "The device name assigned to the volume (for example, /dev/sdh or xvdh)."),
    Ebs: ebs,
    NoDevice: {
      type: "boolean",
      doc: "When true, no volume from the image's own mapping is mapped to this device name."
    }
  }
};
var blockDeviceMappings = {
  type: "list",
  member: blockDeviceMapping,
  doc: "The block devices to attach at launch; by default the image's own mappings are used."
};
var instanceMonitoring = {
  type: "structure",
  doc: "Whether detailed (Enabled=true) or basic (Enabled=false) monitoring is enabled for launched instances.",
  members: {
    Enabled: { type: "boolean", doc: "If true, detailed monitoring is enabled; otherwise basic monitoring." }
  },
  defaults: { Enabled: true }
};
var metadataOptions = {
  type: "structure",
  doc: "The metadata options for the instances.",
  members: {
    HttpTokens: str({
      enum: ["optional", "required"],
      doc: "optional (default): metadata with or without a signed token; required: a signed token header must be sent (version 2.0 only)."
    }),
    HttpPutResponseHopLimit: {
      type: "integer",
      min: 1,
      max: 64,
      doc: "The desired HTTP PUT response hop limit for metadata requests: 1-64, default 1."
    },
    HttpEndpoint: str({
      enum: ["disabled", "enabled"],
      doc: "enabled (default) or disabled: whether instance metadata can be accessed."
    })
  },
  defaults: { HttpTokens: "optional", HttpPutResponseHopLimit: 1, HttpEndpoint: "enabled" }
};
var securityGroups = {
  type: "list",
  member: xmlString(),
  doc: "The security groups to assign to the instances."
};
var classicLinkGroups = {
  type: "list",
  member: xmlString(255),
  doc: "Kept for backward compatibility (EC2-Classic security groups); each 1-255 characters."
};
var launchConfigurationName = xmlString(255, "The name of the launch configuration.");
var commonMembers = {
  ImageId: xmlString(255, "The ID of the machine image used to launch the instances."),
  KeyName: xmlString(255, "The name of the key pair."),
  SecurityGroups: securityGroups,
  ClassicLinkVPCId: xmlString(255, "Kept for backward compatibility (the ID of a ClassicLink-enabled VPC)."),
  ClassicLinkVPCSecurityGroups: classicLinkGroups,
  UserData: str({
    max: 21847,
    pattern: P1,
    clientBase64: true,
    sensitive: true,
    doc: "The user data for the instances, at most 16,383 bytes, which the command line client base64-encodes (the service takes at most 21,847 characters of base64)."
  })
};
var afterInstanceType = {
  KernelId: xmlString(255, "The ID of the kernel associated with the image."),
  RamdiskId: xmlString(255, "The ID of the RAM disk associated with the image."),
  BlockDeviceMappings: blockDeviceMappings,
  InstanceMonitoring: instanceMonitoring,
  SpotPrice: str({
    min: 1,
    max: 255,
    doc: "The maximum hourly price for a Spot Instance launched to fulfil the request."
  }),
  IamInstanceProfile: xmlString(
    1600,
    "The name or ARN of the instance profile associated with the IAM role for the instance."
  )
};
var tail = {
  EbsOptimized: {
    type: "boolean",
    doc: "Whether the launch configuration is optimized for EBS I/O (true) or not (false)."
  },
  AssociatePublicIpAddress: {
    type: "boolean",
    doc: "Whether to assign a public IPv4 address to the group's instances."
  },
  PlacementTenancy: str({
    min: 1,
    max: 64,
    pattern: P1,
    enum: ["default", "dedicated"],
    doc: "The tenancy of the instance: default or dedicated (single-tenant hardware, VPC only)."
  }),
  MetadataOptions: metadataOptions
};
var launchConfigurationShape = {
  type: "structure",
  doc: "A launch configuration.",
  required: ["LaunchConfigurationName", "ImageId", "InstanceType", "CreatedTime"],
  members: {
    LaunchConfigurationName: launchConfigurationName,
    LaunchConfigurationARN: xmlString(1600, "The Amazon Resource Name (ARN) of the launch configuration."),
    ...commonMembers,
    InstanceType: xmlString(255, "The instance type for the instances."),
    ...afterInstanceType,
    CreatedTime: { type: "timestamp", doc: "The creation date and time for the launch configuration." },
    ...tail
  }
};
var createLaunchConfiguration = {
  name: "CreateLaunchConfiguration",
  creates: true,
  service: "autoscaling",
  paths: [["create-launch-configuration"], ["autoscaling", "create-launch-configuration"]],
  summary: "Creates a launch configuration.",
  input: {
    type: "structure",
    required: ["LaunchConfigurationName"],
    members: {
      LaunchConfigurationName: xmlString(255, "The name of the launch configuration; unique per region per account."),
      ...commonMembers,
      InstanceId: str({
        min: 1,
        max: 19,
        doc: "The ID of the instance to use to create the launch configuration (not supported by the embedded service)."
      }),
      InstanceType: xmlString(255, "The instance type of the instances (required unless InstanceId is given)."),
      ...afterInstanceType,
      ...tail
    }
  },
  output: { type: "structure", members: {} },
  examples: [
    {
      title: "Create a launch configuration with a gp3 volume",
      argv: [
        "create-launch-configuration",
        "--launch-configuration-name",
        "web",
        "--image-id",
        "ami-0abcdef1234567890",
        "--instance-type",
        "t3.micro",
        "--block-device-mappings",
        "DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3}"
      ]
    }
  ]
};
var describeLaunchConfigurations = {
  name: "DescribeLaunchConfigurations",
  readOnly: true,
  service: "autoscaling",
  paths: [["describe-launch-configurations"], ["autoscaling", "describe-launch-configurations"]],
  summary: "Gets information about the launch configurations in the account and region.",
  input: {
    type: "structure",
    members: {
      LaunchConfigurationNames: {
        type: "list",
        max: 50,
        member: xmlString(255),
        doc: "The launch configuration names (up to 50). When omitted, all launch configurations are described."
      },
      NextToken: xmlString(void 0, "The token for the next set of items to return (from a previous call)."),
      MaxRecords: { type: "integer", doc: "The maximum number of items to return with this call: 1-100, default 50." }
    }
  },
  output: {
    type: "structure",
    required: ["LaunchConfigurations"],
    members: {
      LaunchConfigurations: { type: "list", member: launchConfigurationShape, doc: "The launch configurations." },
      NextToken: xmlString(
        void 0,
        "A string that indicates that the response contains more items than can be returned in a single response."
      )
    }
  },
  paginator: {
    inputToken: "NextToken",
    outputToken: "NextToken",
    limitKey: "MaxRecords",
    resultKey: "LaunchConfigurations"
  },
  hiddenMembers: ["NextToken", "MaxRecords"],
  examples: [
    { title: "List every launch configuration", argv: ["describe-launch-configurations"] },
    {
      title: "Describe two by name",
      argv: ["describe-launch-configurations", "--launch-configuration-names", "web", "worker"]
    }
  ]
};
var deleteLaunchConfiguration = {
  name: "DeleteLaunchConfiguration",
  service: "autoscaling",
  paths: [["delete-launch-configuration"], ["autoscaling", "delete-launch-configuration"]],
  summary: "Deletes the specified launch configuration.",
  input: {
    type: "structure",
    required: ["LaunchConfigurationName"],
    members: { LaunchConfigurationName: xmlString(255, "The name of the launch configuration.") }
  },
  output: { type: "structure", members: {} },
  examples: [
    {
      title: "Delete a launch configuration",
      argv: ["delete-launch-configuration", "--launch-configuration-name", "web"]
    }
  ]
};
var AUTOSCALING_OPERATIONS = {
  CreateLaunchConfiguration: createLaunchConfiguration,
  DescribeLaunchConfigurations: describeLaunchConfigurations,
  DeleteLaunchConfiguration: deleteLaunchConfiguration
};

// src/models/ecr.ts
var REPOSITORY_NAME_PATTERN = "[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*";
var FILTER_PATTERN = "[0-9a-zA-Z._*-]{1,128}";
var MUTABILITIES = ["MUTABLE", "IMMUTABLE", "IMMUTABLE_WITH_EXCLUSION", "MUTABLE_WITH_EXCLUSION"];
var ENCRYPTION_TYPES = ["AES256", "KMS", "KMS_DSSE"];
var registryId = str({ pattern: "[0-9]{12}" });
var repositoryName = str({ min: 2, max: 256, pattern: REPOSITORY_NAME_PATTERN });
var tagKey = str({
  doc: "One part of a key-value pair that make up a tag: a label that acts like a category for more specific tag values (1-128 characters, not starting with aws:)."
});
var tagList = (doc) => ({
  type: "list",
  doc,
  member: {
    type: "structure",
    required: ["Key", "Value"],
    members: {
      Key: tagKey,
      Value: str({ doc: "A value that acts as a descriptor within a tag category (key): up to 256 characters." })
    }
  }
});
var tags = tagList(
  "The metadata to apply to the repository: up to 50 tags, each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters)."
);
var exclusionFilters = {
  type: "list",
  min: 1,
  max: 5,
  doc: "Filters naming the image tags that are excluded from the image tag mutability setting (1 to 5).",
  member: {
    type: "structure",
    required: ["filterType", "filter"],
    members: {
      filterType: str({ enum: ["WILDCARD"], doc: "The type of filter: WILDCARD." }),
      filter: str({
        min: 1,
        max: 128,
        pattern: FILTER_PATTERN,
        doc: "The tag pattern of the filter (letters, digits, ., _, * and -)."
      })
    }
  }
};
var scanning = {
  type: "structure",
  doc: "The image scanning configuration for the repository (deprecated in favour of a registry-level scanning configuration).",
  members: {
    scanOnPush: {
      type: "boolean",
      doc: "When true, images are scanned after being pushed; otherwise only when a scan is started manually."
    }
  },
  defaults: { scanOnPush: false }
};
var encryption = {
  type: "structure",
  doc: "The encryption configuration for the repository: how its contents are encrypted at rest.",
  required: ["encryptionType"],
  members: {
    encryptionType: str({
      enum: ENCRYPTION_TYPES,
      doc: "AES256 (server-side, object-storage-managed keys), KMS (a key in the managed key service) or KMS_DSSE (two layers of KMS encryption)."
    }),
    kmsKey: str({
      min: 1,
      max: 2048,
      doc: "For KMS and KMS_DSSE: the alias, key id or full ARN of the key, in the same region as the repository; the default managed key when omitted."
    })
  }
};
var repositoryShape = {
  type: "structure",
  doc: "An object representing a repository.",
  members: {
    repositoryArn: str({ doc: "The Amazon Resource Name (ARN) of the repository." }),
    registryId: { ...registryId, doc: "The account id of the registry that contains the repository." },
    repositoryName: { ...repositoryName, doc: "The name of the repository." },
    repositoryUri: str({ doc: "The URI for the repository, used for image push and pull." }),
    createdAt: { type: "timestamp", doc: "The date and time when the repository was created." },
    imageTagMutability: str({ enum: MUTABILITIES, doc: "The tag mutability setting for the repository." }),
    imageTagMutabilityExclusionFilters: exclusionFilters,
    imageScanningConfiguration: scanning,
    encryptionConfiguration: encryption
  }
};
var createRepository = {
  name: "CreateRepository",
  creates: true,
  service: "ecr",
  paths: [["create-repository"], ["ecr", "create-repository"]],
  summary: "Creates an image repository.",
  input: {
    type: "structure",
    required: ["repositoryName"],
    members: {
      registryId: {
        ...registryId,
        doc: "The account id (12 digits) of the registry to create the repository in. Default: the default registry."
      },
      repositoryName: {
        ...repositoryName,
        doc: "The name to use for the repository (2-256 characters; lowercase letters, numbers, ., _, - and / namespaces; starting with a letter)."
      },
      tags,
      imageTagMutability: str({
        enum: MUTABILITIES,
        doc: "The tag mutability setting: MUTABLE (default, tags can be overwritten), IMMUTABLE, IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION."
      }),
      imageTagMutabilityExclusionFilters: exclusionFilters,
      imageScanningConfiguration: scanning,
      encryptionConfiguration: encryption
    },
    defaults: { imageTagMutability: "MUTABLE" }
  },
  output: {
    type: "structure",
    members: { repository: { ...repositoryShape, doc: "The repository that was created." } }
  },
  examples: [
    { title: "Create a repository in a namespace", argv: ["create-repository", "--repository-name", "team/app"] },
    {
      title: "Create an immutable repository scanned on push, with tags",
      argv: [
        "create-repository",
        "--repository-name",
        "team/api",
        "--image-tag-mutability",
        "IMMUTABLE",
        "--image-scanning-configuration",
        "scanOnPush=true",
        "--tags",
        "Key=env,Value=prod"
      ]
    }
  ]
};
var describeRepositories = {
  name: "DescribeRepositories",
  readOnly: true,
  service: "ecr",
  paths: [["describe-repositories"], ["ecr", "describe-repositories"]],
  summary: "Describes image repositories in a registry.",
  input: {
    type: "structure",
    members: {
      registryId: { ...registryId, doc: "The account id of the registry. Default: the default registry." },
      repositoryNames: {
        type: "list",
        min: 1,
        max: 100,
        member: repositoryName,
        doc: "Repositories to describe; all when omitted."
      },
      nextToken: str({ doc: "The nextToken of a previous truncated response." }),
      maxResults: { type: "integer", min: 1, max: 1e3, doc: "The maximum number of results per page." }
    }
  },
  output: {
    type: "structure",
    members: {
      repositories: { type: "list", member: repositoryShape, doc: "A list of repository objects." },
      nextToken: str({ doc: "The token to request the next page, when there is one." })
    }
  },
  paginator: { inputToken: "nextToken", outputToken: "nextToken", limitKey: "maxResults", resultKey: "repositories" },
  hiddenMembers: ["nextToken", "maxResults"],
  examples: [
    {
      title: "List the names of every repository",
      argv: ["describe-repositories", "--query", "repositories[].repositoryName", "--output", "text"]
    },
    { title: "Describe one repository by name", argv: ["describe-repositories", "--repository-names", "team/app"] }
  ]
};
var deleteRepository = {
  name: "DeleteRepository",
  service: "ecr",
  paths: [["delete-repository"], ["ecr", "delete-repository"]],
  summary: "Deletes a repository.",
  input: {
    type: "structure",
    required: ["repositoryName"],
    members: {
      registryId: { ...registryId, doc: "The account id of the registry. Default: the default registry." },
      repositoryName: { ...repositoryName, doc: "The name of the repository to delete." },
      force: { type: "boolean", doc: "Delete the repository even if it contains images." }
    }
  },
  output: {
    type: "structure",
    members: { repository: { ...repositoryShape, doc: "The repository that was deleted." } }
  },
  examples: [{ title: "Delete a repository", argv: ["delete-repository", "--repository-name", "team/api"] }]
};
var resourceArn = (doc) => str({
  doc: `${doc} Currently, the only supported resource is a repository (arn:aws:ecr:REGION:ACCOUNT:repository/NAME).`
});
var listTagsForResource = {
  name: "ListTagsForResource",
  service: "ecr",
  paths: [["list-tags-for-resource"], ["ecr", "list-tags-for-resource"]],
  summary: "List the tags for a repository.",
  input: {
    type: "structure",
    required: ["resourceArn"],
    members: {
      resourceArn: resourceArn(
        "The Amazon Resource Name (ARN) that identifies the resource for which to list the tags."
      )
    }
  },
  output: {
    type: "structure",
    members: { tags: tagList("The tags for the resource.") }
  },
  examples: [
    {
      title: "List the tags of a repository",
      argv: ["list-tags-for-resource", "--resource-arn", "arn:aws:ecr:us-east-1:000000000000:repository/team/api"]
    }
  ]
};
var tagResource = {
  name: "TagResource",
  service: "ecr",
  paths: [["tag-resource"], ["ecr", "tag-resource"]],
  summary: "Adds tags to a repository; a key it already has takes the new value, and its other tags stay.",
  input: {
    type: "structure",
    required: ["resourceArn", "tags"],
    members: {
      resourceArn: resourceArn("The Amazon Resource Name (ARN) of the resource to which to add tags."),
      tags: tagList(
        "The tags to add to the resource: the resource can hold up to 50, each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters)."
      )
    }
  },
  output: { type: "structure", members: {} },
  examples: [
    {
      title: "Tag a repository",
      argv: [
        "tag-resource",
        "--resource-arn",
        "arn:aws:ecr:us-east-1:000000000000:repository/team/api",
        "--tags",
        "Key=owner,Value=platform",
        "Key=env,Value=staging"
      ]
    }
  ]
};
var untagResource = {
  name: "UntagResource",
  service: "ecr",
  paths: [["untag-resource"], ["ecr", "untag-resource"]],
  summary: "Deletes tags from a repository; a key it does not have is ignored.",
  input: {
    type: "structure",
    required: ["resourceArn", "tagKeys"],
    members: {
      resourceArn: resourceArn("The Amazon Resource Name (ARN) of the resource from which to remove tags."),
      tagKeys: { type: "list", member: tagKey, doc: "The keys of the tags to be removed." }
    }
  },
  output: { type: "structure", members: {} },
  examples: [
    {
      title: "Remove a tag from a repository",
      argv: [
        "untag-resource",
        "--resource-arn",
        "arn:aws:ecr:us-east-1:000000000000:repository/team/api",
        "--tag-keys",
        "owner"
      ]
    }
  ]
};
var ECR_OPERATIONS = {
  CreateRepository: createRepository,
  DescribeRepositories: describeRepositories,
  TagResource: tagResource,
  ListTagsForResource: listTagsForResource,
  UntagResource: untagResource,
  DeleteRepository: deleteRepository
};

// src/models/stripe-identity.ts
var identity = {
  type: "structure",
  doc: "Information about the company, individual, and business represented by the Account.",
  members: {
    attestations: {
      type: "structure",
      doc: "Attestations from the identity's key people, e.g. owners, executives, directors, representatives.",
      members: {
        directorship_declaration: {
          type: "structure",
          doc: "This hash is used to attest that the directors information provided to Stripe is both current and correct; IP, date, and User Agent are expanded by Stripe.",
          members: {
            attested: { type: "boolean", doc: "A boolean indicating if the directors information has been attested." }
          }
        },
        ownership_declaration: {
          type: "structure",
          doc: "This hash is used to attest that the beneficial owner information provided to Stripe is both current and correct; IP, date, and User Agent are expanded by Stripe.",
          members: {
            attested: {
              type: "boolean",
              doc: "A boolean indicating if the beneficial owner information has been attested."
            }
          }
        },
        persons_provided: {
          type: "structure",
          doc: "Attestation that all Persons with a specific Relationship value have been provided.",
          members: {
            directors: {
              type: "boolean",
              doc: "Whether the company\u2019s directors have been provided. Set this Boolean to true after creating all the company\u2019s directors with the Persons API."
            },
            executives: {
              type: "boolean",
              doc: "Whether the company\u2019s executives have been provided. Set this Boolean to true after creating all the company\u2019s executives with the Persons API."
            },
            owners: {
              type: "boolean",
              doc: "Whether the company\u2019s owners have been provided. Set this Boolean to true after creating all the company\u2019s owners with the Persons API."
            },
            ownership_exemption_reason: {
              type: "string",
              doc: "Reason for why the company is exempt from providing ownership information.",
              enum: ["qualified_entity_exceeds_ownership_threshold", "qualifies_as_financial_institution"]
            }
          }
        },
        representative_declaration: {
          type: "structure",
          doc: "This hash is used to attest that the representative is authorized to act as the representative of their legal entity; IP, date, and User Agent are expanded by Stripe.",
          members: {
            attested: {
              type: "boolean",
              doc: "A boolean indicating if the representative is authorized to act as the representative of their legal entity."
            }
          }
        },
        terms_of_service: {
          type: "structure",
          doc: "Attestations of accepted terms of service agreements.",
          members: {
            account: {
              type: "structure",
              doc: "Details on the Account's acceptance of the [Stripe Services Agreement]; IP, date, and User Agent are expanded by Stripe.",
              members: {
                shown_and_accepted: { type: "boolean", doc: "The boolean value indicating if the terms of service have been accepted." }
              }
            }
          }
        }
      }
    },
    business_details: {
      type: "structure",
      doc: "Information about the company or business.",
      members: {
        additional_addresses: {
          type: "list",
          doc: "Additional addresses associated with the business.",
          member: {
            type: "structure",
            members: {
              city: { type: "string", doc: "City, district, suburb, town, or village." },
              country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
              line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
              line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
              postal_code: { type: "string", doc: "ZIP or postal code." },
              purpose: {
                type: "string",
                doc: "Purpose of additional address.",
                enum: ["administrative", "principal_place_of_business"]
              },
              state: { type: "string", doc: "State, county, province, or region." },
              town: { type: "string", doc: "Town or district." }
            },
            required: ["purpose"]
          }
        },
        address: {
          type: "structure",
          doc: "The business registration address of the business entity.",
          members: {
            city: { type: "string", doc: "City, district, suburb, town, or village." },
            country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
            line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
            line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
            postal_code: { type: "string", doc: "ZIP or postal code." },
            state: { type: "string", doc: "State, county, province, or region." },
            town: { type: "string", doc: "Town or district." }
          }
        },
        annual_revenue: {
          type: "structure",
          doc: "The business gross annual revenue for its preceding fiscal year.",
          members: {
            amount: {
              type: "structure",
              doc: "A non-negative integer representing the amount in the smallest currency unit.",
              members: {
                currency: {
                  type: "string",
                  doc: "Three-letter ISO currency code, in lowercase. Must be a supported currency."
                },
                value: {
                  type: "integer",
                  doc: "A non-negative integer representing how much to charge in the smallest currency unit."
                }
              },
              required: ["currency", "value"]
            },
            fiscal_year_end: {
              type: "string",
              doc: "The close-out date of the preceding fiscal year in ISO 8601 format. E.g. 2023-12-31 for the 31st of December, 2023."
            }
          }
        },
        documents: {
          type: "structure",
          doc: "A document verifying the business.",
          members: {
            bank_account_ownership_verification: {
              type: "structure",
              doc: "One or more documents that support the bank account ownership verification requirement. Must be a document associated with the account's primary active bank account that displays the last 4 digits of the account number, either a statement or a check.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            company_license: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of a company's license to operate.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            company_memorandum_of_association: {
              type: "structure",
              doc: "One or more documents showing the company's Memorandum of Association.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            company_ministerial_decree: {
              type: "structure",
              doc: "Certain countries only: One or more documents showing the ministerial decree legalizing the company's establishment.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            company_registration_verification: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of a company's registration with the appropriate local authorities.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            company_tax_id_verification: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of a company's tax ID.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            primary_verification: {
              type: "structure",
              doc: "A document verifying the business.",
              members: {
                front_back: {
                  type: "structure",
                  doc: "The file upload tokens referring to each side of the document.",
                  members: {
                    back: {
                      type: "string",
                      doc: "A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    },
                    front: {
                      type: "string",
                      doc: "A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    }
                  }
                },
                type: {
                  type: "string",
                  doc: "The format of the verification document. Currently supports `front_back` only.",
                  enum: ["front_back"]
                }
              },
              required: ["front_back", "type"]
            },
            proof_of_address: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of address.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            proof_of_registration: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of ultimate beneficial ownership.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                signer: {
                  type: "structure",
                  doc: "Person that is signing the document.",
                  members: { person: { type: "string", doc: "Person signing the document." } },
                  required: ["person"]
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            proof_of_ultimate_beneficial_ownership: {
              type: "structure",
              doc: "One or more documents that demonstrate proof of ultimate beneficial ownership.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                signer: {
                  type: "structure",
                  doc: "Person that is signing the document.",
                  members: { person: { type: "string", doc: "Person signing the document." } },
                  required: ["person"]
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            }
          }
        },
        estimated_worker_count: {
          type: "integer",
          doc: "Estimated maximum number of workers currently engaged by the business (including employees, contractors, and vendors)."
        },
        id_numbers: {
          type: "list",
          doc: "The ID numbers of a business entity.",
          member: {
            type: "structure",
            members: {
              registrar: { type: "string", doc: "The registrar of the ID number (Only valid for DE ID number types)." },
              type: {
                type: "string",
                doc: "Open Enum. The ID number type of a business entity.",
                enum: [
                  "ae_crn",
                  "ae_vat",
                  "ao_nif",
                  "ar_cuit",
                  "at_fn",
                  "at_stn",
                  "at_vat",
                  "au_abn",
                  "au_acn",
                  "au_in",
                  "az_tin",
                  "bd_etin",
                  "be_cbe",
                  "be_vat",
                  "bg_uic",
                  "bg_vat",
                  "br_cnpj",
                  "ca_cn",
                  "ca_crarr",
                  "ca_gst_hst",
                  "ca_neq",
                  "ca_rid",
                  "ch_chid",
                  "ch_uid",
                  "cr_cpj",
                  "cr_nite",
                  "cy_he",
                  "cy_tic",
                  "cy_vat",
                  "cz_ico",
                  "cz_vat",
                  "de_hrn",
                  "de_stn",
                  "de_vat",
                  "dk_cvr",
                  "dk_vat",
                  "do_rcn",
                  "ee_rk",
                  "ee_vat",
                  "es_cif",
                  "es_vat",
                  "fi_vat",
                  "fi_yt",
                  "fr_rna",
                  "fr_siren",
                  "fr_vat",
                  "gb_crn",
                  "gb_vat",
                  "gi_crn",
                  "gr_afm",
                  "gr_gemi",
                  "gr_vat",
                  "gt_nit",
                  "hk_br",
                  "hk_cr",
                  "hr_mbs",
                  "hr_oib",
                  "hr_vat",
                  "hu_cjs",
                  "hu_tin",
                  "hu_vat",
                  "ie_crn",
                  "ie_trn",
                  "ie_vat",
                  "it_rea",
                  "it_vat",
                  "jp_cn",
                  "kz_bin",
                  "li_uid",
                  "lt_ccrn",
                  "lt_vat",
                  "lu_nif",
                  "lu_rcs",
                  "lu_vat",
                  "lv_urn",
                  "lv_vat",
                  "mt_crn",
                  "mt_tin",
                  "mt_vat",
                  "mx_rfc",
                  "my_brn",
                  "my_coid",
                  "my_itn",
                  "my_sst",
                  "mz_nuit",
                  "nl_kvk",
                  "nl_rsin",
                  "nl_vat",
                  "no_orgnr",
                  "nz_bn",
                  "nz_ird",
                  "pe_ruc",
                  "pk_ntn",
                  "pl_nip",
                  "pl_regon",
                  "pl_vat",
                  "pt_vat",
                  "ro_cui",
                  "ro_orc",
                  "ro_vat",
                  "sa_crn",
                  "sa_tin",
                  "se_orgnr",
                  "se_vat",
                  "sg_uen",
                  "si_msp",
                  "si_tin",
                  "si_vat",
                  "sk_dic",
                  "sk_ico",
                  "sk_vat",
                  "th_crn",
                  "th_prn",
                  "th_tin",
                  "us_ein"
                ]
              },
              value: { type: "string", doc: "The value of the ID number.", sensitive: true }
            },
            required: ["type", "value"]
          }
        },
        monthly_estimated_revenue: {
          type: "structure",
          doc: "An estimate of the monthly revenue of the business.",
          members: {
            amount: {
              type: "structure",
              doc: "A non-negative integer representing the amount in the smallest currency unit.",
              members: {
                currency: {
                  type: "string",
                  doc: "Three-letter ISO currency code, in lowercase. Must be a supported currency."
                },
                value: {
                  type: "integer",
                  doc: "A non-negative integer representing how much to charge in the smallest currency unit."
                }
              },
              required: ["currency", "value"]
            }
          }
        },
        phone: { type: "string", doc: "The phone number of the Business Entity." },
        registered_name: { type: "string", doc: "The business legal name." },
        registration_date: {
          type: "structure",
          doc: "When the business was incorporated or registered.",
          members: {
            day: { type: "integer", doc: "The day of registration, between 1 and 31." },
            month: { type: "integer", doc: "The month of registration, between 1 and 12." },
            year: { type: "integer", doc: "The four-digit year of registration." }
          },
          required: ["day", "month", "year"]
        },
        script_addresses: {
          type: "structure",
          doc: "The business registration address of the business entity in non latin script.",
          members: {
            kana: {
              type: "structure",
              doc: "Kana Address.",
              members: {
                city: { type: "string", doc: "City, district, suburb, town, or village." },
                country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
                line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
                line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
                postal_code: { type: "string", doc: "ZIP or postal code." },
                state: { type: "string", doc: "State, county, province, or region." },
                town: { type: "string", doc: "Town or district." }
              }
            },
            kanji: {
              type: "structure",
              doc: "Kanji Address.",
              members: {
                city: { type: "string", doc: "City, district, suburb, town, or village." },
                country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
                line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
                line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
                postal_code: { type: "string", doc: "ZIP or postal code." },
                state: { type: "string", doc: "State, county, province, or region." },
                town: { type: "string", doc: "Town or district." }
              }
            }
          }
        },
        script_names: {
          type: "structure",
          doc: "The business legal name in non latin script.",
          members: {
            kana: {
              type: "structure",
              doc: "Kana name.",
              members: { registered_name: { type: "string", doc: "Registered name of the business." } }
            },
            kanji: {
              type: "structure",
              doc: "Kanji name.",
              members: { registered_name: { type: "string", doc: "Registered name of the business." } }
            }
          }
        },
        structure: {
          type: "string",
          doc: "The category identifying the legal structure of the business.",
          enum: [
            "cooperative",
            "free_zone_establishment",
            "free_zone_llc",
            "governmental_unit",
            "government_instrumentality",
            "incorporated_association",
            "incorporated_non_profit",
            "incorporated_partnership",
            "limited_liability_partnership",
            "llc",
            "multi_member_llc",
            "private_company",
            "private_corporation",
            "private_partnership",
            "public_company",
            "public_corporation",
            "public_listed_corporation",
            "public_partnership",
            "registered_charity",
            "single_member_llc",
            "sole_establishment",
            "sole_proprietorship",
            "tax_exempt_government_instrumentality",
            "trust",
            "unincorporated_association",
            "unincorporated_non_profit",
            "unincorporated_partnership"
          ]
        }
      }
    },
    entity_type: {
      type: "string",
      doc: "The entity type.",
      enum: ["company", "government_entity", "individual", "non_profit"]
    },
    individual: {
      type: "structure",
      doc: "Information about the person represented by the account.",
      members: {
        additional_addresses: {
          type: "list",
          doc: "Additional addresses associated with the individual.",
          member: {
            type: "structure",
            members: {
              city: { type: "string", doc: "City, district, suburb, town, or village." },
              country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
              line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
              line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
              postal_code: { type: "string", doc: "ZIP or postal code." },
              purpose: { type: "string", doc: "Purpose of additional address.", enum: ["registered"] },
              state: { type: "string", doc: "State, county, province, or region." },
              town: { type: "string", doc: "Town or district." }
            },
            required: ["purpose"]
          }
        },
        additional_names: {
          type: "list",
          doc: "Additional names (e.g. aliases) associated with the individual.",
          member: {
            type: "structure",
            members: {
              full_name: { type: "string", doc: "The person's full name." },
              given_name: { type: "string", doc: "The person's first or given name." },
              purpose: { type: "string", doc: "The purpose or type of the additional name.", enum: ["alias", "maiden"] },
              surname: { type: "string", doc: "The person's last or family name." }
            },
            required: ["purpose"]
          }
        },
        address: {
          type: "structure",
          doc: "The individual's residential address.",
          members: {
            city: { type: "string", doc: "City, district, suburb, town, or village." },
            country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
            line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
            line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
            postal_code: { type: "string", doc: "ZIP or postal code." },
            state: { type: "string", doc: "State, county, province, or region." },
            town: { type: "string", doc: "Town or district." }
          }
        },
        date_of_birth: {
          type: "structure",
          doc: "The individual's date of birth.",
          members: {
            day: { type: "integer", doc: "The day of the birth." },
            month: { type: "integer", doc: "The month of birth." },
            year: { type: "integer", doc: "The year of birth." }
          },
          required: ["day", "month", "year"]
        },
        documents: {
          type: "structure",
          doc: "Documents that may be submitted to satisfy various informational requests.",
          members: {
            company_authorization: {
              type: "structure",
              doc: "One or more documents that demonstrate proof that this person is authorized to represent the company.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            passport: {
              type: "structure",
              doc: "One or more documents showing the person's passport page with photo and personal data.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            },
            primary_verification: {
              type: "structure",
              doc: "An identifying document showing the person's name, either a passport or local ID card.",
              members: {
                front_back: {
                  type: "structure",
                  doc: "The file upload tokens referring to each side of the document.",
                  members: {
                    back: {
                      type: "string",
                      doc: "A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    },
                    front: {
                      type: "string",
                      doc: "A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    }
                  }
                },
                type: {
                  type: "string",
                  doc: "The format of the verification document. Currently supports `front_back` only.",
                  enum: ["front_back"]
                }
              },
              required: ["front_back", "type"]
            },
            secondary_verification: {
              type: "structure",
              doc: "A document showing address, either a passport, local ID card, or utility bill from a well-known utility company.",
              members: {
                front_back: {
                  type: "structure",
                  doc: "The file upload tokens referring to each side of the document.",
                  members: {
                    back: {
                      type: "string",
                      doc: "A file upload token representing the back of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    },
                    front: {
                      type: "string",
                      doc: "A file upload token representing the front of the verification document. The purpose of the uploaded file should be 'identity_document'. The uploaded file needs to be a color image (smaller than 8,000px by 8,000px), in JPG, PNG, or PDF format, and less than 10 MB in size."
                    }
                  }
                },
                type: {
                  type: "string",
                  doc: "The format of the verification document. Currently supports `front_back` only.",
                  enum: ["front_back"]
                }
              },
              required: ["front_back", "type"]
            },
            visa: {
              type: "structure",
              doc: "One or more documents showing the person's visa required for living in the country where they are residing.",
              members: {
                files: {
                  type: "list",
                  doc: "One or more document IDs returned by a file upload with a purpose value of `account_requirement`.",
                  member: { type: "string" }
                },
                type: {
                  type: "string",
                  doc: "The format of the document. Currently supports `files` only.",
                  enum: ["files"]
                }
              },
              required: ["files", "type"]
            }
          }
        },
        email: {
          type: "string",
          doc: "The individual's email address. You can only set this field when the Account is configured as a `merchant` or `recipient`. Use `contact_email` as the primary contact email for this Account."
        },
        given_name: { type: "string", doc: "The individual's first name." },
        id_numbers: {
          type: "list",
          doc: "The identification numbers (e.g., SSN) associated with the individual.",
          member: {
            type: "structure",
            members: {
              type: {
                type: "string",
                doc: "The ID number type of an individual.",
                enum: [
                  "ae_eid",
                  "ao_nif",
                  "ar_cuil",
                  "ar_dni",
                  "at_stn",
                  "az_tin",
                  "bd_brc",
                  "bd_etin",
                  "bd_nid",
                  "be_nrn",
                  "bg_ucn",
                  "bn_nric",
                  "br_cpf",
                  "ca_sin",
                  "ch_oasi",
                  "cl_rut",
                  "cn_pp",
                  "co_nuip",
                  "cr_ci",
                  "cr_cpf",
                  "cr_dimex",
                  "cr_nite",
                  "cy_tic",
                  "cz_rc",
                  "de_stn",
                  "dk_cpr",
                  "do_cie",
                  "do_rcn",
                  "ec_ci",
                  "ee_ik",
                  "es_nif",
                  "fi_hetu",
                  "fr_nir",
                  "gb_nino",
                  "gr_afm",
                  "gt_nit",
                  "hk_id",
                  "hr_oib",
                  "hu_ad",
                  "id_nik",
                  "ie_ppsn",
                  "is_kt",
                  "it_cf",
                  "jp_inc",
                  "ke_pin",
                  "kz_iin",
                  "li_peid",
                  "lt_ak",
                  "lu_nif",
                  "lv_pk",
                  "mx_rfc",
                  "my_nric",
                  "mz_nuit",
                  "ng_nin",
                  "nl_bsn",
                  "no_nin",
                  "nz_ird",
                  "pe_dni",
                  "pk_cnic",
                  "pk_snic",
                  "pl_pesel",
                  "pt_nif",
                  "ro_cnp",
                  "sa_tin",
                  "se_pin",
                  "sg_fin",
                  "sg_nric",
                  "sk_dic",
                  "th_lc",
                  "th_pin",
                  "tr_tin",
                  "us_itin",
                  "us_itin_last_4",
                  "us_ssn",
                  "us_ssn_last_4",
                  "uy_dni",
                  "za_id"
                ]
              },
              value: { type: "string", doc: "The value of the ID number.", sensitive: true }
            },
            required: ["type", "value"]
          }
        },
        legal_gender: {
          type: "string",
          doc: `The individual's gender (International regulations require either "male" or "female").`,
          enum: ["female", "male"]
        },
        metadata: {
          type: "map",
          doc: "Set of key-value pairs that you can attach to an object. This can be useful for storing additional information about the object in a structured format.",
          key: { type: "string" },
          value: { type: "string" }
        },
        nationalities: {
          type: "list",
          doc: "The countries where the individual is a national. Two-letter country code (ISO 3166-1 alpha-2).",
          member: { type: "string" }
        },
        phone: { type: "string", doc: "The individual's phone number." },
        political_exposure: { type: "string", doc: "The individual's political exposure.", enum: ["existing", "none"] },
        relationship: {
          type: "structure",
          doc: "The relationship that this individual has with the account's identity.",
          members: {
            director: {
              type: "boolean",
              doc: "Whether the person is a director of the account's identity. Directors are typically members of the governing board of the company, or responsible for ensuring the company meets its regulatory obligations."
            },
            executive: {
              type: "boolean",
              doc: "Whether the person has significant responsibility to control, manage, or direct the organization."
            },
            owner: { type: "boolean", doc: "Whether the person is an owner of the account's identity." },
            percent_ownership: {
              type: "string",
              doc: "The percent owned by the person of the account's legal entity.",
              pattern: "-?[0-9]+(\\.[0-9]+)?"
            },
            title: { type: "string", doc: "The person's title (e.g., CEO, Support Engineer)." }
          }
        },
        script_addresses: {
          type: "structure",
          doc: "The script addresses (e.g., non-Latin characters) associated with the individual.",
          members: {
            kana: {
              type: "structure",
              doc: "Kana Address.",
              members: {
                city: { type: "string", doc: "City, district, suburb, town, or village." },
                country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
                line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
                line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
                postal_code: { type: "string", doc: "ZIP or postal code." },
                state: { type: "string", doc: "State, county, province, or region." },
                town: { type: "string", doc: "Town or district." }
              }
            },
            kanji: {
              type: "structure",
              doc: "Kanji Address.",
              members: {
                city: { type: "string", doc: "City, district, suburb, town, or village." },
                country: { type: "string", doc: "Two-letter country code (ISO 3166-1 alpha-2)." },
                line1: { type: "string", doc: "Address line 1 (e.g., street, PO Box, or company name)." },
                line2: { type: "string", doc: "Address line 2 (e.g., apartment, suite, unit, or building)." },
                postal_code: { type: "string", doc: "ZIP or postal code." },
                state: { type: "string", doc: "State, county, province, or region." },
                town: { type: "string", doc: "Town or district." }
              }
            }
          }
        },
        script_names: {
          type: "structure",
          doc: "The individuals primary name in non latin script.",
          members: {
            kana: {
              type: "structure",
              doc: "Persons name in kana script.",
              members: {
                given_name: { type: "string", doc: "The person's first or given name." },
                surname: { type: "string", doc: "The person's last or family name." }
              }
            },
            kanji: {
              type: "structure",
              doc: "Persons name in kanji script.",
              members: {
                given_name: { type: "string", doc: "The person's first or given name." },
                surname: { type: "string", doc: "The person's last or family name." }
              }
            }
          }
        },
        surname: { type: "string", doc: "The individual's last name." }
      }
    }
  }
};

// src/models/stripe.ts
var timestamp = (doc) => str({ format: "date-time", doc: `${doc} RFC 3339 UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ).` });
var accountTokenShape = {
  type: "structure",
  doc: "A single-use account token (object v2.core.account_token).",
  members: {
    id: str({ doc: "Unique identifier of the token." }),
    object: str({ enum: ["v2.core.account_token"], doc: "Always v2.core.account_token." }),
    created: timestamp("Creation time,"),
    expires_at: timestamp("Time at which the token expires,"),
    livemode: { type: "boolean", doc: "true if the token exists in live mode, false in test mode." },
    used: { type: "boolean", doc: "Whether the token has already been used (a token can be used only once)." }
  }
};
var createAccountToken = {
  name: "CreateAccountToken",
  creates: true,
  service: "stripe",
  paths: [["account-token", "create"]],
  summary: "Creates a single-use token that tokenizes an account's contact details and identity.",
  http: { method: "POST", path: "/v2/core/account_tokens" },
  // Made where the account holder is: a publishable key (in test mode a secret key too), never a restricted key.
  keyRule: {
    take: "client-side",
    action: "create account tokens",
    use: "a publishable key, or in test mode a secret key",
    liveModePublishableOnly: true
  },
  input: {
    type: "structure",
    members: {
      contact_email: str({ doc: "The default contact email address for the account." }),
      contact_phone: str({ doc: "The default contact phone for the account." }),
      display_name: str({
        doc: "A descriptive name for the account, shown in the service's dashboard and on invoices sent to it."
      }),
      identity
    }
  },
  output: accountTokenShape,
  examples: [
    {
      title: "Create a token for a company (the API reference's example)",
      argv: [
        "account-token",
        "create",
        "--contact-email",
        "furever@example.com",
        "--display-name",
        "Furever",
        "--identity",
        "attestations={terms_of_service={account={shown_and_accepted=true}}},entity_type=company,business_details={registered_name=Furever}"
      ]
    },
    {
      title: "Create a token for an individual, nested members included",
      argv: [
        "account-token",
        "create",
        "--contact-email",
        "jenny@example.com",
        "--identity",
        "entity_type=individual,individual={given_name=Jenny,surname=Rosen,date_of_birth={day=28,month=1,year=1990},id_numbers=[{type=us_ssn_last_4,value=0000}],nationalities=[US],relationship={owner=true,percent_ownership=100}}"
      ]
    }
  ]
};
var getAccountToken = {
  name: "RetrieveAccountToken",
  readOnly: true,
  service: "stripe",
  paths: [["account-token", "get"]],
  summary: "Retrieves an account token by id.",
  http: { method: "GET", path: "/v2/core/account_tokens/{id}" },
  keyRule: { take: "client-side", action: "retrieve account tokens", use: "a secret or publishable key" },
  input: {
    type: "structure",
    required: ["id"],
    members: { id: str({ min: 1, doc: "The id of the account token (accttok_...)." }) }
  },
  output: accountTokenShape,
  examples: [
    {
      title: "Retrieve a token by the id that account-token create printed",
      argv: ["account-token", "get", "--id", "accttok_p1FWfAWPdo6KgxrK9p5fzTwb"]
    }
  ]
};
var meterEventAdjustmentShape = {
  type: "structure",
  doc: "A meter event adjustment (object v2.billing.meter_event_adjustment).",
  members: {
    id: str({ doc: "Unique id of the adjustment." }),
    object: str({ enum: ["v2.billing.meter_event_adjustment"], doc: "Always v2.billing.meter_event_adjustment." }),
    cancel: {
      type: "structure",
      doc: "Which meter event to cancel.",
      members: { identifier: str({ doc: "The identifier of the meter event to cancel." }) }
    },
    created: timestamp("Time the adjustment was created,"),
    event_name: str({ min: 1, doc: "The name of the meter event; corresponds to the event_name field of a meter." }),
    livemode: { type: "boolean", doc: "true in live mode, false in test mode." },
    status: str({ enum: ["complete", "pending"], doc: "complete (processed) or pending (still being processed)." }),
    type: str({ enum: ["cancel"], doc: "The type of adjustment: cancel (cancel a single meter event by identifier)." })
  }
};
var createMeterEventAdjustment = {
  name: "CreateMeterEventAdjustment",
  creates: true,
  service: "stripe",
  paths: [["meter-event-adjustment", "create"]],
  summary: "Creates an adjustment that cancels a previously sent billing meter event.",
  http: { method: "POST", path: "/v2/billing/meter_event_adjustments" },
  keyRule: { take: "server-side", resource: "meter event adjustments" },
  input: {
    type: "structure",
    required: ["cancel", "event_name", "type"],
    members: {
      cancel: {
        type: "structure",
        doc: "Which meter event to cancel: identifier, a meter event received within the last 24 hours.",
        // Stripe's published schema: at most 100 characters each.
        members: { identifier: str({ max: 100, doc: "The identifier of the meter event to cancel." }) }
      },
      event_name: str({
        min: 1,
        max: 100,
        doc: "The name of the meter event; corresponds to the event_name field of a meter."
      }),
      type: str({ enum: ["cancel"], doc: "The type of cancellation: cancel (a single meter event by identifier)." })
    }
  },
  output: meterEventAdjustmentShape,
  examples: [
    {
      title: "Cancel a meter event",
      argv: [
        "meter-event-adjustment",
        "create",
        "--event-name",
        "api_calls",
        "--type",
        "cancel",
        "--cancel",
        "identifier=evt_123"
      ]
    }
  ]
};
var getMeterEventAdjustment = {
  name: "RetrieveMeterEventAdjustment",
  readOnly: true,
  service: "stripe",
  paths: [["meter-event-adjustment", "get"]],
  summary: "Retrieves a meter event adjustment by id: its status shows whether it has been processed (complete) or not yet (pending).",
  http: { method: "GET", path: "/v2/billing/meter_event_adjustments/{id}" },
  keyRule: { take: "server-side", resource: "meter event adjustments" },
  input: {
    type: "structure",
    required: ["id"],
    members: { id: str({ min: 1, doc: "The id of the meter event adjustment (mtr_event_adj_...)." }) }
  },
  output: meterEventAdjustmentShape,
  examples: [
    {
      title: "Read an adjustment again",
      argv: ["meter-event-adjustment", "get", "--id", "mtr_event_adj_dBodJnj68ZrOg4XLhsLroca4"]
    }
  ]
};
var accountShape = {
  type: "structure",
  doc: "An account (object v2.core.account), created from an account token.",
  members: {
    id: str({ doc: "Unique identifier of the account." }),
    object: str({ enum: ["v2.core.account"], doc: "Always v2.core.account." }),
    applied_configurations: {
      type: "list",
      member: str({}),
      doc: "The configurations applied to the account (none for an account created from a token)."
    },
    contact_email: str({ doc: "The default contact email address of the account, from the token." }),
    contact_phone: str({ doc: "The default contact phone of the account, from the token." }),
    created: timestamp("Creation time,"),
    display_name: str({ doc: "The descriptive name of the account, from the token." }),
    identity: { ...identity, doc: "The company, individual and business represented by the account, from the token." },
    livemode: { type: "boolean", doc: "true if the account exists in live mode, false in test mode." }
  }
};
var createAccount = {
  name: "CreateAccount",
  creates: true,
  service: "stripe",
  paths: [["account", "create"]],
  summary: "Creates an account from an account token, which it uses up: the account takes the token's contact details and identity.",
  http: { method: "POST", path: "/v2/core/accounts" },
  keyRule: { take: "server-side", resource: "accounts" },
  input: {
    type: "structure",
    required: ["account_token"],
    members: {
      account_token: str({
        min: 1,
        doc: "The id of an unused, unexpired account token of the same mode (accttok_...); it can be used only once."
      })
    }
  },
  output: accountShape,
  examples: [
    {
      title: "Create an account from a token",
      argv: ["account", "create", "--account-token", "accttok_p1FWfAWPdo6KgxrK9p5fzTwb"]
    }
  ]
};
var getAccount = {
  name: "RetrieveAccount",
  readOnly: true,
  service: "stripe",
  paths: [["account", "get"]],
  summary: "Retrieves an account by id.",
  http: { method: "GET", path: "/v2/core/accounts/{id}" },
  keyRule: { take: "server-side", resource: "accounts" },
  input: {
    type: "structure",
    required: ["id"],
    members: { id: str({ min: 1, doc: "The id of the account (acct_...)." }) }
  },
  output: accountShape,
  examples: [{ title: "Retrieve an account by id", argv: ["account", "get", "--id", "acct_94Y8kIIYTimcO0X2kHcOSnGE"] }]
};
var STRIPE_OPERATIONS = {
  CreateAccountToken: createAccountToken,
  RetrieveAccountToken: getAccountToken,
  CreateAccount: createAccount,
  RetrieveAccount: getAccount,
  CreateMeterEventAdjustment: createMeterEventAdjustment,
  RetrieveMeterEventAdjustment: getMeterEventAdjustment
};

// src/models/registry.ts
var MODELS = {
  ...ECR_OPERATIONS,
  ...AUTOSCALING_OPERATIONS,
  ...STRIPE_OPERATIONS
};
function withoutPrototypes(shape, seen2) {
  if (seen2.has(shape)) return;
  seen2.add(shape);
  if (shape.type === "structure") {
    if (Object.getPrototypeOf(shape.members) !== null)
      shape.members = Object.assign(/* @__PURE__ */ Object.create(null), shape.members);
    for (const member of Object.values(shape.members)) withoutPrototypes(member, seen2);
  } else if (shape.type === "list") {
    withoutPrototypes(shape.member, seen2);
  } else if (shape.type === "map") {
    withoutPrototypes(shape.value, seen2);
  }
}
var seen = /* @__PURE__ */ new Set();
for (const op of Object.values(MODELS)) {
  withoutPrototypes(op.input, seen);
  withoutPrototypes(op.output, seen);
}
var OPERATIONS = Object.values(MODELS);
var byName = new Map(OPERATIONS.map((op) => [op.name, op]));
function operation(name) {
  const op = byName.get(name);
  if (!op) throw new Error(`unknown operation ${name}`);
  return op;
}

// src/models/validate.ts
init_pynum();

// src/core/timestamp.ts
var ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
var Timestamp = class _Timestamp {
  /**
   * @param epochSeconds whole seconds since the epoch, UTC (for a naive time: as if it were UTC)
   * @param micros 0 to 999,999
   * @param offsetMinutes the UTC offset written by the server; undefined for a naive time
   */
  constructor(epochSeconds, micros, offsetMinutes) {
    this.epochSeconds = epochSeconds;
    this.micros = micros;
    this.offsetMinutes = offsetMinutes;
  }
  epochSeconds;
  micros;
  offsetMinutes;
  static fromDate(d) {
    const ms = d.getTime();
    const seconds = Math.floor(ms / 1e3);
    return new _Timestamp(seconds, (ms - seconds * 1e3) * 1e3, 0);
  }
  /** datetime.fromtimestamp(x): the fraction rounded to microseconds, half to even (CPython's _PyTime). */
  static fromEpoch(x) {
    if (!Number.isFinite(x)) return void 0;
    let whole2 = Math.trunc(x);
    let us = roundHalfEven((x - whole2) * 1e6);
    if (us >= 1e6) {
      us -= 1e6;
      whole2 += 1;
    } else if (us < 0) {
      us += 1e6;
      whole2 -= 1;
    }
    const t = new _Timestamp(whole2, us, 0);
    return Number.isNaN(t.toDate().getTime()) ? void 0 : t;
  }
  /** ISO 8601 as servers write it; undefined when the text has another form. */
  static fromIso(text) {
    const m = ISO.exec(text.trim());
    if (m === null) return void 0;
    const [, y, mo, d, h, mi, s = "0", frac = "", zone] = m;
    const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
    const check = new Date(asUtc);
    if (Number.isNaN(asUtc) || check.getUTCDate() !== Number(d) || check.getUTCMonth() !== Number(mo) - 1 || Number(s) > 59 || Number(h) > 23 || Number(mi) > 59)
      return void 0;
    const offset = zone === void 0 ? void 0 : zoneMinutes(zone);
    const micros = Number(frac.padEnd(6, "0").slice(0, 6));
    return new _Timestamp(asUtc / 1e3 - (offset ?? 0) * 60, micros, offset);
  }
  toDate() {
    return new Date(this.epochSeconds * 1e3 + Math.floor(this.micros / 1e3));
  }
  /** datetime.isoformat(): `2026-11-22T23:25:30.174110+00:00`, no fraction when it is zero. */
  isoformat() {
    const local = new Date((this.epochSeconds + (this.offsetMinutes ?? 0) * 60) * 1e3);
    const base = local.toISOString().slice(0, 19);
    const fraction = this.micros === 0 ? "" : `.${String(this.micros).padStart(6, "0")}`;
    return `${base}${fraction}${this.offsetMinutes === void 0 ? "" : offsetText(this.offsetMinutes)}`;
  }
};
var cRound = (v) => Math.sign(v) * Math.round(Math.abs(v));
function roundHalfEven(x) {
  const r = cRound(x);
  return Math.abs(x - r) === 0.5 ? 2 * cRound(x / 2) : r;
}
function zoneMinutes(zone) {
  if (zone.toUpperCase() === "Z") return 0;
  const digits = zone.slice(1).replace(":", "");
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || "0");
  return zone.startsWith("-") ? -minutes : minutes;
}
function offsetText(minutes) {
  const sign2 = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign2}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

// src/models/validate.ts
init_errors();
init_secrets();
function isPlainObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof Uint8Array) && !(v instanceof Timestamp) && !(v instanceof PyFloat);
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

// src/wire/json.ts
init_keys();
init_pynum();
function toJson(shape, v) {
  if (v === void 0 || v === null) return v;
  switch (shape.type) {
    case "structure": {
      if (!isPlainObject(v)) return v;
      const out = {};
      for (const [name, member] of Object.entries(shape.members))
        if (Object.hasOwn(v, name) && v[name] !== void 0) out[name] = toJson(member, v[name]);
      return out;
    }
    case "list":
      return Array.isArray(v) ? v.map((x) => toJson(shape.member, x)) : v;
    case "map":
      return isPlainObject(v) ? mapEntries(v, (x) => toJson(shape.value, x)) : v;
    case "timestamp":
      return v instanceof Date ? v.getTime() / 1e3 : v;
    case "blob":
      return v instanceof Uint8Array ? Buffer.from(v).toString("base64") : v;
    default:
      return v;
  }
}
function fromJson(shape, v, opts) {
  if (v === void 0 || v === null) return v;
  switch (shape.type) {
    case "structure": {
      if (!isPlainObject(v)) return v;
      const out = {};
      for (const [name, member] of Object.entries(shape.members))
        if (Object.hasOwn(v, name)) out[name] = fromJson(member, v[name], opts);
      if (opts.keepUnknown) {
        for (const [name, value] of Object.entries(v))
          if (!Object.hasOwn(shape.members, name)) setOwn(out, name, value);
      }
      return out;
    }
    case "list":
      return Array.isArray(v) ? v.map((x) => fromJson(shape.member, x, opts)) : v;
    case "map":
      return isPlainObject(v) ? mapEntries(v, (x) => fromJson(shape.value, x, opts)) : v;
    case "timestamp":
      return readTimestamp(v);
    default:
      return v;
  }
}
function readTimestamp(v) {
  if (typeof v === "number") return Timestamp.fromEpoch(v) ?? v;
  if (v instanceof PyFloat) return Timestamp.fromEpoch(v.value) ?? v;
  if (typeof v === "string") {
    if (/^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v)) return Timestamp.fromEpoch(Number(v)) ?? v;
    const iso = Timestamp.fromIso(v);
    if (iso !== void 0) return iso;
    const d = new Date(v);
    if (!Number.isNaN(d.getTime())) return Timestamp.fromDate(d);
  }
  return v;
}

// src/wire/types.ts
init_pynum();
var WireFormatError = class extends Error {
};
function mediaType(contentType) {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}
function splitPath(path) {
  const i = path.indexOf("?");
  return i < 0 ? { pathname: path, query: "" } : { pathname: path.slice(0, i), query: path.slice(i + 1) };
}
function parseJson(text) {
  try {
    return parseJsonInts(text);
  } catch {
    throw new WireFormatError("the body is not JSON");
  }
}
function parseJsonResponse(text) {
  try {
    return parseJsonExact(text);
  } catch {
    throw new WireFormatError("the body is not JSON");
  }
}

// src/wire/json11.ts
var JSON11_TYPE = "application/x-amz-json-1.1";
function serviceOf(op) {
  const service2 = serviceModel(op.service);
  if (service2.protocol !== "json11") throw new Error(`${op.name} is not an AWS JSON 1.1 operation`);
  return service2;
}
var target = (op) => `${serviceOf(op).targetPrefix}.${op.name}`;
var SERVICES2 = servicesSpeaking("json11");
var OPS = new Map(
  OPERATIONS.filter((op) => serviceModel(op.service).protocol === "json11").map((op) => [target(op), op])
);
var PROBLEMS = {
  "unknown-operation": [400, "UnknownOperationException"],
  "bad-encoding": [400, "SerializationException"],
  "bad-content-type": [415, "UnsupportedMediaTypeException"],
  "too-large": [413, "RequestEntityTooLargeException"],
  timeout: [408, "RequestTimeoutException"],
  "bad-signature": [403, "IncompleteSignatureException"],
  internal: [500, "InternalFailure"],
  unavailable: [503, "ServiceUnavailableException"],
  misdirected: [421, "MisdirectedRequestException"],
  forbidden: [403, "AccessDeniedException"]
};
function problem(kind, detail) {
  const [status, code] = PROBLEMS[kind];
  return new ServiceError(code, detail, status);
}
function headers(requestId) {
  return { "content-type": JSON11_TYPE, "x-amzn-requestid": requestId };
}
function errorCode(type, header) {
  if (typeof type === "string" && type !== "") return type.slice(type.lastIndexOf("#") + 1);
  return header ? header.split(":")[0] : void 0;
}
var json11Codec = {
  name: "json11",
  encodeRequest(op, params) {
    return {
      method: "POST",
      path: "/",
      headers: { "content-type": JSON11_TYPE, "x-amz-target": target(op) },
      body: stringifyJsonExact(toJson(op.input, params))
    };
  },
  decodeRequest(req) {
    const named = req.headers["x-amz-target"] ?? "";
    const op = OPS.get(named);
    if (!op)
      throw problem(
        "unknown-operation",
        `Unknown operation: X-Amz-Target ${echoText(named)} names no operation of this service.`
      );
    const type = mediaType(req.headers["content-type"]);
    if (type !== JSON11_TYPE)
      throw problem("bad-content-type", `Unsupported Content-Type ${echoText(type)}: expected ${JSON11_TYPE}.`);
    let body;
    try {
      body = req.body.trim() === "" ? {} : parseJson(req.body);
    } catch {
      throw problem("bad-encoding", "The request body is not valid JSON.");
    }
    if (!isPlainObject(body)) throw problem("bad-encoding", "The request body must be a JSON object.");
    return { op, params: fromJson(op.input, body, { keepUnknown: true }) };
  },
  encodeResponse(op, output, requestId) {
    return { status: 200, headers: headers(requestId), body: stringifyJsonExact(toJson(op.output, output)) };
  },
  decodeResponse(op, res) {
    const doc = parseJsonResponse(res.body);
    if (!isPlainObject(doc)) throw new WireFormatError("the response is not a JSON object");
    return fromJson(op.output, doc, { keepUnknown: false });
  },
  encodeError(err, requestId) {
    return {
      status: err.status,
      headers: { ...headers(requestId), "x-amzn-errortype": err.code },
      body: stringifyJsonExact({ __type: err.code, message: err.message })
    };
  },
  decodeError(res) {
    const doc = res.body.trim() === "" ? {} : parseJsonResponse(res.body);
    if (!isPlainObject(doc)) throw new WireFormatError("the error response is not a JSON object");
    const code = errorCode(doc.__type ?? doc.code, res.headers["x-amzn-errortype"]);
    if (!code) throw new WireFormatError("no __type in the error response");
    const raw2 = doc.message ?? doc.Message ?? "";
    const message = typeof raw2 === "string" ? raw2 : stringifyJsonExact(raw2);
    const err = new ServiceError(code, message, res.status);
    err.fields = json11ErrorFields(code, message, doc);
    return err;
  },
  /** The service whose target prefix the request's X-Amz-Target carries; else the first JSON 1.1 service. */
  serviceOf(req) {
    const named = req.headers["x-amz-target"] ?? "";
    const prefix = named.slice(0, named.lastIndexOf("."));
    return SERVICES2.find((s) => s.targetPrefix === prefix) ?? SERVICES2[0];
  },
  problem
};

// src/wire/query.ts
init_errors();

// src/wire/form.ts
init_pynum();
init_keys();
function percentEncode(s) {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
function encodeForm(pairs) {
  return pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join("&");
}
function decodeForm(body) {
  if (body === "") return [];
  return body.split("&").filter((part) => part !== "").map((part) => {
    const eq = part.indexOf("=");
    const [k, v] = eq < 0 ? [part, ""] : [part.slice(0, eq), part.slice(eq + 1)];
    const dec = (x) => decodeURIComponent(x.replace(/\+/g, " "));
    return [dec(k), dec(v)];
  });
}
function flatten(shape, v, prefix, out) {
  if (v === void 0 || v === null) return;
  const at = (name) => prefix ? `${prefix}.${name}` : name;
  if (shape.type === "structure" && isPlainObject(v)) {
    for (const [name, value] of Object.entries(v)) {
      const member = shape.members[name];
      if (member) flatten(member, value, at(name), out);
    }
  } else if (shape.type === "list" && Array.isArray(v)) {
    if (v.length === 0) out.push([prefix, ""]);
    v.forEach((item, i) => flatten(shape.member, item, `${prefix}.member.${i + 1}`, out));
  } else if (shape.type === "map" && isPlainObject(v)) {
    Object.entries(v).forEach(([key, value], i) => {
      out.push([`${prefix}.entry.${i + 1}.key`, key]);
      flatten(shape.value, value, `${prefix}.entry.${i + 1}.value`, out);
    });
  } else if (v instanceof Date) {
    out.push([prefix, v.toISOString()]);
  } else if (v instanceof Uint8Array) {
    out.push([prefix, Buffer.from(v).toString("base64")]);
  } else {
    out.push([prefix, String(v)]);
  }
}
function tree(pairs) {
  const root = { children: /* @__PURE__ */ new Map() };
  for (const [key, value] of pairs) {
    let node = root;
    for (const part of key.split(".")) {
      let next = node.children.get(part);
      if (!next) node.children.set(part, next = { children: /* @__PURE__ */ new Map() });
      node = next;
    }
    node.value = value;
  }
  return root;
}
function raw(node) {
  if (node.children.size === 0) return node.value ?? "";
  return Object.fromEntries([...node.children].map(([k, c]) => [k, raw(c)]));
}
var FormIndexError = class extends Error {
  constructor(path, index) {
    super(`list index ${index} at ${path}`);
    this.path = path;
    this.index = index;
  }
  path;
  index;
};
var wireName = (path) => path.map((p) => /^\d+$/.test(p) ? `${p}.member` : p.charAt(0).toLowerCase() + p.slice(1)).join(".");
function fromNode(shape, node, path = []) {
  const leaf = node.children.size === 0;
  switch (shape.type) {
    case "structure": {
      if (leaf) return raw(node);
      const out = {};
      for (const [name, c] of node.children)
        setOwn(
          out,
          name,
          Object.hasOwn(shape.members, name) ? fromNode(shape.members[name], c, [...path, name]) : raw(c)
        );
      return out;
    }
    case "list":
      return listFrom(shape.member, node, path);
    case "integer":
      return leaf && /^-?\d+$/.test(node.value ?? "") ? parsePyInt(node.value) : raw(node);
    case "boolean":
      return leaf && (node.value === "true" || node.value === "false") ? node.value === "true" : raw(node);
    default:
      return raw(node);
  }
}
function listFrom(member, node, path) {
  if (node.children.size === 0) return node.value === "" ? [] : raw(node);
  const items = node.children.get("member");
  if (node.children.size !== 1 || !items || items.value !== void 0) return raw(node);
  const entries = [...items.children];
  const bad = entries.find(([i]) => !/^[1-9]\d{0,5}$/.test(i));
  if (bad) throw new FormIndexError(wireName(path), `member.${bad[0]}`);
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([i, c]) => fromNode(member, c, [...path, i]));
}
function unflatten(shape, pairs) {
  const root = tree(pairs);
  return root.children.size === 0 ? {} : fromNode(shape, root);
}

// src/wire/query.ts
init_pynum();

// src/wire/xml.ts
var INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
var ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#xD;" };
function escapeXml(s) {
  return s.replace(INVALID, "\uFFFD").replace(/[&<>\r]/g, (c) => ESCAPES[c]);
}
var NAMED = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function unescape(s) {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (all, ent) => {
    if (ent.startsWith("#")) {
      const cp = ent.startsWith("#x") ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
      if (!(cp <= 1114111) || cp >= 55296 && cp <= 57343)
        throw new WireFormatError(`character reference ${all} names no character`);
      return String.fromCodePoint(cp);
    }
    const named = NAMED[ent];
    if (named === void 0) throw new WireFormatError(`unknown XML entity ${all}`);
    return named;
  });
}
var NAME = /[A-Za-z_:][-A-Za-z0-9_.:]*/y;
var ATTR = /\s+([A-Za-z_:][-A-Za-z0-9_.:]*)\s*=\s*("[^"]*"|'[^']*')/y;
var TAG_END = /\s*(\/?)>/y;
var CLOSE_END = /\s*>/y;
var Parser = class {
  constructor(s) {
    this.s = s;
  }
  s;
  i = 0;
  /** A sticky regular expression matched at the cursor. */
  at(re) {
    re.lastIndex = this.i;
    return re.exec(this.s);
  }
  fail(what) {
    throw new WireFormatError(`not XML: ${what} at offset ${this.i}`);
  }
  /** Skips the declaration, comments, processing instructions and whitespace between elements. */
  skipMisc() {
    for (; ; ) {
      const rest = this.s.slice(this.i, this.i + 4);
      if (/^\s/.test(rest)) this.i++;
      else if (rest.startsWith("<?")) this.skipTo("?>");
      else if (rest.startsWith("<!--")) this.skipTo("-->");
      else return;
    }
  }
  skipTo(end) {
    const j = this.s.indexOf(end, this.i);
    if (j < 0) this.fail(`unterminated ${end}`);
    const body = this.s.slice(this.i, j);
    this.i = j + end.length;
    return body;
  }
  element() {
    if (this.s[this.i] !== "<") this.fail("expected <");
    this.i++;
    const name = this.at(NAME)?.[0] ?? this.fail("expected an element name");
    this.i += name.length;
    const el = { name, attrs: {}, children: [], text: "" };
    for (let m = this.at(ATTR); m; m = this.at(ATTR)) {
      el.attrs[m[1]] = unescape(m[2].slice(1, -1));
      this.i += m[0].length;
    }
    const close = this.at(TAG_END) ?? this.fail("expected > or />");
    this.i += close[0].length;
    if (close[1] !== "/") this.content(el);
    return el;
  }
  content(el) {
    for (; ; ) {
      const lt = this.s.indexOf("<", this.i);
      if (lt < 0) this.fail(`unterminated <${el.name}>`);
      el.text += unescape(this.s.slice(this.i, lt));
      this.i = lt;
      if (this.s.startsWith("</", this.i)) {
        this.i += 2;
        if (!this.s.startsWith(el.name, this.i)) this.fail(`mismatched </\u2026> for <${el.name}>`);
        this.i += el.name.length;
        const end = this.at(CLOSE_END) ?? this.fail("expected >");
        this.i += end[0].length;
        return;
      }
      if (this.s.startsWith("<![CDATA[", this.i)) {
        this.i += 9;
        el.text += this.skipTo("]]>");
      } else if (this.s.startsWith("<!--", this.i)) {
        this.skipTo("-->");
      } else {
        el.children.push(this.element());
      }
    }
  }
  document() {
    this.skipMisc();
    const root = this.element();
    this.skipMisc();
    if (this.i !== this.s.length) this.fail("content after the root element");
    return root;
  }
};
function parseXml(text) {
  return new Parser(text).document();
}
function child(el, name) {
  return el.children.find((c) => c.name === name);
}
function findDeep(el, name) {
  if (el.name === name) return el;
  for (const c of el.children) {
    const found = findDeep(c, name);
    if (found) return found;
  }
  return void 0;
}

// src/wire/query.ts
var FORM_TYPE = "application/x-www-form-urlencoded";
function serviceOf2(op) {
  const service2 = serviceModel(op.service);
  if (service2.protocol !== "query") throw new Error(`${op.name} is not an AWS Query operation`);
  return service2;
}
var SERVICES3 = servicesSpeaking("query");
var FIRST = SERVICES3[0];
var OPS2 = new Map(
  OPERATIONS.filter((op) => serviceModel(op.service).protocol === "query").map((op) => [
    `${serviceOf2(op).apiVersion} ${op.name}`,
    op
  ])
);
var PROBLEMS2 = {
  "unknown-operation": [400, "InvalidAction"],
  "bad-encoding": [400, "MalformedQueryString"],
  "bad-content-type": [415, "UnsupportedMediaType"],
  "too-large": [413, "RequestEntityTooLarge"],
  timeout: [408, "RequestTimeout"],
  "bad-signature": [403, "IncompleteSignature"],
  internal: [500, "InternalFailure"],
  unavailable: [503, "ServiceUnavailable"],
  misdirected: [421, "MisdirectedRequest"],
  forbidden: [403, "AccessDenied"]
};
var PRESIGN_PARAMS = /* @__PURE__ */ new Set([
  "X-Amz-Algorithm",
  "X-Amz-Credential",
  "X-Amz-Date",
  "X-Amz-Expires",
  "X-Amz-SignedHeaders",
  "X-Amz-Signature",
  "X-Amz-Security-Token"
]);
function problem2(kind, detail) {
  const [status, code] = PROBLEMS2[kind];
  return new ServiceError(code, detail, status);
}
function xmlOf(shape, v) {
  if (shape.type === "structure" && isPlainObject(v)) {
    return Object.entries(shape.members).filter(([name]) => v[name] !== void 0 && v[name] !== null).map(([name, member]) => `<${name}>${xmlOf(member, v[name])}</${name}>`).join("");
  }
  if (shape.type === "list" && Array.isArray(v))
    return v.map((x) => `<member>${xmlOf(shape.member, x)}</member>`).join("");
  if (v instanceof Date) return v.toISOString();
  if (v instanceof Uint8Array) return Buffer.from(v).toString("base64");
  return escapeXml(String(v));
}
function fromXml(shape, el) {
  switch (shape.type) {
    case "structure": {
      const out = {};
      for (const [name, member] of Object.entries(shape.members)) {
        const c = child(el, name);
        if (c) out[name] = fromXml(member, c);
      }
      return out;
    }
    case "list":
      return el.children.filter((c) => c.name === "member").map((c) => fromXml(shape.member, c));
    case "integer": {
      if (!/^\s*-?\d+\s*$/.test(el.text)) throw new WireFormatError(`<${el.name}> is not an integer: ${el.text}`);
      return parsePyInt(el.text.trim());
    }
    case "boolean":
      return el.text.trim() === "true";
    case "timestamp": {
      const d = readTimestamp(el.text.trim());
      if (!(d instanceof Timestamp)) throw new WireFormatError(`<${el.name}> is not a timestamp: ${el.text}`);
      return d;
    }
    default:
      return el.text;
  }
}
function parse(body) {
  return parseXml(body);
}
var queryCodec = {
  name: "query",
  encodeRequest(op, params) {
    const pairs = [
      ["Action", op.name],
      ["Version", serviceOf2(op).apiVersion]
    ];
    flatten(op.input, params, "", pairs);
    return {
      method: "POST",
      path: "/",
      headers: { "content-type": `${FORM_TYPE}; charset=utf-8` },
      body: encodeForm(pairs)
    };
  },
  decodeRequest(req) {
    const type = mediaType(req.headers["content-type"]);
    if (req.body !== "" && type !== FORM_TYPE) {
      throw problem2(
        "bad-content-type",
        `Unsupported Content-Type ${echoText(type)}: the Query protocol takes ${FORM_TYPE} bodies.`
      );
    }
    let pairs;
    try {
      pairs = [...decodeForm(splitPath(req.path).query), ...decodeForm(req.body)];
    } catch {
      throw problem2(
        "bad-encoding",
        "The request body is not valid application/x-www-form-urlencoded data (bad percent-escape or UTF-8)."
      );
    }
    const fields = /* @__PURE__ */ new Map();
    for (const [name, value] of pairs) {
      if (fields.has(name))
        throw new ServiceError(
          "MalformedQueryString",
          `The parameter ${echoText(name)} is given more than once; each parameter may be given once.`,
          400
        );
      fields.set(name, value);
    }
    const action = fields.get("Action");
    const version = fields.get("Version") ?? FIRST.apiVersion;
    const op = action !== void 0 ? OPS2.get(`${version} ${action}`) : void 0;
    if (!op) {
      throw problem2(
        "unknown-operation",
        action === void 0 ? "The request has no Action parameter." : `Could not find operation ${action} for version ${version}`
      );
    }
    try {
      return {
        op,
        params: unflatten(
          op.input,
          pairs.filter(([k]) => k !== "Action" && k !== "Version" && !PRESIGN_PARAMS.has(k))
        )
      };
    } catch (err) {
      if (err instanceof FormIndexError)
        throw new ServiceError(
          "ValidationError",
          `1 validation error detected: Value ${echoText(err.index)} at '${err.path}' failed to satisfy constraint: Member must be a list index from 1 to 999999 (member.1, member.2, ...)`,
          400
        );
      throw err;
    }
  },
  encodeResponse(op, output, requestId) {
    const members = Object.keys(op.output.members).length > 0;
    const result = members ? `<${op.name}Result>${xmlOf(op.output, output)}</${op.name}Result>` : "";
    const body = `<${op.name}Response xmlns="${serviceOf2(op).xmlNamespace}">${result}<ResponseMetadata><RequestId>${escapeXml(requestId)}</RequestId></ResponseMetadata></${op.name}Response>`;
    return { status: 200, headers: { "content-type": "text/xml", "x-amzn-requestid": requestId }, body };
  },
  decodeResponse(op, res) {
    const root = parse(res.body);
    if (root.name !== `${op.name}Response`)
      throw new WireFormatError(`expected <${op.name}Response>, got <${root.name}>`);
    const result = child(root, `${op.name}Result`);
    return result ? fromXml(op.output, result) : {};
  },
  encodeError(err, requestId, op) {
    const type = err.status >= 500 ? "Receiver" : "Sender";
    const body = `<ErrorResponse xmlns="${(op ? serviceOf2(op) : FIRST).xmlNamespace}"><Error><Type>${type}</Type><Code>${escapeXml(err.code)}</Code><Message>${escapeXml(err.message)}</Message></Error><RequestId>${escapeXml(requestId)}</RequestId></ErrorResponse>`;
    return { status: err.status, headers: { "content-type": "text/xml", "x-amzn-requestid": requestId }, body };
  },
  decodeError(res) {
    const error = findDeep(parse(res.body), "Error");
    const code = error && child(error, "Code");
    if (!error || !code) throw new WireFormatError("no <Error><Code> in the error response");
    return new ServiceError(code.text, child(error, "Message")?.text ?? "", res.status);
  },
  serviceOf(req) {
    let version;
    try {
      version = new Map([...decodeForm(splitPath(req.path).query), ...decodeForm(req.body)]).get("Version");
    } catch {
      version = void 0;
    }
    return SERVICES3.find((s) => s.apiVersion === version) ?? FIRST;
  },
  problem: problem2
};

// src/wire/codecs.ts
init_pynum();

// src/wire/v2.ts
init_errors();
init_pynum();
init_keys();
var ROUTES = OPERATIONS.filter((op) => op.http !== void 0).map((op) => {
  const names = [];
  const source = op.http.path.replace(/\{(\w+)\}/g, (_, name) => {
    names.push(name);
    return "([^/]+)";
  });
  return { op, method: op.http.method, pattern: new RegExp(`^${source}/?$`), names };
});
var PROBLEMS3 = {
  "unknown-operation": [404, "invalid_request_error", "unrecognized_request_url"],
  "bad-encoding": [400, "invalid_request_error", "malformed_request"],
  "bad-content-type": [415, "invalid_request_error", "unsupported_content_type"],
  "too-large": [413, "invalid_request_error", "request_too_large"],
  timeout: [408, "invalid_request_error", "request_timeout"],
  "bad-signature": [401, "invalid_request_error", "api_key_invalid"],
  internal: [500, "api_error", "internal_error"],
  unavailable: [503, "api_error", "service_unavailable"],
  misdirected: [421, "invalid_request_error", "misdirected_request"],
  forbidden: [403, "invalid_request_error", "cross_site_request"]
};
function problem3(kind, detail) {
  const [status, type, code] = PROBLEMS3[kind];
  return new ServiceError(code, detail, status, { type });
}
function pathParams(route, pathname) {
  const m = route.pattern.exec(pathname);
  if (!m) return void 0;
  const out = {};
  try {
    route.names.forEach((name, i) => out[name] = decodeURIComponent(m[i + 1]));
  } catch {
    throw problem3("bad-encoding", `The request path ${pathname} has a bad percent-escape.`);
  }
  return out;
}
function bodyParams(op, headers2, body) {
  if (body.trim() === "") return {};
  const type = mediaType(headers2["content-type"]);
  if (type !== "application/json")
    throw problem3(
      "bad-content-type",
      `Unsupported Content-Type ${echoText(type)}: v2 requests take application/json bodies.`
    );
  let doc;
  try {
    doc = parseJson(body);
  } catch {
    throw problem3("bad-encoding", "Invalid JSON in the request body.");
  }
  if (!isPlainObject(doc)) throw problem3("bad-encoding", "The request body must be a JSON object.");
  return fromJson(op.input, doc, { keepUnknown: true });
}
function queryParams(query) {
  const out = {};
  try {
    for (const [k, v] of decodeForm(query)) setOwn(out, k, v);
  } catch {
    throw problem3("bad-encoding", "The query string has a bad percent-escape.");
  }
  return out;
}
var JSON_HEADERS = { "content-type": "application/json" };
var v2Codec = {
  name: "v2",
  encodeRequest(op, params) {
    const http = op.http;
    const rest = { ...params };
    checkPathMembers(op, params);
    const path = http.path.replace(/\{(\w+)\}/g, (_, name) => {
      delete rest[name];
      return encodeURIComponent(String(params[name]));
    });
    if (http.method === "GET") {
      const pairs = Object.entries(rest).filter(([, v]) => v !== void 0).map(([k, v]) => [k, String(v)]);
      return { method: "GET", path: pairs.length > 0 ? `${path}?${encodeForm(pairs)}` : path, headers: {}, body: "" };
    }
    return {
      method: http.method,
      path,
      headers: { ...JSON_HEADERS },
      body: stringifyJsonExact(toJson(op.input, rest))
    };
  },
  decodeRequest(req) {
    const { pathname, query } = splitPath(req.path);
    for (const route of ROUTES) {
      const fromPath = route.method === req.method ? pathParams(route, pathname) : void 0;
      if (!fromPath) continue;
      const fromWire = route.method === "GET" ? queryParams(query) : bodyParams(route.op, req.headers, req.body);
      return { op: route.op, params: Object.assign(fromWire, fromPath) };
    }
    throw problem3("unknown-operation", `Unrecognized request URL (${req.method}: ${pathname}).`);
  },
  encodeResponse(op, output, requestId) {
    return {
      status: 200,
      headers: { ...JSON_HEADERS, "request-id": requestId },
      body: stringifyJsonExact(toJson(op.output, output))
    };
  },
  decodeResponse(op, res) {
    const doc = parseJsonResponse(res.body);
    if (!isPlainObject(doc)) throw new WireFormatError("the response is not a JSON object");
    return fromJson(op.output, doc, { keepUnknown: false });
  },
  encodeError(err, requestId) {
    const { type, ...rest } = err.extra;
    const error = {
      type: type ?? (err.status >= 500 ? "api_error" : "invalid_request_error"),
      code: err.code,
      message: err.message,
      ...rest
    };
    return {
      status: err.status,
      headers: { ...JSON_HEADERS, "request-id": requestId },
      body: stringifyJsonExact({ error })
    };
  },
  decodeError(res) {
    const doc = res.body.trim() === "" ? void 0 : parseJsonResponse(res.body);
    const error = isPlainObject(doc) ? doc.error : void 0;
    if (!isPlainObject(error)) throw new WireFormatError('no "error" object in the error response');
    const { code, message, ...extra } = error;
    const name = typeof code === "string" ? code : typeof extra.type === "string" ? extra.type : void 0;
    if (name === void 0) throw new WireFormatError("no error code in the error response");
    return new ServiceError(name, typeof message === "string" ? message : "", res.status, extra);
  },
  serviceOf() {
    return servicesSpeaking("v2")[0];
  },
  problem: problem3
};

// src/wire/codecs.ts
var BY_PROTOCOL = { query: queryCodec, json11: json11Codec, v2: v2Codec };
var CODECS = Object.fromEntries(
  Object.entries(SERVICES).map(([name, service2]) => [name, BY_PROTOCOL[service2.protocol]])
);

// src/backends/embedded/embedded.ts
init_errors();
init_pynum();
import { existsSync as existsSync6 } from "node:fs";

// src/models/operation.ts
function speaksV2(op) {
  return serviceModel(op.service).protocol === "v2";
}

// src/models/shapes.ts
init_keys();
init_pynum();
var memberOrder = /* @__PURE__ */ new WeakMap();
function orderOf(shape) {
  let order = memberOrder.get(shape);
  if (!order) {
    order = new Map(Object.keys(shape.members).map((k, i) => [k, i]));
    memberOrder.set(shape, order);
  }
  return order;
}
function orderByShape(shape, value) {
  if (value === null || typeof value !== "object" || value instanceof Date || value instanceof Uint8Array || value instanceof Timestamp || value instanceof PyFloat)
    return value;
  if (Array.isArray(value)) {
    if (shape.type !== "list") return value;
    let out;
    value.forEach((v, i) => {
      const o = orderByShape(shape.member, v);
      if (o !== v) (out ??= value.slice())[i] = o;
    });
    return out ?? value;
  }
  if (shape.type === "map") {
    return mapEntries(value, (v) => orderByShape(shape.value, v));
  }
  if (shape.type !== "structure") return value;
  return orderStructure(shape, value);
}
function orderStructure(shape, src) {
  const order = orderOf(shape);
  let inOrder = true;
  let last = -1;
  let changed;
  for (const [k, v] of Object.entries(src)) {
    const pos = order.get(k);
    if (v === void 0 || pos === void 0 || pos < last) inOrder = false;
    else last = pos;
    const member = shape.members[k];
    const o = member ? orderByShape(member, v) : v;
    if (o !== v) (changed ??= {})[k] = o;
  }
  if (inOrder && !changed) return src;
  const value = (k) => changed && k in changed ? changed[k] : src[k];
  const out = {};
  for (const k of order.keys()) if (src[k] !== void 0) out[k] = value(k);
  for (const k of Object.keys(src)) if (!(k in out) && src[k] !== void 0) out[k] = value(k);
  return out;
}
var carriesDefaults = /* @__PURE__ */ new WeakMap();
function hasDefaults(shape, seen2 = /* @__PURE__ */ new Set()) {
  const known = carriesDefaults.get(shape);
  if (known !== void 0) return known;
  if (seen2.has(shape)) return false;
  seen2.add(shape);
  let found = false;
  if (shape.type === "list") found = hasDefaults(shape.member, seen2);
  else if (shape.type === "map") found = hasDefaults(shape.value, seen2);
  else if (shape.type === "structure")
    found = Object.keys(shape.defaults ?? {}).length > 0 || Object.values(shape.members).some((m) => hasDefaults(m, seen2));
  carriesDefaults.set(shape, found);
  return found;
}
function fillDefaults(shape, value) {
  if (value === null || typeof value !== "object" || !hasDefaults(shape)) return value;
  if (Array.isArray(value)) {
    if (shape.type !== "list") return value;
    let out2;
    value.forEach((v, i) => {
      const o = fillDefaults(shape.member, v);
      if (o !== v) (out2 ??= value.slice())[i] = o;
    });
    return out2 ?? value;
  }
  if (shape.type === "map") {
    let out2;
    for (const [k, v] of Object.entries(value)) {
      const o = fillDefaults(shape.value, v);
      if (o !== v) (out2 ??= { ...value })[k] = o;
    }
    return out2 ?? value;
  }
  if (shape.type !== "structure") return value;
  const src = value;
  let out;
  for (const [name, member] of Object.entries(shape.members)) {
    const v = src[name];
    const o = v === void 0 ? shape.defaults?.[name] : fillDefaults(member, v);
    if (o !== v) (out ??= { ...src })[name] = o;
  }
  return out ?? value;
}

// src/backends/embedded/handlers/account-tokens.ts
init_pynum();

// src/backends/embedded/settings-store.ts
init_errors();

// src/models/service-settings.ts
var SERVICE_SETTINGS = [
  {
    name: "platform_registered",
    kind: { type: "boolean" },
    default: "true",
    doc: "Whether the account has signed up for the platform program. false: creating an account token or an account fails with platform_registration_required (400)."
  },
  {
    name: "accounts_v2_min_version",
    kind: { type: "version" },
    default: "none",
    doc: "The oldest API version the account may use the accounts v2 API with. A request at an older version creating or retrieving an account token or an account fails with non_connect_platform_accounts_v2_access_blocked (400). none: any version."
  },
  {
    name: "account_update_concurrency_limit",
    kind: { type: "integer", min: 0, max: 1e4, none: true },
    default: "none",
    doc: "How many account updates (account token and account creations) may run at the same time, per account and mode, across every process on the store. One more fails with account_rate_limit_exceeded (429, type rate_limit), and so does retrieving an account token or an account while the updates fill the limit (a read takes no place itself). 0 refuses every update and read; none: no limit."
  },
  {
    name: "account_update_hold_ms",
    kind: { type: "integer", min: 0, max: 6e4 },
    default: "0",
    doc: "How long each account update stays open (milliseconds) before it does its work: lets a test provoke account_rate_limit_exceeded with real concurrent requests."
  },
  {
    name: "account_token_lifetime_seconds",
    kind: { type: "integer", min: 0, max: 86400 },
    default: "600",
    doc: "How long a new account token can be used (expires_at is created plus this). 0: tokens are expired at once, so using one fails with token_expired (400)."
  },
  {
    name: "meter_event_adjustment_processing_ms",
    kind: { type: "integer", min: 0, max: 864e5 },
    default: "0",
    doc: "How long a new meter event adjustment stays pending (milliseconds) before it is complete. It is created pending; 0: complete on any later read."
  },
  // Quotas: AWS's documented default service quotas that a served operation reaches, each a setting
  // (Auto Scaling's "Launch configurations per region", ECR's "Registered repositories").
  {
    name: "launch_configurations_per_region",
    kind: { type: "integer", min: 0, max: 1e8, none: true },
    default: "200",
    doc: "Auto Scaling's quota of launch configurations per account and region (AWS's default: 200). Creating one more fails with LimitExceeded (254). none: no limit."
  },
  {
    name: "repositories_per_region",
    kind: { type: "integer", min: 0, max: 1e8, none: true },
    default: "100000",
    doc: "ECR's quota of registered repositories per registry and region (AWS's default: 100,000). Creating one more fails with LimitExceededException (254). none: no limit."
  }
];
var SERVICE_SETTING_NAMES = SERVICE_SETTINGS.map((s) => s.name);
function serviceSetting(name) {
  return SERVICE_SETTINGS.find((s) => s.name === name);
}
function describeKind(kind) {
  switch (kind.type) {
    case "boolean":
      return "true or false";
    case "integer":
      return `${kind.none ? "none or " : ""}a whole number from ${kind.min} to ${kind.max}`;
    case "version":
      return "none or a known API version (<yyyy-mm-dd>.<name>, see docs/v2.md)";
  }
}

// src/backends/embedded/store/statements.ts
var caches = /* @__PURE__ */ new WeakMap();
function stmt(db, sql) {
  let cache = caches.get(db);
  if (!cache) {
    cache = /* @__PURE__ */ new Map();
    caches.set(db, cache);
  }
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    cache.set(sql, s);
  }
  return s;
}

// src/backends/embedded/versions.ts
init_options();

// src/backends/embedded/handlers/stripe.ts
init_errors();
init_secrets();

// src/backends/embedded/handlers/handler.ts
init_errors();
init_pynum();
function awsValidationError(service2, violations) {
  if (service2 === "ecr") {
    const v = violations[0];
    return new ServiceError(
      "InvalidParameterException",
      `Invalid parameter at '${v.path.join(".")}' failed to satisfy constraint: '${v.constraint}'`
    );
  }
  const parts = violations.map(
    (v) => `Value ${showValue(v.value)} at '${wirePath(v.path)}' failed to satisfy constraint: ${v.constraint}`
  );
  const n = violations.length;
  return new ServiceError(
    "ValidationError",
    `${n} validation error${n === 1 ? "" : "s"} detected: ${parts.join("; ")}`
  );
}
function showValue(v) {
  if (v === null || v === void 0) return "null";
  return echoText(typeof v === "string" ? v : stringifyJsonExact(v));
}
function wirePath(path) {
  return path.map((p) => /^\d+$/.test(p) ? `${p}.member` : p.charAt(0).toLowerCase() + p.slice(1)).join(".").replace(/\.member\.?$/, "");
}
function unknownMembers(op, params) {
  return Object.keys(params).filter((k) => !(k in op.input.members)).map((k) => ({ path: [k], value: params[k], constraint: "Member is not a known parameter" }));
}
function checkInput(op, params) {
  if (!isPlainObject(params)) return [{ path: [], value: params, constraint: "Input must be a structure" }];
  const bad = valueProblem(params, MAX_NESTING, -1);
  if (bad) {
    const path = bad.path.map((p) => typeof p === "number" ? String(p + 1) : p);
    if (bad.kind === "depth")
      return [
        { path, value: "(nested too deep)", constraint: `Member must not nest deeper than ${MAX_NESTING} levels` }
      ];
    return [{ path, value: wellFormed(String(bad.value)), constraint: "Member must be valid Unicode text" }];
  }
  return [...unknownMembers(op, params), ...checkConstraints(op.input, params)];
}

// src/backends/embedded/handlers/stripe.ts
var KINDS = { sk: "secret", pk: "publishable", rk: "restricted" };
function v2Error(status, code, message, type = "invalid_request_error") {
  return new ServiceError(code, message, status, { type });
}
function parseKey(key) {
  if (key === void 0 || key === "") {
    throw v2Error(
      401,
      "api_key_required",
      "You did not provide an API key. Provide it in the Authorization header, using Bearer auth."
    );
  }
  const m = /^(sk|pk|rk)_(test|live)_[0-9A-Za-z_]{1,200}$/.exec(key);
  if (!m) throw v2Error(401, "api_key_invalid", `Invalid API Key provided: ${maskKey(key)}`);
  return { kind: KINDS[m[1]], livemode: m[2] === "live" };
}
function publishableRefused(resource) {
  return v2Error(
    403,
    "secret_key_required",
    `This request requires a secret key (sk_...) or a restricted key with access to ${resource}; a publishable key was given.`
  );
}
function restrictedRefused(what, use) {
  return v2Error(403, "restricted_key_not_allowed", `Restricted keys (rk_...) cannot be used to ${what}: use ${use}.`);
}
function keyRefusal(rule, k) {
  if (rule.take === "server-side") return k.kind === "publishable" ? publishableRefused(rule.resource) : void 0;
  if (rule.liveModePublishableOnly && k.livemode && k.kind !== "publishable") {
    return v2Error(
      400,
      "token_must_be_created_with_publishable_key",
      "In live mode, account tokens can only be created with your publishable key."
    );
  }
  return k.kind === "restricted" ? restrictedRefused(rule.action, rule.use) : void 0;
}
function authorize(opName, apiKey) {
  const key = parseKey(apiKey);
  const rule = operation(opName).keyRule;
  const problem4 = rule && keyRefusal(rule, key);
  if (problem4) throw problem4;
  return key;
}
function checkV2Input(op, params) {
  for (const req of op.input.required ?? []) {
    if (params[req] === void 0 || params[req] === null)
      throw v2Error(400, "parameter_missing", `Missing required param: ${req}.`);
  }
  const violations = checkInput(op, params);
  const v = violations[0];
  if (!v) return;
  const param = v.path.join(".");
  if (v.constraint === "Member is not a known parameter") {
    throw v2Error(400, "parameter_unknown", `Received unknown parameter: ${param}`);
  }
  if (v.constraint === "Member must not be null")
    throw v2Error(400, "parameter_missing", `Missing required param: ${param}.`);
  throw v2Error(
    400,
    "parameter_invalid",
    `Invalid ${param}: ${v.constraint.replace(/^Member /, "must ").replace(/^must must/, "must")}`
  );
}
function nowMs(sc) {
  return sc.clock.now().getTime();
}
function notFound(what, id) {
  return v2Error(404, "not_found", `No such ${what}: ${echoText(id)}`);
}
function rfc3339(ms) {
  return new Date(ms).toISOString();
}

// src/backends/embedded/versions.ts
var KNOWN_VERSIONS = [
  "2024-09-30.acacia",
  "2024-10-28.acacia",
  "2024-11-20.acacia",
  "2024-12-18.acacia",
  "2025-01-27.acacia",
  "2025-02-24.acacia",
  "2025-03-31.basil",
  "2025-04-30.basil",
  "2025-05-28.basil",
  "2025-06-30.basil",
  "2025-07-30.basil",
  "2025-08-27.basil",
  "2025-09-30.clover",
  "2025-10-29.clover",
  "2025-11-17.clover",
  "2025-12-15.clover",
  "2026-01-28.clover",
  "2026-02-25.clover",
  "2026-03-25.dahlia",
  "2026-04-22.dahlia",
  "2026-05-27.dahlia",
  "2026-06-24.dahlia",
  "2026-07-29.dahlia",
  "2026-08-26.dahlia",
  "2026-09-30.endive",
  "2026-10-28.endive"
];
var RANK = new Map(KNOWN_VERSIONS.map((v, i) => [v, i]));
var FORM = /^(\d{4})-(\d{2})-(\d{2})\.([a-z]+)$/;
function wellFormedVersion(value) {
  const m = FORM.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}
function isKnownVersion(value) {
  return RANK.has(value);
}
var NEWEST_VERSION = KNOWN_VERSIONS.at(-1);
function malformed(header) {
  return v2Error(
    400,
    "invalid_api_version",
    `Invalid API version ${echoText(header)}: a version has the form <yyyy-mm-dd>.<name>, e.g. ${CURRENT_SERVICE_VERSION}.`
  );
}
function requestVersion(header) {
  if (header === void 0 || header === "") return CURRENT_SERVICE_VERSION;
  if (!wellFormedVersion(header)) throw malformed(header);
  return isKnownVersion(header) ? header : NEWEST_VERSION;
}
function olderThan(a, b) {
  return (RANK.get(a) ?? -1) < (RANK.get(b) ?? -1);
}

// src/models/faults.ts
init_errors();
var FAULT_PREFIX = "fault.";
var MAX_LATENCY_MS = 6e4;
var SERVICE_NAMES = Object.keys(SERVICES);
function isFaultName(name) {
  return name.startsWith(FAULT_PREFIX);
}
function nameError(name, why) {
  return new InputError(`Invalid fault rule name '${name}': ${why}`);
}
function parseFaultName(raw2) {
  const parts = raw2.slice(FAULT_PREFIX.length).split(".");
  const expected = `expected fault.<service>.<Operation> with a service of ${SERVICE_NAMES.join(", ")} or *, and an operation of it or *`;
  if (!isFaultName(raw2) || parts.length > 2 || parts[0] === "") throw nameError(raw2, expected);
  const [svc, opRaw = "*"] = parts;
  const service2 = svc === "*" ? "*" : SERVICE_NAMES.find((s) => s === svc.toLowerCase());
  if (!service2) throw nameError(raw2, `unknown service '${svc}'; ${expected}`);
  if (opRaw === "*") return { name: `${FAULT_PREFIX}${service2}.*`, service: service2, operation: "*" };
  if (service2 === "*") throw nameError(raw2, `with every service (*), the operation is * too`);
  const wanted = opRaw.replace(/-/g, "").toLowerCase();
  const op = OPERATIONS.find((o) => o.service === service2 && o.name.toLowerCase() === wanted);
  if (!op) {
    const names = OPERATIONS.filter((o) => o.service === service2).map((o) => o.name);
    throw nameError(raw2, `${service2} has no operation '${opRaw}'; its operations are ${names.join(", ")}, or *`);
  }
  return { name: `${FAULT_PREFIX}${service2}.${op.name}`, service: service2, operation: op.name };
}
function valueError(value, why) {
  return new InputError(
    `Invalid fault rule '${value}': ${why}. Expected <action>[;<option>=<value>]\u2026: an action of throttle, 500, 503, latency=MS, close; options p=P (0 < P <= 1), nth=N, next=K (one of them at most), account=ID (12 digits), region=REGION`
  );
}
function whole(value, text, what, min, max) {
  if (!/^\d{1,9}$/.test(text) || Number(text) < min || Number(text) > max)
    throw valueError(value, `${what} is a whole number from ${min} to ${max}, not '${text}'`);
  return Number(text);
}
function parseFaultRule(rawName, rawValue) {
  const { name, service: service2, operation: operation2 } = parseFaultName(rawName);
  const value = rawValue.trim();
  const [head = "", ...rest] = value.split(";").map((s) => s.trim());
  let action;
  const latency = /^latency\s*=\s*(.*)$/i.exec(head);
  if (latency) action = { kind: "latency", ms: whole(value, latency[1], "latency", 1, MAX_LATENCY_MS) };
  else if (/^(throttle|500|503|close)$/i.test(head))
    action = { kind: head.toLowerCase() };
  else throw valueError(value, head === "" ? "no action" : `unknown action '${head}'`);
  const rule = { name, service: service2, operation: operation2, action, when: { kind: "always" } };
  const seen2 = /* @__PURE__ */ new Set();
  for (const part of rest) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const key = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    const text = eq < 0 ? "" : part.slice(eq + 1).trim();
    if (seen2.has(key)) throw valueError(value, `${key} is given twice`);
    seen2.add(key);
    const when = (w) => {
      if (rule.when.kind !== "always") throw valueError(value, `p, nth and next exclude each other`);
      rule.when = w;
    };
    switch (key) {
      case "p": {
        const p = /^(0?\.\d+|1(\.0*)?|0)$/.test(text) ? Number(text) : Number.NaN;
        if (!(p > 0 && p <= 1)) throw valueError(value, `p is a probability above 0 and at most 1, not '${text}'`);
        when({ kind: "p", p });
        break;
      }
      case "nth":
        when({ kind: "nth", n: whole(value, text, "nth", 1, 1e9) });
        break;
      case "next":
        when({ kind: "next", k: whole(value, text, "next", 1, 1e9) });
        break;
      case "account":
        if (!/^\d{12}$/.test(text)) throw valueError(value, `an account is 12 digits, not '${text}'`);
        rule.account = text;
        break;
      case "region":
        if (!/^[a-z]{2}(-[a-z]+)+-\d{1,2}$/.test(text)) throw valueError(value, `'${text}' is not a region`);
        rule.region = text;
        break;
      default:
        throw valueError(value, `unknown option '${key}'`);
    }
  }
  return rule;
}
function faultText(rule) {
  const a = rule.action;
  const parts = [a.kind === "latency" ? `latency=${a.ms}` : a.kind];
  const w = rule.when;
  if (w.kind === "p") parts.push(`p=${w.p}`);
  if (w.kind === "nth") parts.push(`nth=${w.n}`);
  if (w.kind === "next") parts.push(`next=${w.k}`);
  if (rule.account) parts.push(`account=${rule.account}`);
  if (rule.region) parts.push(`region=${rule.region}`);
  return parts.join(";");
}
function faultMatches(rule, call) {
  return (rule.service === "*" || rule.service === call.service) && (rule.operation === "*" || rule.operation === call.operation) && (rule.account === void 0 || rule.account === call.account) && (rule.region === void 0 || rule.region === call.region);
}
function faultFires(rule, count, random) {
  const w = rule.when;
  switch (w.kind) {
    case "always":
      return true;
    case "p":
      return random() < w.p;
    case "nth":
      return count === w.n;
    case "next":
      return count <= w.k;
  }
}

// src/backends/embedded/faults.ts
var COUNT_PREFIX = "fault-calls:";
var SELECT_RULES = "SELECT name, value FROM settings WHERE name >= 'fault.' AND name < 'fault/' ORDER BY name";
var parsed = /* @__PURE__ */ new Map();
function ruleOf(name, value) {
  const key = `${name}
${value}`;
  let rule = parsed.get(key);
  if (!rule) {
    rule = parseFaultRule(name, value);
    if (parsed.size > 1e3) parsed.clear();
    parsed.set(key, rule);
  }
  return rule;
}
var RUN_RULES = /* @__PURE__ */ new WeakMap();
function setRunFaults(db, rules) {
  RUN_RULES.set(db, { rules, counts: /* @__PURE__ */ new Map() });
}
function faultValues(db, sources = "all") {
  const stored = sources === "run" ? [] : stmt(db, SELECT_RULES).all();
  const run = sources === "store" ? void 0 : RUN_RULES.get(db)?.rules;
  const out = /* @__PURE__ */ new Map();
  for (const r of stored) out.set(r.name, { name: r.name, value: r.value, source: "set" });
  for (const [name, value] of run ?? []) out.set(name, { name, value, source: "run" });
  return [...out.values()].sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}
function listFaults(db) {
  const counts = new Map(
    stmt(
      db,
      "SELECT name, value FROM settings WHERE name >= 'fault-calls:' AND name < 'fault-calls;'"
    ).all().map((r) => [r.name.slice(COUNT_PREFIX.length), Number(r.value)])
  );
  const run = RUN_RULES.get(db);
  return faultValues(db).map((f) => {
    const rule = ruleOf(f.name, f.value);
    const counted = rule.when.kind === "nth" || rule.when.kind === "next";
    const calls = f.source === "run" ? run?.counts.get(f.name) ?? 0 : counts.get(f.name) ?? 0;
    return { Name: f.name, Rule: f.value, Source: f.source, ...counted ? { Calls: calls } : {} };
  });
}
function writeFaultRows(db, pairs) {
  for (const [name, value] of pairs) {
    stmt(db, "DELETE FROM settings WHERE name = ?").run(`${COUNT_PREFIX}${name}`);
    if (value === "none") stmt(db, "DELETE FROM settings WHERE name = ?").run(name);
    else
      stmt(
        db,
        "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value"
      ).run(name, value);
  }
}
function deleteFaultRows(db, names) {
  if (names === void 0) {
    stmt(
      db,
      "DELETE FROM settings WHERE (name >= 'fault.' AND name < 'fault/') OR (name >= 'fault-calls:' AND name < 'fault-calls;')"
    ).run();
    return;
  }
  for (const name of names) writeFaultRows(db, [[name, "none"]]);
}
function removeFaults(db, names) {
  const canonical2 = names?.map((n) => canonicalFault(n, "none")[0]);
  db.transaction(() => deleteFaultRows(db, canonical2)).immediate();
  dropRunFaults(db, canonical2);
}
function dropRunFaults(db, names) {
  const run = RUN_RULES.get(db);
  if (!run) return;
  const rules = new Map(run.rules);
  for (const name of names ?? [...rules.keys()]) {
    rules.delete(name);
    run.counts.delete(name);
  }
  run.rules = rules;
}
function canonicalFault(name, raw2) {
  const rule = parseFaultRule(name, raw2.trim().toLowerCase() === "none" ? "close" : raw2);
  return [rule.name, raw2.trim().toLowerCase() === "none" ? "none" : faultText(rule)];
}
var specificity = (r) => r.service === "*" ? 2 : r.operation === "*" ? 1 : 0;
function decideFault(db, call, sources = "all", random = Math.random) {
  const values = faultValues(db, sources);
  if (values.length === 0) return void 0;
  const matching = values.map((v) => ({ ...v, rule: ruleOf(v.name, v.value) })).filter((v) => faultMatches(v.rule, call)).sort((a, b) => specificity(a.rule) - specificity(b.rule));
  if (matching.length === 0) return void 0;
  const counted = matching.filter((m) => m.rule.when.kind === "nth" || m.rule.when.kind === "next");
  const counts = /* @__PURE__ */ new Map();
  const run = RUN_RULES.get(db);
  for (const m of counted.filter((c) => c.source === "run")) {
    const n = (run.counts.get(m.name) ?? 0) + 1;
    run.counts.set(m.name, n);
    counts.set(m.name, n);
  }
  const stored = counted.filter((c) => c.source === "set");
  if (stored.length > 0) {
    db.transaction(() => {
      for (const m of stored) {
        const row = stmt(db, "SELECT value FROM settings WHERE name = ?").get(`${COUNT_PREFIX}${m.name}`);
        const n = Number(row?.value ?? 0) + 1;
        stmt(
          db,
          "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value"
        ).run(`${COUNT_PREFIX}${m.name}`, String(n));
        counts.set(m.name, n);
      }
    }).immediate();
  }
  for (const m of matching) {
    if (faultFires(m.rule, counts.get(m.name) ?? 0, random))
      return { rule: m.rule, label: `${m.name}: ${faultText(m.rule)}` };
  }
  return void 0;
}

// src/backends/embedded/settings-store.ts
function canonicalValue(s, raw2) {
  const v = raw2.trim();
  switch (s.kind.type) {
    case "boolean":
      return /^(true|false)$/i.test(v) ? v.toLowerCase() : void 0;
    case "version":
      if (v.toLowerCase() === "none") return "none";
      return wellFormedVersion(v) && isKnownVersion(v) ? v : void 0;
    case "integer": {
      if (s.kind.none && v.toLowerCase() === "none") return "none";
      if (!/^\d{1,15}$/.test(v)) return void 0;
      const n = Number(v);
      return n >= s.kind.min && n <= s.kind.max ? String(n) : void 0;
    }
  }
}
function knownSetting(name) {
  const s = serviceSetting(name);
  if (!s)
    throw new InputError(
      `Unknown service setting '${name}'. Valid settings are: ${SERVICE_SETTING_NAMES.join(", ")}, and fault rules (fault.<service>.<Operation>, see docs/operating-serve.md)`
    );
  return s;
}
function checkPair(name, raw2) {
  if (isFaultName(name)) return canonicalFault(name, raw2);
  return [name, checkSetting(name, raw2)];
}
function checkSetting(name, raw2) {
  if (isFaultName(name)) return canonicalFault(name, raw2)[1];
  const s = knownSetting(name);
  const value = canonicalValue(s, raw2);
  if (value === void 0)
    throw new InputError(`Invalid value for ${s.name}: '${raw2}'. Expected ${describeKind(s.kind)}.`);
  return value;
}
var SELECT = `SELECT name, value FROM settings WHERE name IN (${SERVICE_SETTING_NAMES.map(() => "?").join(", ")})`;
var RUN_ONLY = /* @__PURE__ */ new WeakMap();
function setRunSettings(db, pairs) {
  const checked = pairs.map(([name, raw2]) => checkPair(name, raw2));
  RUN_ONLY.set(db, new Map(checked.filter(([name]) => !isFaultName(name))));
  setRunFaults(db, new Map(checked.filter(([name, value]) => isFaultName(name) && value !== "none")));
}
function serviceSettingValues(db) {
  const rows = stmt(db, SELECT).all(...SERVICE_SETTING_NAMES);
  const stored = new Map(rows.map((r) => [r.name, r.value]));
  const run = RUN_ONLY.get(db);
  return SERVICE_SETTINGS.map((s) => {
    const forRun = run?.get(s.name);
    if (forRun !== void 0) return { name: s.name, value: forRun, source: "run" };
    const value = stored.get(s.name);
    return value === void 0 ? { name: s.name, value: s.default, source: "default" } : { name: s.name, value, source: "set" };
  });
}
var num = (v) => Number(v);
var optional = (v) => v === "none" ? void 0 : v;
var quota = (v) => v === "none" ? void 0 : num(v);
function readSettings(db) {
  const v = new Map(serviceSettingValues(db).map((s) => [s.name, s.value]));
  const limit = optional(v.get("account_update_concurrency_limit"));
  return {
    platformRegistered: v.get("platform_registered") === "true",
    accountsV2MinVersion: optional(v.get("accounts_v2_min_version")),
    accountUpdateConcurrencyLimit: limit === void 0 ? void 0 : num(limit),
    accountUpdateHoldMs: num(v.get("account_update_hold_ms")),
    accountTokenLifetimeSeconds: num(v.get("account_token_lifetime_seconds")),
    meterEventAdjustmentProcessingMs: num(v.get("meter_event_adjustment_processing_ms")),
    launchConfigurationsPerRegion: quota(v.get("launch_configurations_per_region")),
    repositoriesPerRegion: quota(v.get("repositories_per_region"))
  };
}
function writeSettings(db, pairs) {
  const checked = pairs.map(([name, raw2]) => checkPair(name, raw2));
  db.transaction(() => {
    writeFaultRows(
      db,
      checked.filter(([name]) => isFaultName(name))
    );
    for (const [name, value] of checked.filter(([n]) => !isFaultName(n))) {
      stmt(
        db,
        "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value"
      ).run(name, value);
    }
  }).immediate();
  dropRunFaults(
    db,
    checked.filter(([name]) => isFaultName(name)).map(([name]) => name)
  );
}

// src/backends/embedded/handlers/account-tokens.ts
function findToken(db, id, livemode, owner) {
  const row = stmt(db, "SELECT livemode, used, expires_ms, doc FROM account_tokens WHERE id = ? AND owner = ?").get(
    id,
    owner
  );
  return row && row.livemode === (livemode ? 1 : 0) ? row : void 0;
}
function tokenData(row) {
  return parseJsonInts(row.doc).data;
}
function tokenObject(row) {
  const { token } = parseJsonInts(row.doc);
  return { ...token, expires_at: rfc3339(row.expires_ms), used: row.used === 1 };
}
var create = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  checkV2Input(createAccountToken, params);
  const created = nowMs(sc);
  const expires = created + readSettings(db).accountTokenLifetimeSeconds * 1e3;
  const token = {
    id: sc.ids.id("accttok_"),
    object: "v2.core.account_token",
    created: rfc3339(created),
    expires_at: rfc3339(expires),
    livemode: key.livemode,
    used: false
  };
  const stored = { token, data: params };
  stmt(
    db,
    "INSERT INTO account_tokens (id, livemode, created_ms, expires_ms, used, doc, owner) VALUES (?, ?, ?, ?, 0, ?, ?)"
  ).run(token.id, key.livemode ? 1 : 0, created, expires, stringifyJsonExact(stored), sc.accountId);
  return token;
};
var get = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  checkV2Input(getAccountToken, params);
  const id = params.id;
  const row = findToken(db, id, key.livemode, sc.accountId);
  if (!row) throw notFound("account token", id);
  return tokenObject(row);
};
var handlers = {
  CreateAccountToken: create,
  RetrieveAccountToken: get
};

// src/backends/embedded/handlers/accounts.ts
init_pynum();
var USE_TOKEN = "UPDATE account_tokens SET used = 1 WHERE id = ? AND livemode = ? AND owner = ? AND used = 0 AND expires_ms > ?";
function unusable(db, id, livemode, owner) {
  const row = findToken(db, id, livemode, owner);
  if (!row) return notFound("account token", id);
  if (row.used === 1)
    return v2Error(
      400,
      "token_already_used",
      `The account token ${echoText(id)} has already been used: a token can be used only once.`
    );
  return v2Error(
    400,
    "token_expired",
    `The account token ${echoText(id)} expired at ${rfc3339(row.expires_ms)}: create a new token.`
  );
}
function accountFrom(id, created, livemode, data2) {
  return {
    id,
    object: "v2.core.account",
    applied_configurations: [],
    contact_email: data2.contact_email,
    contact_phone: data2.contact_phone,
    created: rfc3339(created),
    display_name: data2.display_name,
    identity: data2.identity,
    livemode
  };
}
var create2 = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  checkV2Input(createAccount, params);
  const tokenId = params.account_token;
  const now = nowMs(sc);
  const mode = key.livemode ? 1 : 0;
  return db.transaction(() => {
    if (stmt(db, USE_TOKEN).run(tokenId, mode, sc.accountId, now).changes !== 1)
      throw unusable(db, tokenId, key.livemode, sc.accountId);
    const account = accountFrom(
      sc.ids.id("acct_"),
      now,
      key.livemode,
      tokenData(findToken(db, tokenId, key.livemode, sc.accountId))
    );
    stmt(db, "INSERT INTO accounts (id, livemode, created_ms, token_id, doc, owner) VALUES (?, ?, ?, ?, ?, ?)").run(
      account.id,
      mode,
      now,
      tokenId,
      stringifyJsonExact(account),
      sc.accountId
    );
    return account;
  }).immediate();
};
var get2 = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  checkV2Input(getAccount, params);
  const id = params.id;
  const row = stmt(db, "SELECT livemode, doc FROM accounts WHERE id = ? AND owner = ?").get(id, sc.accountId);
  if (!row || row.livemode !== (key.livemode ? 1 : 0)) throw notFound("account", id);
  return parseJsonInts(row.doc);
};
var handlers2 = {
  CreateAccount: create2,
  RetrieveAccount: get2
};

// src/backends/embedded/idempotency.ts
init_pynum();
import { createHash } from "node:crypto";
var IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1e3;
var MAX_KEY_LENGTH = 255;
var EXPIRE_BATCH = 16;
var EXPIRE_KEY = "DELETE FROM idempotency_keys WHERE owner = ? AND livemode = ? AND key = ? AND created_ms < ?";
var EXPIRE_OLDEST = `DELETE FROM idempotency_keys WHERE (owner, livemode, key) IN (SELECT owner, livemode, key FROM idempotency_keys WHERE created_ms < ? ORDER BY created_ms LIMIT ${EXPIRE_BATCH})`;
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v).filter(([, x]) => x !== void 0).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    return `{${entries.map(([k, x]) => `${stringifyJsonExact(k)}:${canonical(x)}`).join(",")}}`;
  }
  return stringifyJsonExact(v) ?? "null";
}
function fingerprint(opName, params) {
  return createHash("sha256").update(`${opName}
${canonical(params)}`).digest("hex");
}
function mismatch(key) {
  return v2Error(
    409,
    "idempotency_error",
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than ${echoText(key)} if you meant to execute a different request.`,
    "idempotency_error"
  );
}
function idempotent(opName, handler) {
  return (db, params, sc) => {
    const key = sc.idempotencyKey;
    if (key === void 0 || key === "") return handler(db, params, sc);
    const mode = parseKey(sc.apiKey).livemode ? 1 : 0;
    if (key.length > MAX_KEY_LENGTH) {
      throw v2Error(400, "parameter_invalid", `Invalid Idempotency-Key: must be at most ${MAX_KEY_LENGTH} characters.`);
    }
    const print = fingerprint(opName, params);
    const now = sc.clock.now().getTime();
    return db.transaction(() => {
      const expired = now - IDEMPOTENCY_WINDOW_MS;
      stmt(db, EXPIRE_KEY).run(sc.accountId, mode, key, expired);
      stmt(db, EXPIRE_OLDEST).run(expired);
      const row = db.prepare(
        "SELECT operation, fingerprint, response FROM idempotency_keys WHERE owner = ? AND livemode = ? AND key = ?"
      ).get(sc.accountId, mode, key);
      if (row) {
        if (row.operation !== opName || row.fingerprint !== print) throw mismatch(key);
        return parseJsonInts(row.response);
      }
      const out = handler(db, params, sc);
      db.prepare(
        "INSERT INTO idempotency_keys (owner, livemode, key, operation, fingerprint, created_ms, response) VALUES (?, ?, ?, ?, ?, ?, ?)"
      ).run(sc.accountId, mode, key, opName, print, now, stringifyJsonExact(out));
      return out;
    }).immediate();
  };
}
function withIdempotency(handlers6, operations) {
  const out = { ...handlers6 };
  for (const op of operations) {
    const handler = out[op.name];
    if (handler && speaksV2(op) && op.http?.method === "POST") out[op.name] = idempotent(op.name, handler);
  }
  return out;
}

// src/models/partitions.ts
init_errors();
var PARTITIONS = [
  {
    id: "aws",
    dnsSuffix: "amazonaws.com",
    regionRegex: /^(us|eu|ap|sa|ca|me|af|il|mx)-\w+-\d+$/,
    regions: [
      "af-south-1",
      "ap-east-1",
      "ap-east-2",
      "ap-northeast-1",
      "ap-northeast-2",
      "ap-northeast-3",
      "ap-south-1",
      "ap-south-2",
      "ap-southeast-1",
      "ap-southeast-2",
      "ap-southeast-3",
      "ap-southeast-4",
      "ap-southeast-5",
      "ap-southeast-6",
      "ap-southeast-7",
      "aws-global",
      "ca-central-1",
      "ca-west-1",
      "eu-central-1",
      "eu-central-2",
      "eu-north-1",
      "eu-south-1",
      "eu-south-2",
      "eu-west-1",
      "eu-west-2",
      "eu-west-3",
      "il-central-1",
      "me-central-1",
      "me-south-1",
      "mx-central-1",
      "sa-east-1",
      "us-east-1",
      "us-east-2",
      "us-west-1",
      "us-west-2"
    ]
  },
  {
    id: "aws-cn",
    dnsSuffix: "amazonaws.com.cn",
    regionRegex: /^cn-\w+-\d+$/,
    regions: ["aws-cn-global", "cn-north-1", "cn-northwest-1"]
  },
  {
    id: "aws-eusc",
    dnsSuffix: "amazonaws.eu",
    regionRegex: /^eusc-(de)-\w+-\d+$/,
    regions: ["eusc-de-east-1"]
  },
  {
    id: "aws-iso",
    dnsSuffix: "c2s.ic.gov",
    regionRegex: /^us-iso-\w+-\d+$/,
    regions: ["aws-iso-global", "us-iso-east-1", "us-iso-west-1"]
  },
  {
    id: "aws-iso-b",
    dnsSuffix: "sc2s.sgov.gov",
    regionRegex: /^us-isob-\w+-\d+$/,
    regions: ["aws-iso-b-global", "us-isob-east-1", "us-isob-west-1"]
  },
  {
    id: "aws-iso-e",
    dnsSuffix: "cloud.adc-e.uk",
    regionRegex: /^eu-isoe-\w+-\d+$/,
    regions: ["aws-iso-e-global", "eu-isoe-west-1"]
  },
  {
    id: "aws-iso-f",
    dnsSuffix: "csp.hci.ic.gov",
    regionRegex: /^us-isof-\w+-\d+$/,
    regions: ["aws-iso-f-global", "us-isof-east-1", "us-isof-south-1"]
  },
  {
    id: "aws-us-gov",
    dnsSuffix: "amazonaws.com",
    regionRegex: /^us-gov-\w+-\d+$/,
    regions: ["aws-us-gov-global", "us-gov-east-1", "us-gov-west-1"]
  }
];
var AWS = PARTITIONS[0];
function partitionOf(region) {
  return PARTITIONS.find((p) => p.regions.includes(region)) ?? PARTITIONS.find((p) => p.regionRegex.test(region)) ?? AWS;
}
var PARTITION_IDS = PARTITIONS.map((p) => p.id);
function arn(service2, region, account, resource) {
  return `arn:${partitionOf(region).id}:${service2}:${region}:${account}:${resource}`;
}
function globalArn(service2, region, account, resource) {
  return `arn:${partitionOf(region).id}:${service2}::${account}:${resource}`;
}
function hostIn(prefix, region) {
  return `${prefix}.${region}.${partitionOf(region).dnsSuffix}`;
}
function parseArn(text) {
  const m = /^arn:([a-z-]+):([a-z0-9-]+):([a-z0-9-]*):([0-9]*):(.+)$/s.exec(text);
  if (!m || !PARTITION_IDS.includes(m[1])) return void 0;
  return { partition: m[1], service: m[2], region: m[3], account: m[4], resource: m[5] };
}

// src/backends/embedded/handlers/launch-configurations.ts
init_pynum();
init_errors();

// src/models/rules.ts
var VOLUME_SIZE_RANGES = {
  gp2: [1, 16384],
  gp3: [1, 16384],
  io1: [4, 16384],
  st1: [125, 16384],
  sc1: [125, 16384],
  standard: [1, 1024]
};
var IOPS_RANGES = {
  gp3: [3e3, 16e3],
  io1: [100, 2e4]
};
var KMS_ARN_REGION = /^arn:aws[a-z-]*:kms:([^:]*):/;
function repositoryRules(p, region) {
  const mutability = p.imageTagMutability ?? "MUTABLE";
  const filters = p.imageTagMutabilityExclusionFilters;
  const withExclusion = mutability.endsWith("_WITH_EXCLUSION");
  if (filters !== void 0 && !withExclusion) {
    return `imageTagMutabilityExclusionFilters can only be used with IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION, not ${mutability}`;
  }
  if (withExclusion && (filters === void 0 || filters.length === 0)) {
    return `imageTagMutability ${mutability} requires 1 to 5 imageTagMutabilityExclusionFilters`;
  }
  const encryption2 = p.encryptionConfiguration;
  if (encryption2?.kmsKey !== void 0 && encryption2.encryptionType === "AES256") {
    return "kmsKey can only be specified with encryptionType KMS or KMS_DSSE, not AES256";
  }
  const keyRegion = typeof encryption2?.kmsKey === "string" ? KMS_ARN_REGION.exec(encryption2.kmsKey)?.[1] : void 0;
  if (keyRegion !== void 0 && keyRegion !== region) {
    return `kmsKey ${encryption2.kmsKey} is in region ${keyRegion || "(none)"}: the key must be in the same region as the repository (${region})`;
  }
  return void 0;
}
function inRange(n, [lo, hi]) {
  return n >= lo && n <= hi;
}
function blockDeviceMappingRules(m, where) {
  const problems = [];
  const given = ["Ebs", "NoDevice", "VirtualName"].filter((k) => m[k] !== void 0);
  if (given.length !== 1) {
    problems.push(
      `${where}: specify exactly one of Ebs, NoDevice or VirtualName (got ${given.length === 0 ? "none" : given.join(", ")})`
    );
  }
  if (typeof m.VirtualName === "string" && !fullMatch("ephemeral(0|[1-9][0-9]*)", m.VirtualName)) {
    problems.push(
      `${where}: VirtualName '${m.VirtualName}' must be of the form ephemeral<N> (ephemeral0, ephemeral1, ...)`
    );
  }
  const ebs2 = m.Ebs;
  if (ebs2) problems.push(...ebsRules(ebs2, where));
  return problems;
}
function ebsRules(ebs2, where) {
  const problems = [];
  const type = ebs2.VolumeType;
  const size = ebs2.VolumeSize;
  const iops = ebs2.Iops;
  if (ebs2.SnapshotId === void 0 && size === void 0)
    problems.push(`${where}: Ebs requires SnapshotId or VolumeSize`);
  const sizes = type ? VOLUME_SIZE_RANGES[type] : void 0;
  if (sizes && size !== void 0 && !inRange(size, sizes)) {
    problems.push(`${where}: VolumeSize ${size} is not supported for ${type} volumes (${sizes[0]}-${sizes[1]} GiB)`);
  }
  const iopsRange = type ? IOPS_RANGES[type] : void 0;
  if (type === "io1" && iops === void 0) problems.push(`${where}: Iops is required for io1 volumes`);
  if (iops !== void 0 && !iopsRange)
    problems.push(`${where}: Iops is supported only for gp3 and io1 volumes, not ${type ?? "the default volume type"}`);
  if (iops !== void 0 && iopsRange && !inRange(iops, iopsRange)) {
    problems.push(`${where}: Iops ${iops} is not supported for ${type} volumes (${iopsRange[0]}-${iopsRange[1]})`);
  }
  if (ebs2.Throughput !== void 0 && type !== "gp3")
    problems.push(`${where}: Throughput is supported only for gp3 volumes`);
  return problems;
}
function launchConfigurationRules(p) {
  const problems = [];
  if (p.InstanceId !== void 0) {
    problems.push(
      `Invalid instance id: ${String(p.InstanceId)} (the embedded service has no instances; give ImageId and InstanceType)`
    );
  } else if (p.ImageId === void 0 || p.InstanceType === void 0) {
    problems.push(
      "Valid requests must contain either the InstanceID parameter or both the ImageId and InstanceType parameters."
    );
  }
  const mappings = p.BlockDeviceMappings ?? [];
  mappings.forEach(
    (m, i) => problems.push(...blockDeviceMappingRules(m, `BlockDeviceMappings[${i}] (${String(m.DeviceName)})`))
  );
  problems.push(...duplicateDevices(mappings));
  return problems;
}
function duplicateDevices(mappings) {
  const first = /* @__PURE__ */ new Map();
  const problems = [];
  mappings.forEach((m, i) => {
    const name = String(m.DeviceName);
    const seen2 = first.get(name);
    if (seen2 === void 0) first.set(name, i);
    else
      problems.push(
        `BlockDeviceMappings[${i}] (${name}): the device ${name} is already mapped by BlockDeviceMappings[${seen2}]; each device name can be mapped only once`
      );
  });
  return problems;
}

// src/backends/embedded/handlers/page-token.ts
import { createHmac, randomBytes as randomBytes2, timingSafeEqual } from "node:crypto";
var secrets = /* @__PURE__ */ new WeakMap();
function tokenSecret(db, make) {
  const known = secrets.get(db);
  if (known) return known;
  const read = () => stmt(db, "SELECT value FROM settings WHERE name = 'page_token_secret'").get();
  let row = read();
  if (!row && !make) return void 0;
  if (!row) {
    stmt(db, "INSERT OR IGNORE INTO settings (name, value) VALUES ('page_token_secret', ?)").run(
      randomBytes2(32).toString("hex")
    );
    row = read();
  }
  const secret = Buffer.from(row.value, "hex");
  secrets.set(db, secret);
  return secret;
}
function sign(secret, payload) {
  return createHmac("sha256", secret).update(payload).digest("base64url").slice(0, 22);
}
function signedToken(secret, scope, last) {
  const payload = Buffer.from(JSON.stringify([...scope, last])).toString("base64url");
  return `${payload}.${sign(secret, payload)}`;
}
function issueToken(db, scope, last) {
  return signedToken(tokenSecret(db, true), scope, last);
}
function readToken(db, scope, token) {
  const [payload, mac, extra] = token.split(".");
  if (!payload || !mac || extra !== void 0) return void 0;
  const secret = tokenSecret(db, false);
  if (!secret) return void 0;
  const expected = sign(secret, payload);
  if (mac.length !== expected.length || !timingSafeEqual(Buffer.from(mac), Buffer.from(expected))) return void 0;
  const parts = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  const last = parts.pop();
  return parts.length === scope.length && parts.every((p, i) => p === scope[i]) ? last : void 0;
}

// src/backends/embedded/handlers/quota.ts
var QUOTA_CREATE_ISOLATION = "read committed";
var COUNT_OF = "SELECT n FROM resource_counts WHERE kind = ? AND owner = ? AND region = ?";
function countOf(db, kind, owner, region) {
  const row = stmt(db, COUNT_OF).get(kind, owner, region);
  return Number(row?.n ?? 0);
}
function overQuota(db, kind, owner, region, quota2) {
  return quota2 !== void 0 && countOf(db, kind, owner, region) > quota2;
}

// src/backends/embedded/handlers/launch-configurations.ts
var DEFAULT_PAGE = 50;
function tokenScope(sc) {
  return sc.accountId === DEFAULT_ACCOUNT_ID ? [sc.region] : [sc.region, sc.accountId];
}
var MAX_PAGE = 100;
function pageQuery(names) {
  const filter = names > 0 ? ` AND name IN (${Array.from({ length: names }, () => "?").join(",")})` : "";
  return `SELECT name, created_ms, doc FROM launch_configurations WHERE owner = ? AND region = ? AND name > ?${filter} ORDER BY name LIMIT ?`;
}
function withDefaults(p) {
  const out = { ...p };
  out.KeyName ??= "";
  out.SecurityGroups ??= [];
  out.ClassicLinkVPCSecurityGroups ??= [];
  out.UserData ??= "";
  out.KernelId ??= "";
  out.RamdiskId ??= "";
  out.BlockDeviceMappings ??= [];
  out.InstanceMonitoring ??= {};
  out.EbsOptimized ??= false;
  return out;
}
var create3 = (db, params, sc) => {
  const violations = checkInput(createLaunchConfiguration, params);
  if (violations.length > 0) throw awsValidationError("autoscaling", violations);
  const problems = launchConfigurationRules(params);
  if (problems.length > 0) throw new ServiceError("ValidationError", problems.join("; "));
  const name = params.LaunchConfigurationName;
  const arn2 = arn(
    "autoscaling",
    sc.region,
    sc.accountId,
    `launchConfiguration:${sc.ids.uuid()}:launchConfigurationName/${name}`
  );
  const doc = fillDefaults(launchConfigurationShape, withDefaults({ ...params, LaunchConfigurationARN: arn2 }));
  const inserted = stmt(
    db,
    "INSERT OR IGNORE INTO launch_configurations (owner, region, name, created_ms, doc) VALUES (?, ?, ?, ?, ?)"
  ).run(sc.accountId, sc.region, name, sc.clock.now().getTime(), stringifyJsonExact(doc));
  if (inserted.changes === 0)
    throw new ServiceError(
      "AlreadyExists",
      `Launch Configuration by this name already exists - A launch configuration already exists with the name ${name}`
    );
  const quota2 = readSettings(db).launchConfigurationsPerRegion;
  if (overQuota(db, "launch-configurations", sc.accountId, sc.region, quota2))
    throw new ServiceError(
      "LimitExceeded",
      `Launch configuration limit exceeded: the account already has ${quota2} launch configurations in ${sc.region}, its quota (service setting launch_configurations_per_region).`
    );
  return {};
};
create3.isolation = QUOTA_CREATE_ISOLATION;
function pageAfter(db, sc, token) {
  const after = readToken(db, tokenScope(sc), token);
  if (after === void 0)
    throw new ServiceError(
      "InvalidNextToken",
      "The NextToken value is invalid: it was not issued by this service for this region."
    );
  return after;
}
var describe = (db, params, sc) => {
  const violations = checkInput(describeLaunchConfigurations, params);
  if (violations.length > 0) throw awsValidationError("autoscaling", violations);
  const limit = params.MaxRecords ?? DEFAULT_PAGE;
  if (limit < 1 || limit > MAX_PAGE) {
    throw new ServiceError(
      "ValidationError",
      `1 validation error detected: Value '${limit}' at 'maxRecords' failed to satisfy constraint: Member must have value between 1 and ${MAX_PAGE}`
    );
  }
  const after = params.NextToken !== void 0 ? pageAfter(db, sc, params.NextToken) : "";
  const names = params.LaunchConfigurationNames ?? [];
  const rows = stmt(db, pageQuery(names.length)).all(sc.accountId, sc.region, after, ...names, limit + 1);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const out = {
    LaunchConfigurations: page.map((r) => ({
      ...parseJsonInts(r.doc),
      CreatedTime: new Date(r.created_ms)
    }))
  };
  if (more) out.NextToken = issueToken(db, tokenScope(sc), page[page.length - 1].name);
  return out;
};
var remove = (db, params, sc) => {
  const violations = checkInput(deleteLaunchConfiguration, params);
  if (violations.length > 0) throw awsValidationError("autoscaling", violations);
  const name = params.LaunchConfigurationName;
  const deleted = stmt(db, "DELETE FROM launch_configurations WHERE owner = ? AND region = ? AND name = ?").run(
    sc.accountId,
    sc.region,
    name
  );
  if (deleted.changes === 0)
    throw new ServiceError(
      "ValidationError",
      `Launch configuration name not found - Launch configuration ${name} not found`
    );
  return {};
};
var handlers3 = {
  CreateLaunchConfiguration: create3,
  DescribeLaunchConfigurations: describe,
  DeleteLaunchConfiguration: remove
};

// src/backends/embedded/handlers/meter-event-adjustments.ts
init_pynum();
var create4 = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  checkV2Input(createMeterEventAdjustment, params);
  const cancel = params.cancel;
  if (params.type === "cancel" && (typeof cancel.identifier !== "string" || cancel.identifier === "")) {
    throw v2Error(
      400,
      "invalid_cancel_configuration",
      "The cancel configuration is invalid for adjustment type cancel: cancel.identifier is required."
    );
  }
  const created = nowMs(sc);
  const adjustment = {
    id: sc.ids.id("mtr_event_adj_"),
    object: "v2.billing.meter_event_adjustment",
    cancel: { identifier: cancel.identifier },
    created: rfc3339(created),
    event_name: params.event_name,
    livemode: key.livemode,
    status: "pending",
    type: params.type
  };
  const completes = created + readSettings(db).meterEventAdjustmentProcessingMs;
  stmt(
    db,
    "INSERT INTO meter_event_adjustments (id, livemode, created_ms, completes_ms, doc, owner) VALUES (?, ?, ?, ?, ?, ?)"
  ).run(adjustment.id, key.livemode ? 1 : 0, created, completes, stringifyJsonExact(adjustment), sc.accountId);
  return adjustment;
};
var get3 = (db, params, sc) => {
  const key = parseKey(sc.apiKey);
  checkV2Input(getMeterEventAdjustment, params);
  const id = params.id;
  const row = stmt(
    db,
    "SELECT livemode, completes_ms, doc FROM meter_event_adjustments WHERE id = ? AND owner = ?"
  ).get(id, sc.accountId);
  if (!row || row.livemode !== (key.livemode ? 1 : 0)) throw notFound("meter event adjustment", id);
  const adjustment = parseJsonInts(row.doc);
  return { ...adjustment, status: nowMs(sc) >= row.completes_ms ? "complete" : "pending" };
};
var handlers4 = {
  CreateMeterEventAdjustment: create4,
  RetrieveMeterEventAdjustment: get3
};

// src/backends/embedded/handlers/repositories.ts
init_pynum();
init_errors();
import { createHash as createHash2 } from "node:crypto";

// src/models/tag-rules.ts
var MAX_TAGS = 50;
var MAX_TAG_KEY = 128;
var MAX_TAG_VALUE = 256;
var invalid = (message) => ({ code: "InvalidTagParameterException", message });
function tagKeyProblem(key, where) {
  const len = pyLen(key);
  if (len === 0 || len > MAX_TAG_KEY) {
    return invalid(
      `The tag key at '${where}' is ${len} characters long: tag keys can have 1 to ${MAX_TAG_KEY} characters.`
    );
  }
  if (key.slice(0, 4).toLowerCase() === "aws:") {
    return invalid(
      `The tag key '${key}' at '${where}' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.`
    );
  }
  return void 0;
}
function tagsProblem(tags2, field = "tags") {
  const keys = /* @__PURE__ */ new Set();
  for (const [i, tag2] of tags2.entries()) {
    const problem4 = tagKeyProblem(tag2.Key, `${field}.${i + 1}.Key`);
    if (problem4) return problem4;
    const len = pyLen(tag2.Value);
    if (len > MAX_TAG_VALUE) {
      return invalid(
        `The tag value of key '${tag2.Key}' is ${len} characters long: tag values can have a maximum length of ${MAX_TAG_VALUE} characters.`
      );
    }
    if (keys.has(tag2.Key)) {
      return {
        code: "InvalidParameterException",
        message: `Duplicate tag key '${tag2.Key}': each tag key can be given only once`
      };
    }
    keys.add(tag2.Key);
  }
  return void 0;
}
function mergeTags(existing, added) {
  const merged = new Map(existing.map((t) => [t.Key, t.Value]));
  for (const t of added) merged.set(t.Key, t.Value);
  return [...merged].map(([Key, Value]) => ({ Key, Value }));
}
function tagCountProblem(count) {
  if (count <= MAX_TAGS) return void 0;
  return {
    code: "TooManyTagsException",
    message: `The repository would have ${count} tags: the maximum number of tags that can be applied to a repository is ${MAX_TAGS}.`
  };
}

// src/backends/embedded/handlers/repositories.ts
function toRepository(row) {
  const { tags: _tags, ...doc } = parseJsonInts(row.doc);
  return { ...withDefaults2(doc, row.registry_id, row.region), createdAt: new Date(row.created_ms) };
}
function withDefaults2(doc, account, region) {
  const encryption2 = doc.encryptionConfiguration ?? {
    encryptionType: "AES256"
  };
  return fillDefaults(repositoryShape, {
    ...doc,
    imageTagMutability: doc.imageTagMutability ?? "MUTABLE",
    imageScanningConfiguration: doc.imageScanningConfiguration ?? {},
    encryptionConfiguration: encryption2.encryptionType !== "AES256" && encryption2.kmsKey === void 0 ? { ...encryption2, kmsKey: awsManagedKey(account, region) } : encryption2
  });
}
function awsManagedKey(account, region) {
  const h = createHash2("sha256").update(`aws/ecr:${account}:${region}`).digest("hex");
  const variant = (Number.parseInt(h[16], 16) & 3 | 8).toString(16);
  const id = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  return arn("kms", region, account, `key/${id}`);
}
function kmsKeyProblem(params, region) {
  const key = params.encryptionConfiguration?.kmsKey;
  if (key === void 0 || !key.startsWith("arn:")) return void 0;
  const parsed2 = parseArn(key);
  if (parsed2?.service !== "kms" || parsed2.region === "" || parsed2.account === "")
    return "Invalid parameter at 'kmsKey' failed to satisfy constraint: 'Invalid ARN'";
  const partition = partitionOf(region).id;
  if (parsed2.partition !== partition)
    return `Invalid parameter at 'kmsKey' failed to satisfy constraint: 'The ARN is in partition ${parsed2.partition}, not in the partition of the request's region (${partition})'`;
  return void 0;
}
function refuse(problem4) {
  if (problem4) throw new ServiceError(problem4.code, problem4.message);
}
function registryOf(params, sc, action) {
  const registryId2 = params.registryId ?? sc.accountId;
  if (sc.principal !== void 0 && registryId2 !== sc.accountId) {
    const name = params.repositoryName ?? "*";
    throw new ServiceError(
      "AccessDeniedException",
      `User: ${globalArn("iam", sc.region, sc.accountId, `user/${sc.principal}`)} is not authorized to perform: ecr:${action} on resource: ${arn("ecr", sc.region, registryId2, `repository/${name}`)} because no resource-based policy allows the ecr:${action} action`
    );
  }
  return registryId2;
}
var create5 = (db, params, sc) => {
  const violations = checkInput(createRepository, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const problem4 = repositoryRules(params, sc.region) ?? kmsKeyProblem(params, sc.region);
  if (problem4) throw new ServiceError("InvalidParameterException", problem4);
  const tags2 = params.tags ?? [];
  refuse(tagsProblem(tags2) ?? tagCountProblem(tags2.length));
  const registryId2 = registryOf(params, sc, "CreateRepository");
  const name = params.repositoryName;
  const created = sc.clock.now();
  const doc = {
    repositoryArn: arn("ecr", sc.region, registryId2, `repository/${name}`),
    registryId: registryId2,
    repositoryName: name,
    repositoryUri: `${hostIn(`${registryId2}.dkr.ecr`, sc.region)}/${name}`
  };
  for (const key of [
    "imageTagMutability",
    "imageTagMutabilityExclusionFilters",
    "imageScanningConfiguration",
    "encryptionConfiguration"
  ]) {
    if (params[key] !== void 0) doc[key] = params[key];
  }
  const repository = withDefaults2(doc, registryId2, sc.region);
  const stored = tags2.length > 0 ? { ...repository, tags: tags2 } : repository;
  const inserted = stmt(
    db,
    "INSERT OR IGNORE INTO repositories (region, registry_id, name, created_ms, doc) VALUES (?, ?, ?, ?, ?)"
  ).run(sc.region, registryId2, name, created.getTime(), stringifyJsonExact(stored));
  if (inserted.changes === 0) {
    throw new ServiceError(
      "RepositoryAlreadyExistsException",
      `The repository with name ${echoText(name)} already exists in the registry with id ${echoText(registryId2)}`
    );
  }
  const quota2 = readSettings(db).repositoriesPerRegion;
  if (overQuota(db, "repositories", registryId2, sc.region, quota2))
    throw new ServiceError(
      "LimitExceededException",
      `The repository limit of ${quota2} per region has been reached in the registry with id '${registryId2}' in ${sc.region} (service setting repositories_per_region).`
    );
  return { repository: { ...repository, createdAt: created } };
};
create5.isolation = QUOTA_CREATE_ISOLATION;
var DEFAULT_PAGE2 = 100;
var describe2 = (db, params, sc) => {
  const violations = checkInput(describeRepositories, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const registryId2 = registryOf(params, sc, "DescribeRepositories");
  const names = params.repositoryNames;
  if (names) return { repositories: describeNamed(db, sc.region, registryId2, names, params) };
  const scope = [sc.region, registryId2];
  let after = "";
  if (params.nextToken !== void 0) {
    const last = readToken(db, scope, params.nextToken);
    if (last === void 0)
      throw new ServiceError(
        "InvalidParameterException",
        "Invalid parameter at 'nextToken' failed to satisfy constraint: 'The token was not issued by this registry'"
      );
    after = last;
  }
  const limit = params.maxResults ?? DEFAULT_PAGE2;
  const rows = stmt(
    db,
    "SELECT region, registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name > ? ORDER BY name LIMIT ?"
  ).all(sc.region, registryId2, after, limit + 1);
  const page = rows.slice(0, limit);
  const out = { repositories: page.map(toRepository) };
  if (rows.length > limit) out.nextToken = issueToken(db, scope, page[page.length - 1].name);
  return out;
};
function describeNamed(db, region, registryId2, names, params) {
  if (params.nextToken !== void 0 || params.maxResults !== void 0) {
    throw new ServiceError(
      "InvalidParameterException",
      "maxResults and nextToken cannot be used when repositoryNames is given"
    );
  }
  return [...new Set(names)].sort().map((name) => toRepository(findRepository(db, region, registryId2, name)));
}
var remove2 = (db, params, sc) => {
  const violations = checkInput(deleteRepository, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const registryId2 = registryOf(params, sc, "DeleteRepository");
  const name = params.repositoryName;
  return db.transaction(() => {
    const row = stmt(
      db,
      "SELECT region, registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?"
    ).get(sc.region, registryId2, name);
    if (!row) {
      throw new ServiceError(
        "RepositoryNotFoundException",
        `The repository with name ${echoText(name)} does not exist in the registry with id ${echoText(registryId2)}`
      );
    }
    stmt(db, "DELETE FROM repositories WHERE region = ? AND registry_id = ? AND name = ?").run(
      sc.region,
      registryId2,
      name
    );
    return { repository: toRepository(row) };
  })();
};
function targetOf(params, sc, action) {
  const parsed2 = parseArn(params.resourceArn);
  const name = parsed2?.resource.startsWith("repository/") ? parsed2.resource.slice("repository/".length) : "";
  if (parsed2?.service !== "ecr" || parsed2.region === "" || !/^[0-9]{12}$/.test(parsed2.account) || name === "")
    throw new ServiceError(
      "InvalidParameterException",
      "Invalid parameter at 'resourceArn' failed to satisfy constraint: 'Invalid ARN'"
    );
  const { region, account } = parsed2;
  const partition = partitionOf(sc.region).id;
  if (parsed2.partition !== partition) {
    throw new ServiceError(
      "InvalidParameterException",
      `Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in partition ${parsed2.partition}, not in the partition of the request's region (${partition})'`
    );
  }
  if (region !== sc.region) {
    throw new ServiceError(
      "InvalidParameterException",
      `Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in region ${region}, not in the region of the request (${sc.region})'`
    );
  }
  return { registryId: registryOf({ registryId: account, repositoryName: name }, sc, action), name };
}
function findRepository(db, region, registryId2, name) {
  const row = stmt(
    db,
    "SELECT region, registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?"
  ).get(region, registryId2, name);
  if (!row)
    throw new ServiceError(
      "RepositoryNotFoundException",
      `The repository with name ${echoText(name)} does not exist in the registry with id ${echoText(registryId2)}`
    );
  return row;
}
function tagsOf(row) {
  return parseJsonInts(row.doc).tags ?? [];
}
function updateTags(db, sc, target2, change) {
  db.transaction(() => {
    const row = findRepository(db, sc.region, target2.registryId, target2.name);
    const tags2 = change(tagsOf(row));
    const { tags: _old, ...doc } = parseJsonInts(row.doc);
    const stored = tags2.length > 0 ? { ...doc, tags: tags2 } : doc;
    stmt(db, "UPDATE repositories SET doc = ? WHERE region = ? AND registry_id = ? AND name = ?").run(
      stringifyJsonExact(stored),
      sc.region,
      target2.registryId,
      target2.name
    );
  })();
}
var listTags = (db, params, sc) => {
  const violations = checkInput(listTagsForResource, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const target2 = targetOf(params, sc, "ListTagsForResource");
  return { tags: tagsOf(findRepository(db, sc.region, target2.registryId, target2.name)) };
};
var tag = (db, params, sc) => {
  const violations = checkInput(tagResource, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const added = params.tags;
  refuse(tagsProblem(added));
  const target2 = targetOf(params, sc, "TagResource");
  updateTags(db, sc, target2, (tags2) => {
    const merged = mergeTags(tags2, added);
    refuse(tagCountProblem(merged.length));
    return merged;
  });
  return {};
};
var untag = (db, params, sc) => {
  const violations = checkInput(untagResource, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const keys = params.tagKeys;
  keys.forEach((key, i) => refuse(tagKeyProblem(key, `tagKeys.${i + 1}`)));
  const target2 = targetOf(params, sc, "UntagResource");
  const removed = new Set(keys);
  updateTags(db, sc, target2, (tags2) => tags2.filter((t) => !removed.has(t.Key)));
  return {};
};
var handlers5 = {
  CreateRepository: create5,
  DescribeRepositories: describe2,
  DeleteRepository: remove2,
  ListTagsForResource: listTags,
  TagResource: tag,
  UntagResource: untag
};

// src/backends/embedded/store/sqlite-store.ts
import { accessSync, chmodSync, closeSync, constants, existsSync as existsSync4, openSync, readFileSync, statSync } from "node:fs";
import { createRequire as createRequire2 } from "node:module";
import { dirname as dirname2, join as join2 } from "node:path";
import Sqlite from "better-sqlite3";

// src/core/dirs.ts
init_errors();
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
function makePrivateDir(dir, what) {
  const path = resolve(dir);
  if (existsSync(path)) return;
  const parent = dirname(path);
  if (!existsSync(parent)) {
    throw new ConfigError(
      `Unable to create ${what} ${path}: its parent directory ${parent} does not exist (svcctl makes only the last level). Create it, or set SVCCTL_HOME to a directory you can write.`
    );
  }
  try {
    mkdirSync(path, { mode: 448 });
  } catch (err) {
    if (err.code === "EEXIST") return;
    throw new ConfigError(
      `Unable to create ${what} ${path}: ${osErrorText(err)}. Set SVCCTL_HOME to a directory you can write.`
    );
  }
}

// src/backends/embedded/store/sqlite-store.ts
init_errors();
init_store_url();
init_pg_store();

// src/backends/embedded/store/db.ts
var storeKind = (db) => db.kind === "postgres" ? "postgres" : "sqlite";

// src/backends/embedded/store/sqlite-store.ts
init_test_hooks();
var BUSY_TIMEOUT_MS = 1e4;
function busyTimeoutMs(hooks) {
  return hooks.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
}
var MIGRATIONS = [
  `CREATE TABLE repositories (
     region TEXT NOT NULL, registry_id TEXT NOT NULL, name TEXT NOT NULL,
     created_ms INTEGER NOT NULL, doc TEXT NOT NULL,
     PRIMARY KEY (region, registry_id, name)) WITHOUT ROWID;
   CREATE TABLE launch_configurations (
     region TEXT NOT NULL, name TEXT NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL,
     PRIMARY KEY (region, name)) WITHOUT ROWID;
   CREATE TABLE account_tokens (
     id TEXT PRIMARY KEY, livemode INTEGER NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE meter_event_adjustments (
     id TEXT PRIMARY KEY, livemode INTEGER NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`,
  // v2 Idempotency-Key records (see idempotency.ts): one per mode and key, kept 24 hours.
  `CREATE TABLE idempotency_keys (
     livemode INTEGER NOT NULL, key TEXT NOT NULL, operation TEXT NOT NULL, fingerprint TEXT NOT NULL,
     created_ms INTEGER NOT NULL, response TEXT NOT NULL,
     PRIMARY KEY (livemode, key)) WITHOUT ROWID;
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_ms);`,
  // The v2 lifecycle: a token's use and expiry as columns (the single-use UPDATE tests them), accounts made
  // from tokens, when an adjustment completes, and the leases that count concurrent account updates.
  `ALTER TABLE account_tokens ADD COLUMN used INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE account_tokens ADD COLUMN expires_ms INTEGER NOT NULL DEFAULT 0;
   UPDATE account_tokens SET expires_ms = created_ms + 600000;
   ALTER TABLE meter_event_adjustments ADD COLUMN completes_ms INTEGER NOT NULL DEFAULT 0;
   UPDATE meter_event_adjustments SET completes_ms = created_ms;
   CREATE TABLE accounts (
     id TEXT PRIMARY KEY, livemode INTEGER NOT NULL, created_ms INTEGER NOT NULL, token_id TEXT NOT NULL UNIQUE,
     doc TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE account_update_leases (
     id TEXT PRIMARY KEY, account_id TEXT NOT NULL, livemode INTEGER NOT NULL, pid INTEGER NOT NULL,
     expires_ms INTEGER NOT NULL) WITHOUT ROWID;
   CREATE INDEX account_update_leases_scope ON account_update_leases (account_id, livemode);`,
  // Accounts side by side (serve --credentials): every resource belongs to the account of the caller that
  // made it. Rows from before belong to the default account 000000000000. Repositories already had theirs
  // (registry_id); a launch configuration's name and an idempotency key are unique per account.
  `CREATE TABLE launch_configurations_v4 (
     owner TEXT NOT NULL, region TEXT NOT NULL, name TEXT NOT NULL, created_ms INTEGER NOT NULL, doc TEXT NOT NULL,
     PRIMARY KEY (owner, region, name)) WITHOUT ROWID;
   INSERT INTO launch_configurations_v4 (owner, region, name, created_ms, doc)
     SELECT '000000000000', region, name, created_ms, doc FROM launch_configurations;
   DROP TABLE launch_configurations;
   ALTER TABLE launch_configurations_v4 RENAME TO launch_configurations;
   ALTER TABLE account_tokens ADD COLUMN owner TEXT NOT NULL DEFAULT '000000000000';
   ALTER TABLE meter_event_adjustments ADD COLUMN owner TEXT NOT NULL DEFAULT '000000000000';
   ALTER TABLE accounts ADD COLUMN owner TEXT NOT NULL DEFAULT '000000000000';
   CREATE TABLE idempotency_keys_v4 (
     owner TEXT NOT NULL, livemode INTEGER NOT NULL, key TEXT NOT NULL, operation TEXT NOT NULL, fingerprint TEXT NOT NULL,
     created_ms INTEGER NOT NULL, response TEXT NOT NULL,
     PRIMARY KEY (owner, livemode, key)) WITHOUT ROWID;
   INSERT INTO idempotency_keys_v4 SELECT '000000000000', livemode, key, operation, fingerprint, created_ms, response FROM idempotency_keys;
   DROP TABLE idempotency_keys;
   ALTER TABLE idempotency_keys_v4 RENAME TO idempotency_keys;
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_ms);`,
  // The request journal of svcctl serve (journal.ts): one row per request that reached an operation, the
  // oldest dropped beyond a bound. AUTOINCREMENT: a sequence number is never reused, even after a reset.
  `CREATE TABLE journal (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, time_ms INTEGER NOT NULL, account TEXT NOT NULL, principal TEXT,
     region TEXT NOT NULL, protocol TEXT NOT NULL, operation TEXT NOT NULL, input TEXT NOT NULL,
     status INTEGER NOT NULL, error_code TEXT, latency_ms REAL NOT NULL);`,
  // Version 6, two columns of the journal: the Idempotency-Key a v2 request came with (`service journal
  // --as-cli` sends it again, so a replay does what the original did: one object for many requests with one
  // key, not one per line), and what a client's answer does not say: a v2 version the service does not
  // know, served as the newest it knows (versions.ts).
  `ALTER TABLE journal ADD COLUMN idempotency_key TEXT;
   ALTER TABLE journal ADD COLUMN warning TEXT;`,
  // Version 7 (issue 42): how many rows of each resource kind each account has in each region (a kind without
  // regions: ''), kept by triggers in the transaction of every insert and delete, whatever makes it (a create,
  // a delete, a reset, `store import`; a transaction that never commits changes no count). A quota check reads
  // one row instead of counting the scope's rows, and the inspector sums these rows instead of every
  // resource. Counted from the rows already stored. The `_listed` indexes give the inspector its first rows
  // per kind in listing order (account, creation, name) without sorting the table.
  `CREATE TABLE resource_counts (
     kind TEXT NOT NULL, owner TEXT NOT NULL, region TEXT NOT NULL, n INTEGER NOT NULL,
     PRIMARY KEY (kind, owner, region)) WITHOUT ROWID;
   CREATE TRIGGER repositories_added AFTER INSERT ON repositories BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('repositories', NEW.registry_id, NEW.region, 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER repositories_removed AFTER DELETE ON repositories BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = 'repositories' AND owner = OLD.registry_id AND region = OLD.region;
   END;
   INSERT INTO resource_counts (kind, owner, region, n)
     SELECT 'repositories', registry_id, region, count(*) FROM repositories GROUP BY registry_id, region;
   CREATE INDEX repositories_listed ON repositories (registry_id, created_ms, name);
   CREATE TRIGGER launch_configurations_added AFTER INSERT ON launch_configurations BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('launch-configurations', NEW.owner, NEW.region, 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER launch_configurations_removed AFTER DELETE ON launch_configurations BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = 'launch-configurations' AND owner = OLD.owner AND region = OLD.region;
   END;
   INSERT INTO resource_counts (kind, owner, region, n)
     SELECT 'launch-configurations', owner, region, count(*) FROM launch_configurations GROUP BY owner, region;
   CREATE INDEX launch_configurations_listed ON launch_configurations (owner, created_ms, name);
   CREATE TRIGGER account_tokens_added AFTER INSERT ON account_tokens BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('account-tokens', NEW.owner, '', 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER account_tokens_removed AFTER DELETE ON account_tokens BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = 'account-tokens' AND owner = OLD.owner AND region = '';
   END;
   INSERT INTO resource_counts (kind, owner, region, n)
     SELECT 'account-tokens', owner, '', count(*) FROM account_tokens GROUP BY owner;
   CREATE INDEX account_tokens_listed ON account_tokens (owner, created_ms, id);
   CREATE TRIGGER accounts_added AFTER INSERT ON accounts BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('accounts', NEW.owner, '', 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER accounts_removed AFTER DELETE ON accounts BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = 'accounts' AND owner = OLD.owner AND region = '';
   END;
   INSERT INTO resource_counts (kind, owner, region, n)
     SELECT 'accounts', owner, '', count(*) FROM accounts GROUP BY owner;
   CREATE INDEX accounts_listed ON accounts (owner, created_ms, id);
   CREATE TRIGGER meter_event_adjustments_added AFTER INSERT ON meter_event_adjustments BEGIN
     INSERT INTO resource_counts (kind, owner, region, n) VALUES ('meter-event-adjustments', NEW.owner, '', 1)
       ON CONFLICT (kind, owner, region) DO UPDATE SET n = n + 1;
   END;
   CREATE TRIGGER meter_event_adjustments_removed AFTER DELETE ON meter_event_adjustments BEGIN
     UPDATE resource_counts SET n = n - 1 WHERE kind = 'meter-event-adjustments' AND owner = OLD.owner AND region = '';
   END;
   INSERT INTO resource_counts (kind, owner, region, n)
     SELECT 'meter-event-adjustments', owner, '', count(*) FROM meter_event_adjustments GROUP BY owner;
   CREATE INDEX meter_event_adjustments_listed ON meter_event_adjustments (owner, created_ms, id);`
];
function storePath(home) {
  return join2(home, "state.db");
}
function privateFiles(file) {
  try {
    closeSync(openSync(file, "a", 384));
  } catch {
    return;
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync(f).mode & 63) !== 0) chmodSync(f, 384);
    } catch {
    }
  }
}
function immediateTransactions(db, hooks) {
  const transaction = db.transaction.bind(db);
  const pause = pauseBeforeCommit(hooks.txPauseDir);
  db.transaction = ((fn) => transaction(
    pause ? (...args) => {
      const out = fn(...args);
      pause();
      return out;
    } : fn
  ).immediate);
}
var MOVE_AWAY = "Move it away, or set SVCCTL_HOME to another directory.";
function storeProblem(file, err, busyMs) {
  const code = err.code ?? "";
  if (code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT") {
    return new ConfigError(
      `The store ${file} is not a database svcctl can read (${err.message}). ${MOVE_AWAY}`
    );
  }
  if (code.startsWith("SQLITE_READONLY")) {
    return new ConfigError(
      `The store ${file} is read-only: svcctl can read it (describe, get) but not change it. Make the file and its directory writable by you, or set SVCCTL_HOME to another directory.`
    );
  }
  if (code === "SQLITE_FULL") {
    return new ConfigError(
      `The store ${file} cannot grow: the filesystem holding it is full (${err.message}), and nothing was changed. Free space there, or set SVCCTL_HOME to a directory on another filesystem.`
    );
  }
  if (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_")) {
    const seconds = busyMs / 1e3;
    return new ConfigError(
      `The store ${file} is locked by another process: this command waited ${seconds} s for its write to finish. Try again when that process is done (fuser ${file} names it).`
    );
  }
  if (code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_IOERR" || code.startsWith("SQLITE_IOERR_")) {
    return new ConfigError(
      `Unable to open the store ${file}: ${err.message}. Check that SVCCTL_HOME (${dirname2(file)}) is a directory you can write.`
    );
  }
  return void 0;
}
var unreadable = (file, err, busyMs = BUSY_TIMEOUT_MS) => addonProblem(err) ?? storeProblem(file, err, busyMs) ?? err;
function addonProblem(err) {
  const { code, message = "" } = err ?? {};
  const addon = code === "ERR_DLOPEN_FAILED" || /NODE_MODULE_VERSION|Could not locate the bindings file|Cannot find module 'bindings'|better_sqlite3\.node/.test(
    message
  );
  if (!addon) return void 0;
  const first = message.split("\n")[0].replace(/^Error: /, "").replace(/ Tried:$/, "");
  return new ConfigError(
    `svcctl's SQLite driver (better-sqlite3) cannot be loaded by node ${process.version}: ${first}
Rebuild it for this node in svcctl's folder: npm rebuild better-sqlite3`
  );
}
function nativeBinding(require2) {
  try {
    return { nativeBinding: require2.resolve("better-sqlite3/build/Release/better_sqlite3.node") };
  } catch {
    return {};
  }
}
function toWal(db, busyMs) {
  const wait = new Int32Array(new SharedArrayBuffer(4));
  for (let waited = 0; ; waited += 10) {
    try {
      db.pragma("journal_mode = WAL");
      return;
    } catch (err) {
      if (err.code !== "SQLITE_BUSY" || waited >= busyMs) throw err;
      Atomics.wait(wait, 0, 0, 10);
    }
  }
}
function writable(home, file) {
  try {
    accessSync(home, constants.W_OK);
    if (existsSync4(file)) accessSync(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
function openStore(home, hooks = {}) {
  makePrivateDir(home, "svcctl's home (SVCCTL_HOME)");
  return openStoreFile(storePath(home), hooks);
}
function openMemoryStore(hooks = {}) {
  const require2 = createRequire2(import.meta.url);
  let db;
  try {
    db = new Sqlite(":memory:", nativeBinding(require2));
  } catch (err) {
    throw addonProblem(err) ?? err;
  }
  immediateTransactions(db, hooks);
  migrate(db, "the in-memory store");
  return db;
}
function openStoreFile(file, hooks = {}) {
  const home = dirname2(file);
  const require2 = createRequire2(import.meta.url);
  if (existsSync4(file) && statSync(file).isDirectory())
    throw new ConfigError(`The store ${file} is a directory, not a database file. ${MOVE_AWAY}`);
  if (!writable(home, file)) return openReadOnly(Sqlite, require2, file);
  privateFiles(file);
  const busyMs = busyTimeoutMs(hooks);
  let db;
  try {
    db = new Sqlite(file, { timeout: busyMs, ...nativeBinding(require2) });
  } catch (err) {
    throw unreadable(file, err, busyMs);
  }
  try {
    toWal(db, busyMs);
    db.pragma("synchronous = NORMAL");
    db.pragma(`busy_timeout = ${busyMs}`);
    immediateTransactions(db, hooks);
    migrate(db, file);
    if (hooks.maxPageCount !== void 0) db.pragma(`max_page_count = ${hooks.maxPageCount}`);
  } catch (err) {
    db.close();
    throw unreadable(file, err, busyMs);
  }
  return db;
}
function openReadOnly(Sqlite2, require2, file) {
  if (!existsSync4(file)) {
    throw new ConfigError(
      `Unable to create the store ${file}: SVCCTL_HOME (${dirname2(file)}) is not writable by you. Set SVCCTL_HOME to a directory you can write.`
    );
  }
  if (existsSync4(`${file}-wal`) && statSync(`${file}-wal`).size > 0) {
    throw new ConfigError(
      `The store ${file} is read-only and has changes in ${file}-wal that only a writable directory lets SQLite read. Make the directory writable by you, or set SVCCTL_HOME to another directory.`
    );
  }
  let db;
  try {
    const snapshot = readFileSync(file);
    if (snapshot.length >= 20) snapshot[18] = snapshot[19] = 1;
    db = new Sqlite2(snapshot, { readonly: true, ...nativeBinding(require2) });
  } catch (err) {
    throw unreadable(file, err);
  }
  try {
    const version = db.pragma("user_version", { simple: true });
    if (version > MIGRATIONS.length) throw tooNew2(version, file);
    if (version < MIGRATIONS.length) {
      throw new ConfigError(
        `The store ${file} is read-only and needs an upgrade (schema version ${version} to ${MIGRATIONS.length}) that svcctl cannot write. Make it writable by you once, or set SVCCTL_HOME to another directory.`
      );
    }
  } catch (err) {
    db.close();
    throw unreadable(file, err);
  }
  return db;
}
function tooNew2(version, file) {
  return new ConfigError(
    `The store ${file} was written by a newer svcctl (schema version ${version}; this svcctl knows versions up to ${MIGRATIONS.length}). Upgrade svcctl, or set SVCCTL_HOME to another directory.`
  );
}
function migrate(db, file = "the store") {
  const version = db.pragma("user_version", { simple: true });
  if (version > MIGRATIONS.length) throw tooNew2(version, file);
  if (version === 0) {
    const tables = db.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
    ).pluck().all();
    if (tables.length > 0) {
      throw new ConfigError(
        `The store ${file} is another program's SQLite database (tables: ${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", \u2026" : ""}), not svcctl's. ${MOVE_AWAY}`
      );
    }
  }
  if (version === MIGRATIONS.length) return;
  db.transaction(() => {
    const current = db.pragma("user_version", { simple: true });
    if (current > MIGRATIONS.length) throw tooNew2(current, file);
    for (let v = current; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v]);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
function changeMark(db) {
  if (storeKind(db) === "postgres") return void 0;
  const sqlite = db;
  return `${sqlite.pragma("data_version", { simple: true })}:${sqlite.prepare("SELECT total_changes()").pluck().get()}`;
}

// src/backends/embedded/leases.ts
import { randomUUID as randomUUID2 } from "node:crypto";
var LEASE_GRACE_MS = 1e4;
function rateLimited(limit) {
  return v2Error(
    429,
    "account_rate_limit_exceeded",
    `Too many concurrent updates to this account: its limit is ${limit} at a time. Retry after the updates in progress have finished.`,
    "rate_limit"
  );
}
function takeLease(db, scope) {
  const now = Date.now();
  const id = randomUUID2();
  db.transaction(() => {
    stmt(db, "DELETE FROM account_update_leases WHERE expires_ms <= ?").run(now);
    if (scope.limit !== void 0) {
      const { n } = stmt(
        db,
        "SELECT count(*) AS n FROM account_update_leases WHERE account_id = ? AND livemode = ?"
      ).get(scope.accountId, scope.livemode ? 1 : 0);
      if (n >= scope.limit) throw rateLimited(scope.limit);
    }
    stmt(
      db,
      "INSERT INTO account_update_leases (id, account_id, livemode, pid, expires_ms) VALUES (?, ?, ?, ?, ?)"
    ).run(id, scope.accountId, scope.livemode ? 1 : 0, process.pid, now + scope.holdMs + LEASE_GRACE_MS);
  }).immediate();
  return id;
}
function checkCapacity(db, scope) {
  if (scope.limit === void 0) return;
  const { n } = stmt(
    db,
    "SELECT count(*) AS n FROM account_update_leases WHERE account_id = ? AND livemode = ? AND expires_ms > ?"
  ).get(scope.accountId, scope.livemode ? 1 : 0, Date.now());
  if (n >= scope.limit) throw rateLimited(scope.limit);
}
function releaseLease(db, id) {
  stmt(db, "DELETE FROM account_update_leases WHERE id = ?").run(id);
}
async function underLease(db, scope, work) {
  const id = takeLease(db, scope);
  try {
    if (scope.holdMs > 0) await new Promise((resolve2) => setTimeout(resolve2, scope.holdMs));
    return work();
  } finally {
    releaseLease(db, id);
  }
}

// src/backends/embedded/handlers/stripe-call.ts
var ACCOUNT_CHECKS = {
  CreateAccountToken: { registration: true, update: true },
  CreateAccount: { registration: true, update: true },
  RetrieveAccountToken: { registration: false, update: false },
  RetrieveAccount: { registration: false, update: false }
};
function checkAccountsAccess(settings, version, checks) {
  if (checks.registration && !settings.platformRegistered) {
    throw v2Error(
      400,
      "platform_registration_required",
      "This account has not signed up for the platform program and cannot create connected accounts or account tokens."
    );
  }
  const min = settings.accountsV2MinVersion;
  if (min !== void 0 && olderThan(version, min)) {
    throw v2Error(
      400,
      "non_connect_platform_accounts_v2_access_blocked",
      `This account can use the accounts v2 API only at API version ${min} or newer; this request was made at ${version}. Use a newer API version or onboard to the platform program.`
    );
  }
}
async function callV2(db, opName, handler, params, sc) {
  const key = authorize(opName, sc.apiKey);
  const version = requestVersion(sc.serviceVersion);
  const checks = ACCOUNT_CHECKS[opName];
  if (!checks) return handler(db, params, sc);
  const settings = readSettings(db);
  checkAccountsAccess(settings, version, checks);
  const scope = {
    accountId: sc.accountId,
    livemode: key.livemode,
    limit: settings.accountUpdateConcurrencyLimit,
    holdMs: settings.accountUpdateHoldMs
  };
  if (checks.update) return underLease(db, scope, () => handler(db, params, sc));
  checkCapacity(db, scope);
  return handler(db, params, sc);
}

// src/backends/embedded/embedded.ts
init_secrets();
init_pg_store();

// src/backends/embedded/journal.ts
init_pynum();
var INSERT = `INSERT INTO journal (time_ms, account, principal, region, protocol, operation, input, status, error_code, latency_ms, idempotency_key, warning)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
var TRIM = "DELETE FROM journal WHERE seq <= ?";
function recordEntries(db, records, limit) {
  if (limit <= 0 || records.length === 0) return;
  db.transaction(() => {
    if (storeKind(db) === "postgres") return appendOnPostgres(db, records, limit);
    let last = 0;
    for (const r of records) last = Number(stmt(db, INSERT).run(...rowOf(r)).lastInsertRowid);
    if (last > limit) stmt(db, TRIM).run(last - limit);
  }, "read committed")();
}
var rowOf = (r) => [
  r.timeMs,
  r.account,
  r.principal ?? null,
  r.region,
  r.protocol,
  r.operation,
  stringifyJsonExact(r.input),
  r.status,
  r.errorCode ?? null,
  r.latencyMs,
  r.idempotencyKey ?? null,
  warningColumn(r)
];
var FAULT_MARK = "fault: ";
function warningColumn(r) {
  if (r.fault === void 0) return r.warning ?? null;
  return `${FAULT_MARK}${r.fault}${r.warning === void 0 ? "" : `
${r.warning}`}`;
}
function splitWarning(column) {
  if (column === null) return {};
  if (!column.startsWith(FAULT_MARK)) return { Warning: column };
  const nl = column.indexOf("\n");
  const fault = nl < 0 ? column.slice(FAULT_MARK.length) : column.slice(FAULT_MARK.length, nl);
  return { ...nl < 0 ? {} : { Warning: column.slice(nl + 1) }, Fault: fault };
}
var PG_BATCH = 32;
function appendOnPostgres(db, all, limit) {
  const records = all.slice(-limit);
  for (let at = 0; at < records.length; at += PG_BATCH) {
    const batch = records.slice(at, at + PG_BATCH);
    stmt(db, appendAndTrim(batch.length)).run(...batch.flatMap(rowOf), limit);
  }
}
function appendAndTrim(rows) {
  const values = Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ");
  return `WITH appended AS (${INSERT.replace(/VALUES \(.*\)$/s, `VALUES ${values}`)} RETURNING seq)
      DELETE FROM journal WHERE seq <= (SELECT max(seq) FROM appended) - ?`;
}
function entry(row) {
  return {
    Seq: row.seq,
    Time: new Date(row.time_ms).toISOString(),
    Account: row.account,
    ...row.principal === null ? {} : { Principal: row.principal },
    Region: row.region,
    Protocol: row.protocol,
    Operation: row.operation,
    Input: parseJsonInts(row.input),
    Status: row.status,
    ...row.error_code === null ? {} : { ErrorCode: row.error_code },
    LatencyMs: row.latency_ms,
    ...row.idempotency_key === null ? {} : { IdempotencyKey: row.idempotency_key },
    ...splitWarning(row.warning)
  };
}
function listEntries(db, opts = {}) {
  const rows = opts.limit === void 0 ? db.prepare("SELECT * FROM journal WHERE seq > ? ORDER BY seq DESC").all(opts.after ?? 0) : db.prepare("SELECT * FROM journal WHERE seq > ? ORDER BY seq DESC LIMIT ?").all(opts.after ?? 0, opts.limit);
  return rows.reverse().map(entry);
}
function journalSpan(db) {
  const row = db.prepare("SELECT count(*) AS n, min(seq) AS first, max(seq) AS last FROM journal").get();
  return { Kept: Number(row.n), FirstSeq: Number(row.first ?? 0), LastSeq: Number(row.last ?? 0) };
}

// src/models/resource-kinds.ts
var storedLaunchConfiguration = {
  ...launchConfigurationShape,
  required: launchConfigurationShape.required?.filter((m) => m !== "CreatedTime")
};
var storedToken = {
  type: "structure",
  required: ["data", "token"],
  members: { data: createAccountToken.input, token: { ...accountTokenShape, required: ["id"] } }
};
var withId = (shape) => ({ ...shape, required: ["id"] });
var RESOURCES = [
  {
    kind: "repositories",
    table: "repositories",
    columns: [
      ["region", "text"],
      ["registry_id", "text"],
      ["name", "text"],
      ["created_ms", "int"],
      ["doc", "json"]
    ],
    key: 3,
    owner: "registry_id",
    name: "name",
    region: "region",
    doc: {
      shape: { ...repositoryShape, required: ["repositoryName", "registryId"] },
      same: [
        ["repositoryName", "name"],
        ["registryId", "registry_id"]
      ]
    }
  },
  {
    kind: "launch-configurations",
    table: "launch_configurations",
    columns: [
      ["owner", "text"],
      ["region", "text"],
      ["name", "text"],
      ["created_ms", "int"],
      ["doc", "json"]
    ],
    key: 3,
    owner: "owner",
    name: "name",
    region: "region",
    doc: { shape: storedLaunchConfiguration, same: [["LaunchConfigurationName", "name"]] }
  },
  {
    kind: "account-tokens",
    table: "account_tokens",
    columns: [
      ["id", "text"],
      ["owner", "text"],
      ["livemode", "flag"],
      ["used", "flag"],
      ["created_ms", "int"],
      ["expires_ms", "int"],
      ["doc", "json"]
    ],
    key: 1,
    owner: "owner",
    name: "id",
    doc: { shape: storedToken, same: [["token.id", "id"]] }
  },
  {
    kind: "accounts",
    table: "accounts",
    columns: [
      ["id", "text"],
      ["owner", "text"],
      ["livemode", "flag"],
      ["token_id", "text"],
      ["created_ms", "int"],
      ["doc", "json"]
    ],
    key: 1,
    unique: ["token_id"],
    owner: "owner",
    name: "id",
    doc: { shape: withId(accountShape), same: [["id", "id"]] }
  },
  {
    kind: "meter-event-adjustments",
    table: "meter_event_adjustments",
    columns: [
      ["id", "text"],
      ["owner", "text"],
      ["livemode", "flag"],
      ["created_ms", "int"],
      ["completes_ms", "int"],
      ["doc", "json"]
    ],
    key: 1,
    owner: "owner",
    name: "id",
    doc: { shape: withId(meterEventAdjustmentShape), same: [["id", "id"]] }
  }
];
var RESOURCE_KINDS = RESOURCES.map((r) => r.kind);
var IDEMPOTENCY_KEYS = {
  table: "idempotency_keys",
  columns: [
    ["owner", "text"],
    ["livemode", "flag"],
    ["key", "text"],
    ["operation", "text"],
    ["fingerprint", "text"],
    ["created_ms", "int"],
    ["response", "json"]
  ],
  key: 3
};
var SETTINGS_TABLE = {
  table: "settings",
  columns: [
    ["name", "text"],
    ["value", "text"]
  ],
  key: 1
};
var JOURNAL = {
  table: "journal",
  columns: [
    ["seq", "int"],
    ["time_ms", "int"],
    ["account", "text"],
    ["principal", "text", "null"],
    ["region", "text"],
    ["protocol", "text"],
    ["operation", "text"],
    ["input", "json"],
    ["status", "int"],
    ["error_code", "text", "null"],
    ["latency_ms", "real"],
    ["idempotency_key", "text", "null"],
    ["warning", "text", "null"]
  ],
  key: 1
};
var ACCOUNT_UPDATE_LEASES = {
  table: "account_update_leases",
  columns: [
    ["id", "text"],
    ["account_id", "text"],
    ["livemode", "flag"],
    ["pid", "int"],
    ["expires_ms", "int"]
  ],
  key: 1
};
var RESOURCE_COUNTS = {
  table: "resource_counts",
  columns: [
    ["kind", "text"],
    ["owner", "text"],
    ["region", "text"],
    ["n", "int"]
  ],
  key: 3
};
var STORE_TABLES = [
  ...RESOURCES,
  IDEMPOTENCY_KEYS,
  SETTINGS_TABLE,
  JOURNAL,
  ACCOUNT_UPDATE_LEASES,
  RESOURCE_COUNTS
];
var RESET_KINDS = [...RESOURCE_KINDS, "idempotency-keys", "journal"];

// src/backends/embedded/resources.ts
var KINDS2 = Object.fromEntries(RESOURCES.map((r) => [r.kind, r]));
var RESET_TABLES = {
  ...KINDS2,
  "idempotency-keys": { table: IDEMPOTENCY_KEYS.table, owner: "owner" },
  journal: { table: JOURNAL.table, owner: "account" }
};
function listResources(db, opts = {}) {
  const kinds = opts.kind === void 0 ? RESOURCE_KINDS : [opts.kind];
  return kinds.flatMap((kind) => rowsOf(db, kind));
}
var KIND_COUNTS = "SELECT owner AS account, sum(n) AS n FROM resource_counts WHERE kind = ? GROUP BY owner HAVING sum(n) > 0 ORDER BY owner";
function summarizeResources(db, first) {
  const out = [];
  for (const kind of RESOURCE_KINDS) {
    const counts = db.prepare(KIND_COUNTS).all(kind);
    if (counts.length === 0) continue;
    const accounts = Object.fromEntries(counts.map((c) => [c.account, Number(c.n)]));
    const total = counts.reduce((sum, c) => sum + Number(c.n), 0);
    out.push({ Kind: kind, Count: total, Accounts: accounts, First: first > 0 ? rowsOf(db, kind, first) : [] });
  }
  return out;
}
function listingQuery(kind) {
  const k = KINDS2[kind];
  const region = k.region ? `, ${k.region} AS region` : "";
  return `SELECT ${k.owner} AS account, ${k.name} AS name, created_ms${region} FROM ${k.table} ORDER BY ${k.owner}, created_ms, ${k.name}`;
}
function rowsOf(db, kind, limit) {
  const sql = listingQuery(kind);
  const rows = limit === void 0 ? db.prepare(sql).all() : db.prepare(`${sql} LIMIT ?`).all(limit);
  return rows.map((r) => ({
    Kind: kind,
    Account: r.account,
    ...r.region === void 0 ? {} : { Region: r.region },
    Name: r.name,
    Created: new Date(Number(r.created_ms)).toISOString()
  }));
}
function resetStore(db, opts = {}) {
  const kinds = opts.kind === void 0 ? RESET_KINDS : [opts.kind];
  const counts = {};
  const where = (column) => opts.account === void 0 ? ["", []] : [` WHERE ${column} = ?`, [opts.account]];
  db.transaction(() => {
    for (const kind of kinds) {
      const { table, owner } = RESET_TABLES[kind];
      const [clause, args] = where(owner);
      counts[kind] = db.prepare(`DELETE FROM ${table}${clause}`).run(...args).changes;
    }
    if (opts.kind === void 0 && opts.account === void 0)
      db.prepare(`DELETE FROM ${ACCOUNT_UPDATE_LEASES.table}`).run();
  })();
  return counts;
}

// src/backends/embedded/admin-calls.ts
var READY_PROBE = "SELECT max(seq) AS last FROM journal";
function readiness(db, wanted) {
  const version = db.pragma("user_version", { simple: true });
  if (version !== wanted)
    return { ready: false, reason: `The store's schema is version ${version}; this svcctl serves version ${wanted}.` };
  db.prepare(READY_PROBE).get();
  if (storeKind(db) === "postgres") {
    const row = db.prepare("SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only").get();
    if (row.recovery)
      return { ready: false, reason: "The store takes no writes: the database is a standby in recovery." };
    if (row.read_only === "on")
      return {
        ready: false,
        reason: "The store takes no writes: the database is read-only (default_transaction_read_only)."
      };
  }
  return { ready: true, schemaVersion: version };
}
function runAdmin(db, r) {
  switch (r.what) {
    case "ready":
      return readiness(db, r.schemaVersion);
    case "journal":
      return listEntries(db, { after: r.after, limit: r.limit });
    case "resources":
      return listResources(db, r.kind === void 0 ? {} : { kind: r.kind });
    case "summary":
      return { resources: resourceSummary(db, r.first), journal: journalSpan(db) };
    case "reset":
      return resetStore(db, { kind: r.kind, account: r.account });
    case "faults":
      return listFaults(db);
    case "set-settings":
      writeSettings(db, r.pairs);
      return listFaults(db);
    case "remove-faults":
      removeFaults(db, r.names);
      return listFaults(db);
  }
}
var summaries = /* @__PURE__ */ new WeakMap();
function resourceSummary(db, first) {
  const mark = changeMark(db);
  const kept = summaries.get(db);
  if (mark !== void 0 && kept?.key === `${mark} ${first}`) return kept.summary;
  const summary = summarizeResources(db, first);
  if (mark !== void 0) summaries.set(db, { key: `${mark} ${first}`, summary });
  return summary;
}

// src/backends/embedded/embedded.ts
var TABLE = {
  ...handlers5,
  ...handlers3,
  ...handlers,
  ...handlers2,
  ...handlers4
};
var HANDLERS = withIdempotency(TABLE, OPERATIONS);
var EmbeddedService = class {
  db;
  /** An empty store in memory, for reads before the SQLite file exists (readStore). */
  empty;
  /** serve --store-pool-size N (N ≥ 2): the threads that run the operations (pool.ts). */
  pool;
  /** serve is stopping: journal rows are no longer written. */
  stopped = false;
  /** Journal writes handed to the pool and not yet done. */
  journalWrites = /* @__PURE__ */ new Set();
  /** The pool's size as serve asked for it: 1 is serve's default on PostgreSQL, not shown as a pool. */
  poolSize = 0;
  /** The readiness check under way: probes that arrive meanwhile share it instead of queueing more. */
  readinessCheck;
  opts;
  constructor(opts) {
    this.opts = { ...opts };
  }
  get home() {
    return this.opts.home;
  }
  /** The account of callers the server does not know (no --credentials): SVCCTL_ACCOUNT_ID or 000000000000. */
  get accountId() {
    return this.opts.accountId;
  }
  /** The service's clock (pinned in tests): the journal's times follow it. */
  get clock() {
    return this.opts.clock;
  }
  get store() {
    if (this.pool)
      throw new Error(
        "internal: the store was used on serve's main thread; with an operation pool every store call goes to a pool thread"
      );
    if (!this.db) {
      const db = this.opts.storeUrl ? openPgStore({
        url: this.opts.storeUrl,
        connectTimeoutMs: this.opts.storeConnectTimeoutMs,
        queryTimeoutMs: this.opts.storeQueryTimeoutMs,
        hooks: this.opts.hooks
      }) : this.opts.sqlite === void 0 ? openStore(this.opts.home, this.opts.hooks) : "memory" in this.opts.sqlite ? openMemoryStore(this.opts.hooks) : openStoreFile(this.opts.sqlite.file, this.opts.hooks);
      if (this.opts.runSettings) setRunSettings(db, this.opts.runSettings);
      this.db = db;
    }
    return this.db;
  }
  /**
   * The store a read-only operation answers from: the store when it is open or exists (or is PostgreSQL);
   * before the SQLite file exists, an empty one in memory, so that a read creates no file (issue 34, item 4).
   */
  storeFor(op) {
    return op.readOnly ? this.readStore() : this.store;
  }
  /** Whether `db` is the empty store a read answers from before the SQLite file exists. */
  isEmptyStandIn(db) {
    return db === this.empty;
  }
  /** Whether the store is open or exists (PostgreSQL always does; the SQLite file once a write made it). */
  hasStore() {
    return this.db !== void 0 || this.opts.storeUrl !== void 0 || existsSync6(storePath(this.opts.home));
  }
  readStore() {
    if (this.hasStore()) return this.store;
    this.empty ??= openMemoryStore();
    return this.empty;
  }
  /** The schema version this svcctl's driver of the store migrates to (/_svcctl/ready). */
  get schemaVersion() {
    return this.opts.storeUrl ? PG_MIGRATIONS.length : MIGRATIONS.length;
  }
  /** Which driver holds the store (/_svcctl/health). */
  get storeKind() {
    if (this.opts.storeUrl) return "postgres";
    return this.opts.sqlite && "memory" in this.opts.sqlite ? "memory" : "sqlite";
  }
  /** Where the store is, for logs: the SQLite file, or the PostgreSQL URL with its password masked. */
  get storeName() {
    if (this.opts.storeUrl) return maskStoreUrl(this.opts.storeUrl);
    return this.storeKind === "memory" ? "the in-memory store" : this.sqliteFile;
  }
  /** The SQLite file: --store PATH, else the one in home. */
  get sqliteFile() {
    return this.opts.sqlite && "file" in this.opts.sqlite ? this.opts.sqlite.file : storePath(this.opts.home);
  }
  /**
   * PostgreSQL only: from now on every store call (the operations, the journal's rows, serve's own
   * endpoints) runs in `size` threads, each on its own connection (pool.ts); this thread's connection,
   * which opened and migrated the store, is closed, so that nothing here waits on the database.
   */
  async startPool(size, clockMs) {
    if (!this.opts.storeUrl) throw new Error("an operation pool needs a PostgreSQL store");
    this.poolSize = size;
    const { OperationPool: OperationPool2 } = await Promise.resolve().then(() => (init_pool(), pool_exports));
    const { home, accountId, storeUrl, storeConnectTimeoutMs, storeQueryTimeoutMs, runSettings, hooks } = this.opts;
    this.pool = await OperationPool2.start(size, {
      home,
      accountId,
      storeUrl,
      storeConnectTimeoutMs,
      storeQueryTimeoutMs,
      runSettings,
      clockMs,
      hooks
    });
    this.db?.close();
    this.db = void 0;
  }
  /** What one of serve's own endpoints asks of the store: here, or in a pool thread (admin-calls.ts). */
  async admin(request) {
    if (this.pool) return this.pool.admin(request);
    return runAdmin(this.store, request);
  }
  /**
   * Whether the store serves (admin-calls.ts), answered within `boundMs`: a store that does not answer in
   * time is not ready. One check at a time; probes that come meanwhile get its answer.
   */
  async readiness(boundMs) {
    if (!this.readinessCheck) {
      const check = this.admin({ what: "ready", schemaVersion: this.schemaVersion }).catch(
        (err) => ({
          ready: false,
          reason: err instanceof StoreUnavailableError ? withoutTopology(err) : `The store cannot be read: ${err.message}`
        })
      );
      this.readinessCheck = check;
      void check.finally(() => {
        if (this.readinessCheck === check) this.readinessCheck = void 0;
      });
    }
    let timer;
    const late = new Promise((resolve2) => {
      timer = setTimeout(
        () => resolve2({ ready: false, reason: `The store did not answer within ${boundMs / 1e3} s.` }),
        boundMs
      );
    });
    try {
      return await Promise.race([this.readinessCheck, late]);
    } finally {
      clearTimeout(timer);
    }
  }
  /**
   * This run's settings over the store's (serve --settings without --persist-settings): checked and applied
   * to the open store now, to it again whenever it opens, and to the pool's threads when they start.
   */
  useRunSettings(pairs) {
    setRunSettings(this.store, pairs);
    this.opts.runSettings = pairs;
  }
  /**
   * Journal rows in one transaction: here, at once (before serve reads its next request); with a pool, by
   * one of its threads, so that the main thread does not wait on the database in a request's path.
   */
  recordJournal(records, limit) {
    if (this.stopped) return Promise.resolve();
    if (!this.pool?.size) {
      recordEntries(this.store, records, limit);
      return Promise.resolve();
    }
    const write = this.pool.journal(records, limit);
    const done = write.then(
      () => {
      },
      () => {
      }
    );
    this.journalWrites.add(done);
    void done.then(() => this.journalWrites.delete(done));
    return write;
  }
  /** Resolves once every journal write handed to the pool so far is done (before reading the journal). */
  async journalWritten() {
    await Promise.all([...this.journalWrites]);
  }
  /** The pool's threads and its calls in flight (/_svcctl/metrics, /_svcctl/health); undefined without one (or of one thread). */
  get poolState() {
    return this.pool && this.poolSize > 1 ? { threads: this.pool.size, inFlight: this.pool.inFlight } : void 0;
  }
  /**
   * The fault rule that fires on this call, if one does (faults.ts). With a pool, by a thread on its own
   * connection, so that the main thread does not wait on the database in a request's path.
   */
  async fault(call) {
    if (!this.hasStore()) return void 0;
    if (!this.pool?.size) return decideFault(this.store, call);
    return this.pool.fault(call);
  }
  /** One call; v2 operations go through their common checks first (v2-call.ts). */
  async call(opName, params, call) {
    if (this.pool?.size) return this.pool.call(opName, params, call);
    const handler = HANDLERS[opName];
    if (!handler) throw new ServiceError("UnknownOperation", `The embedded service does not implement ${opName}`, 400);
    const sc = {
      ...call,
      accountId: call.accountId ?? this.opts.accountId,
      clock: this.opts.clock,
      ids: this.opts.ids
    };
    const op = operation(opName);
    try {
      const db = this.storeFor(op);
      const out = speaksV2(op) ? await callV2(db, opName, handler, params, sc) : this.run(db, op, handler, params, sc);
      return orderByShape(op.output, fillDefaults(op.output, out));
    } catch (err) {
      if (err instanceof ServiceError && serviceModel(op.service).protocol === "json11" && !err.fields)
        err.fields = json11ErrorFields(err.code, err.message, { message: err.message });
      throw storeProblem(this.storeName, err, busyTimeoutMs(this.opts.hooks ?? {})) ?? err;
    }
  }
  /** An AWS operation: one transaction when it writes (one its model marks readOnly takes no write lock). */
  run(db, op, handler, params, sc) {
    if (op.readOnly) return handler(db, params, sc);
    return db.transaction(() => handler(db, params, sc), handler.isolation)();
  }
  /** PostgreSQL only: statements sent and operations retried so far, by this thread and the pool's (serve logs them when it stops). */
  async totalStoreStats() {
    const own = this.storeStats() ?? { queries: 0, retries: 0 };
    if (!this.pool) return this.storeStats();
    const pool = await this.pool.stats();
    return { queries: own.queries + pool.queries, retries: own.retries + pool.retries };
  }
  /** This thread's connection's statements and retries (PostgreSQL only). */
  storeStats() {
    const db = this.db;
    return db?.queries === void 0 ? void 0 : { queries: db.queries, retries: db.retries ?? 0 };
  }
  /** Stops the pool's threads, if any (serve, once it no longer accepts requests); no journal row is written after. */
  async stopPool() {
    this.stopped = true;
    await this.pool?.close();
    this.pool = void 0;
  }
  close() {
    this.db?.close();
    this.db = void 0;
    this.empty?.close();
    this.empty = void 0;
  }
};

// src/backends/embedded/store/executor.ts
init_pynum();
init_pool();
var data = workerData;
var port = parentPort;
var service = new EmbeddedService({
  home: data.home,
  accountId: data.accountId,
  clock: data.clockMs === void 0 ? systemClock : { now: () => new Date(data.clockMs) },
  ids: randomIds,
  storeUrl: data.storeUrl,
  storeConnectTimeoutMs: data.storeConnectTimeoutMs,
  storeQueryTimeoutMs: data.storeQueryTimeoutMs,
  // Applied whenever the store opens: also by a thread that could not connect at its start.
  runSettings: data.runSettings,
  hooks: data.hooks
});
function post(reply) {
  try {
    port.postMessage(reply);
  } catch (err) {
    port.postMessage({ id: reply.id, error: encodeError(err) });
  }
}
try {
  void service.store;
  post({ id: 0, ready: true });
} catch (err) {
  post({ id: 0, error: encodeError(err) });
}
var exitOn = data.hooks?.executorExit;
port.on("message", (m) => {
  if (exitOn !== void 0 && m.op === exitOn) process.exit(70);
  if (m.stats) {
    post({ id: m.id, stats: service.storeStats() ?? { queries: 0, retries: 0 } });
    return;
  }
  if (m.fault) {
    try {
      post({ id: m.id, fired: decideFault(service.store, m.fault) });
    } catch (err) {
      post({ id: m.id, error: encodeError(err) });
    }
    return;
  }
  if (m.admin) {
    try {
      post({ id: m.id, value: runAdmin(service.store, m.admin) });
    } catch (err) {
      post({ id: m.id, error: encodeError(err) });
    }
    return;
  }
  if (m.journal) {
    try {
      recordEntries(service.store, m.journal.records, m.journal.limit);
      post({ id: m.id });
    } catch (err) {
      post({ id: m.id, error: encodeError(err) });
    }
    return;
  }
  const params = m.paramsJson === void 0 ? m.params : parseJsonExact(m.paramsJson);
  service.call(m.op, params, m.context).then(
    (output) => post({ id: m.id, ...crossing("output", output) }),
    (err) => post({ id: m.id, error: encodeError(err) })
  );
});
