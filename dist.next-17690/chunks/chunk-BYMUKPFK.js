import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  ConfigError,
  osErrorText
} from "./chunk-ZTOYQUS4.js";

// src/core/context.ts
import { randomBytes, randomUUID } from "node:crypto";
import { isAbsolute, join } from "node:path";
var systemClock = { now: () => /* @__PURE__ */ new Date() };
var ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
var randomIds = {
  id(prefix) {
    const bytes = randomBytes(24);
    let s = "";
    for (const b of bytes) s += ALPHABET[b % 62];
    return prefix + s;
  },
  uuid: () => randomUUID()
};
function svcctlHome(ctx) {
  const home = ctx.env.SVCCTL_HOME;
  if (!home) return join(ctx.home, ".svcctl");
  if (!isAbsolute(home)) {
    throw new ConfigError(
      `SVCCTL_HOME must be an absolute path, not '${home}': a relative one would name another store in each working directory. Set it to "$PWD/${home}" for this directory's.`
    );
  }
  return home;
}
var DEFAULT_ACCOUNT_ID = "000000000000";
function accountIdOf(env) {
  return env.SVCCTL_ACCOUNT_ID || DEFAULT_ACCOUNT_ID;
}

// src/core/dirs.ts
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
function makePrivateDir(dir, what) {
  const path = resolve(dir);
  if (existsSync(path)) return;
  const parent = dirname(path);
  if (!existsSync(parent)) {
    throw new ConfigError(
      `Unable to create ${what} ${path}: its parent directory ${parent} does not exist (svcctl makes only the last level). Create it, or set SVCCTL_HOME to a directory you can write.`
    );
  }
  try {
    mkdirSync(path, { mode: 448 });
  } catch (err) {
    if (err.code === "EEXIST") return;
    throw new ConfigError(
      `Unable to create ${what} ${path}: ${osErrorText(err)}. Set SVCCTL_HOME to a directory you can write.`
    );
  }
}

export {
  systemClock,
  randomIds,
  svcctlHome,
  DEFAULT_ACCOUNT_ID,
  accountIdOf,
  makePrivateDir
};
