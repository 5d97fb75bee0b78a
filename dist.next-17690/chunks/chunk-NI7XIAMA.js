import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  percentEncode
} from "./chunk-U36AOW6J.js";

// src/wire/sigv4.ts
import { createHash, createHmac } from "node:crypto";
var UNSIGNED = /* @__PURE__ */ new Set(["authorization", "user-agent", "content-length", "expect", "x-amzn-trace-id", "connection"]);
var sha256 = (data) => createHash("sha256").update(data, "utf8").digest("hex");
var hmac = (key, data) => createHmac("sha256", key).update(data, "utf8").digest();
function amzDate(now) {
  return now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}
function canonicalQuery(url, skip) {
  return [...url.searchParams].filter(([k]) => k !== skip).map(([k, v]) => [percentEncode(k), percentEncode(v)]).sort(([a, x], [b, y]) => a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0).map(([k, v]) => `${k}=${v}`).join("&");
}
function canonicalPath(url) {
  return url.pathname.split("/").map(percentEncode).join("/") || "/";
}
function signingKey(secret, date, region, service) {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
}
function canonicalRequest(method, url, headers, names, payloadHash2, skipQuery) {
  const canonicalHeaders = names.map((h) => `${h}:${(headers[h] ?? "").trim().replace(/\s+/g, " ")}
`).join("");
  return [
    method,
    canonicalPath(url),
    canonicalQuery(url, skipQuery),
    canonicalHeaders,
    names.join(";"),
    payloadHash2
  ].join("\n");
}
function signatureOf(secret, stamp, region, service, canonical) {
  const date = stamp.slice(0, 8);
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", stamp, scope, sha256(canonical)].join("\n");
  return createHmac("sha256", signingKey(secret, date, region, service)).update(toSign, "utf8").digest("hex");
}
var payloadHash = sha256;
function sign(req, creds, region, service, now) {
  const stamp = amzDate(now);
  req.headers.host ??= req.url.host;
  req.headers["x-amz-date"] = stamp;
  if (creds.sessionToken) req.headers["x-amz-security-token"] = creds.sessionToken;
  const names = Object.keys(req.headers).filter((h) => !UNSIGNED.has(h)).sort();
  const canonical = canonicalRequest(req.method, req.url, req.headers, names, sha256(req.body));
  const signature = signatureOf(creds.secretAccessKey, stamp, region, service, canonical);
  const scope = `${stamp.slice(0, 8)}/${region}/${service}/aws4_request`;
  req.headers.authorization = `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${names.join(";")}, Signature=${signature}`;
}

export {
  canonicalRequest,
  signatureOf,
  payloadHash,
  sign
};
