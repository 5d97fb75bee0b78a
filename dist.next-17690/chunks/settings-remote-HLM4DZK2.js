import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  callServe,
  noWords
} from "./chunk-W6XLCA4U.js";
import "./chunk-ETGSEDXV.js";
import {
  writeListing
} from "./chunk-MKPYS2DX.js";
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
import {
  checkPair,
  isFaultName,
  knownSetting,
  parseFaultName
} from "./chunk-FG2FCVAN.js";
import "./chunk-3ZGBRO46.js";
import "./chunk-XOCXLJUJ.js";
import "./chunk-2MMXPJSP.js";
import "./chunk-AXOSHY3R.js";
import "./chunk-VRWMAX2M.js";
import "./chunk-DFWDIXDH.js";
import "./chunk-L2IBQYJO.js";
import "./chunk-USAJVI4X.js";
import "./chunk-3LCBX7RT.js";
import "./chunk-GJJTOUP3.js";
import "./chunk-46IKJ3ML.js";
import "./chunk-IDJJU3TW.js";
import "./chunk-LSYXKZPM.js";
import "./chunk-SF2BSYQS.js";
import "./chunk-4W72ZHQN.js";
import {
  InputError,
  UsageError
} from "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/commands/service/settings-remote.ts
function faultName(name, endpoint) {
  if (!isFaultName(name)) {
    knownSetting(name);
    throw new InputError(
      `With an endpoint (${endpoint.href.replace(/\/$/, "")}), svcctl service settings reaches only that serve's fault rules (fault.<service>.<Operation>); '${name}' is a setting of a store: run the command without an endpoint where that server's store is (SVCCTL_HOME), or start the server with --settings FILE.`
    );
  }
  return parseFaultName(name).name;
}
var faultsOf = async (ctx, globals, endpoint) => (await callServe(endpoint, "/faults", globals, ctx)).Faults;
async function remoteSettingsGet(ctx, globals, raw, words, endpoint) {
  const [given, ...rest] = words;
  noWords(rest);
  const name = given === void 0 ? void 0 : faultName(given, endpoint);
  const faults = await faultsOf(ctx, globals, endpoint);
  if (name !== void 0) {
    const found = faults.find((f) => f.Name === name);
    const one = { Name: name, Value: found?.Rule ?? "none", Source: found?.Source ?? "default" };
    await writeListing(ctx.stdout, raw, "ServiceSettings", one, () => `${one.Value}
`);
    return 0;
  }
  const nameWidth = Math.max(0, ...faults.map((f) => f.Name.length)) + 2;
  const ruleWidth = Math.max(0, ...faults.map((f) => f.Rule.length)) + 2;
  const text = () => faults.map(
    (f) => `${f.Name.padEnd(nameWidth)}${f.Rule.padEnd(ruleWidth)}${f.Source}${f.Calls === void 0 ? "" : ` (${f.Calls} calls)`}
`
  ).join("");
  await writeListing(ctx.stdout, raw, "ServiceSettings", { Faults: faults }, text);
  return 0;
}
async function remoteSettingsSet(ctx, globals, words, endpoint) {
  const [name, value, ...rest] = words;
  if (name === void 0 || value === void 0)
    throw new UsageError(`the following arguments are required: ${name === void 0 ? "name, value" : "value"}`);
  noWords(rest);
  const [canonical, rule] = checkPair(faultName(name, endpoint), value);
  await callServe(endpoint, "/faults", globals, ctx, "POST", { [canonical]: rule });
  return 0;
}
async function remoteSettingsReset(ctx, globals, words, endpoint) {
  const [name, ...rest] = words;
  noWords(rest);
  const query = name === void 0 ? "" : `?name=${encodeURIComponent(faultName(name, endpoint))}`;
  await callServe(endpoint, `/faults${query}`, globals, ctx, "DELETE");
  return 0;
}
export {
  remoteSettingsGet,
  remoteSettingsReset,
  remoteSettingsSet
};
