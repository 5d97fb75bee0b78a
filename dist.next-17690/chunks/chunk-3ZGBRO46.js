import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/backends/embedded/store/statements.ts
var caches = /* @__PURE__ */ new WeakMap();
function stmt(db, sql) {
  let cache = caches.get(db);
  if (!cache) {
    cache = /* @__PURE__ */ new Map();
    caches.set(db, cache);
  }
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    cache.set(sql, s);
  }
  return s;
}

export {
  stmt
};
