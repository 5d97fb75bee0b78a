/**
 * `svcctl serve` as a real process, with its default limits, under load that costs connections and
 * memory: 2000 idle connections, 200 idle keep-alive connections, and a flood of clients that each send
 * almost 1 MB of body and stall. Its resident memory (/proc/<pid>/status) must stay bounded, normal
 * requests must be answered meanwhile and afterwards, and the idle connections must be closed by the
 * server on its own time-outs (headersTimeout, keepAliveTimeout).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/server/limits.js';
import { type ServeProcess, startServe } from '../peers/serve-process.js';
import { ecr, memory } from './helpers.js';
import { requestText } from './raw-http.js';

const IDLE = 2_000;
const KEEP_ALIVE = 200;
const FLOOD = 200;
const FLOOD_BODY = 1_000_000;
const MiB = 1024;

let dir: string;
let serve: ServeProcess;
let url: URL;
const sockets: Socket[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-resources-'));
  serve = await startServe([], { SVCCTL_HOME: join(dir, 'store') });
  url = new URL(serve.url);
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await serve?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

interface Held {
  socket: Socket;
  /** What the server sent, and when it closed the connection (ms after opening), if it did. */
  received: () => string;
  closedAfter: Promise<number>;
  /** When the server closed it (ms after opening), if it has yet. */
  closedMs: () => number | undefined;
}

function hold(...first: Buffer[]): Promise<Held> {
  const opened = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), '127.0.0.1');
    sockets.push(socket);
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString('latin1')));
    socket.on('error', () => {});
    let closedMs: number | undefined;
    const closedAfter = new Promise<number>((r) =>
      socket.on('close', () => {
        closedMs = performance.now() - opened;
        r(closedMs);
      }),
    );
    socket.once('connect', () => {
      for (const b of first) socket.write(b);
      resolve({ socket, received: () => text, closedAfter, closedMs: () => closedMs });
    });
    socket.once('error', reject);
  });
}

/** A normal request, timed. */
async function normal(name: string): Promise<number> {
  const started = performance.now();
  const res = await ecr(serve.url, 'CreateRepository', { repositoryName: name });
  expect(res.status).toBe(200);
  return performance.now() - started;
}

const mib = (kb: number) => (kb / MiB).toFixed(0);

