/**
 * The rules every input meets, whichever way it came in (argv, shorthand, `--cli-input-json/yaml`,
 * `file://`, serve's three protocols, `store import`), each with its one limit:
 *
 * - **text**: only Unicode text gets in. An argument whose bytes are not UTF-8 reaches us with each bad
 *   byte as a lone surrogate (U+DC80-U+DCFF, Python's surrogateescape: `decodeArgBytes`), so one check,
 *   "no lone surrogate", refuses both bad bytes and a `"\ud800"` escape in JSON;
 * - **depth**: no value nests deeper than MAX_NESTING levels of lists and objects; text is measured before
 *   any recursive decoder walks it, values with an explicit stack, so nothing recurses on untrusted depth;
 * - **size**: a request's encoding is at most MAX_REQUEST_BYTES (UploadLayerPart's 16 times that), on both
 *   backends (serve's body limit and the embedded backend's check of the encoded request use the same number);
 * - **echo**: a value quoted in an error is cut to its start past MAX_ECHO characters, on every protocol.
 *
 * Every check here is linear in its input.
 */
import { Readable } from 'node:stream';
import { entriesOf, fromEntriesOrdered } from './keys.js';
import { pyJsonNumberText, stringifyJsonExact } from './pynum.js';

/** Deepest nesting of lists and objects in any input (no model nests deeper than 6 levels). */
export const MAX_NESTING = 32;

/** Largest request, as its protocol encodes it (bytes): serve's body limit and the embedded backend's. */
export const MAX_REQUEST_BYTES = 1024 * 1024;

/**
 * UploadLayerPart's, whose part is the request (base64 in JSON): 16 times MAX_REQUEST_BYTES, room for ECR's
 * advised 10 MiB part (InitiateLayerUpload's partSize) and for its least part but the last, 5 MiB.
 */
export const LAYER_PART_REQUEST_FACTOR = 16;

/** The largest request of an operation, as its protocol encodes it (bytes), given the usual limit. */
export const maxRequestBytes = (operation: string, usual = MAX_REQUEST_BYTES): number =>
  operation === 'UploadLayerPart' ? usual * LAYER_PART_REQUEST_FACTOR : usual;

/** Longest request path and query (bytes): an id in a v2 path counts here (an HTTP server refuses longer request lines). */
export const MAX_URL_BYTES = 8 * 1024;

/** Values up to this many characters are quoted whole in errors; a longer one is cut (UserData can be 21 KB). */
export const MAX_ECHO = 1024;

/**
 * The prefixes of a command-line value the CLI reads as a file (input/paramfile.ts, as the AWS CLI does): a
 * text that starts with one is never written as a word to send it (models/as-cli.ts).
 */
export const PARAM_FILE_PREFIXES = ['fileb://', 'file://'] as const;
export const readsParamFile = (value: string): boolean => PARAM_FILE_PREFIXES.some((p) => value.startsWith(p));

/**
 * A journal entry's input past this many characters of JSON, once its values past MAX_ECHO are cut as errors
 * quote them, is not kept at all: with the count of entries, it bounds the journal's size.
 */
export const MAX_JOURNAL_INPUT = 64 * 1024;

/** A lone surrogate: a high one without its low one, or a low one without its high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The index of the first lone surrogate, or -1 when the string is Unicode text. */
export function loneSurrogateAt(s: string): number {
  const m = LONE_SURROGATE.exec(s);
  return m === null ? -1 : m.index;
}

/** What a string that is not text holds, for a message: `byte 0xff` (an argument's bad byte) or `lone surrogate \ud800`. */
export function notTextDetail(s: string): string {
  const at = loneSurrogateAt(s);
  const unit = s.charCodeAt(at);
  // Counted from 1, in code points: as a config file's bad byte is named (core/config-text.ts).
  const position = Array.from(s.slice(0, at)).length + 1;
  if (unit >= 0xdc80 && unit <= 0xdcff)
    return `not valid UTF-8 (byte 0x${(unit - 0xdc00).toString(16)} at character ${position})`;
  return `not Unicode text (lone surrogate \\u${unit.toString(16)} at character ${position})`;
}

