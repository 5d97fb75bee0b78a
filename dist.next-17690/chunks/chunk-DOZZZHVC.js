import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);

// src/backends/embedded/store/db.ts
var storeKind = (db) => db.kind === "postgres" ? "postgres" : "sqlite";

export {
  storeKind
};
