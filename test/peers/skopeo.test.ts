/**
 * skopeo (Debian's, /usr/bin/skopeo) pushes an image into serve's registry and pulls it back out, byte for
 * byte, logged in with the password of `svcctl ecr get-login-password` and of the AWS CLI's; the serve is
 * the library's `serve()` in memory (in the postgres project: `svcctl serve` on the file's database, its pool
 * threads running the registry's store steps), with two principals of two accounts: each pushes and pulls in
 * its own account only (the request journal names the account and principal of each registry request), and a
 * wrong password is refused. The repositoryUri that create-repository and
 * describe-repositories print through serve is pushed to and pulled from as printed.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServeHandle } from '../../src/api/index.js';
import { layerBytes, sha256, writeOciLayout } from '../helpers/image-registry.js';
import { AWS, type AwsPeerDir, awsPeerDir } from './aws-cli-peer.js';
import { BIN, runProgram, startServe } from './serve-process.js';

const ALICE = {
  name: 'alice',
  accountId: '111111111111',
  accessKeyId: 'AKIAALICE0000000001',
  secretAccessKey: 'alice-s',
};
const BOB = { name: 'bob', accountId: '222222222222', accessKeyId: 'AKIABOB00000000000002', secretAccessKey: 'bob-s' };

let handle: Pick<ServeHandle, 'url' | 'close'>;
let dir: string;
let peer: AwsPeerDir;
/** bin/svcctl as a principal, at the serve. */
type User = (argv: string[]) => Promise<{ code: number; stdout: string; stderr: string }>;
let alice: User;
let bob: User;
let host = '';
let manifestDigest = '';
// Layers that are gzip streams (skopeo compresses one that is not, and its digest changes): the first, 3 MiB
// and a little stored as they are, is more than one piece of the store (1 MiB each).
const LAYERS = [gzipSync(randomBytes(3 * 1024 * 1024 + 123), { level: 0 }), gzipSync(layerBytes(1000, 4))];

