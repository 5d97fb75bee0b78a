// Timing helpers for scripts/bench.mjs: interleaved runs against `node -e 0` measured in the same loop
// (so that machine load moves both alike), medians, peak RSS of a child, the machine, a markdown table.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = join(ROOT, 'bin/svcctl');
const MAXRSS = pathToFileURL(join(ROOT, 'scripts/maxrss.mjs')).href;

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs each command `runs` times, round-robin (baseline, a, b, baseline, a, b, ...); a command is
 * {argv: (i) => string[], env?}. Returns each command's median wall time in ms. A non-zero exit aborts.
 */
export function interleave(commands, runs) {
  const times = commands.map(() => []);
  for (let i = 0; i < runs; i++) {
    commands.forEach((c, j) => {
      const [cmd, ...args] = c.argv(i);
      const started = process.hrtime.bigint();
      const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...c.env } });
      times[j].push(Number(process.hrtime.bigint() - started) / 1e6);
      if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    });
  }
  return times.map(median);
}

/** One run of the CLI with its stdout drained through a pipe; returns wall ms and peak RSS (MB). */
export function measured(args, env, rssFile) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', MAXRSS, BIN, ...args], {
      env: { ...process.env, ...env, SVCCTL_MAXRSS_FILE: rssFile },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let bytes = 0;
    child.stdout.on('data', (b) => (bytes += b.length));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`svcctl ${args.join(' ')} exited ${code}`));
      const rssMb = Number(readFileSync(rssFile, 'utf8')) / 1024;
      rmSync(rssFile, { force: true });
      resolve({ ms: performance.now() - started, rssMb, bytes });
    });
  });
}

export function machine() {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const nproc = spawnSync('nproc', [], { encoding: 'utf8' }).stdout?.trim() || String(cpus().length);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return {
    cpu,
    nproc,
    memGb: (totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    date: new Date().toISOString().slice(0, 16).replace('T', ' '),
    load,
  };
}

export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export const ms = (x) => `${Math.round(x)} ms`;
export const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
