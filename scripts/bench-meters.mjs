// The meters' rows of `npm run bench` (issue 43): meter events through the meter event stream (100 a
// request) sustained on one serve, on SQLite and on PostgreSQL, in events a second, beside CreateRepository's
// requests a second on the same serve in the same run; and a meter's event summary for one customer and one
// day over a store of 1,000 events of that meter and over one of 1,000,000 (the same 100 of that customer in
// the range, the rest other customers' and other days'), the median of many requests each.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { postgresForBench } from './bench-pg.mjs';
import { BIN } from './bench-lib.mjs';

const SUMMARY_RUNS = Number(process.env.BENCH_SUMMARY_RUNS ?? 301);
/** The large meter's events (the bench test's smallest run seeds fewer: BENCH_SUMMARY_EVENTS). */
const SUMMARY_EVENTS = Number(process.env.BENCH_SUMMARY_EVENTS ?? 1_000_000);
const KEY = 'sk_test_bench';

async function call(url, method, path, body, token = KEY) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body,
  });
  const doc = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(doc)}`);
  return doc;
}

async function session(url) {
  const res = await fetch(`${url}/v2/billing/meter_event_session`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return (await res.json()).authentication_token;
}

/** Events a second through the stream, and CreateRepository's requests a second, on one serve. */
async function streamRows(serve, what, { load, seconds, concurrency }) {
  await call(
    serve.url,
    'POST',
    '/v1/billing/meters',
    'display_name=Bench&event_name=bench_events&default_aggregation[formula]=sum',
  );
  process.env.BENCH_SESSION_TOKEN = await session(serve.url);
  const events = load(serve, 'meter-event-stream');
  const creates = load(serve, 'create-repository');
  return [
    [
      `\`serve\` meter events through meter_event_stream (100 a request), ${what}`,
      `${(events.rps * 100).toLocaleString('en')} events/s`,
      `CreateRepository ${creates.rps.toLocaleString('en')} req/s (same serve, same run)`,
      `${events.rps.toLocaleString('en')} stream requests/s, p50 ${events.p50} ms, p99 ${events.p99} ms${events.failed ? `, ${events.failed} failed (${events.firstError})` : ''}; ${concurrency} in flight for ${seconds} s`,
      '',
      '',
    ],
  ];
}

/** Seeds `total` events of one meter into the SQLite store of `home`: 100 of cus_q in the queried day, the rest other customers' or days'. */
function seed(home, total, day) {
  mkdirSync(home, { recursive: true });
  // The CLI makes and migrates the store, as svcctl does (a write: a read of no store makes none); the rows go in with SQL.
  execFileSync(
    process.execPath,
    [
      BIN,
      'meter',
      'create',
      '--display-name',
      'Seed',
      '--event-name',
      'seed',
      '--default-aggregation',
      'formula=count',
    ],
    { env: { ...process.env, SVCCTL_HOME: home }, stdio: 'ignore' },
  );
  const db = new Database(join(home, 'state.db'));
  db.exec(`
    INSERT INTO meters (id, owner, livemode, event_name, status, created_ms, doc) VALUES ('mtr_bench', '000000000000', 0, 'bench', 'active', 0,
      '{"id":"mtr_bench","object":"billing.meter","created":0,"customer_mapping":{"event_payload_key":"stripe_customer_id","type":"by_id"},"default_aggregation":{"formula":"sum"},"display_name":"Bench","event_name":"bench","event_time_window":null,"livemode":false,"status":"active","status_transitions":{"deactivated_at":null},"updated":0,"value_settings":{"event_payload_key":"value"}}');
    WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < ${total})
    INSERT INTO meter_events (owner, livemode, identifier, created_ms, event_name, timestamp_ms, cancels_ms, doc)
      SELECT '000000000000', 0, 'e' || n, ${day * 1000}, 'bench', CASE WHEN n <= 100 THEN ${day * 1000} + n * 60000 ELSE ${day * 1000} - n * 1000 END, NULL, '{}' FROM i;
    INSERT INTO meter_usage (meter_id, customer, timestamp_ms, identifier, created_ms, owner, livemode, value)
      SELECT 'mtr_bench', CASE WHEN CAST(substr(identifier, 2) AS INTEGER) <= 100 THEN 'cus_q' ELSE 'cus_' || (CAST(substr(identifier, 2) AS INTEGER) % 1000) END,
        timestamp_ms, identifier, created_ms, owner, livemode, 1 FROM meter_events;
    ANALYZE;`);
  db.close();
}

/** One summary request's latency (ms), checked: the same 100 events of cus_q whatever the store holds. */
async function summaryOnce(url, day) {
  const path = `/v1/billing/meters/mtr_bench/event_summaries?customer=cus_q&start_time=${day}&end_time=${day + 86400}`;
  const t = performance.now();
  const doc = await call(url, 'GET', path);
  const ms = performance.now() - t;
  if (doc.data[0].aggregated_value !== 100)
    throw new Error(`the summary counted ${doc.data[0].aggregated_value}, not 100`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * The summary over 1,000 events of the meter and over SUMMARY_EVENTS: the same answer, the latencies' medians.
 * Both serves run at once and the requests alternate between them (which goes first alternating too), so that
 * the machine's load, which changes over a run, weighs on both sides alike.
 */
async function summaryRows(dir, startServe, log) {
  const day = 1795132800;
  const sizes = [1000, SUMMARY_EVENTS];
  const serves = [];
  try {
    for (const total of sizes) {
      const home = join(dir, `meters-${total}`);
      log(`meters: seeding ${total.toLocaleString('en')} events of one meter`);
      seed(home, total, day);
      serves.push(await startServe(home));
    }
    const times = sizes.map(() => []);
    for (let i = 0; i < 20 + SUMMARY_RUNS; i++) {
      const order = i % 2 === 0 ? [0, 1] : [1, 0];
      for (const k of order) {
        const ms = await summaryOnce(serves[k].url, day);
        if (i >= 20) times[k].push(ms); // the first 20 of each warm up
      }
    }
    const [small, large] = times.map(median);
    const r = large / small;
    return [
      [
        `\`serve\` event_summaries, one customer and day (100 events), meter of ${SUMMARY_EVENTS.toLocaleString('en')} events`,
        `${large.toFixed(2)} ms`,
        `${small.toFixed(2)} ms over 1,000 events`,
        `${r.toFixed(2)}× (median of ${SUMMARY_RUNS} requests each, alternating)`,
        '≤ 1.1×',
        r <= 1.1 ? 'met' : 'NOT met',
      ],
    ];
  } finally {
    for (const s of serves) s.stop();
  }
}

export async function meterRows(dir, { startServe, load, log, seconds, concurrency }) {
  const rows = [];
  const sqlite = await startServe(join(dir, 'meters-stream'));
  try {
    rows.push(...(await streamRows(sqlite, 'SQLite', { load, seconds, concurrency })));
  } finally {
    sqlite.stop();
  }
  const pg = await postgresForBench(log);
  if (pg) {
    const serve = await startServe(join(dir, 'meters-pg'), ['--store', pg.url]);
    try {
      rows.push(...(await streamRows(serve, 'PostgreSQL', { load, seconds, concurrency })));
    } finally {
      serve.stop();
      pg.stop();
    }
  } else rows.push(['`serve` meter events, PostgreSQL', 'not measured', 'no PostgreSQL', '', '', '']);
  rows.push(...(await summaryRows(dir, startServe, log)));
  return rows;
}
