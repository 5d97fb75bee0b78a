import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  renderDocument,
  writeResult
} from "./chunk-M4WOSLZP.js";
import "./chunk-NSSKQCFD.js";
import "./chunk-USAJVI4X.js";
import "./chunk-4W72ZHQN.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";
export {
  renderDocument,
  writeResult
};
