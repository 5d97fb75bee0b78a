import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  cliLine
} from "./chunk-ETGSEDXV.js";
import {
  V2_KEY_SHAPE,
  keyDigest
} from "./chunk-SRUQPBGE.js";
import "./chunk-UORFB2H5.js";
import {
  DEFAULT_REGION
} from "./chunk-SCXUISWT.js";
import "./chunk-S5J2REIF.js";
import "./chunk-LKGJSFLR.js";
import {
  openProfile
} from "./chunk-BXMH7YIO.js";
import "./chunk-V2PUDD2S.js";
import "./chunk-673PESZJ.js";
import {
  canonicalRequest,
  payloadHash,
  signatureOf
} from "./chunk-NI7XIAMA.js";
import {
  VERSION
} from "./chunk-5UUC42TS.js";
import {
  waitAtLeast
} from "./chunk-LASAMKKA.js";
import {
  DEFAULT_JOURNAL_SIZE
} from "./chunk-DATX3P2B.js";
import "./chunk-DOZZZHVC.js";
import {
  speaksV2
} from "./chunk-VTMY4PMA.js";
import {
  RESET_KINDS,
  RESOURCE_KINDS
} from "./chunk-A7HPNQES.js";
import {
  isRegionName
} from "./chunk-UEKJBUKZ.js";
import {
  accountIdOf,
  randomIds,
  svcctlHome,
  systemClock
} from "./chunk-BYMUKPFK.js";
import {
  json11Codec,
  queryCodec,
  splitPath,
  v2Codec
} from "./chunk-U36AOW6J.js";
import {
  awsValidationError,
  checkSetting,
  faultError,
  isFaultName,
  parseFaultName,
  responseVersion,
  v2Error,
  versionWarning
} from "./chunk-FG2FCVAN.js";
import "./chunk-3ZGBRO46.js";
import "./chunk-XOCXLJUJ.js";
import "./chunk-2MMXPJSP.js";
import {
  operation
} from "./chunk-AXOSHY3R.js";
import "./chunk-VRWMAX2M.js";
import {
  isPlainObject
} from "./chunk-DFWDIXDH.js";
import {
  MAX_NESTING,
  MAX_REQUEST_BYTES,
  jsonNestsDeeper
} from "./chunk-L2IBQYJO.js";
import "./chunk-USAJVI4X.js";
import "./chunk-3LCBX7RT.js";
import {
  chooseStoreUrl
} from "./chunk-46IKJ3ML.js";
import {
  isPostgresUrl
} from "./chunk-IDJJU3TW.js";
import {
  maskKey,
  maskSecrets,
  maskStoreUrl
} from "./chunk-LSYXKZPM.js";
import {
  testHooks
} from "./chunk-SF2BSYQS.js";
import {
  stringifyJsonExact
} from "./chunk-4W72ZHQN.js";
import {
  CliError,
  ConfigError,
  InputError,
  ServiceError,
  StoreUnavailableError,
  TransportError,
  UsageError,
  withoutTopology
} from "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/server/start.ts
import { createPrivateKey, randomUUID as randomUUID2, X509Certificate } from "node:crypto";
import { existsSync, readFileSync as readFileSync2, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createSecureContext } from "node:tls";

// src/server/security.ts
import { readFileSync, statSync } from "node:fs";
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
  return new ApiKeyList(keysOf(text, where));
}
function keysOf(text, where) {
  const keys = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
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
    return readFileSync(path, "utf8");
  } catch (err) {
    throw new ConfigError(`Unable to read --api-keys file ${path}: ${err.message}`);
  }
}
function loadApiKeys(path, warn) {
  const list = parseApiKeys(readKeys(path), `--api-keys file ${path}`);
  const mode = statSync(path).mode & 511;
  if ((mode & 63) !== 0)
    warn(
      `warning: --api-keys file ${path} is readable by other users (mode ${mode.toString(8).padStart(4, "0")}); chmod 600 it.`
    );
  return list;
}
function firstApiKey(path) {
  return keysOf(readKeys(path), `--api-keys file ${path}`)[0];
}
function isLoopback(address) {
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.startsWith("127.");
  return address === "::1";
}
function exposureWarning(url, home, keys) {
  const v2 = keys ? "v2 requests need a key from --api-keys" : "v2 requests are not checked against a key list (see --api-keys)";
  return `warning: svcctl serve is listening on ${url}, beyond this machine's loopback interface: anyone who can reach it can read and change the store in ${home}. AWS requests are not authenticated (signatures are not verified); ${v2}.`;
}

