import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  comparePy,
  isDict,
  pyStr
} from "./chunk-VSIUF3F2.js";
import {
  valueProblem
} from "./chunk-L2IBQYJO.js";
import {
  PyFloat,
  asDouble,
  comparePyNumbers,
  isFloat,
  isPyNumber,
  parseJsonExact,
  parsePyInt,
  pyFloat,
  pyInt,
  pyJsonNumberText
} from "./chunk-4W72ZHQN.js";
import {
  CliError,
  InputError
} from "./chunk-ZTOYQUS4.js";
import {
  entriesOf,
  fromEntriesOrdered,
  keysOf,
  valuesOf
} from "./chunk-NM3Y46F5.js";

// src/output/jmespath/errors.ts
var QueryRuntimeError = class extends CliError {
  exitCode = 255;
  kind = void 0;
};
var QueryParseError = class extends Error {
};
function parseError(position, value, type, msg, expression) {
  const underline = `${" ".repeat(position + 1)}^`;
  return new QueryParseError(
    `${msg}: Parse error at column ${position}, token "${pyStr(value)}" (${type.toUpperCase()}), for expression:
"${expression}"
${underline}`
  );
}
function incompleteError(expression) {
  const underline = `${" ".repeat([...expression].length + 1)}^`;
  return new QueryParseError(`Invalid jmespath expression: Incomplete expression:
"${expression}"
${underline}`);
}
function lexerError(position, message, expression) {
  return new QueryParseError(`Bad jmespath expression: ${message}:
${expression}
${" ".repeat(position)}^`);
}
function pluralize(word, count) {
  return count === 1 ? word : `${word}s`;
}
function arityError(expected, actual, name, variadic) {
  const atLeast = variadic ? "at least " : "";
  return new QueryRuntimeError(
    `Expected ${atLeast}${expected} ${pluralize("argument", expected)} for function ${name}(), received ${actual}`
  );
}
function pyStrList(items) {
  return `[${items.map((s) => `'${s}'`).join(", ")}]`;
}
function typeError(name, value, actual, expected) {
  return new QueryRuntimeError(
    `In function ${name}(), invalid type for value: ${pyStr(value)}, expected one of: ${pyStrList(expected)}, received: "${actual}"`
  );
}

// src/output/jmespath/python.ts
var Expref = class {
  constructor(visit) {
    this.visit = visit;
  }
  visit;
};
function isObject(v) {
  return isDict(v) && !(v instanceof Expref);
}
function pyType(v) {
  if (v === null || v === void 0) return "NoneType";
  if (typeof v === "string") return "str";
  if (typeof v === "boolean") return "bool";
  if (isPyNumber(v)) return isFloat(v) ? "float" : "int";
  if (Array.isArray(v)) return "list";
  return v instanceof Expref ? "_Expression" : "dict";
}
function getKey(obj, key) {
  return Object.hasOwn(obj, key) ? obj[key] : null;
}
function pyEquals(a, b) {
  if (typeof a === "boolean" && isPyNumber(b)) return comparePyNumbers(Number(a), b) === 0;
  if (isPyNumber(a) && typeof b === "boolean") return comparePyNumbers(a, Number(b)) === 0;
  if (isPyNumber(a) && isPyNumber(b)) return comparePyNumbers(a, b) === 0;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => pyEquals(x, b[i]));
  }
  if (isObject(a) || isObject(b)) {
    if (!isObject(a) || !isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && pyEquals(a[k], b[k]));
  }
  return (a ?? null) === (b ?? null);
}
var SYMBOL = { lt: "<", gt: ">", lte: "<=", gte: ">=" };
function pyOrder(op, a, b) {
  if (typeof a === "string" !== (typeof b === "string")) {
    throw new QueryRuntimeError(`'${SYMBOL[op]}' not supported between instances of '${pyType(a)}' and '${pyType(b)}'`);
  }
  const d = typeof a === "string" ? comparePy(a, b) : comparePyNumbers(a, b);
  return op === "lt" ? d < 0 : op === "gt" ? d > 0 : op === "lte" ? d <= 0 : d >= 0;
}
function keyCompare(a, b) {
  if (typeof a === "string" && typeof b === "string") return comparePy(a, b);
  return comparePyNumbers(a, b);
}
function isFalse(v) {
  if (v === "" || v === null || v === void 0 || v === false) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isObject(v) && Object.keys(v).length === 0;
}
function escapeAscii(s) {
  const named = {
    '"': '\\"',
    "\\": "\\\\",
    "\n": "\\n",
    "\r": "\\r",
    "	": "\\t",
    "\b": "\\b",
    "\f": "\\f"
  };
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    const code = s.charCodeAt(i);
    if (named[c] !== void 0) out += named[c];
    else if (code < 32 || code > 126) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += c;
  }
  return `${out}"`;
}
function pyJsonCompact(v) {
  if (typeof v === "string") return escapeAscii(v);
  if (isPyNumber(v)) return pyJsonNumberText(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null || v === void 0) return "null";
  if (Array.isArray(v)) return `[${v.map(pyJsonCompact).join(",")}]`;
  if (v instanceof Expref) return escapeAscii("<jmespath.visitor._Expression object>");
  return `{${entriesOf(v).map(([k, x]) => `${escapeAscii(k)}:${pyJsonCompact(x)}`).join(",")}}`;
}

