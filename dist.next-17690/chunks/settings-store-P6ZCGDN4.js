import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  canonicalValue,
  checkPair,
  checkSetting,
  knownSetting,
  readSettings,
  resetSettings,
  setRunSettings,
  settingValues,
  writeSettings
} from "./chunk-FG2FCVAN.js";
import "./chunk-3ZGBRO46.js";
import "./chunk-XOCXLJUJ.js";
import "./chunk-2MMXPJSP.js";
import "./chunk-AXOSHY3R.js";
import "./chunk-VRWMAX2M.js";
import "./chunk-DFWDIXDH.js";
import "./chunk-L2IBQYJO.js";
import "./chunk-USAJVI4X.js";
import "./chunk-3LCBX7RT.js";
import "./chunk-IDJJU3TW.js";
import "./chunk-LSYXKZPM.js";
import "./chunk-4W72ZHQN.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";
export {
  canonicalValue,
  checkPair,
  checkSetting,
  knownSetting,
  readSettings,
  resetSettings,
  setRunSettings,
  settingValues,
  writeSettings
};
