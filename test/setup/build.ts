/**
 * vitest globalSetup: builds dist/ once before any test file runs, so that tests spawning the real
 * `bin/svcctl` (serve for the peer tests) run the code under test, not a stale bundle.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  try {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'pipe' });
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    throw new Error(`npm run build failed before the tests:\n${e.stderr?.toString() ?? e.message}`);
  }
}