// src/output/jmespath/numbers.ts
var DIGITS = String.raw`\d+(?:_\d+)*`;
var PY_INT = new RegExp(`^[+-]?${DIGITS}$`);
var PY_FLOAT = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);
var PY_SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;
function parseString(s) {
  const text = s.trim();
  if (PY_INT.test(text)) return parsePyInt(text.replaceAll("_", ""));
  if (PY_FLOAT.test(text)) return pyFloat(Number(text.replaceAll("_", "")));
  const special = PY_SPECIAL.exec(text);
  if (special === null) return null;
  if (special[2].toLowerCase() === "nan") return Number.NaN;
  return special[1] === "-" ? -Infinity : Infinity;
}
function pyToNumber(arg) {
  if (arg === null || arg === void 0 || typeof arg === "boolean" || Array.isArray(arg)) return null;
  if (typeof arg === "number" || typeof arg === "bigint" || arg instanceof PyFloat) return arg;
  if (typeof arg === "string") return parseString(arg);
  if (arg instanceof Expref) {
    throw new QueryRuntimeError(
      "int() argument must be a string, a bytes-like object or a real number, not '_Expression'"
    );
  }
  return null;
}
var exact = (v) => typeof v === "bigint" ? v : BigInt(v);
function pyAbs(v) {
  if (typeof v === "bigint") return v < 0n ? -v : v;
  return isFloat(v) ? pyFloat(Math.abs(asDouble(v))) : Math.abs(v);
}
function pySum(xs) {
  let ints = 0n;
  let float;
  for (const x of xs) {
    if (float === void 0 && !isFloat(x)) ints += exact(x);
    else float = (float ?? Number(ints)) + asDouble(x);
  }
  return float === void 0 ? pyInt(ints) : pyFloat(float);
}
function pyDivide(x, n) {
  return pyFloat(asDouble(x) / n);
}
function pyRoundToInt(v, round) {
  if (!isFloat(v)) return v;
  const x = asDouble(v);
  if (!Number.isFinite(x))
    throw new QueryRuntimeError(
      Number.isNaN(x) ? "cannot convert float NaN to integer" : "cannot convert float infinity to integer"
    );
  return pyInt(BigInt(round(x)));
}

