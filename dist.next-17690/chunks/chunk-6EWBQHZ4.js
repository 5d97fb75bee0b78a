import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  resolveRegion
} from "./chunk-SCXUISWT.js";
import {
  lookup,
  resolveEndpoint
} from "./chunk-XPKDD7OB.js";
import {
  chooseProfile,
  openProfile
} from "./chunk-BXMH7YIO.js";
import {
  configPath,
  readProfiles,
  writeSetting
} from "./chunk-V2PUDD2S.js";
import {
  CONFIG_KEYS,
  CONFIG_KEY_NAMES,
  checkValue,
  configKeyOf
} from "./chunk-673PESZJ.js";
import {
  SERVICES
} from "./chunk-2MMXPJSP.js";
import {
  maskSetting
} from "./chunk-LSYXKZPM.js";
import {
  InputError,
  UnknownOptionsError,
  UsageError
} from "./chunk-ZTOYQUS4.js";

// src/profile/list.ts
var NOT_SET = { value: "<not set>", type: "None", location: "None" };
function regionRow(ctx, raw, profile) {
  const { value, type, location } = resolveRegion(ctx, raw.region, profile);
  return { name: "region", value, type, location };
}
function endpointRows(ctx, raw, profile) {
  const rows = Object.keys(SERVICES).map((service) => {
    const found = resolveEndpoint(service, { raw, env: ctx.env, home: ctx.home, profile });
    return {
      name: `endpoint_url (${service})`,
      ...found ? { value: found.value, type: found.type, location: found.location } : NOT_SET
    };
  });
  const same = rows.every(
    (r) => r.value === rows[0].value && r.type === rows[0].type && r.location === rows[0].location
  );
  return same ? [{ ...rows[0], name: "endpoint_url" }] : rows;
}
function settingRows(ctx, raw, profile) {
  const { choice } = profile;
  const rows = [
    choice.source === "default" ? { name: "profile", ...NOT_SET } : {
      name: "profile",
      value: choice.name,
      type: choice.source === "flag" ? "manual" : "env",
      location: choice.where
    }
  ];
  let remote = false;
  for (const s of CONFIG_KEYS) {
    if (s.key === "api_key_file") continue;
    if (s.key === "region") {
      rows.push(regionRow(ctx, raw, profile));
      continue;
    }
    if (s.key === "endpoint_url") {
      const endpoints = endpointRows(ctx, raw, profile);
      remote = endpoints.find((r) => r.name === "endpoint_url" || r.name === "endpoint_url (stripe)").type !== "None";
      rows.push(...endpoints);
      continue;
    }
    const found = lookup(s, { raw, env: ctx.env, profile });
    const fallback = s.default !== void 0 && !(s.key === "api_key" && remote) ? { value: s.default, type: "default", location: "" } : NOT_SET;
    const row = { name: s.key, ...found ?? fallback };
    if (s.secret && row.type !== "None") row.value = maskSetting(row.value);
    if (s.mask && row.type !== "None") row.value = s.mask(row.value);
    if (row.value === "") row.value = "''";
    rows.push(row);
  }
  return rows;
}
function formatRows(rows) {
  const width = Math.max(10, ...rows.map((r) => r.name.length));
  const line = (a, b, c, d) => `${a.padStart(width)} ${b.padStart(24)} ${c.padStart(16)}    ${d}`.trimEnd();
  const out = [line("Name", "Value", "Type", "Location"), line("----", "-----", "----", "--------")];
  for (const r of rows) out.push(line(r.name, r.value, r.type, r.location));
  return `${out.join("\n")}
`;
}

// src/profile/configure.ts
function required(names) {
  return new UsageError(`the following arguments are required: ${names}`);
}
function extra(words) {
  if (words.length > 0) throw new UnknownOptionsError(words);
}
function knownSetting(key) {
  const s = configKeyOf(key);
  if (!s) throw new InputError(`Unknown setting '${key}'. Valid settings are: ${CONFIG_KEY_NAMES.join(", ")}`);
  return s;
}
function validValue(s, value) {
  const problem = checkValue(s, value);
  if (problem)
    throw new InputError(
      `Invalid value for ${s.key}: ${s.secret ? "the value" : `'${s.mask ? s.mask(value) : value}'`}. Expected ${problem}.`
    );
  return value;
}
function configureSet(ctx, cmd) {
  const [key, value, ...rest] = cmd.args;
  if (key === void 0 || value === void 0) throw required(key === void 0 ? "key, value" : "value");
  extra(rest);
  const { profile, s } = addressed(key, ctx, cmd);
  writeSetting(configPath(ctx), profile, s.key, validValue(s, value));
  return 0;
}
function addressed(name, ctx, cmd) {
  const parts = name.split(".");
  if (parts[0] === "default" && parts.length > 1)
    return { profile: "default", s: knownSetting(parts.slice(1).join(".")) };
  if (parts[0] === "profile" && parts.length > 2)
    return { profile: parts[1], s: knownSetting(parts.slice(2).join(".")) };
  return { profile: chooseProfile(cmd.all, ctx.env).name, s: knownSetting(name) };
}
function configureGet(ctx, cmd) {
  const [key, ...rest] = cmd.args;
  if (key === void 0) throw required("key");
  extra(rest);
  const { profile, s } = addressed(key, ctx, cmd);
  const value = readProfiles(configPath(ctx)).get(profile)?.get(s.key);
  if (value === void 0) return 1;
  ctx.stdout.write(`${value}
`);
  return 0;
}
function configureListRows(ctx, cmd) {
  extra(cmd.args);
  const raw = cmd.all;
  return settingRows(ctx, raw, openProfile(ctx, raw));
}
function configureListProfiles(ctx, cmd) {
  extra(cmd.args);
  for (const name of readProfiles(configPath(ctx)).keys()) ctx.stdout.write(`${name}
`);
  return 0;
}

export {
  formatRows,
  knownSetting,
  validValue,
  configureSet,
  configureGet,
  configureListRows,
  configureListProfiles
};