/**
 * Bytes as Python decodes an argument (UTF-8 with surrogateescape): each byte of an invalid sequence becomes
 * U+DC80-U+DCFF, so that a bad byte survives as something `loneSurrogateAt` finds.
 */
export function decodeArgBytes(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const need =
      b < 0x80 ? 0 : b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : -1;
    let cp = need === 0 ? b : need === 1 ? b & 0x1f : need === 2 ? b & 0x0f : b & 0x07;
    let ok = need >= 0 && i + need < bytes.length;
    for (let k = 1; ok && k <= need; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) ok = false;
      cp = (cp << 6) | (c & 0x3f);
    }
    // Overlong forms, surrogates (ED A0 80: CESU) and values past U+10FFFF are not UTF-8.
    if (ok && need === 2 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ok = false;
    if (ok && need === 3 && (cp < 0x10000 || cp > 0x10ffff)) ok = false;
    if (!ok) {
      out += String.fromCharCode(0xdc00 + b);
      i++;
      continue;
    }
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}

/** True when arrays and objects in the JSON text nest deeper than `limit` (brackets inside strings do not count). */
export function jsonNestsDeeper(text: string, limit = MAX_NESTING): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** What is wrong with a value: where (member names and list indexes from the top), and what (`is not valid UTF-8 …`). */
export interface ValueProblem {
  path: (string | number)[];
  /** The string that is not text (or the list or object nested too deep). */
  value: unknown;
  kind: 'depth' | 'text';
  detail: string;
}

/**
 * The first value in `v` (keys included) that breaks the text or the depth rule, walked with an explicit
 * stack (no recursion), or undefined. `depth0`: the levels above `v` (-1 for a document whose members are
 * the parameters, so that each parameter's value is measured as itself).
 */
export function valueProblem(v: unknown, limit = MAX_NESTING, depth0 = 0): ValueProblem | undefined {
  const stack: { v: unknown; path: (string | number)[]; depth: number }[] = [{ v, path: [], depth: depth0 }];
  while (stack.length > 0) {
    const { v: value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (loneSurrogateAt(value) >= 0) return { path, value, kind: 'text', detail: `is ${notTextDetail(value)}` };
      continue;
    }
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || value instanceof Date) continue;
    const proto = Object.getPrototypeOf(value);
    const isArray = Array.isArray(value);
    if (!isArray && proto !== Object.prototype && proto !== null) continue; // Timestamp, PyFloat…
    if (depth + 1 > limit)
      return { path, value, kind: 'depth', detail: `nests deeper than ${limit} levels of lists and objects` };
    if (isArray) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ v: value[i], path: [...path, i], depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      if (loneSurrogateAt(key) >= 0)
        return { path: [...path, key], value: key, kind: 'text', detail: `its name is ${notTextDetail(key)}` };
      stack.push({ v: (value as Record<string, unknown>)[key], path: [...path, key], depth: depth + 1 });
    }
  }
  return undefined;
}

/** `identity.individual.id_numbers[0].value`, as botocore names a member in its messages. */
export function memberPath(top: string, path: readonly (string | number)[]): string {
  const name = path.reduce<string>((n, p) => (typeof p === 'number' ? `${n}[${p}]` : `${n}.${p}`), top);
  return wellFormed(name); // a key that is no text is shown with U+FFFD
}

/** Counts code points (Python's len) up to `stop`; linear, stops early on long text. */
export function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The characters a terminal acts on (C0 controls but tab and newline, DEL, C1 controls): never written raw. */
const TERMINAL_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * An error's text as it may reach a terminal: each control character a terminal would act on (an ESC that
 * starts a sequence, a BEL, a CR that rewrites the line, a NUL) written as its escape (`\u001b`), as the JSON
 * of serve's answers already shows it. Tab and newline stay: messages are laid out with them.
 */
