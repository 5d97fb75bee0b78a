#!/usr/bin/env node
// `npm run bench`: start-up, paging at scale, full listings, `svcctl serve` throughput and svcctl against
// the AWS CLI v2 on one server. Every timing is a median of interleaved runs beside `node -e 0` measured
// in the same loop. Prints a markdown table for BENCHMARKS.md. Not a test: nothing here can fail CI.
// Knobs: BENCH_RUNS (21), BENCH_FULL_RUNS (3), BENCH_AWS_RUNS (11), BENCH_SECONDS (5), BENCH_CONCURRENCY (4),
// BENCH_STORED (100000: the launch configurations of the paging and full-listing rows),
// BENCH_AWS_CURRENT (the path of a current AWS CLI v2 to compare with, beside Debian's /usr/bin/aws),
// BENCH_PG_URL (an empty PostgreSQL database for the shared-store rows; else a temporary cluster, see bench-pg.mjs),
// BENCH_STORES_ONLY=1 (only the serve throughput rows: SQLite with 1 instance, PostgreSQL with 1 and 3),
// BENCH_LIBRARY_ONLY=1 (only the library's rows: serve(), reset(), close(); scripts/bench-library.mjs),
// BENCH_SCALE_ONLY=1 (issue 42's rows, not in the full run: creates through serve as the store grows, on SQLite and PostgreSQL,
// beside moto's server at BENCH_MOTO_URL when given; --max-items 10 at BENCH_PAGING_BIG (1,000,000) stored),
// BENCH_SCALE_LEVELS (0,10000,100000: resources stored of each kind), BENCH_SCALE_CONCURRENCY (32),
// BENCH_SCALE_ROUNDS (3: windows of each store and level, and of moto, taken turn about; rows give the medians),
// BENCH_REGISTRY_ONLY=1 (serve's registry rows, not in the full run: scripts/bench-registry.mjs; BENCH_REGISTRY_ROWS picks them).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresForBench } from './bench-pg.mjs';
import { meterRows } from './bench-meters.mjs';
import { registryRows } from './bench-registry.mjs';
import { BIN, interleave, machine, markdownTable, measured, median, ms, ratio, ROOT } from './bench-lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const FULL_RUNS = Number(process.env.BENCH_FULL_RUNS ?? 3);
const AWS_RUNS = Number(process.env.BENCH_AWS_RUNS ?? 11);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const AWS = '/usr/bin/aws';
const BIG = Number(process.env.BENCH_STORED ?? 100_000);
const SMALL = 100;
const AWS_ENV = {
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_PAGER: '',
  TZ: 'UTC',
};

const log = (s) => process.stderr.write(`bench: ${s}\n`);
const node0 = { argv: () => [process.execPath, '-e', '0'] };
const svcctl = (home, args, env = {}) => ({
  argv: (i) => [process.execPath, BIN, ...args(i)],
  env: { SVCCTL_HOME: home, ...env },
});
const verdict = (value, limit, better) => {
  const ok = better === 'lower' ? value <= limit : value >= limit;
  const by = better === 'lower' ? value / limit - 1 : 1 - value / limit;
  const pct = by * 100;
  return ok ? 'met' : `missed by ${pct < 10 ? pct.toFixed(1) : Math.round(pct)}%`;
};

async function prepare(dir) {
  if (!existsSync(join(ROOT, 'dist/cli.cjs')) || !existsSync(join(ROOT, 'dist/bulk.js'))) {
    log('building dist/');
    execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  }
  const { seedLaunchConfigurations } = await import('../dist/bulk.js');
  const homes = {
    small: join(dir, 'small'),
    big: join(dir, 'big'),
    repos: join(dir, 'repos'),
    serve: join(dir, 'serve'),
  };
  const started = performance.now();
  seedLaunchConfigurations({ home: homes.small, count: SMALL });
  if (process.env.BENCH_STORES_ONLY !== '1') seedLaunchConfigurations({ home: homes.big, count: BIG, batch: BIG });
  seedLaunchConfigurations({ home: homes.serve, count: SMALL });
  log(`seeded ${BIG} launch configurations in ${Math.round(performance.now() - started)} ms`);
  execFileSync(process.execPath, [BIN, 'create-repository', '--repository-name', 'warm'], {
    env: { ...process.env, SVCCTL_HOME: homes.repos },
    stdio: 'ignore',
  });
  return homes;
}

