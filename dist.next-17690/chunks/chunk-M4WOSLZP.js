import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  fullResult,
  printable
} from "./chunk-NSSKQCFD.js";
import {
  InterruptedError
} from "./chunk-ZTOYQUS4.js";

// src/output/sink.ts
var ReaderGone = class extends Error {
};
function eventful(out) {
  const s = out;
  return typeof s.once === "function" && typeof s.off === "function";
}
function isBrokenPipe(err) {
  const code = err?.code;
  return code === "EPIPE" || code === "ERR_STREAM_DESTROYED" || code === "ERR_STREAM_WRITE_AFTER_END";
}
function drained(out, signal) {
  return new Promise((resolve, reject) => {
    const done = (fn) => () => {
      out.off("drain", onDrain);
      out.off("error", onError);
      out.off("close", onClose);
      signal?.removeEventListener("abort", onAbort);
      fn();
    };
    const onDrain = done(resolve);
    const onError = done(() => reject(new ReaderGone()));
    const onClose = done(() => reject(new ReaderGone()));
    const onAbort = done(() => reject(new InterruptedError()));
    out.once("drain", onDrain);
    out.once("error", onError);
    out.once("close", onClose);
    signal?.addEventListener("abort", onAbort, { once: true });
    if (signal?.aborted) onAbort();
  });
}
function sinkFor(out, signal) {
  let gone = false;
  if (eventful(out)) {
    const onError = (err) => {
      if (isBrokenPipe(err)) gone = true;
    };
    out.on("error", onError);
  }
  return async (chunk) => {
    if (gone) throw new ReaderGone();
    if (chunk === "") return;
    let ok;
    try {
      ok = out.write(chunk);
    } catch (err) {
      if (isBrokenPipe(err)) throw new ReaderGone();
      throw err;
    }
    if (ok === false && eventful(out)) await drained(out, signal);
  };
}

// src/output/render.ts
async function renderDocument(format, title, data, style = {}) {
  switch (format) {
    case "json":
      return isEmptyObject(data) ? "" : colored(style, "json", (await import("./json-5A2LGHG2.js")).formatJson(data));
    case "text":
      return (await import("./text-CPA6NKMQ.js")).formatText(data);
    case "table": {
      const { formatTable, AWS_COLOR_STYLE } = await import("./table-UAQZ7CWX.js");
      return formatTable(title, data, style.color ? AWS_COLOR_STYLE : {}, { terminalWidth: style.terminalWidth });
    }
    case "yaml":
      return isEmptyObject(data) ? "" : colored(style, "yaml", (await import("./yaml-MH3CWCUP.js")).formatYaml(data));
    case "yaml-stream":
      return isEmptyObject(data) ? "" : yamlStreamPage(data, style);
    case "off":
      return "";
  }
}
async function yamlStreamPage(data, style) {
  return colored(style, "yaml", (await import("./yaml-MH3CWCUP.js")).formatYamlStreamDocument(data));
}
async function colored(style, kind, text) {
  return style.color && text !== "" ? (await import("./color-HF6SUO52.js")).colorDocument(kind, text) : text;
}
function isEmptyObject(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length === 0;
}
function applyQuery(query, data) {
  return query ? query.search(data) : data;
}
async function writeResult(out, opts, result) {
  if (result.kind === "single") {
    out.write(await renderDocument(opts.format, opts.title, applyQuery(opts.query, printable(result.data)), opts));
    return;
  }
  const write = sinkFor(out, result.pages.signal);
  try {
    if (opts.format === "yaml-stream") {
      await writeYamlStream(write, opts, result);
    } else if (opts.format === "text" || opts.format === "off") {
      await writePages(write, opts, result);
    } else if (opts.format === "json" && opts.query === void 0) {
      const { writeJsonStream } = await import("./stream-json-O2FUGJNQ.js");
      await writeJsonStream(
        opts.color ? await (await import("./color-HF6SUO52.js")).coloredJsonSink(write) : write,
        result.paginator,
        result.pages
      );
    } else {
      const merged = await fullResult(result.paginator, result.pages);
      await write(await renderDocument(opts.format, opts.title, applyQuery(opts.query, printable(merged)), opts));
    }
  } catch (err) {
    if (err instanceof ReaderGone) return;
    throw err;
  }
}
async function writeYamlStream(write, opts, result) {
  for await (const page of result.pages.pages) {
    const { ResponseMetadata: _ignored, ...data } = page;
    await write(await yamlStreamPage(applyQuery(opts.query, printable(data)), opts));
  }
}
async function writePages(write, opts, result) {
  const { resultKey, outputToken } = result.paginator;
  let first = true;
  for await (const page of result.pages.pages) {
    const current = {};
    if (first) {
      for (const [k, v] of Object.entries(page)) if (k !== resultKey && k !== outputToken) current[k] = v;
    }
    current[resultKey] = page[resultKey];
    first = false;
    if (opts.format !== "off")
      await write(await renderDocument(opts.format, opts.title, applyQuery(opts.query, printable(current))));
  }
  const token = result.pages.resumeToken();
  if (token !== void 0 && opts.format !== "off") {
    await write(
      await renderDocument(opts.format, opts.title, applyQuery(opts.query, { NextToken: { NextToken: token } }))
    );
  }
}

export {
  renderDocument,
  writeResult
};
