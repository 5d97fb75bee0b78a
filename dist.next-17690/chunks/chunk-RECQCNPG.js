import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  commandPath
} from "./chunk-EHB7SV7Z.js";
import {
  applyClientEncodings,
  assembleParams,
  givenWords,
  loadParamFile,
  missingRequired,
  requiredArgumentsError
} from "./chunk-PMOSXZO5.js";
import {
  isPlainObject
} from "./chunk-DFWDIXDH.js";
import {
  MAX_NESTING,
  jsonNestsDeeper,
  memberPath,
  valueProblem,
  yamlNestsDeeper
} from "./chunk-L2IBQYJO.js";
import {
  PyFloat,
  parseJsonExact,
  pyFloat,
  pyInt,
  pyNumberText,
  stringifyJsonExact
} from "./chunk-4W72ZHQN.js";
import {
  InputError,
  ParamError
} from "./chunk-ZTOYQUS4.js";
import {
  fromEntriesOrdered
} from "./chunk-NM3Y46F5.js";

// src/input/cliinput.ts
function pyType(doc, text) {
  if (doc === null || doc === void 0) return "<class 'NoneType'>";
  if (typeof doc === "string") return "<class 'str'>";
  if (typeof doc === "boolean") return "<class 'bool'>";
  if (typeof doc === "bigint") return "<class 'int'>";
  if (doc instanceof PyFloat) return "<class 'float'>";
  if (typeof doc === "number") return /^\s*[-+]?\d+\s*$/.test(text) ? "<class 'int'>" : "<class 'float'>";
  if (Array.isArray(doc)) return "<class 'list'>";
  if (doc instanceof Date) return "<class 'datetime.datetime'>";
  if (doc instanceof Uint8Array) return "<class 'bytes'>";
  return "<class 'dict'>";
}
function jsonErrorText(err, text) {
  const message = err.message.split("\n")[0].replace(/, ".*$/, "").replace(/ \(line \d+ column \d+\)$/, "");
  const at = /at position (\d+)/.exec(message);
  if (!at) return message;
  const before = text.slice(0, Number(at[1]));
  const line = before.split("\n").length;
  return `${message} (line ${line} column ${before.length - before.lastIndexOf("\n")})`;
}
var TOO_DEEP = `it nests deeper than ${MAX_NESTING} levels of lists and objects`;
function parseJson(text) {
  if (jsonNestsDeeper(text)) return { error: TOO_DEEP };
  try {
    return { doc: parseJsonExact(text) };
  } catch (err) {
    return { error: jsonErrorText(err, text) };
  }
}
async function parseYaml(text) {
  if (yamlNestsDeeper(text)) return { error: TOO_DEEP };
  const { parseAllDocuments, visit } = (await import("./dist-MLEW6ULO.js")).default;
  const docs = parseAllDocuments(text, {
    uniqueKeys: true,
    logLevel: "silent",
    resolveKnownTags: false,
    intAsBigInt: true
  });
  if (docs.length === 0) return { doc: null };
  if (docs.length > 1) return { error: "expected a single document in the stream, but found another document" };
  const problem = docs[0].errors[0] ?? docs[0].warnings[0];
  if (problem) return { error: /call stack/i.test(problem.message) ? TOO_DEEP : problem.message.split("\n")[0] };
  visit(docs[0], {
    Scalar(_key, node) {
      if (typeof node.value === "bigint") node.value = pyInt(node.value);
      else if (typeof node.value === "number") node.value = pyFloat(node.value);
    }
  });
  try {
    return { doc: fromYamlMaps(docs[0].toJS({ maxAliasCount: 100, mapAsMap: true })) };
  } catch (err) {
    return { error: err.message.split("\n")[0] };
  }
}
function keyText(k) {
  if (typeof k === "string") return k;
  if (k instanceof PyFloat || typeof k === "bigint" || typeof k === "number") return pyNumberText(k);
  if (k === null || k === void 0) return "";
  return typeof k === "object" ? stringifyJsonExact(fromYamlMaps(k)) : String(k);
}
function fromYamlMaps(v) {
  if (v instanceof Map) return fromEntriesOrdered([...v].map(([k, x]) => [keyText(k), fromYamlMaps(x)]));
  if (Array.isArray(v)) return v.map(fromYamlMaps);
  return v;
}
async function cliInputDocument(globals, files) {
  if (globals.cliInputJson !== void 0 && globals.cliInputYaml !== void 0) {
    throw new InputError("Only one --cli-input- parameter may be specified.");
  }
  const isJson = globals.cliInputJson !== void 0;
  const raw = isJson ? globals.cliInputJson : globals.cliInputYaml;
  if (raw === void 0) return void 0;
  const flag = isJson ? "--cli-input-json" : "--cli-input-yaml";
  const loaded = loadParamFile(flag, raw, files);
  const text = typeof loaded === "string" ? loaded : new TextDecoder().decode(loaded);
  const parsed = isJson ? parseJson(text) : await parseYaml(text);
  if ("error" in parsed) throw new ParamError(flag, `Invalid ${isJson ? "JSON" : "YAML"} received.
${parsed.error}`);
  if (!isPlainObject(parsed.doc))
    throw new ParamError(flag, `Invalid type: expecting map, received ${pyType(parsed.doc, text)}`);
  const problem = valueProblem(parsed.doc, MAX_NESTING, -1);
  if (problem) {
    const [top, ...rest] = problem.path;
    throw new ParamError(flag, `${memberPath(String(top ?? ""), rest)} ${problem.detail}`);
  }
  return parsed.doc;
}

// src/cli/prepare.ts
function cliInputArgs(globals) {
  if (globals.cliInputJson !== void 0) return ["--cli-input-json", globals.cliInputJson];
  if (globals.cliInputYaml !== void 0) return ["--cli-input-yaml", globals.cliInputYaml];
  return [];
}
function isTerminal(ctx) {
  return ctx.stdin.isTTY === true && ctx.stdout.isTTY === true && typeof ctx.stdin.on === "function";
}
async function maybePrompt(sel, globals, ctx, given, doc) {
  const mode = globals.autoPrompt;
  if (mode === "off") return given;
  const missing = missingRequired(sel.op, given, void 0).filter((s) => doc?.[s.member] === void 0);
  if (mode === "on-partial" && (missing.length === 0 || !isTerminal(ctx))) return given;
  if (!isTerminal(ctx)) {
    throw new InputError(
      "--cli-auto-prompt needs a terminal: standard input and standard output must both be a terminal to prompt for parameters."
    );
  }
  const { promptForParameters } = await import("./prompt-T4A7RZYQ.js");
  return promptForParameters({
    op: sel.op,
    path: commandPath(sel.node),
    given,
    only: mode === "on-partial" ? missing.map((s) => s.member) : void 0,
    document: doc,
    extraArgs: cliInputArgs(globals),
    ctx
  });
}
async function prepareInput(sel, globals, ctx, opts = {}) {
  const doc = await cliInputDocument(globals, ctx);
  let given = givenWords(sel.op, sel.parsed.given);
  if (opts.prompt !== false) given = await maybePrompt(sel, globals, ctx, given, doc);
  const missing = missingRequired(sel.op, given, doc);
  if (opts.requireFlags !== false && missing.length > 0) throw requiredArgumentsError(missing);
  return applyClientEncodings(sel.op.input, assembleParams(sel.op, given, doc, ctx));
}

export {
  prepareInput
};
