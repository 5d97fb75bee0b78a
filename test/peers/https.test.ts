/**
 * https: serve with a self-signed certificate made by openssl; svcctl (the real bin) succeeds with
 * --ca-bundle and with --no-verify-ssl and fails with neither (255, naming the endpoint); the AWS CLI
 * accepts the same bundle.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackCert } from '../helpers/self-signed-cert.js';
import { AWS, awsCliEnv, requireAwsCli } from './aws-cli-peer.js';
import { BIN, ROOT, runProgram, type ServeProcess, startServe } from './serve-process.js';

let dir: string;
let serve: ServeProcess;
let cert: string;
/** Both CLIs' environment. */
const env = () => awsCliEnv(join(dir, 'home'), { SVCCTL_HOME: join(dir, 'client-store') });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-peer-tls-'));
  const tls = loopbackCert(dir);
  cert = tls.cert;
  serve = await startServe(['--tls-cert', tls.cert, '--tls-key', tls.key], { SVCCTL_HOME: join(dir, 'store') });
});

afterAll(async () => {
  await serve?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (cmd: string, args: string[], extra: Record<string, string> = {}) =>
  runProgram(cmd, args, { ...env(), ...extra }, ROOT);

const svcctl = (args: string[], extra?: Record<string, string>, endpoint = serve.url) =>
  run(process.execPath, [BIN, ...args, '--endpoint-url', endpoint], extra);

/** A TCP relay to serve on 127.0.0.1 (the name its certificate holds) that counts the connections made to it. */
function relay(target: string): Promise<{ url: string; connections(): number; close(): void }> {
  const port = Number(new URL(target).port);
  let connections = 0;
  const open = new Set<Socket>();
  const srv = createServer((client) => {
    connections++;
    const upstream = connect(port, '127.0.0.1');
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('error', () => {});
      s.on('close', () => open.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) =>
    srv.listen(0, '127.0.0.1', () =>
      resolve({
        url: `https://127.0.0.1:${(srv.address() as AddressInfo).port}`,
        connections: () => connections,
        close() {
          for (const s of open) s.destroy();
          srv.close();
        },
      }),
    ),
  );
}

describe('https', { timeout: 60_000 }, () => {
  it('serves https when given a certificate and key', () => {
    expect(serve.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('works with --ca-bundle (and AWS_CA_BUNDLE)', async () => {
    const created = await svcctl([
      'create-repository',
      '--repository-name',
      'tls/app',
      '--ca-bundle',
      cert,
      '--query',
      'repository.repositoryName',
    ]);
    expect(created).toEqual({ code: 0, stdout: '"tls/app"\n', stderr: '' });
    expect(
      await svcctl(['account-token', 'create', '--api-key', 'sk_test_tls', '--query', 'object'], {
        AWS_CA_BUNDLE: cert,
      }),
    ).toEqual({ code: 0, stdout: '"v2.core.account_token"\n', stderr: '' });
  });

  it('works with --no-verify-ssl', async () => {
    expect(
      await svcctl(['describe-repositories', '--no-verify-ssl', '--query', 'repositories[].repositoryName']),
    ).toEqual({ code: 0, stdout: '[\n    "tls/app"\n]\n', stderr: '' });
  });

  // Without retrying, counted: through a relay, the failed handshake is one connection (a retry would be
  // another; the default is several attempts), and a missing bundle fails before any.
  it('fails with neither (255), naming the endpoint, without retrying', async () => {
    const proxy = await relay(serve.url);
    try {
      expect(await svcctl(['describe-launch-configurations'], {}, proxy.url)).toEqual({
        code: 255,
        stdout: '',
        stderr: `\nsvcctl: [ERROR]: SSL validation failed for ${proxy.url}/ self-signed certificate\n`,
      });
      expect(proxy.connections()).toBe(1);
      expect(await svcctl(['describe-repositories', '--ca-bundle', join(dir, 'missing.pem')], {}, proxy.url)).toEqual({
        code: 255,
        stdout: '',
        stderr: `\nsvcctl: [ERROR]: Could not find a suitable TLS CA certificate bundle, invalid path: ${join(dir, 'missing.pem')}\n`,
      });
      expect(proxy.connections()).toBe(1);
    } finally {
      proxy.close();
    }
  });

  // compat 416 (hostile pass 15a): an empty bundle (`--ca-bundle ""`, `AWS_CA_BUNDLE=` set but empty) names no file,
  // refused before any connection as a missing one; the AWS CLI 2.9.19 takes '' as verify=False and sends unverified.
  it('refuses an empty --ca-bundle or AWS_CA_BUNDLE as a bundle that names no file (255), connecting nowhere', async () => {
    const proxy = await relay(serve.url);
    const refused = {
      code: 255,
      stdout: '',
      stderr: '\nsvcctl: [ERROR]: Could not find a suitable TLS CA certificate bundle, invalid path:\n',
    };
    try {
      expect(await svcctl(['describe-repositories', '--ca-bundle', ''], {}, proxy.url)).toEqual(refused);
      expect(await svcctl(['describe-repositories'], { AWS_CA_BUNDLE: '' }, proxy.url)).toEqual(refused);
      expect(proxy.connections()).toBe(0);
    } finally {
      proxy.close();
    }
  });

  it('is taken by the AWS CLI 2.9.19 as no verification at all (compat 416)', async () => {
    requireAwsCli();
    const listed = await run(AWS, [
      'ecr',
      'describe-repositories',
      '--endpoint-url',
      serve.url,
      '--ca-bundle',
      '',
      '--query',
      'repositories[].repositoryName',
    ]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe('[\n    "tls/app"\n]\n');
    expect(listed.stderr).toContain('InsecureRequestWarning: Unverified HTTPS request');
  });

  it('is accepted by the AWS CLI with the same bundle', async () => {
    requireAwsCli();
    const listed = await run(AWS, [
      'ecr',
      'describe-repositories',
      '--endpoint-url',
      serve.url,
      '--ca-bundle',
      cert,
      '--query',
      'repositories[].repositoryName',
    ]);
    expect(listed).toEqual({ code: 0, stdout: '[\n    "tls/app"\n]\n', stderr: '' });
  });
});
