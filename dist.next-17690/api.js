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
var EXIT, CliError, UsageError, InputError, ConfigError, ProfileNotFoundError, ServiceError, StoreUnavailableError, TransportError;
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
    UsageError = class extends CliError {
      exitCode = EXIT.USAGE;
      kind = "ParamValidation";
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
    ProfileNotFoundError = class extends CliError {
      constructor(profile) {
        super(`The config profile (${profile}) could not be found`);
        this.profile = profile;
      }
      profile;
      exitCode = EXIT.CONFIG;
      kind = void 0;
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
    TransportError = class extends CliError {
      exitCode = EXIT.OTHER;
      kind = void 0;
    };
  }
});

// src/core/context.ts
import { randomBytes, randomUUID } from "node:crypto";
import { isAbsolute, join } from "node:path";
function svcctlHome(ctx) {
  const home = ctx.env.SVCCTL_HOME;
  if (!home) return join(ctx.home, ".svcctl");
  if (!isAbsolute(home)) {
    throw new ConfigError(
      `SVCCTL_HOME must be an absolute path, not '${home}': a relative one would name another store in each working directory. Set it to "$PWD/${home}" for this directory's.`
    );
  }
  return home;
}
function accountIdOf(env) {
  return env.SVCCTL_ACCOUNT_ID || DEFAULT_ACCOUNT_ID;
}
var systemClock, ALPHABET, randomIds, DEFAULT_ACCOUNT_ID;
var init_context = __esm({
  "src/core/context.ts"() {
    "use strict";
    init_errors();
    systemClock = { now: () => /* @__PURE__ */ new Date() };
    ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    randomIds = {
      id(prefix) {
        const bytes = randomBytes(24);
        let s = "";
        for (const b of bytes) s += ALPHABET[b % 62];
        return prefix + s;
      },
      uuid: () => randomUUID()
    };
    DEFAULT_ACCOUNT_ID = "000000000000";
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

// src/backends/embedded/store/db.ts
var storeKind;
var init_db = __esm({
  "src/backends/embedded/store/db.ts"() {
    "use strict";
    storeKind = (db) => db.kind === "postgres" ? "postgres" : "sqlite";
  }
});

// src/backends/embedded/store/statements.ts
function stmt(db, sql) {
  let cache2 = caches.get(db);
  if (!cache2) {
    cache2 = /* @__PURE__ */ new Map();
    caches.set(db, cache2);
  }
  let s = cache2.get(sql);
  if (!s) {
    s = db.prepare(sql);
    cache2.set(sql, s);
  }
  return s;
}
var caches;
var init_statements = __esm({
  "src/backends/embedded/store/statements.ts"() {
    "use strict";
    caches = /* @__PURE__ */ new WeakMap();
  }
});

// src/backends/embedded/journal.ts
function recordEntries(db, records, limit) {
  if (limit <= 0 || records.length === 0) return;
  db.transaction(() => {
    if (storeKind(db) === "postgres") return appendOnPostgres(db, records, limit);
    let last = 0;
    for (const r of records) last = Number(stmt(db, INSERT).run(...rowOf(r)).lastInsertRowid);
    if (last > limit) stmt(db, TRIM).run(last - limit);
  }, "read committed")();
}
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
var DEFAULT_JOURNAL_SIZE, INSERT, TRIM, rowOf, FAULT_MARK, PG_BATCH;
var init_journal = __esm({
  "src/backends/embedded/journal.ts"() {
    "use strict";
    init_pynum();
    init_db();
    init_statements();
    DEFAULT_JOURNAL_SIZE = 1e3;
    INSERT = `INSERT INTO journal (time_ms, account, principal, region, protocol, operation, input, status, error_code, latency_ms, idempotency_key, warning)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
    TRIM = "DELETE FROM journal WHERE seq <= ?";
    rowOf = (r) => [
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
    FAULT_MARK = "fault: ";
    PG_BATCH = 32;
  }
});

// src/models/common.ts
function str(opts = {}) {
  return { type: "string", ...opts };
}
function xmlString(max, doc) {
  return str({ ...max ? { min: 1, max } : {}, pattern: P1, ...doc ? { doc } : {} });
}
var P1;
var init_common = __esm({
  "src/models/common.ts"() {
    "use strict";
    P1 = "[\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}\\r\\n\\t]*";
  }
});

// src/models/autoscaling.ts
var VOLUME_TYPES, ebs, blockDeviceMapping, blockDeviceMappings, instanceMonitoring, metadataOptions, securityGroups, classicLinkGroups, launchConfigurationName, commonMembers, afterInstanceType, tail, launchConfigurationShape, createLaunchConfiguration, describeLaunchConfigurations, deleteLaunchConfiguration, AUTOSCALING_OPERATIONS;
var init_autoscaling = __esm({
  "src/models/autoscaling.ts"() {
    "use strict";
    init_common();
    VOLUME_TYPES = ["standard", "io1", "gp2", "st1", "sc1", "gp3"];
    ebs = {
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
    blockDeviceMapping = {
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
    blockDeviceMappings = {
      type: "list",
      member: blockDeviceMapping,
      doc: "The block devices to attach at launch; by default the image's own mappings are used."
    };
    instanceMonitoring = {
      type: "structure",
      doc: "Whether detailed (Enabled=true) or basic (Enabled=false) monitoring is enabled for launched instances.",
      members: {
        Enabled: { type: "boolean", doc: "If true, detailed monitoring is enabled; otherwise basic monitoring." }
      },
      defaults: { Enabled: true }
    };
    metadataOptions = {
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
    securityGroups = {
      type: "list",
      member: xmlString(),
      doc: "The security groups to assign to the instances."
    };
    classicLinkGroups = {
      type: "list",
      member: xmlString(255),
      doc: "Kept for backward compatibility (EC2-Classic security groups); each 1-255 characters."
    };
    launchConfigurationName = xmlString(255, "The name of the launch configuration.");
    commonMembers = {
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
    afterInstanceType = {
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
    tail = {
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
    launchConfigurationShape = {
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
    createLaunchConfiguration = {
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
    describeLaunchConfigurations = {
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
    deleteLaunchConfiguration = {
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
    AUTOSCALING_OPERATIONS = {
      CreateLaunchConfiguration: createLaunchConfiguration,
      DescribeLaunchConfigurations: describeLaunchConfigurations,
      DeleteLaunchConfiguration: deleteLaunchConfiguration
    };
  }
});

// src/models/ecr.ts
var REPOSITORY_NAME_PATTERN, FILTER_PATTERN, MUTABILITIES, ENCRYPTION_TYPES, registryId, repositoryName, tagKey, tagList, tags, exclusionFilters, scanning, encryption, repositoryShape, createRepository, describeRepositories, deleteRepository, resourceArn, listTagsForResource, tagResource, untagResource, ECR_OPERATIONS;
var init_ecr = __esm({
  "src/models/ecr.ts"() {
    "use strict";
    init_common();
    REPOSITORY_NAME_PATTERN = "[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*";
    FILTER_PATTERN = "[0-9a-zA-Z._*-]{1,128}";
    MUTABILITIES = ["MUTABLE", "IMMUTABLE", "IMMUTABLE_WITH_EXCLUSION", "MUTABLE_WITH_EXCLUSION"];
    ENCRYPTION_TYPES = ["AES256", "KMS", "KMS_DSSE"];
    registryId = str({ pattern: "[0-9]{12}" });
    repositoryName = str({ min: 2, max: 256, pattern: REPOSITORY_NAME_PATTERN });
    tagKey = str({
      doc: "One part of a key-value pair that make up a tag: a label that acts like a category for more specific tag values (1-128 characters, not starting with aws:)."
    });
    tagList = (doc) => ({
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
    tags = tagList(
      "The metadata to apply to the repository: up to 50 tags, each a Key (1-128 characters, not starting with aws:) and a Value (up to 256 characters)."
    );
    exclusionFilters = {
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
    scanning = {
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
    encryption = {
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
    repositoryShape = {
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
    createRepository = {
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
    describeRepositories = {
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
    deleteRepository = {
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
    resourceArn = (doc) => str({
      doc: `${doc} Currently, the only supported resource is a repository (arn:aws:ecr:REGION:ACCOUNT:repository/NAME).`
    });
    listTagsForResource = {
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
    tagResource = {
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
    untagResource = {
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
    ECR_OPERATIONS = {
      CreateRepository: createRepository,
      DescribeRepositories: describeRepositories,
      TagResource: tagResource,
      ListTagsForResource: listTagsForResource,
      UntagResource: untagResource,
      DeleteRepository: deleteRepository
    };
  }
});

// src/models/stripe-identity.ts
var identity;
var init_stripe_identity = __esm({
  "src/models/stripe-identity.ts"() {
    "use strict";
    identity = {
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
  }
});

// src/models/stripe.ts
var timestamp, accountTokenShape, createAccountToken, getAccountToken, meterEventAdjustmentShape, createMeterEventAdjustment, getMeterEventAdjustment, accountShape, createAccount, getAccount, STRIPE_OPERATIONS;
var init_stripe = __esm({
  "src/models/stripe.ts"() {
    "use strict";
    init_common();
    init_stripe_identity();
    timestamp = (doc) => str({ format: "date-time", doc: `${doc} RFC 3339 UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ).` });
    accountTokenShape = {
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
    createAccountToken = {
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
    getAccountToken = {
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
    meterEventAdjustmentShape = {
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
    createMeterEventAdjustment = {
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
    getMeterEventAdjustment = {
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
    accountShape = {
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
    createAccount = {
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
    getAccount = {
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
    STRIPE_OPERATIONS = {
      CreateAccountToken: createAccountToken,
      RetrieveAccountToken: getAccountToken,
      CreateAccount: createAccount,
      RetrieveAccount: getAccount,
      CreateMeterEventAdjustment: createMeterEventAdjustment,
      RetrieveMeterEventAdjustment: getMeterEventAdjustment
    };
  }
});

// src/models/resource-kinds.ts
var storedLaunchConfiguration, storedToken, withId, RESOURCES, RESOURCE_KINDS, IDEMPOTENCY_KEYS, SETTINGS_TABLE, JOURNAL, ACCOUNT_UPDATE_LEASES, RESOURCE_COUNTS, STORE_TABLES, RESET_KINDS;
var init_resource_kinds = __esm({
  "src/models/resource-kinds.ts"() {
    "use strict";
    init_autoscaling();
    init_ecr();
    init_stripe();
    storedLaunchConfiguration = {
      ...launchConfigurationShape,
      required: launchConfigurationShape.required?.filter((m) => m !== "CreatedTime")
    };
    storedToken = {
      type: "structure",
      required: ["data", "token"],
      members: { data: createAccountToken.input, token: { ...accountTokenShape, required: ["id"] } }
    };
    withId = (shape) => ({ ...shape, required: ["id"] });
    RESOURCES = [
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
    RESOURCE_KINDS = RESOURCES.map((r) => r.kind);
    IDEMPOTENCY_KEYS = {
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
    SETTINGS_TABLE = {
      table: "settings",
      columns: [
        ["name", "text"],
        ["value", "text"]
      ],
      key: 1
    };
    JOURNAL = {
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
    ACCOUNT_UPDATE_LEASES = {
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
    RESOURCE_COUNTS = {
      table: "resource_counts",
      columns: [
        ["kind", "text"],
        ["owner", "text"],
        ["region", "text"],
        ["n", "int"]
      ],
      key: 3
    };
    STORE_TABLES = [
      ...RESOURCES,
      IDEMPOTENCY_KEYS,
      SETTINGS_TABLE,
      JOURNAL,
      ACCOUNT_UPDATE_LEASES,
      RESOURCE_COUNTS
    ];
    RESET_KINDS = [...RESOURCE_KINDS, "idempotency-keys", "journal"];
  }
});

// src/backends/embedded/resources.ts
function listResources(db, opts = {}) {
  const kinds = opts.kind === void 0 ? RESOURCE_KINDS : [opts.kind];
  return kinds.flatMap((kind) => rowsOf(db, kind));
}
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
  const k = KINDS[kind];
  const region2 = k.region ? `, ${k.region} AS region` : "";
  return `SELECT ${k.owner} AS account, ${k.name} AS name, created_ms${region2} FROM ${k.table} ORDER BY ${k.owner}, created_ms, ${k.name}`;
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
var KINDS, RESET_TABLES, KIND_COUNTS;
var init_resources = __esm({
  "src/backends/embedded/resources.ts"() {
    "use strict";
    init_resource_kinds();
    KINDS = Object.fromEntries(RESOURCES.map((r) => [r.kind, r]));
    RESET_TABLES = {
      ...KINDS,
      "idempotency-keys": { table: IDEMPOTENCY_KEYS.table, owner: "owner" },
      journal: { table: JOURNAL.table, owner: "account" }
    };
    KIND_COUNTS = "SELECT owner AS account, sum(n) AS n FROM resource_counts WHERE kind = ? GROUP BY owner HAVING sum(n) > 0 ORDER BY owner";
  }
});

// src/models/service-settings.ts
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
var SERVICE_SETTINGS, SERVICE_SETTING_NAMES;
var init_service_settings = __esm({
  "src/models/service-settings.ts"() {
    "use strict";
    SERVICE_SETTINGS = [
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
    SERVICE_SETTING_NAMES = SERVICE_SETTINGS.map((s) => s.name);
  }
});

// src/core/input-rules.ts
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
var MAX_NESTING, MAX_REQUEST_BYTES, MAX_URL_BYTES, MAX_ECHO, LONE_SURROGATE;
var init_input_rules = __esm({
  "src/core/input-rules.ts"() {
    "use strict";
    MAX_NESTING = 32;
    MAX_REQUEST_BYTES = 1024 * 1024;
    MAX_URL_BYTES = 8 * 1024;
    MAX_ECHO = 1024;
    LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  }
});

// src/core/options.ts
var OUTPUT_FORMATS, COLOR_MODES, ERROR_FORMATS, BINARY_FORMATS, SKELETON_TYPES, SVCCTL_GLOBAL_FLAGS, GLOBAL_FLAGS, OPERATION_FLAGS, CURRENT_SERVICE_VERSION, isPostgresUrl, DEFAULT_EMBEDDED_API_KEY;
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
    isPostgresUrl = (url2) => /^postgres(ql)?:\/\/./.test(url2);
    DEFAULT_EMBEDDED_API_KEY = "sk_test_svcctl_embedded";
  }
});

// src/models/registry.ts
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
function operation(name) {
  const op = byName.get(name);
  if (!op) throw new Error(`unknown operation ${name}`);
  return op;
}
var MODELS, seen, OPERATIONS, byName;
var init_registry = __esm({
  "src/models/registry.ts"() {
    "use strict";
    init_autoscaling();
    init_ecr();
    init_stripe();
    MODELS = {
      ...ECR_OPERATIONS,
      ...AUTOSCALING_OPERATIONS,
      ...STRIPE_OPERATIONS
    };
    seen = /* @__PURE__ */ new Set();
    for (const op of Object.values(MODELS)) {
      withoutPrototypes(op.input, seen);
      withoutPrototypes(op.output, seen);
    }
    OPERATIONS = Object.values(MODELS);
    byName = new Map(OPERATIONS.map((op) => [op.name, op]));
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
function maskStoreUrl(url2) {
  try {
    const u = new URL(url2);
    if (u.password !== "") u.password = "****";
    return u.toString();
  } catch {
    return url2.replace(/(\/\/[^:/@]*:)[^@]*@/, "$1****@");
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

// src/core/pytext.ts
var init_pytext = __esm({
  "src/core/pytext.ts"() {
    "use strict";
  }
});

// src/core/timestamp.ts
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
var ISO, Timestamp, cRound;
var init_timestamp = __esm({
  "src/core/timestamp.ts"() {
    "use strict";
    ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
    Timestamp = class _Timestamp {
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
        const ms2 = d.getTime();
        const seconds2 = Math.floor(ms2 / 1e3);
        return new _Timestamp(seconds2, (ms2 - seconds2 * 1e3) * 1e3, 0);
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
    cRound = (v) => Math.sign(v) * Math.round(Math.abs(v));
  }
});

// src/models/validate.ts
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
  const ms2 = Date.parse(s);
  return !Number.isNaN(ms2) && new Date(ms2).toISOString() === s;
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
var patternCache;
var init_validate = __esm({
  "src/models/validate.ts"() {
    "use strict";
    init_pynum();
    init_pytext();
    init_timestamp();
    init_errors();
    init_input_rules();
    init_secrets();
    patternCache = /* @__PURE__ */ new Map();
  }
});

// src/backends/embedded/handlers/handler.ts
function awsValidationError(service, violations) {
  if (service === "ecr") {
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
var init_handler = __esm({
  "src/backends/embedded/handlers/handler.ts"() {
    "use strict";
    init_errors();
    init_pynum();
    init_input_rules();
    init_validate();
  }
});

// src/backends/embedded/handlers/stripe.ts
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
  return { kind: KINDS2[m[1]], livemode: m[2] === "live" };
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
  const problem5 = rule && keyRefusal(rule, key);
  if (problem5) throw problem5;
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
function rfc3339(ms2) {
  return new Date(ms2).toISOString();
}
var KINDS2;
var init_stripe2 = __esm({
  "src/backends/embedded/handlers/stripe.ts"() {
    "use strict";
    init_input_rules();
    init_errors();
    init_registry();
    init_secrets();
    init_handler();
    KINDS2 = { sk: "secret", pk: "publishable", rk: "restricted" };
  }
});

// src/backends/embedded/versions.ts
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
function versionWarning(header) {
  if (header === void 0 || header === "" || !wellFormedVersion(header) || isKnownVersion(header)) return void 0;
  return `API version ${echoText(header)} is not one this service knows: served as ${NEWEST_VERSION}, the newest it knows.`;
}
function responseVersion(header) {
  if (header === void 0 || header === "") return CURRENT_SERVICE_VERSION;
  return wellFormedVersion(header) ? header : void 0;
}
function olderThan(a, b) {
  return (RANK.get(a) ?? -1) < (RANK.get(b) ?? -1);
}
var KNOWN_VERSIONS, RANK, FORM, NEWEST_VERSION;
var init_versions = __esm({
  "src/backends/embedded/versions.ts"() {
    "use strict";
    init_input_rules();
    init_options();
    init_stripe2();
    KNOWN_VERSIONS = [
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
    RANK = new Map(KNOWN_VERSIONS.map((v, i) => [v, i]));
    FORM = /^(\d{4})-(\d{2})-(\d{2})\.([a-z]+)$/;
    NEWEST_VERSION = KNOWN_VERSIONS.at(-1);
  }
});

// src/models/services.ts
function serviceModel(name) {
  return SERVICES[name];
}
function servicesSpeaking(protocol) {
  return Object.values(SERVICES).filter(
    (s) => s.protocol === protocol
  );
}
var SERVICES;
var init_services = __esm({
  "src/models/services.ts"() {
    "use strict";
    SERVICES = {
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
  }
});

// src/models/faults.ts
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
  const service = svc === "*" ? "*" : SERVICE_NAMES.find((s) => s === svc.toLowerCase());
  if (!service) throw nameError(raw2, `unknown service '${svc}'; ${expected}`);
  if (opRaw === "*") return { name: `${FAULT_PREFIX}${service}.*`, service, operation: "*" };
  if (service === "*") throw nameError(raw2, `with every service (*), the operation is * too`);
  const wanted = opRaw.replace(/-/g, "").toLowerCase();
  const op = OPERATIONS.find((o) => o.service === service && o.name.toLowerCase() === wanted);
  if (!op) {
    const names = OPERATIONS.filter((o) => o.service === service).map((o) => o.name);
    throw nameError(raw2, `${service} has no operation '${opRaw}'; its operations are ${names.join(", ")}, or *`);
  }
  return { name: `${FAULT_PREFIX}${service}.${op.name}`, service, operation: op.name };
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
  const { name, service, operation: operation2 } = parseFaultName(rawName);
  const value = rawValue.trim();
  const [head = "", ...rest] = value.split(";").map((s) => s.trim());
  let action;
  const latency = /^latency\s*=\s*(.*)$/i.exec(head);
  if (latency) action = { kind: "latency", ms: whole(value, latency[1], "latency", 1, MAX_LATENCY_MS) };
  else if (/^(throttle|500|503|close)$/i.test(head))
    action = { kind: head.toLowerCase() };
  else throw valueError(value, head === "" ? "no action" : `unknown action '${head}'`);
  const rule = { name, service, operation: operation2, action, when: { kind: "always" } };
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
function faultFires(rule, count2, random) {
  const w = rule.when;
  switch (w.kind) {
    case "always":
      return true;
    case "p":
      return random() < w.p;
    case "nth":
      return count2 === w.n;
    case "next":
      return count2 <= w.k;
  }
}
function faultError(service, kind) {
  switch (service) {
    case "ecr":
      if (kind === "throttle") return new ServiceError("ThrottlingException", "Rate exceeded", 400);
      if (kind === "500") return new ServiceError("ServerException", "Internal server error", 500);
      return new ServiceError("ServiceUnavailable", "Service is unavailable", 503);
    case "autoscaling":
      if (kind === "throttle") return new ServiceError("Throttling", "Rate exceeded", 400);
      if (kind === "500") return new ServiceError("InternalFailure", "An internal error has occurred", 500);
      return new ServiceError("ServiceUnavailable", "Service is unavailable", 503);
    case "stripe":
      if (kind === "throttle")
        return new ServiceError(
          "rate_limit",
          "Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.",
          429,
          { type: "rate_limit" }
        );
      if (kind === "500")
        return new ServiceError("internal_error", "An unknown error occurred.", 500, { type: "api_error" });
      return new ServiceError("service_unavailable", "The service is temporarily unavailable.", 503, {
        type: "api_error"
      });
  }
}
var FAULT_PREFIX, MAX_LATENCY_MS, SERVICE_NAMES;
var init_faults = __esm({
  "src/models/faults.ts"() {
    "use strict";
    init_errors();
    init_registry();
    init_services();
    FAULT_PREFIX = "fault.";
    MAX_LATENCY_MS = 6e4;
    SERVICE_NAMES = Object.keys(SERVICES);
  }
});

// src/backends/embedded/faults.ts
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
var COUNT_PREFIX, SELECT_RULES, parsed, RUN_RULES, specificity;
var init_faults2 = __esm({
  "src/backends/embedded/faults.ts"() {
    "use strict";
    init_faults();
    init_statements();
    COUNT_PREFIX = "fault-calls:";
    SELECT_RULES = "SELECT name, value FROM settings WHERE name >= 'fault.' AND name < 'fault/' ORDER BY name";
    parsed = /* @__PURE__ */ new Map();
    RUN_RULES = /* @__PURE__ */ new WeakMap();
    specificity = (r) => r.service === "*" ? 2 : r.operation === "*" ? 1 : 0;
  }
});

// src/backends/embedded/settings-store.ts
var settings_store_exports = {};
__export(settings_store_exports, {
  canonicalValue: () => canonicalValue,
  checkPair: () => checkPair,
  checkSetting: () => checkSetting,
  knownSetting: () => knownSetting,
  readSettings: () => readSettings,
  resetSettings: () => resetSettings,
  setRunSettings: () => setRunSettings,
  settingValues: () => settingValues,
  writeSettings: () => writeSettings
});
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
function setRunSettings(db, pairs) {
  const checked = pairs.map(([name, raw2]) => checkPair(name, raw2));
  RUN_ONLY.set(db, new Map(checked.filter(([name]) => !isFaultName(name))));
  setRunFaults(db, new Map(checked.filter(([name, value]) => isFaultName(name) && value !== "none")));
}
function settingValues(db) {
  return [...serviceSettingValues(db), ...faultValues(db)];
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
function resetSettings(db, names) {
  const faults = (names ?? []).filter(isFaultName).map((name) => canonicalFault(name, "none")[0]);
  const settings = names === void 0 ? SERVICE_SETTING_NAMES : names.filter((n) => !isFaultName(n));
  for (const name of settings) knownSetting(name);
  db.transaction(() => {
    for (const name of settings) stmt(db, "DELETE FROM settings WHERE name = ?").run(name);
    deleteFaultRows(db, names === void 0 ? void 0 : faults);
  }).immediate();
  dropRunFaults(db, names === void 0 ? void 0 : faults);
}
var SELECT, RUN_ONLY, num, optional, quota;
var init_settings_store = __esm({
  "src/backends/embedded/settings-store.ts"() {
    "use strict";
    init_errors();
    init_service_settings();
    init_statements();
    init_versions();
    init_faults2();
    SELECT = `SELECT name, value FROM settings WHERE name IN (${SERVICE_SETTING_NAMES.map(() => "?").join(", ")})`;
    RUN_ONLY = /* @__PURE__ */ new WeakMap();
    num = (v) => Number(v);
    optional = (v) => v === "none" ? void 0 : v;
    quota = (v) => v === "none" ? void 0 : num(v);
  }
});

// src/core/dirs.ts
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
var init_dirs = __esm({
  "src/core/dirs.ts"() {
    "use strict";
    init_errors();
  }
});

// src/models/partitions.ts
function partitionOf(region2) {
  return PARTITIONS.find((p) => p.regions.includes(region2)) ?? PARTITIONS.find((p) => p.regionRegex.test(region2)) ?? AWS;
}
function isRegionName(region2) {
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(region2);
}
function arn(service, region2, account, resource) {
  return `arn:${partitionOf(region2).id}:${service}:${region2}:${account}:${resource}`;
}
function globalArn(service, region2, account, resource) {
  return `arn:${partitionOf(region2).id}:${service}::${account}:${resource}`;
}
function hostIn(prefix, region2) {
  return `${prefix}.${region2}.${partitionOf(region2).dnsSuffix}`;
}
function parseArn(text) {
  const m = /^arn:([a-z-]+):([a-z0-9-]+):([a-z0-9-]*):([0-9]*):(.+)$/s.exec(text);
  if (!m || !PARTITION_IDS.includes(m[1])) return void 0;
  return { partition: m[1], service: m[2], region: m[3], account: m[4], resource: m[5] };
}
var PARTITIONS, AWS, PARTITION_IDS;
var init_partitions = __esm({
  "src/models/partitions.ts"() {
    "use strict";
    init_errors();
    PARTITIONS = [
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
    AWS = PARTITIONS[0];
    PARTITION_IDS = PARTITIONS.map((p) => p.id);
  }
});

// src/backends/store-url.ts
function chooseStoreUrl(flag, env, profile) {
  let where = "--store";
  let url2 = flag;
  if (url2 === void 0 && env.SVCCTL_STORE_URL) [url2, where] = [env.SVCCTL_STORE_URL, "SVCCTL_STORE_URL"];
  if (url2 === void 0 && profile) [url2, where] = [profile(), "store_url in the config file"];
  if (url2 === void 0 || url2 === "" || isPostgresUrl(url2)) return url2 || void 0;
  const message = `'${maskStoreUrl(url2)}' is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, the store is the SQLite file in $SVCCTL_HOME.`;
  throw where === "--store" ? new UsageError(`argument --store: ${message}`) : new ConfigError(`${where}: ${message}`);
}
var init_store_url = __esm({
  "src/backends/store-url.ts"() {
    "use strict";
    init_errors();
    init_options();
    init_secrets();
  }
});

// src/backends/embedded/test-hooks.ts
import { existsSync as existsSync2, writeFileSync as writeFileSync2 } from "node:fs";
import { join as join4 } from "node:path";
function testHooks(env) {
  const hooks = {};
  if (env.SVCCTL_TEST_TX_PAUSE) hooks.txPauseDir = env.SVCCTL_TEST_TX_PAUSE;
  const busy = env.SVCCTL_TEST_BUSY_TIMEOUT_MS ? Number(env.SVCCTL_TEST_BUSY_TIMEOUT_MS) : Number.NaN;
  if (Number.isInteger(busy) && busy >= 0) hooks.busyTimeoutMs = busy;
  if (env.SVCCTL_TEST_EXECUTOR_EXIT !== void 0) hooks.executorExit = env.SVCCTL_TEST_EXECUTOR_EXIT;
  const pages = env.SVCCTL_TEST_MAX_PAGE_COUNT ? Number(env.SVCCTL_TEST_MAX_PAGE_COUNT) : Number.NaN;
  if (Number.isInteger(pages) && pages > 0) hooks.maxPageCount = pages;
  return hooks;
}
function pauseBeforeCommit(dir) {
  if (!dir) return void 0;
  let n = 0;
  const cell = new Int32Array(new SharedArrayBuffer(4));
  return () => {
    const mark = join4(dir, `${process.pid}.${++n}`);
    writeFileSync2(mark, "");
    for (let i = 0; i < 3e3 && !existsSync2(`${mark}.go`); i++) Atomics.wait(cell, 0, 0, 10);
  };
}
var init_test_hooks = __esm({
  "src/backends/embedded/test-hooks.ts"() {
    "use strict";
  }
});

// src/server/credentials.ts
var credentials_exports = {};
__export(credentials_exports, {
  Credentials: () => Credentials,
  V2_KEY_SHAPE: () => V2_KEY_SHAPE,
  firstKeys: () => firstKeys,
  keyDigest: () => keyDigest,
  loadCredentials: () => loadCredentials,
  parseCredentials: () => parseCredentials,
  readCredentialsText: () => readCredentialsText
});
import { createHash } from "node:crypto";
import { readFileSync as readFileSync3, statSync } from "node:fs";
function keyDigest(key) {
  return createHash("sha256").update(key, "utf8").digest("hex");
}
function sections(text, where) {
  const out = [];
  let current;
  text.split(/\r?\n/).forEach((raw2, i) => {
    const n = i + 1;
    const line = raw2.trim();
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
    const get4 = (k) => s.values.get(k);
    const at = (k) => `${where}, line ${get4(k)?.line ?? s.line}`;
    const account = get4("account_id");
    if (!account) throw new ConfigError(`${where}, line ${s.line}: [${s.name}] has no account_id (12 digits).`);
    if (!ACCOUNT_SHAPE.test(account.value)) throw new ConfigError(`${at("account_id")}: account_id must be 12 digits.`);
    const id = get4("aws_access_key_id");
    const secret = get4("aws_secret_access_key");
    const apiKey = get4("api_key");
    const admin = get4("admin");
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
    return readFileSync3(path, "utf8");
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
var V2_KEY_SHAPE, ACCESS_KEY_SHAPE, ACCOUNT_SHAPE, KEYS, Credentials;
var init_credentials = __esm({
  "src/server/credentials.ts"() {
    "use strict";
    init_errors();
    V2_KEY_SHAPE = /^(sk|pk|rk)_(test|live)_[0-9A-Za-z_]{1,200}$/;
    ACCESS_KEY_SHAPE = /^[A-Z0-9]{16,128}$/;
    ACCOUNT_SHAPE = /^\d{12}$/;
    KEYS = /* @__PURE__ */ new Set(["aws_access_key_id", "aws_secret_access_key", "api_key", "account_id", "admin"]);
    Credentials = class {
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
  }
});

// src/models/operation.ts
function speaksV2(op) {
  return serviceModel(op.service).protocol === "v2";
}
var init_operation = __esm({
  "src/models/operation.ts"() {
    "use strict";
    init_services();
  }
});

// src/wire/types.ts
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
var WireFormatError;
var init_types = __esm({
  "src/wire/types.ts"() {
    "use strict";
    init_pynum();
    WireFormatError = class extends Error {
    };
  }
});

// src/wire/json.ts
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
var init_json = __esm({
  "src/wire/json.ts"() {
    "use strict";
    init_keys();
    init_pynum();
    init_timestamp();
    init_validate();
  }
});

// src/wire/json11.ts
function serviceOf(op) {
  const service = serviceModel(op.service);
  if (service.protocol !== "json11") throw new Error(`${op.name} is not an AWS JSON 1.1 operation`);
  return service;
}
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
var JSON11_TYPE, target, SERVICES2, OPS, PROBLEMS, json11Codec;
var init_json11 = __esm({
  "src/wire/json11.ts"() {
    "use strict";
    init_input_rules();
    init_errors();
    init_pynum();
    init_registry();
    init_services();
    init_validate();
    init_json();
    init_types();
    JSON11_TYPE = "application/x-amz-json-1.1";
    target = (op) => `${serviceOf(op).targetPrefix}.${op.name}`;
    SERVICES2 = servicesSpeaking("json11");
    OPS = new Map(
      OPERATIONS.filter((op) => serviceModel(op.service).protocol === "json11").map((op) => [target(op), op])
    );
    PROBLEMS = {
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
    json11Codec = {
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
  }
});

// src/wire/form.ts
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
var FormIndexError, wireName;
var init_form = __esm({
  "src/wire/form.ts"() {
    "use strict";
    init_pynum();
    init_validate();
    init_keys();
    FormIndexError = class extends Error {
      constructor(path, index) {
        super(`list index ${index} at ${path}`);
        this.path = path;
        this.index = index;
      }
      path;
      index;
    };
    wireName = (path) => path.map((p) => /^\d+$/.test(p) ? `${p}.member` : p.charAt(0).toLowerCase() + p.slice(1)).join(".");
  }
});

// src/wire/xml.ts
function escapeXml(s) {
  return s.replace(INVALID, "\uFFFD").replace(/[&<>\r]/g, (c) => ESCAPES[c]);
}
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
var INVALID, ESCAPES, NAMED, NAME, ATTR, TAG_END, CLOSE_END, Parser;
var init_xml = __esm({
  "src/wire/xml.ts"() {
    "use strict";
    init_types();
    INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
    ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#xD;" };
    NAMED = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    NAME = /[A-Za-z_:][-A-Za-z0-9_.:]*/y;
    ATTR = /\s+([A-Za-z_:][-A-Za-z0-9_.:]*)\s*=\s*("[^"]*"|'[^']*')/y;
    TAG_END = /\s*(\/?)>/y;
    CLOSE_END = /\s*>/y;
    Parser = class {
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
  }
});

// src/wire/query.ts
function serviceOf2(op) {
  const service = serviceModel(op.service);
  if (service.protocol !== "query") throw new Error(`${op.name} is not an AWS Query operation`);
  return service;
}
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
var FORM_TYPE, SERVICES3, FIRST, OPS2, PROBLEMS2, PRESIGN_PARAMS, queryCodec;
var init_query = __esm({
  "src/wire/query.ts"() {
    "use strict";
    init_input_rules();
    init_errors();
    init_registry();
    init_services();
    init_validate();
    init_form();
    init_pynum();
    init_timestamp();
    init_json();
    init_types();
    init_xml();
    FORM_TYPE = "application/x-www-form-urlencoded";
    SERVICES3 = servicesSpeaking("query");
    FIRST = SERVICES3[0];
    OPS2 = new Map(
      OPERATIONS.filter((op) => serviceModel(op.service).protocol === "query").map((op) => [
        `${serviceOf2(op).apiVersion} ${op.name}`,
        op
      ])
    );
    PROBLEMS2 = {
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
    PRESIGN_PARAMS = /* @__PURE__ */ new Set([
      "X-Amz-Algorithm",
      "X-Amz-Credential",
      "X-Amz-Date",
      "X-Amz-Expires",
      "X-Amz-SignedHeaders",
      "X-Amz-Signature",
      "X-Amz-Security-Token"
    ]);
    queryCodec = {
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
  }
});

// src/wire/v2.ts
function problem3(kind, detail) {
  const [status, type, code] = PROBLEMS3[kind];
  return new ServiceError(code, detail, status, { type });
}
function pathParams(route2, pathname) {
  const m = route2.pattern.exec(pathname);
  if (!m) return void 0;
  const out = {};
  try {
    route2.names.forEach((name, i) => out[name] = decodeURIComponent(m[i + 1]));
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
var ROUTES, PROBLEMS3, JSON_HEADERS, v2Codec;
var init_v2 = __esm({
  "src/wire/v2.ts"() {
    "use strict";
    init_input_rules();
    init_errors();
    init_pynum();
    init_registry();
    init_services();
    init_validate();
    init_form();
    init_json();
    init_types();
    init_keys();
    ROUTES = OPERATIONS.filter((op) => op.http !== void 0).map((op) => {
      const names = [];
      const source = op.http.path.replace(/\{(\w+)\}/g, (_, name) => {
        names.push(name);
        return "([^/]+)";
      });
      return { op, method: op.http.method, pattern: new RegExp(`^${source}/?$`), names };
    });
    PROBLEMS3 = {
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
    JSON_HEADERS = { "content-type": "application/json" };
    v2Codec = {
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
        for (const route2 of ROUTES) {
          const fromPath = route2.method === req.method ? pathParams(route2, pathname) : void 0;
          if (!fromPath) continue;
          const fromWire = route2.method === "GET" ? queryParams(query) : bodyParams(route2.op, req.headers, req.body);
          return { op: route2.op, params: Object.assign(fromWire, fromPath) };
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
  }
});

// src/core/wait.ts
async function waitAtLeast(ms2) {
  const until = performance.now() + ms2;
  for (let left = ms2; left > 0; left = until - performance.now()) {
    await new Promise((resolve3) => setTimeout(resolve3, Math.ceil(left)));
  }
}
var init_wait = __esm({
  "src/core/wait.ts"() {
    "use strict";
  }
});

// src/backends/embedded/settings-file.ts
var settings_file_exports = {};
__export(settings_file_exports, {
  parseSettingsFile: () => parseSettingsFile
});
function fromJson2(text, path) {
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
  text.split(/\r?\n/).forEach((raw2, i) => {
    const line = raw2.trim();
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
  return path.toLowerCase().endsWith(".json") || body.trimStart().startsWith("{") ? fromJson2(body, path) : fromIni(body, path);
}
var init_settings_file = __esm({
  "src/backends/embedded/settings-file.ts"() {
    "use strict";
    init_errors();
  }
});

// src/wire/codecs.ts
function oversizeRequest(op, params) {
  const codec = CODECS[op.service];
  const rough = stringifyJsonExact(params)?.length ?? 0;
  if (rough * 3 + 1024 < Math.min(MAX_REQUEST_BYTES, MAX_URL_BYTES)) return void 0;
  const wire = codec.encodeRequest(op, params);
  const body = Buffer.byteLength(wire.body, "utf8");
  if (body > MAX_REQUEST_BYTES)
    return codec.problem(
      "too-large",
      `The request body (${body} bytes) exceeds the limit of ${MAX_REQUEST_BYTES} bytes.`
    );
  const url2 = Buffer.byteLength(wire.path, "utf8");
  if (url2 > MAX_URL_BYTES)
    return codec.problem("too-large", `The request URL (${url2} bytes) exceeds the limit of ${MAX_URL_BYTES} bytes.`);
  return void 0;
}
var BY_PROTOCOL, CODECS;
var init_codecs = __esm({
  "src/wire/codecs.ts"() {
    "use strict";
    init_services();
    init_json11();
    init_query();
    init_input_rules();
    init_pynum();
    init_v2();
    init_types();
    BY_PROTOCOL = { query: queryCodec, json11: json11Codec, v2: v2Codec };
    CODECS = Object.fromEntries(
      Object.entries(SERVICES).map(([name, service]) => [name, BY_PROTOCOL[service.protocol]])
    );
  }
});

// src/models/shapes.ts
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
var memberOrder, carriesDefaults;
var init_shapes = __esm({
  "src/models/shapes.ts"() {
    "use strict";
    init_keys();
    init_pynum();
    init_timestamp();
    memberOrder = /* @__PURE__ */ new WeakMap();
    carriesDefaults = /* @__PURE__ */ new WeakMap();
  }
});

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
var create, get, handlers;
var init_account_tokens = __esm({
  "src/backends/embedded/handlers/account-tokens.ts"() {
    "use strict";
    init_pynum();
    init_stripe();
    init_settings_store();
    init_statements();
    init_stripe2();
    create = (db, params, sc) => {
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
    get = (db, params, sc) => {
      const key = parseKey(sc.apiKey);
      checkV2Input(getAccountToken, params);
      const id = params.id;
      const row = findToken(db, id, key.livemode, sc.accountId);
      if (!row) throw notFound("account token", id);
      return tokenObject(row);
    };
    handlers = {
      CreateAccountToken: create,
      RetrieveAccountToken: get
    };
  }
});

// src/backends/embedded/handlers/accounts.ts
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
function accountFrom(id, created, livemode, data) {
  return {
    id,
    object: "v2.core.account",
    applied_configurations: [],
    contact_email: data.contact_email,
    contact_phone: data.contact_phone,
    created: rfc3339(created),
    display_name: data.display_name,
    identity: data.identity,
    livemode
  };
}
var USE_TOKEN, create2, get2, handlers2;
var init_accounts = __esm({
  "src/backends/embedded/handlers/accounts.ts"() {
    "use strict";
    init_input_rules();
    init_pynum();
    init_stripe();
    init_account_tokens();
    init_statements();
    init_stripe2();
    USE_TOKEN = "UPDATE account_tokens SET used = 1 WHERE id = ? AND livemode = ? AND owner = ? AND used = 0 AND expires_ms > ?";
    create2 = (db, params, sc) => {
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
    get2 = (db, params, sc) => {
      const key = parseKey(sc.apiKey);
      checkV2Input(getAccount, params);
      const id = params.id;
      const row = stmt(db, "SELECT livemode, doc FROM accounts WHERE id = ? AND owner = ?").get(id, sc.accountId);
      if (!row || row.livemode !== (key.livemode ? 1 : 0)) throw notFound("account", id);
      return parseJsonInts(row.doc);
    };
    handlers2 = {
      CreateAccount: create2,
      RetrieveAccount: get2
    };
  }
});

// src/backends/embedded/idempotency.ts
import { createHash as createHash4 } from "node:crypto";
function canonical(v) {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v).filter(([, x]) => x !== void 0).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    return `{${entries.map(([k, x]) => `${stringifyJsonExact(k)}:${canonical(x)}`).join(",")}}`;
  }
  return stringifyJsonExact(v) ?? "null";
}
function fingerprint(opName, params) {
  return createHash4("sha256").update(`${opName}
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
var IDEMPOTENCY_WINDOW_MS, MAX_KEY_LENGTH, EXPIRE_BATCH, EXPIRE_KEY, EXPIRE_OLDEST;
var init_idempotency = __esm({
  "src/backends/embedded/idempotency.ts"() {
    "use strict";
    init_input_rules();
    init_pynum();
    init_operation();
    init_stripe2();
    init_statements();
    IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1e3;
    MAX_KEY_LENGTH = 255;
    EXPIRE_BATCH = 16;
    EXPIRE_KEY = "DELETE FROM idempotency_keys WHERE owner = ? AND livemode = ? AND key = ? AND created_ms < ?";
    EXPIRE_OLDEST = `DELETE FROM idempotency_keys WHERE (owner, livemode, key) IN (SELECT owner, livemode, key FROM idempotency_keys WHERE created_ms < ? ORDER BY created_ms LIMIT ${EXPIRE_BATCH})`;
  }
});

// src/models/rules.ts
function repositoryRules(p, region2) {
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
  if (keyRegion !== void 0 && keyRegion !== region2) {
    return `kmsKey ${encryption2.kmsKey} is in region ${keyRegion || "(none)"}: the key must be in the same region as the repository (${region2})`;
  }
  return void 0;
}
function inRange(n, [lo, hi]) {
  return n >= lo && n <= hi;
}
function blockDeviceMappingRules(m, where) {
  const problems = [];
  const given2 = ["Ebs", "NoDevice", "VirtualName"].filter((k) => m[k] !== void 0);
  if (given2.length !== 1) {
    problems.push(
      `${where}: specify exactly one of Ebs, NoDevice or VirtualName (got ${given2.length === 0 ? "none" : given2.join(", ")})`
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
var VOLUME_SIZE_RANGES, IOPS_RANGES, KMS_ARN_REGION;
var init_rules = __esm({
  "src/models/rules.ts"() {
    "use strict";
    init_validate();
    VOLUME_SIZE_RANGES = {
      gp2: [1, 16384],
      gp3: [1, 16384],
      io1: [4, 16384],
      st1: [125, 16384],
      sc1: [125, 16384],
      standard: [1, 1024]
    };
    IOPS_RANGES = {
      gp3: [3e3, 16e3],
      io1: [100, 2e4]
    };
    KMS_ARN_REGION = /^arn:aws[a-z-]*:kms:([^:]*):/;
  }
});

// src/backends/embedded/handlers/page-token.ts
import { createHmac as createHmac2, randomBytes as randomBytes3, timingSafeEqual as timingSafeEqual2 } from "node:crypto";
function tokenSecret(db, make) {
  const known = secrets.get(db);
  if (known) return known;
  const read = () => stmt(db, "SELECT value FROM settings WHERE name = 'page_token_secret'").get();
  let row = read();
  if (!row && !make) return void 0;
  if (!row) {
    stmt(db, "INSERT OR IGNORE INTO settings (name, value) VALUES ('page_token_secret', ?)").run(
      randomBytes3(32).toString("hex")
    );
    row = read();
  }
  const secret = Buffer.from(row.value, "hex");
  secrets.set(db, secret);
  return secret;
}
function sign(secret, payload) {
  return createHmac2("sha256", secret).update(payload).digest("base64url").slice(0, 22);
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
  if (mac.length !== expected.length || !timingSafeEqual2(Buffer.from(mac), Buffer.from(expected))) return void 0;
  const parts = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  const last = parts.pop();
  return parts.length === scope.length && parts.every((p, i) => p === scope[i]) ? last : void 0;
}
var secrets;
var init_page_token = __esm({
  "src/backends/embedded/handlers/page-token.ts"() {
    "use strict";
    init_statements();
    secrets = /* @__PURE__ */ new WeakMap();
  }
});

// src/backends/embedded/handlers/quota.ts
function countOf(db, kind, owner, region2) {
  const row = stmt(db, COUNT_OF).get(kind, owner, region2);
  return Number(row?.n ?? 0);
}
function overQuota(db, kind, owner, region2, quota2) {
  return quota2 !== void 0 && countOf(db, kind, owner, region2) > quota2;
}
var QUOTA_CREATE_ISOLATION, COUNT_OF;
var init_quota = __esm({
  "src/backends/embedded/handlers/quota.ts"() {
    "use strict";
    init_statements();
    QUOTA_CREATE_ISOLATION = "read committed";
    COUNT_OF = "SELECT n FROM resource_counts WHERE kind = ? AND owner = ? AND region = ?";
  }
});

// src/backends/embedded/handlers/launch-configurations.ts
function tokenScope(sc) {
  return sc.accountId === DEFAULT_ACCOUNT_ID ? [sc.region] : [sc.region, sc.accountId];
}
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
function pageAfter(db, sc, token) {
  const after = readToken(db, tokenScope(sc), token);
  if (after === void 0)
    throw new ServiceError(
      "InvalidNextToken",
      "The NextToken value is invalid: it was not issued by this service for this region."
    );
  return after;
}
var DEFAULT_PAGE, MAX_PAGE, create3, describe, remove, handlers3;
var init_launch_configurations = __esm({
  "src/backends/embedded/handlers/launch-configurations.ts"() {
    "use strict";
    init_partitions();
    init_pynum();
    init_errors();
    init_context();
    init_autoscaling();
    init_shapes();
    init_rules();
    init_page_token();
    init_quota();
    init_settings_store();
    init_statements();
    init_handler();
    DEFAULT_PAGE = 50;
    MAX_PAGE = 100;
    create3 = (db, params, sc) => {
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
    describe = (db, params, sc) => {
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
      const page2 = more ? rows.slice(0, limit) : rows;
      const out = {
        LaunchConfigurations: page2.map((r) => ({
          ...parseJsonInts(r.doc),
          CreatedTime: new Date(r.created_ms)
        }))
      };
      if (more) out.NextToken = issueToken(db, tokenScope(sc), page2[page2.length - 1].name);
      return out;
    };
    remove = (db, params, sc) => {
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
    handlers3 = {
      CreateLaunchConfiguration: create3,
      DescribeLaunchConfigurations: describe,
      DeleteLaunchConfiguration: remove
    };
  }
});

// src/backends/embedded/handlers/meter-event-adjustments.ts
var create4, get3, handlers4;
var init_meter_event_adjustments = __esm({
  "src/backends/embedded/handlers/meter-event-adjustments.ts"() {
    "use strict";
    init_pynum();
    init_stripe();
    init_settings_store();
    init_statements();
    init_stripe2();
    create4 = (db, params, sc) => {
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
    get3 = (db, params, sc) => {
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
    handlers4 = {
      CreateMeterEventAdjustment: create4,
      RetrieveMeterEventAdjustment: get3
    };
  }
});

// src/models/tag-rules.ts
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
    const problem5 = tagKeyProblem(tag2.Key, `${field}.${i + 1}.Key`);
    if (problem5) return problem5;
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
function tagCountProblem(count2) {
  if (count2 <= MAX_TAGS) return void 0;
  return {
    code: "TooManyTagsException",
    message: `The repository would have ${count2} tags: the maximum number of tags that can be applied to a repository is ${MAX_TAGS}.`
  };
}
var MAX_TAGS, MAX_TAG_KEY, MAX_TAG_VALUE, invalid;
var init_tag_rules = __esm({
  "src/models/tag-rules.ts"() {
    "use strict";
    init_validate();
    MAX_TAGS = 50;
    MAX_TAG_KEY = 128;
    MAX_TAG_VALUE = 256;
    invalid = (message) => ({ code: "InvalidTagParameterException", message });
  }
});

// src/backends/embedded/handlers/repositories.ts
import { createHash as createHash5 } from "node:crypto";
function toRepository(row) {
  const { tags: _tags, ...doc } = parseJsonInts(row.doc);
  return { ...withDefaults2(doc, row.registry_id, row.region), createdAt: new Date(row.created_ms) };
}
function withDefaults2(doc, account, region2) {
  const encryption2 = doc.encryptionConfiguration ?? {
    encryptionType: "AES256"
  };
  return fillDefaults(repositoryShape, {
    ...doc,
    imageTagMutability: doc.imageTagMutability ?? "MUTABLE",
    imageScanningConfiguration: doc.imageScanningConfiguration ?? {},
    encryptionConfiguration: encryption2.encryptionType !== "AES256" && encryption2.kmsKey === void 0 ? { ...encryption2, kmsKey: awsManagedKey(account, region2) } : encryption2
  });
}
function awsManagedKey(account, region2) {
  const h = createHash5("sha256").update(`aws/ecr:${account}:${region2}`).digest("hex");
  const variant = (Number.parseInt(h[16], 16) & 3 | 8).toString(16);
  const id = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  return arn("kms", region2, account, `key/${id}`);
}
function kmsKeyProblem(params, region2) {
  const key = params.encryptionConfiguration?.kmsKey;
  if (key === void 0 || !key.startsWith("arn:")) return void 0;
  const parsed2 = parseArn(key);
  if (parsed2?.service !== "kms" || parsed2.region === "" || parsed2.account === "")
    return "Invalid parameter at 'kmsKey' failed to satisfy constraint: 'Invalid ARN'";
  const partition = partitionOf(region2).id;
  if (parsed2.partition !== partition)
    return `Invalid parameter at 'kmsKey' failed to satisfy constraint: 'The ARN is in partition ${parsed2.partition}, not in the partition of the request's region (${partition})'`;
  return void 0;
}
function refuse(problem5) {
  if (problem5) throw new ServiceError(problem5.code, problem5.message);
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
function describeNamed(db, region2, registryId2, names, params) {
  if (params.nextToken !== void 0 || params.maxResults !== void 0) {
    throw new ServiceError(
      "InvalidParameterException",
      "maxResults and nextToken cannot be used when repositoryNames is given"
    );
  }
  return [...new Set(names)].sort().map((name) => toRepository(findRepository(db, region2, registryId2, name)));
}
function targetOf(params, sc, action) {
  const parsed2 = parseArn(params.resourceArn);
  const name = parsed2?.resource.startsWith("repository/") ? parsed2.resource.slice("repository/".length) : "";
  if (parsed2?.service !== "ecr" || parsed2.region === "" || !/^[0-9]{12}$/.test(parsed2.account) || name === "")
    throw new ServiceError(
      "InvalidParameterException",
      "Invalid parameter at 'resourceArn' failed to satisfy constraint: 'Invalid ARN'"
    );
  const { region: region2, account } = parsed2;
  const partition = partitionOf(sc.region).id;
  if (parsed2.partition !== partition) {
    throw new ServiceError(
      "InvalidParameterException",
      `Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in partition ${parsed2.partition}, not in the partition of the request's region (${partition})'`
    );
  }
  if (region2 !== sc.region) {
    throw new ServiceError(
      "InvalidParameterException",
      `Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in region ${region2}, not in the region of the request (${sc.region})'`
    );
  }
  return { registryId: registryOf({ registryId: account, repositoryName: name }, sc, action), name };
}
function findRepository(db, region2, registryId2, name) {
  const row = stmt(
    db,
    "SELECT region, registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?"
  ).get(region2, registryId2, name);
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
var create5, DEFAULT_PAGE2, describe2, remove2, listTags, tag, untag, handlers5;
var init_repositories = __esm({
  "src/backends/embedded/handlers/repositories.ts"() {
    "use strict";
    init_input_rules();
    init_pynum();
    init_errors();
    init_ecr();
    init_partitions();
    init_rules();
    init_shapes();
    init_tag_rules();
    init_page_token();
    init_quota();
    init_settings_store();
    init_statements();
    init_handler();
    create5 = (db, params, sc) => {
      const violations = checkInput(createRepository, params);
      if (violations.length > 0) throw awsValidationError("ecr", violations);
      const problem5 = repositoryRules(params, sc.region) ?? kmsKeyProblem(params, sc.region);
      if (problem5) throw new ServiceError("InvalidParameterException", problem5);
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
    DEFAULT_PAGE2 = 100;
    describe2 = (db, params, sc) => {
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
      const page2 = rows.slice(0, limit);
      const out = { repositories: page2.map(toRepository) };
      if (rows.length > limit) out.nextToken = issueToken(db, scope, page2[page2.length - 1].name);
      return out;
    };
    remove2 = (db, params, sc) => {
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
    listTags = (db, params, sc) => {
      const violations = checkInput(listTagsForResource, params);
      if (violations.length > 0) throw awsValidationError("ecr", violations);
      const target2 = targetOf(params, sc, "ListTagsForResource");
      return { tags: tagsOf(findRepository(db, sc.region, target2.registryId, target2.name)) };
    };
    tag = (db, params, sc) => {
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
    untag = (db, params, sc) => {
      const violations = checkInput(untagResource, params);
      if (violations.length > 0) throw awsValidationError("ecr", violations);
      const keys = params.tagKeys;
      keys.forEach((key, i) => refuse(tagKeyProblem(key, `tagKeys.${i + 1}`)));
      const target2 = targetOf(params, sc, "UntagResource");
      const removed = new Set(keys);
      updateTags(db, sc, target2, (tags2) => tags2.filter((t) => !removed.has(t.Key)));
      return {};
    };
    handlers5 = {
      CreateRepository: create5,
      DescribeRepositories: describe2,
      DeleteRepository: remove2,
      ListTagsForResource: listTags,
      TagResource: tag,
      UntagResource: untag
    };
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
function tooNew(version, url2) {
  return new ConfigError(
    `The store ${maskStoreUrl(url2)} was written by a newer svcctl (schema version ${version}; this svcctl knows versions up to ${PG_MIGRATIONS.length}). Upgrade svcctl, or use another database.`
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
        const workerData = {
          pgPath,
          url: options.url,
          ctrl: this.ctrl.buffer,
          port: port2,
          connectTimeoutMs: options.connectTimeoutMs ?? 5e3,
          queryTimeoutMs: this.queryTimeoutMs
        };
        this.worker = new Worker(workerScript(), {
          workerData,
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

// src/backends/embedded/store/sqlite-store.ts
import { accessSync, chmodSync as chmodSync2, closeSync, constants, existsSync as existsSync4, openSync, readFileSync as readFileSync5, statSync as statSync3 } from "node:fs";
import { createRequire as createRequire2 } from "node:module";
import { dirname as dirname3, join as join5 } from "node:path";
import Sqlite from "better-sqlite3";
function busyTimeoutMs(hooks) {
  return hooks.busyTimeoutMs ?? BUSY_TIMEOUT_MS;
}
function storePath(home) {
  return join5(home, "state.db");
}
function privateFiles(file) {
  try {
    closeSync(openSync(file, "a", 384));
  } catch {
    return;
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((statSync3(f).mode & 63) !== 0) chmodSync2(f, 384);
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
    const seconds2 = busyMs / 1e3;
    return new ConfigError(
      `The store ${file} is locked by another process: this command waited ${seconds2} s for its write to finish. Try again when that process is done (fuser ${file} names it).`
    );
  }
  if (code.startsWith("SQLITE_CANTOPEN") || code === "SQLITE_IOERR" || code.startsWith("SQLITE_IOERR_")) {
    return new ConfigError(
      `Unable to open the store ${file}: ${err.message}. Check that SVCCTL_HOME (${dirname3(file)}) is a directory you can write.`
    );
  }
  return void 0;
}
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
  const home = dirname3(file);
  const require2 = createRequire2(import.meta.url);
  if (existsSync4(file) && statSync3(file).isDirectory())
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
      `Unable to create the store ${file}: SVCCTL_HOME (${dirname3(file)}) is not writable by you. Set SVCCTL_HOME to a directory you can write.`
    );
  }
  if (existsSync4(`${file}-wal`) && statSync3(`${file}-wal`).size > 0) {
    throw new ConfigError(
      `The store ${file} is read-only and has changes in ${file}-wal that only a writable directory lets SQLite read. Make the directory writable by you, or set SVCCTL_HOME to another directory.`
    );
  }
  let db;
  try {
    const snapshot = readFileSync5(file);
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
var BUSY_TIMEOUT_MS, MIGRATIONS, MOVE_AWAY, unreadable;
var init_sqlite_store = __esm({
  "src/backends/embedded/store/sqlite-store.ts"() {
    "use strict";
    init_dirs();
    init_errors();
    init_store_url();
    init_pg_store();
    init_db();
    init_test_hooks();
    BUSY_TIMEOUT_MS = 1e4;
    MIGRATIONS = [
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
    MOVE_AWAY = "Move it away, or set SVCCTL_HOME to another directory.";
    unreadable = (file, err, busyMs = BUSY_TIMEOUT_MS) => addonProblem(err) ?? storeProblem(file, err, busyMs) ?? err;
  }
});

// src/backends/embedded/leases.ts
import { randomUUID as randomUUID3 } from "node:crypto";
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
  const id = randomUUID3();
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
    if (scope.holdMs > 0) await new Promise((resolve3) => setTimeout(resolve3, scope.holdMs));
    return work();
  } finally {
    releaseLease(db, id);
  }
}
var LEASE_GRACE_MS;
var init_leases = __esm({
  "src/backends/embedded/leases.ts"() {
    "use strict";
    init_statements();
    init_stripe2();
    LEASE_GRACE_MS = 1e4;
  }
});

// src/backends/embedded/handlers/stripe-call.ts
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
var ACCOUNT_CHECKS;
var init_stripe_call = __esm({
  "src/backends/embedded/handlers/stripe-call.ts"() {
    "use strict";
    init_leases();
    init_settings_store();
    init_stripe2();
    init_versions();
    ACCOUNT_CHECKS = {
      CreateAccountToken: { registration: true, update: true },
      CreateAccount: { registration: true, update: true },
      RetrieveAccountToken: { registration: false, update: false },
      RetrieveAccount: { registration: false, update: false }
    };
  }
});

// src/backends/embedded/admin-calls.ts
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
function resourceSummary(db, first) {
  const mark = changeMark(db);
  const kept = summaries.get(db);
  if (mark !== void 0 && kept?.key === `${mark} ${first}`) return kept.summary;
  const summary = summarizeResources(db, first);
  if (mark !== void 0) summaries.set(db, { key: `${mark} ${first}`, summary });
  return summary;
}
var READY_PROBE, summaries;
var init_admin_calls = __esm({
  "src/backends/embedded/admin-calls.ts"() {
    "use strict";
    init_db();
    init_journal();
    init_resources();
    init_faults2();
    init_settings_store();
    init_sqlite_store();
    READY_PROBE = "SELECT max(seq) AS last FROM journal";
    summaries = /* @__PURE__ */ new WeakMap();
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
      constructor(script, data, onExit) {
        this.worker = new Worker2(script, { workerData: data });
        let started = () => {
        };
        this.ready = new Promise((resolve3, reject) => {
          started = (err) => err ? reject(err) : resolve3();
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
        return new Promise((resolve3, reject) => {
          if (this.pending.size === 0) this.progressMs = Date.now();
          this.pending.set(id, { resolve: resolve3, reject });
          this.worker.postMessage({ ...request, id });
        });
      }
    };
    OperationPool = class _OperationPool {
      constructor(script, data) {
        this.script = script;
        this.data = data;
      }
      script;
      data;
      executors = [];
      next = 0;
      closing = false;
      calls = 0;
      /** Starts `size` threads and waits until each has connected; the first failure stops them all. */
      static async start(size, data) {
        const pool = new _OperationPool(executorScript(), data);
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

// src/backends/embedded/embedded.ts
var embedded_exports = {};
__export(embedded_exports, {
  EmbeddedBackend: () => EmbeddedBackend,
  EmbeddedService: () => EmbeddedService
});
import { existsSync as existsSync6 } from "node:fs";
var TABLE, HANDLERS, EmbeddedService, ms, EmbeddedBackend;
var init_embedded = __esm({
  "src/backends/embedded/embedded.ts"() {
    "use strict";
    init_codecs();
    init_errors();
    init_pynum();
    init_registry();
    init_operation();
    init_services();
    init_shapes();
    init_account_tokens();
    init_accounts();
    init_idempotency();
    init_launch_configurations();
    init_meter_event_adjustments();
    init_repositories();
    init_sqlite_store();
    init_stripe_call();
    init_secrets();
    init_pg_store();
    init_journal();
    init_settings_store();
    init_faults2();
    init_faults();
    init_admin_calls();
    init_wait();
    TABLE = {
      ...handlers5,
      ...handlers3,
      ...handlers,
      ...handlers2,
      ...handlers4
    };
    HANDLERS = withIdempotency(TABLE, OPERATIONS);
    EmbeddedService = class {
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
        const late = new Promise((resolve3) => {
          timer = setTimeout(
            () => resolve3({ ready: false, reason: `The store did not answer within ${boundMs / 1e3} s.` }),
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
    ms = (since) => `${(performance.now() - since).toFixed(1)} ms`;
    EmbeddedBackend = class {
      /** @param debug where --debug lines go: the store opened, each call with its input (secret members `****`: models/secrets.ts) and its time */
      constructor(service, debug) {
        this.service = service;
        this.debug = debug;
      }
      service;
      debug;
      opened = false;
      async invoke(op, params, call) {
        const log = this.debug;
        if (log && !this.opened) {
          const t2 = performance.now();
          const db = this.service.storeFor(op);
          const version = `schema version ${db.pragma("user_version", { simple: true })}`;
          log(
            this.service.isEmptyStandIn(db) ? `DEBUG embedded store: ${this.service.storeName} does not exist yet; this read answers from an empty store in memory (${version}) opened in ${ms(t2)}` : `DEBUG embedded store: ${this.service.storeName} (${version}) opened in ${ms(t2)}`
          );
        }
        this.opened = true;
        const oversize = oversizeRequest(op, params);
        if (oversize) throw oversize;
        const input = stringifyJsonExact(maskSecrets(op.input, params));
        const key = call.apiKey === void 0 || !speaksV2(op) ? "" : `, key ${maskKey(call.apiKey)}`;
        log?.(`DEBUG embedded call: ${op.name} (region ${call.region}${key}) ${input}`);
        const t = performance.now();
        try {
          await this.fault(op, call.region);
          const out = await this.service.call(op.name, params, {
            region: call.region,
            apiKey: call.apiKey,
            serviceVersion: call.serviceVersion,
            idempotencyKey: call.idempotencyKey
          });
          log?.(`DEBUG embedded result: ${op.name} succeeded in ${ms(t)}`);
          return out;
        } catch (err) {
          log?.(
            `DEBUG embedded result: ${op.name} failed in ${ms(t)}: ${err.code ?? err.name}`
          );
          throw err;
        }
      }
      /**
       * A fault rule that fires on this call (docs/operating-serve.md), as the HTTP backend would report serve's
       * answer after its last attempt: the service's error (exit 254); the latency, waited; a closed connection,
       * the transport's error (exit 255). One attempt per command: the embedded backend does not retry.
       */
      async fault(op, region2) {
        const fired = await this.service.fault({
          service: op.service,
          operation: op.name,
          account: this.service.accountId,
          region: region2
        });
        if (!fired) return;
        this.debug?.(`DEBUG embedded fault: ${fired.label}`);
        const action = fired.rule.action;
        if (action.kind === "latency") {
          await waitAtLeast(action.ms);
          return;
        }
        if (action.kind === "close")
          throw new TransportError(
            `Connection was closed before we received a valid response from the embedded service (${fired.label}).`
          );
        const err = faultError(op.service, action.kind);
        if (serviceModel(op.service).protocol === "json11")
          err.fields = json11ErrorFields(err.code, err.message, { message: err.message });
        throw err;
      }
      close() {
        this.service.close();
      }
    };
  }
});

// src/api/serve.ts
init_context();
init_errors();
init_journal();
init_resources();
init_settings_store();
import { homedir } from "node:os";

// src/server/start.ts
init_context();
init_errors();
import { createPrivateKey, randomUUID as randomUUID4, X509Certificate } from "node:crypto";
import { existsSync as existsSync7, readFileSync as readFileSync6, renameSync as renameSync2, rmSync, writeFileSync as writeFileSync3 } from "node:fs";
import { dirname as dirname4, resolve as resolve2 } from "node:path";
import { createSecureContext } from "node:tls";

// src/profile/profile.ts
init_context();
init_errors();
import { readFileSync as readFileSync2 } from "node:fs";
import { isAbsolute as isAbsolute2, join as join3 } from "node:path";

// src/profile/file.ts
init_dirs();
init_context();
init_errors();
init_secrets();
import { chmodSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname as dirname2, join as join2 } from "node:path";

// src/profile/ini.ts
function profileOfHeader(header) {
  const name = header.trim();
  if (name === "default") return "default";
  const m = /^profile\s+(.+)$/.exec(name);
  return m ? m[1].trim() : void 0;
}
var IniSyntaxError = class extends Error {
  constructor(line, reason) {
    super(`line ${line}: ${reason}`);
    this.line = line;
    this.reason = reason;
  }
  line;
  reason;
};
var shown = (line) => JSON.stringify(line.trim().length > 60 ? `${line.trim().slice(0, 57)}...` : line.trim());
function parseSections(text) {
  const values = /* @__PURE__ */ new Map();
  const lines = /* @__PURE__ */ new Map();
  const headers2 = /* @__PURE__ */ new Map();
  const nested = /* @__PURE__ */ new Map();
  let section;
  let lastKey;
  text.split(/\r?\n/).forEach((line, i) => {
    const t = line.trim();
    if (t === "" || t.startsWith("#") || t.startsWith(";")) return;
    if (/^\s/.test(line) && lastKey !== void 0) {
      const at2 = t.indexOf("=");
      if (at2 > 0) {
        const block = nested.get(lastKey) ?? /* @__PURE__ */ new Map();
        block.set(t.slice(0, at2).trim().toLowerCase(), t.slice(at2 + 1).trim());
        nested.set(lastKey, block);
      }
      return;
    }
    if (t.startsWith("[")) {
      const h = /^\[([^\]]+)\]\s*(?:[#;].*)?$/.exec(t);
      if (!h) throw new IniSyntaxError(i + 1, `${shown(line)} is not a section header ([name])`);
      section = h[1].trim();
      const first2 = headers2.get(section);
      if (first2 !== void 0)
        throw new IniSyntaxError(i + 1, `section '${section}' already exists (first at line ${first2})`);
      headers2.set(section, i + 1);
      values.set(section, /* @__PURE__ */ new Map());
      lastKey = void 0;
      return;
    }
    const at = t.search(/[=:]/);
    if (at <= 0) throw new IniSyntaxError(i + 1, `${shown(line)} is not a setting (key = value)`);
    if (section === void 0) throw new IniSyntaxError(i + 1, `${shown(line)} comes before any [section] header`);
    const key = t.slice(0, at).trim().toLowerCase();
    const first = lines.get(`${section}\0${key}`);
    if (first !== void 0)
      throw new IniSyntaxError(
        i + 1,
        `option '${key}' in section '${section}' already exists (first at line ${first})`
      );
    values.get(section).set(key, t.slice(at + 1).trim());
    lines.set(`${section}\0${key}`, i + 1);
    lastKey = `${section}\0${key}`;
  });
  return { values, lines, headers: headers2, nested };
}
var Profiles = class extends Map {
  lines = /* @__PURE__ */ new Map();
  /** The file's `[services NAME]` sections: NAME → service key (`ecr`) → its nested settings. */
  services = /* @__PURE__ */ new Map();
  lineOf(profile, key) {
    return this.lines.get(`${profile}\0${key}`);
  }
};
function parseProfiles(text) {
  const { values, lines, headers: headers2, nested } = parseSections(text);
  const profiles = new Profiles();
  const seen2 = /* @__PURE__ */ new Map();
  for (const [header, entries] of values) {
    const services = servicesOfHeader(header);
    if (services !== void 0) profiles.services.set(services, nestedOf(header, entries, nested));
    const name = profileOfHeader(header);
    if (name === void 0) continue;
    const other = seen2.get(name);
    if (other !== void 0) {
      throw new IniSyntaxError(
        headers2.get(header),
        `section '${header}' names profile '${name}', as section '${other}' (line ${headers2.get(other)}) does`
      );
    }
    seen2.set(name, header);
    for (const key of entries.keys()) profiles.lines.set(`${name}\0${key}`, lines.get(`${header}\0${key}`));
    profiles.set(name, entries);
  }
  return profiles;
}
function servicesOfHeader(header) {
  return /^services\s+(.+)$/.exec(header.trim())?.[1]?.trim();
}
function nestedOf(header, entries, nested) {
  const out = /* @__PURE__ */ new Map();
  for (const key of entries.keys()) {
    const block = nested.get(`${header}\0${key}`);
    if (block) out.set(key, block);
  }
  return out;
}

// src/profile/keys.ts
init_options();
init_secrets();
init_options();
init_partitions();
var SettingProblem = class extends Error {
};
function pyInt2(value) {
  const s = value.trim();
  if (!/^[+-]?\d+$/.test(s)) throw new SettingProblem(`invalid literal for int() with base 10: '${value}'`);
  return Number(s);
}
function timeoutOf(what) {
  return (value) => {
    if (!/^\s*[+-]?\d+\s*$/.test(value)) throw new SettingProblem(`'${value}' is not a whole number of seconds`);
    const n = pyInt2(value);
    if (n < 0) {
      throw new SettingProblem(
        `Attempted to set ${what} timeout to ${n}, but the timeout cannot be set to a value less than or equal to 0.`
      );
    }
    return n * 1e3;
  };
}
function attemptsOf(value) {
  const n = pyInt2(value);
  if (n < 1) {
    throw new SettingProblem(`Value provided to "max_attempts": ${n} must be an integer greater than or equal to one.`);
  }
  return n;
}
var RETRY_MODES = ["standard", "adaptive"];
function retryModeOf(value) {
  if (RETRY_MODES.includes(value)) return value;
  throw new SettingProblem(`Invalid value provided to "mode": "${value}" must be one of: "standard" or "adaptive"`);
}
var booleanOf = (value) => value.trim().toLowerCase() === "true";
function byConversion(convert, expected) {
  return (value) => {
    try {
      convert(value);
      return void 0;
    } catch (err) {
      if (err instanceof SettingProblem) return expected;
      throw err;
    }
  };
}
var region = (v) => isRegionName(v) ? void 0 : "a region name such as us-east-1 (lower-case letters, digits and hyphens, at most 63, not starting or ending with a hyphen)";
var url = (v) => {
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:" ? void 0 : "an http:// or https:// URL";
  } catch {
    return "an http:// or https:// URL";
  }
};
var CONFIG_KEYS = [
  {
    key: "output",
    flag: "--output",
    attr: "output",
    env: ["SVCCTL_DEFAULT_OUTPUT", "AWS_DEFAULT_OUTPUT"],
    default: "json",
    choices: OUTPUT_FORMATS,
    doc: "The default output format."
  },
  {
    key: "region",
    flag: "--region",
    attr: "region",
    env: ["AWS_REGION", "AWS_DEFAULT_REGION"],
    default: "us-east-1",
    check: region,
    doc: "The region, for both backends; when neither the flag, the environment nor the profile sets it, the same profile's region in the AWS CLI's config file (AWS_CONFIG_FILE, default ~/.aws/config), else us-east-1."
  },
  {
    key: "endpoint_url",
    flag: "--endpoint-url",
    attr: "endpointUrl",
    env: ["SVCCTL_ENDPOINT_URL"],
    emptyIsUnset: true,
    check: url,
    doc: "Use the HTTP backend against this URL instead of the embedded service. For ecr and autoscaling, AWS_ENDPOINT_URL_ECR / AWS_ENDPOINT_URL_AUTO_SCALING, then AWS_ENDPOINT_URL, then the profile's services section come before it (docs/configuration.md)."
  },
  {
    key: "services",
    doc: "The [services NAME] section of the same file whose per-service endpoint_url (ecr, auto_scaling, stripe) comes before endpoint_url."
  },
  {
    key: "ignore_configured_endpoint_urls",
    env: ["AWS_IGNORE_CONFIGURED_ENDPOINT_URLS"],
    emptyIsUnset: true,
    default: "false",
    convert: booleanOf,
    doc: "true: ecr and autoscaling use only --endpoint-url, every configured endpoint is ignored (the embedded service answers)."
  },
  {
    key: "api_key",
    flag: "--api-key",
    attr: "apiKey",
    env: ["SVCCTL_API_KEY"],
    default: DEFAULT_EMBEDDED_API_KEY,
    secret: true,
    doc: "The v2 API key (sk_/pk_/rk_, test or live)."
  },
  {
    key: "api_key_file",
    doc: "A file holding the v2 API key (first line), used when api_key is not set; ~/ and paths relative to $SVCCTL_HOME work."
  },
  {
    key: "aws_access_key_id",
    env: ["AWS_ACCESS_KEY_ID"],
    secret: true,
    doc: "The AWS access key id that signs ecr and autoscaling requests to an --endpoint-url (SigV4); the embedded service needs none."
  },
  {
    key: "aws_secret_access_key",
    env: ["AWS_SECRET_ACCESS_KEY"],
    secret: true,
    doc: "The secret of aws_access_key_id."
  },
  {
    key: "aws_session_token",
    env: ["AWS_SESSION_TOKEN"],
    secret: true,
    doc: "A session token for temporary AWS credentials."
  },
  {
    key: "service_version",
    flag: "--service-version",
    attr: "serviceVersion",
    env: ["SVCCTL_SERVICE_VERSION"],
    default: CURRENT_SERVICE_VERSION,
    doc: "The v2 API version header value (<yyyy-mm-dd>.<name>)."
  },
  {
    key: "cli_pager",
    env: ["SVCCTL_PAGER", "AWS_PAGER"],
    envAfter: ["PAGER"],
    default: "less -R",
    doc: "The pager for output and help on a terminal (MANPAGER goes first for help); empty turns paging off (as --no-cli-pager does)."
  },
  {
    key: "cli_auto_prompt",
    flag: "--cli-auto-prompt",
    attr: "cliAutoPrompt",
    env: ["SVCCTL_CLI_AUTO_PROMPT"],
    default: "off",
    choices: ["on", "on-partial", "off"],
    doc: "Prompt for parameters: on, on-partial or off."
  },
  {
    key: "cli_error_format",
    flag: "--cli-error-format",
    attr: "cliErrorFormat",
    env: ["SVCCTL_CLI_ERROR_FORMAT", "AWS_CLI_ERROR_FORMAT"],
    default: "enhanced",
    choices: ERROR_FORMATS,
    doc: "The format of errors on stderr."
  },
  {
    key: "color",
    flag: "--color",
    attr: "color",
    default: "auto",
    choices: COLOR_MODES,
    doc: "Colour in output: on, off or auto."
  },
  {
    key: "ca_bundle",
    flag: "--ca-bundle",
    attr: "caBundle",
    env: ["AWS_CA_BUNDLE"],
    doc: "The CA certificate bundle for https endpoints."
  },
  {
    key: "cli_binary_format",
    flag: "--cli-binary-format",
    attr: "cliBinaryFormat",
    default: "base64",
    choices: BINARY_FORMATS,
    doc: "How binary values are given on the command line."
  },
  {
    key: "cli_read_timeout",
    flag: "--cli-read-timeout",
    attr: "cliReadTimeout",
    default: "60",
    convert: timeoutOf("read"),
    check: byConversion(timeoutOf("read"), "a whole number of seconds (0 blocks forever)"),
    doc: "Maximum socket read time in seconds (0: no limit)."
  },
  {
    key: "cli_connect_timeout",
    flag: "--cli-connect-timeout",
    attr: "cliConnectTimeout",
    default: "60",
    convert: timeoutOf("connect"),
    check: byConversion(timeoutOf("connect"), "a whole number of seconds (0 blocks forever)"),
    doc: "Maximum socket connect time in seconds (0: no limit)."
  },
  {
    key: "max_attempts",
    env: ["AWS_MAX_ATTEMPTS"],
    default: "3",
    convert: attemptsOf,
    check: byConversion(attemptsOf, "a whole number of at least 1"),
    doc: "How many times the HTTP backend tries a request (the first attempt and its retries)."
  },
  {
    key: "retry_mode",
    env: ["AWS_RETRY_MODE"],
    default: "standard",
    choices: RETRY_MODES,
    convert: retryModeOf,
    doc: "The AWS CLI's retry mode: standard or adaptive (svcctl retries the same way in both)."
  },
  {
    key: "store_url",
    env: ["SVCCTL_STORE_URL"],
    emptyIsUnset: true,
    check: (v) => isPostgresUrl(v) ? void 0 : "a PostgreSQL URL (postgres://user:password@host:port/database)",
    mask: maskStoreUrl,
    doc: "The PostgreSQL store that serve and store export|import use when --store is not given (docs/shared-store.md); other commands use the SQLite file in $SVCCTL_HOME. Shown with its password masked."
  }
];
var CONFIG_KEY_NAMES = CONFIG_KEYS.map((s) => s.key);

// src/profile/file.ts
function configPath(ctx) {
  return join2(svcctlHome(ctx), "config");
}
function readConfigText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    if (err.code === "ENOENT") return "";
    throw new ConfigError(`Unable to read the config file (${path}): ${err.message}`);
  }
}
function readProfiles(path) {
  try {
    return parseProfiles(readConfigText(path));
  } catch (err) {
    if (err instanceof IniSyntaxError) throw new ConfigError(`Unable to parse config file: ${path}, ${err.message}`);
    throw err;
  }
}

// src/profile/profile.ts
function chooseProfile(raw2, env) {
  if (typeof raw2.profile === "string") return { name: raw2.profile, source: "flag", where: "--profile" };
  for (const name of ["SVCCTL_PROFILE", "AWS_PROFILE"]) {
    const value = env[name];
    if (value) return { name: value, source: "env", where: name };
  }
  return { name: "default", source: "default" };
}
function awsProfiles(ctx) {
  const names = /* @__PURE__ */ new Set();
  const files = [
    [ctx.env.AWS_CONFIG_FILE || join3(ctx.home, ".aws", "config"), true],
    [ctx.env.AWS_SHARED_CREDENTIALS_FILE || join3(ctx.home, ".aws", "credentials"), false]
  ];
  for (const [file, prefixed] of files) {
    for (const m of readConfigText(file).matchAll(/^\s*\[([^\]]+)\]/gm)) {
      const header = m[1].trim();
      names.add(prefixed ? header.replace(/^profile\s+/, "") : header);
    }
  }
  return names;
}
function readKeyFile(ctx, file) {
  const path = file.startsWith("~/") ? join3(ctx.home, file.slice(2)) : isAbsolute2(file) ? file : join3(svcctlHome(ctx), file);
  try {
    return readFileSync2(path, "utf8").split(/\r?\n/)[0].trim();
  } catch (err) {
    throw new ConfigError(`Unable to read the api_key_file (${path}): ${err.message}`);
  }
}
function openProfile(ctx, raw2, missingOk = false) {
  const choice = chooseProfile(raw2, ctx.env);
  const path = configPath(ctx);
  let profiles;
  const load = () => profiles ??= readProfiles(path);
  if (choice.source !== "default" && !missingOk && choice.name !== "default") {
    if (!load().has(choice.name) && !awsProfiles(ctx).has(choice.name)) {
      throw new ProfileNotFoundError(choice.name);
    }
  }
  const own = (key) => load().get(choice.name)?.get(key);
  return {
    choice,
    path,
    value(key) {
      const v = own(key);
      if (v !== void 0 || key !== "api_key") return v;
      const file = own("api_key_file");
      return file === void 0 ? void 0 : readKeyFile(ctx, file);
    },
    origin(key) {
      if (own(key) !== void 0) return path;
      return key === "api_key" ? own("api_key_file") : void 0;
    },
    where(key) {
      const line = load().lineOf(choice.name, key);
      return line === void 0 ? void 0 : `the config file ${path}, line ${line}`;
    },
    serviceValue(servicesKey, key) {
      const name = own("services");
      const value = name === void 0 ? void 0 : load().services.get(name)?.get(servicesKey)?.get(key);
      return value === void 0 ? void 0 : { value, where: `[services ${name}] ${servicesKey} in ${path}` };
    }
  };
}

// src/server/start.ts
init_store_url();
init_test_hooks();

// src/server/security.ts
init_stripe2();
init_secrets();
init_errors();
init_credentials();
import { readFileSync as readFileSync4, statSync as statSync2 } from "node:fs";
import { isIPv4 } from "node:net";
var ApiKeyList = class {
  digests;
  constructor(keys) {
    this.digests = new Set(keys.map(keyDigest));
  }
  get size() {
    return this.digests.size;
  }
  /** The v2 error for a key that is present but not listed; undefined when the key may go on (a missing key is the service's to refuse). */
  refuse(key) {
    if (key === void 0 || key === "" || this.digests.has(keyDigest(key))) return void 0;
    return v2Error(401, "api_key_invalid", `Invalid API Key provided: ${maskKey(key)}`);
  }
};
function parseApiKeys(text, where) {
  return new ApiKeyList(keysOf2(text, where));
}
function keysOf2(text, where) {
  const keys = [];
  text.split(/\r?\n/).forEach((raw2, i) => {
    const line = raw2.trim();
    if (line === "" || line.startsWith("#")) return;
    if (!V2_KEY_SHAPE.test(line))
      throw new ConfigError(
        `${where}, line ${i + 1}: not an API key (sk_, pk_ or rk_, then test_ or live_, then letters, digits and _).`
      );
    keys.push(line);
  });
  if (keys.length === 0) throw new ConfigError(`${where} lists no keys: every v2 request would be refused.`);
  return keys;
}
function readKeys(path) {
  try {
    return readFileSync4(path, "utf8");
  } catch (err) {
    throw new ConfigError(`Unable to read --api-keys file ${path}: ${err.message}`);
  }
}
function loadApiKeys(path, warn) {
  const list = parseApiKeys(readKeys(path), `--api-keys file ${path}`);
  const mode = statSync2(path).mode & 511;
  if ((mode & 63) !== 0)
    warn(
      `warning: --api-keys file ${path} is readable by other users (mode ${mode.toString(8).padStart(4, "0")}); chmod 600 it.`
    );
  return list;
}
function firstApiKey(path) {
  return keysOf2(readKeys(path), `--api-keys file ${path}`)[0];
}
function isLoopback(address) {
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith("127.");
  return address === "::1";
}
function exposureWarning(url2, home, keys) {
  const v2 = keys ? "v2 requests need a key from --api-keys" : "v2 requests are not checked against a key list (see --api-keys)";
  return `warning: svcctl serve is listening on ${url2}, beyond this machine's loopback interface: anyone who can reach it can read and change the store in ${home}. AWS requests are not authenticated (signatures are not verified); ${v2}.`;
}

// src/server/server.ts
import { createServer as createHttpServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";

// src/server/handler.ts
init_errors();

// src/server/checks.ts
init_handler();
init_stripe2();
init_operation();
init_validate();
function firstUnknown(shape, v, path) {
  if (shape.type === "structure" && isPlainObject(v)) {
    for (const [name, value] of Object.entries(v)) {
      if (!Object.hasOwn(shape.members, name)) return { path: [...path, name], value };
      const found = firstUnknown(shape.members[name], value, [...path, name]);
      if (found) return found;
    }
  } else if (shape.type === "list" && Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const found = firstUnknown(shape.member, v[i], [...path, String(i + 1)]);
      if (found) return found;
    }
  }
  return void 0;
}
function unknownMemberError(op, params) {
  const found = firstUnknown(op.input, params, []);
  if (!found) return void 0;
  if (speaksV2(op)) return v2Error(400, "parameter_unknown", `Received unknown parameter: ${found.path.join(".")}`);
  return awsValidationError(op.service, [{ ...found, constraint: "Member is not a known parameter" }]);
}

// src/server/limits.ts
init_input_rules();
var DEFAULT_LIMITS = {
  maxBodyBytes: MAX_REQUEST_BYTES,
  bodyIdleMs: 1e4,
  headersTimeoutMs: 1e4,
  requestTimeoutMs: 6e4,
  keepAliveTimeoutMs: 5e3,
  socketIdleMs: 15e3,
  maxConnections: 4096,
  maxBufferedBytes: 32 * 1024 * 1024,
  maxNesting: MAX_NESTING
};
var BodyError = class extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind;
  }
  kind;
};
var BodyBudget = class {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
  }
  maxBytes;
  used = 0;
  waiting = [];
  /** Resolves once `bytes` are reserved; rejects with BodyError if the client goes away first. */
  reserve(bytes, req) {
    if (this.used + bytes <= this.maxBytes) {
      this.used += bytes;
      return Promise.resolve();
    }
    return new Promise((resolve3, reject) => {
      if (req.destroyed)
        return reject(new BodyError("timeout", "The client closed the connection before sending the whole request."));
      const entry2 = {
        bytes,
        admit: () => {
          req.off("close", gone);
          this.used += bytes;
          resolve3();
        }
      };
      const gone = () => {
        this.waiting.splice(this.waiting.indexOf(entry2), 1);
        reject(new BodyError("timeout", "The client closed the connection before sending the whole request."));
      };
      req.once("close", gone);
      this.waiting.push(entry2);
    });
  }
  release(bytes) {
    this.used -= bytes;
    for (const entry2 of [...this.waiting]) {
      if (this.used + entry2.bytes > this.maxBytes) continue;
      this.waiting.splice(this.waiting.indexOf(entry2), 1);
      entry2.admit();
    }
  }
};
async function readBody(req, limits, budget) {
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (declared > limits.maxBodyBytes) {
    throw new BodyError(
      "too-large",
      `The request body (${declared} bytes) exceeds the limit of ${limits.maxBodyBytes} bytes.`
    );
  }
  const share = Number.isFinite(declared) ? declared : req.headers["transfer-encoding"] !== void 0 ? limits.maxBodyBytes : 0;
  if (!budget || share === 0) return collect(req, limits);
  await budget.reserve(share, req);
  try {
    return await collect(req, limits);
  } finally {
    budget.release(share);
  }
}
function collect(req, limits) {
  return new Promise((resolve3, reject) => {
    const chunks = [];
    let size = 0;
    let timer;
    const done = (err) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onAbort).off("aborted", onAbort);
      if (err) return reject(err);
      try {
        resolve3(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)));
      } catch {
        reject(new BodyError("bad-encoding", "The request body is not valid UTF-8."));
      }
    };
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => done(
          new BodyError("timeout", `No request data received for ${limits.bodyIdleMs} ms: the request timed out.`)
        ),
        limits.bodyIdleMs
      );
    };
    const onData = (chunk) => {
      size += chunk.length;
      if (size > limits.maxBodyBytes)
        return done(new BodyError("too-large", `The request body exceeds the limit of ${limits.maxBodyBytes} bytes.`));
      chunks.push(chunk);
      arm();
    };
    const onEnd = () => done();
    const onAbort = () => done(new BodyError("timeout", "The client closed the connection before sending the whole request."));
    req.on("data", onData).on("end", onEnd).on("error", onAbort).on("aborted", onAbort);
    arm();
  });
}

// src/server/nesting.ts
init_types();
init_input_rules();
function formNestsDeeper(text, limit) {
  for (const field of text.split("&")) {
    const eq = field.indexOf("=");
    const name = eq < 0 ? field : field.slice(0, eq);
    if (name.length < limit) continue;
    const levels = 1 + (name.match(/\.|%2e/gi)?.length ?? 0);
    if (levels > limit) return true;
  }
  return false;
}
function nestingProblem(codec, path, body, limit) {
  if (codec === "query") {
    if (formNestsDeeper(splitPath(path).query, limit) || formNestsDeeper(body, limit)) {
      return `A parameter name of the request nests deeper than ${limit} levels.`;
    }
    return void 0;
  }
  return jsonNestsDeeper(body, limit) ? `The request body nests deeper than ${limit} levels.` : void 0;
}

// src/server/router.ts
init_partitions();
import { randomBytes as randomBytes2, randomUUID as randomUUID2 } from "node:crypto";

// src/profile/aws-files.ts
init_errors();

// src/profile/region.ts
var DEFAULT_REGION = "us-east-1";

// src/server/router.ts
init_json11();
init_query();
init_types();
init_v2();
init_versions();
var CREDENTIAL = /\bCredential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/([^/,\s]+)\/aws4_request\b/;
function awsRegion(codec, authorization) {
  if (authorization === void 0) return DEFAULT_REGION;
  const m = authorization.startsWith("AWS4-HMAC-SHA256 ") ? CREDENTIAL.exec(authorization) : null;
  if (!m) {
    throw codec.problem(
      "bad-signature",
      "Authorization header requires a 'Credential' parameter of the form <key>/<yyyymmdd>/<region>/<service>/aws4_request (AWS4-HMAC-SHA256)."
    );
  }
  return scopeRegion(codec, m[3]);
}
function scopeRegion(codec, region2) {
  if (isRegionName(region2)) return region2;
  throw codec.problem("bad-signature", `Credential should be scoped to a valid region, not '${region2}'.`);
}
function bearerKey(authorization) {
  if (authorization === void 0) return void 0;
  const m = /^(Bearer|Basic)(?:[ \t]+(.*))?$/i.exec(authorization.trim());
  if (!m) return void 0;
  const credentials = (m[2] ?? "").trim();
  if (m[1].toLowerCase() === "bearer" || credentials.includes("_")) return credentials;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(credentials)) return credentials;
  return Buffer.from(credentials, "base64").toString("utf8").split(":")[0];
}
function awsProtocol(codec) {
  return {
    codec,
    requestId: () => randomUUID2(),
    callContext: (req) => ({ region: awsRegion(codec, req.headers.authorization) })
  };
}
var versionHeader = (headers2) => headers2["service-version"] ?? headers2["stripe-version"];
var v2Protocol = {
  codec: v2Codec,
  requestId: () => `req_${randomBytes2(9).toString("base64url")}`,
  callContext: (req) => ({
    region: DEFAULT_REGION,
    apiKey: bearerKey(req.headers.authorization),
    serviceVersion: versionHeader(req.headers),
    idempotencyKey: req.method === "POST" ? req.headers["idempotency-key"] : void 0
  }),
  answerHeaders: (headers2) => {
    const version = responseVersion(versionHeader(headers2));
    return version === void 0 ? {} : { "stripe-version": version };
  },
  warning: (headers2) => versionWarning(versionHeader(headers2))
};
var QUERY = awsProtocol(queryCodec);
var JSON11 = awsProtocol(json11Codec);
function pickProtocol(path, headers2) {
  const { pathname } = splitPath(path);
  if (pathname === "/v2" || pathname.startsWith("/v2/")) return v2Protocol;
  if (headers2["x-amz-target"] !== void 0) return JSON11;
  return QUERY;
}

// src/server/authenticate.ts
init_stripe2();
init_secrets();

// src/server/verify.ts
import { timingSafeEqual } from "node:crypto";

// src/wire/sigv4.ts
init_form();
import { createHash as createHash2, createHmac } from "node:crypto";
var sha256 = (data) => createHash2("sha256").update(data, "utf8").digest("hex");
var hmac = (key, data) => createHmac("sha256", key).update(data, "utf8").digest();
function canonicalQuery(url2, skip) {
  return [...url2.searchParams].filter(([k]) => k !== skip).map(([k, v]) => [percentEncode(k), percentEncode(v)]).sort(([a, x], [b, y]) => a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0).map(([k, v]) => `${k}=${v}`).join("&");
}
function canonicalPath(url2) {
  return url2.pathname.split("/").map(percentEncode).join("/") || "/";
}
function signingKey(secret, date, region2, service) {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region2), service), "aws4_request");
}
function canonicalRequest(method, url2, headers2, names, payloadHash2, skipQuery) {
  const canonicalHeaders = names.map((h) => `${h}:${(headers2[h] ?? "").trim().replace(/\s+/g, " ")}
`).join("");
  return [
    method,
    canonicalPath(url2),
    canonicalQuery(url2, skipQuery),
    canonicalHeaders,
    names.join(";"),
    payloadHash2
  ].join("\n");
}
function signatureOf(secret, stamp, region2, service, canonical2) {
  const date = stamp.slice(0, 8);
  const scope = `${date}/${region2}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256(canonical2)].join("\n");
  return createHmac("sha256", signingKey(secret, date, region2, service)).update(toSign, "utf8").digest("hex");
}
var payloadHash = sha256;

// src/server/verify.ts
init_errors();
var MISMATCH = "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.";
var INVALID_TOKEN = "The security token included in the request is invalid.";
var FAILURES = {
  query: {
    "unknown-key": [403, "InvalidClientTokenId", INVALID_TOKEN],
    mismatch: [403, "SignatureDoesNotMatch", MISMATCH],
    missing: [403, "MissingAuthenticationToken", "Request is missing Authentication Token"],
    expired: [400, "RequestExpired", "Request has expired."],
    incomplete: [400, "IncompleteSignature", "The request signature does not conform to AWS standards."],
    "wrong-scope": [403, "SignatureDoesNotMatch", MISMATCH]
  },
  json11: {
    "unknown-key": [400, "UnrecognizedClientException", INVALID_TOKEN],
    mismatch: [400, "InvalidSignatureException", MISMATCH],
    missing: [400, "MissingAuthenticationTokenException", "Missing Authentication Token"],
    expired: [400, "InvalidSignatureException", "Signature expired."],
    incomplete: [400, "IncompleteSignatureException", "The request signature does not conform to AWS standards."],
    "wrong-scope": [400, "InvalidSignatureException", MISMATCH]
  }
};
var SKEW_MINUTES = { query: 15, json11: 5 };
var MAX_EXPIRES_S = 604800;
function authFailure(wire, kind, message) {
  const [status, code, text] = FAILURES[wire][kind];
  return new ServiceError(code, message ?? text, status);
}
var SCOPE = /^([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request$/;
var STAMP = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
function stampMs(stamp) {
  const m = STAMP.exec(stamp);
  if (!m) return void 0;
  const ms2 = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  return Number.isNaN(ms2) ? void 0 : ms2;
}
function stampOf(ms2) {
  return new Date(ms2).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}
function fromHeader(authorization, headers2) {
  const fields = /* @__PURE__ */ new Map();
  for (const part of authorization.slice("AWS4-HMAC-SHA256".length).split(",")) {
    const eq = part.indexOf("=");
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const scope = SCOPE.exec(fields.get("Credential") ?? "");
  const signed2 = fields.get("SignedHeaders");
  const signature = fields.get("Signature");
  if (!scope || !signed2 || !signature) return void 0;
  return {
    accessKeyId: scope[1],
    date: scope[2],
    region: scope[3],
    service: scope[4],
    signedHeaders: signed2.split(";"),
    signature,
    stamp: headers2["x-amz-date"],
    sessionToken: headers2["x-amz-security-token"],
    presigned: false
  };
}
function fromQuery(q) {
  const scope = SCOPE.exec(q.get("X-Amz-Credential") ?? "");
  const signed2 = q.get("X-Amz-SignedHeaders");
  const signature = q.get("X-Amz-Signature");
  const stamp = q.get("X-Amz-Date");
  const expires = q.get("X-Amz-Expires");
  if (!scope || !signed2 || !signature || !stamp || !expires || !/^\d{1,7}$/.test(expires)) return void 0;
  return {
    accessKeyId: scope[1],
    date: scope[2],
    region: scope[3],
    service: scope[4],
    signedHeaders: signed2.split(";"),
    signature,
    stamp,
    expires: Number(expires),
    sessionToken: q.get("X-Amz-Security-Token") ?? void 0,
    presigned: true
  };
}
function sameHex(a, b) {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}
function checkTime(wire, claim, nowMs2) {
  const at = stampMs(claim.stamp);
  if (at === void 0 || claim.stamp.slice(0, 8) !== claim.date) {
    throw authFailure(
      wire,
      "incomplete",
      `Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '${claim.date}' != '${claim.stamp.slice(0, 8)}', from '${claim.stamp}'.`
    );
  }
  if (claim.presigned) {
    if (claim.expires > MAX_EXPIRES_S)
      throw authFailure(wire, "incomplete", `X-Amz-Expires must be less than a week (in seconds) that is 604800.`);
    if (nowMs2 > at + claim.expires * 1e3)
      throw authFailure(wire, "expired", wire === "query" ? "Request has expired." : "Signature expired.");
    return;
  }
  const skewMs = SKEW_MINUTES[wire] * 6e4;
  const m = SKEW_MINUTES[wire];
  if (at < nowMs2 - skewMs) {
    throw authFailure(
      wire,
      "expired",
      wire === "query" ? "Request has expired." : `Signature expired: ${claim.stamp} is now earlier than ${stampOf(nowMs2 - skewMs)} (${stampOf(nowMs2)} - ${m} min.)`
    );
  }
  if (at > nowMs2 + skewMs) {
    throw authFailure(
      wire,
      "expired",
      wire === "query" ? "Request has expired." : `Signature not yet current: ${claim.stamp} is still later than ${stampOf(nowMs2 + skewMs)} (${stampOf(nowMs2)} + ${m} min.)`
    );
  }
}
function verifySigV4(service, req, creds, nowMs2) {
  const wire = service.protocol;
  const url2 = new URL(req.path, "http://svcctl.invalid");
  const authorization = req.headers.authorization;
  let claim;
  if (authorization !== void 0 && authorization.trim() !== "") {
    if (!authorization.startsWith("AWS4-HMAC-SHA256 ")) {
      throw authFailure(
        wire,
        "incomplete",
        `Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. Authorization=${authorization.split(/\s/)[0].slice(0, 40)}`
      );
    }
    const parsed2 = fromHeader(authorization, req.headers);
    if (!parsed2)
      throw authFailure(
        wire,
        "incomplete",
        "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters, with a Credential of the form <key>/<yyyymmdd>/<region>/<service>/aws4_request."
      );
    if (parsed2.stamp === void 0)
      throw authFailure(
        wire,
        "incomplete",
        "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header."
      );
    claim = parsed2;
  } else if (url2.searchParams.get("X-Amz-Algorithm") === "AWS4-HMAC-SHA256") {
    claim = fromQuery(url2.searchParams);
    if (!claim)
      throw authFailure(
        wire,
        "incomplete",
        "AWS query-string parameters must include X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature."
      );
  } else {
    throw authFailure(wire, "missing");
  }
  const principal = creds.awsPrincipal(claim.accessKeyId);
  if (!principal || claim.sessionToken !== void 0) throw authFailure(wire, "unknown-key");
  if (claim.service !== service.signingName) {
    throw authFailure(
      wire,
      "wrong-scope",
      `Credential should be scoped to correct service: '${service.signingName}'. `
    );
  }
  if (!claim.signedHeaders.includes("host")) throw authFailure(wire, "mismatch");
  checkTime(wire, claim, nowMs2);
  const bodyHash = payloadHash(req.body);
  const claimedHash = req.headers["x-amz-content-sha256"];
  if (claimedHash !== void 0 && claimedHash !== bodyHash) throw authFailure(wire, "mismatch");
  const canonical2 = canonicalRequest(
    req.method,
    url2,
    req.headers,
    claim.signedHeaders,
    bodyHash,
    claim.presigned ? "X-Amz-Signature" : void 0
  );
  const expected = signatureOf(principal.secretAccessKey, claim.stamp, claim.region, claim.service, canonical2);
  if (!sameHex(expected, claim.signature)) throw authFailure(wire, "mismatch");
  return { principal, region: claim.region };
}

// src/server/authenticate.ts
function v2Caller(req, deps) {
  const key = bearerKey(req.headers.authorization);
  if (!deps.credentials) {
    const refused = deps.apiKeys?.refuse(key);
    if (refused) throw refused;
    return {};
  }
  if (key === void 0 || key === "") return {};
  const principal = deps.credentials.v2Principal(key);
  if (principal) return { accountId: principal.accountId, principal: principal.name };
  if (deps.apiKeys && !deps.apiKeys.refuse(key)) return {};
  throw v2Error(401, "api_key_invalid", `Invalid API Key provided: ${maskKey(key)}`);
}
function authenticate(codec, req, deps) {
  if (codec.name === "v2") return v2Caller(req, deps);
  if (!deps.credentials) return {};
  const service = codec.serviceOf(req);
  if (service.protocol === "v2") return v2Caller(req, deps);
  const { principal, region: region2 } = verifySigV4(service, req, deps.credentials, (deps.now ?? Date.now)());
  return { accountId: principal.accountId, region: scopeRegion(codec, region2), principal: principal.name };
}

// src/server/handler.ts
init_secrets();
init_registry();

// src/server/admin.ts
init_pynum();
init_errors();
init_resources();
import { createHash as createHash3 } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";

// package.json
var package_default = {
  name: "svcctl",
  version: "0.1.0",
  description: "A CLI and embedded service for account tokens, meter event adjustments, launch configurations and image repositories, at AWS CLI v2 parity",
  license: "MIT",
  repository: {
    type: "git",
    url: "git+https://github.com/svcctl/svcctl.git"
  },
  keywords: [
    "cli",
    "aws-cli",
    "ecr",
    "autoscaling",
    "launch-configuration",
    "account-token",
    "meter-event-adjustment",
    "embedded",
    "sqlite"
  ],
  type: "module",
  main: "./dist/api.cjs",
  types: "./dist/types/api/index.d.ts",
  exports: {
    ".": {
      types: "./dist/types/api/index.d.ts",
      import: "./dist/api.js",
      require: "./dist/api.cjs"
    },
    "./package.json": "./package.json"
  },
  bin: {
    svcctl: "bin/svcctl"
  },
  files: [
    "dist/",
    "!dist/*.v8",
    "bin/",
    "docs/",
    "README.md",
    "LICENSE",
    "CHANGELOG.md"
  ],
  engines: {
    node: ">=20.19"
  },
  scripts: {
    build: "node scripts/build.mjs",
    prepare: "node scripts/build.mjs",
    typecheck: "tsc --noEmit",
    test: "tsc --noEmit && biome check --error-on-warnings . && vitest run",
    "test:fast": "SVCCTL_TEST_LANE=fast vitest run --project sqlite",
    bench: "node scripts/bench.mjs",
    lint: "biome check --error-on-warnings .",
    format: "biome format --write ."
  },
  dependencies: {
    "better-sqlite3": "12.6.2",
    chalk: "5.6.2",
    commander: "14.0.3",
    pg: "8.23.1",
    yaml: "2.9.1"
  },
  devDependencies: {
    "@aws-sdk/client-auto-scaling": "3.1169.0",
    "@aws-sdk/client-ecr": "3.1169.0",
    "@biomejs/biome": "2.6.8",
    "@types/better-sqlite3": "7.6.13",
    "@types/node": "20.19.9",
    "@types/pg": "8.23.1",
    esbuild: "0.27.7",
    "fast-check": "4.10.2",
    jmespath: "0.16.0",
    "playwright-core": "1.65.1",
    stripe: "23.1.0",
    typescript: "5.9.3",
    vitest: "4.1.12"
  },
  allowScripts: {
    "better-sqlite3": true,
    esbuild: true
  }
};

// src/core/version.ts
var VERSION = package_default.version;

// src/models/as-cli.ts
init_pynum();
init_keys();

// src/core/shell-words.ts
function shellQuote(word) {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

// src/models/flags.ts
function kebab(name) {
  return name.replace(/(.)([A-Z][a-z]+)/g, "$1-$2").replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/_/g, "-").toLowerCase();
}
var cache = /* @__PURE__ */ new WeakMap();
function flagsFor(op) {
  let flags2 = cache.get(op);
  if (!flags2) {
    const required = new Set(op.input.required ?? []);
    const hidden = new Set(op.hiddenMembers ?? []);
    flags2 = Object.entries(op.input.members).map(([member, shape]) => ({
      flag: `--${kebab(member)}`,
      member,
      shape,
      required: required.has(member),
      hidden: hidden.has(member)
    }));
    cache.set(op, flags2);
  }
  return flags2;
}

// src/models/as-cli.ts
init_operation();
init_secrets();
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
function jsonWithSecrets(shape, value, path, secrets2) {
  if (value === null || value === void 0) return value;
  if (isSecret(shape)) {
    secrets2.push(path);
    return `\0${secrets2.length - 1}\0`;
  }
  if (shape.type === "list" && Array.isArray(value))
    return value.map((v, i) => jsonWithSecrets(shape.member, v, [...path, String(i + 1)], secrets2));
  if ((shape.type === "map" || shape.type === "structure") && typeof value === "object" && !Array.isArray(value)) {
    return mapEntries(value, (v, k) => {
      const member = shape.type === "map" ? shape.value : Object.hasOwn(shape.members, k) ? shape.members[k] : void 0;
      return member ? jsonWithSecrets(member, v, [...path, k], secrets2) : v;
    });
  }
  return value;
}
function jsonWord(shape, value, path) {
  const secrets2 = [];
  const text = stringifyJsonExact(jsonWithSecrets(shape, value, path, secrets2));
  if (secrets2.length === 0) return text;
  const parts = text.split(/\\u0000(\d+)\\u0000/);
  return {
    shell: parts.map((part, i) => i % 2 === 1 ? secretReference(secrets2[Number(part)]) : part === "" ? "" : shellQuote(part)).join("")
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

// src/server/admin.ts
init_registry();

// src/server/inspector.ts
var INSPECTOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>svcctl serve: inspector</title>
<link rel="stylesheet" href="/_svcctl/inspector.css">
</head>
<body>
<header>
  <h1>svcctl serve</h1>
  <span id="health" class="muted">connecting\u2026</span>
</header>
<main>
  <section aria-labelledby="resources-title">
    <h2 id="resources-title">Resources <span id="resource-count" class="muted"></span></h2>
    <p id="resources-empty" class="muted">No resources yet. Point a client at this server, e.g.
      <code>aws --endpoint-url <span class="origin"></span> ecr create-repository --repository-name team/app</code></p>
    <div class="scroll">
    <table id="resources" hidden>
      <thead><tr><th>Kind</th><th>Account</th><th>Region</th><th>Name</th><th>Created</th></tr></thead>
      <tbody></tbody>
    </table>
    </div>
  </section>
  <section aria-labelledby="journal-title">
    <h2 id="journal-title">Journal <span id="journal-count" class="muted"></span></h2>
    <form id="filters" class="filters">
      <label>Search <input id="filter-text" type="search" placeholder="operation, account, input\u2026"></label>
      <label>Account <select id="filter-account"><option value="">all</option></select></label>
      <label>Protocol <select id="filter-protocol"><option value="">all</option><option>query</option><option>json11</option><option>v2</option></select></label>
      <label>Status <select id="filter-status"><option value="">all</option><option value="ok">succeeded</option><option value="error">failed</option></select></label>
      <label><input id="live" type="checkbox" checked> live</label>
    </form>
    <p id="journal-empty" class="muted">No requests yet.</p>
    <table id="journal" hidden>
      <thead><tr><th>#</th><th>Time</th><th>Account</th><th>Protocol</th><th>Operation</th><th>Status</th><th>ms</th><th>Command line</th></tr></thead>
      <tbody></tbody>
    </table>
  </section>
</main>
<footer class="muted">The same data for scripts: <code>svcctl service resources</code>, <code>svcctl service journal --as-cli</code> (with <code>--endpoint-url <span class="origin"></span></code>).</footer>
<script src="/_svcctl/inspector.js"></script>
</body>
</html>
`;
var INSPECTOR_CSS = `:root { color-scheme: light dark; --fg: #1b1f24; --bg: #ffffff; --muted: #6a737d; --line: #d8dee4; --ok: #1a7f37; --bad: #cf222e; --code: #f6f8fa; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8b949e; --line: #30363d; --code: #161b22; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; align-items: baseline; gap: 1rem; padding: .75rem 1.25rem; border-bottom: 1px solid var(--line); }
h1 { font-size: 1.2rem; margin: 0; }
h2 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
main, footer { padding: 0 1.25rem 1rem; }
.muted { color: var(--muted); font-weight: normal; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; }
code { font: 12px/1.4 ui-monospace, monospace; background: var(--code); padding: .1rem .25rem; border-radius: 3px; word-break: break-all; }
.filters { display: flex; flex-wrap: wrap; gap: .75rem; margin-bottom: .5rem; }
.status-ok { color: var(--ok); }
.status-error { color: var(--bad); }
button.copy { margin-left: .5rem; font-size: 12px; cursor: pointer; }
/* At least the heading, a kind's first 10 rows and its "Show all" row: the button is never cut off. */
.scroll { max-height: max(40vh, 26rem); overflow: auto; }
tr.more td { border-bottom: none; }
`;
var INSPECTOR_JS = `'use strict';
(function () {
  var base = '/_svcctl';
  var PAGE = 10, KEEP = 500;
  var state = { kinds: [], span: { Kept: 0, FirstSeq: 0, LastSeq: 0 }, entries: [], lastSeq: 0, accounts: {}, full: {} };
  var expanded = {};
  var validators = {};
  var polls = 0;
  function $(id) { return document.getElementById(id); }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function setText(node, text) { if (node.textContent !== text) node.textContent = text; }
  function row(cells) {
    var tr = document.createElement('tr');
    cells.forEach(function (c) { var td = document.createElement('td'); if (c instanceof Node) td.appendChild(c); else td.textContent = c === undefined ? '' : String(c); tr.appendChild(td); });
    return tr;
  }
  // A GET that sends back the ETag of the last answer: 304 (nothing changed) costs a few headers, and the
  // answer kept is used. Resolves with { doc, changed }.
  function getJson(path) {
    var known = validators[path];
    var headers = known ? { 'If-None-Match': known.etag } : {};
    return fetch(base + path, { cache: 'no-store', headers: headers }).then(function (r) {
      if (r.status === 304 && known) return { doc: known.doc, changed: false };
      return r.json().then(function (doc) {
        if (!r.ok) throw new Error(doc.error ? doc.error.message : r.statusText);
        var etag = r.headers.get('ETag');
        if (etag) validators[path] = { etag: etag, doc: doc }; else delete validators[path];
        return { doc: doc, changed: true };
      });
    });
  }
  function copy(text, button) {
    function done() { button.textContent = 'Copied'; setTimeout(function () { button.textContent = 'Copy'; }, 1500); }
    if (navigator.clipboard && window.isSecureContext) { navigator.clipboard.writeText(text).then(done, fallback); } else { fallback(); }
    function fallback() {
      var area = document.createElement('textarea');
      area.value = text; area.setAttribute('readonly', ''); area.style.position = 'fixed'; area.style.opacity = '0';
      document.body.appendChild(area); area.select();
      try { document.execCommand('copy'); done(); } catch (e) { button.textContent = 'Select and copy'; }
      document.body.removeChild(area);
    }
  }
  // Puts the rows of items (each { key, make, update }) in tbody in that order, keeping the rows whose key
  // is already there: a row that stays is neither rebuilt nor moved, so a selection in it survives.
  function reconcile(tbody, items) {
    var wanted = {}, have = {};
    items.forEach(function (it) { wanted[it.key] = true; });
    Array.prototype.slice.call(tbody.rows).forEach(function (tr) {
      if (wanted[tr.dataset.key] && !have[tr.dataset.key]) have[tr.dataset.key] = tr; else tbody.removeChild(tr);
    });
    var cursor = tbody.firstChild;
    items.forEach(function (it) {
      var tr = have[it.key];
      if (tr) { if (it.update) it.update(tr); } else { tr = it.make(); tr.dataset.key = it.key; }
      if (tr === cursor) cursor = cursor.nextSibling; else tbody.insertBefore(tr, cursor);
    });
  }
  function noun(n, kind) { return n === 1 ? kind.replace(/ies$/, 'y').replace(/s$/, '') : kind; }
  function showError(err) { $('health').textContent = 'not reachable: ' + err.message; $('health').classList.add('status-error'); }
  function toggle(kind) {
    expanded[kind] = !expanded[kind];
    if (!expanded[kind]) { delete state.full[kind]; delete validators['/resources?kind=' + kind]; renderResources(); return; }
    renderResources();
    loadFull(kind).then(renderResources, showError);
  }
  // "Show all": the rest of one kind, asked for when the button is pressed, and again only when it changed.
  function loadFull(kind) {
    return getJson('/resources?kind=' + encodeURIComponent(kind)).then(function (a) {
      if (expanded[kind]) state.full[kind] = a.doc.Resources;
      return a.changed;
    });
  }
  function moreItem(k) {
    function fill(tr) {
      var open = !!expanded[k.Kind];
      var loading = open && !state.full[k.Kind];
      setText(tr.querySelector('span'), open ? '' : (k.Count - PAGE) + ' more ' + noun(k.Count - PAGE, k.Kind) + ' ');
      setText(tr.querySelector('button'), loading ? 'Loading ' + k.Count + ' ' + k.Kind + '\u2026' : open ? 'Show the first ' + PAGE + ' ' + k.Kind : 'Show all ' + k.Count + ' ' + k.Kind);
    }
    return {
      key: 'more ' + k.Kind,
      make: function () {
        var button = el('button', '', 'more'); button.type = 'button';
        button.addEventListener('click', function () { toggle(k.Kind); });
        var td = document.createElement('td'); td.colSpan = 5;
        td.appendChild(el('span', '', 'muted')); td.appendChild(button);
        var tr = document.createElement('tr'); tr.className = 'more'; tr.dataset.kind = k.Kind; tr.appendChild(td);
        fill(tr);
        return tr;
      },
      update: fill,
    };
  }
  function renderResources() {
    var items = [], parts = [];
    state.kinds.forEach(function (k) {
      var rows = expanded[k.Kind] && state.full[k.Kind] ? state.full[k.Kind] : k.First;
      rows.forEach(function (r) {
        items.push({
          key: ['r', r.Kind, r.Account, r.Region || '', r.Name].join(' | '),
          make: function () {
            var tr = row([r.Kind, r.Account, r.Region || '', r.Name, r.Created]);
            tr.dataset.kind = r.Kind; tr.dataset.account = r.Account; tr.dataset.name = r.Name;
            return tr;
          },
          update: function (tr) { setText(tr.cells[4], r.Created); },
        });
      });
      if (k.Count > PAGE) items.push(moreItem(k));
      Object.keys(k.Accounts).sort().forEach(function (a) { var n = k.Accounts[a]; parts.push(n + ' ' + noun(n, k.Kind) + ' in ' + a); });
    });
    reconcile($('resources').tBodies[0], items);
    setText($('resource-count'), parts.length ? '(' + parts.join(', ') + ')' : '');
    $('resources').hidden = state.kinds.length === 0;
    $('resources-empty').hidden = state.kinds.length > 0;
  }
  function filters() {
    var text = $('filter-text').value.trim().toLowerCase();
    var account = $('filter-account').value, protocol = $('filter-protocol').value, status = $('filter-status').value;
    return { any: !!(text || account || protocol || status), test: function (e) {
      if (account && e.Account !== account) return false;
      if (protocol && e.Protocol !== protocol) return false;
      if (status === 'ok' && e.Status >= 400) return false;
      if (status === 'error' && e.Status < 400) return false;
      if (text && JSON.stringify(e).toLowerCase().indexOf(text) < 0) return false;
      return true;
    } };
  }
  function renderAccounts() {
    var select = $('filter-account');
    var seen = {};
    state.entries.forEach(function (e) { seen[e.Account] = true; });
    state.kinds.forEach(function (k) { Object.keys(k.Accounts).forEach(function (a) { seen[a] = true; }); });
    Object.keys(seen).sort().forEach(function (a) {
      if (state.accounts[a]) return;
      state.accounts[a] = true;
      var o = el('option', a); o.value = a; select.appendChild(o);
    });
  }
  function journalItem(e) {
    return {
      key: String(e.Seq),
      make: function () {
        var cli = el('code', e.Cli, 'cli');
        var button = el('button', 'Copy', 'copy'); button.type = 'button';
        button.addEventListener('click', function () { copy(e.Cli, button); });
        var line = document.createElement('div'); line.appendChild(cli); line.appendChild(button);
        var status = el('span', e.Status + (e.ErrorCode ? ' ' + e.ErrorCode : ''), e.Status >= 400 ? 'status-error' : 'status-ok');
        var tr = row([e.Seq, e.Time, e.Account + (e.Principal ? ' (' + e.Principal + ')' : ''), e.Protocol, e.Operation, status, e.LatencyMs, line]);
        tr.dataset.seq = e.Seq; tr.dataset.operation = e.Operation;
        return tr;
      },
    };
  }
  function renderJournal() {
    var f = filters();
    var shown = state.entries.filter(f.test).reverse();
    reconcile($('journal').tBodies[0], shown.map(journalItem));
    // What the journal keeps: those the last state counted, and those that came after it.
    var loaded = state.entries.length;
    var kept = Math.max(loaded, state.span.Kept + state.entries.filter(function (e) { return e.Seq > state.span.LastSeq; }).length);
    var count = !loaded ? '' : f.any && loaded < kept ? '(' + shown.length + ' of the newest ' + loaded + ' of ' + kept + ')' : '(' + shown.length + ' of ' + kept + ')';
    setText($('journal-count'), count);
    $('journal').hidden = shown.length === 0;
    $('journal-empty').hidden = shown.length > 0;
    setText($('journal-empty'), loaded ? 'No entry matches the filters.' : 'No requests yet.');
  }
  // The journal after the newest entry the page has (at first all, at most KEEP), less what the bound or a
  // reset removed since.
  function loadJournal() {
    var span = state.span;
    var before = state.entries.length;
    state.entries = state.entries.filter(function (e) { return span.Kept > 0 && e.Seq >= span.FirstSeq; });
    var dropped = state.entries.length !== before;
    if (span.LastSeq <= state.lastSeq) return Promise.resolve(dropped);
    return fetch(base + '/journal?cli=1&limit=' + KEEP + '&after=' + state.lastSeq, { cache: 'no-store' }).then(function (r) {
      return r.json().then(function (doc) {
        if (!r.ok) throw new Error(doc.error ? doc.error.message : r.statusText);
        doc.Entries.forEach(function (e) { if (e.Seq > state.lastSeq) { state.entries.push(e); state.lastSeq = e.Seq; } });
        if (state.entries.length > KEEP) state.entries = state.entries.slice(state.entries.length - KEEP);
        return true;
      });
    });
  }
  function refresh() {
    return Promise.all([getJson('/health'), getJson('/inspector/state?first=' + PAGE)]).then(function (answers) {
      var h = answers[0].doc;
      setText($('health'), 'version ' + h.version + ', up ' + Math.round(h.uptimeSeconds) + ' s, ' + h.store.kind + ' store');
      $('health').classList.remove('status-error');
      var s = answers[1];
      if (s.changed) { state.kinds = s.doc.Resources; state.span = s.doc.Journal; }
      var more = {};
      state.kinds.forEach(function (k) { more[k.Kind] = k.Count > PAGE; });
      var fulls = Object.keys(expanded).filter(function (kind) { return expanded[kind]; }).map(function (kind) {
        if (!more[kind]) { delete state.full[kind]; return Promise.resolve(s.changed); }
        return s.changed || !state.full[kind] ? loadFull(kind) : Promise.resolve(false);
      });
      return Promise.all([loadJournal()].concat(fulls)).then(function (changes) {
        if (s.changed || changes.some(Boolean)) { renderAccounts(); renderResources(); renderJournal(); }
        document.body.dataset.loaded = 'true';
      });
    }).catch(showError).then(function () {
      polls += 1; document.body.dataset.polls = String(polls);
    });
  }
  function tick() { if ($('live').checked) { refresh().then(function () { setTimeout(tick, 1000); }); } else { setTimeout(tick, 1000); } }
  Array.prototype.forEach.call(document.querySelectorAll('.origin'), function (n) { n.textContent = location.origin; });
  ['filter-text', 'filter-account', 'filter-protocol', 'filter-status'].forEach(function (id) { $(id).addEventListener('input', renderJournal); $(id).addEventListener('change', renderJournal); });
  $('filters').addEventListener('submit', function (ev) { ev.preventDefault(); });
  tick();
})();
`;

// src/server/browsers.ts
init_errors();
import { isIP } from "node:net";
var NAME2 = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)$/;
var HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::(\d{1,5}))?$/;
function splitHost(value) {
  const m = HOST.exec(value.toLowerCase());
  return m ? { name: m[1], port: m[2] === void 0 ? void 0 : Number(m[2]) } : void 0;
}
function isAddress(name) {
  return isIP(name.startsWith("[") ? name.slice(1, -1) : name) !== 0;
}
function hostRules(listenHost, allowedHosts) {
  const names = /* @__PURE__ */ new Set();
  const withPort = /* @__PURE__ */ new Set();
  const suffixes = [];
  let any = false;
  const own = listenHost.toLowerCase();
  if (NAME2.test(own) && !isAddress(own)) names.add(own);
  for (const word of (allowedHosts ?? "").split(",").map((w) => w.trim().toLowerCase())) {
    if (word === "") continue;
    if (word === "*") any = true;
    else if (word.startsWith(".") && NAME2.test(word.slice(1))) suffixes.push(word);
    else {
      const host = splitHost(word);
      if (!host || !NAME2.test(host.name) || host.port !== void 0 && host.port > 65535) {
        throw new UsageError(
          `argument --allowed-hosts: invalid host: '${word.slice(0, 100)}' (a name, name:port, .domain for it and its subdomains, or * for any)`
        );
      }
      if (host.port === void 0) names.add(host.name);
      else withPort.add(`${host.name}:${host.port}`);
    }
  }
  return { any, names, withPort, suffixes };
}
function encrypted(req) {
  return req.socket.encrypted === true;
}
function namesServe(host, localPort, secure, rules) {
  if (rules.any) return true;
  const parsed2 = splitHost(host);
  if (!parsed2) return false;
  const defaultPort = secure ? 443 : 80;
  if (rules.withPort.has(`${parsed2.name}:${parsed2.port ?? defaultPort}`)) return true;
  if ((parsed2.port ?? defaultPort) !== localPort) return false;
  const { name } = parsed2;
  return isAddress(name) || name === "localhost" || rules.names.has(name) || rules.suffixes.some((s) => name === s.slice(1) || name.endsWith(s));
}
function hostRefusal(req, rules) {
  const host = req.headers.host;
  const port2 = req.socket.localPort ?? 0;
  if (host === void 0 || namesServe(host, port2, encrypted(req), rules)) return void 0;
  return `Host ${host.slice(0, 100)} does not name this server: it answers IP addresses, localhost and the names of --host and --allowed-hosts, on port ${port2}. A page whose name was made to resolve here (DNS rebinding) gets this answer; to reach serve by that name, start it with --allowed-hosts NAME.`;
}
function otherSite(req) {
  const site = req.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return `Sec-Fetch-Site: ${site}`;
  const origin = req.headers.origin;
  if (origin === void 0) return void 0;
  try {
    const own = new URL(`${encrypted(req) ? "https" : "http"}://${req.headers.host ?? ""}`).origin;
    if (new URL(origin).origin === own) return void 0;
  } catch {
  }
  return `Origin: ${origin.slice(0, 100)}`;
}
function signed(req) {
  const query = (req.url ?? "").split("?")[1] ?? "";
  return /(?:^|&)X-Amz-Signature=/.test(query) || (req.headers.authorization ?? "").startsWith("AWS4-HMAC-SHA256 ");
}
function writeRefusal(req, op) {
  if (op.readOnly) return void 0;
  const site = otherSite(req);
  if (site) return `${op.name} changes the store and this request came from a page of another site (${site}): refused.`;
  if ((req.method === "GET" || req.method === "HEAD") && !signed(req)) {
    return `${op.name} changes the store: over ${req.method} it is taken only when signed (a presigned URL with X-Amz-Signature, or an Authorization header); send it as POST.`;
  }
  return void 0;
}

// src/server/admin.ts
init_settings_store();
init_faults();
init_errors();
var OPS_PREFIX = "/_svcctl";
function isOpsPath(pathname) {
  return pathname === OPS_PREFIX || pathname.startsWith(`${OPS_PREFIX}/`);
}
function json(status, doc, headers2) {
  return { status, type: "application/json", body: `${stringifyJsonExact(doc)}
`, headers: headers2 };
}
function problem4(status, code, message, headers2) {
  return json(status, { error: { code, message } }, headers2);
}
function isAdmin(req, credentials) {
  const key = bearerKey(req.headers.authorization);
  return key !== void 0 && key !== "" && credentials.v2Principal(key)?.admin === true;
}
var ADMIN_HINT = "send Authorization: Bearer <api_key> of a principal with admin = true in the --credentials file";
function mayRead(req, deps) {
  if (!deps.credentials || isLoopback(req.socket.remoteAddress ?? "") || isAdmin(req, deps.credentials))
    return void 0;
  return problem4(
    403,
    "AccessDenied",
    `This server has --credentials: beyond loopback, reading the journal and every account's resources needs an admin key (${ADMIN_HINT}).`
  );
}
function mayReset(req, deps, what = "reset") {
  const from = req.socket.remoteAddress ?? "an unknown address";
  const What = what.charAt(0).toUpperCase() + what.slice(1);
  if (!isLoopback(from))
    return problem4(
      403,
      "AccessDenied",
      `${What} is allowed only from this machine's loopback interface (127.0.0.1, ::1); this request came from ${from}.`
    );
  if (deps.credentials && !isAdmin(req, deps.credentials))
    return problem4(403, "AccessDenied", `This server has --credentials: ${what} needs an admin key (${ADMIN_HINT}).`);
  return void 0;
}
function poolOf(deps) {
  const pool = deps.service.poolState;
  return pool ? { poolThreads: pool.threads } : {};
}
function health(deps) {
  return json(200, {
    status: "ok",
    version: VERSION,
    uptimeSeconds: Number(deps.metrics.uptimeSeconds().toFixed(3)),
    store: { kind: deps.service.storeKind, ...poolOf(deps) }
  });
}
var READY_BOUND_MS = 1e3;
async function ready(deps) {
  const r = await deps.service.readiness(READY_BOUND_MS);
  if (r.ready) return json(200, r);
  deps.metrics.storeError();
  return json(503, r);
}
function count(value, name) {
  if (value === null) return void 0;
  if (!/^\d{1,9}$/.test(value))
    return problem4(400, "InvalidParameter", `${name} must be a whole number, not '${value.slice(0, 40)}'.`);
  return Number(value);
}
async function journal(req, url2, deps) {
  const after = count(url2.searchParams.get("after"), "after");
  const limit = count(url2.searchParams.get("limit"), "limit");
  if (typeof after === "object") return after;
  if (typeof limit === "object") return limit;
  const entries = await deps.service.admin({ what: "journal", after, limit });
  if (url2.searchParams.get("cli") !== "1") return json(200, { Entries: entries });
  const endpointUrl = `http://${req.headers.host ?? "127.0.0.1"}`;
  return json(200, {
    Entries: entries.map((e) => ({
      ...e,
      Cli: cliLine(operation(e.Operation), e.Input, {
        endpointUrl,
        region: e.Region,
        idempotencyKey: e.IdempotencyKey
      })
    }))
  });
}
async function resources(url2, deps) {
  const kind = url2.searchParams.get("kind");
  if (kind !== null && !RESOURCE_KINDS.includes(kind))
    return problem4(
      400,
      "InvalidParameter",
      `Unknown kind '${kind.slice(0, 40)}': expected one of ${RESOURCE_KINDS.join(", ")}.`
    );
  const asked = kind === null ? {} : { kind };
  return json(200, { Resources: await deps.service.admin({ what: "resources", ...asked }) });
}
var MAX_FIRST = 1e3;
async function inspectorState(url2, deps) {
  const first = count(url2.searchParams.get("first"), "first") ?? 10;
  if (typeof first === "object") return first;
  if (first > MAX_FIRST) return problem4(400, "InvalidParameter", `first is at most ${MAX_FIRST}, not ${first}.`);
  const state = await deps.service.admin({ what: "summary", first });
  return json(200, { Resources: state.resources, Journal: { ...state.journal, Size: deps.journalSize } });
}
async function readSmallBody(req) {
  let body = "";
  for await (const chunk of req) {
    body += chunk.toString("utf8");
    if (body.length > 4096) throw new Error("too long");
  }
  return body;
}
async function reset(req, url2, deps) {
  const refused = mayReset(req, deps);
  if (refused) return refused;
  let fields = {};
  try {
    const body = (await readSmallBody(req)).trim();
    if (body !== "") fields = JSON.parse(body);
    if (fields === null || typeof fields !== "object" || Array.isArray(fields)) throw new Error("not an object");
  } catch {
    return problem4(
      400,
      "InvalidParameter",
      'The body of a reset is empty or a JSON object: {"kind": "...", "account": "..."}.'
    );
  }
  const kind = url2.searchParams.get("kind") ?? fields.kind;
  const account = url2.searchParams.get("account") ?? fields.account;
  if (kind !== void 0 && (typeof kind !== "string" || !RESET_KINDS.includes(kind))) {
    return problem4(
      400,
      "InvalidParameter",
      `Unknown kind '${String(kind).slice(0, 40)}': expected one of ${RESET_KINDS.join(", ")}.`
    );
  }
  if (account !== void 0 && (typeof account !== "string" || !/^\d{12}$/.test(account))) {
    return problem4(400, "InvalidParameter", `An account is 12 digits, not '${String(account).slice(0, 40)}'.`);
  }
  const deleted = await deps.service.admin({
    what: "reset",
    kind,
    account
  });
  return json(200, { Deleted: deleted });
}
async function setFaults(req, deps) {
  const refused = mayReset(req, deps, "changing fault rules");
  if (refused) return refused;
  const shape = 'The body of POST /_svcctl/faults is a JSON object of fault rule names and rules: {"fault.ecr.CreateRepository": "throttle;next=2"} (null removes a rule).';
  let doc;
  try {
    doc = JSON.parse(await readSmallBody(req));
  } catch {
    return problem4(400, "InvalidParameter", shape);
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return problem4(400, "InvalidParameter", shape);
  const pairs = [];
  for (const [name, value] of Object.entries(doc)) {
    if (!isFaultName(name))
      return problem4(
        400,
        "InvalidParameter",
        `'${name.slice(0, 60)}' is not a fault rule name (fault.<service>.<Operation>).`
      );
    if (value !== null && typeof value !== "string")
      return problem4(
        400,
        "InvalidParameter",
        `The rule of ${name} is a string or null, not ${JSON.stringify(value).slice(0, 40)}.`
      );
    pairs.push([name, value ?? "none"]);
  }
  try {
    for (const [name, value] of pairs) checkSetting(name, value);
  } catch (err) {
    if (err instanceof InputError) return problem4(400, "InvalidParameter", err.message);
    throw err;
  }
  return json(200, { Faults: await deps.service.admin({ what: "set-settings", pairs }) });
}
async function deleteFaults(req, url2, deps) {
  const refused = mayReset(req, deps, "changing fault rules");
  if (refused) return refused;
  const name = url2.searchParams.get("name");
  if (name !== null && !isFaultName(name))
    return problem4(
      400,
      "InvalidParameter",
      `'${name.slice(0, 60)}' is not a fault rule name (fault.<service>.<Operation>).`
    );
  if (name !== null) {
    try {
      parseFaultName(name);
    } catch (err) {
      if (err instanceof InputError) return problem4(400, "InvalidParameter", err.message);
      throw err;
    }
  }
  const names = name === null ? void 0 : [name];
  return json(200, { Faults: await deps.service.admin({ what: "remove-faults", ...names ? { names } : {} }) });
}
var page = (type, body) => (req, _url, deps) => mayRead(req, deps) ?? { status: 200, type, body };
var ROUTES2 = {
  "/health": { method: "GET", route: (_req, _url, deps) => health(deps) },
  "/ready": { method: "GET", route: (_req, _url, deps) => ready(deps) },
  "/metrics": {
    method: "GET",
    route: (_req, _url, deps) => ({
      status: 200,
      type: "text/plain; version=0.0.4; charset=utf-8",
      body: deps.metrics.render(Date.now(), deps.service.poolState)
    })
  },
  "/journal": {
    method: "GET",
    route: (req, url2, deps) => mayRead(req, deps) ?? journal(req, url2, deps),
    afterJournal: true
  },
  "/resources": {
    method: "GET",
    route: (req, url2, deps) => mayRead(req, deps) ?? resources(url2, deps)
  },
  "/inspector/state": {
    method: "GET",
    route: (req, url2, deps) => mayRead(req, deps) ?? inspectorState(url2, deps),
    afterJournal: true
  },
  "/reset": { method: "POST", route: reset, afterJournal: true },
  "/faults": {
    method: "GET",
    route: async (req, _url, deps) => mayRead(req, deps) ?? json(200, { Faults: await deps.service.admin({ what: "faults" }) }),
    also: { POST: (req, _url, deps) => setFaults(req, deps), DELETE: deleteFaults }
  },
  "/": { method: "GET", route: page("text/html; charset=utf-8", INSPECTOR_HTML) },
  "/inspector.css": { method: "GET", route: page("text/css; charset=utf-8", INSPECTOR_CSS) },
  "/inspector.js": { method: "GET", route: page("text/javascript; charset=utf-8", INSPECTOR_JS) }
};
function fromAnotherSite(req, deps) {
  const misdirected = hostRefusal(req, deps.hosts);
  if (misdirected) return problem4(421, "MisdirectedRequest", misdirected, { connection: "close" });
  const site = otherSite(req);
  if (site)
    return problem4(
      403,
      "AccessDenied",
      `Requests to ${OPS_PREFIX}/ from a page of another site are refused (${site}).`
    );
  return void 0;
}
async function route(req, deps) {
  const refused = fromAnotherSite(req, deps);
  if (refused) return refused;
  const url2 = new URL(req.url ?? "/", "http://svcctl");
  const sub = url2.pathname === OPS_PREFIX ? "/" : url2.pathname.slice(OPS_PREFIX.length);
  const r = ROUTES2[sub];
  if (!r)
    return problem4(
      404,
      "NotFound",
      `No such endpoint: ${url2.pathname.slice(0, 100)} (see GET ${OPS_PREFIX}/ for the inspector).`
    );
  const method = req.method === "HEAD" && r.method === "GET" ? "GET" : req.method;
  const handle = method === r.method ? r.route : r.also?.[method];
  if (!handle) {
    const allowed = [r.method, ...Object.keys(r.also ?? {})];
    return problem4(405, "MethodNotAllowed", `${url2.pathname} takes ${allowed.join(" or ")}.`, {
      allow: allowed.join(", ")
    });
  }
  try {
    if (r.afterJournal) {
      await new Promise((resolve3) => setImmediate(resolve3));
      await deps.service.journalWritten();
    }
    return await handle(req, url2, deps);
  } catch (err) {
    deps.metrics.storeError();
    if (err instanceof StoreUnavailableError)
      return problem4(503, "ServiceUnavailable", `${withoutTopology(err)}. Retry the request.`);
    return problem4(500, "InternalError", `The store could not answer: ${err.message}`);
  }
}
var compressors = {
  br: promisify(brotliCompress),
  gzip: promisify(gzip)
};
var COMPRESS_FROM = 1024;
function chooseEncoding(accept) {
  const accepted = /* @__PURE__ */ new Set();
  for (const part of (accept ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== void 0 && !(Number(q.slice(2)) > 0)) continue;
    if (name) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return void 0;
}
function etagOf(body) {
  return `W/"${createHash3("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}
function notModified(ifNoneMatch, etag) {
  if (ifNoneMatch === void 0) return false;
  const bare = (tag2) => tag2.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}
async function answerOps(req, res, deps, closing) {
  const a = await route(req, deps);
  req.resume();
  const headers2 = { "cache-control": "no-store", ...a.headers };
  if (closing) headers2.connection = "close";
  const read = a.status === 200 && (req.method === "GET" || req.method === "HEAD");
  if (read) {
    headers2.etag = etagOf(a.body);
    headers2.vary = "Accept-Encoding";
    if (notModified(req.headers["if-none-match"], headers2.etag)) {
      res.writeHead(304, headers2);
      res.end();
      return 304;
    }
  }
  let body = Buffer.from(a.body, "utf8");
  const encoding = read && body.length >= COMPRESS_FROM ? chooseEncoding(req.headers["accept-encoding"]) : void 0;
  if (encoding === "br") body = await compressors.br(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  else if (encoding === "gzip") body = await compressors.gzip(body);
  if (encoding) headers2["content-encoding"] = encoding;
  res.writeHead(a.status, { "content-type": a.type, "content-length": body.length, ...headers2 });
  res.end(req.method === "HEAD" ? void 0 : body);
  return a.status;
}

// src/server/handler.ts
init_faults();

// src/server/framing.ts
var ABSOLUTE = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)(.*)$/s;
function framingProblem(req) {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === "host") hosts++;
  if (hosts > 1)
    return `The request has ${hosts} Host header fields; HTTP/1.1 allows exactly one (RFC 9112, section 3.2).`;
  const m = ABSOLUTE.exec(req.url ?? "/");
  if (!m) return void 0;
  const [, scheme, authority, rest] = m;
  if (!/^https?$/i.test(scheme))
    return `The request target's scheme ${scheme.slice(0, 20)}: is not http or https (RFC 9112, section 3.2.2).`;
  if (authority === "" || authority.includes("@"))
    return `The request target's authority ${JSON.stringify(authority.slice(0, 100))} is not a host[:port] (RFC 9112, section 3.2.2).`;
  const path = rest.split("#")[0];
  req.url = path.startsWith("/") ? path : `/${path}`;
  req.headers.host = authority;
  return void 0;
}

// src/server/handler.ts
init_wait();
function lowerHeaders(req) {
  const out = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== void 0) out[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v;
  return out;
}
var UNAVAILABLE_MESSAGE = "The service is unavailable. Retry the request.";
var OUTCOME_UNKNOWN_MESSAGE = "The service could not confirm whether the request was done: it may have been. Check before repeating it (a v2 request repeated with the same Idempotency-Key gets the first answer).";
function storeFailed(deps, err) {
  deps.metrics.storeError();
  if (deps.metrics.storeFailed())
    deps.log(`store: unavailable: ${err.message} Requests get 503 until it serves again.`);
}
function storeServed(deps) {
  const over = deps.metrics.storeServed();
  if (over)
    deps.log(
      `store: serving again after ${over.seconds.toFixed(1)} s (${over.answered503} request(s) answered 503 meanwhile)`
    );
}
function asServiceError(err, protocol, deps) {
  const log = deps.log;
  if (err instanceof StoreUnavailableError) {
    storeFailed(deps, err);
    return protocol.codec.problem(
      "unavailable",
      err.outcome === "unknown" ? OUTCOME_UNKNOWN_MESSAGE : UNAVAILABLE_MESSAGE
    );
  }
  if (err instanceof ServiceError) return err;
  if (err instanceof BodyError) return protocol.codec.problem(err.kind, err.message);
  log(`internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
  if (String(err?.code ?? "").startsWith("SQLITE_")) deps.metrics.storeError();
  return protocol.codec.problem("internal", "The server had an internal error processing the request.");
}
async function answer(req, headers2, deps, protocol, requestId) {
  const outcome = await answerCall(req, headers2, deps, protocol, requestId);
  const extra = protocol.answerHeaders?.(headers2);
  if (extra) outcome.response.headers = { ...outcome.response.headers, ...extra };
  return outcome;
}
function warningOf(protocol, headers2) {
  const warning = protocol.warning?.(headers2);
  return warning === void 0 ? {} : { warning };
}
async function answerCall(req, headers2, deps, protocol, requestId) {
  let operation2 = "-";
  let call;
  const misdirected = hostRefusal(req, deps.hosts);
  if (misdirected) {
    const error = protocol.codec.problem("misdirected", misdirected);
    return { response: protocol.codec.encodeError(error, requestId), operation: operation2, close: true, errorCode: error.code };
  }
  try {
    const body = await readBody(req, deps.limits, deps.budget);
    const wire = { method: req.method ?? "GET", path: req.url ?? "/", headers: headers2, body };
    const caller = authenticate(protocol.codec, wire, deps);
    const tooDeep = nestingProblem(protocol.codec.name, req.url ?? "/", body, deps.limits.maxNesting);
    if (tooDeep) throw protocol.codec.problem("bad-encoding", tooDeep);
    const { op, params } = protocol.codec.decodeRequest(wire);
    operation2 = op.name;
    const refused = writeRefusal(req, op);
    if (refused) throw protocol.codec.problem("forbidden", refused);
    const unknown = unknownMemberError(op, params);
    if (unknown) throw unknown;
    const context = { ...protocol.callContext(wire), ...caller };
    call = {
      input: maskSecrets(op.input, params),
      account: context.accountId ?? deps.service.accountId,
      principal: context.principal,
      region: context.region,
      ...context.idempotencyKey === void 0 ? {} : { idempotencyKey: context.idempotencyKey },
      ...warningOf(protocol, headers2)
    };
    const fired = await deps.service.fault({
      service: op.service,
      operation: op.name,
      account: call.account,
      region: call.region
    });
    if (fired) {
      call.fault = fired.label;
      const action = fired.rule.action;
      if (action.kind === "close")
        return { response: { status: 0, headers: {}, body: "" }, operation: operation2, close: true, drop: true, call };
      if (action.kind === "latency") await waitAtLeast(action.ms);
      else throw faultError(op.service, action.kind);
    }
    answering.add(req.socket);
    let output;
    try {
      output = await deps.service.call(op.name, params, context);
    } catch (err) {
      if (err instanceof ServiceError && !(err instanceof StoreUnavailableError)) storeServed(deps);
      throw err;
    } finally {
      answering.delete(req.socket);
    }
    storeServed(deps);
    return { response: protocol.codec.encodeResponse(op, output, requestId), operation: operation2, close: false, call };
  } catch (err) {
    const error = asServiceError(err, protocol, deps);
    const op = operation2 === "-" ? void 0 : operation(operation2);
    return {
      response: protocol.codec.encodeError(error, requestId, op),
      operation: operation2,
      close: err instanceof BodyError,
      call,
      errorCode: error.code
    };
  }
}
function hangUp(req) {
  req.resume();
  req.socket.end();
  setTimeout(() => req.socket.destroy(), 2e3).unref();
}
function send(res, outcome, closing) {
  const body = Buffer.from(outcome.response.body, "utf8");
  const headers2 = { ...outcome.response.headers, "content-length": body.length };
  if (outcome.close || closing) headers2.connection = "close";
  res.writeHead(outcome.response.status, headers2);
  res.end(body);
}
var answering = /* @__PURE__ */ new WeakSet();
var JOURNAL_WAIT_MS = 1e3;
function journal2(deps, protocol, outcome, startedMs, latencyMs) {
  if (!outcome.call || deps.journalSize <= 0) return Promise.resolve();
  const written = deps.journal.add({
    timeMs: startedMs,
    ...outcome.call,
    protocol: protocol.codec.name,
    operation: operation(outcome.operation).name,
    status: outcome.response.status,
    errorCode: outcome.errorCode,
    latencyMs: Number(latencyMs.toFixed(3))
  });
  let timer;
  const late = new Promise((resolve3) => {
    timer = setTimeout(resolve3, JOURNAL_WAIT_MS);
  });
  return Promise.race([written, late]).finally(() => clearTimeout(timer));
}
function opsRequest(req, res, deps, started) {
  answerOps(req, res, deps, deps.closing()).then(
    (status) => deps.log(
      `${req.socket.remoteAddress ?? "-"} ${req.method} ${(req.url ?? "/").split("?")[0]} ${status} svcctl ${(performance.now() - started).toFixed(1)}ms`
    )
  ).catch((err) => {
    deps.log(`could not answer ${req.method} ${req.url}: ${err instanceof Error ? err.message : String(err)}`);
    res.destroy();
  });
}
function refuseFraming(req, res, deps, reason, started) {
  const body = Buffer.from(`${reason}
`, "utf8");
  res.writeHead(400, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": body.length,
    connection: "close"
  });
  res.end(body);
  res.on("finish", () => hangUp(req));
  deps.log(
    `${req.socket.remoteAddress ?? "-"} ${req.method} ${(req.url ?? "/").split("?")[0].slice(0, 200)} 400 http ${(performance.now() - started).toFixed(1)}ms: ${reason}`
  );
}
function createHandler(deps) {
  return (req, res) => {
    const started = performance.now();
    const startedMs = deps.service.clock.now().getTime();
    const framing = framingProblem(req);
    if (framing) return refuseFraming(req, res, deps, framing, started);
    if (isOpsPath((req.url ?? "/").split("?")[0])) return opsRequest(req, res, deps, started);
    const headers2 = lowerHeaders(req);
    const protocol = pickProtocol(req.url ?? "/", headers2);
    const requestId = protocol.requestId();
    answer(req, headers2, deps, protocol, requestId).then(async (outcome) => {
      const elapsed = performance.now() - started;
      await journal2(deps, protocol, outcome, startedMs, elapsed);
      if (outcome.drop) req.socket.destroy();
      else {
        if (outcome.close) res.on("finish", () => hangUp(req));
        send(res, outcome, deps.closing());
      }
      deps.metrics.observe(protocol.codec.name, outcome.operation, outcome.response.status, elapsed / 1e3);
      const ms2 = elapsed.toFixed(1);
      const path = (req.url ?? "/").split("?")[0];
      const remote = req.socket.remoteAddress ?? "-";
      deps.log(
        `${remote} ${req.method} ${path} ${outcome.response.status} ${protocol.codec.name}:${outcome.operation} ${ms2}ms`,
        {
          remote,
          method: req.method,
          path,
          status: outcome.response.status,
          protocol: protocol.codec.name,
          operation: outcome.operation,
          ms: Number(ms2),
          requestId
        }
      );
    }).catch((err) => {
      deps.log(`could not answer ${req.method} ${req.url}: ${err instanceof Error ? err.message : String(err)}`);
      res.destroy();
    });
  };
}

// src/server/journal-writer.ts
var BACKLOG_MAX = 1e5;
var RETRY_MS = 1e3;
var JournalWriter = class {
  constructor(service, size, metrics, log) {
    this.service = service;
    this.size = size;
    this.metrics = metrics;
    this.log = log;
  }
  service;
  size;
  metrics;
  log;
  /** Rows of this turn of the event loop. */
  turn = [];
  /** Rows the store did not take yet, oldest first. */
  backlog = [];
  retry;
  /** Writes fail since the first one that did: logged once, and its end once. */
  failing = false;
  /** Who waits for this turn's write (the requests whose answers wait for their rows). */
  waiters = [];
  /**
   * One answered request's row; written at the end of this turn with the others. Resolves once the write
   * is done, or failed (the row then waits in memory): serve sends the answer after it, so that a client
   * that got its answer finds its row on any instance.
   */
  add(record) {
    if (this.size <= 0) return Promise.resolve();
    this.turn.push(record);
    if (this.turn.length === 1) setImmediate(() => this.flush());
    return new Promise((resolve3) => this.waiters.push(resolve3));
  }
  /** Rows waiting for the store (metrics). */
  get pending() {
    return this.backlog.length;
  }
  /** This turn's rows and those waiting, in one write (several writes may be under way at once, with a pool). */
  flush() {
    const all = this.backlog.length > 0 ? [...this.backlog, ...this.turn] : this.turn;
    const waiters = this.waiters;
    this.backlog = [];
    this.turn = [];
    this.waiters = [];
    const settle = () => {
      for (const w of waiters) w();
    };
    if (all.length === 0) return settle();
    const failed = (err) => {
      this.metrics.storeError();
      if (!this.failing)
        this.log(
          `journal: entries wait in memory for the store (they are written when it takes writes again): ${err.message}`
        );
      this.failing = true;
      this.keep(all);
      settle();
    };
    const written = () => {
      settle();
      if (!this.failing || this.backlog.length > 0) return;
      this.failing = false;
      this.log("journal: the entries that waited for the store are recorded");
    };
    try {
      this.service.recordJournal(all, this.size).then(written, failed);
    } catch (err) {
      failed(err);
    }
  }
  keep(records) {
    this.backlog = records.concat(this.backlog);
    const over = this.backlog.length - BACKLOG_MAX;
    if (over > 0) {
      this.backlog.splice(0, over);
      this.metrics.journalUnrecorded(over);
      this.log(`journal: ${over} entries dropped: more than ${BACKLOG_MAX} wait for the store`);
    }
    this.schedule();
  }
  schedule() {
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = void 0;
      if (this.turn.length === 0) this.flush();
    }, RETRY_MS);
    this.retry.unref();
  }
  /** serve stops: one last try for the rows still waiting; what the store does not take is counted and logged. */
  async stop() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = void 0;
    await new Promise((resolve3) => setImmediate(resolve3));
    await this.service.journalWritten();
    const left = [...this.backlog, ...this.turn];
    this.backlog = [];
    this.turn = [];
    if (left.length === 0) return;
    try {
      await this.service.recordJournal(left, this.size);
    } catch (err) {
      this.metrics.journalUnrecorded(left.length);
      this.log(`journal: ${left.length} entries could not be recorded before serve stopped: ${err.message}`);
    }
  }
};

// src/server/server.ts
init_journal();

// src/server/metrics.ts
var LATENCY_BUCKETS = [1e-3, 25e-4, 5e-3, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
function label(value) {
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}
function seconds(n) {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(6)));
}
var Metrics = class {
  constructor(startedMs = Date.now()) {
    this.startedMs = startedMs;
  }
  startedMs;
  requests = /* @__PURE__ */ new Map();
  latency = /* @__PURE__ */ new Map();
  storeErrors = 0;
  unrecorded = 0;
  /** The store incident under way: since when requests get 503, and how many have. */
  incident;
  incidents = 0;
  lastRecoverySeconds = 0;
  maxRecoverySeconds = 0;
  /** Journal rows waiting for the store (journal-writer.ts). */
  journalPending = () => 0;
  /** One answered request of a protocol; `operation` is `-` when the request named none svcctl knows. */
  observe(protocol, operation2, status, latencySeconds) {
    const key = `protocol="${label(protocol)}",operation="${label(operation2)}",status="${status}"`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    const hkey = `operation="${label(operation2)}"`;
    let h = this.latency.get(hkey);
    if (!h) this.latency.set(hkey, h = { counts: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 });
    LATENCY_BUCKETS.forEach((b, i) => {
      if (latencySeconds <= b) h.counts[i]++;
    });
    h.sum += latencySeconds;
    h.count++;
  }
  /** The store failed: a journal write, a readiness check, or an operation's SQL. */
  storeError() {
    this.storeErrors++;
  }
  /** Journal rows that could not be recorded (dropped: the store took none for too long, or serve stopped). */
  journalUnrecorded(n) {
    this.unrecorded += n;
  }
  /** A request answered 503 because of the store: true when this begins an incident (serve logs it once). */
  storeFailed(now = Date.now()) {
    if (this.incident) {
      this.incident.answered503++;
      return false;
    }
    this.incident = { sinceMs: now, answered503: 1 };
    this.incidents++;
    return true;
  }
  /** The store served a request: the incident under way, if any, is over (its length and 503s, for the log). */
  storeServed(now = Date.now()) {
    const incident = this.incident;
    if (!incident) return void 0;
    this.incident = void 0;
    const seconds2 = (now - incident.sinceMs) / 1e3;
    this.lastRecoverySeconds = seconds2;
    this.maxRecoverySeconds = Math.max(this.maxRecoverySeconds, seconds2);
    return { seconds: seconds2, answered503: incident.answered503 };
  }
  uptimeSeconds(now = Date.now()) {
    return (now - this.startedMs) / 1e3;
  }
  /** @param pool serve --store-pool-size: its threads and the calls they have in flight */
  render(now = Date.now(), pool) {
    const lines = [
      "# HELP svcctl_build_info The running svcctl.",
      "# TYPE svcctl_build_info gauge",
      `svcctl_build_info{version="${label(VERSION)}"} 1`,
      "# HELP svcctl_uptime_seconds Seconds since this serve process started.",
      "# TYPE svcctl_uptime_seconds gauge",
      `svcctl_uptime_seconds ${seconds(this.uptimeSeconds(now))}`,
      "# HELP svcctl_requests_total Requests answered, by protocol, operation and HTTP status.",
      "# TYPE svcctl_requests_total counter",
      ...[...this.requests].sort().map(([k, n]) => `svcctl_requests_total{${k}} ${n}`),
      "# HELP svcctl_request_duration_seconds Time from a request's arrival to its answer, by operation.",
      "# TYPE svcctl_request_duration_seconds histogram"
    ];
    for (const [k, h] of [...this.latency].sort()) {
      LATENCY_BUCKETS.forEach(
        (b, i) => lines.push(`svcctl_request_duration_seconds_bucket{${k},le="${b}"} ${h.counts[i]}`)
      );
      lines.push(`svcctl_request_duration_seconds_bucket{${k},le="+Inf"} ${h.count}`);
      lines.push(`svcctl_request_duration_seconds_sum{${k}} ${seconds(h.sum)}`);
      lines.push(`svcctl_request_duration_seconds_count{${k}} ${h.count}`);
    }
    lines.push(
      "# HELP svcctl_store_errors_total Store failures: journal writes, readiness checks and operations whose SQL failed.",
      "# TYPE svcctl_store_errors_total counter",
      `svcctl_store_errors_total ${this.storeErrors}`,
      "# HELP svcctl_store_available 0 while requests get 503 because of the store (from the first such answer to the next request it serves), else 1.",
      "# TYPE svcctl_store_available gauge",
      `svcctl_store_available ${this.incident ? 0 : 1}`,
      "# HELP svcctl_store_incidents_total Times the store stopped serving requests (each logged once, with its end).",
      "# TYPE svcctl_store_incidents_total counter",
      `svcctl_store_incidents_total ${this.incidents}`,
      "# HELP svcctl_store_recovery_seconds From the first 503 of the last incident to the next request served (last, max).",
      "# TYPE svcctl_store_recovery_seconds gauge",
      `svcctl_store_recovery_seconds{of="last"} ${seconds(this.lastRecoverySeconds)}`,
      `svcctl_store_recovery_seconds{of="max"} ${seconds(this.maxRecoverySeconds)}`,
      "# HELP svcctl_journal_pending Journal entries of answered requests waiting for the store to take them.",
      "# TYPE svcctl_journal_pending gauge",
      `svcctl_journal_pending ${this.journalPending()}`,
      "# HELP svcctl_journal_unrecorded_total Journal entries of answered requests that could not be recorded.",
      "# TYPE svcctl_journal_unrecorded_total counter",
      `svcctl_journal_unrecorded_total ${this.unrecorded}`
    );
    if (pool) {
      lines.push(
        "# HELP svcctl_store_pool_threads Threads that run operations, each on its own connection (--store-pool-size).",
        "# TYPE svcctl_store_pool_threads gauge",
        `svcctl_store_pool_threads ${pool.threads}`,
        "# HELP svcctl_store_pool_in_flight Operations handed to the pool's threads and not yet answered.",
        "# TYPE svcctl_store_pool_in_flight gauge",
        `svcctl_store_pool_in_flight ${pool.inFlight}`
      );
    }
    return `${lines.join("\n")}
`;
  }
};

// src/server/server.ts
var CLIENT_ERRORS = {
  ERR_HTTP_REQUEST_TIMEOUT: "408 Request Timeout",
  HPE_HEADER_OVERFLOW: "431 Request Header Fields Too Large"
};
function baseUrl(scheme, address) {
  const host = address.family === "IPv6" || address.address.includes(":") ? `[${address.address}]` : address.address;
  return `${scheme}://${host}:${address.port}`;
}
function listen(server, host, port2) {
  return new Promise((resolve3, reject) => {
    server.once("error", reject);
    server.listen(port2, host, () => {
      server.off("error", reject);
      resolve3(server.address());
    });
  });
}
async function startServer(opts) {
  const limits = { ...DEFAULT_LIMITS, ...opts.limits };
  let closing = false;
  const budget = new BodyBudget(limits.maxBufferedBytes);
  const metrics = new Metrics();
  const log = opts.log ?? (() => {
  });
  const journalSize2 = opts.journalSize ?? DEFAULT_JOURNAL_SIZE;
  const journal3 = new JournalWriter(opts.service, journalSize2, metrics, log);
  metrics.journalPending = () => journal3.pending;
  const handler = createHandler({
    service: opts.service,
    limits,
    budget,
    apiKeys: opts.apiKeys,
    credentials: opts.credentials,
    log,
    closing: () => closing,
    metrics,
    journalSize: journalSize2,
    journal: journal3,
    hosts: hostRules(opts.host ?? "127.0.0.1", opts.allowedHosts)
  });
  const settings = {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: Math.min(1e3, limits.headersTimeoutMs)
  };
  const server = opts.tls ? createHttpsServer({ ...settings, cert: opts.tls.cert, key: opts.tls.key }, handler) : createHttpServer(settings, handler);
  server.timeout = limits.socketIdleMs;
  server.on("timeout", (socket) => {
    if (answering.has(socket)) return;
    if (socket._httpMessage === void 0 && socket.writable)
      socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    else socket.destroy();
  });
  server.maxConnections = limits.maxConnections;
  let inFlight = 0;
  server.on("request", (_req, res) => {
    inFlight++;
    res.once("close", () => inFlight--);
  });
  server.on("clientError", (err, socket) => {
    const status = CLIENT_ERRORS[err.code ?? ""] ?? "400 Bad Request";
    if (socket.writable) socket.end(`HTTP/1.1 ${status}\r
Connection: close\r
Content-Length: 0\r
\r
`);
    else socket.destroy();
  });
  const address = await listen(server, opts.host ?? "127.0.0.1", opts.port ?? 0);
  return {
    url: baseUrl(opts.tls ? "https" : "http", address),
    port: address.port,
    address: address.address,
    close: () => new Promise((resolve3) => {
      closing = true;
      const force = setTimeout(() => {
        if (inFlight > 0)
          log(
            `serve: stopping: ${inFlight} request(s) still unanswered after ${(opts.graceMs ?? 1e4) / 1e3} s; their connections are closed (their outcome is unknown to their clients)`
          );
        server.closeAllConnections();
      }, opts.graceMs ?? 1e4);
      server.close(() => {
        clearTimeout(force);
        journal3.stop().then(resolve3, resolve3);
      });
      server.closeIdleConnections();
    })
  };
}

// src/server/print-env.ts
function clientUrl(url2) {
  return url2.replace(
    /^(https?:\/\/)(0\.0\.0\.0|\[::\])(:\d+)$/,
    (_, scheme, host, port2) => host === "[::]" ? `${scheme}[::1]${port2}` : `${scheme}127.0.0.1${port2}`
  );
}
var DUMMY_AWS_KEY = "test";
var DUMMY_API_KEY = "sk_test_svcctl";
var ENV_REGION = "us-east-1";
function exportVars(url2, keys, caBundle) {
  const vars = [
    ["AWS_ENDPOINT_URL", url2],
    ["SVCCTL_ENDPOINT_URL", url2],
    ["AWS_ACCESS_KEY_ID", keys.accessKeyId ?? DUMMY_AWS_KEY],
    ["AWS_SECRET_ACCESS_KEY", keys.secretAccessKey ?? DUMMY_AWS_KEY],
    ["AWS_DEFAULT_REGION", ENV_REGION],
    ["AWS_REGION", ENV_REGION],
    ["SVCCTL_API_KEY", keys.apiKey ?? DUMMY_API_KEY]
  ];
  if (caBundle !== void 0) vars.push(["AWS_CA_BUNDLE", caBundle]);
  return vars;
}

// src/server/start.ts
function port(value) {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`argument --port: invalid port: '${value}' (0-65535)`);
  }
  return Number(value);
}
function tls(flags2) {
  if (flags2.tlsCert === void 0 && flags2.tlsKey === void 0) return void 0;
  if (flags2.tlsCert === void 0 || flags2.tlsKey === void 0) {
    throw new UsageError(`--tls-cert and --tls-key must be given together`);
  }
  const read = (flag, path) => {
    try {
      return readFileSync6(path);
    } catch (err) {
      throw new ConfigError(`Unable to read ${flag} file ${path}: ${err.message}`);
    }
  };
  const pair = { cert: read("--tls-cert", flags2.tlsCert), key: read("--tls-key", flags2.tlsKey) };
  checkTls(pair, flags2.tlsCert, flags2.tlsKey);
  return pair;
}
function checkTls(pair, certPath, keyPath) {
  const why = (err) => err.message;
  try {
    new X509Certificate(pair.cert);
  } catch (err) {
    throw new ConfigError(`The --tls-cert file ${certPath} holds no PEM certificate (${why(err)}).`);
  }
  try {
    createPrivateKey(pair.key);
  } catch (err) {
    throw new ConfigError(`The --tls-key file ${keyPath} holds no PEM private key (${why(err)}).`);
  }
  try {
    createSecureContext(pair);
  } catch (err) {
    throw new ConfigError(
      `The --tls-key file ${keyPath} is not the key of the certificate in ${certPath} (${why(err)}).`
    );
  }
}
function journalSize(flags2, env) {
  const fromEnv = env.SVCCTL_JOURNAL_SIZE || void 0;
  const value = flags2.journalSize ?? fromEnv;
  if (value === void 0) return void 0;
  if (!/^\d{1,7}$/.test(value) || Number(value) > 1e6) {
    const what = `invalid journal size: '${value}' (0-1000000 entries)`;
    throw flags2.journalSize === void 0 ? new ConfigError(`SVCCTL_JOURNAL_SIZE: ${what}`) : new UsageError(`argument --journal-size: ${what}`);
  }
  return Number(value);
}
function pinnedClock(env) {
  const pinned = env.SVCCTL_TEST_CLOCK_MS;
  if (pinned === void 0 || pinned === "") return void 0;
  if (!/^\d+$/.test(pinned)) throw new ConfigError(`SVCCTL_TEST_CLOCK_MS must be epoch milliseconds, not '${pinned}'.`);
  return Number(pinned);
}
async function applySettingsFile(service, path, persist) {
  let text;
  try {
    text = readFileSync6(path, "utf8");
  } catch (err) {
    throw new ConfigError(`Unable to read --settings file ${path}: ${err.message}`);
  }
  const [{ parseSettingsFile: parseSettingsFile2 }, { writeSettings: writeSettings2 }] = await Promise.all([
    Promise.resolve().then(() => (init_settings_file(), settings_file_exports)),
    Promise.resolve().then(() => (init_settings_store(), settings_store_exports))
  ]);
  try {
    const pairs = parseSettingsFile2(text, path);
    if (persist) writeSettings2(service.store, pairs);
    else service.useRunSettings(pairs);
  } catch (err) {
    if (err instanceof InputError && !err.message.startsWith("Invalid settings file"))
      throw new InputError(`Invalid settings file ${path}: ${err.message}`);
    throw err;
  }
}
function serveLogger(format, write, now) {
  if (format === "json")
    return (line, fields) => write(`${JSON.stringify({ time: now().toISOString(), message: line, ...fields })}
`);
  return (line) => write(`${now().toISOString()} ${line}
`);
}
function milliseconds(flag, value) {
  if (value === void 0) return void 0;
  if (!/^\d{1,7}$/.test(value) || Number(value) < 1)
    throw new UsageError(`argument ${flag}: invalid value: '${value}' (milliseconds, 1-9999999)`);
  return Number(value);
}
var STORE_FORMS = "memory, the path of a SQLite file, or a PostgreSQL URL (postgres://user:password@host:port/database)";
function storeOptions(flags2, ctx) {
  const given2 = flags2.store;
  const local = given2 === "memory" || given2 !== void 0 && given2 !== "" && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(given2);
  if (given2 !== void 0 && !local && !isPostgresUrl(given2))
    throw new UsageError(`argument --store: '${maskStoreUrl(given2)}' is not a store serve knows: give ${STORE_FORMS}.`);
  const url2 = local ? given2 : chooseStoreUrl(given2, ctx.env, () => openProfile(ctx, {}, true).value("store_url"));
  const storeConnectTimeoutMs = milliseconds("--store-connect-timeout", flags2.storeConnectTimeout);
  const storeQueryTimeoutMs = milliseconds("--store-query-timeout", flags2.storeQueryTimeout);
  const poolSize = flags2.storePoolSize === void 0 ? 1 : Number(flags2.storePoolSize);
  if (flags2.storePoolSize !== void 0 && (!/^\d{1,2}$/.test(flags2.storePoolSize) || poolSize < 1 || poolSize > 64)) {
    throw new UsageError(
      `argument --store-pool-size: invalid value: '${flags2.storePoolSize}' (operations at once, 1-64)`
    );
  }
  const onePool = (store) => {
    if (poolSize > 1)
      throw new UsageError(
        `argument --store-pool-size: only a PostgreSQL store (--store, SVCCTL_STORE_URL or store_url) takes a pool; ${store} writes one operation at a time.`
      );
  };
  if (url2 === void 0 || url2 === "") {
    onePool("the SQLite store in $SVCCTL_HOME");
    return { poolSize };
  }
  if (url2 === "memory" && local) {
    onePool("the in-memory store, on its one connection,");
    return { sqlite: { memory: true }, poolSize };
  }
  if (local) {
    const file = resolve2(ctx.cwd, url2);
    onePool(`the SQLite file ${file}`);
    if (!existsSync7(dirname4(file)))
      throw new ConfigError(
        `argument --store: the directory of the SQLite file ${file} does not exist (svcctl makes the file, not its directory).`
      );
    return { sqlite: { file }, poolSize };
  }
  return { storeUrl: url2, storeConnectTimeoutMs, storeQueryTimeoutMs, poolSize };
}
async function startPool(service, size, clockMs) {
  try {
    await service.startPool(size, clockMs);
  } catch (err) {
    if (err instanceof CliError) throw err;
    throw new ConfigError(
      `svcctl serve: the ${size} threads of --store-pool-size could not start: ${err.message}`
    );
  }
}
function connections(poolSize) {
  if (poolSize === 1) return "one operation at a time, on one connection";
  return `up to ${poolSize} operations at a time, on ${poolSize} connections`;
}
function checkFlags(flags2) {
  const format = flags2.logFormat ?? "text";
  if (format !== "text" && format !== "json")
    throw new UsageError(`argument --log-format: Invalid choice: '${format}' (choose from text, json)`);
  if (flags2.persistSettings === true && flags2.settings === void 0) {
    throw new UsageError(
      "argument --persist-settings: only with --settings FILE, whose settings it writes to the store (to change the store's own, use svcctl service settings set)"
    );
  }
  return format;
}
async function callers(flags2, ctx, given2, log) {
  const keys = {};
  let apiKeys;
  if (given2.apiKeys !== void 0) {
    apiKeys = parseApiKeys(given2.apiKeys.join("\n"), "the apiKeys option");
    keys.apiKey = given2.apiKeys[0];
  } else if (flags2.apiKeys !== void 0) {
    apiKeys = loadApiKeys(flags2.apiKeys, log);
    keys.apiKey = firstApiKey(flags2.apiKeys);
  }
  const credentialsFile = flags2.credentials ?? (ctx.env.SVCCTL_SERVE_CREDENTIALS || void 0);
  if (credentialsFile === void 0 && given2.credentials === void 0 && flags2.requireAuth) {
    throw new ConfigError(
      "svcctl serve --require-auth: no --credentials file (or SVCCTL_SERVE_CREDENTIALS) names who may call this server."
    );
  }
  if (given2.credentials === void 0 && credentialsFile === void 0) return { apiKeys, keys };
  const { loadCredentials: loadCredentials2, parseCredentials: parseCredentials2, readCredentialsText: readCredentialsText2, firstKeys: firstKeys2 } = await Promise.resolve().then(() => (init_credentials(), credentials_exports));
  const credentials = given2.credentials === void 0 ? loadCredentials2(credentialsFile, log) : parseCredentials2(given2.credentials.text, given2.credentials.where);
  const text = given2.credentials?.text ?? readCredentialsText2(credentialsFile);
  return {
    apiKeys,
    credentials,
    credentialsFrom: given2.credentials?.where ?? credentialsFile,
    keys: { ...keys, ...firstKeys2(text) }
  };
}
async function startServe(flags2, ctx, given2 = {}) {
  const format = checkFlags(flags2);
  const log = serveLogger(
    format,
    (text) => ctx.stderr.write(text),
    () => /* @__PURE__ */ new Date()
  );
  const { apiKeys, credentials, credentialsFrom, keys } = await callers(flags2, ctx, given2, log);
  const anyHost = hostRules(flags2.host, flags2.allowedHosts).any;
  const options = {
    host: flags2.host,
    port: port(flags2.port),
    tls: tls(flags2),
    apiKeys,
    credentials,
    journalSize: journalSize(flags2, ctx.env),
    allowedHosts: flags2.allowedHosts
  };
  const { poolSize, ...store } = storeOptions(flags2, ctx);
  const clockMs = pinnedClock(ctx.env);
  const { EmbeddedService: EmbeddedService2 } = await Promise.resolve().then(() => (init_embedded(), embedded_exports));
  const service = new EmbeddedService2({
    home: svcctlHome(ctx),
    accountId: given2.accountId ?? accountIdOf(ctx.env),
    clock: clockMs === void 0 ? ctx.clock ?? systemClock : { now: () => new Date(clockMs) },
    ids: ctx.ids ?? randomIds,
    hooks: testHooks(ctx.env),
    ...store
  });
  let schemaVersion2 = 0;
  try {
    schemaVersion2 = service.store.pragma("user_version", { simple: true });
    if (flags2.settings !== void 0) await applySettingsFile(service, flags2.settings, flags2.persistSettings === true);
    if (store.storeUrl) await startPool(service, poolSize, clockMs);
  } catch (err) {
    await service.stopPool();
    service.close();
    if (err instanceof StoreUnavailableError)
      throw new ConfigError(
        `svcctl serve: unable to reach the store: ${err.message.replace(/ Retry the request\.$/, "")}`
      );
    throw err;
  }
  let server;
  try {
    server = await startServer({ ...options, service, log });
  } catch (err) {
    await service.stopPool();
    service.close();
    throw new TransportError(`Unable to listen on ${options.host}:${options.port}: ${err.message}`);
  }
  const notes = [];
  if (store.storeUrl)
    notes.push(
      `serve: store ${service.storeName} (PostgreSQL, schema version ${schemaVersion2}), shared with every instance that uses it; ${connections(poolSize)}`
    );
  if (credentials)
    notes.push(
      `serve: verifying AWS signatures and v2 keys for ${credentials.aws.size + credentials.v2.size} credential(s) from ${credentialsFrom}`
    );
  if (!isLoopback(server.address) && !credentials) {
    const where = store.sqlite === void 0 ? svcctlHome(ctx) : "file" in store.sqlite ? store.sqlite.file : "memory";
    notes.push(exposureWarning(server.url, where, apiKeys !== void 0));
  }
  if (anyHost)
    notes.push(
      "warning: --allowed-hosts *: serve answers requests for any Host name, so a web page whose name is made to resolve to this machine (DNS rebinding) can read and change the store."
    );
  let closed;
  const stop = async () => {
    await server.close();
    await new Promise((resolve3) => setImmediate(resolve3));
    await service.journalWritten();
    try {
      const stats = await service.totalStoreStats();
      if (stats)
        log(
          `serve: store: ${stats.queries} statements, ${stats.retries} operations run again after a serialization failure, deadlock or unique race`
        );
    } finally {
      await service.stopPool();
      service.close();
    }
  };
  return {
    url: server.url,
    port: server.port,
    service,
    log,
    notes,
    env: exportVars(
      clientUrl(server.url),
      keys,
      flags2.tlsCert === void 0 ? void 0 : resolve2(ctx.cwd, flags2.tlsCert)
    ),
    close: () => closed ??= stop()
  };
}

// src/api/serve.ts
var LINE_BREAK = /[\r\n]/;
function credentialsText(principals) {
  const lines = [];
  principals.forEach((p, i) => {
    const name = p.name ?? `principal${i + 1}`;
    const entries = [
      ["aws_access_key_id", p.accessKeyId],
      ["aws_secret_access_key", p.secretAccessKey],
      ["api_key", p.apiKey],
      ["account_id", p.accountId],
      ["admin", p.admin]
    ];
    if (LINE_BREAK.test(name)) throw new ConfigError(`credentials[${i}]: a name is one line.`);
    lines.push(`[${name}]`);
    for (const [key, value] of entries) {
      if (value === void 0) continue;
      if (LINE_BREAK.test(String(value))) throw new ConfigError(`credentials[${i}] (${name}): ${key} is one line.`);
      lines.push(`${key} = ${String(value)}`);
    }
  });
  return `${lines.join("\n")}
`;
}
function given(options) {
  const out = {};
  if (options.accountId !== void 0) {
    if (!/^\d{12}$/.test(options.accountId))
      throw new ConfigError(`accountId must be 12 digits, not '${options.accountId.slice(0, 40)}'.`);
    out.accountId = options.accountId;
  }
  if (options.apiKeys !== void 0) {
    if (options.apiKeys.some((k) => LINE_BREAK.test(k))) throw new ConfigError("apiKeys: a key is one line.");
    out.apiKeys = options.apiKeys;
  }
  if (Array.isArray(options.credentials))
    out.credentials = { text: credentialsText(options.credentials), where: "the credentials option" };
  return out;
}
function flags(options) {
  return {
    host: options.host ?? "127.0.0.1",
    // As the flag's word: a port that is no whole number from 0 to 65535 is refused by serve's own check.
    port: String(options.port ?? 0),
    store: options.store ?? "memory",
    ...typeof options.credentials === "string" ? { credentials: options.credentials } : {},
    ...options.journalSize === void 0 ? {} : { journalSize: String(options.journalSize) }
  };
}
async function serve(options = {}) {
  const log = options.log;
  const ctx = {
    stdout: { write: () => true },
    stderr: {
      write: (text) => {
        log?.(String(text).replace(/\n$/, ""));
        return true;
      }
    },
    stdin: {},
    // Nothing of this process's environment: a test's serve is what its options say.
    env: {},
    cwd: process.cwd(),
    home: homedir(),
    clock: systemClock,
    ids: randomIds
  };
  const running = await startServe(flags(options), ctx, given(options));
  for (const note of running.notes) running.log(note);
  const { service } = running;
  const env = Object.fromEntries(running.env);
  const settings = {
    get: (async (name) => {
      if (name !== void 0) knownSetting(name);
      const values = settingValues(service.store);
      if (name !== void 0) return values.find((v) => v.name === name).value;
      return Object.fromEntries(values.map((v) => [v.name, v.value]));
    }),
    set: async (nameOrValues, value) => {
      const pairs = typeof nameOrValues === "string" ? [[nameOrValues, String(value)]] : Object.entries(nameOrValues).map(([n, v]) => [n, String(v)]);
      for (const [n, v] of pairs) checkSetting(n, v);
      writeSettings(service.store, pairs);
    },
    reset: async (name) => resetSettings(service.store, name === void 0 ? void 0 : [name])
  };
  return {
    url: running.url,
    port: running.port,
    env,
    settings,
    reset: async (kind) => {
      if (kind !== void 0 && !RESET_KINDS.includes(kind))
        throw new InputError(`Unknown kind '${kind.slice(0, 40)}': expected one of ${RESET_KINDS.join(", ")}.`);
      return resetStore(service.store, kind === void 0 ? {} : { kind });
    },
    journal: async (opts = {}) => {
      await new Promise((resolve3) => setImmediate(resolve3));
      await service.journalWritten();
      return listEntries(service.store, opts);
    },
    close: running.close
  };
}
export {
  serve
};