function startup(homes) {
  log(`start-up: ${RUNS} interleaved runs`);
  const name = (p) => (i) => ['create-repository', '--repository-name', `${p}-${process.pid}-${i}`];
  const [base, version, versionOff, versionEsm, create, createOff, describe] = interleave(
    [
      node0,
      svcctl(homes.repos, () => ['--version']),
      svcctl(homes.repos, () => ['--version'], { SVCCTL_CODE_CACHE: 'off' }),
      svcctl(homes.repos, () => ['--version'], { SVCCTL_CODE_CACHE: 'esm' }),
      svcctl(homes.repos, name('a')),
      svcctl(homes.repos, name('b'), { SVCCTL_CODE_CACHE: 'off' }),
      svcctl(homes.repos, () => ['describe-repositories', '--max-items', '10']),
    ],
    RUNS,
  );
  const LOCAL = 1.15; // issue 18: every local command within 1.15× of `node -e 0`
  return [
    [
      '`svcctl --version`',
      ms(version),
      ms(base),
      ratio(version, base),
      `≤ ${LOCAL}×`,
      verdict(version / base, LOCAL, 'lower'),
    ],
    ['… without the code cache (`SVCCTL_CODE_CACHE=off`)', ms(versionOff), ms(base), ratio(versionOff, base), '', ''],
    ['… from the split ESM build (`SVCCTL_CODE_CACHE=esm`)', ms(versionEsm), ms(base), ratio(versionEsm, base), '', ''],
    [
      'local `create-repository`',
      ms(create),
      ms(base),
      ratio(create, base),
      `≤ ${LOCAL}×`,
      verdict(create / base, LOCAL, 'lower'),
    ],
    ['… without the code cache', ms(createOff), ms(base), ratio(createOff, base), '', ''],
    [
      'local `describe-repositories --max-items 10`',
      ms(describe),
      ms(base),
      ratio(describe, base),
      `≤ ${LOCAL}×`,
      verdict(describe / base, LOCAL, 'lower'),
    ],
  ];
}

function paging(homes) {
  log(`--max-items 10 at ${SMALL} and ${BIG}: ${RUNS} interleaved runs`);
  const args = () => ['describe-launch-configurations', '--max-items', '10'];
  const [base, small, big] = interleave([node0, svcctl(homes.small, args), svcctl(homes.big, args)], RUNS);
  return [
    [
      `\`describe-launch-configurations --max-items 10\`, ${SMALL} stored`,
      ms(small),
      ms(base),
      ratio(small, base),
      '',
      '',
    ],
    [
      `… ${BIG.toLocaleString('en')} stored`,
      ms(big),
      `${ms(small)} (${SMALL} stored)`,
      ratio(big, small),
      '≤ 1.2× of 100',
      verdict(big / small, 1.2, 'lower'),
    ],
  ];
}

async function listings(homes, dir) {
  const rows = [];
  for (const format of ['json', 'text', 'yaml-stream']) {
    log(`full listing of ${BIG}, --output ${format}: ${FULL_RUNS} runs`);
    const runs = [];
    for (let i = 0; i < FULL_RUNS; i++)
      runs.push(
        await measured(
          ['describe-launch-configurations', '--output', format],
          { SVCCTL_HOME: homes.big },
          join(dir, 'rss'),
        ),
      );
    const t = runs.map((r) => r.ms).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    const rss = Math.max(...runs.map((r) => r.rssMb));
    rows.push([
      `full listing of ${BIG.toLocaleString('en')}, \`--output ${format}\` (${(runs[0].bytes / 2 ** 20).toFixed(0)} MB)`,
      `${(t / 1000).toFixed(1)} s`,
      '',
      `peak RSS ${Math.round(rss)} MB`,
      '< 200 MB',
      verdict(rss, 200, 'lower'),
    ]);
  }
  return rows;
}

