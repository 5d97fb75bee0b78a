import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  pauseBeforeCommit,
  testHooks
} from "./chunk-SF2BSYQS.js";
import "./chunk-OZWMUVXR.js";
export {
  pauseBeforeCommit,
  testHooks
};
