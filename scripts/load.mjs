#!/usr/bin/env node
// A small HTTP load generator for the benchmark (run as its own process, so that it does not share a
// CPU thread with the server): `node scripts/load.mjs URL OPERATION SECONDS CONCURRENCY` keeps
// CONCURRENCY keep-alive requests in flight for SECONDS (after a half-second warm-up) and prints one JSON
// line: {requests, ok, failed, rps, p50, p99, firstError}. Requests are unsigned (serve accepts that).
// OPERATION: create-repository or create-launch-configuration (a new name each time), or
// describe-launch-configurations (MaxRecords=10), or meter-event-stream (100 new meter events a request, of
// event name bench_events for customers cus_0..cus_9, with the session token in $BENCH_SESSION_TOKEN). TOTAL (optional): stop after so many answered requests
// (no warm-up; to fill a server's store to a size, e.g. moto's for the bench), whatever SECONDS says.
// URL may be a comma-separated list (several serve instances on one PostgreSQL store): the in-flight requests
// are spread over them evenly (request slot i always goes to URL i mod n).
import http from 'node:http';

const [url, operation, seconds = '5', concurrency = '16', total] = process.argv.slice(2);
const limit = total === undefined ? Number.POSITIVE_INFINITY : Number(total);
let sent = 0;
const targets = url.split(',').map((u) => new URL(u));
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(concurrency) });
let counter = 0;

function requestFor(op) {
  if (op === 'create-repository') {
    const body = JSON.stringify({ repositoryName: `bench/${process.pid}-${++counter}` });
    return {
      body,
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
      },
    };
  }
  if (op === 'create-launch-configuration') {
    const body = `Action=CreateLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=bench-${process.pid}-${++counter}&ImageId=ami-0abcdef1234567890&InstanceType=t3.micro`;
    return { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' } };
  }
  if (op === 'describe-launch-configurations') {
    const body = 'Action=DescribeLaunchConfigurations&Version=2011-01-01&MaxRecords=10';
    return { body, headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' } };
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
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${process.env.BENCH_SESSION_TOKEN}` },
    };
  }
  throw new Error(`unknown operation ${op}`);
}

function send(op, target) {
  const { body, headers, path = '/' } = requestFor(op);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: 'POST',
        agent,
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, text: err.message }));
    req.end(body);
  });
}

async function worker(op, until, stats, target) {
  while (performance.now() < until && sent++ < limit) {
    const started = performance.now();
    const { status, text } = await send(op, target);
    if (stats) {
      stats.latencies.push(performance.now() - started);
      if (status >= 200 && status < 300) stats.ok++;
      else {
        stats.failed++;
        stats.firstError ??= `${status} ${text.slice(0, 200)}`;
      }
    }
  }
}

const pool = (until, stats) =>
  Promise.all(
    Array.from({ length: Number(concurrency) }, (_, i) => worker(operation, until, stats, targets[i % targets.length])),
  );
if (total === undefined) await pool(performance.now() + 500, undefined);
const stats = { ok: 0, failed: 0, latencies: [], firstError: undefined };
const started = performance.now();
await pool(total === undefined ? started + Number(seconds) * 1000 : Number.POSITIVE_INFINITY, stats);
const elapsed = (performance.now() - started) / 1000;
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
  })}\n`,
);
agent.destroy();