function startServe(home, args = []) {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    env: { ...process.env, SVCCTL_HOME: home },
    stdio: ['ignore', 'pipe', process.env.BENCH_SERVE_LOG ? 'inherit' : 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
      if (out.includes('\n')) resolve({ url: out.split('\n')[0], pid: child.pid, stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`svcctl serve exited ${code}`)));
  });
}

/** CPU seconds (user + system) a process has used so far (Linux /proc; clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The load generator against one serve, or spread over several (`serves` an array), CONCURRENCY in flight per instance. */
function load(serve, operation) {
  const serves = Array.isArray(serve) ? serve : [serve];
  const concurrency = CONCURRENCY * serves.length;
  log(`serve: ${operation}, ${concurrency} in flight over ${serves.length} instance(s) for ${SECONDS} s`);
  const cpu = () => serves.reduce((sum, s) => sum + cpuSeconds(s.pid), 0);
  const before = cpu();
  const out = execFileSync(
    process.execPath,
    [
      join(ROOT, 'scripts/load.mjs'),
      serves.map((s) => s.url).join(','),
      operation,
      String(SECONDS),
      String(concurrency),
    ],
    { encoding: 'utf8' },
  );
  const result = JSON.parse(out);
  // The load generator's warm-up (0.5 s) is in the CPU time too: count its requests at the measured rate.
  result.perCpuSecond = Math.round((result.ok * (SECONDS + 0.5)) / SECONDS / (cpu() - before));
  return result;
}

/**
 * The shared store: the same two operations with 1 instance (its operations one at a time, then in a pool
 * of POOL threads) and with 3 serve instances on one PostgreSQL database
 * (seeded with the same 100 launch configurations, through svcctl store export/import), beside SQLite's.
 */
const POOL = 4;
/** Each way, what the delay proxy adds: a database on another host, about 2 ms a round trip. */
const DISTANT_MS = 1;

/**
 * What the pool is for: a database that is not on this machine. Through scripts/delay-proxy.mjs, each
 * statement costs a round trip more; one instance without a pool waits for each in turn, a pool of POOL
 * waits for POOL at once.
 */
