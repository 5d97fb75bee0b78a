import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  serviceModel
} from "./chunk-2MMXPJSP.js";

// src/models/operation.ts
function speaksV2(op) {
  return serviceModel(op.service).protocol === "v2";
}

export {
  speaksV2
};
