import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  findCommand,
  operationAt,
  renderHelp
} from "./chunk-QNPXJG7T.js";
import "./chunk-EHB7SV7Z.js";
import "./chunk-LKGJSFLR.js";
import "./chunk-AXOSHY3R.js";
import "./chunk-VRWMAX2M.js";
import "./chunk-IDJJU3TW.js";
import "./chunk-OZWMUVXR.js";
export {
  findCommand,
  operationAt,
  renderHelp
};