export function terminalText(text: string): string {
  return text.replace(TERMINAL_CONTROL, escapedChar);
}

/**
 * The same rule for an error as a document (`--cli-error-format json|yaml|text|table`): every string in
 * it, keys too, before a formatter lays it out, so that text and table write no raw control character and
 * a table's columns are measured on what is written; json and yaml then show what the other formats show.
 */
export function terminalValue(value: unknown): unknown {
  if (typeof value === 'string') return terminalText(value);
  if (Array.isArray(value)) return value.map(terminalValue);
  // Only plain objects: an exact number's wrapper or a date is a value, not a map.
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return fromEntriesOrdered(entriesOf(value).map(([k, v]) => [terminalText(k), terminalValue(v)]));
}

/** A character written as its escape, `\u001b`: how svcctl shows a character it must not write raw. */
export function escapedChar(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * A text quoted in an error: whole up to MAX_ECHO characters, else its first 64 and its length. `quote` is
 * the reference's quote where its sentence uses another (`Invalid value provided to "mode": "x"`).
 */
export function echoText(text: string, quote = "'"): string {
  const length = codePoints(text);
  if (length <= MAX_ECHO) return `${quote}${text}${quote}`;
  return `${quote}${Array.from(text.slice(0, 256)).slice(0, 64).join('')}...${quote} (${length} characters)`;
}

/** The same rule for a string quoted as JSON text (a snapshot's cell or member): `"first 64..." (N characters)`. */
export function echoJsonString(text: string): string {
  const length = codePoints(text);
  if (length <= MAX_ECHO) return JSON.stringify(text);
  return `${JSON.stringify(Array.from(text.slice(0, 256)).slice(0, 64).join('')).slice(0, -1)}..." (${length} characters)`;
}

/**
 * The same rule for any JSON value of a file svcctl reads (a snapshot's cell, member or version) or of an answer
 * (a member of the wrong type, wire/json.ts): a string as
 * echoJsonString, any other as json.dumps writes it, a number past a double (1e400, which json.loads reads as
 * inf) as Infinity, not as JSON.stringify's null.
 */
export function echoJsonValue(v: unknown): string {
  if (typeof v === 'string') return echoJsonString(v);
  const nonce = `nonfinite${Math.random().toString(36).slice(2)}:`;
  const text = stringifyJsonExact(v, (_k, x) =>
    typeof x === 'number' && !Number.isFinite(x) ? nonce + pyJsonNumberText(x) : x,
  );
  return echoBare((text ?? String(v)).replace(new RegExp(`"${nonce}([^"]*)"`, 'g'), '$1'));
}

/** The same rule for a value that is quoted without quotes (a path segment, an id in a sentence). */
export function echoBare(text: string): string {
  const length = codePoints(text);
  if (length <= MAX_ECHO) return text;
  return `${Array.from(text.slice(0, 256)).slice(0, 64).join('')}... (${length} characters)`;
}

/**
 * The same rule for a file path a user gave (--file, --settings, --write-env, --tls-cert…): bare, but an empty
 * one as Python's repr of it, `''`, so the sentence still names what was given ("Unable to write --file : …"
 * named nothing).
 */
export function echoPath(path: string): string {
  return path === '' ? "''" : echoBare(path);
}

/**
 * A bound on how deep a YAML text can nest, measured on its text before the YAML engine reads it (the
 * engine recurses, and past about 900 levels runs out of stack or memory): per line, its indentation plus
 * its leading `- ` / `? ` indicators, plus the open flow brackets (`[`, `{` outside quotes). The bound is
 * over the true depth, so the engine is only given texts it reads safely; the value it makes is then
 * held to MAX_NESTING like any other.
 */
export function yamlNestsDeeper(text: string, limit = MAX_NESTING * 8): boolean {
  let flow = 0;
  let quote = 0;
  let lineStart = true;
  let lead = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      lineStart = true;
      lead = 0;
      continue;
    }
    if (quote !== 0) {
      if (c === 0x5c && quote === 0x22) i++;
      else if (c === quote) quote = 0;
      continue;
    }
    if (lineStart) {
      if (c === 0x20 || c === 0x09 || ((c === 0x2d || c === 0x3f) && text.charCodeAt(i + 1) === 0x20)) {
        if (++lead + flow > limit) return true;
        continue;
      }
      lineStart = false;
    }
    if (c === 0x23 && (i === 0 || text.charCodeAt(i - 1) === 0x20)) {
      while (i + 1 < text.length && text.charCodeAt(i + 1) !== 0x0a) i++; // a comment
    } else if ((c === 0x22 || c === 0x27) && startsScalar(text, i)) {
      quote = c;
    } else if (c === 0x5b || c === 0x7b) {
      if (++flow + lead > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      if (flow > 0) flow--;
    }
  }
  return false;
}

