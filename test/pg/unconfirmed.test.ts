/**
 * Issue 41: the shared store when a COMMIT is never confirmed (synchronous_standby_names naming a standby
 * that does not exist) and when the database stalls (SIGSTOP of the postmaster and its children). One
 * PostgreSQL for the file; each test its own database and serve (a pool of one thread: requests queue).
 * Every wait is bounded and waits for an event; what is asserted is what a client gets, and in which
 * order, never how long it took.
 */
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { type Postgres, startPostgres } from '../helpers/postgres.js';
import { type ServeProcess, startServe } from '../peers/serve-process.js';

let server: Postgres;
let home: string;
let admin: pg.Client;
const serves: ServeProcess[] = [];

beforeAll(async () => {
  server = await startPostgres();
  home = mkdtempSync(join(tmpdir(), 'svcctl-pg-unconfirmed-'));
  await connectAdmin();
}, 60_000);

afterEach(async () => {
  server.signal('SIGCONT');
  await ghost(false);
  for (const s of serves.splice(0)) await s.stop('SIGKILL');
});

afterAll(async () => {
  await admin?.end().catch(() => {});
  await server?.stop();
  rmSync(home, { recursive: true, force: true });
});

async function connectAdmin(): Promise<void> {
  await admin?.end().catch(() => {});
  admin = new pg.Client({ connectionString: server.url });
  admin.on('error', () => {});
  await admin.connect();
}

/** COMMITs wait for a synchronous standby that does not exist (on), or not (off). */
async function ghost(on: boolean): Promise<void> {
  await admin.query(
    on ? "ALTER SYSTEM SET synchronous_standby_names = 'ghost'" : 'ALTER SYSTEM RESET synchronous_standby_names',
  );
  await admin.query('SELECT pg_reload_conf()');
}

/** A serve (one thread) on a database of its own; `url` is that database's. */
async function serve(
  name: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<ServeProcess & { store: string }> {
  const store = await server.createDatabase(name);
  const s = await startServe(
    ['--store', store, '--store-connect-timeout', '1000', '--store-query-timeout', '3000', ...extra],
    { SVCCTL_HOME: home, ...env },
  );
  serves.push(s);
  return Object.assign(s, { store });
}

interface Answer {
  status: number;
  body: string;
}

/** A POST of JSON; `reset` when the connection was closed without an answer. Bounded at 60 s. */
function post(url: string, headers: Record<string, string>, body: unknown): Promise<Answer | 'reset'> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = httpRequest(
      url,
      {
        method: 'POST',
        // A connection of its own: a kept-alive one closed by serve's idle limit meanwhile would be a reset
        // that is not the request's.
        agent: false,
        headers: { ...headers, 'content-length': Buffer.byteLength(data) },
        timeout: 60_000,
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', () => resolve('reset'));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? resolve('reset') : reject(err)));
    req.end(data);
  });
}

const V2 = { authorization: 'Bearer sk_test_issue41', 'content-type': 'application/json' };
const token = (base: string, key?: string) =>
  post(`${base}/v2/core/account_tokens`, key === undefined ? V2 : { ...V2, 'idempotency-key': key }, {
    display_name: 'unconfirmed',
  });
const repository = (base: string, name: string) =>
  post(
    `${base}/`,
    {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
    },
    { repositoryName: name },
  );

async function get(url: string): Promise<Answer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, body: await res.text() };
}

/** Polls `probe` (bounded: 300 tries, 50 ms apart) until `done` holds; returns the last answer. */
async function until<T>(probe: () => Promise<T>, done: (t: T) => boolean): Promise<T> {
  let last = await probe();
  for (let i = 0; i < 300 && !done(last); i++) {
    await new Promise((r) => setTimeout(r, 50));
    last = await probe();
  }
  return last;
}

const metric = (text: string, name: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? Number.NaN : Number(line.slice(name.length + 1));
};

const ECR_UNAVAILABLE = {
  __type: 'ServiceUnavailableException',
  message: 'The service is unavailable. Retry the request.',
};

test('an account token whose COMMIT is never confirmed: 200 with the token, committed once, with or without an Idempotency-Key (not 503 "retry")', async () => {
  const s = await serve('tokens');
  await ghost(true);
  const plain = await token(s.url);
  const keyed = await token(s.url, 'one-key');
  await ghost(false);
  expect(plain === 'reset' ? plain : plain.status, s.stderr()).toBe(200);
  expect(keyed === 'reset' ? keyed : keyed.status, JSON.stringify(keyed)).toBe(200);
  const ids = [plain, keyed].map((a) => JSON.parse((a as Answer).body).id as string);
  // Each is in the store once: the one without a key was not answered "retry", which would make a second.
  const db = new pg.Client({ connectionString: s.store });
  await db.connect();
  try {
    const stored = (await db.query('SELECT id FROM account_tokens ORDER BY id')).rows.map((r) => r.id);
    expect(stored).toEqual([...ids].sort());
  } finally {
    await db.end();
  }
  // The keyed one repeated gets its first answer.
  const again = await token(s.url, 'one-key');
  expect(again === 'reset' ? again : JSON.parse(again.body).id).toBe(ids[1]);
});