async function distantDatabase(url, dir, row) {
  const u = new URL(url);
  const proxy = spawn(process.execPath, [join(ROOT, 'scripts/delay-proxy.mjs'), u.port, String(DISTANT_MS)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise((resolve, reject) => {
      proxy.stdout.once('data', (b) => resolve(String(b).trim()));
      proxy.once('exit', (code) => reject(new Error(`delay proxy exited ${code}`)));
    });
    u.port = port;
    const rows = [];
    for (const size of [1, POOL]) {
      const serve = await startServe(join(dir, `pg-distant-${size}`), [
        '--store',
        u.toString(),
        '--store-pool-size',
        String(size),
      ]);
      try {
        const what = `… PostgreSQL ${2 * DISTANT_MS} ms away, 1 instance${size > 1 ? `, --store-pool-size ${size}` : ''}`;
        rows.push(
          row(`${what}: CreateRepository`, load(serve, 'create-repository')),
          row(`${what}: DescribeLaunchConfigurations`, load(serve, 'describe-launch-configurations')),
        );
      } finally {
        serve.stop();
      }
    }
    return rows;
  } finally {
    proxy.kill();
  }
}

async function sharedStore(homes, dir) {
  const pg = await postgresForBench(log);
  if (!pg)
    return [
      [
        '`svcctl serve --store postgres://…`',
        'not measured',
        `no PostgreSQL (${process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin'}/initdb, or BENCH_PG_URL)`,
        '',
        '',
        '',
      ],
    ];
  const serves = [];
  try {
    const snapshot = join(dir, 'serve-state.json');
    execFileSync(process.execPath, [BIN, 'store', 'export', '--file', snapshot], {
      env: { ...process.env, SVCCTL_HOME: homes.serve },
    });
    execFileSync(process.execPath, [BIN, 'store', 'import', '--file', snapshot, '--store', pg.url, '--replace'], {
      env: { ...process.env, SVCCTL_HOME: join(dir, 'pg-cli') },
      stdio: 'ignore',
    });
    serves.push(await startServe(join(dir, 'pg-0'), ['--store', pg.url]));
    const row = (what, r) => [
      what,
      `${r.rps.toLocaleString('en')} req/s`,
      `p50 ${r.p50} ms, p99 ${r.p99} ms`,
      `${r.failed ? `${r.failed} failed (${r.firstError}); ` : ''}${r.perCpuSecond.toLocaleString('en')} req per CPU-second of the instances`,
      '',
      '',
    ];
    const rows = [
      row('… PostgreSQL, 1 instance: CreateRepository', load(serves, 'create-repository')),
      row('… PostgreSQL, 1 instance: DescribeLaunchConfigurations', load(serves, 'describe-launch-configurations')),
    ];
    // One instance again, with the operations in 4 threads on 4 connections (--store-pool-size 4).
    const pooled = await startServe(join(dir, 'pg-pool'), ['--store', pg.url, '--store-pool-size', String(POOL)]);
    try {
      rows.push(
        row(`… PostgreSQL, 1 instance, --store-pool-size ${POOL}: CreateRepository`, load(pooled, 'create-repository')),
        row(
          `… PostgreSQL, 1 instance, --store-pool-size ${POOL}: DescribeLaunchConfigurations`,
          load(pooled, 'describe-launch-configurations'),
        ),
      );
    } finally {
      pooled.stop();
    }
    rows.push(...(await distantDatabase(pg.url, dir, row)));
    serves.push(
      await startServe(join(dir, 'pg-1'), ['--store', pg.url]),
      await startServe(join(dir, 'pg-2'), ['--store', pg.url]),
    );
    rows.push(
      row('… PostgreSQL, 3 instances: CreateRepository', load(serves, 'create-repository')),
      row('… PostgreSQL, 3 instances: DescribeLaunchConfigurations', load(serves, 'describe-launch-configurations')),
    );
    return rows;
  } finally {
    for (const s of serves) s.stop();
    pg.stop();
  }
}

function throughput(serve) {
  const create = load(serve, 'create-repository');
  const describe = load(serve, 'describe-launch-configurations');
  const row = (what, r, target) => [
    what,
    `${r.rps.toLocaleString('en')} req/s`,
    `p50 ${r.p50} ms, p99 ${r.p99} ms`,
    `${r.failed ? `${r.failed} failed; ` : ''}${r.perCpuSecond.toLocaleString('en')} req per CPU-second of the server`,
    target,
    target ? verdict(r.rps, 3000, 'higher') : '',
  ];
  return [
    row('`svcctl serve` CreateRepository', create, '≥ 3,000 req/s'),
    row('`svcctl serve` DescribeLaunchConfigurations (MaxRecords 10)', describe, ''),
  ];
}

/** The AWS CLIs to compare with: Debian's (2.9) always, and a current 2.x when BENCH_AWS_CURRENT names one. */
function awsClis() {
  const clis = [];
  for (const [path, target] of [
    [AWS, 5],
    [process.env.BENCH_AWS_CURRENT, 6],
  ]) {
    if (!path || !existsSync(path)) continue;
    const version = execFileSync(path, ['--version'], { encoding: 'utf8', env: { ...process.env, ...AWS_ENV } }).split(
      ' ',
    )[0];
    clis.push({ path, version, target });
  }
  return clis;
}

function versusAws(url) {
  const clis = awsClis();
  if (clis.length === 0)
    return [['svcctl against the AWS CLI v2', 'skipped: /usr/bin/aws is not installed', '', '', '', '']];
  log(
    `same describe against the same serve, svcctl and ${clis.map((c) => c.version).join(', ')}: ${AWS_RUNS} interleaved runs`,
  );
  const args = ['describe-launch-configurations', '--max-items', '10', '--endpoint-url', url];
  const env = { ...AWS_ENV, SVCCTL_HOME: '/nonexistent' };
  const [base, ours, ...theirs] = interleave(
    [
      node0,
      { argv: () => [process.execPath, BIN, ...args], env },
      ...clis.map((c) => ({ argv: () => [c.path, 'autoscaling', ...args], env })),
    ],
    AWS_RUNS,
  );
  return [
    [
      '`describe-launch-configurations --max-items 10` via serve: svcctl',
      ms(ours),
      ms(base),
      ratio(ours, base),
      '',
      '',
    ],
    ...clis.map((c, i) => [
      `… ${c.version}, same command, same server`,
      ms(theirs[i]),
      ms(ours),
      `svcctl ${ratio(theirs[i], ours)} faster`,
      `≥ ${c.target}× faster`,
      verdict(theirs[i] / ours, c.target, 'higher'),
    ]),
  ];
}

const SCALE_LEVELS = (process.env.BENCH_SCALE_LEVELS ?? '0,10000,100000').split(',').map(Number);
const SCALE_CONCURRENCY = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 32);
const SCALE_ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const PAGING_BIG = Number(process.env.BENCH_PAGING_BIG ?? 1_000_000);
const PAGING_SMALL = 60;
/**
 * The quotas while the store grows: ECR's default (100,000 per registry and region) would refuse every create
 * at 100,000 stored, Auto Scaling's (200) every one past 200. Both are raised to this number, not lifted
 * (none), so that every create is counted and checked exactly as at the defaults; every other setting is the default.
 */
