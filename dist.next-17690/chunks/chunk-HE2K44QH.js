import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  json11Codec,
  queryCodec,
  v2Codec
} from "./chunk-U36AOW6J.js";
import {
  SERVICES
} from "./chunk-2MMXPJSP.js";
import {
  MAX_REQUEST_BYTES,
  MAX_URL_BYTES
} from "./chunk-L2IBQYJO.js";
import {
  stringifyJsonExact
} from "./chunk-4W72ZHQN.js";

// src/wire/codecs.ts
var BY_PROTOCOL = { query: queryCodec, json11: json11Codec, v2: v2Codec };
var CODECS = Object.fromEntries(
  Object.entries(SERVICES).map(([name, service]) => [name, BY_PROTOCOL[service.protocol]])
);
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
  const url = Buffer.byteLength(wire.path, "utf8");
  if (url > MAX_URL_BYTES)
    return codec.problem("too-large", `The request URL (${url} bytes) exceeds the limit of ${MAX_URL_BYTES} bytes.`);
  return void 0;
}

export {
  CODECS,
  oversizeRequest
};
