/**
 * Output that cannot be written is an error (issue 19, item 7): stdout on /dev/full gives the AWS CLI's
 * `[Errno 28] No space left on device` and exit 255 (what the AWS CLI 2.36 prints there), never a stack
 * trace. The real bin in a child process, its stdout opened on /dev/full.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failed, ok } from '../helpers/cli-results.js';
import { BIN, ROOT } from '../peers/serve-process.js';

const home = mkdtempSync(join(tmpdir(), 'svcctl-full-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function toDevFull(args: string[]): { code: number | null; stderr: string } {
  const full = openSync('/dev/full', 'w');
  try {
    const r = spawnSync(process.execPath, [BIN, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', SVCCTL_HOME: home },
      stdio: ['ignore', full, 'pipe'],
      encoding: 'utf8',
    });
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
    [
      'a create (the repository is made; its output is what fails)',
      ['create-repository', '--repository-name', 'full/x'],
    ],
    ['a skeleton', ['create-repository', '--generate-cli-skeleton']],
  ])('%s: exit 255 and the OS error, no stack trace', (_name, args) => {
    expect(toDevFull(args)).toEqual(ENOSPC);
  });
});

describe('stdout closed (issue 34, item 6)', () => {
  /** `svcctl … >&-` in a real shell; `redirect` replaces `>&-` for the cases that keep stdout open. */
  const inShell = (args: string[], redirect = '>&-') => {
    const quoted = args.map((a) => `'${a}'`).join(' ');
    const r = spawnSync('sh', ['-c', `exec '${process.execPath}' '${BIN}' ${quoted} ${redirect}`], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', SVCCTL_HOME: home },
      encoding: 'utf8',
    });
    return { code: r.status, stderr: r.stderr };
  };
  const EBADF = { code: 255, stderr: '\nsvcctl: [ERROR]: [Errno 9] Bad file descriptor\n' };

  it.each([
    ['--version', ['--version']],
    ['a listing', ['describe-repositories']],
    ['a create (the repository is made; its output is lost)', ['create-repository', '--repository-name', 'closed/x']],
  ])('%s: exit 255, the output is lost', (_name, args) => {
    expect(inShell(args)).toEqual(EBADF);
  });

  it('a command that prints nothing still succeeds; > /dev/null is not a closed stdout', () => {
    expect(inShell(['configure', 'set', 'output', 'json'])).toEqual({ code: 0, stderr: '' });
    expect(inShell(['describe-repositories'], '> /dev/null')).toEqual({ code: 0, stderr: '' });
  });
});

describe("svcctl's home cannot be made (issue 19, item 11; issue 25, item 18)", () => {
  const run = (env: Record<string, string>) => {
    // A write: a read on a home with no store makes nothing (issue 34, item 4), so it would not get this far.
    const args = ['create-repository', '--repository-name', 'home/app', '--query', 'repository.repositoryName'];
    const r = spawnSync(process.execPath, [BIN, ...args, '--output', 'text'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const refused = (path: string, reason: string) =>
    failed(
      253,
      `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to create svcctl's home (SVCCTL_HOME) ${path}: ${reason}\n`,
    );
  const CREATED = ok('home/app\n');

  it("under /proc: refused at once (Node's recursive mkdir would spin there), 253 naming the path", () => {
    expect(run({ SVCCTL_HOME: '/proc/x' })).toEqual(
      refused('/proc/x', '[Errno 2] No such file or directory. Set SVCCTL_HOME to a directory you can write.'),
    );
  });

  it('under /sys: 253 naming the path and the reason', () => {
    expect(run({ SVCCTL_HOME: '/sys/x' })).toEqual(
      refused('/sys/x', '[Errno 1] Operation not permitted. Set SVCCTL_HOME to a directory you can write.'),
    );
  });

  const missingParent = (parent: string) =>
    `its parent directory ${parent} does not exist (svcctl makes only the last level). Create it, or set SVCCTL_HOME to a directory you can write.`;

  it('a HOME that does not exist: ~/.svcctl is not made, nor HOME, nor its parents (253 naming them)', () => {
    const missing = join(home, 'missing', 'x');
    expect(run({ HOME: missing })).toEqual(refused(join(missing, '.svcctl'), missingParent(missing)));
    expect(existsSync(join(home, 'missing'))).toBe(false);
  });

  it('an existing HOME gets its private .svcctl', () => {
    const user = join(home, 'user');
    mkdirSync(user);
    expect(run({ HOME: user })).toEqual(CREATED);
    expect(statSync(join(user, '.svcctl')).mode & 0o777).toBe(0o700);
  });

  it('an SVCCTL_HOME whose parent does not exist: refused naming the parent, nothing made', () => {
    const deep = join(home, 'a', 'b', 'c');
    expect(run({ SVCCTL_HOME: deep })).toEqual(refused(deep, missingParent(join(home, 'a', 'b'))));
    expect(existsSync(join(home, 'a'))).toBe(false);
  });

  it('an SVCCTL_HOME whose parent exists is made, private', () => {
    const fresh = join(home, 'fresh');
    expect(run({ SVCCTL_HOME: fresh })).toEqual(CREATED);
    expect(statSync(fresh).mode & 0o777).toBe(0o700);
  });
});
