// Issue 41's loaded run (a script, not a test): three `svcctl serve` instances (one with a pool of 2) on one
// PostgreSQL, 12 clients creating all four kinds (ECR repositories, Auto Scaling launch configurations, v2
// account tokens and meter event adjustments, the v2 ones with an Idempotency-Key on half of the clients),
// while every COMMIT goes unconfirmed for 15 s (synchronous_standby_names naming a standby that does not
// exist). A create that gets no 200 is sent again to the next instance (the v2 ones with the same key; an
// AWS one that then finds its name taken was the first one's write). Prints: acknowledged, lost and
// duplicated writes, answers without HTTP (resets), "retry" answers for writes that had happened, and the
// slowest answer against the documented bound (--store-query-timeout plus the 2 s back-off).
//
//   npm run build && node scripts/unconfirmed-load.mjs        (UNCONFIRMED_SECONDS, default 15)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresForBench } from './bench-pg.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const QUERY_TIMEOUT_MS = 3000;
const BACKOFF_MS = 2000;
const BOUND_MS = QUERY_TIMEOUT_MS + BACKOFF_MS;
const UNCONFIRMED_MS = Number(process.env.UNCONFIRMED_SECONDS ?? 15) * 1000;
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

const log = (line) => process.stderr.write(`${line}\n`);
const postgres = await postgresForBench(log);
if (!postgres) throw new Error('no PostgreSQL: set BENCH_PG_URL or install postgresql 15');
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS unconfirmed_load');
await admin.query('CREATE DATABASE unconfirmed_load');
const url = postgres.url.replace(/\/[^/]*$/, '/unconfirmed_load');
const home = mkdtempSync(join(tmpdir(), 'svcctl-unconfirmed-'));
writeFileSync(
  join(home, 'settings.json'),
  JSON.stringify({ launch_configurations_per_region: 'none', repositories_per_region: 'none' }),
);

