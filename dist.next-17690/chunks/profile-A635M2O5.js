import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  chooseProfile,
  openProfile
} from "./chunk-BXMH7YIO.js";
import "./chunk-V2PUDD2S.js";
import "./chunk-673PESZJ.js";
import "./chunk-UEKJBUKZ.js";
import "./chunk-BYMUKPFK.js";
import "./chunk-IDJJU3TW.js";
import "./chunk-LSYXKZPM.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";
export {
  chooseProfile,
  openProfile
};
