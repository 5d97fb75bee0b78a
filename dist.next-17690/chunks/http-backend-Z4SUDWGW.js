import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  sign
} from "./chunk-NI7XIAMA.js";
import {
  versionLine
} from "./chunk-5UUC42TS.js";
import {
  CODECS,
  oversizeRequest
} from "./chunk-HE2K44QH.js";
import {
  WireFormatError
} from "./chunk-U36AOW6J.js";
import {
  serviceModel
} from "./chunk-2MMXPJSP.js";
import "./chunk-AXOSHY3R.js";
import "./chunk-VRWMAX2M.js";
import "./chunk-DFWDIXDH.js";
import "./chunk-L2IBQYJO.js";
import "./chunk-USAJVI4X.js";
import "./chunk-3LCBX7RT.js";
import {
  holdsSecret,
  maskValuesInText,
  secretValues
} from "./chunk-LSYXKZPM.js";
import "./chunk-4W72ZHQN.js";
import {
  ConfigError,
  InterruptedError,
  TransportError
} from "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/backends/http/http-backend.ts
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

// src/backends/http/debug.ts
var SECRET_HEADERS = /* @__PURE__ */ new Set(["x-amz-security-token", "cookie", "set-cookie"]);
var SECRET_HEADER_NAME = /authorization|(^|-)(auth|access|session|security|api)-?token$|secret|password|passwd|cookie|api-?key|credential|signature/i;
var SECRET_PARAM = /signature|credential|security-token|^(access|auth|id|session)[-_]?token$|secret|password|api[-_]?key|access[-_]?key/i;
function redactAuthorization(value) {
  if (value.startsWith("AWS4-HMAC-SHA256 ")) {
    return value.replace(/Credential=[^/,\s]+/, "Credential=REDACTED").replace(/Signature=[0-9a-fA-F]+/, "Signature=REDACTED");
  }
  const scheme = /^(\w+)\s/.exec(value)?.[1];
  return scheme ? `${scheme} REDACTED` : "REDACTED";
}
function redactHeaders(headers) {
  const out = {};
  for (const [k, v] of Object.entries(headers)) {
    out[k] = k === "authorization" ? redactAuthorization(v) : SECRET_HEADERS.has(k) || SECRET_HEADER_NAME.test(k) ? "REDACTED" : v;
  }
  return out;
}
function redactUrl(url) {
  if (url.username === "" && url.password === "" && url.search === "") return url.href;
  const copy = new URL(url.href);
  if (copy.username !== "") copy.username = "REDACTED";
  if (copy.password !== "") copy.password = "REDACTED";
  for (const name of [...new Set(copy.searchParams.keys())]) {
    if (SECRET_PARAM.test(name)) copy.searchParams.set(name, "REDACTED");
  }
  return copy.href;
}
function headerLines(headers) {
  return Object.entries(redactHeaders(headers)).map(([k, v]) => `  ${k}: ${v}
`).join("");
}
function debugLogger(stderr) {
  return {
    request(req, attempt) {
      stderr.write(
        `DEBUG http request (attempt ${attempt}): ${req.method} ${redactUrl(req.url)}
${headerLines(req.headers)}  body: ${req.maskBody?.(req.body) ?? req.body}
`
      );
    },
    response(res, req) {
      stderr.write(
        `DEBUG http response: ${res.status} from ${req.method} ${redactUrl(req.url)}
${headerLines(res.headers)}  body: ${req.maskBody?.(res.body, res) ?? res.body}
`
      );
    },
    retry(reason, delayMs) {
      stderr.write(`DEBUG retrying in ${delayMs} ms: ${reason}
`);
    }
  };
}

