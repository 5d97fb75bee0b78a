import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  serviceModel,
  servicesSpeaking
} from "./chunk-2MMXPJSP.js";
import {
  OPERATIONS
} from "./chunk-AXOSHY3R.js";
import {
  checkPathMembers,
  isPlainObject
} from "./chunk-DFWDIXDH.js";
import {
  echoText
} from "./chunk-L2IBQYJO.js";
import {
  Timestamp
} from "./chunk-USAJVI4X.js";
import {
  PyFloat,
  parseJsonExact,
  parseJsonInts,
  parsePyInt,
  stringifyJsonExact
} from "./chunk-4W72ZHQN.js";
import {
  ServiceError,
  json11ErrorFields
} from "./chunk-ZTOYQUS4.js";
import {
  mapEntries,
  setOwn
} from "./chunk-NM3Y46F5.js";

// src/wire/types.ts
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

// src/wire/json11.ts
var JSON11_TYPE = "application/x-amz-json-1.1";
function serviceOf(op) {
  const service = serviceModel(op.service);
  if (service.protocol !== "json11") throw new Error(`${op.name} is not an AWS JSON 1.1 operation`);
  return service;
}
var target = (op) => `${serviceOf(op).targetPrefix}.${op.name}`;
var SERVICES = servicesSpeaking("json11");
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
    return SERVICES.find((s) => s.targetPrefix === prefix) ?? SERVICES[0];
  },
  problem
};

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
  const service = serviceModel(op.service);
  if (service.protocol !== "query") throw new Error(`${op.name} is not an AWS Query operation`);
  return service;
}
var SERVICES2 = servicesSpeaking("query");
var FIRST = SERVICES2[0];
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
    return SERVICES2.find((s) => s.apiVersion === version) ?? FIRST;
  },
  problem: problem2
};

// src/wire/v2.ts
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

export {
  WireFormatError,
  splitPath,
  json11Codec,
  percentEncode,
  queryCodec,
  v2Codec
};
