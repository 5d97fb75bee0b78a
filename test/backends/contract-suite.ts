/** The contract's one test, over a harness: SQLite (contract.test.ts) or PostgreSQL (test/pg/contract.test.ts). */
import { describe, expect, it } from 'vitest';
import type { CliResult } from '../helpers/cli.js';
import type { Harness } from '../helpers/harness.js';
import { SCENARIOS, type Scenario } from './contract-scenarios.js';
import { throughServe } from '../operations/table.js';

type Mode = 'embedded' | 'http' | 'mixed';

export function contractSuite(title: string, h: () => Harness): void {
  async function play(scenario: Scenario, mode: Mode): Promise<CliResult[]> {
    h().reset();
    const results: CliResult[] = [];
    for (const [i, step] of scenario.steps.entries()) {
      const argv = typeof step === 'function' ? step(results) : step;
      const viaHttp = mode === 'http' || (mode === 'mixed' && i % 2 === 1);
      results.push(await (viaHttp ? h().http(argv) : h().embedded(argv)));
    }
    return results;
  }

  describe(title, () => {
    it.each(SCENARIOS.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
      const local = await play(scenario, 'embedded');
      expect(local.map((r) => r.code)).toEqual(scenario.codes);
      const served = h().log.length;
      const http = await play(scenario, 'http');
      expect(h().log.length, 'the http pass went through the server').toBeGreaterThan(served);
      const mixed = await play(scenario, 'mixed');
      // Through serve, ECR's registry names read as serve's own registry (docs/compat.md row 307).
      const viaServe = (r: CliResult): CliResult => ({
        ...r,
        stdout: throughServe(r.stdout, h().server.url),
        stderr: throughServe(r.stderr, h().server.url),
      });
      for (const [i, expected] of local.entries()) {
        const label = `step ${i + 1}: ${JSON.stringify(typeof scenario.steps[i] === 'function' ? 'fn' : scenario.steps[i])}`;
        expect(http[i], `http, ${label}`).toEqual(viaServe(expected));
        expect(mixed[i], `mixed, ${label}`).toEqual(i % 2 === 1 ? viaServe(expected) : expected);
      }
    });
  });
}
