/**
 * The benchmark scripts still run (BENCHMARKS.md): `npm run bench` is never part of the suite, so a change
 * that breaks one would go unseen until someone measures. The library's script (scripts/bench-library.mjs,
 * on dist/ as test/setup/build.ts built it) runs once here, and its figures must be there; no time is
 * asserted (speed is the benchmark's to measure, not a test's).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../completion/fresh-bin.js';

describe('scripts/bench-library.mjs', () => {
  it('runs once to the end and prints every figure: serve(), reset() of 1,000 resources, close()', async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [join(ROOT, 'scripts/bench-library.mjs'), '1'], (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const out = JSON.parse(stdout) as Record<string, number>;
    // 500 repositories, 500 launch configurations (past Auto Scaling's quota of 200: the script lifts it) and
    // the journal's 1,000 entries of their creation.
    expect({ runs: out.runs, rows: out.rows }).toEqual({ runs: 1, rows: 2000 });
    for (const k of ['cold', 'start', 'startCpu', 'reset', 'resetHttp', 'close', 'helloStart', 'helloClose'])
      expect(Number.isFinite(out[k]), k).toBe(true);
  }, 120_000);
});
