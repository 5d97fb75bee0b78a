#!/usr/bin/env node
// A small HTTP load generator for the benchmark (run as its own process, so that it does not share a
// CPU thread with the server): `node scripts/load.mjs URL OPERATION SECONDS CONCURRENCY` keeps
// CONCURRENCY keep-alive requests in flight for SECONDS (after a half-second warm-up) and prints one JSON
// line: {requests, ok, failed, rps, p50, p99, firstError, cpuUs}. Requests are unsigned (serve accepts that) but
// name their service as a signature's scope would; an answer counts as ok only when it is the operation's.
// OPERATION: create-repository or create-launch-configuration (a new name each time), or
// describe-launch-configurations (MaxRecords=10), or meter-event-stream (100 new meter events a request, of
// event name bench_events for customers cus_0..cus_9, with the session token in $BENCH_SESSION_TOKEN). TOTAL (optional): stop after so many answered requests
// (no warm-up; to fill a server's store to a size, e.g. moto's for the bench), whatever SECONDS says.
// URL may be a comma-separated list (several serve instances on one PostgreSQL store): the in-flight requests
// are spread over them evenly (request slot i always goes to URL i mod n).
//
// The generator shares the machine's two vCPUs with the server it measures, so it is written to cost little:
// one socket per slot, each request one write of one prepared string, and a response read only as far as
// HTTP/1.1 framing needs (status line, Content-Length or chunked, Connection: close), its body decoded only
// when it is an error. node:http's client cost as much CPU per request as serve's create itself (about
// 115 µs against 110, BENCHMARKS.md), so it took half the machine from the server it was measuring.
// `cpuUs` is this process's own CPU per answered request, so that a reader can see what it took.
import net from 'node:net';

const [url, operation, seconds = '5', concurrency = '16', total] = process.argv.slice(2);
const limit = total === undefined ? Number.POSITIVE_INFINITY : Number(total);
let sent = 0;
const targets = url.split(',').map((u) => new URL(u));
let counter = 0;

/**
 * The AWS requests carry a SigV4 Authorization header whose signature is not computed: its credential scope
 * names the service, which is how a server holding many services routes a request (moto's server, given no
 * scope, answers every one of these POSTs as S3's ListBuckets, 200). serve checks signatures only when given
 * --credentials, which the bench does not give.
 */
const scope = (service) =>
  `Authorization: AWS4-HMAC-SHA256 Credential=AKIDBENCH/${new Date().toISOString().slice(0, 10).replaceAll('-', '')}/us-east-1/${service}/aws4_request, SignedHeaders=content-type;host, Signature=${'0'.repeat(64)}\r\n`;
const ECR = scope('ecr');
const AUTOSCALING = scope('autoscaling');

/** What every answer of the operation holds: a 2xx answer without it is another operation's, and fails. */
const MARKS = {
  'create-repository': Buffer.from('"repositoryArn"'),
  'create-launch-configuration': Buffer.from('<CreateLaunchConfigurationResponse'),
  'describe-launch-configurations': Buffer.from('<DescribeLaunchConfigurationsResponse'),
  'meter-event-stream': Buffer.from('{'),
};

function requestFor(op) {
  if (op === 'create-repository') {
    const body = JSON.stringify({ repositoryName: `bench/${process.pid}-${++counter}` });
    return {
      body,
      headers: `Content-Type: application/x-amz-json-1.1\r\nX-Amz-Target: AmazonEC2ContainerRegistry_V20150921.CreateRepository\r\n${ECR}`,
    };
  }
  if (op === 'create-launch-configuration') {
    const body = `Action=CreateLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=bench-${process.pid}-${++counter}&ImageId=ami-0abcdef1234567890&InstanceType=t3.micro`;
    return { body, headers: `Content-Type: application/x-www-form-urlencoded; charset=utf-8\r\n${AUTOSCALING}` };
  }
  if (op === 'describe-launch-configurations') {
    const body = 'Action=DescribeLaunchConfigurations&Version=2011-01-01&MaxRecords=10';
    return { body, headers: `Content-Type: application/x-www-form-urlencoded; charset=utf-8\r\n${AUTOSCALING}` };
  }
  if (op === 'meter-event-stream') {
    const n = ++counter;
    const events = Array.from({ length: 100 }, (_, j) => ({
      event_name: 'bench_events',
      identifier: `b${process.pid}-${n}-${j}`,
      payload: { stripe_customer_id: `cus_${j % 10}`, value: '1' },
    }));
    return {
      path: '/v2/billing/meter_event_stream',
      body: JSON.stringify({ events }),
      headers: `Content-Type: application/json\r\nAuthorization: Bearer ${process.env.BENCH_SESSION_TOKEN}\r\n`,
    };
  }
  throw new Error(`unknown operation ${op}`);
}

const CRLF2 = Buffer.from('\r\n\r\n');
const ANSWER_MS = 30_000;

/**
 * One keep-alive connection carrying one request at a time. `exchange(text)` resolves to {status, text}
 * (text only for a status outside 2xx); a connection the server closes (Connection: close, or at any time
 * between answers) is opened again for the next request; a network error is status 0 with its message.
 */
class Connection {
  constructor(target) {
    this.target = target;
    this.socket = undefined;
    this.buffer = Buffer.alloc(0);
    this.pending = undefined;
  }