// src/output/jmespath/functions.ts
var TYPES_MAP = {
  bool: "boolean",
  list: "array",
  dict: "object",
  NoneType: "null",
  str: "string",
  float: "number",
  int: "number",
  _Expression: "expref"
};
var REVERSE_TYPES_MAP = {
  boolean: ["bool"],
  array: ["list"],
  object: ["dict"],
  null: ["NoneType"],
  string: ["str"],
  number: ["float", "int"],
  expref: ["_Expression"]
};
var jmesType = (pyName) => TYPES_MAP[pyName] ?? "unknown";
function checkSubtypes(name, current, subtypes, types) {
  if (subtypes.length === 1) {
    for (const el of current) if (!subtypes[0].includes(pyType(el))) throw typeError(name, el, pyType(el), types);
    return;
  }
  if (current.length === 0) return;
  const first = pyType(current[0]);
  const allowed = subtypes.find((s) => s.includes(first));
  if (allowed === void 0) throw typeError(name, current[0], first, types);
  for (const el of current) if (!allowed.includes(pyType(el))) throw typeError(name, el, pyType(el), types);
}
function checkType(name, current, types) {
  const allowed = [];
  const subtypes = [];
  for (const t of types) {
    const [type, sub] = t.split("-", 2);
    if (sub !== void 0) subtypes.push(REVERSE_TYPES_MAP[sub]);
    allowed.push(...REVERSE_TYPES_MAP[type]);
  }
  const actual = pyType(current);
  if (!allowed.includes(actual)) throw typeError(name, current, jmesType(actual), types);
  if (subtypes.length > 0) checkSubtypes(name, current, subtypes, types);
}
function validate(name, args, spec) {
  const n = spec.signature.length;
  if (spec.variadic ? args.length < n : args.length !== n)
    throw arityError(n, args.length, name, spec.variadic === true);
  spec.signature.forEach((types, i) => {
    if (types.length > 0) checkType(name, args[i], types);
  });
}
function keyFunc(expref, allowed, name) {
  return (x) => {
    const result = expref.visit(x);
    const type = jmesType(pyType(result));
    if (!allowed.includes(type)) throw typeError(name, result, type, allowed);
    return result;
  };
}
function best(array, key, op) {
  let bestItem = array[0];
  let bestKey = key(array[0]);
  for (const item of array.slice(1)) {
    const k = key(item);
    if (pyOrder(op, k, bestKey)) {
      bestItem = item;
      bestKey = k;
    }
  }
  return bestItem;
}
function sortedBy(array, key) {
  const keyed = array.map((item) => ({ item, k: key(item) }));
  return keyed.sort((a, b) => keyCompare(a.k, b.k)).map((x) => x.item);
}
function sortBy(array, expref) {
  if (array.length === 0) return array;
  const required = jmesType(pyType(expref.visit(array[0])));
  if (required !== "number" && required !== "string")
    throw typeError("sort_by", array[0], required, ["string", "number"]);
  return sortedBy(array, keyFunc(expref, [required], "sort_by"));
}
function contains(subject, search) {
  if (typeof subject === "string") {
    if (typeof search !== "string")
      throw new QueryRuntimeError(`'in <string>' requires string as left operand, not ${pyType(search)}`);
    return subject.includes(search);
  }
  return subject.some((x) => pyEquals(x, search));
}
function updatePairs(arg) {
  if (isObject(arg)) return entriesOf(arg);
  if (typeof arg !== "string" && !Array.isArray(arg))
    throw new QueryRuntimeError(`'${pyType(arg)}' object is not iterable`);
  return [...arg].map((el, i) => {
    if (typeof el !== "string" && !Array.isArray(el)) {
      throw new QueryRuntimeError(`cannot convert dictionary update sequence element #${i} to a sequence`);
    }
    const pair = [...el];
    if (pair.length !== 2)
      throw new QueryRuntimeError(`dictionary update sequence element #${i} has length ${pair.length}; 2 is required`);
    const key = pair[0];
    if (Array.isArray(key) || isObject(key)) throw new QueryRuntimeError(`unhashable type: '${pyType(key)}'`);
    return [typeof key === "string" ? key : pyJsonCompact(key), pair[1]];
  });
}
function extreme(arg, op) {
  return arg.length === 0 ? null : best(arg, (x) => x, op);
}
var ANY = [];
var S = (...types) => types;
var FUNCTIONS = {
  abs: { signature: [S("number")], fn: (a) => pyAbs(a) },
  avg: {
    signature: [S("array-number")],
    fn: (a) => {
      const xs = a;
      return xs.length === 0 ? null : pyDivide(pySum(xs), xs.length);
    }
  },
  not_null: {
    signature: [ANY],
    variadic: true,
    fn: (...args) => args.find((x) => x !== null && x !== void 0) ?? null
  },
  to_array: { signature: [ANY], fn: (a) => Array.isArray(a) ? a : [a] },
  to_string: { signature: [ANY], fn: (a) => typeof a === "string" ? a : pyJsonCompact(a) },
  to_number: { signature: [ANY], fn: (a) => pyToNumber(a) },
  contains: { signature: [S("array", "string"), ANY], fn: contains },
  length: {
    signature: [S("string", "array", "object")],
    fn: (a) => {
      if (typeof a === "string") return [...a].length;
      return Array.isArray(a) ? a.length : Object.keys(a).length;
    }
  },
  ends_with: { signature: [S("string"), S("string")], fn: (s, x) => s.endsWith(x) },
  starts_with: { signature: [S("string"), S("string")], fn: (s, x) => s.startsWith(x) },
  reverse: {
    signature: [S("array", "string")],
    fn: (a) => typeof a === "string" ? [...a].reverse().join("") : [...a].reverse()
  },
  ceil: { signature: [S("number")], fn: (a) => pyRoundToInt(a, Math.ceil) },
  floor: { signature: [S("number")], fn: (a) => pyRoundToInt(a, Math.floor) },
  join: { signature: [S("string"), S("array-string")], fn: (sep, xs) => xs.join(sep) },
  map: { signature: [S("expref"), S("array")], fn: (e, xs) => xs.map((x) => e.visit(x)) },
  max: { signature: [S("array-number", "array-string")], fn: (a) => extreme(a, "gt") },
  min: { signature: [S("array-number", "array-string")], fn: (a) => extreme(a, "lt") },
  merge: {
    signature: [S("object")],
    variadic: true,
    fn: (...objs) => {
      return fromEntriesOrdered(objs.flatMap((o) => updatePairs(o)));
    }
  },
  sort: { signature: [S("array-string", "array-number")], fn: (a) => [...a].sort(keyCompare) },
  sum: { signature: [S("array-number")], fn: (a) => pySum(a) },
  keys: { signature: [S("object")], fn: (a) => keysOf(a) },
  values: { signature: [S("object")], fn: (a) => valuesOf(a) },
  type: { signature: [ANY], fn: (a) => a instanceof Expref ? null : jmesType(pyType(a)) },
  sort_by: { signature: [S("array"), S("expref")], fn: (a, e) => sortBy(a, e) },
  min_by: {
    signature: [S("array"), S("expref")],
    fn: (a, e) => {
      const key = keyFunc(e, ["number", "string"], "min_by");
      return a.length === 0 ? null : best(a, key, "lt");
    }
  },
  max_by: {
    signature: [S("array"), S("expref")],
    fn: (a, e) => {
      const key = keyFunc(e, ["number", "string"], "max_by");
      return a.length === 0 ? null : best(a, key, "gt");
    }
  }
};
function callFunction(name, args) {
  const spec = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : void 0;
  if (spec === void 0) throw new QueryRuntimeError(`Unknown function: ${name}()`);
  validate(name, args, spec);
  return spec.fn(...args);
}

