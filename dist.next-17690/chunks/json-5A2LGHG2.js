import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  formatJson,
  stringifyPython
} from "./chunk-27WAJK4I.js";
import "./chunk-4W72ZHQN.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";
export {
  formatJson,
  stringifyPython
};
