import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  awsConfigPath,
  awsConfigSection,
  readIni
} from "./chunk-S5J2REIF.js";

// src/profile/region.ts
var DEFAULT_REGION = "us-east-1";
function resolveRegion(ctx, flag, profile) {
  if (typeof flag === "string" && flag !== "") return { value: flag, type: "manual", location: "--region" };
  for (const name of ["AWS_REGION", "AWS_DEFAULT_REGION"]) {
    const value = ctx.env[name];
    if (value) return { value, type: "env", location: name };
  }
  const own = profile.value("region");
  if (own) return { value: own, type: "config-file", location: profile.path };
  const file = awsConfigPath(ctx);
  const aws = awsConfigSection(readIni(file), profile.choice.name)?.region;
  if (aws) return { value: aws, type: "config-file", location: file };
  return { value: DEFAULT_REGION, type: "default", location: "" };
}

export {
  DEFAULT_REGION,
  resolveRegion
};
