/**
 * A private build of the CLI from the current sources, for tests that run the real program in a real
 * shell: bundled like scripts/build.mjs does, into node_modules/.cache so that better-sqlite3 resolves,
 * and never sharing dist/ with a build running elsewhere.
 */
import { build } from 'esbuild';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

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

export interface BinAndHome {
  bin: FreshBin;
  /** A new temporary directory: $HOME, and $SVCCTL_HOME is its `svcctl`. */
  dir: string;
  /** PATH with the build first, HOME and SVCCTL_HOME, then what was given. */
  env: Record<string, string>;
}

/**
 * For a whole test file: a fresh build and a temporary home, made before its first test (the build may take
 * a while on a busy machine) and removed after its last; the object is filled in then.
 */
export function freshBinAndHomeForFile(prefix: string, extraEnv: Record<string, string> = {}): BinAndHome {
  const made = {} as BinAndHome;
  beforeAll(async () => {
    made.bin = await freshBin();
    made.dir = mkdtempSync(join(tmpdir(), prefix));
    made.env = {
      PATH: `${made.bin.binDir}:${process.env.PATH}`,
      HOME: made.dir,
      SVCCTL_HOME: join(made.dir, 'svcctl'),
      ...extraEnv,
    };
  }, 120_000);
  afterAll(() => {
    made.bin?.cleanup();
    if (made.dir) rmSync(made.dir, { recursive: true, force: true });
  });
  return made;
}
