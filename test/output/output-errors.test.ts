/**
 * Output that cannot be written is an error (issue 19, item 7): stdout on /dev/full gives the AWS CLI's
 * `[Errno 28] No space left on device` and exit 255 (what the AWS CLI 2.36 prints there), never a stack
 * trace. The real bin in a child process, its stdout opened on /dev/full.
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
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

describe('stderr on a full device: the exit code stands (compat #382)', () => {
  // The error message cannot be written anywhere, but a script still reads the exit code: it is the error's,
  // not 1 from node's unhandled 'error' event on stderr (whose stack trace went nowhere either).
  const stderrFull = (args: string[], stdout: 'ignore' | 'pipe' = 'ignore') => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [BIN, ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', SVCCTL_HOME: home },
        stdio: ['ignore', stdout, full],
        encoding: 'utf8',
      });
      return { code: r.status, signal: r.signal };
    } finally {
      closeSync(full);
    }
  };
  it.each([
    ['a bad --query', 252, ['describe-repositories', '--query', 'a[']],
    ['an unknown option', 252, ['describe-repositories', '--bogus']],
    ['a service error', 254, ['describe-repositories', '--repository-names', 'no/such']],
    ['a success', 0, ['describe-repositories']],
  ])('%s: exit %i', (_name, code, args) => {
    expect(stderrFull(args)).toEqual({ code, signal: null });
  });
  it('stdout and stderr both on a full device: 255, nothing thrown', () => {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [BIN, '--version'], { cwd: ROOT, stdio: ['ignore', full, full] });
      expect({ code: r.status, signal: r.signal }).toEqual({ code: 255, signal: null });
    } finally {
      closeSync(full);
    }
  });
});

describe('output discarded: the command exit code stands (issue 44, item 0; compat #282)', () => {
  // Each way a script throws the output away, through bin/svcctl in a real process. Python's DEVNULL,
  // node's 'ignore' and `1<>/dev/null` open /dev/null read-write, as node itself does on a stdout closed
  // with `>&-`: none of them is an error, and the repository is made.
  const env = { PATH: process.env.PATH ?? '', SVCCTL_HOME: home };
  const exists = (name: string) => {
    const r = spawnSync(
      BIN,
      ['describe-repositories', '--repository-names', name, '--query', 'repositories[].repositoryName'],
      { cwd: ROOT, env: { ...env, AWS_DEFAULT_OUTPUT: 'text' }, encoding: 'utf8' },
    );
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const create = (name: string) => ['create-repository', '--repository-name', name];
  /** `svcctl … REDIRECT` in a real shell. */
  const inShell = (args: string[], redirect: string) => {
    const quoted = args.map((a) => `'${a}'`).join(' ');
    const r = spawnSync('sh', ['-c', `exec '${BIN}' ${quoted} ${redirect}`], { cwd: ROOT, env, encoding: 'utf8' });
    return { code: r.status, stderr: r.stderr };
  };
  const SUCCEEDED = { code: 0, stderr: '' };

  it("Python's subprocess.run(…, stdout=subprocess.DEVNULL): exit 0, nothing on stderr", () => {
    const script = [
      'import json, subprocess, sys',
      'r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)',
      'print(json.dumps({"code": r.returncode, "stderr": r.stderr.decode()}))',
    ].join('\n');
    const r = spawnSync('/usr/bin/python3', ['-c', script, BIN, ...create('dn/python')], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    expect({ code: r.status, stderr: r.stderr }).toEqual(SUCCEEDED);
    expect(JSON.parse(r.stdout)).toEqual(SUCCEEDED);
    expect(exists('dn/python')).toEqual(ok('dn/python\n'));
  });

  it("node's spawn(…, { stdio: 'ignore' }): exit 0", async () => {
    const child = spawn(BIN, create('dn/node'), { cwd: ROOT, env, stdio: 'ignore' });
    const [code, signal] = (await once(child, 'close')) as [number | null, string | null];
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(exists('dn/node')).toEqual(ok('dn/node\n'));
  });

  it.each([
    ['1<>/dev/null (read-write)', '1<>/dev/null', 'dn/rw'],
    ['> /dev/null (write-only)', '> /dev/null', 'dn/w'],
    ['>&- (closed: node gives it /dev/null read-write; compat #282)', '>&-', 'dn/closed'],
  ])('a shell with %s: exit 0, nothing on stderr', (_name, redirect, name) => {
    expect(inShell(create(name), redirect)).toEqual(SUCCEEDED);
    expect(exists(name)).toEqual(ok(`${name}\n`));
  });

  it('a listing and --version to a closed stdout: exit 0 (compat #282)', () => {
    expect(inShell(['describe-repositories'], '>&-')).toEqual(SUCCEEDED);
    expect(inShell(['--version'], '>&-')).toEqual(SUCCEEDED);
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
