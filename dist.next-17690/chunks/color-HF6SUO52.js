import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  colorDocument,
  colorEnabled,
  colorError,
  colorJson,
  colorYaml,
  coloredJsonSink,
  loadPalette
} from "./chunk-QXSGBQGZ.js";
import "./chunk-OZWMUVXR.js";
export {
  colorDocument,
  colorEnabled,
  colorError,
  colorJson,
  colorYaml,
  coloredJsonSink,
  loadPalette
};
