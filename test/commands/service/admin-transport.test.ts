/**
 * `svcctl service …` through --endpoint-url goes over the same transport as every other command (final
 * hostile pass 6a): an https serve with --ca-bundle or --no-verify-ssl, a certificate it cannot verify, a
 * read time-out and Ctrl-C each end as they do for describe-repositories. Before, a fetch of its own said
 * "Could not connect to the endpoint URL" for all of them (255), even to Ctrl-C, and https never worked.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { loopbackCert } from '../../helpers/self-signed-cert.js';
import { SCHEMA_VERSION } from '../../helpers/store.js';
import { BIN, type ServeProcess, startServe } from '../../peers/serve-process.js';

let dir: string;
let serve: ServeProcess;
let cert: string;
let sb: Sandbox;
/** A TCP server that takes connections and never answers. */
let silent: Server;
let silentUrl: string;
const held = new Set<Socket>();
let connected: () => void = () => {};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-admin-transport-'));
  const tls = loopbackCert(dir);
  cert = tls.cert;
  serve = await startServe(['--tls-cert', tls.cert, '--tls-key', tls.key], { SVCCTL_HOME: join(dir, 'store') });
  sb = sandbox({ SVCCTL_HOME: join(dir, 'client') });
  silent = createServer((socket) => {
    held.add(socket);
    connected();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const s of held) s.destroy();
  silent?.close();
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const READY = `{\n    "ready": true,\n    "schemaVersion": ${SCHEMA_VERSION}\n}\n`;

describe('svcctl service … through --endpoint-url', { timeout: 60_000 }, () => {
  it('an https serve: --ca-bundle and --no-verify-ssl work; without either, the certificate is named (255)', async () => {
    expect(await sb.run(['--endpoint-url', serve.url, '--ca-bundle', cert, 'service', 'ready'])).toEqual({
      code: 0,
      stdout: READY,
      stderr: '',
    });
    expect(
      await sb.run(['--endpoint-url', serve.url, '--no-verify-ssl', 'service', 'journal', '--query', 'Entries']),
    ).toEqual({ code: 0, stdout: '[]\n', stderr: '' });
    expect(await sb.run(['--endpoint-url', serve.url, 'service', 'ready'])).toEqual({
      code: 255,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: SSL validation failed for ${serve.url}/_svcctl/ready self-signed certificate\n`,
    });
  });

  it('--debug logs the request and the answer, the API key redacted, as every command through an endpoint', async () => {
    const r = await sb.run([
      '--endpoint-url',
      serve.url,
      '--no-verify-ssl',
      '--api-key',
      'sk_test_debugkey',
      '--debug',
      'service',
      'resources',
    ]);
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: '{\n    "Resources": []\n}\n' });
    const lines = r.stderr.split('\n');
    expect(lines).toContain(`DEBUG http request (attempt 1): GET ${serve.url}/_svcctl/resources`);
    expect(lines).toContain('  authorization: Bearer REDACTED');
    expect(lines).toContain(`DEBUG http response: 200 from GET ${serve.url}/_svcctl/resources`);
    expect(r.stderr).not.toContain('sk_test_debugkey');
  });

  it('a server that never answers: a read time-out in those words (255)', async () => {
    expect(await sb.run(['--endpoint-url', silentUrl, '--cli-read-timeout', '1', 'service', 'resources'])).toEqual({
      code: 255,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: Read timeout on endpoint URL: "${silentUrl}/_svcctl/resources"\n`,
    });
  });

  it('Ctrl-C while it waits for the answer: 130 and nothing on stderr', async () => {
    const child = spawn(process.execPath, [BIN, '--endpoint-url', silentUrl, 'service', 'journal'], {
      env: { PATH: process.env.PATH ?? '', HOME: dir, SVCCTL_HOME: join(dir, 'client') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    await new Promise<void>((resolve) => (connected = resolve));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stdout, stderr }).toEqual({ code: 130, stdout: '', stderr: '' });
  });
});
