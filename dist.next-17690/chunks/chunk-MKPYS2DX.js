import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  renderDocument
} from "./chunk-M4WOSLZP.js";
import {
  compileQuery
} from "./chunk-2BT5LJNN.js";

// src/output/listing.ts
async function writeListing(out, raw, title, doc, text) {
  if (raw.output === void 0 && raw.query === void 0) {
    out.write(text());
    return;
  }
  const data = raw.query === void 0 ? doc : compileQuery(String(raw.query)).search(doc);
  out.write(await renderDocument(raw.output ?? "json", title, data));
}

export {
  writeListing
};
