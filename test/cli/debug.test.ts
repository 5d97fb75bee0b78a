/**
 * --debug on the embedded backend (issue 19, item 20): the store it opened, each operation with its input
 * (secret members and the API key masked) and how long it took, on stderr; stdout is what it would be
 * without --debug. Times vary, so they are read as `N ms`.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/backends/embedded/store/sqlite-store.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const timed = (text: string) => text.replace(/\d+\.\d ms/g, 'N ms');

describe('--debug on the embedded backend', () => {
  it('logs the store, the call with its input and its time; stdout is unchanged', async () => {
    const r = await sb.run(['create-repository', '--repository-name', 'team/app', '--debug']);
    const store = `${sb.env.SVCCTL_HOME}/state.db`;
    expect({ ...r, stderr: timed(r.stderr) }).toEqual({
      code: 0,
      stdout: expect.stringContaining('"repositoryName": "team/app"'),
      stderr:
        `DEBUG embedded store: ${store} (schema version ${MIGRATIONS.length}) opened in N ms\n` +
        'DEBUG embedded call: CreateRepository (region us-east-1) {"repositoryName":"team/app"}\n' +
        'DEBUG embedded result: CreateRepository succeeded in N ms\n',
    });
    const plain = await sb.run(['describe-repositories']);
    expect((await sb.run(['describe-repositories', '--debug'])).stdout).toBe(plain.stdout);
  });

  it('masks the API key and says how a call failed', async () => {
    const r = await sb.run([
      'account-token',
      'get',
      '--id',
      'accttok_nope',
      '--api-key',
      'sk_test_abcdefgh1234',
      '--debug',
    ]);
    expect(r.code).toBe(254);
    expect(timed(r.stderr).split('\n').slice(1, 3)).toEqual([
      'DEBUG embedded call: RetrieveAccountToken (region us-east-1, key sk_test_********1234) {"id":"accttok_nope"}',
      'DEBUG embedded result: RetrieveAccountToken failed in N ms: not_found',
    ]);
    expect(r.stderr).not.toContain('abcdefgh');
  });
});

// Final hostile pass 11c: --debug wrote what it logs raw. An endpoint's answer holding ESC and BEL (here an
// OSC sequence that sets the terminal's title) reached the terminal as it came, and so did a store path
// holding ESC; every other line svcctl writes to stderr escapes them (core/input-rules.ts terminalText).
describe('--debug writes no raw control character', () => {
  const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

  it("an endpoint's answer (the HTTP backend): its body is logged with each control written as its escape", async () => {
    const body = '{"__type":"Boom\u001b[31m","message":"m\u001b]0;pwned\u0007"}';
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await sb.run(['describe-repositories', '--endpoint-url', url, '--debug'], {
        env: { AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE', AWS_SECRET_ACCESS_KEY: 'secret', AWS_MAX_ATTEMPTS: '1' },
      });
      expect({ code: r.code, stdout: r.stdout, raw: RAW.test(r.stderr) }).toEqual({
        code: 255,
        stdout: '',
        raw: false,
      });
      expect(r.stderr).toContain('  body: {"__type":"Boom\\u001b[31m","message":"m\\u001b]0;pwned\\u0007"}\n');
    } finally {
      server.close();
    }
  });

  it('the store path on the embedded backend', async () => {
    const home = join(sb.cwd, 'a\u001b[31mb');
    mkdirSync(home);
    const r = await sb.run(['describe-repositories', '--debug'], { env: { SVCCTL_HOME: home } });
    expect({ code: r.code, raw: RAW.test(r.stderr) }).toEqual({ code: 0, raw: false });
    expect(timed(r.stderr).split('\n')[0]).toBe(
      `DEBUG embedded store: ${sb.cwd}/a\\u001b[31mb/state.db does not exist yet; this read answers from an empty store in memory (schema version ${MIGRATIONS.length}) opened in N ms`,
    );
  });
});
