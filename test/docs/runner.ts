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
}

/** `[VAR=value ...] [npx] svcctl args... [; echo $?]` */
export function parseCommand(line: string): DocCommand {
  let text = line.trim();
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

export async function runCommand(sb: Sandbox, cmd: DocCommand): Promise<CliResult> {
  return sb.run(cmd.argv, { env: cmd.env });
}

/** What a terminal shows: stdout, then stderr, then the status when echoed. */
export function shown(r: CliResult, cmd: DocCommand): string {
  return r.stdout + r.stderr + (cmd.echoStatus ? `${r.code}\n` : '');
}

/** Expected output from a doc: `…` stands for any run of non-blank characters other than quotes. */
export function matches(expected: string, actual: string): boolean {
  const pattern = expected.split('…').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\s"]*');
  return new RegExp(`^${pattern}$`).test(actual);
}
