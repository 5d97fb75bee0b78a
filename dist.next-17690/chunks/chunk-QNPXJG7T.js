import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  commandPath,
  visibleSubcommands
} from "./chunk-EHB7SV7Z.js";
import {
  flagsFor
} from "./chunk-LKGJSFLR.js";
import {
  OPERATIONS
} from "./chunk-AXOSHY3R.js";
import {
  P1
} from "./chunk-VRWMAX2M.js";
import {
  BINARY_FORMATS,
  COLOR_MODES,
  ERROR_FORMATS,
  GLOBAL_FLAGS,
  OPERATION_FLAGS,
  OUTPUT_FORMATS,
  PAGINATION_FLAGS,
  SKELETON_TYPES
} from "./chunk-IDJJU3TW.js";

// src/help/text.ts
var WIDTH = 80;
function wrap(text, indent, width = WIDTH) {
  const pad = " ".repeat(indent);
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    if (line !== "" && pad.length + line.length + 1 + word.length > width) {
      lines.push(pad + line);
      line = word;
    } else {
      line = line === "" ? word : `${line} ${word}`;
    }
  }
  if (line !== "") lines.push(pad + line);
  return lines;
}
function verbatim(text, indent) {
  const pad = " ".repeat(indent);
  return text.split("\n").map((l) => l === "" ? "" : pad + l);
}
function section(title, body) {
  return [title, ...body, ""];
}
function shellQuote(word) {
  if (word !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
function commandLine(argv, width = WIDTH - 10) {
  const words = ["svcctl", ...argv.map(shellQuote)];
  const one = words.join(" ");
  if (one.length <= width) return [one];
  const lines = [];
  let current = "";
  for (const word of words) {
    if (word.startsWith("--") && current !== "") {
      lines.push(current);
      current = `    ${word}`;
    } else {
      current = current === "" ? word : `${current} ${word}`;
    }
  }
  lines.push(current);
  return lines.map((l, i) => i < lines.length - 1 ? `${l} \\` : l);
}

// src/help/options.ts
var OPTION_CHOICES = {
  "--output": OUTPUT_FORMATS,
  "--color": COLOR_MODES,
  "--cli-error-format": ERROR_FORMATS,
  "--cli-binary-format": BINARY_FORMATS,
  "--generate-cli-skeleton": SKELETON_TYPES
};
var INTEGER_OPTIONS = /* @__PURE__ */ new Set(["--cli-read-timeout", "--cli-connect-timeout", "--page-size", "--max-items"]);
function fromDeclaration([flags, doc]) {
  const flag = flags.split(" ")[0];
  const takesValue = flags.includes("<") || flags.includes("[");
  const type = !takesValue ? "boolean" : INTEGER_OPTIONS.has(flag) ? "int" : "string";
  const choices = OPTION_CHOICES[flag];
  return { flag, type, takesValue, doc, ...choices ? { choices } : {} };
}
var GLOBAL_OPTIONS = [
  { flag: "--version", type: "boolean", takesValue: false, doc: "Display the version of this tool." },
  ...GLOBAL_FLAGS.map(fromDeclaration),
  {
    flag: "--help",
    type: "boolean",
    takesValue: false,
    doc: "Show help for the command (the same as the word help after it)."
  }
];
var INPUT_OPTIONS = OPERATION_FLAGS.map(fromDeclaration);
var PAGINATION_OPTIONS = PAGINATION_FLAGS.map(fromDeclaration);
function synopsisWord(o) {
  if (o.flag === "--generate-cli-skeleton") return "[--generate-cli-skeleton <value>]";
  return o.takesValue ? `[${o.flag} <value>]` : `[${o.flag}]`;
}
function optionLines(o, indent) {
  const lines = [`${" ".repeat(indent)}${o.flag} (${o.type})`, ...wrap(o.doc, indent + 3)];
  if (o.choices) lines.push(...wrap(`Possible values: ${o.choices.join(", ")}.`, indent + 3));
  return lines;
}
function globalOptionsSection(indent) {
  const lines = [];
  for (const o of GLOBAL_OPTIONS) lines.push(...optionLines(o, indent), "");
  return lines.slice(0, -1);
}

// src/help/shapes.ts
function typeLabel(shape) {
  return shape.type;
}
function range(min, max, what, unit = "") {
  if (min !== void 0 && max !== void 0) return `${what} ${min}-${max}${unit}`;
  if (min !== void 0) return `min ${what} ${min}${unit}`;
  if (max !== void 0) return `max ${what} ${max}${unit}`;
  return void 0;
}
function constraints(shape) {
  const out = [];
  if (shape.type === "string") {
    out.push(range(shape.min, shape.max, "length"));
    if (shape.pattern === P1) out.push("any characters except control characters other than tab, CR and LF");
    else if (shape.pattern && !shape.enum) out.push(`pattern: ${shape.pattern}`);
  } else if (shape.type === "integer") {
    out.push(range(shape.min, shape.max, "value"));
  } else if (shape.type === "list") {
    if (shape.min !== void 0 && shape.max !== void 0) out.push(`${shape.min}-${shape.max} items`);
    else if (shape.max !== void 0) out.push(`at most ${shape.max} items`);
    else if (shape.min !== void 0) out.push(`at least ${shape.min} items`);
  }
  return out.filter((c) => c !== void 0);
}
function enumOf(shape) {
  return shape.type === "string" ? shape.enum : void 0;
}
function showValue(v) {
  return typeof v === "string" ? v : JSON.stringify(v);
}
function shapeDetails(shape, facts, indent) {
  const lines = [];
  if (shape.doc) lines.push(...wrap(shape.doc, indent));
  const c = constraints(shape);
  if (c.length > 0) lines.push(...wrap(`Constraints: ${c.join("; ")}.`, indent));
  if (facts.default !== void 0) lines.push(...wrap(`Default: ${showValue(facts.default)}.`, indent));
  const values = enumOf(shape);
  if (values) lines.push(...wrap(`Possible values: ${values.join(", ")}.`, indent));
  return lines;
}
function memberLines(name, shape, facts, indent, depth = 0) {
  const head = `${" ".repeat(indent)}${name} -> (${typeLabel(shape)})${facts.required ? " [required]" : ""}`;
  return [head, ...shapeDetails(shape, facts, indent + 3), ...nestedLines(shape, indent + 3, depth + 1)];
}
function nestedLines(shape, indent, depth = 0) {
  if (depth > 8) return [];
  if (shape.type === "structure") return structureMembers(shape, indent, depth);
  if (shape.type === "list" && (shape.member.type === "structure" || shape.member.type === "list")) {
    const inner = shape.member;
    const head = `${" ".repeat(indent)}(${typeLabel(inner)})`;
    return ["", head, ...inner.doc ? wrap(inner.doc, indent + 3) : [], ...nestedLines(inner, indent + 3, depth + 1)];
  }
  if (shape.type === "list") {
    const c = constraints(shape.member);
    const values = enumOf(shape.member);
    const facts = [
      ...c.length > 0 ? [`Each item: ${c.join("; ")}.`] : [],
      ...values ? [`Possible values: ${values.join(", ")}.`] : []
    ];
    return facts.length > 0 ? ["", `${" ".repeat(indent)}(${typeLabel(shape.member)})`, ...wrap(facts.join(" "), indent + 3)] : [];
  }
  if (shape.type === "map")
    return ["", `${" ".repeat(indent)}key -> (string)`, ...memberLines("value", shape.value, {}, indent, depth)];
  return [];
}
function structureMembers(shape, indent, depth) {
  const required = new Set(shape.required ?? []);
  const lines = [];
  for (const [name, member] of Object.entries(shape.members)) {
    lines.push(
      "",
      ...memberLines(name, member, { required: required.has(name), default: shape.defaults?.[name] }, indent, depth)
    );
  }
  return lines;
}
function shorthandSyntax(shape) {
  if (shape.type === "structure") return structureShorthand(shape, 0);
  if (shape.type === "list") {
    if (shape.member.type === "structure") return `${structureShorthand(shape.member, 0)} ...`;
    if (shape.member.type !== "list" && shape.member.type !== "map")
      return `${scalarWord(shape.member)} ${scalarWord(shape.member)} ...`;
  }
  return void 0;
}
function scalarWord(shape) {
  const values = enumOf(shape);
  return values ? values.join("|") : shape.type;
}
function structureShorthand(shape, depth) {
  return Object.entries(shape.members).map(([name, member]) => `${name}=${shorthandValue(member, depth + 1)}`).join(",");
}
function shorthandValue(shape, depth) {
  if (depth > 6) return "...";
  if (shape.type === "structure") return `{${structureShorthand(shape, depth)}}`;
  if (shape.type === "list") {
    if (shape.member.type === "structure")
      return `[{${structureShorthand(shape.member, depth)}},{${structureShorthand(shape.member, depth)}}]`;
    return `${scalarWord(shape.member)},${scalarWord(shape.member)}`;
  }
  if (shape.type === "map")
    return `{KeyName1=${shorthandValue(shape.value, depth)},KeyName2=${shorthandValue(shape.value, depth)}}`;
  return scalarWord(shape);
}
function jsonSyntax(shape, indent = 0) {
  const pad = "  ".repeat(indent);
  switch (shape.type) {
    case "structure": {
      const members = Object.entries(shape.members).map(([k, m]) => `${pad}  "${k}": ${jsonSyntax(m, indent + 1)}`);
      return members.length === 0 ? "{}" : `{
${members.join(",\n")}
${pad}}`;
    }
    case "list":
      return `[
${pad}  ${jsonSyntax(shape.member, indent + 1)}
${pad}  ...
${pad}]`;
    case "map":
      return `{"string": ${jsonSyntax(shape.value, indent + 1)}
${pad}  ...}`;
    case "string":
      return shape.enum ? shape.enum.map((v) => `"${v}"`).join("|") : '"string"';
    case "boolean":
      return "true|false";
    case "integer":
      return "integer";
    case "timestamp":
      return "timestamp";
    case "blob":
      return "blob";
  }
}
function syntaxBlocks(shape, indent) {
  if (shape.type !== "structure" && shape.type !== "list" && shape.type !== "map") return [];
  const lines = [];
  const short = shorthandSyntax(shape);
  if (short) lines.push("", `${" ".repeat(indent)}Shorthand Syntax:`, "", ...wrapSyntax(short, indent + 3));
  lines.push("", `${" ".repeat(indent)}JSON Syntax:`, "", ...verbatim(jsonSyntax(shape), indent + 3));
  return lines;
}
function wrapSyntax(text, indent) {
  const pad = " ".repeat(indent);
  if (pad.length + text.length <= 80) return [pad + text];
  const parts = text.split(/(?<=,)/);
  const lines = [];
  let line = "";
  for (const part of parts) {
    if (line !== "" && pad.length + line.length + part.length > 80) {
      lines.push(pad + line);
      line = part;
    } else line += part;
  }
  if (line !== "") lines.push(pad + line);
  return lines;
}

// src/help/operation.ts
var I = 7;
function description(op, path) {
  const lines = wrap(op.summary, I);
  const aliases = op.paths.filter((p) => p.join(" ") !== path.join(" ")).map((p) => `svcctl ${p.join(" ")}`);
  if (aliases.length > 0) lines.push("", ...wrap(`Also available as: ${aliases.join(", ")}.`, I));
  if (op.http) lines.push("", ...wrap(`HTTP: ${op.http.method} ${op.http.path} (v2 API, JSON).`, I));
  if (op.paginator) {
    const name = path[path.length - 1];
    lines.push(
      "",
      ...wrap(
        `${name} is a paginated operation. Multiple calls may be issued to retrieve the entire data set of results. You can disable pagination by providing the --no-paginate argument. When using --output text and the --query argument on a paginated response, the --query argument must extract data from the results of the following query expressions: ${op.paginator.resultKey}`,
        I
      )
    );
  }
  return lines;
}
function visibleFlags(op) {
  return flagsFor(op).filter((f) => !f.hidden);
}
function synopsis(op, path) {
  const words = [`svcctl ${path.join(" ")}`];
  for (const f of visibleFlags(op)) {
    const value = f.shape.type === "boolean" ? "" : " <value>";
    words.push(f.required ? `${f.flag}${value}` : `[${f.flag}${value}]`);
    if (f.shape.type === "boolean") words.push(`[--no-${f.flag.slice(2)}]`);
  }
  words.push("[--cli-input-json <value> | --cli-input-yaml <value>]", "[--generate-cli-skeleton <value>]");
  if (op.paginator) for (const o of PAGINATION_OPTIONS) words.push(synopsisWord(o));
  for (const o of GLOBAL_OPTIONS) words.push(synopsisWord(o));
  return words.map((w, i) => `${" ".repeat(i === 0 ? I + 3 : I + 5)}${w}`);
}
function optionBlock(op, f) {
  const head = `${" ".repeat(I)}${f.flag} (${typeLabel(f.shape)})${f.required ? " [required]" : ""}`;
  const lines = [head, ...shapeDetails(f.shape, { default: op.input.defaults?.[f.member] }, I + 3)];
  if (f.shape.type === "boolean") lines.push(...wrap(`--no-${f.flag.slice(2)} sets ${f.member} to false.`, I + 3));
  lines.push(...nestedLines(f.shape, I + 3));
  lines.push(...syntaxBlocks(f.shape, I));
  return lines;
}
function options(op) {
  const lines = [];
  for (const f of visibleFlags(op)) lines.push(...optionBlock(op, f), "");
  for (const o of INPUT_OPTIONS) lines.push(...optionLines(o, I), "");
  if (op.paginator) for (const o of PAGINATION_OPTIONS) lines.push(...optionLines(o, I), "");
  return lines.slice(0, -1);
}
function examples(op) {
  const list = op.examples ?? [];
  if (list.length === 0) return wrap("None.", I);
  const lines = [];
  list.forEach((ex, i) => {
    lines.push(
      ...wrap(`Example ${i + 1}: ${ex.title}`, I),
      "",
      ...verbatim(commandLine(ex.argv).join("\n"), I + 3),
      ""
    );
  });
  return lines.slice(0, -1);
}
function output(op) {
  const members = Object.entries(op.output.members);
  if (members.length === 0) return wrap("None (the command prints nothing when it succeeds).", I);
  const required = new Set(op.output.required ?? []);
  const lines = [];
  for (const [name, shape] of members) lines.push(...memberLines(name, shape, { required: required.has(name) }, I), "");
  return lines.slice(0, -1);
}
function operationHelp(op, path) {
  const name = path[path.length - 1];
  const lines = [
    ...section("NAME", wrap(`${name} - ${op.summary}`, I)),
    ...section("DESCRIPTION", description(op, path)),
    ...section("SYNOPSIS", synopsis(op, path)),
    ...section("OPTIONS", options(op)),
    ...section("GLOBAL OPTIONS", globalOptionsSection(I)),
    ...section("EXAMPLES", examples(op)),
    ...section("OUTPUT", output(op))
  ];
  return `${lines.join("\n").replace(/\n+$/, "")}
`;
}

// src/help/topics.ts
var I2 = 7;
function visibleCommands(cmd) {
  return visibleSubcommands(cmd).sort((a, b) => a.name.localeCompare(b.name));
}
function commandList(cmd) {
  const lines = [];
  for (const sub of visibleCommands(cmd))
    lines.push(`${" ".repeat(I2)}${sub.name}`, ...wrap(sub.spec.description, I2 + 3), "");
  return lines.slice(0, -1);
}
var EXIT_CODES = [
  "0    success",
  "1    configure get: the setting is not set",
  "130  interrupted (Ctrl-C)",
  "252  usage, parameter or validation error, bad --query",
  "253  configuration or credentials (unknown profile, missing API key)",
  "254  the service answered with an error",
  "255  anything else (connection failures...)"
];
function programHelp(program) {
  const lines = [
    ...section("NAME", wrap(`svcctl - ${program.spec.description}`, I2)),
    ...section("DESCRIPTION", [
      ...wrap(
        "Commands and global options mirror the AWS CLI v2. Every command runs on the embedded service (state in $SVCCTL_HOME, default ~/.svcctl) unless --endpoint-url (or SVCCTL_ENDPOINT_URL, the AWS CLI's AWS_ENDPOINT_URL variables for ecr and autoscaling, or the profile's endpoint_url) points it at an HTTP server such as svcctl serve.",
        I2
      ),
      "",
      ...wrap(
        "Use svcctl <command> help (or --help) for the options, examples and output of a command. Settings live in $SVCCTL_HOME/config: see svcctl configure help.",
        I2
      )
    ]),
    ...section("SYNOPSIS", verbatim("svcctl [options] <command> <subcommand> [parameters]", I2 + 3)),
    ...section("AVAILABLE COMMANDS", commandList(program)),
    ...section("GLOBAL OPTIONS", globalOptionsSection(I2)),
    ...section("EXIT CODES", verbatim(EXIT_CODES.join("\n"), I2))
  ];
  return finish(lines);
}
function argumentWords(cmd) {
  return (cmd.spec.arguments ?? []).map((a) => `<${a.name}${a.variadic ? "..." : ""}>`);
}
function optionWord(o) {
  const value = o.arity === "one" || o.arity === "optional" ? " <value>" : "";
  return `[${o.name}${value}]`;
}
function optionType(o) {
  return o.arity === "one" || o.arity === "optional" ? "string" : "boolean";
}
function entryList(entries) {
  const lines = [];
  for (const [name, doc] of entries) lines.push(`${" ".repeat(I2)}${name}`, ...wrap(doc, I2 + 3), "");
  return lines.slice(0, -1);
}
function argumentsSection(cmd) {
  return entryList((cmd.spec.arguments ?? []).map((a) => [`<${a.name}>`, a.help || a.name]));
}
function optionsSection(cmd) {
  const lines = [];
  for (const o of cmd.options().filter((x) => !x.hidden)) {
    lines.push(`${" ".repeat(I2)}${o.name} (${optionType(o)})`, ...wrap(o.help, I2 + 3));
    if (o.choices) lines.push(...wrap(`Possible values: ${o.choices.join(", ")}.`, I2 + 3));
    if (o.default !== void 0) lines.push(...wrap(`Default: ${o.default}.`, I2 + 3));
    lines.push("");
  }
  return lines.length > 0 ? lines.slice(0, -1) : wrap("None.", I2);
}
function commandHelp(cmd) {
  const path = commandPath(cmd);
  const docs = cmd.spec.docs ?? {};
  const subs = visibleCommands(cmd);
  const args = cmd.spec.arguments ?? [];
  const synopsisWords = [
    `svcctl ${path.join(" ")}`,
    ...subs.length > 0 ? ["<subcommand>"] : [],
    ...argumentWords(cmd),
    ...cmd.options().filter((o) => !o.hidden).map(optionWord)
  ];
  const description2 = [...wrap(cmd.spec.description, I2)];
  for (const p of docs.details ?? []) description2.push("", ...wrap(p, I2));
  const lines = [
    ...section("NAME", wrap(`${path[path.length - 1]} - ${cmd.spec.description}`, I2)),
    ...section("DESCRIPTION", description2),
    ...section("SYNOPSIS", synopsis2(synopsisWords)),
    ...subs.length > 0 ? section("AVAILABLE COMMANDS", commandList(cmd)) : [],
    ...args.length > 0 ? section("ARGUMENTS", argumentsSection(cmd)) : [],
    ...subs.length === 0 && args.length === 0 || cmd.options().length > 0 ? section("OPTIONS", optionsSection(cmd)) : [],
    ...(docs.sections ?? []).flatMap((s) => section(s.title, entryList(s.entries))),
    ...section("GLOBAL OPTIONS", wrap("The global options apply to this command too: see svcctl help.", I2))
  ];
  const examples2 = docs.examples ?? [];
  if (examples2.length > 0) {
    const body = [];
    examples2.forEach(
      (ex, i) => body.push(
        ...wrap(`Example ${i + 1}: ${ex.title}`, I2),
        "",
        ...verbatim(commandLine(ex.argv).join("\n"), I2 + 3),
        ""
      )
    );
    lines.push(...section("EXAMPLES", body.slice(0, -1)));
  }
  return finish(lines);
}
function synopsis2(words) {
  const one = `${" ".repeat(I2 + 3)}${words.join(" ")}`;
  if (one.length <= 80) return [one];
  return words.map((w, i) => `${" ".repeat(i === 0 ? I2 + 3 : I2 + 5)}${w}`);
}
function finish(lines) {
  return `${lines.join("\n").replace(/\n+$/, "")}
`;
}

// src/help/help.ts
function operationAt(path) {
  const key = path.join(" ");
  return OPERATIONS.find((op) => op.paths.some((p) => p.join(" ") === key));
}
function findCommand(cmd, words) {
  let current = cmd;
  for (const word of words) {
    const next = current.subcommands.find((c) => c.name === word);
    if (!next) return { unknown: word, parent: current };
    current = next;
  }
  return { found: current, parent: current };
}
function renderHelp(cmd) {
  if (!cmd.parent) return programHelp(cmd);
  const path = commandPath(cmd);
  const op = operationAt(path);
  return op ? operationHelp(op, path) : commandHelp(cmd);
}

export {
  OPTION_CHOICES,
  visibleCommands,
  operationAt,
  findCommand,
  renderHelp
};