function skopeo(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('/usr/bin/skopeo', args, { maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const asUser =
  (p: typeof ALICE): User =>
  (argv) =>
    runProgram(BIN, argv, {
      PATH: process.env.PATH,
      HOME: join(dir, 'home'),
      SVCCTL_HOME: join(dir, 'home', p.name),
      AWS_ACCESS_KEY_ID: p.accessKeyId,
      AWS_SECRET_ACCESS_KEY: p.secretAccessKey,
      AWS_ENDPOINT_URL: handle.url,
    });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-skopeo-'));
  if (process.env.SVCCTL_TEST_STORE_URL === undefined) handle = await serve({ credentials: [ALICE, BOB] });
  else {
    const ini = [ALICE, BOB].map(
      (p) =>
        `[${p.name}]\naws_access_key_id = ${p.accessKeyId}\naws_secret_access_key = ${p.secretAccessKey}\naccount_id = ${p.accountId}\n`,
    );
    writeFileSync(join(dir, 'credentials.ini'), ini.join('\n'), { mode: 0o600 });
    const proc = await startServe(['--credentials', join(dir, 'credentials.ini')], { SVCCTL_HOME: join(dir, 'serve') });
    handle = { url: proc.url, close: async () => void (await proc.stop()) };
  }
  host = new URL(handle.url).host;
  peer = awsPeerDir('svcctl-skopeo-aws-');
  manifestDigest = writeOciLayout(join(dir, 'image'), 'v1', LAYERS);
  alice = asUser(ALICE);
  bob = asUser(BOB);
  for (const user of [alice, bob])
    expect((await user(['ecr', 'create-repository', '--repository-name', 'team/app'])).code).toBe(0);
});

afterAll(async () => {
  await handle?.close();
  peer?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

async function loginPassword(user: User): Promise<string> {
  const r = await user(['ecr', 'get-login-password']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\n$/);
  return r.stdout.trim();
}

/** Every blob of an OCI layout, by digest. */
const blobsOf = (layout: string) =>
  Object.fromEntries(
    readdirSync(join(layout, 'blobs', 'sha256')).map((f) => [
      f,
      sha256(readFileSync(join(layout, 'blobs', 'sha256', f))),
    ]),
  );

describe('skopeo copies an image into serve and back out', () => {
  it('with the password of svcctl ecr get-login-password: the digests and every byte are the same', async () => {
    const password = await loginPassword(alice);
    const push = await skopeo([
      'copy',
      '--dest-tls-verify=false',
      '--dest-creds',
      `AWS:${password}`,
      `oci:${join(dir, 'image')}:v1`,
      `docker://${host}/team/app:v1`,
    ]);
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);
    const raw = await skopeo([
      'inspect',
      '--raw',
      '--tls-verify=false',
      '--creds',
      `AWS:${password}`,
      `docker://${host}/team/app:v1`,
    ]);
    // The manifest as pushed, byte for byte.
    const pushed = readFileSync(join(dir, 'image', 'blobs', 'sha256', manifestDigest.slice(7)), 'utf8');
    expect(raw).toEqual({ code: 0, stdout: pushed, stderr: '' });
    const out = join(dir, 'out');
    const pull = await skopeo([
      'copy',
      '--src-tls-verify=false',
      '--src-creds',
      `AWS:${password}`,
      `docker://${host}/team/app:v1`,
      `oci:${out}:v1`,
    ]);
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    const index = JSON.parse(readFileSync(join(out, 'index.json'), 'utf8')) as { manifests: { digest: string }[] };
    expect(index.manifests.map((m) => m.digest)).toEqual([manifestDigest]);
    expect(blobsOf(out)).toEqual(blobsOf(join(dir, 'image')));
    // The digest names each file's content: the pulled bytes are the pushed bytes.
    for (const [file, digest] of Object.entries(blobsOf(out))) expect(digest).toBe(`sha256:${file}`);
  });

  it("with the password of the AWS CLI's ecr get-login-password (2.9)", async () => {
    const password = await new Promise<string>((resolve, reject) =>
      execFile(
        AWS,
        ['ecr', 'get-login-password', '--endpoint-url', handle.url, '--region', 'us-east-1'],
        { env: { ...peer.env, AWS_ACCESS_KEY_ID: ALICE.accessKeyId, AWS_SECRET_ACCESS_KEY: ALICE.secretAccessKey } },
        (err, stdout, stderr) => (err ? reject(new Error(stderr)) : resolve(stdout.trim())),
      ),
    );
    const tags = await skopeo([
      'list-tags',
      '--tls-verify=false',
      '--creds',
      `AWS:${password}`,
      `docker://${host}/team/app`,
    ]);
    expect(tags).toEqual({
      code: 0,
      stdout: `{\n    "Repository": "${host}/team/app",\n    "Tags": [\n        "v1"\n    ]\n}\n`,
      stderr: '',
    });
  });

  it('to the repositoryUri exactly as create-repository and describe-repositories print it, and back', async () => {
    const created = await alice([
      'ecr',
      'create-repository',
      '--repository-name',
      'team/printed',
      '--query',
      'repository.repositoryUri',
      '--output',
      'text',
    ]);
    // serve's registry at the address the CLI reached serve by (docs/compat.md row 307).
    expect(created).toEqual({ code: 0, stdout: `${host}/team/printed\n`, stderr: '' });
    const described = await alice([
      'ecr',
      'describe-repositories',
      '--repository-names',
      'team/printed',
      '--query',
      'repositories[0].repositoryUri',
      '--output',
      'text',
    ]);
    expect(described).toEqual(created);
    const endpoint = await alice([
      'ecr',
      'get-authorization-token',
      '--query',
      'authorizationData[0].proxyEndpoint',
      '--output',
      'text',
    ]);
    expect(endpoint).toEqual({ code: 0, stdout: `http://${host}\n`, stderr: '' });
    const uri = created.stdout.trim();
    const password = await loginPassword(alice);
    const push = await skopeo([
      'copy',
      '--dest-tls-verify=false',
      '--dest-creds',
      `AWS:${password}`,
      `oci:${join(dir, 'image')}:v1`,
      `docker://${uri}:v1`,
    ]);
    expect([push.code, push.stderr]).toEqual([0, '']);
    const out = join(dir, 'out-printed');
    const pull = await skopeo([
      'copy',
      '--src-tls-verify=false',
      '--src-creds',
      `AWS:${password}`,
      `docker://${uri}:v1`,
      `oci:${out}:v1`,
    ]);
    expect([pull.code, pull.stderr]).toEqual([0, '']);
    expect(blobsOf(out)).toEqual(blobsOf(join(dir, 'image')));
  });

  it("each account sees its own repository: bob's team/app holds no image of alice's", async () => {
    const password = await loginPassword(bob);
    const r = await skopeo([
      'inspect',
      '--raw',
      '--tls-verify=false',
      '--creds',
      `AWS:${password}`,
      `docker://${host}/team/app:v1`,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('manifest unknown');
  });

  it("the journal names each registry request's account and principal, those of its password", async () => {
    const r = await bob([
      '--endpoint-url',
      handle.url,
      'service',
      'journal',
      '--output',
      'text',
      '--query',
      "Entries[?Principal=='bob'].[Account,Principal,Protocol,Operation,Input.method,Input.path,Status,ErrorCode]",
    ]);
    expect(r).toEqual({
      code: 0,
      stdout: [
        '222222222222\tbob\tjson11\tCreateRepository\tNone\tNone\t200\tNone',
        '222222222222\tbob\tjson11\tGetAuthorizationToken\tNone\tNone\t200\tNone',
        // bob's pull of team/app:v1 above: his own account's repository, which holds no image.
        '222222222222\tbob\tregistry\tBatchGetImage\tGET\t/v2/team/app/manifests/v1\t404\tMANIFEST_UNKNOWN',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('a wrong password is refused: unauthorized', async () => {
    const r = await skopeo([
      'inspect',
      '--raw',
      '--tls-verify=false',
      '--creds',
      'AWS:not-a-password',
      `docker://${host}/team/app:v1`,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('unauthorized: the password is not one this registry issued');
  });
});
