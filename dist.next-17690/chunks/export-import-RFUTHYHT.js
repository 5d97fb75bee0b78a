import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);
import {
  pythonJsonError
} from "./chunk-XVYN6NOY.js";
import {
  openProfile
} from "./chunk-BXMH7YIO.js";
import "./chunk-V2PUDD2S.js";
import "./chunk-673PESZJ.js";
import {
  openStore,
  storePath
} from "./chunk-B4K7YHQ2.js";
import "./chunk-DOZZZHVC.js";
import {
  IDEMPOTENCY_KEYS,
  RESOURCES,
  SETTINGS_TABLE
} from "./chunk-A7HPNQES.js";
import "./chunk-UEKJBUKZ.js";
import {
  svcctlHome
} from "./chunk-BYMUKPFK.js";
import "./chunk-VRWMAX2M.js";
import {
  checkConstraints,
  isPlainObject
} from "./chunk-DFWDIXDH.js";
import {
  MAX_NESTING,
  jsonNestsDeeper,
  memberPath,
  valueProblem
} from "./chunk-L2IBQYJO.js";
import "./chunk-USAJVI4X.js";
import "./chunk-3LCBX7RT.js";
import {
  openPgStore
} from "./chunk-GJJTOUP3.js";
import {
  chooseStoreUrl
} from "./chunk-46IKJ3ML.js";
import "./chunk-IDJJU3TW.js";
import {
  maskStoreUrl
} from "./chunk-LSYXKZPM.js";
import {
  testHooks
} from "./chunk-SF2BSYQS.js";
import {
  parseJsonExact,
  stringifyJsonExact
} from "./chunk-4W72ZHQN.js";
import {
  ConfigError,
  InputError,
  StoreUnavailableError,
  UnknownOptionsError,
  UsageError
} from "./chunk-ZTOYQUS4.js";
import "./chunk-NM3Y46F5.js";
import "./chunk-OZWMUVXR.js";

// src/commands/store/export-import.ts
import { readFileSync, writeFileSync } from "node:fs";