test('requests queued behind an unconfirmed COMMIT on a one-thread instance get an answer each, never a reset (idle limit shortened to 1 s)', async () => {
  const s = await serve('queued', [], { SVCCTL_TEST_SOCKET_IDLE_MS: '1000' });
  await ghost(true);
  const first = token(s.url);
  // Once its COMMIT waits for the standby (the thread is busy), two more: each waits longer than the idle
  // limit for its fault rule and its turn.
  await until(
    async () =>
      (await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event = 'SyncRep'")).rows[0].n,
    (n) => n > 0,
  );
  const queued = [repository(s.url, 'queued-a'), repository(s.url, 'queued-b')];
  const answers = await Promise.all([first, ...queued]);
  await ghost(false);
  expect(answers.filter((a) => a === 'reset')).toEqual([]);
  // Once the store answers again (a 503 meanwhile is its back-off after a time-out).
  const described = await until(
    () =>
      post(
        `${s.url}/`,
        {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.DescribeRepositories',
        },
        {},
      ),
    (a) => a !== 'reset' && a.status === 200,
  );
  const names = JSON.parse((described as Answer).body).repositories.map(
    (r: { repositoryName: string }) => r.repositoryName,
  );
  // Each queued create: 200 and there, or the 503 that says retry and not there.
  for (const [i, a] of (answers.slice(1) as Answer[]).entries()) {
    const name = `queued-${'ab'[i]}`;
    if (a.status === 200) expect(names).toContain(name);
    else {
      expect({ status: a.status, body: JSON.parse(a.body) }).toEqual({ status: 503, body: ECR_UNAVAILABLE });
      expect(names).not.toContain(name);
    }
  }
});

test('a stalled database (SIGSTOP): once a request has waited 2 s, new ones are refused at once, answered before the one that waits', async () => {
  const s = await serve('stall', ['--store-query-timeout', '20000']);
  expect(((await repository(s.url, 'before')) as Answer).status).toBe(200);
  server.signal('SIGSTOP');
  const order: string[] = [];
  const waiting = repository(s.url, 'waits').then((a) => {
    order.push('waits');
    return a;
  });
  // A new create every 250 ms, each on a connection of its own, until one is answered 503: that refusal
  // must come while the first create still waits (those sent before the 2 s wait with it).
  const probes: Array<Promise<Answer | 'reset'>> = [];
  const refused = await new Promise<Answer | 'reset'>((resolve) => {
    let n = 0;
    const send = () => {
      if (n >= 200) return resolve('reset');
      const probe = repository(s.url, `during-${n++}`);
      probes.push(probe);
      probe.then(
        (a) => {
          if (a !== 'reset' && a.status === 503 && !order.includes('refused')) {
            order.push('refused');
            clearInterval(timer);
            resolve(a);
          }
        },
        () => {},
      );
    };
    const timer = setInterval(send, 250);
    send();
  });
  expect(refused === 'reset' ? refused : { status: refused.status, body: JSON.parse(refused.body) }).toEqual({
    status: 503,
    body: ECR_UNAVAILABLE,
  });
  server.signal('SIGCONT');
  const first = await waiting;
  await Promise.allSettled(probes);
  expect(order).toEqual(['refused', 'waits']);
  expect(first === 'reset' ? first : first.status).not.toBe('reset');
});

test('/_svcctl/ready names no address while the database is down; svcctl_store_available is 1 again once the store is back, with no request', async () => {
  const s = await serve('down');
  expect(((await repository(s.url, 'before')) as Answer).status).toBe(200);
  server.kill();
  try {
    const failed = (await repository(s.url, 'refused')) as Answer;
    expect({ status: failed.status, body: JSON.parse(failed.body) }).toEqual({ status: 503, body: ECR_UNAVAILABLE });
    const ready = await get(`${s.url}/_svcctl/ready`);
    expect({ status: ready.status, body: JSON.parse(ready.body) }).toEqual({
      status: 503,
      body: { ready: false, reason: 'The store is unavailable: connect ECONNREFUSED' },
    });
    expect(ready.body).not.toContain(String(server.port));
    expect(metric((await get(`${s.url}/_svcctl/metrics`)).body, 'svcctl_store_available')).toBe(0);
  } finally {
    await server.start();
    await connectAdmin();
  }
  const back = await until(
    () => get(`${s.url}/_svcctl/metrics`),
    (m) => metric(m.body, 'svcctl_store_available') === 1,
  );
  expect(metric(back.body, 'svcctl_store_available')).toBe(1);
  const line = s
    .stderr()
    .split('\n')
    .find((l) => l.includes('store: serving again after '));
  expect(line, s.stderr()).toMatch(/store: serving again after \d+\.\d s \(1 request\(s\) answered 503 meanwhile\)$/);
});

test('fault rules decided from the rules each instance reads: a rule set through one instance fires on the next request to another, a removed one stops; a counted rule counts once across them', async () => {
  const a = await serve('rules');
  const b = await startServe(['--store', a.store, '--store-connect-timeout', '1000', '--store-query-timeout', '3000'], {
    SVCCTL_HOME: home,
  });
  serves.push(b);
  const faults = (s: ServeProcess, method: string, body?: unknown) =>
    fetch(`${s.url}/_svcctl/faults`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const describe = async (s: ServeProcess) => {
    const r = (await post(
      `${s.url}/`,
      {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.DescribeRepositories',
      },
      {},
    )) as Answer;
    return r.status === 200 ? 200 : `${r.status} ${JSON.parse(r.body).__type}`;
  };
  expect(await describe(b)).toBe(200);
  expect((await faults(a, 'POST', { 'fault.ecr.DescribeRepositories': '503' })).status).toBe(200);
  expect([await describe(b), await describe(a)]).toEqual(['503 ServiceUnavailable', '503 ServiceUnavailable']);
  expect((await faults(a, 'DELETE')).status).toBe(200);
  expect(await describe(b)).toBe(200);
  expect((await faults(b, 'POST', { 'fault.ecr.DescribeRepositories': 'throttle;next=2' })).status).toBe(200);
  expect([await describe(a), await describe(b), await describe(a), await describe(b)]).toEqual([
    '400 ThrottlingException',
    '400 ThrottlingException',
    200,
    200,
  ]);
});
