import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  WordsError,
  shellQuote,
  splitShellWords
} from "./chunk-UORFB2H5.js";
import {
  openTerminal
} from "./chunk-IT4RXGGA.js";
import {
  applyClientEncodings,
  parseGiven
} from "./chunk-PMOSXZO5.js";
import "./chunk-XVYN6NOY.js";
import {
  flagsFor
} from "./chunk-LKGJSFLR.js";
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
  ParamError
} from "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/prompt/words.ts
function structuredWords(line) {
  const words = [];
  let start = -1;
  let depth = 0;
  let quote;
  for (let i = 0; i <= line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = void 0;
      continue;
    }
    const space = ch === void 0 || /\s/.test(ch);
    if (space && depth <= 0) {
      if (start >= 0) words.push(line.slice(start, i));
      start = -1;
      depth = 0;
      continue;
    }
    if (start < 0) start = i;
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") depth--;
  }
  if (quote) throw new WordsError(`unterminated ${quote} quote`);
  if (depth > 0) words.push(line.slice(start).trimEnd());
  return words;
}

// src/prompt/questions.ts
function choicesOf(shape) {
  if (shape.type === "boolean") return ["true", "false"];
  if (shape.type === "string" && shape.enum) return shape.enum;
  return void 0;
}
function shorthandTemplate(shape, depth = 0) {
  switch (shape.type) {
    case "structure":
      return Object.entries(shape.members).map(
        ([name, member]) => `${name}=${member.type === "structure" ? `{${shorthandTemplate(member, depth + 1)}}` : shorthandTemplate(member, depth + 1)}`
      ).join(",");
    case "list":
      return shape.member.type === "structure" ? `[{${shorthandTemplate(shape.member, depth + 1)}},...]` : `${shape.member.type},${shape.member.type}`;
    case "map":
      return `KeyName1=${shape.value.type},KeyName2=${shape.value.type}`;
    default:
      return shape.type;
  }
}
function answerHint(shape) {
  if (shape.type === "list" && shape.member.type !== "structure")
    return `a list of ${shape.member.type}s: values separated by spaces`;
  if (shape.type === "list")
    return `a list: one item per word, each shorthand (${shorthandTemplate(shape.member)}) or JSON`;
  if (shape.type === "structure" || shape.type === "map") return `shorthand (${shorthandTemplate(shape)}) or JSON`;
  return void 0;
}
function answerWords(spec, answer) {
  const choices = choicesOf(spec.shape);
  const index = /^\d+$/.test(answer) ? Number(answer) - 1 : -1;
  const chosen = choices?.[index] ?? choices?.find((c) => c.toLowerCase() === answer.toLowerCase());
  if (spec.shape.type === "boolean") {
    if (chosen === void 0) throw new WordsError(`expected one of: ${choices.join(", ")} (or its number)`);
    return chosen === "true";
  }
  if (chosen !== void 0) return [chosen];
  if (spec.shape.type !== "list") return [answer];
  if (spec.shape.member.type === "structure" || spec.shape.member.type === "list" || spec.shape.member.type === "map") {
    return answer.startsWith("[") ? [answer] : structuredWords(answer);
  }
  return splitShellWords(answer);
}
function problemWith(spec, given, files) {
  let value;
  try {
    value = parseGiven(spec, given, files);
  } catch (err) {
    if (err instanceof ParamError) return err.detail;
    throw err;
  }
  const shape = { type: "structure", members: { [spec.member]: spec.shape } };
  const params = applyClientEncodings(shape, { [spec.member]: value });
  const problems = validateClient(shape, params);
  if (problems.length > 0) return problems.join("\n");
  const violations = checkConstraints(spec.shape, params[spec.member], [spec.member]);
  if (violations.length > 0) return violations.map((v) => `${v.path.join(".")}: ${v.constraint}`).join("\n");
  return void 0;
}
function flagWords(spec, given) {
  if (typeof given === "boolean") return given ? spec.flag : `--no-${spec.flag.slice(2)}`;
  return [spec.flag, ...given.map(shellQuote)].join(" ");
}

// src/prompt/prompt.ts
function questions(req) {
  const specs = flagsFor(req.op).filter((s) => !s.hidden && (req.only === void 0 || req.only.includes(s.member)));
  return [...specs.filter((s) => s.required), ...specs.filter((s) => !s.required)];
}
function typeName(shape) {
  return shape.type === "list" ? `list of ${shape.member.type}s` : shape.type;
}
function describe(spec) {
  const lines = [
    `${spec.flag} (${typeName(spec.shape)}${spec.required ? ", required" : ""})${spec.shape.doc ? `: ${spec.shape.doc}` : ""}`
  ];
  const choices = choicesOf(spec.shape);
  if (choices) lines.push(`  choices: ${choices.map((c, i) => `${i + 1}) ${c}`).join("  ")}`);
  const hint = answerHint(spec.shape);
  if (hint) lines.push(`  answer with ${hint}`);
  return `${lines.join("\n")}
`;
}
function currentText(given, fromDocument) {
  if (typeof given === "boolean") return ` [${given}]`;
  if (given !== void 0) return ` [${given.map(shellQuote).join(" ")}]`;
  return fromDocument ? " [as in the --cli-input document]" : "";
}
async function ask(term, spec, req, current) {
  const inDocument = req.document?.[spec.member] !== void 0;
  term.write(describe(spec));
  for (; ; ) {
    const answer = (await term.ask(`${spec.flag.slice(2)}${currentText(current, inDocument)}> `)).trim();
    if (answer === "") {
      if (current !== void 0 || inDocument || !spec.required) return void 0;
      term.write("  a value is required\n");
      continue;
    }
    let words;
    try {
      words = answerWords(spec, answer);
    } catch (err) {
      if (!(err instanceof WordsError)) throw err;
      term.write(`  invalid value: ${err.message}
`);
      continue;
    }
    const problem = problemWith(spec, words, req.ctx);
    if (problem === void 0) return words;
    term.write(`  invalid value: ${problem.replaceAll("\n", "\n  ")}
`);
  }
}
function summary(req, given) {
  const words = ["svcctl", ...req.path];
  for (const spec of flagsFor(req.op)) {
    const value = given.get(spec.member);
    if (value !== void 0) words.push(flagWords(spec, value));
  }
  if (req.extraArgs.length > 0) words.push(req.extraArgs[0], ...req.extraArgs.slice(1).map(shellQuote));
  return words.join(" ");
}
async function promptForParameters(req) {
  const term = openTerminal(req.ctx);
  try {
    const specs = questions(req);
    term.write(
      `svcctl ${req.path.join(" ")}: ${req.only ? "the required parameters the command line lacks" : "its parameters, required first"} (Enter keeps the value in [brackets] or skips an optional one; Ctrl-C cancels).
`
    );
    const given = new Map(req.given);
    for (const spec of specs) {
      const answer = await ask(term, spec, req, given.get(spec.member));
      if (answer !== void 0) given.set(spec.member, answer);
    }
    term.write(`
Running: ${summary(req, given)}

`);
    return given;
  } finally {
    term.close();
  }
}
export {
  promptForParameters,
  summary
};