// src/backends/http/transport.ts
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { createRequire } from "node:module";
var Failure = class extends Error {
  constructor(message, retry) {
    super(message);
    this.retry = retry;
  }
  retry;
};
var TLS_CODES = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ERR_TLS|ERR_SSL/;
var RETRY_STATUS = (status) => status === 429 || status >= 500;
var RETRY_CODES = /* @__PURE__ */ new Set([
  "Throttling",
  "ThrottlingException",
  "ThrottledException",
  "RequestThrottledException",
  "TooManyRequestsException",
  "ProvisionedThroughputExceededException",
  "TransactionInProgressException",
  "RequestLimitExceeded",
  "BandwidthLimitExceeded",
  "LimitExceededException",
  "RequestThrottled",
  "SlowDown",
  "PriorRequestNotComplete",
  "EC2ThrottledException",
  "RequestTimeout",
  "RequestTimeoutException"
]);
function protocolFailure(err, url) {
  const reason = /:SSL routines:[^:]*:([^:]+)/.exec(err.message)?.[1] ?? err.message.replace(/^write EPROTO /, "");
  const code = reason.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
  const hint = code === "WRONG_VERSION_NUMBER" ? ": the server does not speak TLS (a plain-HTTP server, such as svcctl serve without --tls-cert, takes http://)" : "";
  return new Failure(`SSL validation failed for ${url} [SSL: ${code}] ${reason}${hint}`, false);
}
function failureOf(err, url, connected, secure) {
  if (err.phase === "connect") return new Failure(`Connect timeout on endpoint URL: "${url}"`, true);
  if (err.phase === "read") return new Failure(`Read timeout on endpoint URL: "${url}"`, true);
  if (secure && err.code === "EPROTO") return protocolFailure(err, url);
  if (TLS_CODES.test(err.code ?? "")) return new Failure(`SSL validation failed for ${url} ${err.message}`, false);
  if (connected)
    return new Failure(`Connection was closed before we received a valid response from endpoint URL: "${url}".`, true);
  return new Failure(`Could not connect to the endpoint URL: "${url}"`, true);
}
function timeout(phase) {
  return Object.assign(new Error(`${phase} timeout`), { phase });
}
function collect(res, onData) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    res.on("data", (c) => {
      chunks.push(c);
      onData();
    });
    res.on("error", reject);
    res.on("aborted", () => reject(new Error("aborted")));
    res.on("end", () => {
      const headers = {};
      for (const [k, v] of Object.entries(res.headers))
        if (v !== void 0) headers[k] = Array.isArray(v) ? v.join(", ") : v;
      resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString("utf8") });
    });
  });
}
var httpsModule;
var https = () => httpsModule ??= createRequire(import.meta.url)("node:https");
var Transport = class {
  constructor(opts) {
    this.opts = opts;
  }
  opts;
  agents = {
    http: new HttpAgent({ keepAlive: true })
  };
  /** One attempt: resolves with any HTTP answer, rejects with a Failure. */
  once(req) {
    const { opts } = this;
    const secure = req.url.protocol === "https:";
    const body = Buffer.from(req.body, "utf8");
    return new Promise((resolve, reject) => {
      let connected = false;
      let timer;
      const arm = (phase, ms) => {
        clearTimeout(timer);
        if (ms > 0) timer = setTimeout(() => r.destroy(timeout(phase)), ms);
      };
      const onConnected = () => {
        connected = true;
        arm("read", opts.readTimeoutMs);
      };
      const r = (secure ? https().request : httpRequest)(req.url, {
        method: req.method,
        headers: { ...req.headers, "content-length": String(body.length) },
        agent: secure ? this.agents.https ??= new (https()).Agent({ keepAlive: true }) : this.agents.http,
        ...opts.signal ? { signal: opts.signal } : {},
        ...secure ? { rejectUnauthorized: opts.verifySsl, ...opts.ca ? { ca: opts.ca } : {} } : {}
      });
      r.on("socket", (socket) => {
        if (!socket.connecting) return onConnected();
        arm("connect", opts.connectTimeoutMs);
        socket.once(secure ? "secureConnect" : "connect", onConnected);
      });
      r.on("response", (res) => {
        collect(res, () => arm("read", opts.readTimeoutMs)).then(resolve, (err) => r.destroy(err)).finally(() => clearTimeout(timer));
      });
      r.on("error", (err) => {
        clearTimeout(timer);
        reject(failureOf(err, req.url.href, connected, secure));
      });
      r.end(body);
    });
  }
  delay(attempt) {
    return Math.round(Math.random() * this.opts.backoffMs * 2 ** (attempt - 1));
  }
  /**
   * Sends with bounded retries; `prepare` runs before each attempt (to sign it afresh); `errorCode` reads the
   * code of an error answer (AWS protocols: a code in RETRY_CODES is retried too).
   */
  async send(req, prepare = () => {
  }, errorCode) {
    for (let attempt = 1; ; attempt++) {
      if (this.opts.signal?.aborted) throw new InterruptedError();
      prepare(req);
      this.opts.debug?.request(req, attempt);
      let failure;
      let res;
      try {
        res = await this.once(req);
      } catch (err) {
        failure = err instanceof Failure ? err : new Failure(`Could not connect to the endpoint URL: "${req.url.href}"`, true);
      }
      if (this.opts.signal?.aborted) throw new InterruptedError();
      if (res) this.opts.debug?.response(res, req);
      const retry = failure ? failure.retry : RETRY_STATUS(res.status) || res.status >= 400 && errorCode !== void 0 && RETRY_CODES.has(errorCode(res) ?? "");
      if (!retry || attempt >= this.opts.attempts) {
        if (failure) throw new TransportError(failure.message);
        return res;
      }
      const ms = this.delay(attempt);
      this.opts.debug?.retry(failure ? failure.message : `HTTP ${res.status}`, ms);
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  }
  close() {
    this.agents.http.destroy();
    this.agents.https?.destroy();
  }
};

// src/backends/http/http-backend.ts
var PROTOCOLS = { query: "AWS Query", json11: "AWS JSON 1.1", v2: "v2 JSON" };
var BACKOFF_MS = 100;
var NO_CREDENTIALS = 'Unable to locate credentials. You can configure credentials by running "svcctl configure" (or "svcctl configure set aws_access_key_id ..." and "svcctl configure set aws_secret_access_key ..."), by setting AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or in ~/.aws/credentials; a server that does not check signatures also takes --no-sign-request.';
var HttpBackend = class {
  constructor(config, ctx) {
    this.config = config;
    this.ctx = ctx;
    this.base = config.endpoint;
  }
  config;
  ctx;
  base;
  transport;
  aws;
  async invoke(op, params, call) {
    const codec = CODECS[op.service];
    const oversize = oversizeRequest(op, params);
    if (oversize) throw oversize;
    const wire = codec.encodeRequest(op, params);
    const req = {
      url: this.urlFor(wire.path),
      method: wire.method,
      headers: { ...wire.headers, "user-agent": versionLine() },
      body: wire.body
    };
    if (this.config.debug && (holdsSecret(op.input) || holdsSecret(op.output)))
      req.maskBody = (body, res2) => maskValuesInText(body, res2 ? answerSecrets(codec, op, res2) : secretValues(op.input, params));
    const service = serviceModel(op.service);
    const prepare = service.protocol === "v2" ? this.v2Headers(req, call) : this.awsSigner(service.signingName, call.region);
    const res = await this.getTransport().send(req, prepare, service.protocol === "v2" ? void 0 : codeOf(codec));
    return this.decode(codec, op, req, res);
  }
  close() {
    this.transport?.close();
  }
  urlFor(path) {
    const prefix = this.base.pathname.replace(/\/+$/, "");
    return new URL(`${prefix}${path}`, this.base.origin);
  }
  v2Headers(req, call) {
    req.headers.authorization = `Bearer ${call.apiKey ?? ""}`;
    if (call.serviceVersion) req.headers["service-version"] = call.serviceVersion;
    if (req.method === "POST") req.headers["idempotency-key"] = call.idempotencyKey ?? randomUUID();
    return () => {
    };
  }
  /**
   * Loads the credentials once; signs every attempt afresh (new date) in the call's region, the one the
   * embedded backend and `configure list` use (us-east-1 when nothing sets one: docs/compat.md #74).
   */
  awsSigner(service, region) {
    if (!this.config.signRequest) return () => {
    };
    this.aws ??= { credentials: this.config.credentials() };
    const { credentials } = this.aws;
    if (!credentials) throw new ConfigError(NO_CREDENTIALS, "NoCredentials");
    return (req) => {
      delete req.headers.authorization;
      req.headers.host = req.url.host;
      sign(req, credentials, region, service, this.ctx.clock.now());
    };
  }
  getTransport() {
    this.transport ??= new Transport({
      connectTimeoutMs: this.config.connectTimeoutMs,
      readTimeoutMs: this.config.readTimeoutMs,
      verifySsl: this.config.verifySsl,
      ca: this.caBundle(),
      attempts: this.config.maxAttempts,
      backoffMs: BACKOFF_MS,
      signal: this.ctx.signal,
      debug: this.config.debug ? debugLogger(this.ctx.stderr) : void 0
    });
    return this.transport;
  }
  caBundle() {
    const path = this.config.caBundle;
    if (path === void 0 || this.base.protocol !== "https:") return void 0;
    try {
      return readFileSync(path);
    } catch {
      throw new TransportError(`Could not find a suitable TLS CA certificate bundle, invalid path: ${path}`);
    }
  }
  decode(codec, op, req, res) {
    const ok = res.status >= 200 && res.status < 300;
    try {
      if (ok) return codec.decodeResponse(op, res);
    } catch (err) {
      if (!(err instanceof WireFormatError)) throw err;
      throw new TransportError(
        `Unable to parse the response from the endpoint URL: "${req.url.href}" as ${PROTOCOLS[codec.name]} (HTTP ${res.status}): ${err.message}`
      );
    }
    let error;
    try {
      error = codec.decodeError(res);
    } catch (err) {
      if (!(err instanceof WireFormatError)) throw err;
      throw new TransportError(
        `The endpoint URL "${req.url.href}" answered HTTP ${res.status} with no error in the ${PROTOCOLS[codec.name]} shape (${err.message}).`
      );
    }
    throw error;
  }
};
function answerSecrets(codec, op, res) {
  if (res.status < 200 || res.status >= 300) return [];
  try {
    return secretValues(op.output, codec.decodeResponse(op, res));
  } catch {
    return [];
  }
}
function codeOf(codec) {
  return (res) => {
    try {
      return codec.decodeError(res).code;
    } catch {
      return void 0;
    }
  };
}
export {
  HttpBackend,
  NO_CREDENTIALS
};
