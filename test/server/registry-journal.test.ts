/**
 * serve's registry requests in the request journal (issue 45): skopeo (Debian's) pushes an image through a
 * real `svcctl serve`, and `svcctl service journal` shows one entry per request whose password was accepted
 * (method, path, repository, status, error code, the account the password names), never the password;
 * `--as-cli` prints each as a comment, since no svcctl command sends it; a fault rule's error is recorded with
 * the rule. (The principal, with --credentials: test/peers/skopeo.test.ts.) On the file's store in each project
 * (SQLite, PostgreSQL).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { AWS_ENV } from '../helpers/harness.js';
import { basic, CONFIG, http, layerBytes, sha256, writeOciLayout } from '../helpers/image-registry.js';
import { freshStore } from '../helpers/store.js';
import { PINNED_MS, type ServeProcess, startServe } from '../peers/serve-process.js';

function skopeo(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('/usr/bin/skopeo', args, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// One layer, a gzip stream (skopeo would compress another, changing its digest): with one layer skopeo's
// requests come in one order.
const LAYER = gzipSync(layerBytes(1000, 4));
let dir: string;
let serve: ServeProcess;
let sb: Sandbox;
let password = '';
let manifest = '';
const at = () => ['--endpoint-url', serve.url];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-registry-journal-'));
  const home = join(dir, 'home');
  serve = await startServe([], { ...freshStore(), SVCCTL_HOME: home, SVCCTL_TEST_CLOCK_MS: String(PINNED_MS) });
  sb = sandbox({ ...AWS_ENV, SVCCTL_HOME: home });
  expect((await sb.run([...at(), 'create-repository', '--repository-name', 'team/app'])).code).toBe(0);
  const login = await sb.run([...at(), 'ecr', 'get-login-password']);
  expect(login.code).toBe(0);
  password = login.stdout.trim();
  manifest = writeOciLayout(join(dir, 'image'), 'v1', [LAYER]);
  const push = await skopeo([
    'copy',
    '--dest-tls-verify=false',
    '--dest-creds',
    `AWS:${password}`,
    `oci:${join(dir, 'image')}:v1`,
    `docker://${new URL(serve.url).host}/team/app:v1`,
  ]);
  expect(push.stderr).toBe('');
  expect(push.code).toBe(0);
  // A wrong password: refused before the caller is known, so no entry.
  const refused = await skopeo([
    'inspect',
    '--tls-verify=false',
    '--creds',
    'AWS:not-a-password',
    `docker://${new URL(serve.url).host}/team/app:v1`,
  ]);
  expect(refused.code).toBe(1);
});
afterAll(async () => {
  await serve?.stop();
  sb?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** The upload ids serve makes are random: each is named by the order it appears in. */
function uploadsNamed(text: string): string {
  const ids: string[] = [];
  return text.replace(/uploads\/([0-9a-f-]{36})/g, (_, id: string) => {
    if (!ids.includes(id)) ids.push(id);
    return `uploads/UPLOAD-${ids.indexOf(id) + 1}`;
  });
}

