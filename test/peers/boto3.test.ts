/**
 * boto3 (Debian's python3-boto3, run by /usr/bin/python3) against `svcctl serve`: the behaviours moto's own
 * tests judge (test/peers/moto/run.py, which needs a moto checkout CI does not have), written for this
 * repository in test/peers/boto3-behaviours.py and asserted as real AWS behaves (issue 26): ECR's repository
 * defaults and AWS-managed KMS key, tags read back, launch configurations with their defaults, paging and
 * errors. One test per check; each starts on an empty store. CI installs python3-boto3 (.ci/run): without it
 * the first test fails, it is not skipped.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProgram, type ServeProcess, startServe } from './serve-process.js';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('./boto3-behaviours.py', import.meta.url));
/** The checks' names, read from the script itself (no boto3 needed to list them). */
const CHECKS = execFileSync(PYTHON, [SCRIPT, '--list'], { encoding: 'utf8' }).trim().split('\n');

interface Result {
  check: string;
  ok: boolean;
  detail: string;
}

let dir: string;
let serve: ServeProcess;
let run: { code: number; stdout: string; stderr: string };
let results: Map<string, Result>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-boto3-'));
  serve = await startServe([], { SVCCTL_HOME: join(dir, 'store'), SVCCTL_ACCOUNT_ID: '123456789012' });
  run = await runProgram(PYTHON, [SCRIPT, serve.url], { PATH: process.env.PATH ?? '', HOME: dir });
  results = new Map(
    run.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Result)
      .map((r) => [r.check, r]),
  );
}, 120_000);

afterAll(async () => {
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('boto3 against svcctl serve, as against AWS', () => {
  it("Debian's python3 imports boto3 (python3-boto3, installed by .ci/run)", () => {
    expect(execFileSync(PYTHON, ['-c', 'import boto3; print("ok")'], { encoding: 'utf8' })).toBe('ok\n');
  });

  for (const name of CHECKS) {
    it(name, () => {
      expect(
        results.get(name) ?? { check: name, ok: false, detail: `no result; the script printed: ${run.stderr}` },
      ).toEqual({ check: name, ok: true, detail: '' });
    });
  }

  it('the script exits 0 and reports every check', () => {
    expect({ code: run.code, checks: [...results.keys()] }).toEqual({ code: 0, checks: CHECKS });
  });
});
