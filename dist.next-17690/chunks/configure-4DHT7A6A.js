import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  configureGet,
  configureListProfiles,
  configureListRows,
  configureSet,
  formatRows,
  knownSetting,
  validValue
} from "./chunk-6EWBQHZ4.js";
import "./chunk-SCXUISWT.js";
import "./chunk-XPKDD7OB.js";
import "./chunk-S5J2REIF.js";
import "./chunk-BXMH7YIO.js";
import "./chunk-V2PUDD2S.js";
import "./chunk-673PESZJ.js";
import "./chunk-UEKJBUKZ.js";
import "./chunk-BYMUKPFK.js";
import "./chunk-2MMXPJSP.js";
import "./chunk-IDJJU3TW.js";
import "./chunk-LSYXKZPM.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";
export {
  configureGet,
  configureListProfiles,
  configureListRows,
  configureSet,
  formatRows,
  knownSetting,
  validValue
};