const SCALE_QUOTA = '1000000';

/** One load of SECONDS on `url` (any server speaking the protocols, moto's too), SCALE_CONCURRENCY in flight. */
function loadAt(url, operation, total) {
  const args = [join(ROOT, 'scripts/load.mjs'), url, operation, String(SECONDS), String(SCALE_CONCURRENCY)];
  return JSON.parse(
    execFileSync(process.execPath, total === undefined ? args : [...args, String(total)], { encoding: 'utf8' }),
  );
}

/** A SQLite store holding `n` repositories and `n` launch configurations, made through their create handlers. */
async function scaleStore(home, n) {
  const { openStore, seedInto, seedRepositoriesInto, writeSettings } = await import('../dist/bulk.js');
  const db = openStore(home);
  try {
    seedRepositoriesInto(db, { home, count: n, quota: SCALE_QUOTA });
    seedInto(db, { home, count: n });
    writeSettings(db, [
      ['launch_configurations_per_region', SCALE_QUOTA],
      ['repositories_per_region', SCALE_QUOTA],
    ]);
  } finally {
    db.close();
  }
}

/**
 * A database of its own on the cluster at `url`, for one level's store: every level's serve runs at once, so
 * that their windows interleave. BENCH_PG_URL's role must be allowed to create databases.
 */
