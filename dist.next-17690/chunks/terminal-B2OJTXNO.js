import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  openTerminal
} from "./chunk-IT4RXGGA.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-OZWMUVXR.js";
export {
  openTerminal
};
