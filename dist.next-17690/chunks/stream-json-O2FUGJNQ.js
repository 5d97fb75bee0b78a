import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  stringifyPython
} from "./chunk-27WAJK4I.js";
import {
  mergedShell,
  printable
} from "./chunk-NSSKQCFD.js";
import "./chunk-USAJVI4X.js";
import "./chunk-4W72ZHQN.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/output/stream-json.ts
import { randomUUID } from "node:crypto";
var OPEN = '{\n    "x": [\n';
var CLOSE = "\n    ]\n}";
function renderItems(items) {
  return stringifyPython({ x: printable(items) }, 4).slice(OPEN.length, -CLOSE.length);
}
function around(p, first, token) {
  const marker = `svcctl-list-${randomUUID()}`;
  const shell = mergedShell(p, first, marker);
  if (token !== void 0) shell.NextToken = token;
  const text = stringifyPython(printable(shell), 4);
  const at = text.indexOf(JSON.stringify(marker));
  return [text.slice(0, at), `${text.slice(at + marker.length + 2)}
`];
}
async function writeJsonStream(write, p, it) {
  let first;
  let count = 0;
  for await (const page of it.pages) {
    first ??= page;
    const items = page[p.resultKey];
    if (!Array.isArray(items) || items.length === 0) continue;
    const head = count === 0 ? `${around(p, first, void 0)[0]}[
` : ",\n";
    count += items.length;
    await write(head + renderItems(items));
  }
  const [before, after] = around(p, first, it.resumeToken());
  await write(count === 0 ? `${before}[]${after}` : `
    ]${after}`);
}
export {
  renderItems,
  writeJsonStream
};