async function databaseFor(url, name) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name}`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
}

/**
 * Issue 42: CreateRepository and CreateLaunchConfiguration through serve at each level of SCALE_LEVELS stored
 * (of each kind, in the scope the creates count in), on SQLite and on PostgreSQL (the same state, moved with
 * store export / import), beside moto's server at BENCH_MOTO_URL filled to the top level (through its own
 * API; it starts empty, or holding BENCH_MOTO_HELD of each). Every store and level has a serve of its own,
 * all started before the first window, and the windows go round them and moto SCALE_ROUNDS times: a ratio is
 * of two medians whose windows were measured turn about, so a change of the machine's load moves both.
 */
async function createsAtScale(dir) {
  const ops = [
    ['create-repository', 'CreateRepository'],
    ['create-launch-configuration', 'CreateLaunchConfiguration'],
  ];
  const windows = { sqlite: {}, postgres: {} };
  const motoWindows = {};
  const pg = await postgresForBench(log);
  const moto = process.env.BENCH_MOTO_URL;
  // BENCH_MOTO_HELD: how many repositories and launch configurations moto's server already holds (`N`, or
  // `REPOSITORIES,LAUNCH_CONFIGURATIONS`), filled beforehand through its own API (e.g. `node scripts/load.mjs URL
  // create-repository 1 32 100000`), since filling it is most of a run's time.
  const [repositories, launchConfigurations = repositories] = (process.env.BENCH_MOTO_HELD ?? '0')
    .split(',')
    .map(Number);
  const motoHeld = { 'create-repository': repositories, 'create-launch-configuration': launchConfigurations };
  const top = SCALE_LEVELS[SCALE_LEVELS.length - 1];
  const serves = [];
  try {
    for (const n of SCALE_LEVELS) {
      const home = join(dir, `scale-${n}`);
      const started = performance.now();
      await scaleStore(home, n);
      log(
        `scale: ${n} repositories and ${n} launch configurations seeded in ${Math.round(performance.now() - started)} ms`,
      );
      serves.push({ store: 'sqlite', n, ...(await startServe(home, [])) });
      if (pg) {
        const url = await databaseFor(pg.url, `svcctl_scale_${n}`);
        const snapshot = join(dir, `scale-${n}.json`);
        execFileSync(process.execPath, [BIN, 'store', 'export', '--file', snapshot], {
          env: { ...process.env, SVCCTL_HOME: home },
        });
        execFileSync(process.execPath, [BIN, 'store', 'import', '--file', snapshot, '--store', url, '--replace'], {
          env: { ...process.env, SVCCTL_HOME: join(dir, 'pg-cli') },
        });
        rmSync(snapshot, { force: true });
        serves.push({ store: 'postgres', n, ...(await startServe(join(dir, `scale-pg-${n}`), ['--store', url])) });
      }
    }
    if (moto) {
      for (const [op] of ops) {
        if (top > motoHeld[op]) {
          log(`scale: filling moto with ${top - motoHeld[op]} for ${op}`);
          motoHeld[op] += loadAt(moto, op, top - motoHeld[op]).ok;
        }
      }
    }
    for (let round = 1; round <= SCALE_ROUNDS; round++) {
      for (const [op] of ops) {
        for (const s of serves) {
          log(
            `scale: round ${round}, ${op} on ${s.store} at ${s.n} stored, ${SCALE_CONCURRENCY} in flight for ${SECONDS} s`,
          );
          const before = cpuSeconds(s.pid);
          const r = loadAt(s.url, op);
          // CPU a create, the window's warm-up (0.5 s) counted at the measured rate.
          const cpuUs = r.ok > 0 ? Math.round(((cpuSeconds(s.pid) - before) * 1e6) / (r.ok * (1 + 0.5 / SECONDS))) : 0;
          ((windows[s.store][op] ??= {})[s.n] ??= []).push({ ...r, cpuUs });
        }
        if (moto) {
          log(`scale: round ${round}, ${op} on moto at ${motoHeld[op]} stored`);
          const r = loadAt(moto, op);
          (motoWindows[op] ??= []).push({ ...r, held: motoHeld[op] });
          motoHeld[op] += r.ok;
        }
      }
    }
  } finally {
    for (const s of serves) s.stop();
    pg?.stop();
  }
  const middle = (list) => {
    const m = median(list.map((w) => w.rps));
    return list.find((w) => w.rps === m);
  };
  const each = (list) => list.map((w) => w.rps.toLocaleString('en')).join(' / ');
  const rows = [];
  for (const [op, name] of ops) {
    const m = motoWindows[op] && middle(motoWindows[op]);
    for (const store of ['sqlite', 'postgres']) {
      const byLevel = windows[store][op];
      if (!byLevel) {
        rows.push([`\`serve\` ${name}, ${store}`, 'not measured', 'no PostgreSQL', '', '', '']);
        continue;
      }
      const base = middle(byLevel[SCALE_LEVELS[0]]);
      for (const n of SCALE_LEVELS) {
        const r = middle(byLevel[n]);
        const failed = byLevel[n].filter((w) => w.failed);
        const fails = failed.length
          ? `; ${failed.reduce((s, w) => s + w.failed, 0)} failed (${failed[0].firstError})`
          : '';
        const vsMoto =
          n !== top
            ? ''
            : m
              ? `; moto ${m.rps.toLocaleString('en')} req/s (windows ${each(motoWindows[op])}) at ${m.held.toLocaleString('en')} stored: svcctl ${m.rps > 0 ? ratio(r.rps, m.rps) : 'n/a'}`
              : '; moto not measured (BENCH_MOTO_URL unset)';
        rows.push([
          `\`serve\` ${name}, ${store === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${n.toLocaleString('en')} stored`,
          `${r.rps.toLocaleString('en')} req/s`,
          n === SCALE_LEVELS[0]
            ? `p50 ${r.p50} ms, p99 ${r.p99} ms`
            : `${base.rps.toLocaleString('en')} req/s at ${SCALE_LEVELS[0]} stored`,
          `${n === SCALE_LEVELS[0] ? '' : `${ratio(r.rps, base.rps)} of ${SCALE_LEVELS[0]} stored; `}windows ${each(byLevel[n])}; ${r.cpuUs} µs CPU a create${vsMoto}${fails}`,
          n === top ? `≥ 0.9× of ${SCALE_LEVELS[0]} stored${m ? ', ≥ 20× moto' : ''}` : '',
          n === top
            ? [
                verdict(r.rps / base.rps, 0.9, 'higher'),
                ...(m && m.rps > 0 ? [verdict(r.rps / m.rps, 20, 'higher')] : []),
              ].join(', ')
            : '',
        ]);
      }
    }
  }
  return rows;
}

