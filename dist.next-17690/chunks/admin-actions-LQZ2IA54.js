import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  callServe,
  endpointOf,
  journal,
  noWords,
  ready,
  reset,
  resources
} from "./chunk-W6XLCA4U.js";
import "./chunk-ETGSEDXV.js";
import "./chunk-UORFB2H5.js";
import "./chunk-XPKDD7OB.js";
import "./chunk-S5J2REIF.js";
import "./chunk-QXSGBQGZ.js";
import "./chunk-M4WOSLZP.js";
import "./chunk-NSSKQCFD.js";
import "./chunk-2BT5LJNN.js";
import "./chunk-LKGJSFLR.js";
import "./chunk-VSIUF3F2.js";
import "./chunk-673PESZJ.js";
import "./chunk-DATX3P2B.js";
import "./chunk-B4K7YHQ2.js";
import "./chunk-DOZZZHVC.js";
import "./chunk-VTMY4PMA.js";
import "./chunk-A7HPNQES.js";
import "./chunk-UEKJBUKZ.js";
import "./chunk-BYMUKPFK.js";
import "./chunk-3ZGBRO46.js";
import "./chunk-2MMXPJSP.js";
import "./chunk-AXOSHY3R.js";
import "./chunk-VRWMAX2M.js";
import "./chunk-L2IBQYJO.js";
import "./chunk-USAJVI4X.js";
import "./chunk-3LCBX7RT.js";
import "./chunk-GJJTOUP3.js";
import "./chunk-46IKJ3ML.js";
import "./chunk-IDJJU3TW.js";
import "./chunk-LSYXKZPM.js";
import "./chunk-SF2BSYQS.js";
import "./chunk-4W72ZHQN.js";
import "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";
export {
  callServe,
  endpointOf,
  journal,
  noWords,
  ready,
  reset,
  resources
};
