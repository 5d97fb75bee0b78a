/**
 * Output that cannot be written is an error (issue 19, item 7): stdout on /dev/full gives the AWS CLI's
 * `[Errno 28] No space left on device` and exit 255 (what the AWS CLI 2.36 prints there), never a stack
 * trace. The real bin in a child process, its stdout opened on /dev/full.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../peers/serve-process.js';

const home = mkdtempSync(join(tmpdir(), 'svcctl-full-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function toDevFull(args: string[]): { code: number | null; stderr: string } {
  const full = openSync('/dev/full', 'w');
  try {
    const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', SVCCTL_HOME: home }, stdio: ['ignore', full, 'pipe'], encoding: 'utf8' });
    return { code: r.status, stderr: r.stderr };
  } finally {
    closeSync(full);
  }
}

const ENOSPC = { code: 255, stderr: '\nsvcctl: [ERROR]: [Errno 28] No space left on device\n' };

describe('stdout on a full device', () => {
  it.each([
    ['--version', ['--version']],
    ['a listing', ['describe-repositories']],
    ['a create (the repository is made; its output is what fails)', ['create-repository', '--repository-name', 'full/x']],
    ['a skeleton', ['create-repository', '--generate-cli-skeleton']],
  ])('%s: exit 255 and the OS error, no stack trace', (_name, args) => {
    expect(toDevFull(args)).toEqual(ENOSPC);
  });
});
