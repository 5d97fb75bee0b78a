/**
 * Reset (`POST /_svcctl/reset`, `svcctl service reset`): everything, one kind, one account; refused beyond
 * loopback, and with --credentials refused without an admin key. Then metrics (`GET /_svcctl/metrics`)
 * of the same server: requests by operation and status, the latency histogram, store errors.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCredentials } from '../../src/server/credentials.js';
import { RESET_KINDS } from '../../src/models/resource-kinds.js';
import { adminEndpoints, mayReset } from '../../src/server/admin.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { separateStore } from '../helpers/store.js';
import { paramError } from '../helpers/cli-results.js';
import { BIN, runProgram, type ServeProcess, startServe } from '../peers/serve-process.js';

const CREDENTIALS = `[alice]
aws_access_key_id = AKIAALICE0000000001
aws_secret_access_key = alice-secret
account_id = 111111111111

[bob]
aws_access_key_id = AKIABOB00000000000001
aws_secret_access_key = bob-secret
account_id = 222222222222

[billing]
api_key = sk_test_billing123456
account_id = 111111111111

[ops]
api_key = sk_test_ops000000000001
account_id = 000000000000
admin = true
`;
const ALICE = {
  AWS_ACCESS_KEY_ID: 'AKIAALICE0000000001',
  AWS_SECRET_ACCESS_KEY: 'alice-secret',
  AWS_DEFAULT_REGION: 'us-east-1',
};
const BOB = {
  AWS_ACCESS_KEY_ID: 'AKIABOB00000000000001',
  AWS_SECRET_ACCESS_KEY: 'bob-secret',
  AWS_DEFAULT_REGION: 'us-east-1',
};

let dir: string;
let serve: ServeProcess;
let sb: Sandbox;
let at: string[];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-ops-reset-'));
  const file = join(dir, 'credentials.ini');
  writeFileSync(file, CREDENTIALS);
  chmodSync(file, 0o600);
  serve = await startServe(['--credentials', file], { SVCCTL_HOME: join(dir, 'home') });
  // The CLI's own store, not serve's (on PostgreSQL a database of its own).
  sb = sandbox({ SVCCTL_HOME: join(dir, 'cli-home'), ...separateStore('cli') });
  at = ['--endpoint-url', serve.url];
});
afterAll(async () => {
  await serve.stop();
  sb.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** svcctl as a process of its own: it signs with the real clock (the in-process sandbox pins one). */
async function signed(who: Record<string, string>, args: string[]): Promise<number> {
  const env = { PATH: process.env.PATH ?? '', HOME: dir, SVCCTL_HOME: join(dir, 'signer-home'), ...who };
  return (await runProgram(process.execPath, [BIN, ...at, ...args], env)).code;
}

async function make(): Promise<void> {
  for (const [who, name] of [
    [ALICE, 'alice/app'],
    [ALICE, 'alice/web'],
    [BOB, 'bob/app'],
  ] as const) {
    expect(await signed(who, ['create-repository', '--repository-name', name])).toBe(0);
  }
  expect(await signed(BOB, createLaunchConfiguration('lc', { image: 'ami-12345678', type: 't2.micro' }))).toBe(0);
}

const resources = () =>
  sb.run([...at, 'service', 'resources', '--output', 'text', '--query', 'Resources[].[Kind,Account,Name]'], {
    env: { SVCCTL_API_KEY: 'sk_test_ops000000000001' },
  });

