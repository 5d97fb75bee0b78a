// Preloaded (`node --import`) by test/scale/startup.test.ts: at exit, writes to $SVCCTL_LOADED_FILE which
// of the modules that must load on demand only were loaded by this process.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const Module = createRequire(import.meta.url)('node:module');
process.on('exit', () => {
  const required = Object.keys(Module._cache);
  const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice('NativeModule '.length));
  writeFileSync(process.env.SVCCTL_LOADED_FILE, JSON.stringify({
    sqlite: required.some((f) => f.includes('/better-sqlite3/')),
    http: builtins.includes('http') || builtins.includes('https'),
  }));
});
