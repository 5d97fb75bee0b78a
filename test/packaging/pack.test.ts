/**
 * `npm pack` makes a tarball that installs and runs on a machine with only Node: built dist/, bin/,
 * README, LICENSE, CHANGELOG and nothing else; `npm install` of it needs no build tools of ours.
 * Packs a copy of the sources (so the repository's own dist/ is never rebuilt under other tests) and
 * installs it once: slow, because better-sqlite3 may compile.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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
    'tsconfig.api.json',
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
}, 1_200_000); // a bound for a hang: better-sqlite3 compiles in the install (15 min under load 20), and prepare now runs tsc too

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
    // TypeScript sources are not shipped; the library's declarations (dist/types/**/*.d.ts) are.
    expect(files.filter((f) => /\.map$|(?<!\.d)\.ts$/.test(f) || /\/(src|test)\//.test(f))).toEqual([]);
    expect(files).toEqual(expect.arrayContaining(['package/dist/api.js', 'package/dist/api.cjs']));
    expect(files).toContain('package/dist/types/api/index.d.ts');
  });

  it("the test suite's build (--no-types) keeps the declarations of the build before it (issue 44, item 16)", {
    timeout: 120_000,
  }, () => {
    // The copy that was packed: its `prepare` built dist/ with the declarations, as `npm run build` does in a
    // checkout that a project links (`npm link`, a `file:` dependency); test/setup/build.ts then builds again.
    const copy = join(dir, 'src');
    const declarations = join(copy, 'dist', 'types', 'api', 'index.d.ts');
    const before = readFileSync(declarations, 'utf8');
    execFileSync(process.execPath, ['scripts/build.mjs', '--no-types'], { cwd: copy, stdio: 'pipe' });
    expect(readFileSync(declarations, 'utf8')).toBe(before);
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

/**
 * The ```ts blocks of the README's library section, by the file each one's first line names (`// test/x.ts`):
 * those of a serve per test file, or those of one serve per run (vitest's globalSetup).
 */
function readmeExample(which: 'per-file' | 'per-run' = 'per-file'): Map<string, string> {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf('## In your own tests: the library');
  const whole = readme.slice(at, readme.indexOf('\n## ', at + 1));
  const split = whole.indexOf("One serve for a whole run instead, from vitest's `globalSetup`");
  const section = which === 'per-file' ? whole.slice(0, split) : whole.slice(split);
  const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return new Map(blocks.map((b) => [/^\/\/ (\S+\.ts)/.exec(b)![1]!, b]));
}

/**
 * A user's project that installed the packed tarball (the one above: better-sqlite3 is built once): the
 * README's vitest example as its test files, the SDKs, vitest and TypeScript of this repository's
 * node_modules linked in (as installed; nothing fetched).
 */
describe('the library, from a project that installed the package', () => {
  let project: string;
  // A command that fails shows what it printed (tsc's errors go to stdout), not only that it failed.
  const run = (args: string[]) => {
    try {
      return execFileSync(process.execPath, args, {
        cwd: project,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: project, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      const e = err as Error & { stdout?: string; stderr?: string };
      e.message += `\n${e.stdout ?? ''}${e.stderr ?? ''}`;
      throw e;
    }
  };

  beforeAll(() => {
    // The project that installed the tarball above (npm wrote its package.json): an ES module project now.
    project = prefix;
    mkdirSync(join(project, 'test'), { recursive: true });
    const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(pkg.dependencies as object)).toEqual(['svcctl']);
    writeFileSync(join(project, 'package.json'), `${JSON.stringify({ ...pkg, type: 'module' }, null, 2)}\n`);
    for (const pkg of [
      'vitest',
      'typescript',
      'stripe',
      '@aws-sdk/client-ecr',
      '@aws-sdk/client-auto-scaling',
      '@types/node',
    ]) {
      mkdirSync(join(project, 'node_modules', pkg, '..'), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', pkg), join(project, 'node_modules', pkg));
    }
    for (const [file, text] of readmeExample()) writeFileSync(join(project, file), text);
    writeFileSync(
      join(project, 'tsconfig.json'),
      `${JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
        },
        include: ['test'],
      })}\n`,
    );
  }, 300_000);

  it("the README's example: two test files in parallel workers, each with its own serve", { timeout: 180_000 }, () => {
    expect([...readmeExample().keys()]).toEqual(['test/svcctl.ts', 'test/images.test.ts', 'test/billing.test.ts']);
    const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const report = join(project, 'report.json');
    run([vitest, 'run', '--pool', 'forks', '--maxWorkers', '2', '--reporter', 'json', '--outputFile', report]);
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: Array<{ name: string; status: string; startTime: number; endTime: number }>;
    };
    expect([result.numPassedTests, result.numFailedTests]).toEqual([4, 0]);
    const files = result.testResults.map((r) => [r.name.slice(project.length + 1), r.status]).sort();
    expect(files).toEqual([
      ['test/billing.test.ts', 'passed'],
      ['test/images.test.ts', 'passed'],
    ]);
  });

  it("the README's globalSetup recipe: one serve for the run, started with settings and fault rules", {
    timeout: 180_000,
  }, () => {
    const files = readmeExample('per-run');
    expect([...files.keys()]).toEqual(['vitest.config.ts', 'vitest.global-setup.ts', 'test/shared.test.ts']);
    // A project of its own beside the first (whose vitest run would take these files too), with its packages.
    const shared = join(dir, 'shared-project');
    mkdirSync(join(shared, 'test'), { recursive: true });
    writeFileSync(join(shared, 'package.json'), '{ "type": "module" }\n');
    symlinkSync(join(project, 'node_modules'), join(shared, 'node_modules'));
    for (const [file, text] of files) writeFileSync(join(shared, file), text);
    const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const report = join(shared, 'report.json');
    execFileSync(process.execPath, [vitest, 'run', '--reporter', 'json', '--outputFile', report], {
      cwd: shared,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: shared, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const result = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    expect([result.numPassedTests, result.numFailedTests]).toEqual([1, 0]);
  });

  it("import('svcctl') and require('svcctl') give serve(), which answers", () => {
    const script = (load: string) =>
      `${load}.then(async ({ serve }) => { const h = await serve(); const r = await fetch(h.url + '/_svcctl/health'); console.log(r.status, (await r.json()).store.kind); await h.close(); })`;
    expect(run(['--input-type=module', '-e', script("import('svcctl')")])).toBe('200 memory\n');
    expect(run(['-e', script("Promise.resolve(require('svcctl'))")])).toBe('200 memory\n');
  });

  it('a CommonJS TypeScript file (.cts, require) gets the types too, not TS1479 (hostile pass 5d)', {
    timeout: 300_000,
  }, () => {
    // The "require" condition's declarations: read as ES modules (the package's type), a CommonJS file could not
    // import them ("…is an ECMAScript module and cannot be imported with 'require'"), though require() works.
    writeFileSync(
      join(project, 'commonjs.cts'),
      [
        "import { InputError, type ServeHandle, serve } from 'svcctl';",
        'export async function check(): Promise<string> {',
        '  const h: ServeHandle = await serve({ settings: { platform_registered: false } });',
        '  await h.close();',
        '  return [h.url, InputError.name].join();',
        '}',
        '',
      ].join('\n'),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    expect(
      run([
        tsc,
        '--strict',
        '--noEmit',
        '--module',
        'nodenext',
        '--target',
        'es2022',
        '--types',
        'node',
        'commonjs.cts',
      ]),
    ).toBe('');
  });

  // Three runs of tsc: bounds for a hang, not speed limits (on a loaded machine each takes 20 s).
  it('tsc --strict accepts the example and the exported types, with the declarations themselves checked', {
    timeout: 300_000,
  }, () => {
    writeFileSync(
      join(project, 'types.ts'),
      [
        "import { type AccountToken, type CreateRepositoryInput, type JournalEntry, type LaunchConfiguration, type Repository, type ServeHandle, type ServeOptions, serve } from 'svcctl';",
        "const options: ServeOptions = { store: 'memory', apiKeys: ['sk_test_1'], credentials: [{ apiKey: 'sk_test_2', accountId: '111111111111' }], accountId: '000000000000', host: '127.0.0.1', port: 0 };",
        'export async function check(): Promise<string> {',
        '  const h: ServeHandle = await serve(options);',
        "  const input: CreateRepositoryInput = { repositoryName: 'team/app', imageTagMutability: 'IMMUTABLE' };",
        '  const repo: Repository = { repositoryName: input.repositoryName };',
        "  const lc: LaunchConfiguration = { LaunchConfigurationName: 'web', ImageId: 'ami-1', InstanceType: 't3.micro', CreatedTime: '2026-11-26T12:00:00Z' };",
        "  const token: Partial<AccountToken> = { object: 'v2.core.account_token' };",
        '  const entries: JournalEntry[] = await h.journal({ limit: 1 });',
        "  const counts: Record<string, number> = await h.reset('repositories');",
        "  await h.settings.set('platform_registered', false);",
        "  const value: string = await h.settings.get('platform_registered');",
        '  await h.close();',
        '  return [h.url, h.port, repo.repositoryName, lc.ImageId, token.object, entries.length, counts, value, h.env.AWS_ENDPOINT_URL].join();',
        '}',
        '',
      ].join('\n'),
    );
    const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    expect(run([tsc, '-p', 'tsconfig.json'])).toBe('');
    // Only svcctl's own declarations, without skipLibCheck: each of them is checked too.
    expect(
      run([tsc, '--strict', '--noEmit', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', 'types.ts']),
    ).toBe('');
    // And a mistake is one (the check can fail).
    writeFileSync(join(project, 'wrong.ts'), "import { serve } from 'svcctl';\nawait serve({ port: '4566' });\n");
    let out = '';
    try {
      run([tsc, '--strict', '--noEmit', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', 'wrong.ts']);
    } catch (err) {
      out = (err as { stdout: string }).stdout;
    }
    expect(out).toContain("wrong.ts(2,15): error TS2322: Type 'string' is not assignable to type 'number'.");
  });
});
