/**
 * `GET /_svcctl/health` and `/_svcctl/ready` of a real `svcctl serve` process: what CI waits on. Ready is
 * 503 once the store is no longer the schema this svcctl serves (a newer svcctl migrated it meanwhile).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePath } from '../../src/backends/embedded/store/store-file.js';
import { VERSION } from '../../src/core/version.js';
import { sandbox } from '../helpers/cli.js';
import { failed, paramError } from '../helpers/cli-results.js';
import { ON_POSTGRES, SCHEMA_VERSION, setPgSchemaVersion } from '../helpers/store.js';
import { type ServeProcess, startServe } from '../peers/serve-process.js';

let dir: string;
let serve: ServeProcess;
/** When the test started serve (the wall clock serve's uptime is counted on). */
let spawnedMs: number;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-ops-health-'));
  spawnedMs = Date.now();
  serve = await startServe([], { SVCCTL_HOME: join(dir, 'home') });
});
afterAll(async () => {
  await serve.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string, init?: RequestInit): Promise<{ status: number; type: string | null; body: string }> {
  const r = await fetch(`${serve.url}${path}`, init);
  return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
}

describe('health and readiness', () => {
  it('health: the process is up, with its version, uptime and store kind', async () => {
    const r = await get('/_svcctl/health');
    const answeredMs = Date.now();
    expect({ status: r.status, type: r.type }).toEqual({ status: 200, type: 'application/json' });
    const doc = JSON.parse(r.body) as { uptimeSeconds: number };
    expect(doc).toEqual({
      status: 'ok',
      version: VERSION,
      uptimeSeconds: doc.uptimeSeconds,
      store: { kind: ON_POSTGRES ? 'postgres' : 'sqlite' },
    });
    // Seconds of this process: no more than the time since the test started it, whatever the machine's load.
    expect(doc.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(doc.uptimeSeconds).toBeLessThanOrEqual((answeredMs - spawnedMs) / 1000);
  });

  it('ready: the store is reachable and migrated', async () => {
    expect(await get('/_svcctl/ready')).toEqual({
      status: 200,
      type: 'application/json',
      body: `{"ready":true,"schemaVersion":${SCHEMA_VERSION}}\n`,
    });
  });

  it('svcctl service ready prints the same document on both backends', async () => {
    const sb = sandbox({ SVCCTL_HOME: join(dir, 'embedded') });
    const ready = { code: 0, stdout: `{\n    "ready": true,\n    "schemaVersion": ${SCHEMA_VERSION}\n}\n`, stderr: '' };
    expect(await sb.run(['service', 'ready'])).toEqual(ready);
    expect(await sb.run(['--endpoint-url', serve.url, 'service', 'ready'])).toEqual(ready);
  });

  it('service ready --wait asks again only while serve is not ready: a --query that fails on the answer ends at once', async () => {
    // Final hostile pass 6a: the failure of printing the answer was taken for "not ready yet" and asked again
    // until --wait ran out (600 s here), then exit 255.
    const sb = sandbox({ SVCCTL_HOME: join(dir, 'embedded') });
    const at = ['--endpoint-url', serve.url, 'service', 'ready', '--wait', '600', '--query', 'length(ready)'];
    expect(await sb.run(at)).toEqual({
      code: 255,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: In function length(), invalid type for value: True, expected one of: ['string', 'array', 'object'], received: "boolean"\n`,
    });
  });

  it.each(['999999999', '10000', '-1', 'abc'])(
    'service ready --wait %s is refused naming the accepted range, as the other range errors do (252)',
    async (wait) => {
      // Hostile round 9: the refusal said only "invalid number of seconds", not which are valid.
      const sb = sandbox({ SVCCTL_HOME: join(dir, 'embedded') });
      expect(await sb.run(['--endpoint-url', serve.url, 'service', 'ready', '--wait', wait])).toEqual(
        failed(252, paramError(`argument --wait: invalid number of seconds: '${wait}' (seconds, 0-9999)`)),
      );
    },
  );

  it('an unknown endpoint is 404 and a wrong method 405, in JSON', async () => {
    expect(await get('/_svcctl/nope')).toEqual({
      status: 404,
      type: 'application/json',
      body: '{"error":{"code":"NotFound","message":"No such endpoint: /_svcctl/nope (see GET /_svcctl/ for the inspector)."}}\n',
    });
    expect(await get('/_svcctl/health', { method: 'POST' })).toEqual({
      status: 405,
      type: 'application/json',
      body: '{"error":{"code":"MethodNotAllowed","message":"/_svcctl/health takes GET."}}\n',
    });
  });

  it('each is one line of the request log', async () => {
    const before = serve.stderr().trimEnd().split('\n').length;
    await get('/_svcctl/health');
    // The line is written once the answer is sent: wait (bounded) for it. The line of the previous test's
    // last request may land after `before` was counted: the new lines are searched, not the last one taken.
    let mine: string[] = [];
    for (let n = before + 1; n <= before + 3 && mine.length === 0; n++)
      mine = (await serve.lines(n)).slice(before).filter((l) => l.includes(' GET /_svcctl/health '));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z 127\.0\.0\.1 GET \/_svcctl\/health 200 svcctl \d+\.\dms$/,
    );
  });

  it('ready turns 503 when the store is no longer the schema this svcctl serves; health stays 200', async () => {
    // What a newer svcctl leaves: SQLite's user_version, or the PostgreSQL store's svcctl_schema row.
    if (ON_POSTGRES) setPgSchemaVersion(SCHEMA_VERSION + 1);
    else {
      const Sqlite = createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
      const db = new Sqlite(storePath(join(dir, 'home')));
      db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
      db.close();
    }
    expect(await get('/_svcctl/ready')).toEqual({
      status: 503,
      type: 'application/json',
      body: `{"ready":false,"reason":"The store's schema is version ${SCHEMA_VERSION + 1}; this svcctl serves version ${SCHEMA_VERSION}."}\n`,
    });
    expect((await get('/_svcctl/health')).status).toBe(200);
  });
});

describe('requests from a page of another site', () => {
  /** A raw request, so that the Origin header is exactly what a browser would send. */
  function post(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const r = request(`${serve.url}${path}`, { method: 'POST', headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      r.on('error', reject);
      r.end();
    });
  }

  it("a reset sent by another site's page (a form, a no-cors fetch) is refused; the inspector's own origin is not", async () => {
    const refused = await post('/_svcctl/reset?kind=journal', { origin: 'http://evil.example' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({
      error: {
        code: 'AccessDenied',
        message: 'Requests to /_svcctl/ from a page of another site are refused (Origin: http://evil.example).',
      },
    });
    expect((await post('/_svcctl/reset?kind=journal', { origin: 'null' })).status).toBe(403);
    expect((await post('/_svcctl/reset?kind=journal', { origin: serve.url })).status).toBe(200);
    expect((await post('/_svcctl/reset?kind=journal', {})).status).toBe(200);
  });
});
