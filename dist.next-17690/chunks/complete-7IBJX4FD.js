import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  OPTION_CHOICES,
  operationAt,
  visibleCommands
} from "./chunk-QNPXJG7T.js";
import {
  openQuote,
  splitShellWords
} from "./chunk-UORFB2H5.js";
import {
  commandPath
} from "./chunk-EHB7SV7Z.js";
import {
  flagsFor
} from "./chunk-LKGJSFLR.js";
import {
  configPath,
  readProfiles
} from "./chunk-V2PUDD2S.js";
import "./chunk-673PESZJ.js";
import "./chunk-UEKJBUKZ.js";
import "./chunk-BYMUKPFK.js";
import "./chunk-AXOSHY3R.js";
import "./chunk-VRWMAX2M.js";
import "./chunk-IDJJU3TW.js";
import "./chunk-LSYXKZPM.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/completion/files.ts
import { readdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
var SCHEMES = ["file://", "fileb://"];
function fileCandidates(current, cwd, home) {
  const scheme = SCHEMES.find((s) => current.startsWith(s));
  if (!scheme) return SCHEMES.filter((s) => current !== "" && s.startsWith(current));
  const typed = current.slice(scheme.length);
  const slash = typed.lastIndexOf("/");
  const dirPart = slash >= 0 ? typed.slice(0, slash + 1) : "";
  const base = typed.slice(slash + 1);
  const dir = dirPart.startsWith("~/") ? join(home, dirPart.slice(2)) : isAbsolute(dirPart) ? dirPart : join(cwd, dirPart);
  let entries;
  try {
    entries = readdirSync(dir || ".", { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.name.startsWith(base) && (base.startsWith(".") || !e.name.startsWith("."))).map((e) => `${scheme}${dirPart}${e.name}${e.isDirectory() ? "/" : ""}`).sort();
}

// src/completion/shorthand.ts
function wordShape(shape) {
  if (shape.type === "structure") return shape;
  if (shape.type === "list" && shape.member.type === "structure") return shape.member;
  return void 0;
}
function scan(root, text) {
  const stack = [];
  let s = { struct: root, state: "key", key: "", start: 0, given: /* @__PURE__ */ new Set() };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return void 0;
      i = end;
    } else if (s.state === "key" && c === "=") {
      s.key = text.slice(s.start, i);
      s.given.add(s.key);
      s.state = "value";
      s.start = i + 1;
    } else if (s.state === "value" && c === "{" && i === s.start) {
      const member = s.struct?.members[s.key];
      stack.push(s);
      s = { struct: member ? wordShape(member) : void 0, state: "key", key: "", start: i + 1, given: /* @__PURE__ */ new Set() };
    } else if (c === "," && s.state !== "key") {
      s.state = "key";
      s.start = i + 1;
    } else if (c === "}") {
      const outer = stack.pop();
      if (!outer) return void 0;
      s = { ...outer, state: "done" };
    }
  }
  return s;
}
function valuesOf(shape) {
  if (!shape) return [];
  if (shape.type === "string") return shape.enum ?? [];
  if (shape.type === "boolean") return ["true", "false"];
  if (shape.type === "structure") return ["{"];
  return [];
}
function shorthandCandidates(shape, current) {
  const root = wordShape(shape);
  if (!root) return [];
  const s = scan(root, current);
  if (!s?.struct || s.state === "done") return [];
  const typed = current.slice(s.start);
  const before = current.slice(0, s.start);
  if (s.state === "key") {
    return Object.keys(s.struct.members).filter((k) => k.startsWith(typed) && !(s.given.has(k) && k !== typed)).map((k) => `${before}${k}=`);
  }
  return valuesOf(s.struct.members[s.key]).filter((v) => v.startsWith(typed)).map((v) => `${before}${v}`);
}

// src/completion/words.ts
function trimForBash(candidates2, current) {
  const cut = Math.max(current.lastIndexOf("="), current.lastIndexOf(":"));
  if (cut < 0) return [...candidates2];
  const prefix = current.slice(0, cut + 1);
  return candidates2.map((c) => c.startsWith(prefix) ? c.slice(prefix.length) : c);
}

// src/completion/complete.ts
function optionsAt(cmd) {
  const out = [];
  for (let c = cmd; c; c = c.parent) out.push(...c.options().filter((o) => !o.hidden));
  return out;
}
var takesValue = (o) => o.arity !== "flag";
function walk(program, words) {
  const st = { cmd: program, used: /* @__PURE__ */ new Set(), positionals: [] };
  for (const word of words) {
    if (st.pending && !(word.startsWith("-") && word.length > 1)) {
      st.pending.values++;
      if (st.pending.option.arity !== "list") st.pending = void 0;
      continue;
    }
    st.pending = void 0;
    if (word.startsWith("--")) {
      const option = optionsAt(st.cmd).find((o) => o.name === word.split("=")[0]);
      if (option) st.used.add(option.name);
      if (option && takesValue(option) && !word.includes("=")) st.pending = { option, values: 0 };
      continue;
    }
    const sub = st.positionals.length === 0 ? visibleCommands(st.cmd).find((c) => c.name === word) : void 0;
    if (sub) st.cmd = sub;
    else st.positionals.push(word);
  }
  return st;
}
function memberShape(cmd, flag) {
  const op = operationAt(commandPath(cmd));
  return op ? flagsFor(op).find((f) => f.flag === flag)?.shape : void 0;
}
function profileNames(ctx) {
  try {
    return ["default", ...[...readProfiles(configPath(ctx)).keys()].filter((n) => n !== "default")];
  } catch {
    return ["default"];
  }
}
function valueCandidates(st, option, current, ctx) {
  const flag = option.name;
  if (current.startsWith("file://") || current.startsWith("fileb://"))
    return fileCandidates(current, ctx.cwd, ctx.home);
  const choices = OPTION_CHOICES[flag] ?? option.choices;
  if (choices) return choices.filter((c) => c.startsWith(current));
  if (flag === "--profile") return profileNames(ctx).filter((p) => p.startsWith(current));
  const shape = memberShape(st.cmd, flag);
  const inner = shape?.type === "list" ? shape.member : shape;
  if (inner?.type === "string" && inner.enum) return inner.enum.filter((v) => v.startsWith(current));
  const shorthand = shape ? shorthandCandidates(shape, current) : [];
  return shorthand.length > 0 ? shorthand : fileCandidates(current, ctx.cwd, ctx.home);
}
function optionCandidates(st, current) {
  const names = optionsAt(st.cmd).map((o) => o.name).filter((n) => n !== "--help");
  return [...new Set(names)].filter((n) => n.startsWith(current) && !st.used.has(n)).sort();
}
function candidates(program, words, current, ctx) {
  const st = walk(program, words);
  if (st.pending && !current.startsWith("--")) return valueCandidates(st, st.pending.option, current, ctx);
  if (current.startsWith("-")) return optionCandidates(st, current);
  const custom = st.cmd.spec.complete;
  if (custom) return custom(st.positionals).filter((c) => c.startsWith(current));
  if (st.positionals.length > 0) return [];
  return visibleCommands(st.cmd).map((c) => c.name).filter((n) => n.startsWith(current));
}
function complete(program, args, ctx) {
  const [shell, ...rest] = args;
  if (shell === "bash") {
    const line = rest.join(" ");
    const words2 = splitShellWords(line, { partial: true }).slice(1);
    const current2 = words2.pop() ?? "";
    const found = candidates(program, words2, current2, ctx);
    const open = openQuote(line);
    if (!open) return trimForBash(found, current2);
    return found.filter((c) => c.startsWith(open.before)).map((c) => c.slice(open.before.length));
  }
  const words = [...rest];
  const typed = words.pop() ?? "";
  const current = shell === "fish" ? splitShellWords(typed, { partial: true }).at(-1) ?? "" : typed;
  return candidates(program, words, current, ctx);
}
export {
  candidates,
  complete
};