// src/output/jmespath/interpreter.ts
function equals(x, y) {
  if (zeroOrOne(x)) return typeof y !== "boolean" && pyEquals(x, y);
  if (zeroOrOne(y)) return typeof x !== "boolean" && pyEquals(x, y);
  return pyEquals(x, y);
}
var zeroOrOne = (v) => isPyNumber(v) && (asDouble(v) === 0 || asDouble(v) === 1);
var comparable = (v) => isPyNumber(v) || typeof v === "string";
function slice(list, [start, stop, step]) {
  const st = step ?? 1;
  if (st === 0) throw new QueryRuntimeError("slice step cannot be zero");
  const n = list.length;
  const [lower, upper] = st > 0 ? [0, n] : [-1, n - 1];
  const clamp = (v, dflt) => {
    if (v === null) return dflt;
    const x = v < 0 ? v + n : v;
    return Math.max(lower, Math.min(x, upper));
  };
  const from = clamp(start, st > 0 ? lower : upper);
  const to = clamp(stop, st > 0 ? upper : lower);
  const out = [];
  for (let i = from; st > 0 ? i < to : i > to; i += st) out.push(list[i]);
  return out;
}
function project(visit, base, right) {
  const collected = [];
  for (const element of base) {
    const current = visit(right, element);
    if (current !== null && current !== void 0) collected.push(current);
  }
  return collected;
}
function notExpression(v) {
  if (isPyNumber(v)) return false;
  if (v === null || v === void 0 || v === false || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  return isObject(v) && Object.keys(v).length === 0;
}
function comparator(visit, node2, value) {
  const left = visit(node2.children[0], value);
  const right = visit(node2.children[1], value);
  if (node2.value === "eq") return equals(left, right);
  if (node2.value === "ne") return !equals(left, right);
  if (!comparable(left) || !comparable(right)) return null;
  return pyOrder(node2.value, left, right);
}
var chain = (visit, node2, value) => node2.children.reduce((result, child) => visit(child, result), value);
var VISITORS = {
  subexpression: chain,
  index_expression: chain,
  pipe: chain,
  field: (_v, node2, value) => isObject(value) ? getKey(value, node2.value) : null,
  comparator,
  current: (_v, _n, value) => value,
  identity: (_v, _n, value) => value,
  literal: (_v, node2) => node2.value,
  expref: (visit, node2) => new Expref((x) => visit(node2.children[0], x)),
  function_expression: (visit, node2, value) => callFunction(
    node2.value,
    node2.children.map((c) => visit(c, value))
  ),
  filter_projection: (visit, node2, value) => {
    const base = visit(node2.children[0], value);
    if (!Array.isArray(base)) return null;
    const collected = [];
    for (const element of base) {
      if (isFalse(visit(node2.children[2], element))) continue;
      const current = visit(node2.children[1], element);
      if (current !== null && current !== void 0) collected.push(current);
    }
    return collected;
  },
  flatten: (visit, node2, value) => {
    const base = visit(node2.children[0], value);
    return Array.isArray(base) ? base.flatMap((el) => Array.isArray(el) ? el : [el]) : null;
  },
  index: (_v, node2, value) => {
    if (!Array.isArray(value)) return null;
    const i = node2.value;
    const at = i < 0 ? value.length + i : i;
    return at >= 0 && at < value.length ? value[at] : null;
  },
  slice: (_v, node2, value) => Array.isArray(value) ? slice(value, node2.value) : null,
  key_val_pair: (visit, node2, value) => visit(node2.children[0], value),
  multi_select_dict: (visit, node2, value) => {
    if (value === null || value === void 0) return null;
    return fromEntriesOrdered(node2.children.map((child) => [child.value, visit(child, value)]));
  },
  multi_select_list: (visit, node2, value) => value === null || value === void 0 ? null : node2.children.map((c) => visit(c, value)),
  or_expression: (visit, node2, value) => {
    const matched = visit(node2.children[0], value);
    return isFalse(matched) ? visit(node2.children[1], value) : matched;
  },
  and_expression: (visit, node2, value) => {
    const matched = visit(node2.children[0], value);
    return isFalse(matched) ? matched : visit(node2.children[1], value);
  },
  not_expression: (visit, node2, value) => notExpression(visit(node2.children[0], value)),
  projection: (visit, node2, value) => {
    const base = visit(node2.children[0], value);
    return Array.isArray(base) ? project(visit, base, node2.children[1]) : null;
  },
  value_projection: (visit, node2, value) => {
    const base = visit(node2.children[0], value);
    return isObject(base) ? project(visit, valuesOf(base), node2.children[1]) : null;
  }
};
function holdsExpref(v) {
  if (v instanceof Expref) return true;
  if (Array.isArray(v)) return v.some(holdsExpref);
  return isObject(v) && Object.values(v).some(holdsExpref);
}
function evaluate(root, data) {
  const visit = (node2, value) => VISITORS[node2.type](visit, node2, value);
  const result = visit(root, data);
  if (holdsExpref(result)) throw new QueryRuntimeError("Circular reference detected");
  return result ?? null;
}

// src/output/jmespath/json.ts
var SPECIAL = { NaN: Number.NaN, Infinity: Infinity, "-Infinity": -Infinity };
var ESCAPES = /* @__PURE__ */ new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
function stringError(text) {
  for (let i = 1; i < text.length - 1; i++) {
    const c = text[i];
    if (c < " ") return "Invalid control character at";
    if (c !== "\\") continue;
    const e = text[++i];
    if (e === "u") {
      if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) return "Invalid \\uXXXX escape";
      i += 4;
    } else if (!ESCAPES.has(e)) {
      return "Invalid \\escape";
    }
  }
  return void 0;
}
function parseJsonText(text) {
  const trimmed = text.replace(/^[ \t\n\r]+|[ \t\n\r]+$/g, "");
  if (Object.hasOwn(SPECIAL, trimmed)) return { ok: true, value: SPECIAL[trimmed] };
  if (trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2) {
    const error = stringError(trimmed);
    if (error !== void 0) return { ok: false, error };
  }
  try {
    return { ok: true, value: parseJsonExact(text) };
  } catch (err) {
    return { ok: false, error: err.message.split(":")[0] };
  }
}

