/**
 * A line-at-a-time conversation on the terminal, on node:readline: lines are queued as they arrive, so
 * typed-ahead (or piped) answers are never lost. Ctrl-C (or the context's abort signal) interrupts
 * (exit 130); the end of input cancels (252).
 */
import { createInterface, type Interface } from 'node:readline';
import { Writable } from 'node:stream';
import type { ProcessContext, OutStream } from '../core/context.js';
import { InputError, InterruptedError } from '../core/errors.js';
import { inputAsText } from '../core/input-rules.js';

export interface Terminal {
  write(text: string): void;
  /** Shows `prompt` and resolves with the next line typed (without its line ending). */
  ask(prompt: string): Promise<string>;
  close(): void;
}

/** readline writes through a Writable; the context's stdout may be a plain writer (tests). */
function writableOf(out: OutStream): NodeJS.WritableStream {
  if (typeof (out as Partial<NodeJS.WritableStream>).on === 'function') return out as unknown as NodeJS.WritableStream;
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, done) {
      out.write(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      done();
    },
  });
  return Object.assign(stream, { isTTY: out.isTTY, columns: out.columns ?? 80 });
}

type Waiter = { resolve: (line: string) => void; reject: (err: Error) => void };

class LineTerminal implements Terminal {
  private readonly output: NodeJS.WritableStream;
  /** A real terminal gets line editing (raw mode); otherwise answers are echoed, so a transcript reads well. */
  private readonly editing: boolean;
  private readonly rl: Interface;
  private readonly lines: string[] = [];
  private waiter?: Waiter;
  private failure?: Error;
  private readonly onAbort = () => this.interrupt();

  constructor(private readonly ctx: ProcessContext) {
    this.output = writableOf(ctx.stdout);
    this.editing = typeof ctx.stdin.setRawMode === 'function';
    const input = inputAsText(ctx.stdin as unknown as NodeJS.ReadStream);
    this.rl = createInterface({ input, output: this.output, terminal: this.editing });
    this.rl.on('line', (line) => this.onLine(line));
    this.rl.on('SIGINT', this.onAbort);
    this.rl.on('close', () => this.fail(new InputError('The prompt was cancelled: standard input ended.')));
    ctx.signal?.addEventListener('abort', this.onAbort);
  }

  write(text: string): void {
    this.output.write(text);
  }

  ask(prompt: string): Promise<string> {
    const queued = this.lines.shift();
    if (queued !== undefined) {
      this.output.write(`${prompt}${queued}\n`);
      return Promise.resolve(queued);
    }
    if (this.failure) {
      this.output.write(prompt);
      return Promise.reject(this.failure);
    }
    this.rl.setPrompt(prompt);
    this.rl.prompt();
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  close(): void {
    this.ctx.signal?.removeEventListener('abort', this.onAbort);
    this.failure ??= new InputError('The prompt is closed.');
    this.rl.close();
  }

  private onLine(line: string): void {
    if (!this.waiter) {
      this.lines.push(line);
      return;
    }
    if (!this.editing) this.output.write(`${line}\n`);
    this.waiter.resolve(line);
    this.waiter = undefined;
  }

  /** Ctrl-C or the abort signal: end the prompt's line, so what follows starts on a fresh one. */
  private interrupt(): void {
    if (!this.failure) this.output.write('\n');
    this.fail(new InterruptedError());
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.waiter?.reject(this.failure);
    this.waiter = undefined;
  }
}

export function openTerminal(ctx: ProcessContext): Terminal {
  return new LineTerminal(ctx);
}