/** Issue 42: `--max-items 10` at PAGING_BIG stored against at PAGING_SMALL, interleaved beside `node -e 0`. */
async function pagingAtMillion(dir) {
  const { seedLaunchConfigurations } = await import('../dist/bulk.js');
  const small = join(dir, 'paging-small');
  const big = join(dir, 'paging-big');
  const started = performance.now();
  seedLaunchConfigurations({ home: small, count: PAGING_SMALL });
  seedLaunchConfigurations({ home: big, count: PAGING_BIG, batch: 100_000 });
  log(
    `paging: ${PAGING_BIG} launch configurations seeded in ${Math.round(performance.now() - started)} ms; ${RUNS} interleaved runs`,
  );
  const args = () => ['describe-launch-configurations', '--max-items', '10'];
  const [base, s, b] = interleave([node0, svcctl(small, args), svcctl(big, args)], RUNS);
  rmSync(big, { recursive: true, force: true });
  return [
    [
      `\`describe-launch-configurations --max-items 10\`, ${PAGING_SMALL} stored`,
      ms(s),
      ms(base),
      ratio(s, base),
      '',
      '',
    ],
    [
      `… ${PAGING_BIG.toLocaleString('en')} stored`,
      ms(b),
      `${ms(s)} (${PAGING_SMALL} stored)`,
      ratio(b, s),
      `≤ 1.1× of ${PAGING_SMALL}`,
      verdict(b / s, 1.1, 'lower'),
    ],
  ];
}

/** The library (issue 32): serve() to its first answer, reset() of 1,000 resources, close(), in a process of its own. */
function library() {
  log(`library: serve(), reset() and close(), ${RUNS} runs beside a node:http hello server`);
  if (!existsSync(join(ROOT, 'dist/api.js')))
    execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--no-types'], { cwd: ROOT, stdio: 'inherit' });
  const r = JSON.parse(
    execFileSync(process.execPath, [join(ROOT, 'scripts/bench-library.mjs'), String(RUNS)], { encoding: 'utf8' }),
  );
  const fine = (x) => `${x < 10 ? x.toFixed(2) : Math.round(x)} ms`;
  return [
    [
      '`serve()` to its first answered request (in memory, DescribeRepositories)',
      fine(r.start),
      `${fine(r.helloStart)} (node:http hello: listen, first answer)`,
      ratio(r.start, r.helloStart),
      '≤ 50 ms',
      verdict(r.start, 50, 'lower'),
    ],
    ['… its CPU time (this process, the client included)', fine(r.startCpu), '', 'wall time on an idle core', '', ''],
    ['… the first `serve()` of a process (its modules’ first use)', fine(r.cold), '', '', '', ''],
    [
      `\`reset()\` of 1,000 resources (and the journal: ${r.rows.toLocaleString('en')} rows)`,
      fine(r.reset),
      `${fine(r.resetHttp)} (POST /_svcctl/reset)`,
      ratio(r.reset, r.resetHttp),
      '≤ 5 ms',
      verdict(r.reset, 5, 'lower'),
    ],
    [
      '`close()`, a keep-alive client connected',
      fine(r.close),
      `${fine(r.helloClose)} (node:http hello: close)`,
      ratio(r.close, r.helloClose),
      '≤ 20 ms',
      verdict(r.close, 20, 'lower'),
    ],
  ];
}

