import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/input/python-json.ts
var WS = /* @__PURE__ */ new Set([" ", "	", "\n", "\r"]);
var Failure = class {
  constructor(msg, pos) {
    this.msg = msg;
    this.pos = pos;
  }
  msg;
  pos;
};
var Scanner = class {
  constructor(s) {
    this.s = s;
  }
  s;
  ws(i) {
    while (i < this.s.length && WS.has(this.s[i])) i++;
    return i;
  }
  /** Scans one value starting at i (no leading white space); returns the index after it. */
  value(i) {
    const c = this.s[i];
    if (c === '"') return this.string(i + 1);
    if (c === "{") return this.object(i + 1);
    if (c === "[") return this.array(i + 1);
    for (const word of ["null", "true", "false", "NaN", "Infinity", "-Infinity"]) {
      if (this.s.slice(i, i + word.length).join("") === word) return i + word.length;
    }
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?/.exec(this.s.slice(i, i + 400).join(""));
    if (m && m[0] !== "" && m[0] !== "-") return i + Array.from(m[0]).length;
    throw new Failure("Expecting value", i);
  }
  string(i) {
    const start = i - 1;
    for (; ; ) {
      if (i >= this.s.length) throw new Failure("Unterminated string starting at", start);
      const c = this.s[i];
      if (c === '"') return i + 1;
      if (c === "\\") {
        const e = this.s[i + 1];
        if (e === void 0) throw new Failure("Unterminated string starting at", start);
        if (e === "u") {
          const hex = this.s.slice(i + 2, i + 6).join("");
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Failure("Invalid \\uXXXX escape", i + 1);
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(e)) throw new Failure("Invalid \\escape", i);
        i += 2;
        continue;
      }
      if (c.codePointAt(0) < 32) throw new Failure("Invalid control character at", i);
      i++;
    }
  }
  object(i) {
    i = this.ws(i);
    if (this.s[i] === "}") return i + 1;
    for (; ; ) {
      if (this.s[i] !== '"') throw new Failure("Expecting property name enclosed in double quotes", i);
      i = this.ws(this.string(i + 1));
      if (this.s[i] !== ":") throw new Failure("Expecting ':' delimiter", i);
      i = this.ws(i + 1);
      i = this.ws(this.value(i));
      if (this.s[i] === "}") return i + 1;
      if (this.s[i] !== ",") throw new Failure("Expecting ',' delimiter", i);
      i = this.ws(i + 1);
    }
  }
  array(i) {
    i = this.ws(i);
    if (this.s[i] === "]") return i + 1;
    for (; ; ) {
      i = this.ws(this.value(i));
      if (this.s[i] === "]") return i + 1;
      if (this.s[i] !== ",") throw new Failure("Expecting ',' delimiter", i);
      i = this.ws(i + 1);
    }
  }
  document() {
    const end = this.ws(this.value(this.ws(0)));
    if (end !== this.s.length) throw new Failure("Extra data", end);
  }
};
function pythonJsonError(text) {
  const chars = Array.from(text);
  try {
    new Scanner(chars).document();
    return void 0;
  } catch (err) {
    if (!(err instanceof Failure)) throw err;
    const before = chars.slice(0, err.pos);
    const line = before.filter((c) => c === "\n").length + 1;
    const lastNl = before.lastIndexOf("\n");
    return `${err.msg}: line ${line} column ${err.pos - lastNl} (char ${err.pos})`;
  }
}

export {
  pythonJsonError
};
