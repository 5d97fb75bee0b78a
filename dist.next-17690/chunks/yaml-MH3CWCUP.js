import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  comparePy,
  isDict,
  pyNumber
} from "./chunk-VSIUF3F2.js";
import "./chunk-3LCBX7RT.js";
import {
  isPyNumber,
  pyJsonNumberText
} from "./chunk-4W72ZHQN.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/output/yaml.ts
var BEST_WIDTH = 80;
var BEST_INDENT = 2;
var IMPLICIT = [
  ["tTfF", /^(?:true|True|TRUE|false|False|FALSE)$/],
  [
    "-+0123456789.",
    /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|[-+]?(?:[0-9][0-9_]*)(?:[eE][-+]?[0-9]+)|[-+]?\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/
  ],
  ["-+0123456789", /^(?:[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?[0-9_]+|[-+]?0x[0-9a-fA-F_]+)$/],
  ["<", /^(?:<<)$/],
  ["~nN", /^(?:~|null|Null|NULL)$/],
  [
    "0123456789",
    /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/
  ],
  ["=", /^(?:=)$/],
  ["!&*", /^(?:!|&|\*)$/]
];
function resolvesAsNonString(s) {
  if (s === "") return true;
  return IMPLICIT.some(([first, re]) => first.includes(s[0]) && re.test(s));
}
var isBreak = (c) => c === "\n" || c === "\r" || c === "\x85" || c === "\u2028" || c === "\u2029";
var isBlankz = (c) => c === void 0 || c === " " || c === "	" || c === "\0" || isBreak(c);
function isPrintable(c) {
  const cp = c.codePointAt(0);
  return cp === 10 || cp >= 32 && cp <= 126 || cp >= 160 && cp <= 55295 || cp >= 57344 && cp <= 65533 && cp !== 65279;
}
function analyzeScalar(chars) {
  if (chars.length === 0) return { multiline: false, plain: true, singleQuoted: true };
  const head = chars.slice(0, 3).join("");
  let indicators = head === "---" || head === "...";
  let lineBreaks = false, special = false, edges = false, breakSpace = false, spaceBreak = false;
  let prevSpace = false, prevBreak = false, precededByWs = true;
  let followedByWs = isBlankz(chars[1]);
  chars.forEach((c, i) => {
    if (i === 0) {
      if ("#,[]{}&*!|>'\"%@`".includes(c) || "?:-".includes(c) && followedByWs) indicators = true;
    } else if (c === ":" && followedByWs || c === "#" && precededByWs) {
      indicators = true;
    }
    if (!isPrintable(c)) special = true;
    const brk = isBreak(c);
    if (brk) lineBreaks = true;
    if ((c === " " || brk) && (i === 0 || i === chars.length - 1)) edges = true;
    if (c === " " && prevBreak) breakSpace = true;
    if (brk && prevSpace) spaceBreak = true;
    prevSpace = c === " ";
    prevBreak = brk;
    precededByWs = isBlankz(c);
    followedByWs = isBlankz(chars[i + 2]);
  });
  const quoted = breakSpace || spaceBreak || special;
  return { multiline: lineBreaks, plain: !(quoted || edges || lineBreaks || indicators), singleQuoted: !quoted };
}
var ESCAPES = {
  0: "0",
  7: "a",
  8: "b",
  9: "t",
  10: "n",
  11: "v",
  12: "f",
  13: "r",
  27: "e",
  34: '"',
  92: "\\",
  133: "N",
  160: "_",
  8232: "L",
  8233: "P"
};
function escape(cp) {
  if (ESCAPES[cp] !== void 0) return `\\${ESCAPES[cp]}`;
  const hex = cp.toString(16).toUpperCase();
  if (cp <= 255) return `\\x${hex.padStart(2, "0")}`;
  return cp <= 65535 ? `\\u${hex.padStart(4, "0")}` : `\\U${hex.padStart(8, "0")}`;
}
var Emitter = class {
  out = "";
  column = 0;
  whitespace = true;
  indention = true;
  indent = -1;
  indents = [];
  ctx = { mapping: false, simpleKey: false };
  document(value) {
    this.node(value, { mapping: false, simpleKey: false });
    this.writeIndent();
    return this.out;
  }
  /** Columns count code points, as libyaml counts characters. */
  put(s) {
    this.out += s;
    this.column += s.length === 1 ? 1 : [...s].length;
  }
  /** PUT_BREAK, or WRITE_BREAK for a non-newline break character (copied raw). */
  putBreak(c = "\n") {
    this.out += c;
    this.column = 0;
  }
  increaseIndent(flow, indentless) {
    this.indents.push(this.indent);
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
  }
  writeIndent() {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || this.column === indent && !this.whitespace) this.putBreak();
    while (this.column < indent) this.put(" ");
    this.whitespace = true;
    this.indention = true;
  }
  indicator(text, needWhitespace, isWhitespace, isIndention) {
    if (needWhitespace && !this.whitespace) this.put(" ");
    this.put(text);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
  }
  node(value, ctx) {
    this.ctx = ctx;
    if (Array.isArray(value)) this.sequence(value);
    else if (isDict(value)) this.mapping(value);
    else if (typeof value === "string") this.scalar(value, !resolvesAsNonString(value));
    else this.scalar(representScalar(value), true);
  }
  /** An empty flow collection; its increase/restore of indent has no visible effect. */
  emptyFlow(open, close) {
    this.indicator(open, true, true, false);
    this.indicator(close, false, false, false);
  }
  sequence(items) {
    if (items.length === 0) return this.emptyFlow("[", "]");
    this.increaseIndent(false, this.ctx.mapping && !this.indention);
    for (const item of items) {
      this.writeIndent();
      this.indicator("-", true, false, true);
      this.node(item, { mapping: false, simpleKey: false });
    }
    this.indent = this.indents.pop();
  }
  mapping(map) {
    const keys = Object.keys(map).sort(comparePy);
    if (keys.length === 0) return this.emptyFlow("{", "}");
    this.increaseIndent(false, false);
    for (const key of keys) {
      this.writeIndent();
      if (isSimpleKey(key)) {
        this.node(key, { mapping: true, simpleKey: true });
        this.indicator(":", false, false, false);
      } else {
        this.indicator("?", true, false, true);
        this.node(key, { mapping: true, simpleKey: false });
        this.writeIndent();
        this.indicator(":", true, false, true);
      }
      this.node(map[key], { mapping: true, simpleKey: false });
    }
    this.indent = this.indents.pop();
  }
  scalar(text, plainImplicit) {
    const chars = [...text];
    const a = analyzeScalar(chars);
    const quoted = !a.plain || !plainImplicit;
    const style = !quoted ? "plain" : a.singleQuoted ? "single" : "double";
    this.increaseIndent(true, false);
    const breaks = !this.ctx.simpleKey;
    if (style === "double") this.writeDouble(chars, breaks);
    else this.writePlainOrSingle(chars, breaks, style === "single");
    this.indent = this.indents.pop();
  }
  /** yaml_emitter_write_plain_scalar and write_single_quoted_scalar (identical but for quoting). */
  writePlainOrSingle(chars, allowBreaks, single) {
    if (single) this.indicator("'", true, false, false);
    else if (!this.whitespace && chars.length > 0) this.put(" ");
    let spaces = false;
    let breaks = false;
    chars.forEach((c, i) => {
      if (c === " ") {
        const inner = !single || i !== 0 && i !== chars.length - 1;
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && inner && chars[i + 1] !== " ") this.writeIndent();
        else this.put(c);
        spaces = true;
      } else if (isBreak(c)) {
        if (!breaks && c === "\n") this.putBreak();
        this.putBreak(c);
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) this.writeIndent();
        this.put(single && c === "'" ? "''" : c);
        this.indention = false;
        spaces = breaks = false;
      }
    });
    if (single && breaks) this.writeIndent();
    if (single) this.indicator("'", false, false, false);
    this.whitespace = false;
    this.indention = false;
  }
  writeDouble(chars, allowBreaks) {
    this.indicator('"', true, false, false);
    let spaces = false;
    chars.forEach((c, i) => {
      const cp = c.codePointAt(0);
      if (!isPrintable(c) || cp === 65279 || isBreak(c) || c === '"' || c === "\\") {
        this.put(escape(cp));
        spaces = false;
      } else if (c === " ") {
        const inner = i !== 0 && i !== chars.length - 1;
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && inner) {
          this.writeIndent();
          if (chars[i + 1] === " ") this.put("\\");
        } else {
          this.put(c);
        }
        spaces = true;
      } else {
        this.put(c);
        spaces = false;
      }
    });
    this.indicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }
};
function isSimpleKey(key) {
  return !analyzeScalar([...key]).multiline && Buffer.byteLength(key, "utf8") <= 128;
}
function representScalar(value) {
  if (typeof value === "number" && !Number.isFinite(value))
    return Number.isNaN(value) ? ".nan" : value > 0 ? ".inf" : "-.inf";
  return isPyNumber(value) ? pyNumber(value).toLowerCase() : String(value ?? null);
}
function jsonScalar(value) {
  if (typeof value === "string") return JSON.stringify(value);
  return isPyNumber(value) ? pyJsonNumberText(value) : String(value ?? null);
}
function formatYaml(data) {
  if (isDict(data) && Object.keys(data).length === 0) return "";
  if (!Array.isArray(data) && !isDict(data)) return `${jsonScalar(data)}
`;
  return new Emitter().document(data);
}
function formatYamlStreamDocument(data) {
  return new Emitter().document([data]);
}
export {
  formatYaml,
  formatYamlStreamDocument
};
