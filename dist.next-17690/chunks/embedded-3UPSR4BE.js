import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  waitAtLeast
} from "./chunk-LASAMKKA.js";
import {
  journalSpan,
  listEntries,
  listResources,
  recordEntries,
  resetStore,
  summarizeResources
} from "./chunk-DATX3P2B.js";
import {
  MIGRATIONS,
  busyTimeoutMs,
  changeMark,
  openMemoryStore,
  openStore,
  openStoreFile,
  storePath,
  storeProblem
} from "./chunk-B4K7YHQ2.js";
import {
  storeKind
} from "./chunk-DOZZZHVC.js";
import {
  speaksV2
} from "./chunk-VTMY4PMA.js";
import "./chunk-A7HPNQES.js";
import {
  fillDefaults,
  orderByShape
} from "./chunk-7CDKIWLY.js";
import {
  arn,
  globalArn,
  hostIn,
  parseArn,
  partitionOf
} from "./chunk-UEKJBUKZ.js";
import {
  DEFAULT_ACCOUNT_ID
} from "./chunk-BYMUKPFK.js";
import {
  oversizeRequest
} from "./chunk-HE2K44QH.js";
import "./chunk-U36AOW6J.js";
import {
  authorize,
  awsValidationError,
  checkInput,
  checkV2Input,
  decideFault,
  faultError,
  listFaults,
  notFound,
  nowMs,
  olderThan,
  parseKey,
  readSettings,
  removeFaults,
  requestVersion,
  rfc3339,
  setRunSettings,
  v2Error,
  writeSettings
} from "./chunk-FG2FCVAN.js";
import {
  stmt
} from "./chunk-3ZGBRO46.js";
import "./chunk-XOCXLJUJ.js";
import {
  serviceModel
} from "./chunk-2MMXPJSP.js";
import {
  OPERATIONS,
  operation
} from "./chunk-AXOSHY3R.js";
import {
  createAccount,
  createAccountToken,
  createLaunchConfiguration,
  createMeterEventAdjustment,
  createRepository,
  deleteLaunchConfiguration,
  deleteRepository,
  describeLaunchConfigurations,
  describeRepositories,
  getAccount,
  getAccountToken,
  getMeterEventAdjustment,
  launchConfigurationShape,
  listTagsForResource,
  repositoryShape,
  tagResource,
  untagResource
} from "./chunk-VRWMAX2M.js";
import {
  fullMatch,
  pyLen
} from "./chunk-DFWDIXDH.js";
import {
  echoText
} from "./chunk-L2IBQYJO.js";
import "./chunk-USAJVI4X.js";
import "./chunk-3LCBX7RT.js";
import {
  PG_MIGRATIONS,
  openPgStore
} from "./chunk-GJJTOUP3.js";
import "./chunk-46IKJ3ML.js";
import "./chunk-IDJJU3TW.js";
import {
  maskKey,
  maskSecrets,
  maskStoreUrl
} from "./chunk-LSYXKZPM.js";
import "./chunk-SF2BSYQS.js";
import {
  parseJsonInts,
  stringifyJsonExact
} from "./chunk-4W72ZHQN.js";
import {
  ServiceError,
  StoreUnavailableError,
  TransportError,
  json11ErrorFields,
  withoutTopology
} from "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/backends/embedded/embedded.ts
import { existsSync } from "node:fs";

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
  const encryption = p.encryptionConfiguration;
  if (encryption?.kmsKey !== void 0 && encryption.encryptionType === "AES256") {
    return "kmsKey can only be specified with encryptionType KMS or KMS_DSSE, not AES256";
  }
  const keyRegion = typeof encryption?.kmsKey === "string" ? KMS_ARN_REGION.exec(encryption.kmsKey)?.[1] : void 0;
  if (keyRegion !== void 0 && keyRegion !== region) {
    return `kmsKey ${encryption.kmsKey} is in region ${keyRegion || "(none)"}: the key must be in the same region as the repository (${region})`;
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
  const ebs = m.Ebs;
  if (ebs) problems.push(...ebsRules(ebs, where));
  return problems;
}
function ebsRules(ebs, where) {
  const problems = [];
  const type = ebs.VolumeType;
  const size = ebs.VolumeSize;
  const iops = ebs.Iops;
  if (ebs.SnapshotId === void 0 && size === void 0)
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
  if (ebs.Throughput !== void 0 && type !== "gp3")
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
    const seen = first.get(name);
    if (seen === void 0) first.set(name, i);
    else
      problems.push(
        `BlockDeviceMappings[${i}] (${name}): the device ${name} is already mapped by BlockDeviceMappings[${seen}]; each device name can be mapped only once`
      );
  });
  return problems;
}

