/**
 * vitest globalSetup: builds dist/ once before any test file runs, so that tests spawning the real
 * `bin/svcctl` (serve for the peer tests) run the code under test, not a stale bundle.
 *
 * Both projects of vitest.config.ts list it (`vitest run --project postgres` alone must build too).
 * vitest 4 runs the global setups of every project that has files to run one after another, in the one
 * main process, before the first test file starts: so no test starts before dist/ is built, and the flag
 * on globalThis (shared by the projects, whose module runners each load this file anew) makes the second
 * project's call reuse the first build instead of writing dist/ again.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BUILT = Symbol.for('svcctl.test.dist-built');

export default function setup(): void {
  const flags = globalThis as Record<symbol, boolean | undefined>;
  if (flags[BUILT]) return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  try {
    // Without the library's declarations (tsc): only the packed package needs them (test/packaging/).
    execFileSync(process.execPath, ['scripts/build.mjs', '--no-types'], { cwd: root, stdio: 'pipe' });
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    throw new Error(`npm run build failed before the tests:\n${e.stderr?.toString() ?? e.message}`);
  }
  flags[BUILT] = true;
}
