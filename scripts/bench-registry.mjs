// serve's registry in `npm run bench` (issue 45): rows chosen by BENCH_REGISTRY_ROWS (default all of them):
//  - `push`: a BENCH_LAYER_MB (256) MiB layer pushed into serve (SQLite) and pulled back out with skopeo,
//    beside `skopeo copy` of the same image between two local OCI directories (the floor), interleaved,
//    medians of BENCH_REGISTRY_RUNS (3);
//  - `rss`: serve's peak resident set size (VmHWM) while skopeo pushes a BENCH_RSS_LAYER_MB (1024) MiB
//    layer, on SQLite and on PostgreSQL (BENCH_PG_URL, or a temporary cluster: bench-pg.mjs);
//  - `images`: `describe-images --max-items 10` in a repository of BENCH_IMAGES (10,000) images against one
//    of 60, interleaved, medians of BENCH_RUNS (21).
// BENCH_REGISTRY_BASE: another build's bin/svcctl (a checkout of the base commit, built): its serve is
// measured too, interleaved with this one's in the same loop, as an extra row per measurement.
// Run alone with BENCH_REGISTRY_ONLY=1 (`BENCH_REGISTRY_ONLY=1 BENCH_REGISTRY_ROWS=rss npm run bench`).
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import Database from 'better-sqlite3';
import { postgresForBench } from './bench-pg.mjs';
import { BIN, interleave, median, ms, ratio } from './bench-lib.mjs';

const SKOPEO = '/usr/bin/skopeo';
const LAYER_MB = Number(process.env.BENCH_LAYER_MB ?? 256);
const RSS_LAYER_MB = Number(process.env.BENCH_RSS_LAYER_MB ?? 1024);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 10_000);
const FEW_IMAGES = 60;
const REGISTRY_RUNS = Number(process.env.BENCH_REGISTRY_RUNS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const ROWS = (process.env.BENCH_REGISTRY_ROWS ?? 'push,rss,images').split(',');
const BASE = process.env.BENCH_REGISTRY_BASE;
const ENV = {
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_PAGER: '',
};
const OCI_LAYER = 'application/vnd.oci.image.layer.v1.tar+gzip';

const verdict = (value, limit) => (value <= limit ? 'met' : `missed by ${Math.round((value / limit - 1) * 100)}%`);

/**
 * An OCI image layout at `dir` (tag v1): one layer of `mb` MiB of random bytes as a stored (level 0) gzip
 * stream, so that skopeo sends it as it is; written as it is made, never whole in memory.
 */
export async function writeImage(dir, mb) {
  mkdirSync(join(dir, 'blobs/sha256'), { recursive: true });
  const tmp = join(dir, 'layer.tmp');
  const fd = openSync(tmp, 'w');
  const hash = createHash('sha256');
  let size = 0;
  const gzip = createGzip({ level: 0 });
  const done = new Promise((resolve, reject) => {
    gzip.on('data', (b) => {
      hash.update(b);
      writeSync(fd, b);
      size += b.length;
    });
    gzip.on('end', resolve);
    gzip.on('error', reject);
  });
  for (let i = 0; i < mb; i++) {
    if (!gzip.write(randomBytes(1024 * 1024))) await new Promise((r) => gzip.once('drain', r));
  }
  gzip.end();
  await done;
  closeSync(fd);
  const layer = hash.digest('hex');
  renameSync(tmp, join(dir, 'blobs/sha256', layer));
  const blob = (bytes) => {
    const hex = createHash('sha256').update(bytes).digest('hex');
    writeFileSync(join(dir, 'blobs/sha256', hex), bytes);
    return { digest: `sha256:${hex}`, size: bytes.length };
  };
  const config = blob(
    Buffer.from(
      JSON.stringify({
        architecture: 'amd64',
        os: 'linux',
        rootfs: { type: 'layers', diff_ids: [`sha256:${randomBytes(32).toString('hex')}`] },
      }),
    ),
  );
  const manifest = blob(
    Buffer.from(
      JSON.stringify({
        schemaVersion: 2,
        mediaType: 'application/vnd.oci.image.manifest.v1+json',
        config: { mediaType: 'application/vnd.oci.image.config.v1+json', ...config },
        layers: [{ mediaType: OCI_LAYER, digest: `sha256:${layer}`, size }],
      }),
    ),
  );
  writeFileSync(join(dir, 'oci-layout'), '{"imageLayoutVersion":"1.0.0"}');
  writeFileSync(
    join(dir, 'index.json'),
    JSON.stringify({
      schemaVersion: 2,
      manifests: [
        {
          mediaType: 'application/vnd.oci.image.manifest.v1+json',
          ...manifest,
          annotations: { 'org.opencontainers.image.ref.name': 'v1' },
        },
      ],
    }),
  );
  return manifest.digest;
}

function startServe(home, args = [], bin = BIN, env = {}) {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ...env, SVCCTL_HOME: home },
    stdio: ['ignore', 'pipe', process.env.BENCH_SERVE_LOG ? 'inherit' : 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
      if (out.includes('\n'))
        resolve({
          url: out.split('\n')[0],
          pid: child.pid,
          stop: () =>
            new Promise((r) => {
              if (child.exitCode !== null) return r();
              child.once('exit', r);
              child.kill('SIGTERM');
            }),
        });
    });
    child.on('exit', (code) => reject(new Error(`svcctl serve exited ${code}`)));
  });
}

