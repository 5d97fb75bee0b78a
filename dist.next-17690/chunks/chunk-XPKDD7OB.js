import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  awsConfigPath,
  awsConfigSection,
  readAwsFile
} from "./chunk-S5J2REIF.js";
import {
  SettingProblem,
  configKeyOf
} from "./chunk-673PESZJ.js";
import {
  SERVICES
} from "./chunk-2MMXPJSP.js";
import {
  ConfigError,
  InputError
} from "./chunk-ZTOYQUS4.js";

// src/profile/resolve.ts
function flagValue(s, raw) {
  if (s.key === "cli_pager") return raw.cliPager === false ? "" : void 0;
  const v = s.attr === void 0 ? void 0 : raw[s.attr];
  if (v === void 0) return void 0;
  if (s.key === "cli_auto_prompt") return v === true ? "on" : "off";
  return String(v);
}
function fromEnv(s, names, env) {
  const name = names?.find((n) => env[n] !== void 0 && !(s.emptyIsUnset && env[n] === ""));
  return name === void 0 ? void 0 : { value: env[name], type: "env", location: name, origin: `the environment variable ${name}` };
}
function lookup(key, src) {
  const s = typeof key === "string" ? configKeyOf(key) : key;
  const flag = flagValue(s, src.raw);
  if (flag !== void 0 && !(s.emptyIsUnset && flag === "")) {
    const location = s.key === "cli_pager" ? "--no-cli-pager" : s.flag;
    return { value: flag, type: "manual", location, origin: location };
  }
  const before = fromEnv(s, s.env, src.env);
  if (before) return before;
  const own = src.profile.value(s.key);
  if (own !== void 0 && !(s.emptyIsUnset && own === "")) {
    return {
      value: own,
      type: "config-file",
      location: src.profile.origin(s.key),
      origin: `${s.key} in ${src.profile.where(s.key) ?? "the config file"}`
    };
  }
  return fromEnv(s, s.envAfter, src.env);
}
function resolve(key, src) {
  const s = typeof key === "string" ? configKeyOf(key) : key;
  return lookup(s, src) ?? (s.default === void 0 ? void 0 : { value: s.default, type: "default", location: "", origin: "the default" });
}
function converted(key, found, onFlag = (problem) => new ConfigError(problem)) {
  const s = configKeyOf(key);
  try {
    return s.convert ? s.convert(found.value) : found.value;
  } catch (err) {
    if (!(err instanceof SettingProblem)) throw err;
    if (found.type === "manual") throw onFlag(err.message);
    throw new ConfigError(`Invalid value for ${found.origin}: ${err.message}`);
  }
}

// src/profile/endpoint.ts
var set = (value) => value !== void 0 && value !== "";
function fromEnv2(name, env) {
  const value = env[name];
  return set(value) ? { value, type: "env", location: name, origin: `the environment variable ${name}` } : void 0;
}
function fromOwnProfile(servicesKey, src) {
  const nested = servicesKey === void 0 ? void 0 : src.profile.serviceValue(servicesKey, "endpoint_url");
  if (nested && set(nested.value)) {
    return {
      value: nested.value,
      type: "config-file",
      location: nested.where,
      origin: `endpoint_url of ${nested.where}`
    };
  }
  const own = src.profile.value("endpoint_url");
  if (!set(own)) return void 0;
  return {
    value: own,
    type: "config-file",
    location: src.profile.origin("endpoint_url"),
    origin: `endpoint_url in ${src.profile.where("endpoint_url") ?? "the config file"}`
  };
}
function awsFile(src) {
  const path = awsConfigPath({ env: src.env, home: src.home });
  const file = readAwsFile(path);
  const section = awsConfigSection(file.ini, src.profile.choice.name);
  return { path, section, services: file.services };
}
function fromAwsProfile(servicesKey, aws) {
  const name = aws.section?.services;
  const nested = name === void 0 ? void 0 : aws.services.get(name)?.get(servicesKey)?.get("endpoint_url");
  if (set(nested)) {
    const where = `[services ${name}] ${servicesKey} in ${aws.path}`;
    return { value: nested, type: "config-file", location: where, origin: `endpoint_url of ${where}` };
  }
  const own = aws.section?.endpoint_url;
  if (!set(own)) return void 0;
  return { value: own, type: "config-file", location: aws.path, origin: `endpoint_url in ${aws.path}` };
}
function ignoring(src, aws) {
  const key = configKeyOf("ignore_configured_endpoint_urls");
  const found = lookup(key, { ...src, profile: src.profile });
  if (found) return converted(key.key, found);
  const fromAws = aws().section?.ignore_configured_endpoint_urls;
  return fromAws !== void 0 && fromAws.trim().toLowerCase() === "true";
}
function resolveEndpoint(service, src) {
  const flag = src.raw.endpointUrl;
  if (typeof flag === "string" && flag !== "") {
    return { value: flag, type: "manual", location: "--endpoint-url", origin: "--endpoint-url" };
  }
  const model = service === void 0 ? void 0 : SERVICES[service].endpoint;
  const variable = model && "variable" in model ? model.variable : void 0;
  let aws;
  const awsOnce = () => aws ??= awsFile(src);
  const found = configured(model, variable, src, awsOnce);
  return found !== void 0 && variable !== void 0 && ignoring(src, awsOnce) ? void 0 : found;
}
function configured(model, variable, src, aws) {
  const found = fromEnv2("SVCCTL_ENDPOINT_URL", src.env) ?? (variable === void 0 ? void 0 : fromEnv2(variable, src.env) ?? fromEnv2("AWS_ENDPOINT_URL", src.env));
  if (found) return found;
  return fromOwnProfile(model?.servicesKey, src) ?? (model === void 0 || variable === void 0 ? void 0 : fromAwsProfile(model.servicesKey, aws()));
}
function endpointUrl(found) {
  let url;
  try {
    url = new URL(found.value);
  } catch {
    url = void 0;
  }
  if (url && (url.protocol === "http:" || url.protocol === "https:")) return url;
  if (found.type === "manual") {
    throw new InputError(
      `Bad value for --endpoint-url "${found.value}": scheme is missing.  Must be of the form http://<hostname>/ or https://<hostname>/`
    );
  }
  throw new ConfigError(
    `Invalid endpoint: ${found.value} (from ${found.origin}): it must be of the form http://<hostname>/ or https://<hostname>/`
  );
}

export {
  lookup,
  resolve,
  converted,
  resolveEndpoint,
  endpointUrl
};
