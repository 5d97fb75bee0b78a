/**
 * The one decoder of the settings and config files svcctl reads (`$SVCCTL_HOME/config`, the AWS CLI's
 * `~/.aws/config` and `~/.aws/credentials`, `serve --settings` in INI or JSON, `serve --credentials`,
 * `serve --api-keys`, a profile's `api_key_file`), with one set of rules:
 *
 * - **text**: the bytes must be UTF-8. A byte that is not is refused with its line and character (1-based),
 *   never decoded to U+FFFD, which would put a character the user never wrote into a setting;
 * - **duplicate keys**: a key given twice is refused with the line of its second use and of its first (the
 *   INI readers apply this per section; `parseConfigJson` per JSON object);
 * - **integers**: exact (a JSON settings value of 9007199254740993 stays 9007199254740993);
 * - **size**: read a chunk at a time up to 16 MiB (`readConfigBytes`): a device or FIFO without end
 *   (`/dev/zero`) is refused as `[Errno 27] File too large`, never read until memory runs out.
 *
 * Each reader wraps a ConfigTextError in its own words for its file (which file, which exit code).
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { decodeArgBytes, echoBare, loneSurrogateAt } from './input-rules.js';
import { parseJsonExact } from './pynum.js';

/** The most svcctl reads of a settings or config file: far past any real one (the same bound as file://). */
export const MAX_CONFIG_FILE_BYTES = 16 * 1024 * 1024;

/**
 * A settings or config file's bytes (or, with its own `max`, a snapshot's), read a chunk at a time: past `max` it throws EFBIG
 * (`[Errno 27] File too large` in osErrorText's words) at once. OS errors are thrown as readFileSync's.
 */
export function readConfigBytes(path: string, max = MAX_CONFIG_FILE_BYTES): Buffer {
  return interruptibleRead(path, () => readConfigFd(path, max));
}

function readConfigFd(path: string, max: number): Buffer {
  const fd = openSync(path, 'r');
  const tooLarge = () =>
    Object.assign(new Error(`EFBIG: file too large, read '${path}'`), { code: 'EFBIG', errno: -27 });
  try {
    // A regular file says its size: one past the bound is refused unread (a sparse file costs nothing).
    if (fstatSync(fd).size > max) throw tooLarge();
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(1024 * 1024, max + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) return Buffer.concat(chunks, total);
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > max) throw tooLarge();
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * A read of a given file that may wait on a FIFO (no writer yet, or one that writes nothing: `file://fifo`,
 * `--settings fifo`), run with the process's SIGINT, SIGTERM and SIGHUP listeners set aside, so that each signal
 * ends the process by its default action, as it ends the AWS CLI's wait: a JavaScript handler cannot run while the
 * main thread waits in open(2) or read(2), and svcctl went on waiting through SIGTERM (hostile pass 16a). A
 * regular file's read does not wait, and keeps the handlers.
 */
export function interruptibleRead<T>(path: string, read: () => T): T {
  let fifo = false;
  try {
    fifo = statSync(path).isFIFO();
  } catch {
    // the read says why
  }
  if (!fifo) return read();
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const set = signals.map((s) => [s, process.rawListeners(s) as Array<(...a: unknown[]) => void>] as const);
  for (const [s, listeners] of set) for (const l of listeners) process.off(s, l);
  try {
    return read();
  } finally {
    for (const [s, listeners] of set) for (const l of listeners) process.on(s, l);
  }
}

/** A problem at one line of a config file (1-based). */
export class ConfigTextError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/** How a key given twice is refused (svcctl's own files; the AWS CLI's files keep configparser's words). */
export function setTwice(key: string, first: number, section?: string): string {
  return `${echoBare(key)} is set twice${section === undefined ? '' : ` in [${echoBare(section)}]`} (first at line ${first})`;
}

/** The line (1-based) and character in it (1-based, in code points) of a UTF-16 index of the text. */
export function lineAndCharacter(text: string, index: number): { line: number; character: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, character: Array.from(text.slice(start, index)).length + 1 };
}

/** The file's bytes as text: strict UTF-8, a bad byte refused with its line and character. */
export function decodeConfigText(bytes: Uint8Array): string {
  const text = decodeArgBytes(bytes);
  const at = loneSurrogateAt(text);
  if (at === -1) return text;
  const { line, character } = lineAndCharacter(text, at);
  const byte = text.charCodeAt(at) - 0xdc00;
  throw new ConfigTextError(
    line,
    `not valid UTF-8 (byte 0x${byte.toString(16).padStart(2, '0')} at character ${character})`,
  );
}

/**
 * Each key of a JSON text (already known to be JSON) in order: its line, the keys seen so far in its object
 * (for the visitor to fill) and that object's depth (1: the top level). `visit` returning true stops the
 * walk. Linear: one pass, a map of keys per open object.
 */
function eachJsonKey(
  text: string,
  visit: (key: string, line: number, keys: Map<string, number>, depth: number) => boolean,
): void {
  const stack: Array<Map<string, number> | undefined> = [];
  let line = 1;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    else if (c === '{') {
      stack.push(new Map());
      expectKey = true;
    } else if (c === '[') {
      stack.push(undefined);
      expectKey = false;
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectKey = false;
    } else if (c === ',') expectKey = stack[stack.length - 1] !== undefined;
    else if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      if (expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (visit(key, line, stack[stack.length - 1]!, stack.length)) return;
        expectKey = false;
      }
      i = j;
    }
  }
}

/**
 * The first key of a JSON text (already known to be JSON) that an object holds twice, with the lines of
 * both; undefined when none is.
 */
export function duplicateJsonKey(text: string): { key: string; line: number; first: number } | undefined {
  let found: { key: string; line: number; first: number } | undefined;
  eachJsonKey(text, (key, line, keys) => {
    const first = keys.get(key);
    if (first !== undefined) found = { key, line, first };
    keys.set(key, line);
    return found !== undefined;
  });
  return found;
}

/** The line of each key at a JSON object text's top level (already parsed: no key twice). */
export function topJsonKeyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  eachJsonKey(text, (key, line, _keys, depth) => {
    if (depth === 1) lines.set(key, line);
    return false;
  });
  return lines;
}

/**
 * A JSON config text (already decoded): integers exact, a key given twice in one object refused with its
 * lines. A text that is not JSON throws JSON.parse's SyntaxError, for the caller to explain.
 */
export function parseConfigJson(text: string): unknown {
  const doc = parseJsonExact(text);
  const dup = duplicateJsonKey(text);
  if (dup) throw new ConfigTextError(dup.line, setTwice(JSON.stringify(dup.key), dup.first));
  return doc;
}

/**
 * A boolean of a settings or credentials file (`service settings`, `serve --settings`, `serve --credentials`'s
 * `admin`): `true` or `false` in any case; anything else (yes, 1, on) is no boolean, for the caller to refuse.
 */
export function fileBoolean(text: string): boolean | undefined {
  const word = text.trim().toLowerCase();
  return word === 'true' ? true : word === 'false' ? false : undefined;
}