// src/server/server.ts
import { createServer as createHttpServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";

// src/server/checks.ts
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
    return new Promise((resolve2, reject) => {
      if (req.destroyed)
        return reject(new BodyError("timeout", "The client closed the connection before sending the whole request."));
      const entry = {
        bytes,
        admit: () => {
          req.off("close", gone);
          this.used += bytes;
          resolve2();
        }
      };
      const gone = () => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        reject(new BodyError("timeout", "The client closed the connection before sending the whole request."));
      };
      req.once("close", gone);
      this.waiting.push(entry);
    });
  }
  release(bytes) {
    this.used -= bytes;
    for (const entry of [...this.waiting]) {
      if (this.used + entry.bytes > this.maxBytes) continue;
      this.waiting.splice(this.waiting.indexOf(entry), 1);
      entry.admit();
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
  return new Promise((resolve2, reject) => {
    const chunks = [];
    let size = 0;
    let timer;
    const done = (err) => {
      clearTimeout(timer);
      req.off("data", onData).off("end", onEnd).off("error", onAbort).off("aborted", onAbort);
      if (err) return reject(err);
      try {
        resolve2(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)));
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
import { randomBytes, randomUUID } from "node:crypto";
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
function scopeRegion(codec, region) {
  if (isRegionName(region)) return region;
  throw codec.problem("bad-signature", `Credential should be scoped to a valid region, not '${region}'.`);
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
    requestId: () => randomUUID(),
    callContext: (req) => ({ region: awsRegion(codec, req.headers.authorization) })
  };
}
var versionHeader = (headers) => headers["service-version"] ?? headers["stripe-version"];
var v2Protocol = {
  codec: v2Codec,
  requestId: () => `req_${randomBytes(9).toString("base64url")}`,
  callContext: (req) => ({
    region: DEFAULT_REGION,
    apiKey: bearerKey(req.headers.authorization),
    serviceVersion: versionHeader(req.headers),
    idempotencyKey: req.method === "POST" ? req.headers["idempotency-key"] : void 0
  }),
  answerHeaders: (headers) => {
    const version = responseVersion(versionHeader(headers));
    return version === void 0 ? {} : { "stripe-version": version };
  },
  warning: (headers) => versionWarning(versionHeader(headers))
};
var QUERY = awsProtocol(queryCodec);
var JSON11 = awsProtocol(json11Codec);
function pickProtocol(path, headers) {
  const { pathname } = splitPath(path);
  if (pathname === "/v2" || pathname.startsWith("/v2/")) return v2Protocol;
  if (headers["x-amz-target"] !== void 0) return JSON11;
  return QUERY;
}

// src/server/verify.ts
import { timingSafeEqual } from "node:crypto";
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
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]);
  return Number.isNaN(ms) ? void 0 : ms;
}
function stampOf(ms) {
  return new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}
function fromHeader(authorization, headers) {
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
    stamp: headers["x-amz-date"],
    sessionToken: headers["x-amz-security-token"],
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
function checkTime(wire, claim, nowMs) {
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
    if (nowMs > at + claim.expires * 1e3)
      throw authFailure(wire, "expired", wire === "query" ? "Request has expired." : "Signature expired.");
    return;
  }
  const skewMs = SKEW_MINUTES[wire] * 6e4;
  const m = SKEW_MINUTES[wire];
  if (at < nowMs - skewMs) {
    throw authFailure(
      wire,
      "expired",
      wire === "query" ? "Request has expired." : `Signature expired: ${claim.stamp} is now earlier than ${stampOf(nowMs - skewMs)} (${stampOf(nowMs)} - ${m} min.)`
    );
  }
  if (at > nowMs + skewMs) {
    throw authFailure(
      wire,
      "expired",
      wire === "query" ? "Request has expired." : `Signature not yet current: ${claim.stamp} is still later than ${stampOf(nowMs + skewMs)} (${stampOf(nowMs)} + ${m} min.)`
    );
  }
}
function verifySigV4(service, req, creds, nowMs) {
  const wire = service.protocol;
  const url = new URL(req.path, "http://svcctl.invalid");
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
    const parsed = fromHeader(authorization, req.headers);
    if (!parsed)
      throw authFailure(
        wire,
        "incomplete",
        "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters, with a Credential of the form <key>/<yyyymmdd>/<region>/<service>/aws4_request."
      );
    if (parsed.stamp === void 0)
      throw authFailure(
        wire,
        "incomplete",
        "Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header."
      );
    claim = parsed;
  } else if (url.searchParams.get("X-Amz-Algorithm") === "AWS4-HMAC-SHA256") {
    claim = fromQuery(url.searchParams);
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
  checkTime(wire, claim, nowMs);
  const bodyHash = payloadHash(req.body);
  const claimedHash = req.headers["x-amz-content-sha256"];
  if (claimedHash !== void 0 && claimedHash !== bodyHash) throw authFailure(wire, "mismatch");
  const canonical = canonicalRequest(
    req.method,
    url,
    req.headers,
    claim.signedHeaders,
    bodyHash,
    claim.presigned ? "X-Amz-Signature" : void 0
  );
  const expected = signatureOf(principal.secretAccessKey, claim.stamp, claim.region, claim.service, canonical);
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
  const { principal, region } = verifySigV4(service, req, deps.credentials, (deps.now ?? Date.now)());
  return { accountId: principal.accountId, region: scopeRegion(codec, region), principal: principal.name };
}

