import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  prepareInput
} from "./chunk-RECQCNPG.js";
import {
  compileQuery
} from "./chunk-2BT5LJNN.js";
import "./chunk-EHB7SV7Z.js";
import "./chunk-PMOSXZO5.js";
import "./chunk-XVYN6NOY.js";
import "./chunk-LKGJSFLR.js";
import "./chunk-VSIUF3F2.js";
import "./chunk-7CDKIWLY.js";
import {
  checkConstraints,
  validateClient
} from "./chunk-DFWDIXDH.js";
import "./chunk-L2IBQYJO.js";
import "./chunk-USAJVI4X.js";
import "./chunk-3LCBX7RT.js";
import "./chunk-LSYXKZPM.js";
import "./chunk-4W72ZHQN.js";
import {
  ParamValidationError
} from "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/input/placeholder.ts
function placeholder(shape) {
  switch (shape.type) {
    case "string":
      return shape.enum ? shape.enum[0] : "";
    case "integer":
      return 0;
    case "boolean":
      return true;
    case "timestamp":
      return "1970-01-01T00:00:00";
    case "blob":
      return "";
    case "list":
      return [placeholder(shape.member)];
    case "map":
      return { KeyName: placeholder(shape.value) };
    case "structure":
      return inputSkeleton(shape);
  }
}
function inputSkeleton(shape) {
  const out = {};
  for (const [name, member] of Object.entries(shape.members)) out[name] = placeholder(member);
  return out;
}

// src/input/sample.ts
var RegexSampler = class _RegexSampler {
  constructor(src) {
    this.src = src;
  }
  src;
  i = 0;
  /** First alternative of each group, first character of each class, minimum repetitions. */
  alternatives() {
    const first = this.sequence();
    while (this.src[this.i] === "|") {
      this.i++;
      this.sequence();
    }
    return first;
  }
  sequence() {
    let out = "";
    while (this.i < this.src.length && this.src[this.i] !== "|" && this.src[this.i] !== ")") {
      const piece = this.atom();
      out += piece.repeat(this.repetitions());
    }
    return out;
  }
  atom() {
    const c = this.src[this.i++];
    if (c === "(") {
      if (this.src.startsWith("?:", this.i)) this.i += 2;
      const inner = this.alternatives();
      this.i++;
      return inner;
    }
    if (c === "[") return this.charClass();
    if (c === "\\") return this.escape();
    if (c === "^" || c === "$") return "";
    return c === "." ? "a" : c;
  }
  escape() {
    const c = this.src[this.i++];
    if (c === "d") return "0";
    if (c === "w") return "a";
    if (c === "s") return " ";
    if (c !== "u") return c ?? "";
    const braced = this.src[this.i] === "{";
    const hex = braced ? this.src.slice(this.i + 1, this.src.indexOf("}", this.i)) : this.src.slice(this.i, this.i + 4);
    this.i += braced ? hex.length + 2 : 4;
    return String.fromCodePoint(parseInt(hex, 16));
  }
  charClass() {
    const start = this.i;
    while (this.i < this.src.length && this.src[this.i] !== "]") this.i += this.src[this.i] === "\\" ? 2 : 1;
    const body = this.src.slice(start, this.i++);
    if (body.startsWith("^")) {
      const negated = new RegExp(`^[${body}]$`, "u");
      return ["a", "x", "0", "_", " ", "~"].find((c) => negated.test(c)) ?? "";
    }
    return body.startsWith("\\") ? new _RegexSampler(body.slice(1)).escape() : body[0] ?? "";
  }
  repetitions() {
    const c = this.src[this.i];
    let min = 1;
    if (c === "*" || c === "?") min = 0;
    else if (c === "{") {
      const end = this.src.indexOf("}", this.i);
      min = Number(this.src.slice(this.i + 1, end).split(",")[0]);
      this.i = end;
    } else if (c !== "+") return 1;
    this.i++;
    if (this.src[this.i] === "?" || this.src[this.i] === "+") this.i++;
    return min;
  }
};
function regexSample(pattern) {
  try {
    return new RegexSampler(pattern).alternatives();
  } catch {
    return void 0;
  }
}
function fit(text, shape) {
  const min = shape.min ?? 0;
  const chars = Array.from(text);
  if (shape.max !== void 0 && chars.length > shape.max) return chars.slice(0, shape.max).join("");
  return chars.length >= min ? text : text + (chars[chars.length - 1] ?? "x").repeat(min - chars.length);
}
var EPOCH_DATE_TIME = (/* @__PURE__ */ new Date(0)).toISOString();
function sampleString(shape, name) {
  if (shape.enum) return shape.enum[0];
  if (shape.format === "date-time") return EPOCH_DATE_TIME;
  const fromPattern = shape.pattern ? regexSample(shape.pattern) : void 0;
  const candidates = [name || "string", name.toLowerCase(), fromPattern, "x"].filter((c) => !!c);
  const valid = candidates.map((c) => fit(c, shape)).find((c) => checkConstraints(shape, c).length === 0);
  return valid ?? fit(candidates[0], shape);
}
function outputSample(shape, name = "") {
  switch (shape.type) {
    case "string":
      return sampleString(shape, name);
    case "integer":
      return shape.min ?? (shape.max !== void 0 && shape.max < 0 ? shape.max : 0);
    case "boolean":
      return true;
    case "timestamp":
      return /* @__PURE__ */ new Date(0);
    case "blob":
      return "";
    case "list":
      return Array.from({ length: Math.max(1, shape.min ?? 0) }, () => outputSample(shape.member, name));
    case "map":
      return { KeyName: outputSample(shape.value, "KeyName") };
    case "structure": {
      const out = {};
      for (const [key, member] of Object.entries(shape.members)) out[key] = outputSample(member, key);
      return out;
    }
  }
}

