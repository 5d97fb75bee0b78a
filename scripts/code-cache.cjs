// The CLI's start-up path (copied to dist/code-cache.cjs by the build, required by bin/svcctl): runs the
// single-file bundle dist/cli.cjs through vm.Script with a V8 code cache, so that a start compiles
// (almost) nothing. Node 20 has no module.enableCompileCache; this is the same idea by hand.
//
// The cache is keyed by the bundle's size and mtime (a rebuilt or copied bundle never meets an old cache)
// and V8 itself refuses one made by another Node/V8 version or other flags. It is made at build time by a
// training run (`node dist/code-cache.cjs --train HOME`) and remade at exit whenever it was missing or refused,
// next to the bundle, or in $SVCCTL_HOME/code-cache when dist/ is read-only. SVCCTL_CODE_CACHE=off skips
// it; SVCCTL_CODE_CACHE=debug reports hit / miss / rejected on stderr.
// CommonJS, so that bin/svcctl loads it with a plain require (no second trip through the ESM loader).
'use strict';
const { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { homedir } = require('node:os');
const { basename, dirname, isAbsolute, join } = require('node:path');
const vm = require('node:vm');

function cacheName(bundle) {
  const st = statSync(bundle);
  return `${basename(bundle)}.${st.size}-${Math.trunc(st.mtimeMs)}.v8`;
}

/**
 * Next to the bundle, then in svcctl's home as the CLI finds it (core/context.ts homeOf, svcctlHome): an empty
 * HOME is /, and a relative SVCCTL_HOME or HOME names no place. The CLI refuses them (253), and the cache was
 * written at exit all the same, into ./rel/code-cache or ./.svcctl/code-cache of the working directory (hostile
 * pass 17c).
 */
function cacheDirs(bundle, env) {
  const home = env.SVCCTL_HOME || join((env.HOME ?? homedir()).replace(/\/+$/, '') || '/', '.svcctl');
  return isAbsolute(home) ? [dirname(bundle), join(home, 'code-cache')] : [dirname(bundle)];
}

function readCache(dirs, name) {
  for (const dir of dirs) {
    try {
      return { data: readFileSync(join(dir, name)), dir };
    } catch {
      // not there: try the next place
    }
  }
  return undefined;
}

/** Writes the cache to the first place that takes it, replacing older caches of this bundle there. */
function writeCache(dirs, name, data) {
  for (const [i, dir] of dirs.entries()) {
    try {
      if (i > 0) mkdirSync(dir, { recursive: true, mode: 0o700 });
      const tmp = join(dir, `${name}.${process.pid}.tmp`);
      writeFileSync(tmp, data, { mode: i === 0 ? 0o644 : 0o600 });
      renameSync(tmp, join(dir, name));
      const prefix = name.slice(0, name.indexOf('.cjs.') + 5);
      for (const old of readdirSync(dir)) if (old.startsWith(prefix) && old.endsWith('.v8') && old !== name) rmSync(join(dir, old), { force: true });
      return join(dir, name);
    } catch {
      // not writable: try the next place
    }
  }
  return undefined;
}

/** Loads dist/cli.cjs; returns its exports. `onExit` registers the cache write (the caller owns the process). */
function loadCli(bundle, env, onExit) {
  const mode = env.SVCCTL_CODE_CACHE;
  const name = cacheName(bundle);
  const dirs = cacheDirs(bundle, env);
  const cached = mode === 'off' ? undefined : readCache(dirs, name);
  // esbuild writes the bundle in ASCII (charset: 'ascii'), so latin1 is exact and skips UTF-8 decoding.
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'latin1')}\n})`;
  const script = new vm.Script(source, {
    filename: bundle,
    cachedData: cached?.data,
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const state = !cached ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit';
  if (mode === 'debug') process.stderr.write(`code cache: ${state} ${cached ? join(cached.dir, name) : name}\n`);
  if (state !== 'hit' && mode !== 'off') {
    onExit(() => {
      const written = writeCache(dirs, name, script.createCachedData());
      if (mode === 'debug') process.stderr.write(`code cache: wrote ${written ?? 'nothing (no writable place)'}\n`);
    });
  }
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  return module.exports;
}

/** What the build's training run executes in one process before writing the cache. */
const TRAINING = [
  ['--version'],
  ['create-repository', '--repository-name', 'train/app', '--tags', 'Key=env,Value=prod'],
  ['create-launch-configuration', '--launch-configuration-name', 'train', '--image-id', 'ami-1', '--instance-type', 't3.micro',
    '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3}'],
  ['describe-launch-configurations', '--max-items', '1'],
  ['describe-launch-configurations', '--output', 'text'],
  ['describe-repositories', '--query', 'repositories[].repositoryName'],
  ['create-repository', '--generate-cli-skeleton'],
];

function quiet() {
  return { isTTY: false, write: () => true, on() {}, once() {}, off() {} };
}

/** An empty DescribeLaunchConfigurations answer, for the training call of the HTTP backend. */
const EMPTY_DESCRIBE =
  '<DescribeLaunchConfigurationsResponse xmlns="http://autoscaling.amazonaws.com/doc/2011-01-01/"><DescribeLaunchConfigurationsResult>' +
  '<LaunchConfigurations/></DescribeLaunchConfigurationsResult><ResponseMetadata><RequestId>train</RequestId></ResponseMetadata></DescribeLaunchConfigurationsResponse>';

/**
 * `node dist/code-cache.cjs --train HOME`: runs TRAINING against a scratch store, and one describe through
 * the HTTP backend (codecs, SigV4, the transport) against a loopback server of its own, then writes the cache.
 */
async function train(home) {
  const bundle = join(__dirname, 'cli.cjs');
  const env = { ...process.env, SVCCTL_HOME: home, SVCCTL_CODE_CACHE: 'train', AWS_ACCESS_KEY_ID: 'train', AWS_SECRET_ACCESS_KEY: 'train' };
  let write;
  const cli = loadCli(bundle, env, (fn) => (write = fn));
  const server = require('node:http').createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/xml' }).end(EMPTY_DESCRIBE));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const http = ['describe-launch-configurations', '--max-items', '10', '--endpoint-url', `http://127.0.0.1:${server.address().port}`];
  try {
    for (const args of [...TRAINING, http]) {
      const proc = { argv: ['node', 'svcctl', ...args], env, stdout: quiet(), stderr: quiet(), stdin: { isTTY: false }, cwd: () => home, on() {}, off() {}, exitCode: 0 };
      await cli.main(proc);
      if (proc.exitCode !== 0) throw new Error(`training run failed: svcctl ${args.join(' ')} (exit ${proc.exitCode})`);
    }
  } finally {
    server.close();
  }
  write?.();
}

module.exports = { loadCli, cacheDirs };

if (require.main === module && process.argv[2] === '--train') {
  train(process.argv[3]).catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
