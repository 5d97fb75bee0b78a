import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  pythonJsonError
} from "./chunk-XVYN6NOY.js";
import {
  flagsFor
} from "./chunk-LKGJSFLR.js";
import {
  isScalar
} from "./chunk-7CDKIWLY.js";
import {
  MAX_NESTING,
  jsonNestsDeeper,
  memberPath,
  valueProblem
} from "./chunk-L2IBQYJO.js";
import {
  pyStrRepr
} from "./chunk-3LCBX7RT.js";
import {
  holdsSecret,
  textMayHoldSecret
} from "./chunk-LSYXKZPM.js";
import {
  parseJsonExact,
  parsePyInt
} from "./chunk-4W72ZHQN.js";
import {
  ParamError,
  UsageError
} from "./chunk-ZTOYQUS4.js";
import {
  fromEntriesOrdered,
  mapEntries
} from "./chunk-NM3Y46F5.js";

// src/input/paramfile.ts
import { closeSync, openSync, readSync } from "node:fs";
import { constants } from "node:os";
import { resolve } from "node:path";
var MAX_PARAM_FILE_BYTES = 16 * 1024 * 1024;
var STRERROR = {
  EPERM: "Operation not permitted",
  ENOENT: "No such file or directory",
  EIO: "Input/output error",
  ENXIO: "No such device or address",
  EACCES: "Permission denied",
  EBUSY: "Device or resource busy",
  ENOTDIR: "Not a directory",
  EISDIR: "Is a directory",
  EINVAL: "Invalid argument",
  EMFILE: "Too many open files",
  ENAMETOOLONG: "File name too long",
  ELOOP: "Too many levels of symbolic links"
};
function expandUser(path, files) {
  if (path !== "~" && !path.startsWith("~/")) return path;
  return (files.env.HOME || files.home) + path.slice(1);
}
function expandVars(path, env) {
  return path.replace(/\$(\w+|\{[^}]*\})/g, (whole, name) => {
    const key = name.startsWith("{") ? name.slice(1, -1) : name;
    const value = env[key];
    return value === void 0 ? whole : value;
  });
}
function osErrorText(err, path) {
  const code = err.code ?? "";
  const errno = constants.errno[code];
  const why = STRERROR[code] ?? err.message.replace(/^[A-Z]+: /, "").replace(/, \w+ '.*'$/, "");
  return errno === void 0 ? `${why}: ${pyStrRepr(path)}` : `[Errno ${errno}] ${why}: ${pyStrRepr(path)}`;
}
function read(flag, value, prefix, files) {
  const path = expandVars(expandUser(value.slice(prefix.length), files), files.env);
  try {
    if (path === "") throw Object.assign(new Error("ENOENT: no such file or directory, open ''"), { code: "ENOENT" });
    const bytes = readBounded(resolve(files.cwd, path));
    if (bytes !== void 0) return { bytes, path };
  } catch (err) {
    throw new ParamError(flag, `Unable to load paramfile ${value}: ${osErrorText(err, path)}`);
  }
  throw new ParamError(
    flag,
    `Unable to load paramfile ${value}: it is larger than 16 MiB (${MAX_PARAM_FILE_BYTES} bytes), the most svcctl reads from a file`
  );
}
function readBounded(path) {
  const fd = openSync(path, "r");
  try {
    const chunks = [];
    let total = 0;
    for (; ; ) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, MAX_PARAM_FILE_BYTES + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > MAX_PARAM_FILE_BYTES) return void 0;
    }
  } finally {
    closeSync(fd);
  }
}
function decodeText(flag, bytes, path) {
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ParamError(
      flag,
      `Unable to load paramfile (${path}), text contents could not be decoded.  If this is a binary file, please use the fileb:// prefix instead of the file:// prefix.`
    );
  }
  return text.replace(/\r\n?/g, "\n");
}
function loadParamFile(flag, value, files) {
  if (value.startsWith("fileb://")) return new Uint8Array(read(flag, value, "fileb://", files).bytes);
  if (value.startsWith("file://")) {
    const { bytes, path } = read(flag, value, "file://", files);
    return decodeText(flag, bytes, path);
  }
  return value;
}

