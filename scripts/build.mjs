// Bundles the CLI into dist/ with esbuild: one entry, code-split so that heavy modules (yaml, tables,
// colour, SQLite, HTTP codecs) load only when a command needs them.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['better-sqlite3'],
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  banner: { js: "import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);" },
});