// src/input/yamlskeleton.ts
function docOverview(doc) {
  if (!doc) return "";
  const first = doc.split(/[.:]+(?=\s|$)/, 1)[0].replace(/[\r\n]/g, " ");
  return first ? `${first}.` : "";
}
function memberComment(shape, required) {
  const parts = [];
  if (required) parts.push("[REQUIRED]");
  parts.push(docOverview(shape.doc));
  if (shape.type === "string" && shape.enum) parts.push(`Valid values are: ${shape.enum.join(", ")}.`);
  const comment = parts.join(" ");
  return comment.trim() === "" ? "" : comment;
}
function scalar(value) {
  if (typeof value !== "string") return String(value);
  const plain = /^[A-Za-z_/][A-Za-z0-9_./-]*$/.test(value) && !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(value);
  return plain ? value : `'${value.replaceAll("'", "''")}'`;
}
function block(shape, indent) {
  if (shape.type === "structure") return mapping(shape, indent);
  if (shape.type === "list") return sequence(shape.member, indent);
  if (shape.type === "map") return [...valueLines("KeyName", shape.value, indent, void 0)];
  return [{ text: `${indent}${scalar(placeholder(shape))}` }];
}
function isBlock(shape) {
  return shape.type === "structure" && Object.keys(shape.members).length > 0 || shape.type === "list" || shape.type === "map";
}
function sequence(member, indent) {
  if (member.type === "list") return [{ text: `${indent}- -` }, ...block(member.member, `${indent}    `)];
  if (!isBlock(member)) return [{ text: `${indent}- ${scalar(placeholder(member))}` }];
  const inner = block(member, `${indent}  `);
  return inner.map(
    (line, i) => i === 0 ? { ...line, text: `${indent}- ${line.text.slice(indent.length + 2)}` } : line
  );
}
function valueLines(name, shape, indent, comment) {
  if (!isBlock(shape)) {
    const value = shape.type === "structure" ? "{}" : scalar(placeholder(shape));
    return [{ text: `${indent}${name}: ${value}`, comment }];
  }
  const nested = shape.type === "list" ? indent : `${indent}  `;
  return [{ text: `${indent}${name}:`, comment }, ...block(shape, nested)];
}
function ownSpace(keys, index, commented) {
  const key = keys[index];
  if (index > 0 && commented.has(keys[index - 1])) return false;
  for (const k of keys) {
    if (k >= key) break;
    if (commented.has(k)) return false;
  }
  return true;
}
function mapping(shape, indent) {
  const required = new Set(shape.required ?? []);
  const keys = Object.keys(shape.members);
  const commented = /* @__PURE__ */ new Set();
  const lines = [];
  keys.forEach((name, i) => {
    const member = shape.members[name];
    const text = memberComment(member, required.has(name));
    const comment = text === "" ? void 0 : `${ownSpace(keys, i, commented) ? " " : ""}# ${text}`;
    if (text !== "") commented.add(name);
    lines.push(...valueLines(name, member, indent, comment));
  });
  return lines;
}
function yamlSkeleton(input) {
  if (Object.keys(input.members).length === 0) return "{}\n";
  return mapping(input, "").map((line) => line.comment === void 0 ? line.text : `${line.text} ${line.comment}`).join("\n").concat("\n");
}

// src/cli/skeleton.ts
async function runSkeleton(sel, globals, ctx) {
  const { op } = sel;
  if (globals.skeleton !== "output") {
    await prepareInput(sel, globals, ctx, { requireFlags: false, prompt: false });
    const text = globals.skeleton === "yaml-input" ? yamlSkeleton(op.input) : `${JSON.stringify(inputSkeleton(op.input), null, 4)}
`;
    ctx.stdout.write(text);
    return 0;
  }
  const query = globals.query !== void 0 ? compileQuery(globals.query) : void 0;
  const params = await prepareInput(sel, globals, ctx, { prompt: false });
  const problems = validateClient(op.input, params);
  if (problems.length > 0) throw new ParamValidationError(problems);
  const { writeResult } = await import("./render-4QTUZ7NH.js");
  const data = outputSample(op.output);
  await writeResult(ctx.stdout, { format: globals.output, query, title: op.name }, { kind: "single", data });
  return 0;
}
export {
  runSkeleton
};
