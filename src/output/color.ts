/**
 * --color on|off|auto. `auto` colours only a terminal, never a dumb one (`TERM=dumb`: Emacs' shell, some
 * CI consoles, which show escape sequences as text) and never when NO_COLOR is set (no-color.org: to a
 * non-empty value); `on` always colours, even into a pipe (as the AWS CLI's --color on does, for
 * `| less -R`); `off` never does. chalk is loaded only when something is coloured.
 *
 * What is coloured:
 * - table: the AWS CLI's own bytes (AWS_COLOR_STYLE in table.ts), no chalk;
 * - json and yaml: the AWS CLI prints them plain even with --color on; svcctl colours them, as jq does:
 *   keys bold blue, strings green, numbers cyan, true/false yellow, null grey; punctuation stays plain;
 * - error messages on stderr: red (the decision for stderr is made on stderr's own terminal);
 * - text output: never (it is for scripts).
 * Colouring only inserts escape sequences: with them removed, the bytes are exactly the plain output.
 */
import type { ColorMode } from '../core/options.js';
import type { OutStream } from '../core/context.js';

export function colorEnabled(mode: ColorMode, stream: OutStream, env: Record<string, string | undefined>): boolean {
  if (mode === 'on') return true;
  if (mode === 'off') return false;
  return stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}

export interface Palette {
  key(s: string): string;
  string(s: string): string;
  number(s: string): string;
  boolean(s: string): string;
  null(s: string): string;
  error(s: string): string;
}

/** The palette, with chalk pinned to the 16 basic colours (chalk's own detection looks at process). */
export async function loadPalette(): Promise<Palette> {
  const { Chalk } = await import('chalk');
  const c = new Chalk({ level: 1 });
  return {
    key: (s) => c.bold.blue(s),
    string: (s) => c.green(s),
    number: (s) => c.cyan(s),
    boolean: (s) => c.yellow(s),
    null: (s) => c.gray(s),
    error: (s) => c.red(s),
  };
}

/** A scalar's colour from its text (a JSON token, or a plain YAML scalar, which the resolver typed). */
function scalarStyle(p: Palette, token: string): (s: string) => string {
  if (token === 'null') return p.null;
  if (token === 'true' || token === 'false') return p.boolean;
  if (/^[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$|^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/.test(token))
    return p.number;
  return p.string;
}

const JSON_TOKEN = /("(?:[^"\\\n]|\\.)*")(\s*:)?|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\btrue\b|\bfalse\b|\bnull\b/g;

/**
 * Colours JSON text (json.ts or a whole-item chunk of stream-json.ts: tokens are never cut). A string
 * followed by `:` is a key.
 */
export function colorJson(text: string, p: Palette): string {
  return text.replace(JSON_TOKEN, (token: string, str?: string, colon?: string) => {
    if (str !== undefined) return colon !== undefined ? p.key(str) + colon : p.string(str);
    return scalarStyle(p, token)(token);
  });
}

/** Where a quoted scalar starting at `from` closes (the index after the quote), or -1 if not on this line. */
function quoteEnd(line: string, from: number, quote: string): number {
  for (let i = from + 1; i < line.length; i++) {
    if (quote === '"' && line[i] === '\\') i++;
    else if (quote === "'" && line[i] === "'" && line[i + 1] === "'") i++;
    else if (line[i] === quote) return i + 1;
  }
  return -1;
}

/** A YAML simple key at `from`: its end (before the `:`), or -1. */
function keyEnd(line: string, from: number): number {
  const c = line[from];
  if (c === "'" || c === '"') {
    const end = quoteEnd(line, from, c);
    return end > 0 && line[end] === ':' && (end + 1 === line.length || line[end + 1] === ' ') ? end : -1;
  }
  const m = /: |:$/.exec(line.slice(from));
  return m === null ? -1 : from + m.index;
}

type Continuation = { kind: 'quote'; quote: string } | { kind: 'plain'; base: number } | undefined;

/** Colours one YAML line; returns it and what continues on the next line. */
function yamlLine(line: string, p: Palette, cont: Continuation): [string, Continuation] {
  const indent = line.length - line.trimStart().length;
  if (cont?.kind === 'quote') {
    const end = quoteEnd(` ${line}`, 0, cont.quote) - 1;
    const head = line.slice(0, indent);
    if (end < 0) return [line.trim() === '' ? line : head + p.string(line.slice(indent)), cont];
    return [head + p.string(line.slice(indent, end)) + line.slice(end), undefined];
  }
  if (cont?.kind === 'plain' && indent > cont.base && line.trim() !== '')
    return [line.slice(0, indent) + p.string(line.slice(indent)), cont];
  let at = indent;
  let base = indent;
  let out = line.slice(0, indent);
  while (line.startsWith('- ', at) || line.startsWith('? ', at) || line.startsWith(': ', at)) {
    base = at;
    out += line.slice(at, at + 2);
    at += 2;
  }
  const end = keyEnd(line, at);
  if (end >= 0 && line[at] !== '[' && line[at] !== '{') {
    base = at; // a value continued on the next lines is indented past its key
    out += `${p.key(line.slice(at, end))}:`;
    at = end + 1;
    if (at < line.length) out += line[at++];
  }
  const [value, next] = yamlValue(line.slice(at), p, base);
  return [out + value, next];
}

function yamlValue(value: string, p: Palette, base: number): [string, Continuation] {
  if (value === '' || value === '[]' || value === '{}' || value === '-') return [value, undefined];
  const q = value[0];
  if (q === "'" || q === '"') {
    const closed = quoteEnd(value, 0, q) > 0;
    return [p.string(value), closed ? undefined : { kind: 'quote', quote: q }];
  }
  const style = scalarStyle(p, value);
  return [style(value), style === p.string ? { kind: 'plain', base } : undefined];
}

/** Colours YAML text from yaml.ts (block style, one scalar or `key: value` per line, folded past 80). */
export function colorYaml(text: string, p: Palette): string {
  let cont: Continuation;
  return text
    .split('\n')
    .map((line) => {
      const [colored, next] = yamlLine(line, p, cont);
      cont = next;
      return colored;
    })
    .join('\n');
}

/** Colours a whole error message (each line, so a pager or terminal keeps the colour per line). */
export function colorError(text: string, p: Palette): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? line : p.error(line)))
    .join('\n');
}

let palette: Promise<Palette> | undefined;

/** Colours a rendered json or yaml document (the palette is loaded once). */
export async function colorDocument(kind: 'json' | 'yaml', text: string): Promise<string> {
  const p = await (palette ??= loadPalette());
  return kind === 'json' ? colorJson(text, p) : colorYaml(text, p);
}

/** A sink that colours each JSON chunk of the streamed json output before writing it. */
export async function coloredJsonSink(
  write: (chunk: string) => Promise<void>,
): Promise<(chunk: string) => Promise<void>> {
  const p = await (palette ??= loadPalette());
  return (chunk) => write(colorJson(chunk, p));
}
