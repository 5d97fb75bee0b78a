import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  IniSyntaxError,
  nestedOf,
  parseSections,
  servicesOfHeader
} from "./chunk-673PESZJ.js";
import {
  ConfigError
} from "./chunk-ZTOYQUS4.js";

// src/profile/aws-files.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
function readIni(path) {
  return readAwsFile(path).ini;
}
function readAwsFile(path) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return { ini: {}, services: /* @__PURE__ */ new Map() };
  }
  try {
    const sections = parseSections(text);
    const services = /* @__PURE__ */ new Map();
    for (const [header, entries] of sections.values) {
      const name = servicesOfHeader(header);
      if (name !== void 0) services.set(name, nestedOf(header, entries, sections.nested));
    }
    return {
      ini: Object.fromEntries([...sections.values].map(([name, values]) => [name, Object.fromEntries(values)])),
      services
    };
  } catch (err) {
    if (err instanceof IniSyntaxError) throw new ConfigError(`Unable to parse config file: ${path}, ${err.message}`);
    throw err;
  }
}
function expand(path, home) {
  return path === "~" || path.startsWith("~/") ? join(home, path.slice(1)) : path;
}
function awsConfigPath(ctx) {
  return expand(ctx.env.AWS_CONFIG_FILE ?? join(ctx.home, ".aws", "config"), ctx.home);
}
function awsCredentialsPath(ctx) {
  return expand(ctx.env.AWS_SHARED_CREDENTIALS_FILE ?? join(ctx.home, ".aws", "credentials"), ctx.home);
}
function awsConfigSection(config, profile) {
  return config[profile === "default" ? "default" : `profile ${profile}`];
}

export {
  readIni,
  readAwsFile,
  awsConfigPath,
  awsCredentialsPath,
  awsConfigSection
};
