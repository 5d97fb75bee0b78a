/**
 * `npm pack` makes a tarball that installs and runs on a machine with only Node: built dist/, bin/,
 * README, LICENSE, CHANGELOG and nothing else; `npm install` of it needs no build tools of ours.
 * Packs a copy of the sources (so the repository's own dist/ is never rebuilt under other tests) and
 * installs it once: slow, because better-sqlite3 may compile.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../completion/fresh-bin.js';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

let dir: string;
let tarball: string;
let prefix: string;

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-pack-'));
  const src = join(dir, 'src');
  mkdirSync(src);
  for (const entry of [
    'package.json',
    'bin',
    'src',
    'scripts',
    'docs',
    'README.md',
    'LICENSE',
    'CHANGELOG.md',
    'tsconfig.json',
  ]) {
    cpSync(join(ROOT, entry), join(src, entry), { recursive: true });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(src, 'node_modules'));
  // npm pack runs `prepare` (the build) in the copy.
  const name = npm(['pack', '--pack-destination', dir, '--silent'], src).trim().split('\n').pop()!;
  tarball = join(dir, name);
  prefix = join(dir, 'installed');
  mkdirSync(prefix);
  npm(['install', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tarball], dir);
}, 600_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('holds only what runs and the docs the README links: dist/, bin/, docs/, README, LICENSE, CHANGELOG; no V8 code cache (issue 19)', () => {
    expect(tarball.endsWith(`svcctl-${VERSION}.tgz`)).toBe(true);
    const files = execFileSync('tar', ['tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
    const top = [...new Set(files.map((f) => f.replace(/^package\//, '').split('/')[0]))].sort();
    expect(top).toEqual(['CHANGELOG.md', 'LICENSE', 'README.md', 'bin', 'dist', 'docs', 'package.json']);
    // Every docs/ page the README links is in the package, so the links work where it is installed.
    const linked = [...readFileSync(join(ROOT, 'README.md'), 'utf8').matchAll(/\]\((docs\/[^)#]+)/g)].map(
      (m) => `package/${m[1]}`,
    );
    expect(linked.length).toBeGreaterThan(3);
    expect(linked.filter((f) => !files.includes(f))).toEqual([]);
    // The code cache is made on the user's machine for its own V8: one built here would be rewritten at once.
    expect(files.filter((f) => f.endsWith('.v8'))).toEqual([]);
    expect(files).toContain('package/dist/main.js');
    expect(files).toContain('package/bin/svcctl');
    expect(files.filter((f) => /\.(map|ts)$/.test(f) || /\/(src|test)\//.test(f))).toEqual([]);
  });

  it('installs without our build tools and runs from any directory', () => {
    const installed = readdirSync(join(prefix, 'node_modules'));
    expect(installed).toContain('svcctl');
    expect(installed.filter((n) => ['esbuild', 'typescript', 'vitest'].includes(n))).toEqual([]);
    const bin = join(prefix, 'node_modules', '.bin', 'svcctl');
    const elsewhere = mkdtempSync(join(tmpdir(), 'svcctl-elsewhere-'));
    const env = { PATH: process.env.PATH, HOME: elsewhere, SVCCTL_HOME: join(elsewhere, 'state') };
    try {
      const version = execFileSync(bin, ['--version'], { cwd: elsewhere, env, encoding: 'utf8' });
      expect(version).toBe(`svcctl/${VERSION} node/${process.version} ${process.platform}\n`);
      const out = execFileSync(
        bin,
        [
          'create-repository',
          '--repository-name',
          'team/app',
          '--query',
          'repository.repositoryUri',
          '--output',
          'text',
        ],
        { cwd: elsewhere, env, encoding: 'utf8' },
      );
      expect(out).toBe('000000000000.dkr.ecr.us-east-1.amazonaws.com/team/app\n');
      const help = execFileSync(bin, ['ecr', 'create-repository', 'help'], { cwd: elsewhere, env, encoding: 'utf8' });
      expect(help.startsWith('NAME\n       create-repository - Creates an image repository.\n')).toBe(true);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