function serve(i) {
  const args = ['bin/svcctl', 'serve', '--port', '0', '--store', url, '--store-connect-timeout', '1000'];
  args.push('--store-query-timeout', String(QUERY_TIMEOUT_MS), '--journal-size', '100000');
  args.push('--settings', join(home, 'settings.json'), ...(i === 2 ? ['--store-pool-size', '2'] : []));
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH, SVCCTL_HOME: home, AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'y' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c) => (err += c));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      if (out.includes('\n')) resolve({ url: out.slice(0, out.indexOf('\n')), child, stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${err}`)));
  });
}

const instances = [await serve(0), await serve(1), await serve(2)];
const KINDS = ['repository', 'launch-configuration', 'account-token', 'meter-event-adjustment'];

async function create(base, kind, name, keyed) {
  const init = { method: 'POST', headers: {} };
  let target = `${base}/`;
  if (kind === 'repository') {
    init.headers['content-type'] = 'application/x-amz-json-1.1';
    init.headers['x-amz-target'] = 'AmazonEC2ContainerRegistry_V20150921.CreateRepository';
    init.body = JSON.stringify({ repositoryName: name });
  } else if (kind === 'launch-configuration') {
    init.headers['content-type'] = 'application/x-www-form-urlencoded';
    init.body = `Action=CreateLaunchConfiguration&Version=2011-01-01&LaunchConfigurationName=${name}&ImageId=ami-12345678&InstanceType=t2.micro`;
  } else {
    init.headers.authorization = 'Bearer sk_test_load';
    init.headers['content-type'] = 'application/json';
    if (keyed) init.headers['idempotency-key'] = name;
    if (kind === 'account-token') {
      target = `${base}/v2/core/account_tokens`;
      init.body = JSON.stringify({ display_name: name });
    } else {
      target = `${base}/v2/billing/meter_event_adjustments`;
      init.body = JSON.stringify({ event_name: 'load', type: 'cancel', cancel: { identifier: name } });
    }
  }
  const t = performance.now();
  try {
    const res = await fetch(target, { ...init, signal: AbortSignal.timeout(60_000) });
    return { status: res.status, body: await res.text(), ms: performance.now() - t };
  } catch (e) {
    return { status: 0, body: String(e.cause?.message ?? e.message), ms: performance.now() - t };
  }
}

const exists = (kind, r) =>
  (kind === 'repository' && r.body.includes('RepositoryAlreadyExistsException')) ||
  (kind === 'launch-configuration' && r.body.includes('<Code>AlreadyExists</Code>'));

const acked = new Map(KINDS.map((k) => [k, new Map()]));
/** v2 creates sent without a key and answered 503 "retry": their name, to find a write that happened. */
const retried = new Map(KINDS.map((k) => [k, new Set()]));
const answers = new Map();
const falseRetries = [];
const resets = [];
const late = [];
let slowest = 0;
let sent = 0;
let running = true;
let seq = 0;
const worker = async (w) => {
  const kind = KINDS[w % 4];
  const keyed = w < 8; // clients 8-11 send their v2 creates without an Idempotency-Key (it is optional)
  while (running) {
    const name = `w${w}-${seq++}`;
    let firstTried = false;
    let saidRetry = false;
    for (let attempt = 0; attempt < 200; attempt++) {
      const r = await create(instances[(w + attempt) % 3].url, kind, name, keyed);
      sent++;
      answers.set(r.status, (answers.get(r.status) ?? 0) + 1);
      slowest = Math.max(slowest, r.ms);
      if (r.ms > BOUND_MS) late.push(`${kind} ${r.status} ${r.ms.toFixed(0)} ms`);
      if (r.status === 0) resets.push(`${kind} ${name}: ${r.body}`);
      if (r.status === 200) {
        acked
          .get(kind)
          .set(name, kind === 'repository' || kind === 'launch-configuration' ? name : JSON.parse(r.body).id);
        break;
      }
      if (firstTried && exists(kind, r)) {
        if (saidRetry) falseRetries.push(`${kind} ${name}`);
        acked.get(kind).set(name, name);
        break;
      }
      firstTried = true;
      saidRetry = r.status === 503 && r.body.includes('Retry the request');
      if (saidRetry && !keyed) retried.get(kind).add(name);
      await pause(100);
    }
  }
};

const workers = Array.from({ length: 12 }, (_, w) => worker(w));
await pause(2000);
const before = sent;
await admin.query("ALTER SYSTEM SET synchronous_standby_names = 'ghost'");
await admin.query('SELECT pg_reload_conf()');
await pause(UNCONFIRMED_MS);
await admin.query('ALTER SYSTEM RESET synchronous_standby_names');
await admin.query('SELECT pg_reload_conf()');
const during = sent - before;
await pause(3000);
running = false;
await Promise.all(workers);

const db = new pg.Client({ connectionString: url });
await db.connect();
const col = async (q) => (await db.query(q)).rows.map((r) => r.k);
const stored = {
  repository: await col('SELECT name AS k FROM repositories'),
  'launch-configuration': await col('SELECT name AS k FROM launch_configurations'),
  'account-token': await col("SELECT id || ' ' || (doc::json->'data'->>'display_name') AS k FROM account_tokens"),
  'meter-event-adjustment': await col(
    "SELECT id || ' ' || (doc::json->'cancel'->>'identifier') AS k FROM meter_event_adjustments",
  ),
};
let total = 0;
let lost = 0;
let duplicates = 0;
const perKind = [];
for (const kind of KINDS) {
  const ids = acked.get(kind);
  const aws = kind === 'repository' || kind === 'launch-configuration';
  const present = new Set(stored[kind].map((k) => k.split(' ')[0]));
  lost += [...ids.values()].filter((id) => !present.has(id)).length;
  // One object per name: a v2 name (display name, cancelled identifier) stored twice is a duplicate, keyed or not.
  const byName = new Map();
  for (const k of stored[kind]) {
    const n = aws ? k : k.split(' ')[1];
    byName.set(n, (byName.get(n) ?? 0) + 1);
  }
  duplicates += [...byName.values()].reduce((a, n) => a + n - 1, 0);
  // A v2 create without a key answered "retry" whose object is stored: a "retry" for a write that happened.
  if (!aws) for (const n of retried.get(kind)) if (byName.has(n) && !ids.has(n)) falseRetries.push(`${kind} ${n}`);
  if (!aws)
    for (const n of retried.get(kind))
      if (ids.has(n) && (byName.get(n) ?? 0) > 1) falseRetries.push(`${kind} ${n} (stored twice)`);
  total += ids.size;
  perKind.push(`${kind} ${ids.size}`);
}
await db.end();
for (const s of instances) s.child.kill('SIGTERM');
await admin.end();
await postgres.stop();
rmSync(home, { recursive: true, force: true });

console.log(
  `COMMITs unconfirmed for ${UNCONFIRMED_MS / 1000} s on 3 instances (one with a pool of 2), 12 clients, --store-query-timeout ${QUERY_TIMEOUT_MS} ms:\n` +
    `  ${total} acknowledged creates (${perKind.join(', ')}), ${lost} lost, ${duplicates} duplicated\n` +
    `  ${sent} requests (${during} while COMMITs went unconfirmed), answers ${[...answers].map(([s, n]) => `${s === 0 ? 'none' : s}: ${n}`).join(', ')}\n` +
    `  resets without an answer: ${resets.length}${resets.length ? ` (${resets.slice(0, 3).join('; ')})` : ''}\n` +
    `  "retry" answers for writes that had happened: ${falseRetries.length}${falseRetries.length ? ` (${falseRetries.slice(0, 3).join('; ')})` : ''}\n` +
    `  slowest answer ${slowest.toFixed(0)} ms; over the bound of ${BOUND_MS} ms: ${late.length}${late.length ? ` (${late.slice(0, 3).join('; ')})` : ''}`,
);
process.exit(lost || duplicates || resets.length || falseRetries.length || late.length ? 1 : 0);