// src/input/shorthand.ts
var ShorthandParseError = class extends Error {
  constructor(input, index, message) {
    super(message);
    this.input = input;
    this.index = index;
  }
  input;
  index;
};
var ShorthandSyntaxError = class extends ShorthandParseError {
  constructor(input, expected, actual, index) {
    super(input, index, `Expected: '${expected}', received: '${actual}' for input:
 ${errorLocation(input, index)}`);
    this.expected = expected;
    this.actual = actual;
  }
  expected;
  actual;
};
var MAX_SHORTHAND_DEPTH = MAX_NESTING;
var ShorthandDepthError = class extends ShorthandParseError {
  limit = MAX_SHORTHAND_DEPTH;
  constructor(input, index) {
    super(
      input,
      index,
      `"[" and "{" nest deeper than ${MAX_SHORTHAND_DEPTH} levels (the most svcctl reads): level ${MAX_SHORTHAND_DEPTH + 1} opens at character ${codePointLength(input.slice(0, index)) + 1}`
    );
  }
};
var DuplicateKeyError = class extends ShorthandParseError {
  constructor(key, input, index) {
    super(
      input,
      index,
      `Second instance of key "${key}" encountered for input:
${errorLocation(input, index)}
This is often because there is a preceding "," instead of a space.`
    );
    this.key = key;
  }
  key;
};
function errorLocation(input, index) {
  const before = input.slice(0, index);
  const lineStart = before.lastIndexOf("\n") + 1;
  const spaces = codePointLength(before.slice(lineStart));
  const next = input.indexOf("\n", index);
  const consumed = next === -1 ? input : input.slice(0, next);
  const remaining = next === -1 ? "" : input.slice(next);
  return `${consumed}
${" ".repeat(spaces)}^${remaining}`;
}
function codePointLength(text) {
  let n = 0;
  for (const _ of text) n++;
  return n;
}
var TOKEN_SPACE = /* @__PURE__ */ new Set([" ", "	", "\n", "\r", "\v", "\f"]);
var KEY_CHAR = /[A-Za-z0-9\-_.#/:]/;
var WS = "\\t-\\r\\x1c-\\x20";
var START = "\\x21\\x23-\\x26\\x28-\\x2b\\x2d-\\x3c\\x3e-\\x5a\\x5c-\\x7a\\x7c-\\uffff";
var FIRST_FOLLOW = `${WS}\\x21\\x23-\\x26\\x28-\\x2b\\x2d-\\x5c\\x5e-\\x7c\\x7e-\\uffff`;
var SECOND_FOLLOW = `${WS}\\x21\\x23-\\x26\\x28-\\x2b\\x2d-\\x3c\\x3e-\\uffff`;
var word = (follow) => new RegExp(`(?:\\\\,|[${START}])(?:\\\\,|[${follow}])*`, "uy");
var FIRST_WORD = word(FIRST_FOLLOW);
var SECOND_WORD = word(SECOND_FOLLOW);
var PY_SPACE = /[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
function pyLstrip(text) {
  let start = 0;
  while (start < text.length && PY_SPACE.test(text[start])) start++;
  return text.slice(start);
}
function pyRstrip(text) {
  let end = text.length;
  while (end > 0 && PY_SPACE.test(text[end - 1])) end--;
  return text.slice(0, end);
}
function parseShorthand(input, options = {}) {
  return new Parser(input, options.loadFile).parameter();
}
var Parser = class {
  constructor(input, loadFile) {
    this.input = input;
    this.loadFile = loadFile;
  }
  input;
  loadFile;
  i = 0;
  /** Whether the last key was followed by "@=": the AWS CLI keeps one such switch for the whole parse. */
  explicit = false;
  depth = 0;
  parameter() {
    const params = [];
    const seen = /* @__PURE__ */ new Set();
    let lastIndex = 0;
    for (; ; ) {
      const [key, value] = this.keyval();
      if (seen.has(key)) throw new DuplicateKeyError(key, this.input, lastIndex + 1);
      seen.add(key);
      params.push([key, value]);
      lastIndex = this.i;
      if (this.atEof()) return fromEntriesOrdered(params);
      this.expect(",", true);
    }
  }
  keyval() {
    const key = this.key();
    this.assignment();
    return [key, this.values()];
  }
  /** `=` or `@=` after a key, whitespace around either; sets the switch for the values that follow. */
  assignment() {
    this.skipSpace();
    this.explicit = this.current() === "@";
    if (this.explicit) {
      this.i++;
      this.skipSpace();
    }
    this.expect("=", true);
  }
  key() {
    const start = this.i;
    while (!this.atEof() && KEY_CHAR.test(this.input[this.i])) this.i++;
    return this.input.slice(start, this.i);
  }
  values() {
    if (this.atEof()) return "";
    if (this.current() === "[") return this.explicitList();
    if (this.current() === "{") return this.hashLiteral();
    return this.csvValue();
  }
  /** `b` → 'b'; `b,c` → ['b', 'c']; in `b,c=d` the list stops before `c`, the next key. */
  csvValue() {
    const first = this.firstValue();
    this.skipSpace();
    if (this.atEof() || this.current() !== ",") return first;
    this.expect(",", true);
    const list = [first];
    for (; ; ) {
      const value = this.secondValue();
      if (value === void 0) {
        if (this.atEof()) throw new ShorthandSyntaxError(this.input, "<second>", "<none>", this.i);
        this.backtrackToComma();
        break;
      }
      this.skipSpace();
      if (this.atEof()) {
        list.push(value);
        break;
      }
      if (this.current() !== ",") {
        this.backtrackToComma();
        break;
      }
      this.expect(",", true);
      list.push(value);
    }
    return list.length === 1 ? first : list;
  }
  explicitList() {
    this.enter();
    this.expect("[", true);
    const values = [];
    while (this.current() !== "]") {
      values.push(this.explicitValue());
      this.skipSpace();
      if (this.current() !== "]") {
        this.expect(",");
        this.skipSpace();
      }
    }
    this.expect("]");
    this.depth--;
    return values;
  }
  explicitValue() {
    if (this.current() === "[") return this.explicitList();
    if (this.current() === "{") return this.hashLiteral();
    return this.firstValue();
  }
  hashLiteral() {
    this.enter();
    this.expect("{", true);
    const values = [];
    while (this.current() !== "}") {
      const key = this.key();
      this.assignment();
      const value = this.explicitValue();
      this.skipSpace();
      if (this.current() !== "}") {
        this.expect(",");
        this.skipSpace();
      }
      values.push([key, value]);
    }
    this.expect("}");
    this.depth--;
    return fromEntriesOrdered(values);
  }
  /** One more level of "[" or "{" (the parser is at it), refused past the limit. */
  enter() {
    if (++this.depth > MAX_SHORTHAND_DEPTH) throw new ShorthandDepthError(this.input, this.i);
  }
  firstValue() {
    const quote = this.current();
    if (quote === "'" || quote === '"') {
      const quoted = this.quotedValue(quote);
      if (quoted === void 0) throw this.quoteError(quote);
      return this.resolve(quoted);
    }
    const match = this.match(FIRST_WORD);
    return match === void 0 ? "" : this.resolve(unescapeWord(match));
  }
  /** A later csv value, or undefined (nothing consumed) where none can be read. */
  secondValue() {
    const quote = this.current();
    if (quote === "'" || quote === '"') {
      const quoted = this.quotedValue(quote);
      return quoted === void 0 ? void 0 : this.resolve(quoted);
    }
    const match = this.match(SECOND_WORD);
    return match === void 0 ? void 0 : this.resolve(unescapeWord(match));
  }
  /**
   * A quoted value, scanned once: it closes at the first quote not escaped by a backslash, else (none up
   * to the end) at the last escaped one, else it does not close (undefined, nothing consumed). That is
   * what the AWS CLI's `'(?:\\'|[^'])*'` matches, without its backtracking.
   */
  quotedValue(quote) {
    const start = this.i;
    let end = -1;
    let lastEscaped = -1;
    for (let j = start + 1; j < this.input.length; j++) {
      const c = this.input[j];
      if (c === "\\" && this.input[j + 1] === quote) {
        lastEscaped = ++j;
      } else if (c === quote) {
        end = j;
        break;
      }
    }
    if (end === -1) end = lastEscaped;
    if (end === -1) return void 0;
    this.i = end + 1;
    return this.input.slice(start + 1, end).replaceAll(`\\${quote}`, quote).replaceAll("\\\\", "\\");
  }
  quoteError(quote) {
    return new ShorthandSyntaxError(
      this.input,
      quote === "'" ? "<singled quoted>" : "<double quoted>",
      "<none>",
      this.i
    );
  }
  /** After "@=", a `file://` or `fileb://` value becomes what the file holds. */
  resolve(value) {
    return this.explicit && this.loadFile !== void 0 ? this.loadFile(value) : value;
  }
  match(regex) {
    regex.lastIndex = this.i;
    const m = regex.exec(this.input);
    if (m === null) return void 0;
    this.i += m[0].length;
    return m[0];
  }
  expect(char, skipSpace = false) {
    if (skipSpace) this.skipSpace();
    if (this.atEof()) throw new ShorthandSyntaxError(this.input, char, "EOF", this.i);
    const actual = String.fromCodePoint(this.input.codePointAt(this.i));
    if (actual !== char) throw new ShorthandSyntaxError(this.input, char, actual, this.i);
    this.i++;
    if (skipSpace) this.skipSpace();
  }
  current() {
    return this.input[this.i];
  }
  atEof() {
    return this.i >= this.input.length;
  }
  skipSpace() {
    while (!this.atEof() && TOKEN_SPACE.has(this.input[this.i])) this.i++;
  }
  backtrackToComma() {
    while (this.i >= 0 && this.input[this.i] !== ",") this.i--;
  }
};
function unescapeWord(raw) {
  return pyRstrip(raw.includes("\\,") ? raw.replaceAll("\\,", ",") : raw);
}

// src/input/params.ts
function parseParamValue(shape, raw, flag, files) {
  if (!holdsSecret(shape)) return parseValue(shape, raw, flag, files);
  try {
    return parseValue(shape, raw, flag, files);
  } catch (err) {
    const text = typeof raw === "string" ? raw : raw.join(" ");
    throw err instanceof ParamError && textMayHoldSecret(shape, text) ? withoutInput(err) : err;
  }
}
function withoutInput(err) {
  const first = err.detail.split("\n")[0].replace(/ for input:$/, "").replace(/:$/, "");
  return new ParamError(err.param, `${first} (the value is not shown: it may hold a secret member)`);
}
function parseValue(shape, raw, flag, files) {
  if (shape.type === "list") return parseList(shape, typeof raw === "string" ? [raw] : raw, flag, files);
  const word2 = oneWord(raw, flag);
  if (shape.type === "structure" || shape.type === "map") return parseObject(shape, word2, flag, files);
  return parseScalar(shape, word2, flag);
}
function oneWord(raw, flag) {
  if (typeof raw === "string") return raw;
  const last = raw[raw.length - 1];
  if (last === void 0) throw new ParamError(flag, "expected one argument");
  return last;
}
function parseScalar(shape, word2, flag) {
  if (shape.type === "integer") return toInteger(word2, flag);
  if (shape.type === "boolean") return word2.toLowerCase() === "false" ? false : word2 !== "";
  return word2;
}
function parseList(shape, words, flag, files) {
  const first = words[0];
  if (first === void 0) return [];
  if (words.length === 1 && pyLstrip(first).startsWith("[")) return parseJson(first, flag);
  const member = shape.member;
  if (isScalar(member)) {
    try {
      return words.map((word2) => parseScalar(member, word2, flag));
    } catch {
      throw new ParamError(flag, first);
    }
  }
  if (looksLikeJson(first)) return words.map((word2) => parseJsonMember(member, word2, flag, files));
  return coerceShorthand(
    shape,
    words.map((word2) => parseShorthandWord(word2, flag, files)),
    flag
  );
}
function parseObject(shape, word2, flag, files) {
  if (looksLikeJson(word2)) return parseJsonObject(word2, flag);
  if (isValueWrapper(shape) && !word2.includes("=")) return { Value: word2 };
  return coerceShorthand(shape, parseShorthandWord(word2, flag, files), flag);
}
function isValueWrapper(shape) {
  if (shape.type !== "structure") return false;
  const names = Object.keys(shape.members);
  return names.length === 1 && names[0] === "Value" && shape.members.Value?.type === "string";
}
function looksLikeJson(word2) {
  const text = pyLstrip(word2);
  return text.startsWith("[") || text.startsWith("{");
}
function parseJsonMember(member, word2, flag, files) {
  if (member.type === "list") return parseList(member, [word2], flag, files);
  return parseJsonObject(word2, flag);
}
function parseJsonObject(word2, flag) {
  if (pyLstrip(word2).startsWith("{")) return parseJson(word2, flag);
  throw new ParamError(flag, `Invalid JSON:
${word2}`);
}
function parseJson(text, flag) {
  if (jsonNestsDeeper(text))
    throw new ParamError(flag, `Invalid JSON: it nests deeper than ${MAX_NESTING} levels of lists and objects`);
  try {
    return parseJsonExact(text);
  } catch (err) {
    throw new ParamError(
      flag,
      `Invalid JSON: ${pythonJsonError(text) ?? err.message}
JSON received: ${text}`
    );
  }
}
function parseShorthandWord(word2, flag, files) {
  try {
    return parseShorthand(word2, { loadFile: (value) => loadParamFile(flag, value, files) });
  } catch (err) {
    if (err instanceof ShorthandParseError) throw new ParamError(flag, err.message);
    throw err;
  }
}
function coerceShorthand(shape, value, flag) {
  switch (shape.type) {
    case "structure":
      return mapObject(
        value,
        (item, key) => Object.hasOwn(shape.members, key) ? coerceShorthand(shape.members[key], item, flag) : item
      );
    case "map":
      return mapObject(value, (item) => coerceShorthand(shape.value, item, flag));
    case "list":
      return Array.isArray(value) ? value.map((item) => coerceShorthand(shape.member, item, flag)) : [value];
    default:
      return coerceScalar(shape, value, flag);
  }
}
function mapObject(value, fn) {
  if (typeof value !== "object" || value === null || Array.isArray(value) || value instanceof Uint8Array) return value;
  return mapEntries(value, fn);
}
function coerceScalar(shape, value, flag) {
  if (typeof value !== "string") return value;
  if (shape.type === "integer") return toInteger(value, flag);
  if (shape.type === "boolean") {
    const lower = value.toLowerCase();
    if (lower === "true") return true;
    if (lower === "false") return false;
  }
  return value;
}
var INT_SPACE = "[\\t-\\r \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]*";
var PY_INT = new RegExp(`^${INT_SPACE}([+-]?\\d+(?:_\\d+)*)${INT_SPACE}$`);
function toInteger(text, flag) {
  const digits = PY_INT.exec(text)?.[1];
  if (digits !== void 0) return parsePyInt(digits.replaceAll("_", ""));
  throw new ParamError(flag, `invalid literal for int() with base 10: ${pyStrRepr(text, 200)}`);
}

// src/input/assemble.ts
function givenWords(op, fromCommandLine) {
  const given = /* @__PURE__ */ new Map();
  for (const spec of flagsFor(op)) {
    let value = fromCommandLine[spec.flag];
    if (value === void 0 && spec.shape.type === "boolean" && fromCommandLine[`--no-${spec.flag.slice(2)}`] !== void 0) {
      value = false;
    }
    if (value === void 0) continue;
    if (value === true && spec.shape.type === "list") value = [];
    given.set(spec.member, typeof value === "boolean" ? value : (Array.isArray(value) ? value : [value]).map(String));
  }
  return given;
}
function parseGiven(spec, given, files) {
  if (typeof given === "boolean") return given;
  if (spec.shape.type === "boolean") return true;
  const words = given.map((w) => loadParamFile(spec.flag, w, files));
  if (spec.shape.type === "blob" || spec.shape.type === "string" && spec.shape.clientBase64)
    return words[words.length - 1];
  if (words.some((w) => typeof w !== "string")) {
    throw new ParamError(spec.flag, "fileb:// reads binary data, but this parameter takes text: use file:// instead");
  }
  const text = words;
  const value = parseParamValue(
    spec.shape,
    spec.shape.type === "list" ? text : text[text.length - 1],
    spec.flag,
    files
  );
  const problem = valueProblem(value);
  if (problem) throw new ParamError(spec.flag, `${memberPath(spec.member, problem.path)} ${problem.detail}`);
  return value;
}
function missingRequired(op, given, doc) {
  if (doc !== void 0) return [];
  return flagsFor(op).filter((spec) => spec.required && !given.has(spec.member));
}
function requiredArgumentsError(missing) {
  return new UsageError(`the following arguments are required: ${missing.map((s) => s.flag).join(", ")}`);
}
function assembleParams(op, given, doc, files) {
  const params = { ...doc ?? {} };
  for (const spec of flagsFor(op)) {
    const value = given.get(spec.member);
    if (value !== void 0) params[spec.member] = parseGiven(spec, value, files);
  }
  return params;
}

// src/input/encodings.ts
function applyClientEncodings(shape, params) {
  for (const [name, member] of Object.entries(shape.members)) {
    const value = params[name];
    if (member.type === "string" && member.clientBase64 && (typeof value === "string" || value instanceof Uint8Array)) {
      params[name] = Buffer.from(typeof value === "string" ? Buffer.from(value, "utf8") : value).toString("base64");
    }
  }
  return params;
}

export {
  loadParamFile,
  givenWords,
  parseGiven,
  missingRequired,
  requiredArgumentsError,
  assembleParams,
  applyClientEncodings
};
