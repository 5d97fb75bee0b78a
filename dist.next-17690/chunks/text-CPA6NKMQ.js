import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  comparePy,
  formatText,
  isDict,
  isScalar,
  pyNumber,
  pyRepr,
  pyStr,
  pyTypeName,
  sortedKeys
} from "./chunk-VSIUF3F2.js";
import "./chunk-3LCBX7RT.js";
import "./chunk-4W72ZHQN.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";
export {
  comparePy,
  formatText,
  isDict,
  isScalar,
  pyNumber,
  pyRepr,
  pyStr,
  pyTypeName,
  sortedKeys
};
