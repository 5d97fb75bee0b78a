/**
 * Start-up: what the built CLI loads for commands that need little (--version, skeletons), and the V8
 * code cache that bin/svcctl starts the bundle with (scripts/code-cache.cjs): made when missing, used
 * when present, remade when the bundle changes or V8 refuses it, skipped on request.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VERSION = `svcctl/${pkg.version} node/${process.version} ${process.platform}\n`;
const PRELOAD = pathToFileURL(join(import.meta.dirname, 'loaded-modules.mjs')).href;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-startup-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The static import closure of dist/main.js (the code-split build): the files and the sources they hold. */
function closure(): { files: string[]; text: string } {
  const seen = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const src = readFileSync(file, 'utf8');
    seen.set(file, src);
    for (const m of src.matchAll(/^(?:import|export)\s[^;]*?from\s*"(\.[^"]+)"|^import\s*"(\.[^"]+)"/gms))
      visit(join(dirname(file), m[1] ?? m[2]!));
  };
  visit(join(ROOT, 'dist/main.js'));
  return { files: [...seen.keys()], text: [...seen.values()].join('\n') };
}

function run(bin: string, args: string[], env: Record<string, string> = {}, preload = false) {
  const r = spawnSync(process.execPath, [...(preload ? ['--import', PRELOAD] : []), bin, ...args], {
    env: { PATH: process.env.PATH, SVCCTL_HOME: join(dir, 'home'), ...env },
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('load on demand', () => {
  it('dist/main.js does not statically import yaml, the yaml and table formatters, SQLite, the HTTP backend or the server', () => {
    const { text } = closure();
    for (const heavy of [
      'node_modules/yaml/',
      'src/output/yaml.ts',
      'src/output/table.ts',
      'src/backends/embedded/',
      'src/backends/http/',
      'src/server/server.ts',
      'src/server/handler.ts',
      'src/wire/',
    ]) {
      expect(text.includes(`// ${heavy}`), heavy).toBe(false);
    }
    expect(text).not.toMatch(/require\(["']better-sqlite3["']\)|from ["']better-sqlite3["']/);
  });

  it.each([
    [['--version']],
    [['create-repository', '--generate-cli-skeleton']],
    [['describe-launch-configurations', '--generate-cli-skeleton', 'yaml-input']],
  ])('svcctl %j loads neither better-sqlite3 nor node:http', (args) => {
    const file = join(dir, 'loaded.json');
    const r = run(join(ROOT, 'bin/svcctl'), args, { SVCCTL_LOADED_FILE: file }, true);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ sqlite: false, http: false });
  });

  it('a local command does load better-sqlite3 (the check sees it)', () => {
    const file = join(dir, 'loaded.json');
    const r = run(join(ROOT, 'bin/svcctl'), ['describe-repositories'], { SVCCTL_LOADED_FILE: file }, true);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ sqlite: true, http: false });
  });
});

describe('the code cache', () => {
  let copy: string;
  let bin: string;
  const caches = () => readdirSync(join(copy, 'dist')).filter((f) => f.endsWith('.v8'));

  beforeAll(() => {
    // A copy of bin/ and dist/ beside node_modules (so that better-sqlite3 resolves); copying gives the
    // bundle a new mtime, so the cache made by the build no longer matches it.
    const cache = join(ROOT, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    copy = mkdtempSync(join(cache, 'svcctl-codecache-'));
    cpSync(join(ROOT, 'bin'), join(copy, 'bin'), { recursive: true });
    cpSync(join(ROOT, 'dist'), join(copy, 'dist'), { recursive: true });
    for (const f of caches()) rmSync(join(copy, 'dist', f));
    bin = join(copy, 'bin/svcctl');
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('is made on a miss, used on the next start, and remade when the bundle changes', () => {
    const debug = { SVCCTL_CODE_CACHE: 'debug' };
    const first = run(bin, ['--version'], debug);
    const [name] = caches();
    expect(first).toEqual({
      code: 0,
      stdout: VERSION,
      stderr: `code cache: miss ${name}\ncode cache: wrote ${join(copy, 'dist', name!)}\n`,
    });
    expect(run(bin, ['--version'], debug)).toEqual({
      code: 0,
      stdout: VERSION,
      stderr: `code cache: hit ${join(copy, 'dist', name!)}\n`,
    });
    utimesSync(join(copy, 'dist/cli.cjs'), new Date(), new Date(Date.now() + 5000));
    const changed = run(bin, ['--version'], debug);
    expect(changed.stderr).toMatch(/^code cache: miss cli\.cjs\.\d+-\d+\.v8\ncode cache: wrote .*\.v8\n$/);
    expect(caches()).toHaveLength(1);
    expect(caches()[0]).not.toBe(name);
  });

  it('is remade when V8 refuses it', () => {
    run(bin, ['--version']);
    const [name] = caches();
    writeFileSync(join(copy, 'dist', name!), 'not a code cache');
    const path = join(copy, 'dist', name!);
    expect(run(bin, ['--version'], { SVCCTL_CODE_CACHE: 'debug' })).toEqual({
      code: 0,
      stdout: VERSION,
      stderr: `code cache: rejected ${path}\ncode cache: wrote ${path}\n`,
    });
    expect(run(bin, ['--version'], { SVCCTL_CODE_CACHE: 'debug' }).stderr).toBe(`code cache: hit ${path}\n`);
  });

  it("is kept in svcctl's home as the CLI finds it: never under a relative SVCCTL_HOME or HOME, an empty HOME being /", () => {
    // Hostile pass 17c: with dist/ read-only, SVCCTL_HOME=rel (refused, 253) still made ./rel/code-cache at exit,
    // and HOME='' made ./.svcctl/code-cache, in the working directory.
    const { cacheDirs } = createRequire(import.meta.url)('../../scripts/code-cache.cjs') as {
      cacheDirs: (bundle: string, env: Record<string, string | undefined>) => string[];
    };
    const bundle = '/opt/svcctl/dist/cli.cjs';
    expect(cacheDirs(bundle, { SVCCTL_HOME: 'rel', HOME: '/home/u' })).toEqual(['/opt/svcctl/dist']);
    expect(cacheDirs(bundle, { HOME: 'rel' })).toEqual(['/opt/svcctl/dist']);
    expect(cacheDirs(bundle, { HOME: '' })).toEqual(['/opt/svcctl/dist', '/.svcctl/code-cache']);
    expect(cacheDirs(bundle, { HOME: '/home/u//' })).toEqual(['/opt/svcctl/dist', '/home/u/.svcctl/code-cache']);
    expect(cacheDirs(bundle, { SVCCTL_HOME: '/srv/h', HOME: 'rel' })).toEqual([
      '/opt/svcctl/dist',
      '/srv/h/code-cache',
    ]);
  });

  it('is neither read nor written with SVCCTL_CODE_CACHE=off, and the ESM build still runs with SVCCTL_CODE_CACHE=esm', () => {
    for (const f of caches()) rmSync(join(copy, 'dist', f));
    expect(run(bin, ['--version'], { SVCCTL_CODE_CACHE: 'off' })).toEqual({ code: 0, stdout: VERSION, stderr: '' });
    expect(caches()).toEqual([]);
    expect(run(bin, ['--version'], { SVCCTL_CODE_CACHE: 'esm' })).toEqual({ code: 0, stdout: VERSION, stderr: '' });
    expect(run(bin, ['describe-repositories', '--output', 'text'], { SVCCTL_CODE_CACHE: 'esm' })).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
  });
});
