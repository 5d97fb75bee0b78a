import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  writeListing
} from "./chunk-MKPYS2DX.js";
import "./chunk-M4WOSLZP.js";
import "./chunk-NSSKQCFD.js";
import "./chunk-2BT5LJNN.js";
import "./chunk-VSIUF3F2.js";
import {
  withEmbeddedStore
} from "./chunk-B4K7YHQ2.js";
import "./chunk-DOZZZHVC.js";
import {
  svcctlHome
} from "./chunk-BYMUKPFK.js";
import {
  checkPair,
  isFaultName,
  knownSetting,
  parseFaultName,
  resetSettings,
  settingValues,
  writeSettings
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
  UnknownOptionsError,
  UsageError
} from "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/commands/service/settings.ts
function settingName(name) {
  if (isFaultName(name)) return parseFaultName(name).name;
  knownSetting(name);
  return name;
}
function required(names) {
  return new UsageError(`the following arguments are required: ${names}`);
}
function noExtra(words) {
  if (words.length > 0) throw new UnknownOptionsError(words);
}
var withStore = (ctx, work, use = "write") => withEmbeddedStore(svcctlHome(ctx), ctx.env, work, use);
async function settingsGet(ctx, words, raw = {}) {
  const [given, ...rest] = words;
  noExtra(rest);
  const name = given === void 0 ? void 0 : settingName(given);
  const values = await withStore(ctx, settingValues, "read");
  const entry = (v) => ({ Name: v.name, Value: v.value, Source: v.source });
  if (name !== void 0) {
    const one = values.find((v) => v.name === name) ?? { name, value: "none", source: "default" };
    await writeListing(ctx.stdout, raw, "ServiceSettings", entry(one), () => `${one.value}
`);
    return 0;
  }
  const nameWidth = Math.max(...values.map((v) => v.name.length)) + 2;
  const valueWidth = Math.max(...values.map((v) => v.value.length)) + 2;
  const text = () => values.map((v) => `${v.name.padEnd(nameWidth)}${v.value.padEnd(valueWidth)}${v.source}
`).join("");
  await writeListing(ctx.stdout, raw, "ServiceSettings", { Settings: values.map(entry) }, text);
  return 0;
}
async function settingsSet(ctx, words) {
  const [name, value, ...rest] = words;
  if (name === void 0 || value === void 0) throw required(name === void 0 ? "name, value" : "value");
  noExtra(rest);
  checkPair(name, value);
  await withStore(ctx, (db) => writeSettings(db, [[name, value]]));
  return 0;
}
async function settingsReset(ctx, words) {
  const [name, ...rest] = words;
  noExtra(rest);
  if (name !== void 0) settingName(name);
  await withStore(ctx, (db) => resetSettings(db, name === void 0 ? void 0 : [name]));
  return 0;
}
export {
  settingsGet,
  settingsReset,
  settingsSet
};