// src/backends/embedded/store/snapshot-rows.ts
var KIND_WORDS = {
  text: "a string",
  int: "a whole number",
  flag: "0 or 1",
  json: "a JSON object in a string",
  real: "a number"
};
function cellOk(kind, v) {
  if (kind === "text" || kind === "json") return typeof v === "string";
  if (kind === "int") return Number.isSafeInteger(v);
  if (kind === "real") return Number.isFinite(v);
  return v === 0 || v === 1;
}
var shown = (v) => {
  const text = stringifyJsonExact(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};
function memberAt(doc, path) {
  return path.split(".").reduce((v, k) => isPlainObject(v) ? v[k] : void 0, doc);
}
function docProblem(text, rule, row) {
  if (jsonNestsDeeper(text)) return `nests deeper than ${MAX_NESTING} levels`;
  let doc;
  try {
    doc = parseJsonExact(text);
  } catch (err) {
    return `is not JSON (${pythonJsonError(text) ?? err.message.split("\n")[0]})`;
  }
  if (!isPlainObject(doc)) return "is not a JSON object";
  const bad = valueProblem(doc);
  if (bad) return `member ${memberPath("", bad.path).slice(1)} ${bad.detail}`;
  if (!rule) return void 0;
  const typeOnly = (c) => c.startsWith("Member must be of type") || c === "Member must not be null";
  const wrong = checkConstraints(rule.shape, doc).find((v) => typeOnly(v.constraint));
  if (wrong) {
    const what = wrong.constraint === "Member must not be null" ? "is missing" : `must be of type ${wrong.constraint.split(" ").pop()}, not ${shown(wrong.value)}`;
    return `member ${wrong.path.join(".")} ${what}`;
  }
  const differs = rule.same.find(([member, column]) => memberAt(doc, member) !== row[column]);
  return differs ? `member ${differs[0]} is ${shown(memberAt(doc, differs[0]))}, not the row's ${differs[1]} ${shown(row[differs[1]])}` : void 0;
}
function rowProblem(spec, cells) {
  const doc = spec.doc;
  const row = Object.fromEntries(spec.columns.map(([c], i) => [c, cells[i]]));
  for (const [i, [column, kind]] of spec.columns.entries()) {
    if (!cellOk(kind, cells[i])) return `column ${column} is ${shown(cells[i])}, not ${KIND_WORDS[kind]}`;
    if (kind !== "json") continue;
    const problem = docProblem(cells[i], doc, row);
    if (problem) return `column ${column}: ${problem}`;
  }
  return void 0;
}
function duplicate(spec, rows) {
  const columns = spec.columns.map(([c]) => c);
  const groups = [columns.slice(0, spec.key), ...(spec.unique ?? []).map((c) => [c])];
  for (const group of groups) {
    const at = group.map((c) => columns.indexOf(c));
    const first = /* @__PURE__ */ new Map();
    for (const [n, row] of rows.entries()) {
      const id = JSON.stringify(at.map((i) => row[i]));
      const seen = first.get(id);
      if (seen !== void 0)
        return `table ${spec.table}, row ${n + 1}: the same ${group.join(", ")} as row ${seen + 1} (${at.map((i) => shown(row[i])).join(", ")})`;
      first.set(id, n);
    }
  }
  return void 0;
}
function tableRowsProblem(spec, rows) {
  for (const [n, cells] of rows.entries()) {
    const problem = rowProblem(spec, cells);
    if (problem) return `table ${spec.table}, row ${n + 1}: ${problem}`;
  }
  return duplicate(spec, rows);
}

// src/backends/embedded/store/snapshot.ts
var SNAPSHOT_FORMAT = "svcctl-store-snapshot";
var SNAPSHOT_VERSION = 1;
var SNAPSHOT_DESCRIPTORS = [...RESOURCES, IDEMPOTENCY_KEYS, SETTINGS_TABLE];
var SNAPSHOT_TABLES = SNAPSHOT_DESCRIPTORS.map((d) => ({
  table: d.table,
  columns: d.columns.map(([name]) => name),
  key: d.key
}));
function exportSnapshot(db) {
  return db.transaction(() => {
    const tables = {};
    for (const { table, columns, key } of SNAPSHOT_TABLES) {
      const rows = db.prepare(`SELECT ${columns.join(", ")} FROM ${table} ORDER BY ${columns.slice(0, key).join(", ")}`).all();
      tables[table] = { columns: [...columns], rows: rows.map((r) => columns.map((c) => r[c])) };
    }
    return { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, tables };
  })();
}
function snapshotProblem(doc) {
  const d = doc;
  if (d === null || typeof d !== "object" || d.format !== SNAPSHOT_FORMAT)
    return `it is not a svcctl store snapshot (no "format": "${SNAPSHOT_FORMAT}")`;
  if (d.version !== SNAPSHOT_VERSION)
    return `it is a snapshot of version ${JSON.stringify(d.version)}; this svcctl reads version ${SNAPSHOT_VERSION}`;
  for (const [i, { table, columns }] of SNAPSHOT_TABLES.entries()) {
    const t = d.tables?.[table];
    if (t === void 0) continue;
    if (JSON.stringify(t.columns) !== JSON.stringify(columns))
      return `table ${table} has columns ${JSON.stringify(t.columns)}, not ${JSON.stringify(columns)}`;
    if (!Array.isArray(t.rows)) return `table ${table} has no rows list`;
    const bad = t.rows.findIndex((r) => !Array.isArray(r) || r.length !== columns.length);
    if (bad >= 0)
      return `table ${table}, row ${bad + 1}: not a list of ${columns.length} values (${columns.join(", ")})`;
    const problem = tableRowsProblem(SNAPSHOT_DESCRIPTORS[i], t.rows);
    if (problem) return problem;
  }
  const unknown = Object.keys(d.tables ?? {}).filter((t) => !SNAPSHOT_TABLES.some((s) => s.table === t));
  if (unknown.length > 0) return `it holds tables this svcctl does not know: ${unknown.join(", ")}`;
  return void 0;
}
function resourceCount(db) {
  let n = 0;
  for (const { table } of SNAPSHOT_TABLES) {
    if (table === SETTINGS_TABLE.table) continue;
    n += Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n);
  }
  return n;
}
function importSnapshot(db, snap, replace) {
  return db.transaction(() => {
    const counts = {};
    if (replace) for (const { table } of SNAPSHOT_TABLES) db.prepare(`DELETE FROM ${table}`).run();
    for (const { table, columns } of SNAPSHOT_TABLES) {
      const rows = snap.tables[table]?.rows ?? [];
      const one = `(${columns.map(() => "?").join(", ")})`;
      for (let i = 0; i < rows.length; i += 100) {
        const batch = rows.slice(i, i + 100);
        const conflict = table === SETTINGS_TABLE.table ? " ON CONFLICT (name) DO UPDATE SET value = excluded.value" : "";
        db.prepare(
          `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${batch.map(() => one).join(", ")}${conflict}`
        ).run(...batch.flat());
      }
      counts[table] = rows.length;
    }
    return counts;
  })();
}