/** True when a quote at `i` opens a quoted scalar (after `: `, `- `, `[`, `{`, `,`, `? ` or at a line's start), not an apostrophe in a word. */
function startsScalar(text: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (text.charCodeAt(j) === 0x20 || text.charCodeAt(j) === 0x09)) j--;
  return j < 0 || ':-[{,?\n'.includes(text[j]!);
}

/** The text with each lone surrogate as U+FFFD, for quoting it in a message (String#toWellFormed, ES2024). */
export function wellFormed(s: string): string {
  return s.replace(new RegExp(LONE_SURROGATE.source, 'g'), '\ufffd');
}

/** How many bytes at the end of `bytes` begin a UTF-8 sequence that the next read may complete. */
function incompleteTail(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const need = b >= 0xf0 && b <= 0xf4 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 && b <= 0xdf ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/**
 * Standard input as text, each byte that is not UTF-8 a lone surrogate (decodeArgBytes, as main.ts reads argv),
 * for the prompts (prompt/terminal.ts, interactive configure), so that an answer's check refuses it: readline's
 * own decoding made it U+FFFD, a typed character, and a Latin-1 terminal's `lc<0xe9>` named a launch
 * configuration `lc\ufffd` (hostile pass 14). A
 * sequence split across two reads waits for the second. Pausing it pauses standard input (readline pauses its
 * input when it closes, so that the process can end); a terminal's raw mode is standard input's.
 */
export function inputAsText(stdin: NodeJS.ReadableStream & Partial<NodeJS.ReadStream>): NodeJS.ReadableStream {
  let rest: Buffer = Buffer.alloc(0);
  // A reader that paused the text (readline closing on Ctrl-D) has paused stdin too: the Readable still
  // asks for more after a push (its read-ahead), which must not start stdin again and keep the process alive.
  const text: Readable = new Readable({
    objectMode: true,
    read: () => {
      if (text.readableFlowing !== false) stdin.resume();
    },
  });
  stdin.on('data', (chunk: Buffer | string) => {
    if (typeof chunk === 'string') {
      if (!text.push(chunk)) stdin.pause();
      return;
    }
    const bytes = rest.length > 0 ? Buffer.concat([rest, chunk]) : chunk;
    const keep = incompleteTail(bytes);
    rest = bytes.subarray(bytes.length - keep);
    if (keep < bytes.length && !text.push(decodeArgBytes(bytes.subarray(0, bytes.length - keep)))) stdin.pause();
  });
  stdin.on('end', () => {
    if (rest.length > 0) text.push(decodeArgBytes(rest));
    text.push(null);
  });
  const pause = text.pause.bind(text);
  return Object.assign(text, {
    isTTY: stdin.isTTY,
    get isRaw() {
      return stdin.isRaw;
    },
    pause: () => {
      stdin.pause();
      return pause();
    },
    ...(typeof stdin.setRawMode === 'function' ? { setRawMode: (mode: boolean) => stdin.setRawMode!(mode) } : {}),
  });
}
