import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  stmt
} from "./chunk-3ZGBRO46.js";
import {
  SERVICE_SETTINGS,
  SERVICE_SETTING_NAMES,
  describeKind,
  serviceSetting
} from "./chunk-XOCXLJUJ.js";
import {
  SERVICES
} from "./chunk-2MMXPJSP.js";
import {
  OPERATIONS,
  operation
} from "./chunk-AXOSHY3R.js";
import {
  checkConstraints,
  isPlainObject
} from "./chunk-DFWDIXDH.js";
import {
  MAX_NESTING,
  echoText,
  valueProblem,
  wellFormed
} from "./chunk-L2IBQYJO.js";
import {
  CURRENT_SERVICE_VERSION
} from "./chunk-IDJJU3TW.js";
import {
  maskKey
} from "./chunk-LSYXKZPM.js";
import {
  stringifyJsonExact
} from "./chunk-4W72ZHQN.js";
import {
  InputError,
  ServiceError
} from "./chunk-ZTOYQUS4.js";

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
  const problem = rule && keyRefusal(rule, key);
  if (problem) throw problem;
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

// src/models/faults.ts
var FAULT_PREFIX = "fault.";
var MAX_LATENCY_MS = 6e4;
var SERVICE_NAMES = Object.keys(SERVICES);
function isFaultName(name) {
  return name.startsWith(FAULT_PREFIX);
}
function nameError(name, why) {
  return new InputError(`Invalid fault rule name '${name}': ${why}`);
}
function parseFaultName(raw) {
  const parts = raw.slice(FAULT_PREFIX.length).split(".");
  const expected = `expected fault.<service>.<Operation> with a service of ${SERVICE_NAMES.join(", ")} or *, and an operation of it or *`;
  if (!isFaultName(raw) || parts.length > 2 || parts[0] === "") throw nameError(raw, expected);
  const [svc, opRaw = "*"] = parts;
  const service = svc === "*" ? "*" : SERVICE_NAMES.find((s) => s === svc.toLowerCase());
  if (!service) throw nameError(raw, `unknown service '${svc}'; ${expected}`);
  if (opRaw === "*") return { name: `${FAULT_PREFIX}${service}.*`, service, operation: "*" };
  if (service === "*") throw nameError(raw, `with every service (*), the operation is * too`);
  const wanted = opRaw.replace(/-/g, "").toLowerCase();
  const op = OPERATIONS.find((o) => o.service === service && o.name.toLowerCase() === wanted);
  if (!op) {
    const names = OPERATIONS.filter((o) => o.service === service).map((o) => o.name);
    throw nameError(raw, `${service} has no operation '${opRaw}'; its operations are ${names.join(", ")}, or *`);
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
  const seen = /* @__PURE__ */ new Set();
  for (const part of rest) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const key = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    const text = eq < 0 ? "" : part.slice(eq + 1).trim();
    if (seen.has(key)) throw valueError(value, `${key} is given twice`);
    seen.add(key);
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
  const canonical = names?.map((n) => canonicalFault(n, "none")[0]);
  db.transaction(() => deleteFaultRows(db, canonical)).immediate();
  dropRunFaults(db, canonical);
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
function canonicalFault(name, raw) {
  const rule = parseFaultRule(name, raw.trim().toLowerCase() === "none" ? "close" : raw);
  return [rule.name, raw.trim().toLowerCase() === "none" ? "none" : faultText(rule)];
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
function canonicalValue(s, raw) {
  const v = raw.trim();
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
function checkPair(name, raw) {
  if (isFaultName(name)) return canonicalFault(name, raw);
  return [name, checkSetting(name, raw)];
}
function checkSetting(name, raw) {
  if (isFaultName(name)) return canonicalFault(name, raw)[1];
  const s = knownSetting(name);
  const value = canonicalValue(s, raw);
  if (value === void 0)
    throw new InputError(`Invalid value for ${s.name}: '${raw}'. Expected ${describeKind(s.kind)}.`);
  return value;
}
var SELECT = `SELECT name, value FROM settings WHERE name IN (${SERVICE_SETTING_NAMES.map(() => "?").join(", ")})`;
var RUN_ONLY = /* @__PURE__ */ new WeakMap();
function setRunSettings(db, pairs) {
  const checked = pairs.map(([name, raw]) => checkPair(name, raw));
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
  const checked = pairs.map(([name, raw]) => checkPair(name, raw));
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

export {
  awsValidationError,
  checkInput,
  v2Error,
  parseKey,
  authorize,
  checkV2Input,
  nowMs,
  notFound,
  rfc3339,
  requestVersion,
  versionWarning,
  responseVersion,
  olderThan,
  isFaultName,
  parseFaultName,
  faultError,
  listFaults,
  removeFaults,
  decideFault,
  canonicalValue,
  knownSetting,
  checkPair,
  checkSetting,
  setRunSettings,
  settingValues,
  readSettings,
  writeSettings,
  resetSettings
};
