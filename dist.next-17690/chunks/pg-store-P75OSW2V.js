import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  BACKOFF_MS,
  MAX_ATTEMPTS,
  PG_MIGRATIONS,
  PgDatabase,
  fromPgText,
  openPgStore,
  toPgText,
  toPostgres
} from "./chunk-GJJTOUP3.js";
import "./chunk-46IKJ3ML.js";
import "./chunk-IDJJU3TW.js";
import {
  maskStoreUrl
} from "./chunk-LSYXKZPM.js";
import "./chunk-SF2BSYQS.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";
export {
  BACKOFF_MS,
  MAX_ATTEMPTS,
  PG_MIGRATIONS,
  PgDatabase,
  fromPgText,
  maskStoreUrl,
  openPgStore,
  toPgText,
  toPostgres
};
