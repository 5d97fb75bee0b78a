/**
 * Ctrl-C in the middle of a long listing: exit 130, nothing on stderr, and nothing half-written.
 * "Nothing half-written" means: a streamed listing (json without --query, text, yaml-stream) stops on a
 * page boundary — every chunk written is a whole page — and a streamed JSON document is left without its
 * closing brackets, so no parser takes it for the complete listing; a buffered listing (json with
 * --query, yaml, table) prints nothing at all. Tested with a real process, SIGINT and a reader that
 * stops reading (so the CLI is waiting for 'drain' when the signal comes), then in-process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInto } from '../../scripts/bulk.js';
import { openStore } from '../../src/backends/embedded/store/sqlite-store.js';
import { type FreshBin, freshBin } from '../completion/fresh-bin.js';
import { sandbox } from '../helpers/cli.js';

const COUNT = 3000;
const PAGE = 10;
let bin: FreshBin;
let home: string;

beforeAll(async () => {
  bin = await freshBin();
  home = mkdtempSync(join(tmpdir(), 'svcctl-interrupt-'));
  const db = openStore(home);
  seedInto(db, { home, count: COUNT, createdMs: Date.UTC(2026, 10, 20, 23, 21, 51, 327) });
  db.close();
}, 120_000);
afterAll(() => {
  bin?.cleanup();
  rmSync(home, { recursive: true, force: true });
});

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(args: string[]): ChildProcess {
  return spawn(
    process.execPath,
    [join(bin.binDir, 'svcctl'), 'describe-launch-configurations', '--page-size', String(PAGE), ...args],
    {
      env: { PATH: process.env.PATH, SVCCTL_HOME: home },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
}

function finish(child: ChildProcess): Promise<Outcome> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout!.on('data', (b: Buffer) => out.push(b));
  child.stderr!.on('data', (b: Buffer) => err.push(b));
  return new Promise((resolve) => {
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
  });
}

/** Runs with nobody reading stdout until the CLI is stuck on a full pipe, then sends SIGINT and reads everything. */
async function interrupted(args: string[]): Promise<Outcome> {
  const child = start(args);
  await new Promise<void>((resolve) => child.stdout!.once('readable', () => resolve()));
  // The pipe and our buffer fill up within moments; wait until the child has stopped writing.
  let last = -1;
  while (child.stdout!.readableLength !== last) {
    last = child.stdout!.readableLength;
    await new Promise((r) => setTimeout(r, 150));
  }
  child.kill('SIGINT');
  return finish(child);
}

/**
 * The whole listing, then the same listing interrupted: it exits 130 with nothing on stderr, and what it
 * printed is a prefix of the whole listing.
 */
async function fullThenInterrupted(args: string[]): Promise<[full: Outcome, interrupted: Outcome]> {
  const full = await finish(start(args));
  const r = await interrupted(args);
  expect(r.code).toBe(130);
  expect(r.stderr).toBe('');
  expect(full.stdout.startsWith(r.stdout)).toBe(true);
  return [full, r];
}

const items = (text: string) => text.split('"LaunchConfigurationName"').length - 1;

describe('SIGINT during a streamed listing (real process)', () => {
  it('json: exit 130, a prefix of the full document ending after a whole page of items, unterminated', async () => {
    const [full, r] = await fullThenInterrupted([]);
    expect(full.code).toBe(0);
    expect(items(full.stdout)).toBe(COUNT);
    expect(items(r.stdout) % PAGE).toBe(0);
    expect(items(r.stdout)).toBeGreaterThan(0);
    expect(items(r.stdout)).toBeLessThan(COUNT);
    expect(r.stdout.endsWith('\n        }')).toBe(true);
    expect(() => JSON.parse(r.stdout)).toThrow();
  });

  it('text: exit 130, whole pages only', async () => {
    const [, r] = await fullThenInterrupted(['--output', 'text']);
    const rows = r.stdout.split('\n').filter((l) => l.startsWith('LAUNCHCONFIGURATIONS\t')).length;
    expect(rows % PAGE).toBe(0);
    expect(rows).toBeGreaterThan(0);
    expect(r.stdout.endsWith('INSTANCEMONITORING\tTrue\n')).toBe(true);
  });

  it('yaml-stream: exit 130, whole page documents only', async () => {
    const [full, r] = await fullThenInterrupted(['--output', 'yaml-stream']);
    const pages = r.stdout.split('\n').filter((l) => l === '- LaunchConfigurations:').length;
    expect(pages).toBeGreaterThan(0);
    expect(r.stdout.split('\n  - BlockDeviceMappings:').length - 1).toBe(pages * PAGE);
    expect(full.stdout[r.stdout.length]).toBe('-');
  });
});

describe('a reader that goes away (`| head`)', () => {
  it.each([[[]], [['--output', 'text']], [['--output', 'yaml-stream']]])(
    '%j: the listing stops quietly, exit 0',
    async (args) => {
      const child = start(args);
      const seen: Buffer[] = [];
      const done = new Promise<{ code: number | null; stderr: string }>((resolve) => {
        let stderr = '';
        child.stderr!.on('data', (b: Buffer) => (stderr += b.toString('utf8')));
        child.on('close', (code) => resolve({ code, stderr }));
      });
      await new Promise<void>((resolve) =>
        child.stdout!.once('data', (b: Buffer) => {
          seen.push(b);
          child.stdout!.destroy();
          resolve();
        }),
      );
      expect(await done).toEqual({ code: 0, stderr: '' });
      expect(seen[0]!.length).toBeGreaterThan(0);
    },
  );
});

// Hostile pass 21b: `store export --file /dev/stdout | head` exited 252 with '[Errno 32] Broken pipe', where
// `store export | head` exits 0 (compat.md #40). The snapshot of 3,000 launch configurations outgrows a pipe's buffer.
describe('store export --file /dev/stdout, whose reader goes away', () => {
  it('stops quietly, exit 0', async () => {
    // A shell's pipe (node's own stdio is a socket, which /dev/stdout does not open).
    const script = `"$SVCCTL" store export --file /dev/stdout | head -c 10 >/dev/null; echo "rc=\${PIPESTATUS[0]}"`;
    const child = spawn('bash', ['-c', script], {
      env: { PATH: process.env.PATH, SVCCTL_HOME: home, SVCCTL: join(bin.binDir, 'svcctl') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(await finish(child)).toEqual({ code: 0, stdout: 'rc=0\n', stderr: '' });
  });
});

describe('an interrupt before the listing ends (in-process)', () => {
  it.each([['json'], ['text'], ['yaml-stream'], ['yaml'], ['table']])(
    '--output %s: exit 130, stdout and stderr empty',
    async (format) => {
      const sb = sandbox({ SVCCTL_HOME: home });
      const abort = new AbortController();
      const running = sb.run(['describe-launch-configurations', '--output', format], { signal: abort.signal });
      abort.abort();
      expect(await running).toEqual({ code: 130, stdout: '', stderr: '' });
      sb.cleanup();
    },
  );

  it('json with --query buffers, so an interrupt after some pages still prints nothing', async () => {
    const sb = sandbox({ SVCCTL_HOME: home });
    const abort = new AbortController();
    const running = sb.run(
      ['describe-launch-configurations', '--query', 'LaunchConfigurations[].LaunchConfigurationName'],
      { signal: abort.signal },
    );
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    abort.abort();
    expect(await running).toEqual({ code: 130, stdout: '', stderr: '' });
    sb.cleanup();
  });
});