describe('serve under load that costs connections and memory', { timeout: 120_000 }, () => {
  let rest: number;

  it(`${IDLE} idle connections and ${KEEP_ALIVE} idle keep-alive connections: normal requests answered, idle ones closed on time`, async () => {
    for (let i = 0; i < 200; i++) await ecr(serve.url, 'DescribeRepositories', {});
    rest = memory(serve.child.pid!).rssKb;
    const idle: Held[] = [];
    for (let i = 0; i < IDLE; i += 100) idle.push(...(await Promise.all(Array.from({ length: 100 }, () => hold()))));
    const body = '{}';
    const keepAlive = await Promise.all(
      Array.from({ length: KEEP_ALIVE }, () =>
        hold(
          requestText(
            'POST',
            '/',
            {
              host: url.host,
              'content-type': 'application/x-amz-json-1.1',
              'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.DescribeRepositories',
              'content-length': String(body.length),
            },
            body,
          ),
        ),
      ),
    );
    const meanwhile = await normal('idle/meanwhile');
    // Answered while the idle connections were held open: none had been closed before its own time-out. (On a
    // quiet machine none had timed out yet; one loaded enough to take 10 s to open them all may see some
    // closed on time, which is not a failure: a bound on how fast this test runs would be a race.)
    const heldMeanwhile = idle.filter((h) => h.closedMs() === undefined).length;
    const closedEarly = idle.filter((h) => (h.closedMs() ?? Infinity) < DEFAULT_LIMITS.headersTimeoutMs - 100);
    const loaded = memory(serve.child.pid!).rssKb;
    const keepAliveClosed = await Promise.all(keepAlive.map((h) => h.closedAfter));
    const idleClosed = await Promise.all(idle.map((h) => h.closedAfter));
    const after = await normal('idle/after');
    console.log(
      `serve, idle connections: ${IDLE} silent + ${KEEP_ALIVE} keep-alive open → RSS ${mib(rest)} → ${mib(loaded)} MiB; a normal request answered in ` +
        `${meanwhile.toFixed(0)} ms meanwhile (${heldMeanwhile} of the silent ones still open); keep-alive ones closed after ${(Math.max(...keepAliveClosed) / 1000).toFixed(1)} s, silent ones (408) after ` +
        `${(Math.min(...idleClosed) / 1000).toFixed(1)}-${(Math.max(...idleClosed) / 1000).toFixed(1)} s; afterwards answered in ${after.toFixed(0)} ms`,
    );
    expect(closedEarly.length).toBe(0);
    for (const h of idle)
      expect(h.received()).toBe('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    for (const h of keepAlive)
      expect(h.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*\r\n\r\n\{"repositories":\[\]\}$/);
    expect(Math.min(...keepAliveClosed)).toBeGreaterThanOrEqual(DEFAULT_LIMITS.keepAliveTimeoutMs - 100);
    // Upper limits are generous outer bounds (closed at all, not kept forever); the times are printed above.
    expect(Math.max(...keepAliveClosed)).toBeLessThan(DEFAULT_LIMITS.keepAliveTimeoutMs * 4 + 10_000);
    expect(Math.min(...idleClosed)).toBeGreaterThanOrEqual(DEFAULT_LIMITS.headersTimeoutMs - 100);
    expect(Math.max(...idleClosed)).toBeLessThan(DEFAULT_LIMITS.headersTimeoutMs * 4 + 10_000);
    expect(loaded - rest).toBeLessThan(64 * MiB);
  });

  it(`${FLOOD} clients each sending ${FLOOD_BODY} bytes of body and stalling: memory stays within the body budget`, async () => {
    const before = memory(serve.child.pid!).rssKb;
    const head = requestText(
      'POST',
      '/',
      {
        host: url.host,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
        'content-length': String(FLOOD_BODY),
      },
      '',
    );
    const spaces = Buffer.alloc(FLOOD_BODY - 1, 0x20); // one buffer, written to every socket
    const flood = await Promise.all(Array.from({ length: FLOOD }, () => hold(head, spaces)));
    let peak = before;
    const sample = setInterval(() => (peak = Math.max(peak, memory(serve.child.pid!).rssKb)), 50);
    await new Promise((r) => setTimeout(r, 2_000));
    const meanwhile = await normal('flood/meanwhile');
    const floodHeld = flood.filter((h) => h.closedMs() === undefined).length;
    // None closed before its body's idle time-out (the same reasoning as the idle connections' above).
    const floodClosedEarly = flood.filter((h) => (h.closedMs() ?? Infinity) < DEFAULT_LIMITS.bodyIdleMs - 100);
    await new Promise((r) => setTimeout(r, 500));
    clearInterval(sample);
    for (const h of flood) h.socket.destroy();
    await Promise.all(flood.map((h) => h.closedAfter));
    const after = await normal('flood/after');
    const end = memory(serve.child.pid!).rssKb;
    const budget = DEFAULT_LIMITS.maxBufferedBytes / 1024;
    console.log(
      `serve, body flood: ${FLOOD} × ${FLOOD_BODY} bytes stalled (${mib((FLOOD * FLOOD_BODY) / 1024)} MiB sent, budget ${mib(budget)} MiB) → ` +
        `RSS ${mib(before)} MiB before, peak ${mib(peak)} MiB, ${mib(end)} MiB after; a normal request answered in ${meanwhile.toFixed(0)} ms ` +
        `meanwhile (${floodHeld} of ${FLOOD} still held) and ${after.toFixed(0)} ms afterwards`,
    );
    // Without the budget the server would hold every body: FLOOD × FLOOD_BODY (190 MiB) and more.
    expect(peak - before).toBeLessThan(budget + 64 * MiB);
    // A normal request was answered while the flood was held: none of its connections closed before its time-out.
    expect(floodClosedEarly.length).toBe(0);
  });

  it('and then stops cleanly on SIGTERM', async () => {
    expect(await serve.stop('SIGTERM')).toBe(0);
  });
});
