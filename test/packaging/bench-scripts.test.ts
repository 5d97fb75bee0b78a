/**
 * The benchmark scripts still run (BENCHMARKS.md): `npm run bench` is never part of the suite, so a change
 * that breaks one would go unseen until someone measures (issue 42: it stopped at its first step, a create
 * whose output it discards). The library's script (scripts/bench-library.mjs) and the whole of
 * scripts/bench.mjs, with its knobs at their smallest, run once here on dist/ as test/setup/build.ts built it,
 * and their figures must be there; no time is asserted (speed is the benchmark's to measure, not a test's).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../completion/fresh-bin.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';

describe('scripts/bench-library.mjs', () => {
  it('runs once to the end and prints every figure: serve(), reset() of 1,000 resources, close()', async () => {
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [join(ROOT, 'scripts/bench-library.mjs'), '1'], (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const out = JSON.parse(stdout) as Record<string, number>;
    // 500 repositories, 500 launch configurations (past Auto Scaling's quota of 200: the script lifts it) and
    // the journal's 1,000 entries of their creation.
    expect({ runs: out.runs, rows: out.rows }).toEqual({ runs: 1, rows: 2000 });
    for (const k of ['cold', 'start', 'startCpu', 'reset', 'resetHttp', 'close', 'helloStart', 'helloClose'])
      expect(Number.isFinite(out[k]), k).toBe(true);
  }, 120_000);
});

describe('scripts/bench.mjs (npm run bench)', () => {
  it('runs once to the end, every knob at its smallest, and prints every row of its table', async () => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      BENCH_RUNS: '1',
      BENCH_FULL_RUNS: '1',
      BENCH_AWS_RUNS: '1',
      BENCH_SECONDS: '0.5',
      BENCH_STORED: '200',
      BENCH_SUMMARY_EVENTS: '2000',
      BENCH_SUMMARY_RUNS: '3',
    };
    const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(ROOT, 'scripts/bench.mjs')],
        { cwd: ROOT, env, maxBuffer: 2 ** 24 },
        (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect({ code, unexpected: stderr.split('\n').filter((l) => l !== '' && !l.startsWith('bench: ')) }).toEqual({
      code: 0,
      unexpected: [],
    });
    const rows = stdout
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| measurement |') && !l.startsWith('| --- |'))
      .map((l) => l.slice(2, -2).split(' | '));
    // The rows this machine can give: the AWS CLI ones need Debian's /usr/bin/aws, the PostgreSQL ones its
    // postgresql 15 (a temporary cluster the script starts), as the rest of the suite does.
    expect(existsSync('/usr/bin/aws') && existsSync('/usr/lib/postgresql/15/bin/initdb')).toBe(true);
    const pgRows = (what: string) => [`… ${what}: CreateRepository`, `… ${what}: DescribeLaunchConfigurations`];
    expect(rows.map((r) => r[0])).toEqual([
      '`svcctl --version`',
      '… without the code cache (`SVCCTL_CODE_CACHE=off`)',
      '… from the split ESM build (`SVCCTL_CODE_CACHE=esm`)',
      'local `create-repository`',
      '… without the code cache',
      'local `describe-repositories --max-items 10`',
      '`describe-launch-configurations --max-items 10`, 100 stored',
      '… 200 stored',
      'full listing of 200, `--output json` (0 MB)',
      'full listing of 200, `--output text` (0 MB)',
      'full listing of 200, `--output yaml-stream` (0 MB)',
      '`svcctl serve` CreateRepository',
      '`svcctl serve` DescribeLaunchConfigurations (MaxRecords 10)',
      '`describe-launch-configurations --max-items 10` via serve: svcctl',
      '… aws-cli/2.9.19, same command, same server',
      ...pgRows('PostgreSQL, 1 instance'),
      ...pgRows('PostgreSQL, 1 instance, --store-pool-size 4'),
      ...pgRows('PostgreSQL 2 ms away, 1 instance'),
      ...pgRows('PostgreSQL 2 ms away, 1 instance, --store-pool-size 4'),
      ...pgRows('PostgreSQL, 3 instances'),
      '`serve` meter events through meter_event_stream (100 a request), SQLite',
      '`serve` meter events through meter_event_stream (100 a request), PostgreSQL',
      '`serve` event_summaries, one customer and day (100 events), meter of 2,000 events',
      '`serve()` to its first answered request (in memory, DescribeRepositories)',
      '… its CPU time (this process, the client included)',
      '… the first `serve()` of a process (its modules’ first use)',
      '`reset()` of 1,000 resources (and the journal: 2,000 rows)',
      '`close()`, a keep-alive client connected',
    ]);
    // Every figure measured: a number with its unit, none missing (NaN) or not measured. Each load window
    // answered every request it sent (a failed request would be named in the detail column).
    for (const [what, figure, , detail] of rows) {
      expect(figure, what).toMatch(/^[\d,]+(\.\d+)? (ms|s|req\/s|events\/s)$/);
      expect(detail, what).not.toMatch(/failed|NaN/);
    }
  }, 300_000);
});

describe('scripts/bench.mjs BENCH_SCALE_ONLY=1 (issue 42)', () => {
  let server: Postgres | undefined;
  afterAll(async () => server?.stop());

  it('runs once to the end, small, and prints every row: creates by store and level, beside a second serve as moto; paging', async () => {
    server = await startPostgres();
    const pgUrl = await server.createDatabase('bench');
    // A second serve stands in for moto's server: the rows' code is the same whoever answers.
    const moto = await new Promise<{ url: string; kill: () => void }>((resolve) => {
      const child = execFile(process.execPath, [join(ROOT, 'bin/svcctl'), 'serve', '--port', '0', '--store', 'memory']);
      child.stdout!.once('data', (b: Buffer) => resolve({ url: String(b).split('\n')[0]!, kill: () => child.kill() }));
    });
    try {
      const env = {
        ...process.env,
        BENCH_SCALE_ONLY: '1',
        BENCH_SCALE_LEVELS: '0,30',
        BENCH_SECONDS: '0.3',
        BENCH_SCALE_CONCURRENCY: '2',
        BENCH_SCALE_ROUNDS: '2',
        BENCH_PAGING_BIG: '100',
        BENCH_RUNS: '1',
        BENCH_PG_URL: pgUrl,
        BENCH_MOTO_URL: moto.url,
      };
      const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile(process.execPath, [join(ROOT, 'scripts/bench.mjs')], { env }, (err, stdout) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
        );
      });
      expect(code).toBe(0);
      const rows = stdout
        .split('\n')
        .filter((l) => l.startsWith('| `') || l.startsWith('| …'))
        .map((l) => l.split(' | ')[0]!.slice(2));
      expect(rows).toEqual([
        '`serve` CreateRepository, SQLite, 0 stored',
        '`serve` CreateRepository, SQLite, 30 stored',
        '`serve` CreateRepository, PostgreSQL, 0 stored',
        '`serve` CreateRepository, PostgreSQL, 30 stored',
        '`serve` CreateLaunchConfiguration, SQLite, 0 stored',
        '`serve` CreateLaunchConfiguration, SQLite, 30 stored',
        '`serve` CreateLaunchConfiguration, PostgreSQL, 0 stored',
        '`serve` CreateLaunchConfiguration, PostgreSQL, 30 stored',
        '`describe-launch-configurations --max-items 10`, 60 stored',
        '… 100 stored',
      ]);
      // Each row is the median of its windows, taken turn about; the top level's rows set them beside moto's.
      expect(stdout.match(/windows [\d,]+ \/ [\d,]+; \d+ µs CPU a create/g)).toHaveLength(8);
      expect(stdout.match(/moto [\d,]+ req\/s \(windows [\d,]+ \/ [\d,]+\) at [\d,]+ stored: svcctl /g)).toHaveLength(
        4,
      );
      expect(stdout).not.toContain('failed (');
    } finally {
      moto.kill();
    }
  }, 300_000);
});

describe('scripts/bench.mjs BENCH_REGISTRY_ONLY=1 (issue 45)', () => {
  let server: Postgres | undefined;
  afterAll(async () => server?.stop());

  it('runs once to the end, small, and prints every row: skopeo push and pull, peak RSS on both stores, describe-images', async () => {
    server = await startPostgres();
    const env = {
      ...process.env,
      BENCH_REGISTRY_ONLY: '1',
      BENCH_LAYER_MB: '1',
      BENCH_RSS_LAYER_MB: '1',
      BENCH_IMAGES: '100',
      BENCH_RUNS: '1',
      BENCH_REGISTRY_RUNS: '1',
      BENCH_PG_URL: await server.createDatabase('bench_registry'),
    };
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(process.execPath, [join(ROOT, 'scripts/bench.mjs')], { env }, (err, stdout) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
      );
    });
    expect(code).toBe(0);
    const rows = stdout
      .split('\n')
      .filter((l) => l.startsWith('| registry:') || l.startsWith('| …'))
      .map((l) => l.split(' | ')[0]!.slice(2));
    expect(rows).toEqual([
      'registry: skopeo push of a 1 MiB layer to serve (SQLite)',
      '… skopeo pull of it from serve',
      "registry: serve's peak RSS during a 1 MiB layer push, SQLite",
      "registry: serve's peak RSS during a 1 MiB layer push, PostgreSQL",
      'registry: `ecr describe-images --max-items 10`, 100 images in the repository',
    ]);
    expect(stdout).not.toContain('failed');
  }, 300_000);
});

/**
 * scripts/load.mjs reads HTTP/1.1 itself (node:http's client cost as much CPU per request as the server it
 * measured): each way a server frames an answer must count as that answer, as moto's server (Werkzeug:
 * `Connection: close` on every answer) and serve (Content-Length, keep-alive) both do. An answer counts only
 * when it is the operation's: moto's server answered the unscoped requests as S3's ListBuckets, 200.
 */
