import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  writeListing
} from "./chunk-MKPYS2DX.js";
import "./chunk-M4WOSLZP.js";
import "./chunk-NSSKQCFD.js";
import "./chunk-2BT5LJNN.js";
import "./chunk-VSIUF3F2.js";
import "./chunk-L2IBQYJO.js";
import "./chunk-USAJVI4X.js";
import "./chunk-3LCBX7RT.js";
import "./chunk-4W72ZHQN.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";
export {
  writeListing
};