// src/server/admin.ts
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";

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
import { isIP } from "node:net";
var NAME = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*)$/;
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
  if (NAME.test(own) && !isAddress(own)) names.add(own);
  for (const word of (allowedHosts ?? "").split(",").map((w) => w.trim().toLowerCase())) {
    if (word === "") continue;
    if (word === "*") any = true;
    else if (word.startsWith(".") && NAME.test(word.slice(1))) suffixes.push(word);
    else {
      const host = splitHost(word);
      if (!host || !NAME.test(host.name) || host.port !== void 0 && host.port > 65535) {
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
  const parsed = splitHost(host);
  if (!parsed) return false;
  const defaultPort = secure ? 443 : 80;
  if (rules.withPort.has(`${parsed.name}:${parsed.port ?? defaultPort}`)) return true;
  if ((parsed.port ?? defaultPort) !== localPort) return false;
  const { name } = parsed;
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
var OPS_PREFIX = "/_svcctl";
function isOpsPath(pathname) {
  return pathname === OPS_PREFIX || pathname.startsWith(`${OPS_PREFIX}/`);
}
function json(status, doc, headers) {
  return { status, type: "application/json", body: `${stringifyJsonExact(doc)}
`, headers };
}
function problem(status, code, message, headers) {
  return json(status, { error: { code, message } }, headers);
}
function isAdmin(req, credentials) {
  const key = bearerKey(req.headers.authorization);
  return key !== void 0 && key !== "" && credentials.v2Principal(key)?.admin === true;
}
var ADMIN_HINT = "send Authorization: Bearer <api_key> of a principal with admin = true in the --credentials file";
function mayRead(req, deps) {
  if (!deps.credentials || isLoopback(req.socket.remoteAddress ?? "") || isAdmin(req, deps.credentials))
    return void 0;
  return problem(
    403,
    "AccessDenied",
    `This server has --credentials: beyond loopback, reading the journal and every account's resources needs an admin key (${ADMIN_HINT}).`
  );
}
function mayReset(req, deps, what = "reset") {
  const from = req.socket.remoteAddress ?? "an unknown address";
  const What = what.charAt(0).toUpperCase() + what.slice(1);
  if (!isLoopback(from))
    return problem(
      403,
      "AccessDenied",
      `${What} is allowed only from this machine's loopback interface (127.0.0.1, ::1); this request came from ${from}.`
    );
  if (deps.credentials && !isAdmin(req, deps.credentials))
    return problem(403, "AccessDenied", `This server has --credentials: ${what} needs an admin key (${ADMIN_HINT}).`);
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
    return problem(400, "InvalidParameter", `${name} must be a whole number, not '${value.slice(0, 40)}'.`);
  return Number(value);
}
async function journal(req, url, deps) {
  const after = count(url.searchParams.get("after"), "after");
  const limit = count(url.searchParams.get("limit"), "limit");
  if (typeof after === "object") return after;
  if (typeof limit === "object") return limit;
  const entries = await deps.service.admin({ what: "journal", after, limit });
  if (url.searchParams.get("cli") !== "1") return json(200, { Entries: entries });
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
async function resources(url, deps) {
  const kind = url.searchParams.get("kind");
  if (kind !== null && !RESOURCE_KINDS.includes(kind))
    return problem(
      400,
      "InvalidParameter",
      `Unknown kind '${kind.slice(0, 40)}': expected one of ${RESOURCE_KINDS.join(", ")}.`
    );
  const asked = kind === null ? {} : { kind };
  return json(200, { Resources: await deps.service.admin({ what: "resources", ...asked }) });
}
var MAX_FIRST = 1e3;
async function inspectorState(url, deps) {
  const first = count(url.searchParams.get("first"), "first") ?? 10;
  if (typeof first === "object") return first;
  if (first > MAX_FIRST) return problem(400, "InvalidParameter", `first is at most ${MAX_FIRST}, not ${first}.`);
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
async function reset(req, url, deps) {
  const refused = mayReset(req, deps);
  if (refused) return refused;
  let fields = {};
  try {
    const body = (await readSmallBody(req)).trim();
    if (body !== "") fields = JSON.parse(body);
    if (fields === null || typeof fields !== "object" || Array.isArray(fields)) throw new Error("not an object");
  } catch {
    return problem(
      400,
      "InvalidParameter",
      'The body of a reset is empty or a JSON object: {"kind": "...", "account": "..."}.'
    );
  }
  const kind = url.searchParams.get("kind") ?? fields.kind;
  const account = url.searchParams.get("account") ?? fields.account;
  if (kind !== void 0 && (typeof kind !== "string" || !RESET_KINDS.includes(kind))) {
    return problem(
      400,
      "InvalidParameter",
      `Unknown kind '${String(kind).slice(0, 40)}': expected one of ${RESET_KINDS.join(", ")}.`
    );
  }
  if (account !== void 0 && (typeof account !== "string" || !/^\d{12}$/.test(account))) {
    return problem(400, "InvalidParameter", `An account is 12 digits, not '${String(account).slice(0, 40)}'.`);
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
    return problem(400, "InvalidParameter", shape);
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) return problem(400, "InvalidParameter", shape);
  const pairs = [];
  for (const [name, value] of Object.entries(doc)) {
    if (!isFaultName(name))
      return problem(
        400,
        "InvalidParameter",
        `'${name.slice(0, 60)}' is not a fault rule name (fault.<service>.<Operation>).`
      );
    if (value !== null && typeof value !== "string")
      return problem(
        400,
        "InvalidParameter",
        `The rule of ${name} is a string or null, not ${JSON.stringify(value).slice(0, 40)}.`
      );
    pairs.push([name, value ?? "none"]);
  }
  try {
    for (const [name, value] of pairs) checkSetting(name, value);
  } catch (err) {
    if (err instanceof InputError) return problem(400, "InvalidParameter", err.message);
    throw err;
  }
  return json(200, { Faults: await deps.service.admin({ what: "set-settings", pairs }) });
}
async function deleteFaults(req, url, deps) {
  const refused = mayReset(req, deps, "changing fault rules");
  if (refused) return refused;
  const name = url.searchParams.get("name");
  if (name !== null && !isFaultName(name))
    return problem(
      400,
      "InvalidParameter",
      `'${name.slice(0, 60)}' is not a fault rule name (fault.<service>.<Operation>).`
    );
  if (name !== null) {
    try {
      parseFaultName(name);
    } catch (err) {
      if (err instanceof InputError) return problem(400, "InvalidParameter", err.message);
      throw err;
    }
  }
  const names = name === null ? void 0 : [name];
  return json(200, { Faults: await deps.service.admin({ what: "remove-faults", ...names ? { names } : {} }) });
}
var page = (type, body) => (req, _url, deps) => mayRead(req, deps) ?? { status: 200, type, body };
var ROUTES = {
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
    route: (req, url, deps) => mayRead(req, deps) ?? journal(req, url, deps),
    afterJournal: true
  },
  "/resources": {
    method: "GET",
    route: (req, url, deps) => mayRead(req, deps) ?? resources(url, deps)
  },
  "/inspector/state": {
    method: "GET",
    route: (req, url, deps) => mayRead(req, deps) ?? inspectorState(url, deps),
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
  if (misdirected) return problem(421, "MisdirectedRequest", misdirected, { connection: "close" });
  const site = otherSite(req);
  if (site)
    return problem(
      403,
      "AccessDenied",
      `Requests to ${OPS_PREFIX}/ from a page of another site are refused (${site}).`
    );
  return void 0;
}
async function route(req, deps) {
  const refused = fromAnotherSite(req, deps);
  if (refused) return refused;
  const url = new URL(req.url ?? "/", "http://svcctl");
  const sub = url.pathname === OPS_PREFIX ? "/" : url.pathname.slice(OPS_PREFIX.length);
  const r = ROUTES[sub];
  if (!r)
    return problem(
      404,
      "NotFound",
      `No such endpoint: ${url.pathname.slice(0, 100)} (see GET ${OPS_PREFIX}/ for the inspector).`
    );
  const method = req.method === "HEAD" && r.method === "GET" ? "GET" : req.method;
  const handle = method === r.method ? r.route : r.also?.[method];
  if (!handle) {
    const allowed = [r.method, ...Object.keys(r.also ?? {})];
    return problem(405, "MethodNotAllowed", `${url.pathname} takes ${allowed.join(" or ")}.`, {
      allow: allowed.join(", ")
    });
  }
  try {
    if (r.afterJournal) {
      await new Promise((resolve2) => setImmediate(resolve2));
      await deps.service.journalWritten();
    }
    return await handle(req, url, deps);
  } catch (err) {
    deps.metrics.storeError();
    if (err instanceof StoreUnavailableError)
      return problem(503, "ServiceUnavailable", `${withoutTopology(err)}. Retry the request.`);
    return problem(500, "InternalError", `The store could not answer: ${err.message}`);
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
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}
function notModified(ifNoneMatch, etag) {
  if (ifNoneMatch === void 0) return false;
  const bare = (tag) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
}
async function answerOps(req, res, deps, closing) {
  const a = await route(req, deps);
  req.resume();
  const headers = { "cache-control": "no-store", ...a.headers };
  if (closing) headers.connection = "close";
  const read = a.status === 200 && (req.method === "GET" || req.method === "HEAD");
  if (read) {
    headers.etag = etagOf(a.body);
    headers.vary = "Accept-Encoding";
    if (notModified(req.headers["if-none-match"], headers.etag)) {
      res.writeHead(304, headers);
      res.end();
      return 304;
    }
  }
  let body = Buffer.from(a.body, "utf8");
  const encoding = read && body.length >= COMPRESS_FROM ? chooseEncoding(req.headers["accept-encoding"]) : void 0;
  if (encoding === "br") body = await compressors.br(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  else if (encoding === "gzip") body = await compressors.gzip(body);
  if (encoding) headers["content-encoding"] = encoding;
  res.writeHead(a.status, { "content-type": a.type, "content-length": body.length, ...headers });
  res.end(req.method === "HEAD" ? void 0 : body);
  return a.status;
}

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
async function answer(req, headers, deps, protocol, requestId) {
  const outcome = await answerCall(req, headers, deps, protocol, requestId);
  const extra = protocol.answerHeaders?.(headers);
  if (extra) outcome.response.headers = { ...outcome.response.headers, ...extra };
  return outcome;
}
function warningOf(protocol, headers) {
  const warning = protocol.warning?.(headers);
  return warning === void 0 ? {} : { warning };
}
async function answerCall(req, headers, deps, protocol, requestId) {
  let operation2 = "-";
  let call;
  const misdirected = hostRefusal(req, deps.hosts);
  if (misdirected) {
    const error = protocol.codec.problem("misdirected", misdirected);
    return { response: protocol.codec.encodeError(error, requestId), operation: operation2, close: true, errorCode: error.code };
  }
  try {
    const body = await readBody(req, deps.limits, deps.budget);
    const wire = { method: req.method ?? "GET", path: req.url ?? "/", headers, body };
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
      ...warningOf(protocol, headers)
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
  const headers = { ...outcome.response.headers, "content-length": body.length };
  if (outcome.close || closing) headers.connection = "close";
  res.writeHead(outcome.response.status, headers);
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
  const late = new Promise((resolve2) => {
    timer = setTimeout(resolve2, JOURNAL_WAIT_MS);
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
    const headers = lowerHeaders(req);
    const protocol = pickProtocol(req.url ?? "/", headers);
    const requestId = protocol.requestId();
    answer(req, headers, deps, protocol, requestId).then(async (outcome) => {
      const elapsed = performance.now() - started;
      await journal2(deps, protocol, outcome, startedMs, elapsed);
      if (outcome.drop) req.socket.destroy();
      else {
        if (outcome.close) res.on("finish", () => hangUp(req));
        send(res, outcome, deps.closing());
      }
      deps.metrics.observe(protocol.codec.name, outcome.operation, outcome.response.status, elapsed / 1e3);
      const ms = elapsed.toFixed(1);
      const path = (req.url ?? "/").split("?")[0];
      const remote = req.socket.remoteAddress ?? "-";
      deps.log(
        `${remote} ${req.method} ${path} ${outcome.response.status} ${protocol.codec.name}:${outcome.operation} ${ms}ms`,
        {
          remote,
          method: req.method,
          path,
          status: outcome.response.status,
          protocol: protocol.codec.name,
          operation: outcome.operation,
          ms: Number(ms),
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
    return new Promise((resolve2) => this.waiters.push(resolve2));
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
    await new Promise((resolve2) => setImmediate(resolve2));
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
  return new Promise((resolve2, reject) => {
    server.once("error", reject);
    server.listen(port2, host, () => {
      server.off("error", reject);
      resolve2(server.address());
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
    close: () => new Promise((resolve2) => {
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
        journal3.stop().then(resolve2, resolve2);
      });
      server.closeIdleConnections();
    })
  };
}

// src/server/print-env.ts
function clientUrl(url) {
  return url.replace(
    /^(https?:\/\/)(0\.0\.0\.0|\[::\])(:\d+)$/,
    (_, scheme, host, port2) => host === "[::]" ? `${scheme}[::1]${port2}` : `${scheme}127.0.0.1${port2}`
  );
}
function shellWord(value) {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
var DUMMY_AWS_KEY = "test";
var DUMMY_API_KEY = "sk_test_svcctl";
var ENV_REGION = "us-east-1";
function exportVars(url, keys, caBundle) {
  const vars = [
    ["AWS_ENDPOINT_URL", url],
    ["SVCCTL_ENDPOINT_URL", url],
    ["AWS_ACCESS_KEY_ID", keys.accessKeyId ?? DUMMY_AWS_KEY],
    ["AWS_SECRET_ACCESS_KEY", keys.secretAccessKey ?? DUMMY_AWS_KEY],
    ["AWS_DEFAULT_REGION", ENV_REGION],
    ["AWS_REGION", ENV_REGION],
    ["SVCCTL_API_KEY", keys.apiKey ?? DUMMY_API_KEY]
  ];
  if (caBundle !== void 0) vars.push(["AWS_CA_BUNDLE", caBundle]);
  return vars;
}
function exportLines(vars) {
  return vars.map(([name, value]) => `export ${name}=${shellWord(value)}
`).join("");
}

// src/server/start.ts
function port(value) {
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new UsageError(`argument --port: invalid port: '${value}' (0-65535)`);
  }
  return Number(value);
}
function tls(flags) {
  if (flags.tlsCert === void 0 && flags.tlsKey === void 0) return void 0;
  if (flags.tlsCert === void 0 || flags.tlsKey === void 0) {
    throw new UsageError(`--tls-cert and --tls-key must be given together`);
  }
  const read = (flag, path) => {
    try {
      return readFileSync2(path);
    } catch (err) {
      throw new ConfigError(`Unable to read ${flag} file ${path}: ${err.message}`);
    }
  };
  const pair = { cert: read("--tls-cert", flags.tlsCert), key: read("--tls-key", flags.tlsKey) };
  checkTls(pair, flags.tlsCert, flags.tlsKey);
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
function journalSize(flags, env) {
  const fromEnv = env.SVCCTL_JOURNAL_SIZE || void 0;
  const value = flags.journalSize ?? fromEnv;
  if (value === void 0) return void 0;
  if (!/^\d{1,7}$/.test(value) || Number(value) > 1e6) {
    const what = `invalid journal size: '${value}' (0-1000000 entries)`;
    throw flags.journalSize === void 0 ? new ConfigError(`SVCCTL_JOURNAL_SIZE: ${what}`) : new UsageError(`argument --journal-size: ${what}`);
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
    text = readFileSync2(path, "utf8");
  } catch (err) {
    throw new ConfigError(`Unable to read --settings file ${path}: ${err.message}`);
  }
  const [{ parseSettingsFile }, { writeSettings }] = await Promise.all([
    import("./settings-file-P23D4VJ5.js"),
    import("./settings-store-P6ZCGDN4.js")
  ]);
  try {
    const pairs = parseSettingsFile(text, path);
    if (persist) writeSettings(service.store, pairs);
    else service.useRunSettings(pairs);
  } catch (err) {
    if (err instanceof InputError && !err.message.startsWith("Invalid settings file"))
      throw new InputError(`Invalid settings file ${path}: ${err.message}`);
    throw err;
  }
}
function stopped(ctx) {
  return new Promise((resolve2) => {
    const signals = ["SIGTERM", "SIGHUP"];
    const handlers = signals.map((name) => [name, () => done(name)]);
    const done = (name) => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      resolve2(name);
    };
    for (const [signal, handler] of handlers) process.once(signal, handler);
    ctx.signal?.addEventListener("abort", () => done("SIGINT"), { once: true });
  });
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
function storeOptions(flags, ctx) {
  const given = flags.store;
  const local = given === "memory" || given !== void 0 && given !== "" && !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(given);
  if (given !== void 0 && !local && !isPostgresUrl(given))
    throw new UsageError(`argument --store: '${maskStoreUrl(given)}' is not a store serve knows: give ${STORE_FORMS}.`);
  const url = local ? given : chooseStoreUrl(given, ctx.env, () => openProfile(ctx, {}, true).value("store_url"));
  const storeConnectTimeoutMs = milliseconds("--store-connect-timeout", flags.storeConnectTimeout);
  const storeQueryTimeoutMs = milliseconds("--store-query-timeout", flags.storeQueryTimeout);
  const poolSize = flags.storePoolSize === void 0 ? 1 : Number(flags.storePoolSize);
  if (flags.storePoolSize !== void 0 && (!/^\d{1,2}$/.test(flags.storePoolSize) || poolSize < 1 || poolSize > 64)) {
    throw new UsageError(
      `argument --store-pool-size: invalid value: '${flags.storePoolSize}' (operations at once, 1-64)`
    );
  }
  const onePool = (store) => {
    if (poolSize > 1)
      throw new UsageError(
        `argument --store-pool-size: only a PostgreSQL store (--store, SVCCTL_STORE_URL or store_url) takes a pool; ${store} writes one operation at a time.`
      );
  };
  if (url === void 0 || url === "") {
    onePool("the SQLite store in $SVCCTL_HOME");
    return { poolSize };
  }
  if (url === "memory" && local) {
    onePool("the in-memory store, on its one connection,");
    return { sqlite: { memory: true }, poolSize };
  }
  if (local) {
    const file = resolve(ctx.cwd, url);
    onePool(`the SQLite file ${file}`);
    if (!existsSync(dirname(file)))
      throw new ConfigError(
        `argument --store: the directory of the SQLite file ${file} does not exist (svcctl makes the file, not its directory).`
      );
    return { sqlite: { file }, poolSize };
  }
  return { storeUrl: url, storeConnectTimeoutMs, storeQueryTimeoutMs, poolSize };
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
function checkFlags(flags) {
  const format = flags.logFormat ?? "text";
  if (format !== "text" && format !== "json")
    throw new UsageError(`argument --log-format: Invalid choice: '${format}' (choose from text, json)`);
  if (flags.persistSettings === true && flags.settings === void 0) {
    throw new UsageError(
      "argument --persist-settings: only with --settings FILE, whose settings it writes to the store (to change the store's own, use svcctl service settings set)"
    );
  }
  return format;
}
async function callers(flags, ctx, given, log) {
  const keys = {};
  let apiKeys;
  if (given.apiKeys !== void 0) {
    apiKeys = parseApiKeys(given.apiKeys.join("\n"), "the apiKeys option");
    keys.apiKey = given.apiKeys[0];
  } else if (flags.apiKeys !== void 0) {
    apiKeys = loadApiKeys(flags.apiKeys, log);
    keys.apiKey = firstApiKey(flags.apiKeys);
  }
  const credentialsFile = flags.credentials ?? (ctx.env.SVCCTL_SERVE_CREDENTIALS || void 0);
  if (credentialsFile === void 0 && given.credentials === void 0 && flags.requireAuth) {
    throw new ConfigError(
      "svcctl serve --require-auth: no --credentials file (or SVCCTL_SERVE_CREDENTIALS) names who may call this server."
    );
  }
  if (given.credentials === void 0 && credentialsFile === void 0) return { apiKeys, keys };
  const { loadCredentials, parseCredentials, readCredentialsText, firstKeys } = await import("./credentials-OP2URKJG.js");
  const credentials = given.credentials === void 0 ? loadCredentials(credentialsFile, log) : parseCredentials(given.credentials.text, given.credentials.where);
  const text = given.credentials?.text ?? readCredentialsText(credentialsFile);
  return {
    apiKeys,
    credentials,
    credentialsFrom: given.credentials?.where ?? credentialsFile,
    keys: { ...keys, ...firstKeys(text) }
  };
}
async function startServe(flags, ctx, given = {}) {
  const format = checkFlags(flags);
  const log = serveLogger(
    format,
    (text) => ctx.stderr.write(text),
    () => /* @__PURE__ */ new Date()
  );
  const { apiKeys, credentials, credentialsFrom, keys } = await callers(flags, ctx, given, log);
  const anyHost = hostRules(flags.host, flags.allowedHosts).any;
  const options = {
    host: flags.host,
    port: port(flags.port),
    tls: tls(flags),
    apiKeys,
    credentials,
    journalSize: journalSize(flags, ctx.env),
    allowedHosts: flags.allowedHosts
  };
  const { poolSize, ...store } = storeOptions(flags, ctx);
  const clockMs = pinnedClock(ctx.env);
  const { EmbeddedService } = await import("./embedded-3UPSR4BE.js");
  const service = new EmbeddedService({
    home: svcctlHome(ctx),
    accountId: given.accountId ?? accountIdOf(ctx.env),
    clock: clockMs === void 0 ? ctx.clock ?? systemClock : { now: () => new Date(clockMs) },
    ids: ctx.ids ?? randomIds,
    hooks: testHooks(ctx.env),
    ...store
  });
  let schemaVersion = 0;
  try {
    schemaVersion = service.store.pragma("user_version", { simple: true });
    if (flags.settings !== void 0) await applySettingsFile(service, flags.settings, flags.persistSettings === true);
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
      `serve: store ${service.storeName} (PostgreSQL, schema version ${schemaVersion}), shared with every instance that uses it; ${connections(poolSize)}`
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
    await new Promise((resolve2) => setImmediate(resolve2));
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
      flags.tlsCert === void 0 ? void 0 : resolve(ctx.cwd, flags.tlsCert)
    ),
    close: () => closed ??= stop()
  };
}
function writeEnvFile(path, text) {
  const tmp = `${path}.${randomUUID2()}.tmp`;
  try {
    writeFileSync(tmp, text, { mode: 384 });
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw new ConfigError(`Unable to write the --write-env file ${path}: ${err.message}`);
  }
}
async function printEnv(flags, ctx) {
  checkFlags(flags);
  const listen2 = port(flags.port);
  if (listen2 === 0)
    throw new UsageError(
      "argument --print-env: needs the --port serve will listen on (not 0); with --port 0, use --write-env FILE, which serve writes once it listens"
    );
  const { keys } = await callers(flags, ctx, {}, () => {
  });
  const scheme = flags.tlsCert === void 0 ? "http" : "https";
  const host = flags.host.includes(":") ? `[${flags.host}]` : flags.host;
  const tlsCert = flags.tlsCert === void 0 ? void 0 : resolve(ctx.cwd, flags.tlsCert);
  ctx.stdout.write(exportLines(exportVars(clientUrl(`${scheme}://${host}:${listen2}`), keys, tlsCert)));
  return 0;
}
async function runServe(flags, ctx) {
  if (flags.printEnv === true) return printEnv(flags, ctx);
  const running = await startServe(flags, ctx);
  if (flags.writeEnv !== void 0) {
    try {
      writeEnvFile(resolve(ctx.cwd, flags.writeEnv), exportLines(running.env));
    } catch (err) {
      await running.close();
      throw err;
    }
  }
  const stop = stopped(ctx);
  ctx.stdout.write(`${running.url}
`);
  for (const note of running.notes) running.log(note);
  const signal = await stop;
  running.log(`${signal}: finishing in-flight requests and stopping`);
  if (flags.writeEnv !== void 0) rmSync(resolve(ctx.cwd, flags.writeEnv), { force: true });
  await running.close();
  return 0;
}
export {
  runServe,
  serveLogger,
  startServe
};
