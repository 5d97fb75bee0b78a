/**
 * A token is used once, whatever the concurrency: two `svcctl serve` processes on one store, and for each
 * of 100 tokens in a row, two account creations from it sent at the same time, one to each process.
 * Exactly one succeeds; the other is `token_already_used`. Then the store holds 100 accounts,
 * one per token, every token used. The same for meter events: one identifier sent to both processes at once
 * is stored once, and one event cancelled by both at once is cancelled once. The run's time is printed, not
 * judged: the test's time-out bounds a hang.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resetSettings, writeSettings } from '../../../../src/backends/embedded/settings-store.js';
import { openTestStore } from '../../../helpers/store.js';
import { type ServeProcess, startServe } from '../../../peers/serve-process.js';

const ITERATIONS = 100;

let dir: string;
let servers: ServeProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-concurrency-'));
  const env = { SVCCTL_HOME: join(dir, 'store') };
  servers = await Promise.all([startServe([], env), startServe([], env)]);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function post(base: string, path: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_race',
      'content-type': 'application/json',
      'service-version': '2025-12-15.clover',
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

it(`two concurrent uses of one token, ${ITERATIONS} times in a row: exactly one succeeds each time`, {
  timeout: 60_000,
}, async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string];
  const started = performance.now();
  const outcomes: string[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const token = await post(i % 2 === 0 ? a : b, '/v2/core/account_tokens', { display_name: `race ${i}` });
    expect(token.status).toBe(200);
    const both = await Promise.all(
      [a, b].map((url) => post(url, '/v2/core/accounts', { account_token: token.body.id })),
    );
    const won = both.filter((r) => r.status === 200);
    const lost = both.filter((r) => r.status !== 200);
    expect(won.length, `iteration ${i}`).toBe(1);
    expect(won[0]!.body).toMatchObject({ object: 'v2.core.account', display_name: `race ${i}` });
    expect(lost.map((r) => [r.status, r.body.error.code, r.body.error.message])).toEqual([
      [
        400,
        'token_already_used',
        `The account token '${token.body.id}' has already been used: a token can be used only once.`,
      ],
    ]);
    outcomes.push(both[0]!.status === 200 ? 'a' : 'b');
  }
  const ms = performance.now() - started;
  console.info(
    `concurrency: ${ITERATIONS} iterations in ${ms.toFixed(0)} ms; first server won ${outcomes.filter((o) => o === 'a').length} times`,
  );
  const db = openTestStore(join(dir, 'store'));
  try {
    expect(db.prepare('SELECT count(*) AS accounts, count(DISTINCT token_id) AS tokens FROM accounts').get()).toEqual({
      accounts: ITERATIONS,
      tokens: ITERATIONS,
    });
    expect(db.prepare('SELECT count(*) AS n FROM account_tokens WHERE used = 0').get()).toEqual({ n: 0 });
  } finally {
    db.close();
  }
});

it('the concurrency limit on account updates counts across processes: a lease held in one serve refuses the update in the other', {
  timeout: 30_000,
}, async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string];
  const db = openTestStore(join(dir, 'store'));
  try {
    writeSettings(db, [
      ['account_update_concurrency_limit', '1'],
      ['account_update_hold_ms', '600'],
    ]);
    const held = post(a, '/v2/core/account_tokens', { display_name: 'held' });
    // The lease is taken before the hold begins: wait (bounded) until the store holds it.
    const leases = () => (db.prepare('SELECT count(*) AS n FROM account_update_leases').get() as { n: number }).n;
    for (let i = 0; i < 500 && leases() === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(leases()).toBe(1);
    const refused = await post(b, '/v2/core/account_tokens', { display_name: 'refused' });
    expect([refused.status, refused.body.error]).toEqual([
      429,
      {
        type: 'rate_limit',
        code: 'account_rate_limit_exceeded',
        message:
          'Too many concurrent updates to this account: its limit is 1 at a time. Retry after the updates in progress have finished.',
      },
    ]);
    expect((await held).status).toBe(200);
    expect(db.prepare('SELECT count(*) AS n FROM account_update_leases').get()).toEqual({ n: 0 });
    expect((await post(b, '/v2/core/account_tokens', { display_name: 'after' })).status).toBe(200);
  } finally {
    resetSettings(db);
    db.close();
  }
});

it(`one meter event sent to both processes at once, then cancelled by both at once, ${ITERATIONS / 2} times: one event, one adjustment each time`, {
  timeout: 60_000,
}, async () => {
  const [a, b] = servers.map((s) => s.url) as [string, string];
  for (let i = 0; i < ITERATIONS / 2; i++) {
    const identifier = `race_evt_${i}`;
    const sent = await Promise.all(
      [a, b].map((url) =>
        post(url, '/v2/billing/meter_events', { event_name: 'race', payload: { value: '1' }, identifier }),
      ),
    );
    expect(sent.map((r) => r.status).sort(), `iteration ${i}`).toEqual([200, 400]);
    expect(sent.find((r) => r.status === 400)!.body.error.code).toBe('duplicate_meter_event');
    const cancel = { event_name: 'race', type: 'cancel', cancel: { identifier } };
    const cancelled = await Promise.all([a, b].map((url) => post(url, '/v2/billing/meter_event_adjustments', cancel)));
    expect(cancelled.map((r) => r.status).sort(), `iteration ${i}`).toEqual([200, 400]);
    expect(cancelled.find((r) => r.status === 400)!.body.error).toEqual({
      type: 'invalid_request_error',
      code: 'invalid_cancel_configuration',
      message: `The cancel configuration is invalid: the event with identifier '${identifier}' has already been cancelled; an event can be cancelled once.`,
    });
  }
  const db = openTestStore(join(dir, 'store'));
  try {
    expect(
      db
        .prepare(
          "SELECT count(*) AS events, count(cancels_ms) AS cancelled FROM meter_events WHERE event_name = 'race'",
        )
        .get(),
    ).toEqual({ events: ITERATIONS / 2, cancelled: ITERATIONS / 2 });
    expect(db.prepare("SELECT count(*) AS n FROM meter_event_adjustments WHERE doc LIKE '%race_evt_%'").get()).toEqual({
      n: ITERATIONS / 2,
    });
  } finally {
    db.close();
  }
});