const dir = mkdtempSync(join(tmpdir(), 'svcctl-bench-'));
if (process.env.BENCH_SCALE_ONLY === '1') {
  const m = machine();
  if (!existsSync(join(ROOT, 'dist/cli.cjs')) || !existsSync(join(ROOT, 'dist/bulk.js')))
    execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  try {
    const rows = [...(await createsAtScale(dir)), ...(await pagingAtMillion(dir))];
    const end = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(
      `Machine: ${m.cpu}, ${m.nproc} CPUs, ${m.memGb} GB memory, Node ${m.node}; load average at start ${m.load}, at end ${end}; ${m.date} UTC.`,
    );
    console.log(
      `serve: ${SCALE_CONCURRENCY} requests in flight for ${SECONDS} s a window (after a 0.5 s warm-up), unsigned, a new name each request; quotas ${SCALE_QUOTA}; each row the median of ${SCALE_ROUNDS} windows, taken turn about with every other store, level and moto; paging: medians of ${RUNS} interleaved runs.\n`,
    );
    console.log(
      markdownTable(['measurement', 'svcctl', 'compared with (same run)', 'ratio / detail', 'target', 'result'], rows),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
if (process.env.BENCH_METERS_ONLY === '1') {
  const rows = await meterRows(dir, { startServe, load, log, seconds: SECONDS, concurrency: CONCURRENCY });
  console.log(
    markdownTable(['measurement', 'svcctl', 'compared with (same run)', 'ratio / detail', 'target', 'result'], rows),
  );
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
if (process.env.BENCH_REGISTRY_ONLY === '1') {
  const m = machine();
  try {
    const rows = await registryRows(dir, log);
    const end = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    console.log(
      `Machine: ${m.cpu}, ${m.nproc} CPUs, ${m.memGb} GB memory, Node ${m.node}; load average at start ${m.load}, at end ${end}; ${m.date} UTC.\n`,
    );
    console.log(
      markdownTable(['measurement', 'svcctl', 'compared with (same run)', 'ratio / detail', 'target', 'result'], rows),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}
if (process.env.BENCH_LIBRARY_ONLY === '1') {
  const m = machine();
  const rows = library();
  console.log(
    `Machine: ${m.cpu}, ${m.nproc} CPUs, ${m.memGb} GB memory, Node ${m.node}; load average at start ${m.load}; ${m.date} UTC.`,
  );
  console.log(`Medians of ${RUNS} runs.\n`);
  console.log(
    markdownTable(['measurement', 'svcctl', 'compared with (same run)', 'ratio / detail', 'target', 'result'], rows),
  );
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
try {
  const m = machine();
  const homes = await prepare(dir);
  const storesOnly = process.env.BENCH_STORES_ONLY === '1';
  const rows = storesOnly ? [] : [...startup(homes), ...paging(homes), ...(await listings(homes, dir))];
  const serve = await startServe(homes.serve);
  try {
    rows.push(...throughput(serve), ...(storesOnly ? [] : versusAws(serve.url)));
  } finally {
    serve.stop();
  }
  rows.push(...(await sharedStore(homes, dir)));
  rows.push(...(await meterRows(dir, { startServe, load, log, seconds: SECONDS, concurrency: CONCURRENCY })));
  if (!storesOnly) rows.push(...library());
  console.log(
    `Machine: ${m.cpu}, ${m.nproc} CPUs, ${m.memGb} GB memory, Node ${m.node}; load average at start ${m.load}; ${m.date} UTC.`,
  );
  console.log(
    `Medians of ${RUNS} runs (start-up, paging), ${FULL_RUNS} (full listings), ${AWS_RUNS} (AWS CLI); serve: ${CONCURRENCY} requests in flight for ${SECONDS} s.\n`,
  );
  console.log(
    markdownTable(['measurement', 'svcctl', 'compared with (same run)', 'ratio / detail', 'target', 'result'], rows),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
