import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  cliLine
} from "./chunk-ETGSEDXV.js";
import {
  endpointUrl
} from "./chunk-XPKDD7OB.js";
import {
  colorEnabled
} from "./chunk-QXSGBQGZ.js";
import {
  writeResult
} from "./chunk-M4WOSLZP.js";
import {
  compileQuery
} from "./chunk-2BT5LJNN.js";
import {
  listEntries,
  listResources,
  resetStore
} from "./chunk-DATX3P2B.js";
import {
  storePlace,
  withEmbeddedStore
} from "./chunk-B4K7YHQ2.js";
import {
  RESET_KINDS
} from "./chunk-A7HPNQES.js";
import {
  svcctlHome
} from "./chunk-BYMUKPFK.js";
import {
  operation
} from "./chunk-AXOSHY3R.js";
import {
  parseJsonExact
} from "./chunk-4W72ZHQN.js";
import {
  InputError,
  ServiceError,
  TransportError,
  UnknownOptionsError,
  UsageError
} from "./chunk-ZTOYQUS4.js";

// src/commands/service/admin-actions.ts
var withStore = (ctx, work, use = "write") => withEmbeddedStore(svcctlHome(ctx), ctx.env, work, use);
function endpointOf(globals) {
  const found = globals.endpoint();
  return found === void 0 ? void 0 : endpointUrl(found);
}
async function callServe(base, path, globals, ctx, method = "GET", body) {
  const url = new URL(`${base.pathname.replace(/\/+$/, "")}/_svcctl${path}`, base.origin);
  const headers = {};
  if (globals.apiKey) headers.authorization = `Bearer ${globals.apiKey}`;
  if (body !== void 0) headers["content-type"] = "application/json";
  let res;
  try {
    const signal = AbortSignal.any([
      AbortSignal.timeout(globals.readTimeoutMs || 6e4),
      ...ctx.signal ? [ctx.signal] : []
    ]);
    res = await fetch(url, { method, headers, body: body === void 0 ? void 0 : JSON.stringify(body), signal });
  } catch {
    throw new TransportError(`Could not connect to the endpoint URL: "${url.href}"`);
  }
  const text = await res.text();
  let doc;
  try {
    doc = parseJsonExact(text);
  } catch {
    throw new TransportError(`${url.href} answered ${res.status} with a body that is not JSON: is it a svcctl serve?`);
  }
  const error = doc.error;
  if (res.status === 503 && typeof doc.reason === "string") throw new ServiceError("NotReady", doc.reason, 503);
  if (!res.ok || error)
    throw new ServiceError(
      error?.code ?? `Http${res.status}`,
      error?.message ?? `${url.href} answered ${res.status}.`,
      res.status
    );
  return doc;
}
async function render(ctx, globals, title, data) {
  const query = globals.query !== void 0 ? compileQuery(globals.query) : void 0;
  const color = colorEnabled(globals.color, ctx.stdout, ctx.env);
  await writeResult(
    ctx.stdout,
    { format: globals.output, query, title, color, terminalWidth: ctx.stdout.isTTY ? ctx.stdout.columns : void 0 },
    { kind: "single", data }
  );
}
function noWords(words) {
  if (words.length > 0) throw new UnknownOptionsError(words);
}
function isEntry(v) {
  return v !== null && typeof v === "object" && typeof v.Operation === "string" && typeof v.Input === "object";
}
function printCliLines(ctx, globals, entries, endpoint) {
  let chosen = entries;
  if (globals.query !== void 0) {
    chosen = compileQuery(globals.query).search({ Entries: entries });
    if (!Array.isArray(chosen) || !chosen.every(isEntry)) {
      throw new UsageError(
        '--as-cli prints journal entries: its --query must select a list of them, such as "Entries[?Status >= `400`]".'
      );
    }
  }
  const endpointUrl2 = endpoint?.href.replace(/\/$/, "");
  for (const e of chosen)
    ctx.stdout.write(
      `${cliLine(operation(e.Operation), e.Input, { endpointUrl: endpointUrl2, region: e.Region, idempotencyKey: e.IdempotencyKey })}
`
    );
}
async function journal(ctx, globals, flags, words) {
  noWords(words);
  if (flags.limit !== void 0 && !/^\d{1,9}$/.test(flags.limit))
    throw new UsageError(`argument --limit: invalid count: '${flags.limit}'`);
  const limit = flags.limit === void 0 ? void 0 : Number(flags.limit);
  const endpoint = endpointOf(globals);
  const entries = endpoint ? (await callServe(endpoint, `/journal${limit === void 0 ? "" : `?limit=${limit}`}`, globals, ctx)).Entries : await withStore(ctx, (db) => listEntries(db, { limit }), "read");
  if (flags.asCli) printCliLines(ctx, globals, entries, endpoint);
  else await render(ctx, globals, "Journal", { Entries: entries });
  return 0;
}
async function resources(ctx, globals, words) {
  noWords(words);
  const endpoint = endpointOf(globals);
  const list = endpoint ? (await callServe(endpoint, "/resources", globals, ctx)).Resources : await withStore(ctx, listResources, "read");
  await render(ctx, globals, "Resources", { Resources: list });
  return 0;
}
function resetWhat(flags) {
  const what = flags.kind === void 0 ? "every resource, idempotency key and journal entry" : `every ${flags.kind} row`;
  return flags.account === void 0 ? what : `${what} of account ${flags.account}`;
}
async function confirmReset(ctx, flags) {
  const where = storePlace(svcctlHome(ctx), ctx.env);
  if (!ctx.stdin.isTTY || typeof ctx.stdin.on !== "function") {
    throw new InputError(
      `svcctl service reset deletes ${resetWhat(flags)} in ${where}, and there is no terminal to ask: add --yes to confirm. Nothing was deleted.`
    );
  }
  const { openTerminal } = await import("./terminal-B2OJTXNO.js");
  const terminal = openTerminal(ctx);
  try {
    const answer = await terminal.ask(`Delete ${resetWhat(flags)} in ${where}? [y/N] `);
    if (/^y(es)?$/i.test(answer.trim())) return true;
  } finally {
    terminal.close();
  }
  ctx.stderr.write("Nothing was deleted.\n");
  return false;
}
async function reset(ctx, globals, flags, words) {
  noWords(words);
  if (flags.kind !== void 0 && !RESET_KINDS.includes(flags.kind)) {
    throw new UsageError(`argument --kind: Invalid choice, valid choices are:

${RESET_KINDS.join(" | ")}`);
  }
  if (flags.account !== void 0 && !/^\d{12}$/.test(flags.account))
    throw new UsageError(`argument --account: an account is 12 digits, not '${flags.account}'`);
  const endpoint = endpointOf(globals);
  const body = {
    ...flags.kind === void 0 ? {} : { kind: flags.kind },
    ...flags.account === void 0 ? {} : { account: flags.account }
  };
  if (!endpoint && !flags.yes && !await confirmReset(ctx, flags)) return 1;
  const deleted = endpoint ? (await callServe(endpoint, "/reset", globals, ctx, "POST", body)).Deleted : await withStore(ctx, (db) => resetStore(db, flags), "read");
  await render(ctx, globals, "Reset", { Deleted: deleted });
  return 0;
}
async function ready(ctx, globals, flags, words) {
  noWords(words);
  if (flags.wait !== void 0 && !/^\d{1,4}(\.\d+)?$/.test(flags.wait))
    throw new UsageError(`argument --wait: invalid number of seconds: '${flags.wait}'`);
  const endpoint = endpointOf(globals);
  if (!endpoint) {
    await withStore(ctx, () => void 0);
    await render(ctx, globals, "Ready", { ready: true });
    return 0;
  }
  const deadline = Date.now() + Number(flags.wait ?? 0) * 1e3;
  for (; ; ) {
    try {
      await render(ctx, globals, "Ready", await callServe(endpoint, "/ready", globals, ctx));
      return 0;
    } catch (err) {
      if (Date.now() >= deadline || ctx.signal?.aborted) throw err;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export {
  endpointOf,
  callServe,
  noWords,
  journal,
  resources,
  reset,
  ready
};
