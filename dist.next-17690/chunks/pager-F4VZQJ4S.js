import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  ConfigError
} from "./chunk-ZTOYQUS4.js";
import "./chunk-OZWMUVXR.js";

// src/output/pager.ts
import { spawn } from "node:child_process";
import { Writable } from "node:stream";
function pagerFailure(detail) {
  return new ConfigError(
    `Unable to redirect output to pager. Received the following error when opening pager:
${detail}

Learn more about configuring the output pager with "svcctl configure list" (cli_pager), or turn it off with --no-cli-pager or an empty SVCCTL_PAGER.`,
    "Pager"
  );
}
function fdOf(stream) {
  const fd = stream.fd;
  return typeof fd === "number" ? fd : "pipe";
}
function spawnPager(command, ctx) {
  const env = { ...ctx.env };
  if (env.LESS === void 0) env.LESS = "FRX";
  const out = fdOf(ctx.stdout);
  const err = fdOf(ctx.stderr);
  const child = spawn("/bin/sh", ["-c", command], { stdio: ["pipe", out, err], env, cwd: ctx.cwd });
  if (out === "pipe") child.stdout?.on("data", (b) => ctx.stdout.write(b));
  if (err === "pipe") child.stderr?.on("data", (b) => ctx.stderr.write(b));
  child.stdin?.on("error", () => {
  });
  return child;
}
var PagerStream = class extends Writable {
  constructor(command, ctx) {
    super({ decodeStrings: false });
    this.command = command;
    this.ctx = ctx;
    this.columns = ctx.stdout.columns;
    this.on("error", () => {
    });
  }
  command;
  ctx;
  child;
  exited;
  isTTY = true;
  columns;
  start() {
    const child = spawnPager(this.command, this.ctx);
    this.exited = new Promise((resolve) => {
      child.once("error", (error) => resolve({ code: null, error }));
      child.once("close", (code) => resolve({ code }));
    });
    return child;
  }
  _write(chunk, _enc, done) {
    this.child ??= this.start();
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed) return done(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    stdin.write(chunk, (err) => done(err ?? null));
  }
  _final(done) {
    this.child?.stdin?.end();
    done();
  }
};
function startPager(command, ctx) {
  const stream = new PagerStream(command, ctx);
  return {
    stream,
    async close() {
      if (!stream.destroyed) await new Promise((resolve) => stream.end(resolve));
      stream.child?.stdin?.end();
      if (!stream.exited) return;
      const { code, error } = await stream.exited;
      if (error) throw pagerFailure(error.message);
      if (code === 126 || code === 127) throw pagerFailure(`${command}: the shell could not run it (exit ${code})`);
    }
  };
}
export {
  pagerFailure,
  startPager
};
