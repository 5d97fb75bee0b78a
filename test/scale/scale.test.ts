/**
 * 100,000 launch configurations in the embedded store: a page costs the same as at 100 stored (keyset
 * seek on the primary key, checked with EXPLAIN QUERY PLAN), and a full listing streams in bounded
 * memory for json, text and yaml-stream. Asserts the plan, the output and the memory bound; timings are
 * printed, never asserted (the benchmark, `npm run bench`, compares them).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInto } from '../../scripts/bulk.js';
import { pageQuery } from '../../src/backends/embedded/handlers/launch-configurations.js';
import type { Database } from '../../src/backends/embedded/store/db.js';
import { openStore } from '../../src/backends/embedded/store/sqlite-store.js';
import { encodeToken } from '../../src/paginate/token.js';
import { type FreshBin, freshBin } from '../completion/fresh-bin.js';

const BIG = 100_000;
const SMALL = 100;
const MAX_RSS_MB = 200;
const CREATED = Date.UTC(2026, 10, 20, 23, 21, 51, 327);
const PRELOAD = pathToFileURL(join(import.meta.dirname, '../../scripts/maxrss.mjs')).href;

let bin: FreshBin;
let dir: string;
const homes: Record<number, string> = {};
const figures: string[] = [];

function seed(count: number): string {
  const home = join(dir, String(count));
  const db = openStore(home);
  let n = 0;
  const ids = {
    id: (prefix: string) => `${prefix}${++n}`,
    uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  };
  seedInto(db, { home, count, batch: count, createdMs: CREATED, ids });
  db.close();
  return home;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-scale-'));
  bin = await freshBin();
  const started = performance.now();
  homes[SMALL] = seed(SMALL);
  homes[BIG] = seed(BIG);
  figures.push(`seeded ${BIG} in ${Math.round(performance.now() - started)} ms (one transaction)`);
}, 180_000);
afterAll(() => {
  bin?.cleanup();
  rmSync(dir, { recursive: true, force: true });
  console.log(`scale: ${figures.join('; ')}`);
});

interface Run {
  code: number | null;
  ms: number;
  maxRssMb: number;
  stdout: string;
  stderr: string;
  /** Lines of stdout that start with the given prefix, counted as the output streams past. */
  matched: number;
}

/** Runs the real CLI; stdout is scanned as it arrives (kept only when `keep`), never buffered whole. */
function cli(home: string, args: string[], opts: { keep?: boolean; count?: string } = {}): Promise<Run> {
  const rssFile = join(dir, `rss-${Math.random().toString(36).slice(2)}`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', PRELOAD, join(bin.binDir, 'svcctl'), ...args], {
    env: { PATH: process.env.PATH, SVCCTL_HOME: home, SVCCTL_MAXRSS_FILE: rssFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let kept = '';
  let tail = '';
  let matched = 0;
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => {
    if (opts.keep) kept += s;
    const lines = (tail + s).split('\n');
    tail = lines.pop()!;
    if (opts.count) for (const l of lines) if (l.startsWith(opts.count)) matched++;
    if (!opts.keep && kept.length < 4096) kept += s.slice(0, 4096);
  });
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const maxRssMb = Math.round(Number(readFileSync(rssFile, 'utf8')) / 1024);
      resolve({ code, ms: performance.now() - started, maxRssMb, stdout: kept, stderr, matched });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function plan(db: Database, sql: string, args: unknown[]): string[] {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ detail: string }>).map((r) => r.detail);
}

describe(`${BIG} launch configurations`, () => {
  it('every page is a seek on the primary key: no scan, no OFFSET, no sort', () => {
    const db = openStore(homes[BIG]!);
    expect(plan(db, pageQuery(0), ['000000000000', 'us-east-1', 'lc-050000', 51])).toEqual([
      'SEARCH launch_configurations USING PRIMARY KEY (owner=? AND region=? AND name>?)',
    ]);
    expect(
      plan(db, pageQuery(3), ['000000000000', 'us-east-1', '', 'lc-000005', 'lc-090000', 'lc-000001', 51]),
    ).toEqual(['SEARCH launch_configurations USING PRIMARY KEY (owner=? AND region=? AND name=?)']);
    expect(pageQuery(0)).not.toMatch(/OFFSET/i);
    db.close();
  });

  it('--max-items 10 prints the same first page at 100 and at 100,000 stored', async () => {
    const times: Record<number, number[]> = { [SMALL]: [], [BIG]: [] };
    const outputs = new Set<string>();
    for (let i = 0; i < 7; i++) {
      for (const n of [SMALL, BIG]) {
        const r = await cli(homes[n]!, ['describe-launch-configurations', '--max-items', '10'], { keep: true });
        expect(r.code).toBe(0);
        expect(r.stderr).toBe('');
        outputs.add(r.stdout);
        times[n]!.push(r.ms);
      }
    }
    expect(outputs.size).toBe(1);
    const [out] = [...outputs];
    const doc = JSON.parse(out!) as {
      LaunchConfigurations: Array<{ LaunchConfigurationName: string }>;
      NextToken: string;
    };
    expect(doc.LaunchConfigurations.map((x) => x.LaunchConfigurationName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `lc-${String(i + 1).padStart(6, '0')}`),
    );
    expect(doc.NextToken).toBe(encodeToken('NextToken', { serviceToken: null, truncate: 10 }));
    const [small, big] = [median(times[SMALL]!), median(times[BIG]!)];
    figures.push(
      `--max-items 10 median ${Math.round(big)} ms at ${BIG} vs ${Math.round(small)} ms at ${SMALL} (${(big / small).toFixed(2)}x)`,
    );
  }, 120_000);

  const listings: Array<[string, string[], string]> = [
    ['json', [], '            "LaunchConfigurationName": "lc-'],
    ['text', ['--output', 'text'], 'LAUNCHCONFIGURATIONS\t'],
    ['yaml-stream', ['--output', 'yaml-stream'], '    LaunchConfigurationName: lc-'],
  ];
  it.each(listings)(
    `the full listing in --output %s streams every item with peak RSS under ${MAX_RSS_MB} MB`,
    async (format, args, marker) => {
      const r = await cli(homes[BIG]!, ['describe-launch-configurations', ...args], { count: marker });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.matched).toBe(BIG);
      expect(r.maxRssMb).toBeLessThan(MAX_RSS_MB);
      figures.push(`full ${format} listing ${(r.ms / 1000).toFixed(1)} s peak RSS ${r.maxRssMb} MB`);
    },
    180_000,
  );
});