  open() {
    const socket = net.connect({ host: this.target.hostname, port: Number(this.target.port) || 80 });
    socket.setNoDelay(true);
    socket.on('data', (chunk) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.parse(false);
    });
    const gone = (err) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      this.parse(true, err);
    };
    socket.on('error', gone);
    socket.on('close', () => gone(undefined));
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
  }

  exchange(text) {
    if (!this.socket) this.open();
    return new Promise((resolve) => {
      this.pending = resolve;
      this.since = performance.now();
      this.socket.write(text);
    });
  }

  /** An answer that never comes whole (a server that hangs, or frames it wrongly) fails its request. */
  expire(now) {
    if (this.pending && now - this.since > ANSWER_MS) {
      this.buffer = Buffer.alloc(0);
      this.socket?.destroy(new Error(`no whole answer in ${ANSWER_MS} ms`));
    }
  }

  /** Reads one response from the buffer when it is whole (or when the connection ended: `ended`). */
  parse(ended, err) {
    const resolve = this.pending;
    if (!resolve) return;
    const finish = (result, close) => {
      this.pending = undefined;
      if (close) {
        const socket = this.socket;
        this.socket = undefined;
        socket?.destroy();
      }
      resolve(result);
    };
    const head = this.buffer.indexOf(CRLF2);
    if (head < 0) {
      if (ended) finish({ status: 0, text: err?.message ?? 'the server closed the connection' }, true);
      return;
    }
    const lines = this.buffer.toString('latin1', 0, head).split('\r\n');
    const status = Number(lines[0].slice(9, 12));
    let length;
    let chunked = false;
    let close = lines[0].startsWith('HTTP/1.0');
    for (let i = 1; i < lines.length; i++) {
      const colon = lines[i].indexOf(':');
      const name = lines[i].slice(0, colon).trim().toLowerCase();
      const value = lines[i]
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.includes('chunked');
      else if (name === 'connection') close = value.includes('close');
    }
    const start = head + 4;
    let body;
    let rest;
    if (chunked) {
      const parts = [];
      let at = start;
      for (;;) {
        const eol = this.buffer.indexOf('\r\n', at);
        if (eol < 0) break;
        const size = Number.parseInt(this.buffer.toString('latin1', at, eol), 16);
        if (this.buffer.length < eol + 2 + size + 2) break;
        if (size === 0) {
          const trailer = this.buffer.indexOf(CRLF2, eol - 2);
          if (trailer < 0) break;
          body = Buffer.concat(parts);
          rest = trailer + 4;
          break;
        }
        parts.push(this.buffer.subarray(eol + 2, eol + 2 + size));
        at = eol + 2 + size + 2;
      }
    } else if (length !== undefined) {
      if (this.buffer.length >= start + length) {
        body = this.buffer.subarray(start, start + length);
        rest = start + length;
      }
    } else if (ended) {
      body = this.buffer.subarray(start);
      rest = this.buffer.length;
      close = true;
    }
    if (body === undefined) {
      if (ended) finish({ status: 0, text: err?.message ?? 'the server closed the connection mid-answer' }, true);
      return;
    }
    this.buffer = this.buffer.subarray(rest);
    const ok = status >= 200 && status < 300 && body.includes(MARKS[operation]);
    finish({ status, ok, text: ok ? '' : body.toString('utf8') }, close || ended);
  }
}

function send(connection, op) {
  const { body, headers, path = '/' } = requestFor(op);
  const target = connection.target;
  return connection.exchange(
    `POST ${path} HTTP/1.1\r\nHost: ${target.host}\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

async function worker(op, until, stats, connection) {
  while (performance.now() < until && sent++ < limit) {
    const started = performance.now();
    const { status, ok, text } = await send(connection, op);
    if (stats) {
      stats.latencies.push(performance.now() - started);
      if (ok) stats.ok++;
      else {
        stats.failed++;
        stats.firstError ??= `${status} ${text.slice(0, 200)}`;
      }
    }
  }
}

const connections = Array.from({ length: Number(concurrency) }, (_, i) => new Connection(targets[i % targets.length]));
setInterval(() => {
  const now = performance.now();
  for (const c of connections) c.expire(now);
}, 1000).unref();
const pool = (until, stats) => Promise.all(connections.map((c) => worker(operation, until, stats, c)));
if (total === undefined) await pool(performance.now() + 500, undefined);
const stats = { ok: 0, failed: 0, latencies: [], firstError: undefined };
const cpu = process.cpuUsage();
const started = performance.now();
await pool(total === undefined ? started + Number(seconds) * 1000 : Number.POSITIVE_INFINITY, stats);
const elapsed = (performance.now() - started) / 1000;
const used = process.cpuUsage(cpu);
const sorted = stats.latencies.sort((a, b) => a - b);
const at = (q) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
process.stdout.write(
  `${JSON.stringify({
    requests: sorted.length,
    ok: stats.ok,
    failed: stats.failed,
    rps: Math.round(stats.ok / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    firstError: stats.firstError,
    cpuUs: sorted.length ? Math.round((used.user + used.system) / sorted.length) : 0,
  })}\n`,
);
for (const c of connections) c.socket?.destroy();