describe('scripts/load.mjs', () => {
  it("counts every answer however it is framed, and only the operation's: Content-Length, chunked, Connection: close, an error, a dropped connection, another operation's 200", async () => {
    const seen: string[] = [];
    const created = '{"repository":{"repositoryArn":"arn:aws:ecr:us-east-1:000000000000:repository/x"}}';
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        const scope = /Credential=[^/]+\/\d{8}\/([^/]+\/[^/]+)\/aws4_request/.exec(
          req.headers.authorization ?? '',
        )?.[1];
        seen.push(`${scope} ${req.headers['x-amz-target']} ${JSON.parse(body).repositoryName}`);
        const mode = seen.length % 6;
        if (mode === 1) res.writeHead(200, { 'Content-Length': Buffer.byteLength(created) }).end(created);
        else if (mode === 2) {
          res.writeHead(200, { 'Transfer-Encoding': 'chunked' });
          res.write(created.slice(0, 20));
          res.end(created.slice(20));
        } else if (mode === 3)
          res.writeHead(200, { 'Content-Length': Buffer.byteLength(created), Connection: 'close' }).end(created);
        else if (mode === 4) {
          res.writeHead(400, { 'Transfer-Encoding': 'chunked' });
          res.write('a bad ');
          res.end('request');
        } else if (mode === 5) req.socket.destroy();
        else res.writeHead(200, { 'Content-Type': 'application/xml' }).end('<ListAllMyBucketsResult/>');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
        (resolve) => {
          execFile(
            process.execPath,
            [join(ROOT, 'scripts/load.mjs'), `http://127.0.0.1:${port}`, 'create-repository', '1', '1', '60'],
            (err, stdout, stderr) =>
              resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
          );
        },
      );
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      const out = JSON.parse(stdout) as Record<string, unknown>;
      expect({ requests: out.requests, ok: out.ok, failed: out.failed, firstError: out.firstError }).toEqual({
        requests: 60,
        ok: 30,
        failed: 30,
        firstError: '400 a bad request',
      });
      // Each request was whole and its own: a new name each, the operation's target, ECR's scope.
      expect(seen).toHaveLength(60);
      expect(new Set(seen).size).toBe(60);
      for (const s of seen)
        expect(s).toMatch(/^us-east-1\/ecr AmazonEC2ContainerRegistry_V20150921\.CreateRepository bench\/\d+-\d+$/);
    } finally {
      server.close();
    }
  }, 60_000);
});
