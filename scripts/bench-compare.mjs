#!/usr/bin/env node
// `node scripts/bench-compare.mjs BASE [HEAD]`: two builds of svcctl (checkouts with dist/ built; HEAD
// defaults to this one) measured against each other, interleaved, so that the machine's load moves both
// alike: start-up (median wall time of BENCH_RUNS runs of each command, round-robin with `node -e 0`) and
// serve's throughput (scripts/load.mjs for BENCH_SECONDS at BENCH_CONCURRENCY, BENCH_ROUNDS rounds of base
// then head, each on a new store; the median of the rounds). Prints a markdown table. Not a test.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { interleave, machine, markdownTable, median, ms, ROOT } from './bench-lib.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 21);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const [baseArg, headArg] = process.argv.slice(2);
if (!baseArg) {
  process.stderr.write('usage: node scripts/bench-compare.mjs BASE_CHECKOUT [HEAD_CHECKOUT]\n');
  process.exit(2);
}
const builds = [
  { name: 'base', bin: join(resolve(baseArg), 'bin/svcctl') },
  { name: 'head', bin: join(resolve(headArg ?? ROOT), 'bin/svcctl') },
];
const log = (s) => process.stderr.write(`bench-compare: ${s}\n`);
const dir = mkdtempSync(join(tmpdir(), 'svcctl-compare-'));

function startUp() {
  const node0 = { argv: () => [process.execPath, '-e', '0'] };
  const commands = [
    ['--version', () => ['--version']],
    ['create-repository --generate-cli-skeleton', () => ['create-repository', '--generate-cli-skeleton']],
    ['local create-repository', (i) => ['create-repository', '--repository-name', `bench/r${i}`]],
    ['local describe-repositories --max-items 10', () => ['describe-repositories', '--max-items', '10']],
  ];
  return commands.map(([label, args]) => {
    log(`${label}: ${RUNS} interleaved runs`);
    const run = (b) => ({
      argv: (i) => [process.execPath, b.bin, ...args(i)],
      env: { SVCCTL_HOME: join(dir, `home-${b.name}`) },
    });
    const [n, base, head] = interleave([node0, ...builds.map(run)], RUNS);
    return [`\`${label}\``, ms(base), ms(head), `${(head / base).toFixed(2)}×`, ms(n)];
  });
}

function serve(bin, home) {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0'], {
    env: { ...process.env, SVCCTL_HOME: home },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const url = /^(http:\/\/\S+)/m.exec(out)?.[1];
      if (url) ok({ url, stop: () => new Promise((done) => child.once('exit', done).kill('SIGTERM')) });
    });
    child.once('exit', (code) => fail(new Error(`serve exited ${code}`)));
  });
}

function load(url, operation) {
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts/load.mjs'), url, operation, String(SECONDS), String(CONCURRENCY)],
    {
      encoding: 'utf8',
    },
  );
  const result = JSON.parse(r.stdout.trim().split('\n').pop());
  if (result.failed > 0) throw new Error(`${operation}: ${result.failed} failed (${result.firstError})`);
  return result.rps;
}

async function throughput() {
  const rows = [];
  for (const operation of ['create-repository', 'describe-launch-configurations']) {
    const rps = { base: [], head: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const b of builds) {
        const home = join(dir, `serve-${b.name}-${operation}-${round}`);
        const s = await serve(b.bin, home);
        try {
          if (operation === 'describe-launch-configurations') {
            for (let i = 0; i < 30; i++) {
              spawnSync(
                process.execPath,
                [
                  b.bin,
                  'create-launch-configuration',
                  '--launch-configuration-name',
                  `lc${i}`,
                  '--image-id',
                  'ami-12345678',
                  '--instance-type',
                  't3.micro',
                ],
                {
                  env: { ...process.env, SVCCTL_HOME: home },
                },
              );
            }
          }
          rps[b.name].push(load(s.url, operation));
        } finally {
          await s.stop();
        }
        log(`${operation} round ${round + 1}, ${b.name}: ${Math.round(rps[b.name].at(-1))} req/s`);
      }
    }
    const [base, head] = [median(rps.base), median(rps.head)];
    rows.push([
      `serve ${operation} (req/s, ${CONCURRENCY} in flight)`,
      String(Math.round(base)),
      String(Math.round(head)),
      `${(head / base).toFixed(2)}×`,
      '',
    ]);
  }
  return rows;
}

try {
  const m = machine();
  const rows = [...startUp(), ...(await throughput())];
  process.stdout.write(
    `${m.cpu}, ${m.nproc} CPUs, load ${m.load}; ${RUNS} start-up runs, ${ROUNDS} serve rounds of ${SECONDS} s\n\n`,
  );
  process.stdout.write(`${markdownTable(['measure', 'base', 'head', 'head/base', '`node -e 0`'], rows)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
