import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  isPostgresUrl
} from "./chunk-IDJJU3TW.js";
import {
  maskStoreUrl
} from "./chunk-LSYXKZPM.js";
import {
  ConfigError,
  UsageError
} from "./chunk-ZTOYQUS4.js";

// src/backends/store-url.ts
function chooseStoreUrl(flag, env, profile) {
  let where = "--store";
  let url = flag;
  if (url === void 0 && env.SVCCTL_STORE_URL) [url, where] = [env.SVCCTL_STORE_URL, "SVCCTL_STORE_URL"];
  if (url === void 0 && profile) [url, where] = [profile(), "store_url in the config file"];
  if (url === void 0 || url === "" || isPostgresUrl(url)) return url || void 0;
  const message = `'${maskStoreUrl(url)}' is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, the store is the SQLite file in $SVCCTL_HOME.`;
  throw where === "--store" ? new UsageError(`argument --store: ${message}`) : new ConfigError(`${where}: ${message}`);
}
var envStoreUrl = (env) => chooseStoreUrl(void 0, env);

export {
  chooseStoreUrl,
  envStoreUrl
};