describe('reset', () => {
  it('with --credentials, a reset without an admin key is AccessDenied (254), and nothing is deleted', async () => {
    await make();
    const denied =
      '\nsvcctl: [ERROR]: An error occurred (AccessDenied) when calling the Reset operation: This server has --credentials: reset needs an admin key (send Authorization: Bearer <api_key> of a principal with admin = true in the --credentials file).\n';
    expect(await sb.run([...at, 'service', 'reset'])).toEqual({ code: 254, stdout: '', stderr: denied });
    expect(await sb.run([...at, 'service', 'reset'], { env: { SVCCTL_API_KEY: 'sk_test_billing123456' } })).toEqual({
      code: 254,
      stdout: '',
      stderr: denied,
    });
    expect(await resources()).toEqual({
      code: 0,
      stdout:
        'repositories\t111111111111\talice/app\nrepositories\t111111111111\talice/web\nrepositories\t222222222222\tbob/app\nlaunch-configurations\t222222222222\tlc\n',
      stderr: '',
    });
  });

  it('with --credentials, changing fault rules without an admin key is AccessDenied (403), in its own words', async () => {
    const denied = (message: string) => ({ error: { code: 'AccessDenied', message } });
    const message =
      'This server has --credentials: changing fault rules needs an admin key (send Authorization: Bearer <api_key> of a principal with admin = true in the --credentials file).';
    for (const [method, path, body] of [
      ['POST', '/_svcctl/faults', '{"fault.ecr": "500"}'],
      ['DELETE', '/_svcctl/faults', undefined],
    ] as const) {
      const r = await fetch(`${serve.url}${path}`, {
        method,
        body,
        headers: { authorization: 'Bearer sk_test_billing123456' },
      });
      expect([r.status, await r.json()]).toEqual([403, denied(message)]);
    }
    const admin = { authorization: 'Bearer sk_test_ops000000000001' };
    const listed = await fetch(`${serve.url}/_svcctl/faults`, { headers: admin });
    expect([listed.status, await listed.json()]).toEqual([200, { Faults: [] }]);
  });

  it('an admin resets one account, then one kind, then everything', async () => {
    const admin = { env: { SVCCTL_API_KEY: 'sk_test_ops000000000001' } };
    expect(await sb.run([...at, 'service', 'reset', '--account', '111111111111', '--output', 'json'], admin)).toEqual({
      code: 0,
      // Every kind the registry resets, in its order: alice's 2 repositories and the 2 journal entries of their creation.
      stdout: `${JSON.stringify({ Deleted: Object.fromEntries(RESET_KINDS.map((k) => [k, { repositories: 2, journal: 2 }[k] ?? 0])) }, null, 4)}\n`,
      stderr: '',
    });
    expect(await resources()).toEqual({
      code: 0,
      stdout: 'repositories\t222222222222\tbob/app\nlaunch-configurations\t222222222222\tlc\n',
      stderr: '',
    });
    expect(await sb.run([...at, 'service', 'reset', '--kind', 'repositories', '--output', 'text'], admin)).toEqual({
      code: 0,
      stdout: 'DELETED\t1\n',
      stderr: '',
    });
    expect(await resources()).toEqual({ code: 0, stdout: 'launch-configurations\t222222222222\tlc\n', stderr: '' });
    expect(await sb.run([...at, 'service', 'reset', '--query', 'Deleted."launch-configurations"'], admin)).toEqual({
      code: 0,
      stdout: '1\n',
      stderr: '',
    });
    expect(await resources()).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await sb.run([...at, 'service', 'journal', '--query', 'length(Entries)'], admin)).toEqual({
      code: 0,
      stdout: '0\n',
      stderr: '',
    });
  });

  it('is refused beyond loopback, even for an admin; with --credentials, loopback alone is not enough', () => {
    const creds = parseCredentials(CREDENTIALS, 'test');
    const req = (remoteAddress: string, authorization?: string) =>
      ({ socket: { remoteAddress }, headers: authorization ? { authorization } : {} }) as unknown as IncomingMessage;
    const body = (a: { body: string } | undefined) => (a === undefined ? 'allowed' : JSON.parse(a.body).error.message);
    const deps = (credentials?: typeof creds) => ({ credentials }) as Parameters<typeof mayReset>[1];
    expect(body(mayReset(req('10.0.0.5', 'Bearer sk_test_ops000000000001'), deps(creds)))).toBe(
      "Reset is allowed only from this machine's loopback interface (127.0.0.1, ::1); this request came from 10.0.0.5.",
    );
    expect(body(mayReset(req('192.168.1.9'), deps()))).toBe(
      "Reset is allowed only from this machine's loopback interface (127.0.0.1, ::1); this request came from 192.168.1.9.",
    );
    expect(body(mayReset(req('::ffff:127.0.0.1'), deps()))).toBe('allowed');
    expect(body(mayReset(req('::1', 'Bearer sk_test_ops000000000001'), deps(creds)))).toBe('allowed');
    expect(body(mayReset(req('127.0.0.1', 'Bearer sk_test_billing123456'), deps(creds)))).toMatch(
      /^This server has --credentials: reset needs an admin key/,
    );
    expect(body(mayReset(req('10.0.0.5'), deps(), 'changing fault rules'))).toBe(
      "Changing fault rules is allowed only from this machine's loopback interface (127.0.0.1, ::1); this request came from 10.0.0.5.",
    );
  });

  it('bad flags and bodies are refused: 252 from the CLI, 400 from the endpoint', async () => {
    expect(await sb.run(['service', 'reset', '--account', '12'])).toEqual({
      code: 252,
      stdout: '',
      stderr: paramError("argument --account: an account is 12 digits, not '12'"),
    });
    expect(await sb.run(['service', 'reset', '--kind', 'users'])).toEqual({
      code: 252,
      stdout: '',
      stderr: paramError(`argument --kind: Invalid choice, valid choices are:\n\n${RESET_KINDS.join(' | ')}`),
    });
    const post = async (query: string, body?: string) => {
      const r = await fetch(`${serve.url}/_svcctl/reset${query}`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_ops000000000001' },
        body,
      });
      return [r.status, await r.text()];
    };
    expect(await post('?kind=users')).toEqual([
      400,
      `{"error":{"code":"InvalidParameter","message":"Unknown kind 'users': expected one of ${RESET_KINDS.join(', ')}."}}\n`,
    ]);
    expect(await post('', '[1]')).toEqual([
      400,
      '{"error":{"code":"InvalidParameter","message":"The body of a reset is empty or a JSON object: {\\"kind\\": \\"...\\", \\"account\\": \\"...\\"}."}}\n',
    ]);
    // Hostile pass 19b: a body of JSON null was taken as an empty one: a reset of everything (200), where the
    // library's reset(null) and /_svcctl/faults refuse it.
    expect(await post('', 'null')).toEqual([
      400,
      '{"error":{"code":"InvalidParameter","message":"The body of a reset is empty or a JSON object: {\\"kind\\": \\"...\\", \\"account\\": \\"...\\"}."}}\n',
    ]);
    expect(await post('', '{"account":"x"}')).toEqual([
      400,
      '{"error":{"code":"InvalidParameter","message":"An account is 12 digits, not \'x\'."}}\n',
    ]);
  });

  it('without an endpoint, reset works on the store of $SVCCTL_HOME, confirmed with --yes', async () => {
    expect((await sb.run(['create-repository', '--repository-name', 'local/app'])).code).toBe(0);
    // Issue 34, item 5: no terminal to ask on, no --yes: refused, and nothing is deleted.
    const url = sb.env.SVCCTL_STORE_URL;
    const store = url ? url.replace(/(\/\/[^:/@]*:)[^@]*@/, '$1****@') : join(sb.env.SVCCTL_HOME!, 'state.db');
    expect(await sb.run(['service', 'reset'])).toEqual({
      code: 252,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (ParamValidation): svcctl service reset deletes every resource, idempotency key and journal entry in the store ${store}, and there is no terminal to ask: add --yes to confirm. Nothing was deleted.\n`,
    });
    expect(await sb.run(['service', 'reset', '--kind', 'repositories', '--account', '000000000000'])).toEqual({
      code: 252,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (ParamValidation): svcctl service reset deletes every repositories row of account 000000000000 in the store ${store}, and there is no terminal to ask: add --yes to confirm. Nothing was deleted.\n`,
    });
    // Hostile pass 22c: a v2 kind takes the idempotency keys of its objects along, and its question says so.
    expect(await sb.run(['service', 'reset', '--kind', 'account-tokens'])).toEqual({
      code: 252,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (ParamValidation): svcctl service reset deletes every account-tokens row and the idempotency keys that made them in the store ${store}, and there is no terminal to ask: add --yes to confirm. Nothing was deleted.\n`,
    });
    expect((await sb.run(['service', 'resources', '--query', 'Resources[].Name', '--output', 'text'])).stdout).toBe(
      'local/app\n',
    );
    expect(await sb.run(['service', 'reset', '--kind', 'repositories', '--yes'])).toEqual({
      code: 0,
      stdout: '{\n    "Deleted": {\n        "repositories": 1\n    }\n}\n',
      stderr: '',
    });
    expect(await sb.run(['service', 'resources'])).toEqual({
      code: 0,
      stdout: '{\n    "Resources": []\n}\n',
      stderr: '',
    });
  });
});

describe('metrics', () => {
  it('counts requests by protocol, operation and status, with a latency histogram and store errors', async () => {
    expect(await signed(ALICE, ['create-repository', '--repository-name', 'm/one'])).toBe(0);
    expect(await signed(ALICE, ['create-repository', '--repository-name', 'm/one'])).toBe(254);
    const r = await fetch(`${serve.url}/_svcctl/metrics`);
    expect(r.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await r.text();
    const lines = text.split('\n');
    // Earlier tests made 4 + 2 CreateRepository calls that succeeded (alice, bob, and here): 5 of 200 in all.
    expect(lines.filter((l) => l.startsWith('svcctl_requests_total{'))).toEqual([
      'svcctl_requests_total{protocol="json11",operation="CreateRepository",status="200"} 4',
      'svcctl_requests_total{protocol="json11",operation="CreateRepository",status="400"} 1',
      'svcctl_requests_total{protocol="query",operation="CreateLaunchConfiguration",status="200"} 1',
    ]);
    expect(lines).toContain('svcctl_request_duration_seconds_bucket{operation="CreateRepository",le="+Inf"} 5');
    expect(lines).toContain('svcctl_request_duration_seconds_count{operation="CreateRepository"} 5');
    expect(lines).toContain('svcctl_store_errors_total 0');
    expect(lines).toContain('svcctl_build_info{version="0.1.0"} 1');
    expect(lines.filter((l) => l.startsWith('# TYPE'))).toEqual([
      '# TYPE svcctl_build_info gauge',
      '# TYPE svcctl_uptime_seconds gauge',
      '# TYPE svcctl_requests_total counter',
      '# TYPE svcctl_request_duration_seconds histogram',
      '# TYPE svcctl_store_errors_total counter',
      '# TYPE svcctl_store_available gauge',
      '# TYPE svcctl_store_incidents_total counter',
      '# TYPE svcctl_store_recovery_seconds gauge',
      '# TYPE svcctl_journal_pending gauge',
      '# TYPE svcctl_journal_unrecorded_total counter',
    ]);
    expect(lines).toContain('svcctl_store_available 1');
    expect(lines).toContain('svcctl_journal_unrecorded_total 0');
    // Buckets are cumulative and end at the count.
    const buckets = lines
      .filter((l) => l.startsWith('svcctl_request_duration_seconds_bucket{operation="CreateRepository"'))
      .map((l) => Number(l.split(' ')[1]));
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
  });
});

// After the metrics, which count the creates of the tests above.
describe('reset and fault-rule bodies', () => {
  it('a body that says more, twice, or other than a reset or a fault rule takes is refused, and nothing changes (hostile pass 3b)', async () => {
    await make();
    const before = await resources();
    const admin = async (method: string, path: string, body?: string | Uint8Array) => {
      const r = await fetch(`${serve.url}/_svcctl/${path}`, {
        method,
        headers: { authorization: 'Bearer sk_test_ops000000000001' },
        body,
      });
      return [r.status, JSON.parse(await r.text()).error?.message];
    };
    // A misspelt member used to be ignored: the reset then deleted every kind.
    expect(await admin('POST', 'reset', '{"kinds":"journal"}')).toEqual([
      400,
      "The body of a reset takes kind and account, not 'kinds'.",
    ]);
    expect(await admin('POST', 'reset', '{"kind":"journal","kind":"repositories"}')).toEqual([
      400,
      'Invalid body of POST /_svcctl/reset: line 1: "kind" is set twice (first at line 1).',
    ]);
    expect(await admin('POST', 'reset?kind=journal', '{"kind":"repositories"}')).toEqual([
      400,
      'kind is given in both the query string and the body of the reset: give it once.',
    ]);
    expect(await admin('POST', 'reset', Buffer.from('{"kind":"journal\xff"}', 'latin1'))).toEqual([
      400,
      'Invalid body of POST /_svcctl/reset: line 1: not valid UTF-8 (byte 0xff at character 17).',
    ]);
    expect(
      await admin('POST', 'faults', '{"fault.ecr.CreateRepository":"throttle","fault.ecr.CreateRepository":"none"}'),
    ).toEqual([
      400,
      'Invalid body of POST /_svcctl/faults: line 1: "fault.ecr.CreateRepository" is set twice (first at line 1).',
    ]);
    expect(
      await admin('POST', 'faults', Buffer.from('{"fault.ecr.CreateRepository":"throttle\xff"}', 'latin1')),
    ).toEqual([400, 'Invalid body of POST /_svcctl/faults: line 1: not valid UTF-8 (byte 0xff at character 40).']);
    // Hostile pass 18b: a body that is not JSON was refused with no reason (the shape alone), and one over
    // 4 KiB as one that is not a JSON object; each now says why, as a settings file's JSON error does.
    expect(await admin('POST', 'reset', '{kind: "journal"}')).toEqual([
      400,
      'Invalid body of POST /_svcctl/reset: Expecting property name enclosed in double quotes: line 1 column 2 (char 1).',
    ]);
    expect(await admin('POST', 'faults', '{"fault.ecr.CreateRepository":"throttle"} x')).toEqual([
      400,
      'Invalid body of POST /_svcctl/faults: Extra data: line 1 column 43 (char 42).',
    ]);
    expect(await admin('POST', 'faults', `{"fault.ecr.CreateRepository":"throttle"}${' '.repeat(4096)}`)).toEqual([
      400,
      "Invalid body of POST /_svcctl/faults: it is longer than 4096 bytes, the most an admin request's body takes.",
    ]);
    // Hostile pass 18b: a member of another type was named as if it were a string of the wrong shape.
    expect(await admin('POST', 'reset', '{"account":123456789012}')).toEqual([
      400,
      'The account of a reset is a JSON string, not 123456789012.',
    ]);
    expect(await admin('POST', 'reset', '{"kind":null}')).toEqual([
      400,
      'The kind of a reset is a JSON string, not null.',
    ]);
    expect(await admin('POST', 'reset', '{"kind":["journal"]}')).toEqual([
      400,
      'The kind of a reset is a JSON string, not ["journal"].',
    ]);
    expect(await admin('GET', 'faults')).toEqual([200, undefined]);
    // Two names: both rules removed (the second was ignored).
    const rules = '{"fault.ecr.CreateRepository":"throttle","fault.ecr.DeleteRepository":"throttle"}';
    expect(await admin('POST', 'faults', rules)).toEqual([200, undefined]);
    expect(await admin('DELETE', 'faults?name=fault.ecr.CreateRepository&name=fault.ecr.DeleteRepository')).toEqual([
      200,
      undefined,
    ]);
    const left = await fetch(`${serve.url}/_svcctl/faults`);
    expect(await left.json()).toEqual({ Faults: [] });
    expect(await resources()).toEqual(before);
  });
});

describe('what an admin request carries where its endpoint reads nothing', () => {
  /** What each endpoint reads from its query string; a new endpoint fails the test below until it is listed here. */
  const TAKES: Record<string, string> = {
    'GET /health': 'none',
    'GET /ready': 'none',
    'GET /metrics': 'none',
    'GET /journal': 'after, limit, cli',
    'GET /resources': 'kind',
    'GET /inspector/state': 'first',
    'POST /reset': 'kind, account',
    'GET /faults': 'none',
    'POST /faults': 'none',
    'DELETE /faults': 'name',
    'GET /': 'none',
    'GET /inspector.css': 'none',
    'GET /inspector.js': 'none',
  };
  /** One request with node:http (fetch sends no body on a GET): its status and error message. */
  const raw = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
    new Promise<[number, string | undefined]>((resolve, reject) => {
      const req = request(
        `${serve.url}/_svcctl${path}`,
        {
          method,
          headers: {
            authorization: 'Bearer sk_test_ops000000000001',
            ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }),
            ...headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () =>
            resolve([
              res.statusCode ?? 0,
              res.headers['content-type']?.includes('json') ? JSON.parse(text).error?.message : undefined,
            ]),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('every endpoint refuses a query-string parameter it does not read, a body where it reads none, and a Content-Encoding; nothing changes (siblings pass)', async () => {
    // The resources the test above made.
    const before = await resources();
    expect(adminEndpoints().sort()).toEqual(Object.keys(TAKES).sort());
    for (const endpoint of adminEndpoints()) {
      const [method, path] = endpoint.split(' ') as [string, string];
      const shown = `${method} /_svcctl${path}`;
      // POST /_svcctl/reset?kinds=journal used to delete every kind: the parameter was ignored.
      expect(await raw(method, `${path}?kinds=journal`), endpoint).toEqual([
        400,
        `Unknown query-string parameter 'kinds': ${shown} takes ${TAKES[endpoint]}.`,
      ]);
      if (method === 'POST') {
        // A plain body labelled gzip was read as plain; a gzipped one said "not valid UTF-8".
        expect(await raw(method, path, '{"kind":"journal"}', { 'content-encoding': 'gzip' }), endpoint).toEqual([
          415,
          "Unsupported Content-Encoding 'gzip': serve reads request bodies as they are (identity), not compressed.",
        ]);
        // A UTF-16 body was read as UTF-8 (hostile pass 23b), as the protocols' routes did (compat 451).
        expect(
          await raw(method, path, '{"kind":"journal"}', { 'content-type': 'application/json; charset=utf-16' }),
          endpoint,
        ).toEqual([
          415,
          "Unsupported charset 'utf-16' in Content-Type 'application/json; charset=utf-16': request bodies are read as UTF-8.",
        ]);
      } else {
        // A GET's or DELETE's body was ignored whatever it held.
        expect(await raw(method, path, '{"name":"fault.ecr.CreateRepository"}'), endpoint).toEqual([
          400,
          `${shown} takes no request body; its parameters are in the query string.`,
        ]);
      }
    }
    // A long name is cut as every echo of client text is.
    expect(await raw('GET', `/journal?${'x'.repeat(5000)}=1`)).toEqual([
      400,
      `Unknown query-string parameter '${'x'.repeat(64)}...' (5000 characters): GET /_svcctl/journal takes after, limit, cli.`,
    ]);
    // A long value is quoted as every error quotes one: its start and its length (it was cut at 40 or 60
    // characters, silently, as if that were what was sent).
    const long = 'k'.repeat(2000);
    const quoted = `'${'k'.repeat(64)}...' (2000 characters)`;
    for (const [method, path, body, text] of [
      ['GET', `/resources?kind=${long}`, undefined, `Unknown kind ${quoted}: expected one of `],
      ['POST', `/reset?kind=${long}`, undefined, `Unknown kind ${quoted}: expected one of `],
      ['POST', `/reset?account=${long}`, undefined, `An account is 12 digits, not ${quoted}.`],
      ['POST', '/reset', `{"${long}":1}`, `The body of a reset takes kind and account, not ${quoted}.`],
      ['GET', `/journal?limit=${long}`, undefined, `limit must be a whole number, not ${quoted}.`],
      ['DELETE', `/faults?name=${long}`, undefined, `${quoted} is not a fault rule name`],
      ['POST', '/faults', `{"${long}":"throttle"}`, `${quoted} is not a fault rule name`],
      ['GET', `/${long}`, undefined, `No such endpoint: /_svcctl/${'k'.repeat(55)}... (2009 characters)`],
    ] as const) {
      const [status, message] = await raw(method, path, body);
      expect([status, message?.slice(0, text.length)], path.slice(0, 20)).toEqual([
        path.startsWith(`/${long}`) ? 404 : 400,
        text,
      ]);
    }
    // A parameter twice: the first was taken, the second ignored (a reset of the journal alone, not of repositories).
    expect(await raw('POST', '/reset?kind=journal&kind=repositories')).toEqual([
      400,
      'kind is given 2 times in the query string of POST /_svcctl/reset: give it once.',
    ]);
    expect(await raw('GET', '/journal?limit=1&limit=5')).toEqual([
      400,
      'limit is given 2 times in the query string of GET /_svcctl/journal: give it once.',
    ]);
    // ?cli= other than 1 or 0 gave the entries without their Cli, silently (hostile pass 14b: `?cli=true`).
    for (const cli of ['true', 'yes', '2', ''])
      expect(await raw('GET', `/journal?cli=${cli}`), cli).toEqual([
        400,
        `cli is 1 (each entry with its command line, as Cli) or 0, not '${cli}'.`,
      ]);
    expect((await raw('GET', '/journal?cli=0'))[0]).toBe(200);
    // DELETE /_svcctl/faults takes several names (?name=A&name=B).
    expect(await raw('DELETE', '/faults?name=fault.ecr.CreateRepository&name=fault.ecr.DescribeRepositories')).toEqual([
      200,
      undefined,
    ]);
    expect(await raw('POST', '/reset?kind=journal', '', { 'content-encoding': 'identity' })).toEqual([200, undefined]);
    expect(await resources()).toEqual(before);
  });
});
