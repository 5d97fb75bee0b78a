import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  Credentials,
  V2_KEY_SHAPE,
  firstKeys,
  keyDigest,
  loadCredentials,
  parseCredentials,
  readCredentialsText
} from "./chunk-SRUQPBGE.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-OZWMUVXR.js";
export {
  Credentials,
  V2_KEY_SHAPE,
  firstKeys,
  keyDigest,
  loadCredentials,
  parseCredentials,
  readCredentialsText
};
