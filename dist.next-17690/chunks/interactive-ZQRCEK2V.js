import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  knownSetting,
  validValue
} from "./chunk-6EWBQHZ4.js";
import "./chunk-SCXUISWT.js";
import "./chunk-XPKDD7OB.js";
import "./chunk-S5J2REIF.js";
import "./chunk-BXMH7YIO.js";
import {
  configPath,
  readProfiles,
  writeSetting
} from "./chunk-V2PUDD2S.js";
import {
  configKeyOf
} from "./chunk-673PESZJ.js";
import "./chunk-UEKJBUKZ.js";
import "./chunk-BYMUKPFK.js";
import "./chunk-2MMXPJSP.js";
import "./chunk-IDJJU3TW.js";
import {
  maskSetting
} from "./chunk-LSYXKZPM.js";
import {
  InputError
} from "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/profile/interactive.ts
import { createInterface } from "node:readline";
var QUESTIONS = [
  ["api_key", "v2 API key"],
  ["region", "Default region name"],
  ["output", "Default output format"],
  ["endpoint_url", "Endpoint URL (empty: the embedded service)"],
  ["aws_access_key_id", "AWS Access Key ID (for ecr and autoscaling at an endpoint)"],
  ["aws_secret_access_key", "AWS Secret Access Key"]
];
var NO_TERMINAL = [
  "svcctl configure asks its questions on a terminal. Without one, use:",
  "",
  "  svcctl configure set KEY VALUE [--profile NAME]",
  "  svcctl configure get KEY [--profile NAME]",
  "  svcctl configure list [--profile NAME]"
].join("\n");
function lineReader(ctx) {
  const rl = createInterface({ input: ctx.stdin, terminal: false });
  const it = rl[Symbol.asyncIterator]();
  const onAbort = () => rl.close();
  ctx.signal?.addEventListener("abort", onAbort);
  return {
    next: async () => {
      const r = await it.next();
      return r.done ? void 0 : String(r.value);
    },
    close: () => {
      ctx.signal?.removeEventListener("abort", onAbort);
      rl.close();
    }
  };
}
var EOF = /* @__PURE__ */ Symbol("end of input");
async function ask(ctx, next, key, label, current) {
  const shown = current === void 0 ? "None" : configKeyOf(key)?.secret ? maskSetting(current) : current;
  for (; ; ) {
    ctx.stdout.write(`${label} [${shown}]: `);
    const answer = await next();
    if (answer === void 0) return EOF;
    const value = answer.trim();
    if (value === "") return current;
    try {
      return validValue(knownSetting(key), value);
    } catch (err) {
      ctx.stderr.write(`${err.message}
`);
    }
  }
}
async function configureInteractive(ctx, profile) {
  if (!ctx.stdin.isTTY || typeof ctx.stdin.on !== "function") throw new InputError(NO_TERMINAL);
  const path = configPath(ctx);
  const existing = readProfiles(path).get(profile);
  const reader = lineReader(ctx);
  const answers = [];
  try {
    for (const [key, label] of QUESTIONS) {
      const current = existing?.get(key);
      const value = await ask(ctx, reader.next, key, label, current);
      if (value === EOF) {
        ctx.stdout.write("\n");
        if (ctx.signal?.aborted) return 130;
        break;
      }
      if (value !== void 0 && value !== current) answers.push([key, value]);
    }
  } finally {
    reader.close();
  }
  for (const [key, value] of answers) writeSetting(path, profile, key, value);
  return 0;
}
export {
  NO_TERMINAL,
  QUESTIONS,
  configureInteractive
};