describe('registry requests in the journal', () => {
  it('one entry per request of a skopeo push: method, path, repository, status, error code and account', async () => {
    const r = await sb.run([
      ...at(),
      'service',
      'journal',
      '--output',
      'text',
      '--query',
      'Entries[].[Seq,Account,Region,Protocol,Operation,Input.method,Input.path,Input.digest,Status,ErrorCode]',
    ]);
    const layer = sha256(LAYER);
    const config = sha256(CONFIG);
    const row = (...cells: Array<string | number>) => `${cells.join('\t')}\n`;
    const registry = (seq: number, ...cells: Array<string | number>) =>
      row(seq, '000000000000', 'us-east-1', 'registry', ...cells);
    expect({ ...r, stdout: uploadsNamed(r.stdout) }).toEqual({
      code: 0,
      stdout: [
        row(1, '000000000000', 'us-east-1', 'json11', 'CreateRepository', 'None', 'None', 'None', 200, 'None'),
        row(2, '000000000000', 'us-east-1', 'json11', 'GetAuthorizationToken', 'None', 'None', 'None', 200, 'None'),
        // skopeo asks for /v2/ without a password first: refused (401) before the caller is known, no entry.
        registry(3, 'BatchCheckLayerAvailability', 'HEAD', `/v2/team/app/blobs/${layer}`, 'None', 404, 'BLOB_UNKNOWN'),
        registry(4, 'BatchCheckLayerAvailability', 'HEAD', `/v2/team/app/blobs/${layer}`, 'None', 404, 'BLOB_UNKNOWN'),
        registry(5, 'InitiateLayerUpload', 'POST', '/v2/team/app/blobs/uploads/', 'None', 202, 'None'),
        registry(6, 'UploadLayerPart', 'PATCH', '/v2/team/app/blobs/uploads/UPLOAD-1', 'None', 202, 'None'),
        registry(7, 'CompleteLayerUpload', 'PUT', '/v2/team/app/blobs/uploads/UPLOAD-1', layer, 201, 'None'),
        registry(8, 'BatchCheckLayerAvailability', 'HEAD', `/v2/team/app/blobs/${config}`, 'None', 404, 'BLOB_UNKNOWN'),
        registry(9, 'InitiateLayerUpload', 'POST', '/v2/team/app/blobs/uploads/', 'None', 202, 'None'),
        registry(10, 'UploadLayerPart', 'PATCH', '/v2/team/app/blobs/uploads/UPLOAD-2', 'None', 202, 'None'),
        registry(11, 'CompleteLayerUpload', 'PUT', '/v2/team/app/blobs/uploads/UPLOAD-2', config, 201, 'None'),
        registry(12, 'PutImage', 'PUT', '/v2/team/app/manifests/v1', 'None', 201, 'None'),
      ].join(''),
      stderr: '',
    });
  });

  it("an entry's whole record: the repository, no principal without --credentials, and never the password", async () => {
    const r = await sb.run([...at(), 'service', 'journal', '--query', 'Entries[?Seq==`12`].[Principal,Input,Cut]']);
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify([[null, { method: 'PUT', path: '/v2/team/app/manifests/v1', repository: 'team/app' }, null]], null, 4)}\n`,
      stderr: '',
    });
    const all = await sb.run([...at(), 'service', 'journal', '--output', 'json']);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('"Protocol": "registry"');
    expect(all.stdout).not.toContain(password);
    expect(all.stdout).not.toContain(password.split('.')[1]!);
    expect(all.stdout.toLowerCase()).not.toContain('authorization"');
    expect(manifest).toMatch(/^sha256:/);
  });

  it('--as-cli: a registry entry is a comment naming the request, which no svcctl command sends', async () => {
    const r = await sb.run([
      ...at(),
      'service',
      'journal',
      '--as-cli',
      '--query',
      "Entries[?Operation=='CreateRepository' || Operation=='PutImage']",
    ]);
    expect(r).toEqual({
      code: 0,
      stdout:
        `svcctl --endpoint-url ${serve.url} ecr create-repository --repository-name team/app\n` +
        "# not replayable: PUT /v2/team/app/manifests/v1 (201) was a request to serve's registry, which no svcctl " +
        'command sends: push or pull again with a registry client (skopeo, docker) logged in with svcctl ecr ' +
        'get-login-password\n',
      stderr: '',
    });
  });

  it("a fault rule's error: the registry's code, and the rule that fired", async () => {
    const set = await sb.run([...at(), 'service', 'settings', 'set', 'fault.ecr.BatchGetImage', 'throttle;next=1']);
    expect(set.code).toBe(0);
    const pull = await http(serve.url, 'GET', '/v2/team/app/manifests/v1', basic(password));
    expect(pull.status).toBe(429);
    const r = await sb.run([
      ...at(),
      'service',
      'journal',
      '--limit',
      '1',
      '--output',
      'text',
      '--query',
      'Entries[].[Protocol,Operation,Input.method,Input.path,Status,ErrorCode,Fault]',
    ]);
    expect(r).toEqual({
      code: 0,
      stdout:
        'registry\tBatchGetImage\tGET\t/v2/team/app/manifests/v1\t429\tTOOMANYREQUESTS\tfault.ecr.BatchGetImage: throttle;next=1\n',
      stderr: '',
    });
  });
});