// src/commands/store/export-import.ts
function openChosen(ctx, flags, raw) {
  const url = chooseStoreUrl(flags.store, ctx.env, () => openProfile(ctx, raw, true).value("store_url"));
  if (url === void 0) {
    const home = svcctlHome(ctx);
    return { db: openStore(home, testHooks(ctx.env)), name: storePath(home) };
  }
  try {
    return { db: openPgStore({ url, hooks: testHooks(ctx.env) }), name: maskStoreUrl(url) };
  } catch (err) {
    if (err instanceof StoreUnavailableError)
      throw new ConfigError(`Unable to reach the store: ${err.message.replace(/ Retry the request\.$/, "")}`);
    throw err;
  }
}
function noWords(words) {
  if (words.length > 0) throw new UnknownOptionsError(words);
}
function storeExport(ctx, flags, words, raw) {
  noWords(words);
  const { db } = openChosen(ctx, flags, raw);
  let text;
  try {
    text = `${stringifyJsonExact(exportSnapshot(db), void 0, 2)}
`;
  } finally {
    db.close();
  }
  if (flags.file === void 0) {
    ctx.stdout.write(text);
    return 0;
  }
  try {
    writeFileSync(flags.file, text, { mode: 384 });
  } catch (err) {
    throw new InputError(`Unable to write --file ${flags.file}: ${err.message}`);
  }
  return 0;
}
function storeImport(ctx, flags, words, raw) {
  noWords(words);
  if (flags.file === void 0) throw new UsageError("the following arguments are required: --file");
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(readFileSync(flags.file));
  } catch (err) {
    if (err instanceof TypeError)
      throw new InputError(`--file ${flags.file} cannot be imported: it is not valid UTF-8.`);
    throw new InputError(`Unable to read --file ${flags.file}: ${err.message}`);
  }
  if (jsonNestsDeeper(text))
    throw new InputError(`--file ${flags.file} cannot be imported: it nests deeper than ${MAX_NESTING} levels.`);
  let doc;
  try {
    doc = parseJsonExact(text);
  } catch (err) {
    throw new InputError(`--file ${flags.file} is not JSON: ${err.message}`);
  }
  const bad = valueProblem(doc);
  if (bad)
    throw new InputError(
      `--file ${flags.file} cannot be imported: ${memberPath("", bad.path).slice(1) || "it"} ${bad.detail}.`
    );
  const problem = snapshotProblem(doc);
  if (problem) throw new InputError(`--file ${flags.file} cannot be imported: ${problem}.`);
  const { db, name } = openChosen(ctx, flags, raw);
  try {
    const held = flags.replace ? 0 : resourceCount(db);
    if (held > 0)
      throw new ConfigError(
        `The store ${name} already holds ${held} resource rows: import into an empty store, or add --replace to delete them first.`
      );
    const counts = importSnapshot(db, doc, flags.replace === true);
    ctx.stdout.write(
      `Imported into ${name}: ${Object.entries(counts).map(([t, n]) => `${n} ${t}`).join(", ")}
`
    );
  } finally {
    db.close();
  }
  return 0;
}
export {
  storeExport,
  storeImport
};
