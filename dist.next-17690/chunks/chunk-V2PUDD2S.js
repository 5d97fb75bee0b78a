import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  IniSyntaxError,
  configKeyOf,
  parseProfiles,
  setValue
} from "./chunk-673PESZJ.js";
import {
  makePrivateDir,
  svcctlHome
} from "./chunk-BYMUKPFK.js";
import {
  firstCharacterAt
} from "./chunk-LSYXKZPM.js";
import {
  ConfigError,
  InputError
} from "./chunk-ZTOYQUS4.js";

// src/profile/file.ts
import { chmodSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
function configPath(ctx) {
  return join(svcctlHome(ctx), "config");
}
function readConfigText(path) {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    if (err.code === "ENOENT") return "";
    throw new ConfigError(`Unable to read the config file (${path}): ${err.message}`);
  }
}
function readProfiles(path) {
  try {
    return parseProfiles(readConfigText(path));
  } catch (err) {
    if (err instanceof IniSyntaxError) throw new ConfigError(`Unable to parse config file: ${path}, ${err.message}`);
    throw err;
  }
}
var CONTROL = /[\u0000-\u001f\u007f]/;
function checkWritable(profile, key, value) {
  if (CONTROL.test(profile) || /[[\]]/.test(profile)) {
    throw new InputError(
      `Invalid profile name ${JSON.stringify(profile)}: a profile name cannot hold '[', ']' or control characters (such as a newline).`
    );
  }
  if (profile.trim() === "" || profile.trim() !== profile) {
    throw new InputError(
      `Invalid profile name ${JSON.stringify(profile)}: a profile name cannot be empty, nor begin or end with white space.`
    );
  }
  if (!CONTROL.test(value)) return;
  if (configKeyOf(key)?.secret)
    throw new InputError(
      `Invalid value for ${key}: ${firstCharacterAt(value, (ch) => CONTROL.test(ch))}, a control character, which the config file cannot hold (the value is a secret and is not shown).`
    );
  throw new InputError(
    `Invalid value for ${key}: ${JSON.stringify(value)} holds control characters (such as a newline), which the config file cannot hold.`
  );
}
function writeSetting(path, profile, key, value) {
  checkWritable(profile, key, value);
  readProfiles(path);
  const text = setValue(readConfigText(path), profile, key, value);
  makePrivateDir(dirname(path), "svcctl's home (SVCCTL_HOME)");
  try {
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, text, { mode: 384 });
    chmodSync(tmp, 384);
    renameSync(tmp, path);
  } catch (err) {
    throw new ConfigError(`Unable to write the config file (${path}): ${err.message}`);
  }
}

export {
  configPath,
  readConfigText,
  readProfiles,
  writeSetting
};
