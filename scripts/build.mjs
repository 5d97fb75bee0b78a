// Bundles the CLI into dist/ with esbuild: code-split so that heavy modules (yaml, tables, colour, SQLite,
// HTTP codecs) load only when a command needs them. dist/bulk.js, the bulk loader of the embedded store
// that scripts/seed.mjs and the benchmark use, is a separate bundle (the same create handler, inlined), so
// that it does not change how the CLI's own code is split into chunks. dist/executor.js, the thread of
// `serve --store-pool-size`, and dist/pg-worker.js, the PostgreSQL driver's thread, are two more.
// The library (`import { serve } from 'svcctl'`, src/api/) is dist/api.js (ESM) and dist/api.cjs (CommonJS),
// one file each, with its declarations in dist/types/ from tsc (tsconfig.api.json); `--no-types` does not
// make them (the test suite's build: only the packed package needs them, and its `prepare` makes them) but
// keeps the previous build's, so that a project linking this checkout (`npm link`, a `file:` dependency)
// keeps the library's types after `npm test`.
// The bundle is written beside dist/ and swapped in only once complete, so a failed or running build
// never leaves a half-written or missing dist/ under a CLI that is running.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const next = `${dist}.next-${process.pid}`;
const old = `${dist}.old-${process.pid}`;

const common = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['better-sqlite3'],
  legalComments: 'none',
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __svcctlRequire } from 'node:module'; const require = __svcctlRequire(import.meta.url);",
  },
};

/**
 * Built-in modules the bundle imports at load time but needs only for some commands: commander requires
 * node:child_process (for executable subcommands svcctl never uses) and context.ts node:crypto (for ids);
 * loading them costs more than the rest of start-up's own code. In the bundle each becomes a module of
 * stand-in functions that load the real one on first call (every name imported from them is a function;
 * importing anything else fails the build with "No matching export").
 */
const LAZY_BUILTINS = ['child_process', 'crypto'];
const nodeRequire = createRequire(import.meta.url);
const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(b) {
    const filter = new RegExp(`^(node:)?(${LAZY_BUILTINS.join('|')})$`);
    b.onResolve({ filter }, (args) =>
      args.namespace === 'lazy' ? undefined : { path: args.path.replace(/^node:/, ''), namespace: 'lazy' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, ({ path }) => {
      const real = nodeRequire(`node:${path}`);
      const names = Object.keys(real).filter((k) => typeof real[k] === 'function' && /^[A-Za-z_$][\w$]*$/.test(k));
      const stand = (k) =>
        `export function ${k}(...a) { return new.target ? new (load().${k})(...a) : load().${k}(...a); }`;
      return {
        contents: `let m;\nconst load = () => (m ??= require('node:${path}'));\n${names.map(stand).join('\n')}\n`,
        loader: 'js',
      };
    });
  },
};

/**
 * What bin/svcctl runs: the whole CLI as one CommonJS file, so that it can be compiled through vm.Script
 * with a V8 code cache (scripts/code-cache.cjs). Lazily imported modules stay lazy: esbuild turns their
 * import() into a deferred initialiser, and better-sqlite3 (bundled here) is still loaded only by the store.
 */
const cjs = {
  ...common,
  // better-sqlite3's JavaScript goes into the bundle (and its code cache); its addon is loaded by path
  // (store.ts gives nativeBinding), so `bindings`, its fallback lookup, is never needed.
  external: ['bindings'],
  plugins: [lazyBuiltins],
  // Whitespace and syntax only (names stay readable in --debug stack traces): less to read at each start.
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  format: 'cjs',
  entryPoints: { cli: 'src/cli/main.ts' },
  outExtension: { '.js': '.cjs' },
  define: { 'import.meta.url': '__svcctlModuleUrl' },
  banner: { js: "const __svcctlModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
};

/** The library: one ESM file and one CommonJS file; better-sqlite3 stays a dependency, loaded from node_modules. */
const library = [
  { ...common, entryPoints: { api: 'src/api/index.ts' } },
  {
    ...common,
    format: 'cjs',
    entryPoints: { api: 'src/api/index.ts' },
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__svcctlModuleUrl' },
    banner: { js: "const __svcctlModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  },
];

/**
 * dist/types/: the library's declarations (tsc --emitDeclarationOnly over src/api/index.ts and what it imports).
 * dist/types/cjs/: the same files for `require('svcctl')` (package.json's "require" condition), under a
 * package.json of type commonjs: TypeScript reads the first set as ES modules (this package's type), and a
 * CommonJS project could not import them (TS1479), though its require() works.
 */
function declarations() {
  const tsc = nodeRequire.resolve('typescript/bin/tsc');
  const types = join(next, 'types');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.api.json', '--outDir', types], {
    stdio: 'inherit',
  });
  const cjs = join(types, 'cjs');
  for (const entry of readdirSync(types)) cpSync(join(types, entry), join(cjs, entry), { recursive: true });
  writeFileSync(join(cjs, 'package.json'), '{ "type": "commonjs" }\n');
}

/** Makes the code cache that ships in dist/, from a run of typical commands against a scratch store. */
function trainCodeCache() {
  copyFileSync(new URL('./code-cache.cjs', import.meta.url), join(next, 'code-cache.cjs'));
  const home = mkdtempSync(join(tmpdir(), 'svcctl-train-'));
  try {
    execFileSync(process.execPath, [join(next, 'code-cache.cjs'), '--train', home], { stdio: 'inherit' });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

try {
  await build({
    ...common,
    entryPoints: { main: 'src/cli/main.ts' },
    outdir: next,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  });
  await build({ ...common, entryPoints: { bulk: 'scripts/bulk.ts' }, outdir: next });
  // The thread of `serve --store-pool-size` (src/backends/embedded/store/pool.ts), found beside either build.
  await build({ ...common, entryPoints: { executor: 'src/backends/embedded/store/executor.ts' }, outdir: next });
  // The thread of the PostgreSQL driver (src/backends/embedded/store/pg-worker.ts), found beside either build too.
  await build({ ...common, entryPoints: { 'pg-worker': 'src/backends/embedded/store/pg-worker.ts' }, outdir: next });
  await build({ ...cjs, outdir: next });
  for (const options of library) await build({ ...options, outdir: next });
  // scripts/code-cache.cjs reads the bundle as latin1, which is exact only for ASCII.
  if (/[^\x00-\x7f]/.test(readFileSync(join(next, 'cli.cjs'), 'latin1'))) throw new Error('dist/cli.cjs is not ASCII');
  trainCodeCache();
  if (!process.argv.includes('--no-types')) declarations();
} catch (err) {
  if (err instanceof Error && !('errors' in err)) console.error(err.message);
  rmSync(next, { recursive: true, force: true });
  process.exit(1);
}
try {
  renameSync(dist, old);
} catch {
  // no previous build
}
if (!existsSync(join(next, 'types')) && existsSync(join(old, 'types')))
  renameSync(join(old, 'types'), join(next, 'types'));
renameSync(next, dist);
rmSync(old, { recursive: true, force: true });
