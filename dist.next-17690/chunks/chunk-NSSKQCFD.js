import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  Timestamp
} from "./chunk-USAJVI4X.js";
import {
  PyFloat
} from "./chunk-4W72ZHQN.js";
import {
  InputError,
  InterruptedError,
  TransportError
} from "./chunk-ZTOYQUS4.js";
import {
  mapEntries
} from "./chunk-NM3Y46F5.js";

// src/paginate/token.ts
function pyString(s) {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ch = s[i];
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "	") out += "\\t";
    else if (ch === "\b") out += "\\b";
    else if (ch === "\f") out += "\\f";
    else if (c < 32 || c > 126) out += `\\u${c.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}
function encodeToken(tokenKey, token) {
  const parts = [`${pyString(tokenKey)}: ${token.serviceToken === null ? "null" : pyString(token.serviceToken)}`];
  if (token.truncate !== void 0) parts.push(`"boto_truncate_amount": ${token.truncate}`);
  return Buffer.from(`{${parts.join(", ")}}`, "utf8").toString("base64");
}
function invalid(token, why) {
  const shown = token.length > 80 ? `${token.slice(0, 77)}...` : token;
  return new InputError(
    `Bad value for --starting-token: ${JSON.stringify(shown)} is not a NextToken printed by svcctl or the AWS CLI for this command (${why}).`
  );
}
function parseJsonObject(token) {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(token) || token.length === 0) {
    throw invalid(token, "not base64");
  }
  let doc;
  try {
    doc = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(token, "base64")));
  } catch {
    throw invalid(token, "not an encoded JSON object");
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) throw invalid(token, "not an encoded JSON object");
  return doc;
}
function decodeToken(tokenKey, token) {
  const record = parseJsonObject(token);
  const extra = Object.keys(record).filter((k) => k !== tokenKey && k !== "boto_truncate_amount");
  if (extra.length > 0 || !(tokenKey in record)) throw invalid(token, `expected the key ${tokenKey}`);
  const serviceToken = record[tokenKey];
  if (serviceToken !== null && typeof serviceToken !== "string")
    throw invalid(token, `${tokenKey} must be a string or null`);
  if (!("boto_truncate_amount" in record)) return { serviceToken };
  const truncate = record.boto_truncate_amount;
  if (typeof truncate !== "number" || !Number.isSafeInteger(truncate) || truncate < 0)
    throw invalid(token, "bad boto_truncate_amount");
  return { serviceToken, truncate };
}

// src/paginate/paginator.ts
async function checkpoint(signal) {
  if (signal) await new Promise((resolve) => setImmediate(resolve));
  if (signal?.aborted) throw new InterruptedError();
}
function injectToken(kwargs, key, token) {
  if (token !== null && token !== "None") kwargs[key] = token;
  else delete kwargs[key];
}
function nextServiceToken(page, key) {
  const t = page[key];
  return typeof t === "string" && t !== "" ? t : null;
}
function itemsOf(page, key) {
  const items = page[key];
  return Array.isArray(items) ? items : [];
}
function sameTokenTwice(key, token) {
  return new TransportError(
    `Error during pagination: The same next token was received twice: {${pyString(key).replace(/^"|"$/g, "'")}: ${pyString(token).replace(/^"|"$/g, "'")}}`
  );
}
function checkOptions(opts) {
  if (opts.maxItems !== void 0 && opts.maxItems < 0) {
    throw new InputError(`Bad value for --max-items: ${opts.maxItems} (must be 0 or more).`);
  }
}
function paginate(p, params, call, opts) {
  checkOptions(opts);
  const start = opts.startingToken !== void 0 ? decodeToken(p.inputToken, opts.startingToken) : void 0;
  const max = opts.maxItems;
  let resume;
  async function* pages() {
    const kwargs = { ...params };
    let token = start?.serviceToken ?? null;
    if (start) injectToken(kwargs, p.inputToken, token);
    if (opts.pageSize !== void 0) kwargs[p.limitKey] = opts.pageSize;
    let previous;
    let total = 0;
    let leftCut = start?.truncate ?? 0;
    for (; ; ) {
      await checkpoint(opts.signal);
      const page = await call({ ...kwargs });
      const items = itemsOf(page, p.resultKey).slice(leftCut);
      const over = max !== void 0 ? total + items.length - max : 0;
      if (over > 0) {
        const keep = items.length - over;
        resume = { serviceToken: token, truncate: keep + leftCut };
        yield { ...page, [p.resultKey]: items.slice(0, keep) };
        return;
      }
      yield { ...page, [p.resultKey]: items };
      leftCut = 0;
      total += items.length;
      const next = nextServiceToken(page, p.outputToken);
      if (next === null) return;
      if (max !== void 0 && total === max) {
        resume = { serviceToken: next };
        return;
      }
      if (previous !== void 0 && previous === next) throw sameTokenTwice(p.inputToken, next);
      injectToken(kwargs, p.inputToken, next);
      previous = next;
      token = next;
    }
  }
  return {
    pages: pages(),
    resumeToken: () => resume ? encodeToken(p.inputToken, resume) : void 0,
    signal: opts.signal
  };
}
function mergedShell(p, first, list) {
  const shell = first ? { ...first, [p.resultKey]: list } : { [p.resultKey]: list };
  delete shell[p.outputToken];
  return shell;
}
async function fullResult(p, it) {
  let first;
  const all = [];
  for await (const page of it.pages) {
    first ??= page;
    for (const item of itemsOf(page, p.resultKey)) all.push(item);
  }
  const result = mergedShell(p, first, all);
  const token = it.resumeToken();
  if (token !== void 0) result.NextToken = token;
  return result;
}

// src/output/timestamps.ts
function isoTimestamp(d) {
  return Timestamp.fromDate(d).isoformat();
}
function printable(v) {
  if (v instanceof Date) return isoTimestamp(v);
  if (v instanceof Timestamp) return v.isoformat();
  if (Array.isArray(v)) return v.map(printable);
  if (v !== null && typeof v === "object" && !(v instanceof PyFloat)) {
    return mapEntries(v, printable);
  }
  return v;
}

export {
  paginate,
  mergedShell,
  fullResult,
  printable
};
