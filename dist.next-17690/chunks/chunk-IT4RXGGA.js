import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  InputError,
  InterruptedError
} from "./chunk-ZTOYQUS4.js";

// src/prompt/terminal.ts
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
function writableOf(out) {
  if (typeof out.on === "function") return out;
  const stream = new Writable({
    write(chunk, _enc, done) {
      out.write(typeof chunk === "string" ? chunk : chunk.toString("utf8"));
      done();
    }
  });
  return Object.assign(stream, { isTTY: out.isTTY, columns: out.columns ?? 80 });
}
var LineTerminal = class {
  constructor(ctx) {
    this.ctx = ctx;
    this.output = writableOf(ctx.stdout);
    this.editing = typeof ctx.stdin.setRawMode === "function";
    const input = ctx.stdin;
    this.rl = createInterface({ input, output: this.output, terminal: this.editing });
    this.rl.on("line", (line) => this.onLine(line));
    this.rl.on("SIGINT", this.onAbort);
    this.rl.on("close", () => this.fail(new InputError("The prompt was cancelled: standard input ended.")));
    ctx.signal?.addEventListener("abort", this.onAbort);
  }
  ctx;
  output;
  /** A real terminal gets line editing (raw mode); otherwise answers are echoed, so a transcript reads well. */
  editing;
  rl;
  lines = [];
  waiter;
  failure;
  onAbort = () => this.interrupt();
  write(text) {
    this.output.write(text);
  }
  ask(prompt) {
    const queued = this.lines.shift();
    if (queued !== void 0) {
      this.output.write(`${prompt}${queued}
`);
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
  close() {
    this.ctx.signal?.removeEventListener("abort", this.onAbort);
    this.failure ??= new InputError("The prompt is closed.");
    this.rl.close();
  }
  onLine(line) {
    if (!this.waiter) {
      this.lines.push(line);
      return;
    }
    if (!this.editing) this.output.write(`${line}
`);
    this.waiter.resolve(line);
    this.waiter = void 0;
  }
  /** Ctrl-C or the abort signal: end the prompt's line, so what follows starts on a fresh one. */
  interrupt() {
    if (!this.failure) this.output.write("\n");
    this.fail(new InterruptedError());
  }
  fail(err) {
    this.failure ??= err;
    this.waiter?.reject(this.failure);
    this.waiter = void 0;
  }
};
function openTerminal(ctx) {
  return new LineTerminal(ctx);
}

export {
  openTerminal
};
