import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  configPath,
  readConfigText,
  readProfiles
} from "./chunk-V2PUDD2S.js";
import {
  svcctlHome
} from "./chunk-BYMUKPFK.js";
import {
  ConfigError,
  ProfileNotFoundError
} from "./chunk-ZTOYQUS4.js";

// src/profile/profile.ts
import { readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
function chooseProfile(raw, env) {
  if (typeof raw.profile === "string") return { name: raw.profile, source: "flag", where: "--profile" };
  for (const name of ["SVCCTL_PROFILE", "AWS_PROFILE"]) {
    const value = env[name];
    if (value) return { name: value, source: "env", where: name };
  }
  return { name: "default", source: "default" };
}
function awsProfiles(ctx) {
  const names = /* @__PURE__ */ new Set();
  const files = [
    [ctx.env.AWS_CONFIG_FILE || join(ctx.home, ".aws", "config"), true],
    [ctx.env.AWS_SHARED_CREDENTIALS_FILE || join(ctx.home, ".aws", "credentials"), false]
  ];
  for (const [file, prefixed] of files) {
    for (const m of readConfigText(file).matchAll(/^\s*\[([^\]]+)\]/gm)) {
      const header = m[1].trim();
      names.add(prefixed ? header.replace(/^profile\s+/, "") : header);
    }
  }
  return names;
}
function readKeyFile(ctx, file) {
  const path = file.startsWith("~/") ? join(ctx.home, file.slice(2)) : isAbsolute(file) ? file : join(svcctlHome(ctx), file);
  try {
    return readFileSync(path, "utf8").split(/\r?\n/)[0].trim();
  } catch (err) {
    throw new ConfigError(`Unable to read the api_key_file (${path}): ${err.message}`);
  }
}
function openProfile(ctx, raw, missingOk = false) {
  const choice = chooseProfile(raw, ctx.env);
  const path = configPath(ctx);
  let profiles;
  const load = () => profiles ??= readProfiles(path);
  if (choice.source !== "default" && !missingOk && choice.name !== "default") {
    if (!load().has(choice.name) && !awsProfiles(ctx).has(choice.name)) {
      throw new ProfileNotFoundError(choice.name);
    }
  }
  const own = (key) => load().get(choice.name)?.get(key);
  return {
    choice,
    path,
    value(key) {
      const v = own(key);
      if (v !== void 0 || key !== "api_key") return v;
      const file = own("api_key_file");
      return file === void 0 ? void 0 : readKeyFile(ctx, file);
    },
    origin(key) {
      if (own(key) !== void 0) return path;
      return key === "api_key" ? own("api_key_file") : void 0;
    },
    where(key) {
      const line = load().lineOf(choice.name, key);
      return line === void 0 ? void 0 : `the config file ${path}, line ${line}`;
    },
    serviceValue(servicesKey, key) {
      const name = own("services");
      const value = name === void 0 ? void 0 : load().services.get(name)?.get(servicesKey)?.get(key);
      return value === void 0 ? void 0 : { value, where: `[services ${name}] ${servicesKey} in ${path}` };
    }
  };
}

export {
  chooseProfile,
  openProfile
};