// src/output/jmespath/lexer.ts
var LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
var DIGITS2 = "0123456789";
var START_IDENTIFIER = /* @__PURE__ */ new Set([...LETTERS, "_"]);
var VALID_IDENTIFIER = /* @__PURE__ */ new Set([...LETTERS, ...DIGITS2, "_"]);
var VALID_NUMBER = /* @__PURE__ */ new Set([...DIGITS2]);
var WHITESPACE = /* @__PURE__ */ new Set([" ", "	", "\n", "\r"]);
var SIMPLE_TOKENS = {
  ".": "dot",
  "*": "star",
  "]": "rbracket",
  ",": "comma",
  ":": "colon",
  "@": "current",
  "(": "lparen",
  ")": "rparen",
  "{": "lbrace",
  "}": "rbrace"
};
var LexError = class {
  constructor(position, message) {
    this.position = position;
    this.message = message;
  }
  position;
  message;
};
var Lexer = class {
  pos = 0;
  current;
  chars;
  constructor(expression) {
    this.chars = [...expression];
    this.current = this.chars[0];
  }
  next() {
    if (this.pos === this.chars.length - 1) this.current = void 0;
    else this.current = this.chars[++this.pos];
    return this.current;
  }
  tokenize() {
    const tokens = [];
    while (this.current !== void 0) {
      const token = this.token();
      if (token) tokens.push(token);
    }
    tokens.push({ type: "eof", value: "", start: this.chars.length });
    return tokens;
  }
  /** One token from the current character, or undefined for whitespace. */
  token() {
    const c = this.current;
    const start = this.pos;
    if (SIMPLE_TOKENS[c] !== void 0) {
      this.next();
      return { type: SIMPLE_TOKENS[c], value: c, start };
    }
    if (START_IDENTIFIER.has(c)) {
      let buff = c;
      while (VALID_IDENTIFIER.has(this.next() ?? "")) buff += this.current;
      return { type: "unquoted_identifier", value: buff, start };
    }
    if (WHITESPACE.has(c)) return void this.next();
    if (c === "[") return this.bracket(start);
    if (c === "'") return this.rawString();
    if (c === "|") return this.matchOrElse("|", "or", "pipe");
    if (c === "&") return this.matchOrElse("&", "and", "expref");
    if (c === "`") return this.literal();
    if (VALID_NUMBER.has(c) || c === "-") return this.number(start);
    if (c === '"') return this.quotedIdentifier();
    if (c === "<") return this.matchOrElse("=", "lte", "lt");
    if (c === ">") return this.matchOrElse("=", "gte", "gt");
    if (c === "!") return this.matchOrElse("=", "ne", "not");
    if (c === "=") return this.equals();
    throw new LexError(this.pos, `Unknown token ${c}`);
  }
  bracket(start) {
    const n = this.next();
    if (n === "]") {
      this.next();
      return { type: "flatten", value: "[]", start };
    }
    if (n === "?") {
      this.next();
      return { type: "filter", value: "[?", start };
    }
    return { type: "lbracket", value: "[", start };
  }
  number(start) {
    let buff = this.current;
    while (VALID_NUMBER.has(this.next() ?? "")) buff += this.current;
    if (buff === "-") throw new LexError(start, "Unknown token '-'");
    return { type: "number", value: Number(buff), start };
  }
  equals() {
    if (this.next() === "=") {
      const token = { type: "eq", value: "==", start: this.pos - 1 };
      this.next();
      return token;
    }
    throw new LexError(this.current === void 0 ? this.pos : this.pos - 1, "Unknown token '='");
  }
  /** Characters up to an unescaped delimiter; a backslash is kept with the character it escapes. */
  consumeUntil(delimiter) {
    const start = this.pos;
    let buff = "";
    this.next();
    while (this.current !== delimiter) {
      if (this.current === "\\") {
        buff += "\\";
        this.next();
      }
      if (this.current === void 0) throw new LexError(start, `Unclosed ${delimiter} delimiter`);
      buff += this.current;
      this.next();
    }
    this.next();
    return buff;
  }
  literal() {
    const start = this.pos;
    const lexeme = this.consumeUntil("`").replaceAll("\\`", "`");
    let parsed = parseJsonText(lexeme);
    if (!parsed.ok) parsed = parseJsonText(`"${lexeme.replace(/^\s+/, "")}"`);
    if (!parsed.ok) throw new LexError(start, `Bad token ${lexeme}`);
    const problem = valueProblem(parsed.value);
    if (problem) throw new LexError(start, `Bad token ${lexeme}: the literal ${problem.detail}`);
    return { type: "literal", value: parsed.value, start };
  }
  quotedIdentifier() {
    const start = this.pos;
    const lexeme = `"${this.consumeUntil('"')}"`;
    const parsed = parseJsonText(lexeme);
    if (!parsed.ok) throw new LexError(start, parsed.error);
    const problem = valueProblem(parsed.value);
    if (problem) throw new LexError(start, `Bad token ${lexeme}: the identifier ${problem.detail}`);
    return { type: "quoted_identifier", value: parsed.value, start };
  }
  rawString() {
    const start = this.pos;
    const lexeme = this.consumeUntil("'").replaceAll("\\'", "'");
    return { type: "literal", value: lexeme, start };
  }
  matchOrElse(expected, matchType, elseType) {
    const start = this.pos;
    const current = this.current;
    const n = this.next();
    if (n === expected) {
      this.next();
      return { type: matchType, value: current + n, start };
    }
    return { type: elseType, value: current, start };
  }
};
function tokenize(expression) {
  if (expression === "") throw new QueryParseError("Invalid JMESPath expression: cannot be empty.");
  try {
    return new Lexer(expression).tokenize();
  } catch (err) {
    if (err instanceof LexError) throw lexerError(err.position, err.message, expression);
    throw err;
  }
}

