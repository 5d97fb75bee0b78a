/**
 * Runs documented command lines (`$ svcctl ...` in the docs, `examples` in the models) in a sandbox:
 * shell-like word splitting, `VAR=value` prefixes, `; echo $?`, and ids that look real but are
 * the same on every run.
 */
import { splitShellWords } from '../../src/core/shell-words.js';
import { createHash } from 'node:crypto';
import { CountingIds, sandbox, type CliResult, type Sandbox } from '../helpers/cli.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Ids derived from (prefix, n): the first account token of a fresh sandbox always has the same id. */
export class SeededIds extends CountingIds {
  private counters = new Map<string, number>();
  private next(prefix: string): Buffer {
    const n = (this.counters.get(prefix) ?? 0) + 1;
    this.counters.set(prefix, n);
    return createHash('sha256').update(`${prefix}${n}`).digest();
  }
  override id(prefix: string): string {
    return prefix + [...this.next(prefix).subarray(0, 24)].map((b) => ALPHABET[b % 62]).join('');
  }
  override uuid(): string {
    const h = this.next('uuid').toString('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}

export function docSandbox(): Sandbox {
  const sb = sandbox();
  sb.ids = new SeededIds();
  return sb;
}

/** Splits a command line as a POSIX shell would (quotes, backslashes), no expansions. */
export const shellWords = (line: string): string[] => splitShellWords(line);

export interface DocCommand {
  env: Record<string, string>;
  argv: string[];
  /** `; echo $?` follows: the exit code is printed, so it may be non-zero. */
  echoStatus: boolean;
  /** `name=$(svcctl ...)`: stdout, without its last newline, goes into the shell variable `name`. */
  captureInto?: string;
}

/** Shell variables set by earlier `name=$(svcctl ...)` lines of the same page. */
export type ShellVariables = Map<string, string>;

/** `$name`, `${name}` and `"$name"` replaced by the variable's value, quoted for the shell (lower-case names only: `$?` stays). */
function expand(text: string, vars: ShellVariables): string {
  return text.replace(/"?\$\{?([a-z_][a-z0-9_]*)\}?"?/g, (_whole, name: string) => {
    const value = vars.get(name);
    if (value === undefined) throw new Error(`the shell variable ${name} is not set by an earlier line: ${text}`);
    return `'${value.replace(/'/g, "'\\''")}'`;
  });
}

/** `[name=$(][VAR=value ...] [npx] svcctl args...[)] [; echo $?]` */
export function parseCommand(line: string, vars: ShellVariables = new Map()): DocCommand {
  const capture = /^([a-z_][a-z0-9_]*)=\$\((.*)\)$/s.exec(line.trim());
  if (capture) return { ...parseCommand(capture[2]!, vars), captureInto: capture[1]! };
  let text = expand(line.trim(), vars);
  const echoStatus = /;\s*echo \$\?$/.test(text);
  if (echoStatus) text = text.replace(/;\s*echo \$\?$/, '');
  const words = shellWords(text);
  const env: Record<string, string> = {};
  while (words.length > 0 && /^[A-Z_][A-Z0-9_]*=/.test(words[0]!)) {
    const w = words.shift()!;
    env[w.slice(0, w.indexOf('='))] = w.slice(w.indexOf('=') + 1);
  }
  if (words[0] === 'npx') words.shift();
  if (words.shift() !== 'svcctl') throw new Error(`not an svcctl command: ${line}`);
  return { env, argv: words, echoStatus };
}

export async function runCommand(sb: Sandbox, cmd: DocCommand, vars: ShellVariables = new Map()): Promise<CliResult> {
  const r = await sb.run(cmd.argv, { env: cmd.env });
  if (cmd.captureInto !== undefined) vars.set(cmd.captureInto, r.stdout.replace(/\n$/, ''));
  return r;
}

/** What a terminal shows: stdout (unless a variable took it), then stderr, then the status when echoed. */
export function shown(r: CliResult, cmd: DocCommand): string {
  return (cmd.captureInto === undefined ? r.stdout : '') + r.stderr + (cmd.echoStatus ? `${r.code}\n` : '');
}

/** Expected output from a doc: `…` stands for any run of non-blank characters other than quotes. */
export function matches(expected: string, actual: string): boolean {
  const pattern = expected
    .split('…')
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^\\s"]*');
  return new RegExp(`^${pattern}$`).test(actual);
}