// src/backends/embedded/handlers/page-token.ts
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
var secrets = /* @__PURE__ */ new WeakMap();
function tokenSecret(db, make) {
  const known = secrets.get(db);
  if (known) return known;
  const read = () => stmt(db, "SELECT value FROM settings WHERE name = 'page_token_secret'").get();
  let row = read();
  if (!row && !make) return void 0;
  if (!row) {
    stmt(db, "INSERT OR IGNORE INTO settings (name, value) VALUES ('page_token_secret', ?)").run(
      randomBytes(32).toString("hex")
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
function overQuota(db, kind, owner, region, quota) {
  return quota !== void 0 && countOf(db, kind, owner, region) > quota;
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
  const quota = readSettings(db).launchConfigurationsPerRegion;
  if (overQuota(db, "launch-configurations", sc.accountId, sc.region, quota))
    throw new ServiceError(
      "LimitExceeded",
      `Launch configuration limit exceeded: the account already has ${quota} launch configurations in ${sc.region}, its quota (service setting launch_configurations_per_region).`
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
function tagsProblem(tags, field = "tags") {
  const keys = /* @__PURE__ */ new Set();
  for (const [i, tag2] of tags.entries()) {
    const problem = tagKeyProblem(tag2.Key, `${field}.${i + 1}.Key`);
    if (problem) return problem;
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
  const encryption = doc.encryptionConfiguration ?? {
    encryptionType: "AES256"
  };
  return fillDefaults(repositoryShape, {
    ...doc,
    imageTagMutability: doc.imageTagMutability ?? "MUTABLE",
    imageScanningConfiguration: doc.imageScanningConfiguration ?? {},
    encryptionConfiguration: encryption.encryptionType !== "AES256" && encryption.kmsKey === void 0 ? { ...encryption, kmsKey: awsManagedKey(account, region) } : encryption
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
  const parsed = parseArn(key);
  if (parsed?.service !== "kms" || parsed.region === "" || parsed.account === "")
    return "Invalid parameter at 'kmsKey' failed to satisfy constraint: 'Invalid ARN'";
  const partition = partitionOf(region).id;
  if (parsed.partition !== partition)
    return `Invalid parameter at 'kmsKey' failed to satisfy constraint: 'The ARN is in partition ${parsed.partition}, not in the partition of the request's region (${partition})'`;
  return void 0;
}
function refuse(problem) {
  if (problem) throw new ServiceError(problem.code, problem.message);
}
function registryOf(params, sc, action) {
  const registryId = params.registryId ?? sc.accountId;
  if (sc.principal !== void 0 && registryId !== sc.accountId) {
    const name = params.repositoryName ?? "*";
    throw new ServiceError(
      "AccessDeniedException",
      `User: ${globalArn("iam", sc.region, sc.accountId, `user/${sc.principal}`)} is not authorized to perform: ecr:${action} on resource: ${arn("ecr", sc.region, registryId, `repository/${name}`)} because no resource-based policy allows the ecr:${action} action`
    );
  }
  return registryId;
}
var create5 = (db, params, sc) => {
  const violations = checkInput(createRepository, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const problem = repositoryRules(params, sc.region) ?? kmsKeyProblem(params, sc.region);
  if (problem) throw new ServiceError("InvalidParameterException", problem);
  const tags = params.tags ?? [];
  refuse(tagsProblem(tags) ?? tagCountProblem(tags.length));
  const registryId = registryOf(params, sc, "CreateRepository");
  const name = params.repositoryName;
  const created = sc.clock.now();
  const doc = {
    repositoryArn: arn("ecr", sc.region, registryId, `repository/${name}`),
    registryId,
    repositoryName: name,
    repositoryUri: `${hostIn(`${registryId}.dkr.ecr`, sc.region)}/${name}`
  };
  for (const key of [
    "imageTagMutability",
    "imageTagMutabilityExclusionFilters",
    "imageScanningConfiguration",
    "encryptionConfiguration"
  ]) {
    if (params[key] !== void 0) doc[key] = params[key];
  }
  const repository = withDefaults2(doc, registryId, sc.region);
  const stored = tags.length > 0 ? { ...repository, tags } : repository;
  const inserted = stmt(
    db,
    "INSERT OR IGNORE INTO repositories (region, registry_id, name, created_ms, doc) VALUES (?, ?, ?, ?, ?)"
  ).run(sc.region, registryId, name, created.getTime(), stringifyJsonExact(stored));
  if (inserted.changes === 0) {
    throw new ServiceError(
      "RepositoryAlreadyExistsException",
      `The repository with name ${echoText(name)} already exists in the registry with id ${echoText(registryId)}`
    );
  }
  const quota = readSettings(db).repositoriesPerRegion;
  if (overQuota(db, "repositories", registryId, sc.region, quota))
    throw new ServiceError(
      "LimitExceededException",
      `The repository limit of ${quota} per region has been reached in the registry with id '${registryId}' in ${sc.region} (service setting repositories_per_region).`
    );
  return { repository: { ...repository, createdAt: created } };
};
create5.isolation = QUOTA_CREATE_ISOLATION;
var DEFAULT_PAGE2 = 100;
var describe2 = (db, params, sc) => {
  const violations = checkInput(describeRepositories, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const registryId = registryOf(params, sc, "DescribeRepositories");
  const names = params.repositoryNames;
  if (names) return { repositories: describeNamed(db, sc.region, registryId, names, params) };
  const scope = [sc.region, registryId];
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
  ).all(sc.region, registryId, after, limit + 1);
  const page = rows.slice(0, limit);
  const out = { repositories: page.map(toRepository) };
  if (rows.length > limit) out.nextToken = issueToken(db, scope, page[page.length - 1].name);
  return out;
};
function describeNamed(db, region, registryId, names, params) {
  if (params.nextToken !== void 0 || params.maxResults !== void 0) {
    throw new ServiceError(
      "InvalidParameterException",
      "maxResults and nextToken cannot be used when repositoryNames is given"
    );
  }
  return [...new Set(names)].sort().map((name) => toRepository(findRepository(db, region, registryId, name)));
}
var remove2 = (db, params, sc) => {
  const violations = checkInput(deleteRepository, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const registryId = registryOf(params, sc, "DeleteRepository");
  const name = params.repositoryName;
  return db.transaction(() => {
    const row = stmt(
      db,
      "SELECT region, registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?"
    ).get(sc.region, registryId, name);
    if (!row) {
      throw new ServiceError(
        "RepositoryNotFoundException",
        `The repository with name ${echoText(name)} does not exist in the registry with id ${echoText(registryId)}`
      );
    }
    stmt(db, "DELETE FROM repositories WHERE region = ? AND registry_id = ? AND name = ?").run(
      sc.region,
      registryId,
      name
    );
    return { repository: toRepository(row) };
  })();
};
function targetOf(params, sc, action) {
  const parsed = parseArn(params.resourceArn);
  const name = parsed?.resource.startsWith("repository/") ? parsed.resource.slice("repository/".length) : "";
  if (parsed?.service !== "ecr" || parsed.region === "" || !/^[0-9]{12}$/.test(parsed.account) || name === "")
    throw new ServiceError(
      "InvalidParameterException",
      "Invalid parameter at 'resourceArn' failed to satisfy constraint: 'Invalid ARN'"
    );
  const { region, account } = parsed;
  const partition = partitionOf(sc.region).id;
  if (parsed.partition !== partition) {
    throw new ServiceError(
      "InvalidParameterException",
      `Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in partition ${parsed.partition}, not in the partition of the request's region (${partition})'`
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
function findRepository(db, region, registryId, name) {
  const row = stmt(
    db,
    "SELECT region, registry_id, name, created_ms, doc FROM repositories WHERE region = ? AND registry_id = ? AND name = ?"
  ).get(region, registryId, name);
  if (!row)
    throw new ServiceError(
      "RepositoryNotFoundException",
      `The repository with name ${echoText(name)} does not exist in the registry with id ${echoText(registryId)}`
    );
  return row;
}
function tagsOf(row) {
  return parseJsonInts(row.doc).tags ?? [];
}
function updateTags(db, sc, target, change) {
  db.transaction(() => {
    const row = findRepository(db, sc.region, target.registryId, target.name);
    const tags = change(tagsOf(row));
    const { tags: _old, ...doc } = parseJsonInts(row.doc);
    const stored = tags.length > 0 ? { ...doc, tags } : doc;
    stmt(db, "UPDATE repositories SET doc = ? WHERE region = ? AND registry_id = ? AND name = ?").run(
      stringifyJsonExact(stored),
      sc.region,
      target.registryId,
      target.name
    );
  })();
}
var listTags = (db, params, sc) => {
  const violations = checkInput(listTagsForResource, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const target = targetOf(params, sc, "ListTagsForResource");
  return { tags: tagsOf(findRepository(db, sc.region, target.registryId, target.name)) };
};
var tag = (db, params, sc) => {
  const violations = checkInput(tagResource, params);
  if (violations.length > 0) throw awsValidationError("ecr", violations);
  const added = params.tags;
  refuse(tagsProblem(added));
  const target = targetOf(params, sc, "TagResource");
  updateTags(db, sc, target, (tags) => {
    const merged = mergeTags(tags, added);
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
  const target = targetOf(params, sc, "UntagResource");
  const removed = new Set(keys);
  updateTags(db, sc, target, (tags) => tags.filter((t) => !removed.has(t.Key)));
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

// src/backends/embedded/leases.ts
import { randomUUID } from "node:crypto";
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
  const id = randomUUID();
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
    if (scope.holdMs > 0) await new Promise((resolve) => setTimeout(resolve, scope.holdMs));
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
    return this.db !== void 0 || this.opts.storeUrl !== void 0 || existsSync(storePath(this.opts.home));
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
    const { OperationPool } = await import("./pool-VY6KHRO6.js");
    const { home, accountId, storeUrl, storeConnectTimeoutMs, storeQueryTimeoutMs, runSettings, hooks } = this.opts;
    this.pool = await OperationPool.start(size, {
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
    const late = new Promise((resolve) => {
      timer = setTimeout(
        () => resolve({ ready: false, reason: `The store did not answer within ${boundMs / 1e3} s.` }),
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
var ms = (since) => `${(performance.now() - since).toFixed(1)} ms`;
var EmbeddedBackend = class {
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
  async fault(op, region) {
    const fired = await this.service.fault({
      service: op.service,
      operation: op.name,
      account: this.service.accountId,
      region
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
export {
  EmbeddedBackend,
  EmbeddedService
};