// src/output/jmespath/parser.ts
var BINDING_POWER = {
  eof: 0,
  unquoted_identifier: 0,
  quoted_identifier: 0,
  literal: 0,
  rbracket: 0,
  rparen: 0,
  comma: 0,
  rbrace: 0,
  number: 0,
  current: 0,
  expref: 0,
  colon: 0,
  pipe: 1,
  or: 2,
  and: 3,
  eq: 5,
  gt: 5,
  lt: 5,
  gte: 5,
  lte: 5,
  ne: 5,
  flatten: 9,
  star: 20,
  filter: 21,
  dot: 40,
  not: 45,
  lbrace: 50,
  lbracket: 55,
  lparen: 60
};
var PROJECTION_STOP = 10;
var node = (type, children = [], value) => value === void 0 ? { type, children } : { type, children, value };
var Fail = class {
  constructor(token, message = "", position) {
    this.token = token;
    this.message = message;
    this.position = position;
  }
  token;
  message;
  position;
};
var Parser = class {
  constructor(tokens) {
    this.tokens = tokens;
  }
  tokens;
  index = 0;
  current() {
    return this.tokens[this.index].type;
  }
  lookahead(n) {
    return this.tokens[this.index + n].type;
  }
  lookaheadToken(n) {
    return this.tokens[this.index + n];
  }
  advance() {
    this.index++;
  }
  expression(bindingPower = 0) {
    const leftToken = this.lookaheadToken(0);
    this.advance();
    const nud = NUD[leftToken.type] ?? errorNud;
    let left = nud(this, leftToken);
    let current = this.current();
    while (bindingPower < BINDING_POWER[current]) {
      const led = LED[current];
      if (led === void 0) throw new Fail(this.lookaheadToken(0), "invalid token");
      this.advance();
      left = led(this, left);
      current = this.current();
    }
    return left;
  }
  match(type) {
    if (this.current() === type) return this.advance();
    this.failMaybeEof(type, this.lookaheadToken(0));
  }
  matchOneOf(types) {
    if (!types.includes(this.current())) this.failMaybeEof(types, this.lookaheadToken(0));
    this.advance();
  }
  failMaybeEof(expected, token) {
    if (token.type === "eof") throw new Fail("incomplete");
    const shown = Array.isArray(expected) ? `[${expected.map((t) => `'${t}'`).join(", ")}]` : expected;
    throw new Fail(token, `Expecting: ${shown}, got: ${token.type}`);
  }
  fail(token, reason) {
    throw new Fail(token, reason);
  }
  projectionRhs(bindingPower) {
    const current = this.current();
    if (BINDING_POWER[current] < PROJECTION_STOP) return node("identity");
    if (current === "lbracket" || current === "filter") return this.expression(bindingPower);
    if (current === "dot") {
      this.match("dot");
      return this.dotRhs(bindingPower);
    }
    return this.fail(this.lookaheadToken(0), "syntax error");
  }
  dotRhs(bindingPower) {
    const lookahead = this.current();
    if (["quoted_identifier", "unquoted_identifier", "star"].includes(lookahead)) return this.expression(bindingPower);
    if (lookahead === "lbracket") {
      this.match("lbracket");
      return this.multiSelectList();
    }
    if (lookahead === "lbrace") {
      this.match("lbrace");
      return this.multiSelectHash();
    }
    const t = this.lookaheadToken(0);
    return this.fail(
      t,
      `Expecting: ['quoted_identifier', 'unquoted_identifier', 'lbracket', 'lbrace'], got: ${t.type}`
    );
  }
  multiSelectList() {
    const expressions = [];
    for (; ; ) {
      expressions.push(this.expression());
      if (this.current() === "rbracket") break;
      this.match("comma");
    }
    this.match("rbracket");
    return node("multi_select_list", expressions);
  }
  multiSelectHash() {
    const pairs = [];
    for (; ; ) {
      const keyToken = this.lookaheadToken(0);
      this.matchOneOf(["quoted_identifier", "unquoted_identifier"]);
      this.match("colon");
      pairs.push(node("key_val_pair", [this.expression(0)], keyToken.value));
      if (this.current() === "comma") {
        this.match("comma");
      } else if (this.current() === "rbrace") {
        this.match("rbrace");
        break;
      }
    }
    return node("multi_select_dict", pairs);
  }
  indexExpression() {
    if (this.lookahead(0) === "colon" || this.lookahead(1) === "colon") return this.sliceExpression();
    const index = node("index", [], this.lookaheadToken(0).value);
    this.advance();
    this.match("rbracket");
    return index;
  }
  sliceExpression() {
    const parts = [null, null, null];
    let index = 0;
    let current = this.current();
    while (current !== "rbracket" && index < 3) {
      if (current === "colon") {
        index++;
        if (index === 3) this.fail(this.lookaheadToken(0), "syntax error");
        this.advance();
      } else if (current === "number") {
        parts[index] = this.lookaheadToken(0).value;
        this.advance();
      } else {
        this.fail(this.lookaheadToken(0), "syntax error");
      }
      current = this.current();
    }
    this.match("rbracket");
    return node("slice", [], parts);
  }
  projectIfSlice(left, right) {
    const indexExpr = node("index_expression", [left, right]);
    if (right.type === "slice") return node("projection", [indexExpr, this.projectionRhs(BINDING_POWER.star)]);
    return indexExpr;
  }
};
function errorNud(p, token) {
  if (token.type === "eof") throw new Fail("incomplete");
  return p.fail(token, "invalid token");
}
var NUD = {
  literal: (_p, t) => node("literal", [], t.value),
  unquoted_identifier: (_p, t) => node("field", [], t.value),
  quoted_identifier: (p, t) => {
    if (p.current() === "lparen") {
      throw new Fail(p.lookaheadToken(0), "Quoted identifier not allowed for function names.", 0);
    }
    return node("field", [], t.value);
  },
  star: (p) => {
    const right = p.current() === "rbracket" ? node("identity") : p.projectionRhs(BINDING_POWER.star);
    return node("value_projection", [node("identity"), right]);
  },
  filter: (p) => LED.filter(p, node("identity")),
  lbrace: (p) => p.multiSelectHash(),
  lparen: (p) => {
    const expression = p.expression();
    p.match("rparen");
    return expression;
  },
  flatten: (p) => node("projection", [node("flatten", [node("identity")]), p.projectionRhs(BINDING_POWER.flatten)]),
  not: (p) => node("not_expression", [p.expression(BINDING_POWER.not)]),
  lbracket: (p) => {
    if (["number", "colon"].includes(p.current())) return p.projectIfSlice(node("identity"), p.indexExpression());
    if (p.current() === "star" && p.lookahead(1) === "rbracket") {
      p.advance();
      p.advance();
      return node("projection", [node("identity"), p.projectionRhs(BINDING_POWER.star)]);
    }
    return p.multiSelectList();
  },
  current: () => node("current"),
  expref: (p) => node("expref", [p.expression(BINDING_POWER.expref)])
};
var comparator2 = (name) => (p, left) => node("comparator", [left, p.expression(BINDING_POWER[name])], name);
var LED = {
  dot: (p, left) => {
    if (p.current() !== "star") {
      const right = p.dotRhs(BINDING_POWER.dot);
      if (left.type === "subexpression") {
        left.children.push(right);
        return left;
      }
      return node("subexpression", [left, right]);
    }
    p.advance();
    return node("value_projection", [left, p.projectionRhs(BINDING_POWER.dot)]);
  },
  pipe: (p, left) => node("pipe", [left, p.expression(BINDING_POWER.pipe)]),
  or: (p, left) => node("or_expression", [left, p.expression(BINDING_POWER.or)]),
  and: (p, left) => node("and_expression", [left, p.expression(BINDING_POWER.and)]),
  lparen: (p, left) => {
    if (left.type !== "field") {
      const prev = p.lookaheadToken(-2);
      return p.fail(prev, `Invalid function name '${pyStr(prev.value)}'`);
    }
    const args = [];
    while (p.current() !== "rparen") {
      const expression = p.expression();
      if (p.current() === "comma") p.match("comma");
      args.push(expression);
    }
    p.match("rparen");
    return node("function_expression", args, left.value);
  },
  filter: (p, left) => {
    const condition = p.expression(0);
    p.match("rbracket");
    const right = p.current() === "flatten" ? node("identity") : p.projectionRhs(BINDING_POWER.filter);
    return node("filter_projection", [left, right, condition]);
  },
  eq: comparator2("eq"),
  ne: comparator2("ne"),
  gt: comparator2("gt"),
  gte: comparator2("gte"),
  lt: comparator2("lt"),
  lte: comparator2("lte"),
  flatten: (p, left) => node("projection", [node("flatten", [left]), p.projectionRhs(BINDING_POWER.flatten)]),
  lbracket: (p, left) => {
    if (["number", "colon"].includes(p.current())) {
      const right = p.indexExpression();
      if (left.type === "index_expression") {
        left.children.push(right);
        return left;
      }
      return p.projectIfSlice(left, right);
    }
    p.match("star");
    p.match("rbracket");
    return node("projection", [left, p.projectionRhs(BINDING_POWER.star)]);
  }
};
function parse(expression) {
  const parser = new Parser(tokenize(expression));
  try {
    const parsed = parser.expression(0);
    if (parser.current() !== "eof") {
      const t = parser.lookaheadToken(0);
      throw new Fail(t, `Unexpected token: ${pyStr(t.value)}`);
    }
    return parsed;
  } catch (err) {
    if (!(err instanceof Fail)) throw err;
    if (err.token === "incomplete") throw incompleteError(expression);
    return failText(err, expression);
  }
}
function failText(err, expression) {
  const token = err.token;
  throw parseError(err.position ?? token.start, token.value, token.type, err.message, expression);
}

// src/output/query.ts
function compileQuery(expression) {
  let ast;
  try {
    ast = parse(expression);
  } catch (err) {
    if (err instanceof QueryParseError) throw new InputError(`Bad value for --query ${expression}: ${err.message}`);
    if (err instanceof RangeError)
      throw new InputError(`Bad value for --query ${expression}: maximum recursion depth exceeded`);
    throw err;
  }
  return { expression, search: (data) => evaluate(ast, data) };
}

export {
  compileQuery
};
