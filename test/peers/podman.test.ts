/**
 * podman (Debian's 4.3, rootful, its own storage in a temporary directory with the vfs driver) goes to
 * serve's registry with the password of `svcctl ecr get-login-password` (--creds), pushes an image and pulls it back: the same image
 * (its id, the digest of its config) comes out; a wrong password is refused.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serve, type ServeHandle } from '../../src/api/index.js';
import { configFor, layerBytes, sha256, tarOf, writeOciLayout } from '../helpers/image-registry.js';
import { BIN, runProgram } from './serve-process.js';

let handle: ServeHandle;
let dir: string;
let host = '';
const TAR = tarOf('hello.bin', layerBytes(5000, 7));
const CONFIG = configFor([TAR]);

function podman(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const storage = ['--root', join(dir, 'root'), '--runroot', join(dir, 'run'), '--storage-driver', 'vfs'];
  return new Promise((resolve) => {
    execFile('/usr/bin/podman', [...storage, ...args], (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const svcctl = (argv: string[]) =>
  runProgram(BIN, argv, {
    PATH: process.env.PATH,
    HOME: dir,
    SVCCTL_HOME: join(dir, 'home'),
    AWS_ACCESS_KEY_ID: 'AKIAPODMAN0000000001',
    AWS_SECRET_ACCESS_KEY: 'podman-secret',
    AWS_ENDPOINT_URL: handle.url,
  });

beforeAll(async () => {
  handle = await serve();
  host = new URL(handle.url).host;
  // Lower case: podman names an image pulled from a layout after its path, and a name is lower case.
  dir = join(tmpdir(), `svcctl-podman-${process.pid}-${Date.now()}`);
  mkdirSync(dir);
  writeOciLayout(join(dir, 'image'), 'v1', [gzipSync(TAR)], CONFIG);
  expect((await svcctl(['ecr', 'create-repository', '--repository-name', 'team/app'])).code).toBe(0);
});

afterAll(async () => {
  await handle?.close();
  if (dir) {
    await podman(['rmi', '-a', '-f']);
    rmSync(dir, { recursive: true, force: true });
  }
});

it('podman push and pull with the password of get-login-password: the image that comes back is the one that went in', async () => {
  const password = await svcctl(['ecr', 'get-login-password']);
  expect(password.code).toBe(0);
  const imageId = sha256(CONFIG).slice(7);
  expect((await podman(['pull', '-q', `oci:${join(dir, 'image')}:v1`])).stdout).toBe(`${imageId}\n`);
  const creds = `AWS:${password.stdout.trim()}`;
  const push = await podman(['push', '-q', '--tls-verify=false', '--creds', creds, imageId, `${host}/team/app:v1`]);
  expect(push).toMatchObject({ code: 0, stderr: '' });
  expect((await podman(['rmi', '-a', '-f'])).code).toBe(0);
  const pull = await podman(['pull', '-q', '--tls-verify=false', '--creds', creds, `${host}/team/app:v1`]);
  expect(pull).toEqual({ code: 0, stdout: `${imageId}\n`, stderr: '' });
  const wrong = await podman(['pull', '-q', '--tls-verify=false', '--creds', 'AWS:wrong', `${host}/team/app:v1`]);
  expect(wrong.code).toBe(125);
  expect(wrong.stderr).toContain('unauthorized');
});