/** bin/svcctl at a serve (or, without one, on the embedded store of `home`). */
const cli = (home, args, url) =>
  execFileSync(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...ENV, SVCCTL_HOME: home, ...(url ? { AWS_ENDPOINT_URL: url } : {}) },
    encoding: 'utf8',
  });

function skopeo(args) {
  execFileSync(SKOPEO, ['--insecure-policy', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A serve's repository ready for skopeo: its address as skopeo names it, and the login. */
function repositoryAt(home, serve, name) {
  cli(home, ['ecr', 'create-repository', '--repository-name', name], serve.url);
  const password = cli(home, ['ecr', 'get-login-password'], serve.url).trim();
  return { ref: `docker://${new URL(serve.url).host}/${name}`, creds: `AWS:${password}` };
}

async function timed(f) {
  const started = process.hrtime.bigint();
  await f();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function pushPull(dir, log) {
  log(
    `registry: a ${LAYER_MB} MiB layer, skopeo push and pull against serve beside a local copy, ${REGISTRY_RUNS} runs`,
  );
  const image = join(dir, 'image');
  await writeImage(image, LAYER_MB);
  const times = { floor: [], push: [], pull: [], basePush: [] };
  /** One push (and, for this build, the pull back) into a serve of its own: a new store, a new port. */
  const once = async (i, bin, push, pull) => {
    // skopeo remembers where it pushed a blob and mounts it from there on the same registry instead of
    // sending it again: hence a new serve each time.
    const home = join(dir, `serve-push-${i}`);
    const serve = await startServe(home, [], bin);
    try {
      const repo = repositoryAt(join(dir, 'cli'), serve, 'bench/push');
      const pulled = join(dir, `pulled-${i}`);
      push.push(
        await timed(() =>
          skopeo(['copy', '--dest-tls-verify=false', '--dest-creds', repo.creds, `oci:${image}:v1`, `${repo.ref}:v1`]),
        ),
      );
      if (pull)
        pull.push(
          await timed(() =>
            skopeo(['copy', '--src-tls-verify=false', '--src-creds', repo.creds, `${repo.ref}:v1`, `oci:${pulled}:v1`]),
          ),
        );
      rmSync(pulled, { recursive: true, force: true });
    } finally {
      await serve.stop();
      rmSync(home, { recursive: true, force: true });
    }
  };
  try {
    for (let i = 0; i < REGISTRY_RUNS; i++) {
      const floorDir = join(dir, `floor-${i}`);
      times.floor.push(await timed(() => skopeo(['copy', `oci:${image}:v1`, `oci:${floorDir}:v1`])));
      rmSync(floorDir, { recursive: true, force: true });
      await once(i, BIN, times.push, times.pull);
      if (BASE) await once(i, BASE, times.basePush);
    }
  } finally {
    rmSync(image, { recursive: true, force: true });
  }
  const floor = median(times.floor);
  const push = median(times.push);
  const pull = median(times.pull);
  const seconds = (x) => `${(x / 1000).toFixed(2)} s`;
  return [
    [
      `registry: skopeo push of a ${LAYER_MB} MiB layer to serve (SQLite)`,
      seconds(push),
      `${seconds(floor)} (\`skopeo copy\` between two local OCI directories)`,
      ratio(push, floor),
      '≤ 2× the local copy',
      verdict(push / floor, 2),
    ],
    [
      `… skopeo pull of it from serve`,
      seconds(pull),
      `${seconds(floor)} (the same local copy)`,
      ratio(pull, floor),
      '≤ 2× the local copy',
      verdict(pull / floor, 2),
    ],
    ...(BASE
      ? [
          [
            `… the same push to the base build's serve (BENCH_REGISTRY_BASE)`,
            seconds(median(times.basePush)),
            `${seconds(floor)} (the same local copy)`,
            ratio(median(times.basePush), floor),
            '',
            '',
          ],
        ]
      : []),
  ];
}

/** The peak resident set size of a running process, in MB (Linux: VmHWM). */
const peakRssMb = (pid) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

async function pushRss(dir, log) {
  log(`registry: serve's peak RSS while skopeo pushes a ${RSS_LAYER_MB} MiB layer, on SQLite and PostgreSQL`);
  const image = join(dir, 'big-image');
  await writeImage(image, RSS_LAYER_MB);
  const rows = [];
  const one = async (what, home, args, bin = BIN, name = 'bench/big') => {
    const serve = await startServe(home, args, bin);
    try {
      const before = peakRssMb(serve.pid);
      const repo = repositoryAt(join(dir, 'cli'), serve, name);
      let failed = '';
      const t = await timed(async () => {
        try {
          skopeo(['copy', '--dest-tls-verify=false', '--dest-creds', repo.creds, `oci:${image}:v1`, `${repo.ref}:v1`]);
        } catch (err) {
          // Measured all the same (the peak so far), with skopeo's reason.
          failed = `; the push failed: ${/msg="([^"]*)"/.exec(String(err.stderr ?? err.message))?.[1] ?? err.message}`;
        }
      });
      const peak = peakRssMb(serve.pid);
      rows.push([
        `registry: serve's peak RSS during a ${RSS_LAYER_MB} MiB layer push, ${what}`,
        `${Math.round(peak)} MB`,
        `${Math.round(before)} MB before the push`,
        `push took ${(t / 1000).toFixed(1)} s${failed}`,
        '< 200 MB',
        failed ? 'not measured (the push failed)' : verdict(peak, 200),
      ]);
    } finally {
      await serve.stop();
    }
  };
  try {
    await one('SQLite', join(dir, 'serve-rss'), []);
    if (BASE) await one("SQLite, the base build's serve (BENCH_REGISTRY_BASE)", join(dir, 'serve-rss-base'), [], BASE);
    const pg = await postgresForBench(log);
    if (!pg) rows.push([`… PostgreSQL`, 'not measured', 'no PostgreSQL (bench-pg.mjs)', '', '', '']);
    else
      try {
        // The base build first (a repository of its own in the same database): this build's push then
        // meets a database that already holds a gigabyte, not an empty one.
        if (BASE)
          await one(
            "PostgreSQL, the base build's serve (BENCH_REGISTRY_BASE)",
            join(dir, 'serve-rss-pg-base'),
            ['--store', pg.url],
            BASE,
            'bench/big-base',
          );
        await one('PostgreSQL', join(dir, 'serve-rss-pg'), ['--store', pg.url]);
      } finally {
        pg.stop();
      }
  } finally {
    rmSync(image, { recursive: true, force: true });
  }
  return rows;
}

/**
 * A repository of `n` images in the store of `home`, written as the registry writes them (one blob each
 * image holds, a manifest each, every other one tagged), straight into the SQLite file: pushing 10,000
 * images through skopeo would take longer than the rest of the benchmark.
 */
function seedImages(home, n) {
  cli(home, ['ecr', 'create-repository', '--repository-name', 'bench/images']);
  const db = new Database(join(home, 'state.db'));
  try {
    const account = '000000000000';
    const insert = db.prepare(
      'INSERT INTO images (registry_id, region, repository, digest, media_type, manifest, size, refs, pushed_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const tag = db.prepare(
      'INSERT INTO image_tags (registry_id, region, repository, tag, digest, tagged_ms) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const blob = db.prepare(
      'INSERT INTO registry_blobs (registry_id, region, repository, digest, size, created_ms) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const config = `sha256:${'c'.repeat(64)}`;
    db.transaction(() => {
      blob.run(account, 'us-east-1', 'bench/images', config, 100, Date.now());
      for (let i = 0; i < n; i++) {
        const manifest = Buffer.from(
          JSON.stringify({
            schemaVersion: 2,
            mediaType: 'application/vnd.oci.image.manifest.v1+json',
            config: { mediaType: 'application/vnd.oci.image.config.v1+json', digest: config, size: 100 },
            layers: [],
            annotations: { n: String(i) },
          }),
        );
        const digest = `sha256:${createHash('sha256').update(manifest).digest('hex')}`;
        const pushed = Date.UTC(2026, 0, 1) + i * 1000;
        insert.run(
          account,
          'us-east-1',
          'bench/images',
          digest,
          'application/vnd.oci.image.manifest.v1+json',
          manifest,
          100,
          JSON.stringify([config]),
          pushed,
        );
        if (i % 2 === 0) tag.run(account, 'us-east-1', 'bench/images', `v${i}`, digest, pushed);
      }
    })();
  } finally {
    db.close();
  }
}

function describeImages(dir, log) {
  log(`registry: describe-images --max-items 10 at ${FEW_IMAGES} and ${IMAGES} images, ${RUNS} interleaved runs`);
  const few = join(dir, 'images-few');
  const many = join(dir, 'images-many');
  seedImages(few, FEW_IMAGES);
  seedImages(many, IMAGES);
  const command = (home) => ({
    argv: () => [
      process.execPath,
      BIN,
      'ecr',
      'describe-images',
      '--repository-name',
      'bench/images',
      '--max-items',
      '10',
    ],
    env: { ...ENV, SVCCTL_HOME: home },
  });
  const [small, big] = interleave([command(few), command(many)], RUNS);
  return [
    [
      `registry: \`ecr describe-images --max-items 10\`, ${IMAGES.toLocaleString('en')} images in the repository`,
      ms(big),
      `${ms(small)} (${FEW_IMAGES} images)`,
      ratio(big, small),
      `≤ 1.1× of ${FEW_IMAGES}`,
      verdict(big / small, 1.1),
    ],
  ];
}

/** The registry's rows of `npm run bench`, those BENCH_REGISTRY_ROWS names. */
export async function registryRows(dir, log) {
  const rows = [];
  if (ROWS.includes('push')) rows.push(...(await pushPull(dir, log)));
  if (ROWS.includes('rss')) rows.push(...(await pushRss(dir, log)));
  if (ROWS.includes('images')) rows.push(...describeImages(dir, log));
  return rows;
}
