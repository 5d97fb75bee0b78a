/**
 * A private build of the CLI from the current sources, for tests that run the real program in a real
 * shell: bundled like scripts/build.mjs does, into node_modules/.cache so that better-sqlite3 resolves,
 * and never sharing dist/ with a build running elsewhere.
 */
import { build } from 'esbuild';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface FreshBin {
  /** The directory holding `svcctl`, to put first on PATH. */
  binDir: string;
  cleanup(): void;
}

export async function freshBin(): Promise<FreshBin> {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'svcctl-bin-'));
  await build({
    entryPoints: { main: join(ROOT, 'src/cli/main.ts') },
    outdir: join(dir, 'dist'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: ['better-sqlite3'],
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'error',
    banner: {
      js: "import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);",
    },
  });
  mkdirSync(join(dir, 'bin'));
  copyFileSync(join(ROOT, 'bin/svcctl'), join(dir, 'bin/svcctl'));
  chmodSync(join(dir, 'bin/svcctl'), 0o755);
  return { binDir: join(dir, 'bin'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
