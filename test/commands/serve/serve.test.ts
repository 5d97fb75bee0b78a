/**
 * `svcctl serve` as a command: flags, the first stdout line, one stderr line per request, signals, and
 * the one store it shares with the CLI (what the CLI made locally is visible over HTTP and back).
 */
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { failed, paramError, USAGE } from '../../helpers/cli-results.js';
import { createLaunchConfiguration } from '../../helpers/create-argv.js';
import { selfSignedCert } from '../../helpers/self-signed-cert.js';
import { type ServeProcess, startServe } from '../../peers/serve-process.js';
import { AWS_ENV } from '../../helpers/harness.js';
import { halfSentCreateRepository, json11, send } from '../../helpers/wire-client.js';

let dir: string;
let sb: Sandbox;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-serve-cmd-'));
  sb = sandbox({ ...AWS_ENV, SVCCTL_HOME: join(dir, 'store'), SVCCTL_API_KEY: 'sk_test_cmd' });
});
afterAll(() => {
  sb.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('svcctl serve flags', () => {
  it.each([
    [['--port', '70000'], paramError("argument --port: invalid port: '70000' (0-65535)")],
    [['--port', 'http'], paramError("argument --port: invalid port: 'http' (0-65535)")],
    [['--port', '0', '--tls-cert', 'c.pem'], paramError('--tls-cert and --tls-key must be given together')],
    // issue 25, item 16: --persist-settings alone would do nothing
    [
      ['--port', '0', '--persist-settings'],
      paramError(
        "argument --persist-settings: only with --settings FILE, whose settings it writes to the store (to change the store's own, use svcctl service settings set)",
      ),
    ],
    // issue 19, item 15: a word serve does not take is refused, not ignored
    [['--port', '0', 'extra'], `\n${USAGE}\n\nsvcctl: [ERROR]: Unknown options: extra\n`],
  ])('rejects %j (252)', async (args, stderr) => {
    expect(await sb.run(['serve', ...args])).toEqual({ code: 252, stdout: '', stderr });
  });

  it('says so when the port is taken (255)', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    const result = await sb.run(['serve', '--port', String(port)]);
    holder.close();
    expect(result).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: Unable to listen on 127.0.0.1:${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port}\n`,
      ),
    );
  });

  it('says so when the certificate cannot be read (253)', async () => {
    const missing = join(dir, 'nope.pem');
    expect(await sb.run(['serve', '--port', '0', '--tls-cert', missing, '--tls-key', missing])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read --tls-cert file ${missing}: [Errno 2] No such file or directory\n`,
      ),
    );
  });

  it("says why an --api-keys file or the --write-env file cannot be used in Python's words, as every file error (253, issue 44)", async () => {
    const missing = join(dir, 'absent-keys.ini');
    expect(await sb.run(['serve', '--port', '0', '--api-keys', missing])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read --api-keys file ${missing}: [Errno 2] No such file or directory\n`,
      ),
    );
    // An empty path is no file (it named the working directory: "it is a directory, not a regular file").
    expect(await sb.run(['serve', '--port', '0', '--write-env', ''])).toEqual(
      failed(
        253,
        "\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to write the --write-env file '': [Errno 2] No such file or directory\n",
      ),
    );
    // A path ending in / names a directory (hostile pass 15a: it was the file out, written, then removed at stop).
    expect(await sb.run(['serve', '--port', '0', '--write-env', 'out/'])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to write the --write-env file ${join(sb.cwd, 'out')}/: it is a directory, not a regular file (serve replaces the file, and removes it when it stops).\n`,
      ),
    );
    const lost = join(dir, 'no-such-dir', 'serve.env');
    expect(await sb.run(['serve', '--port', '0', '--write-env', lost])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to write the --write-env file ${lost}: [Errno 2] No such file or directory\n`,
      ),
    );
  });

  it('refuses a --tls-cert past 16 MiB unread, as every settings file (253, issue 44)', async () => {
    const big = join(dir, 'big.pem');
    writeFileSync(big, '');
    truncateSync(big, 16 * 1024 * 1024 + 1);
    expect(await sb.run(['serve', '--port', '0', '--tls-cert', big, '--tls-key', big])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read --tls-cert file ${big}: [Errno 27] File too large\n`,
      ),
    );
  });

  it('names the file when it holds no certificate, no key, or a key of another certificate (253, issue 19, item 19)', async () => {
    const a = selfSignedCert(dir, 'a');
    const b = selfSignedCert(dir, 'b');
    const junk = join(dir, 'junk.pem');
    writeFileSync(junk, 'not a certificate\n');
    const refused = (message: string) =>
      failed(253, `\nsvcctl: [ERROR]: An error occurred (Configuration): ${message}\n`);
    expect(await sb.run(['serve', '--port', '0', '--tls-cert', junk, '--tls-key', a.key])).toEqual(
      refused(`The --tls-cert file ${junk} holds no PEM certificate (error:0480006C:PEM routines::no start line).`),
    );
    expect(await sb.run(['serve', '--port', '0', '--tls-cert', a.cert, '--tls-key', a.cert])).toEqual(
      refused(`The --tls-key file ${a.cert} holds no PEM private key (error:1E08010C:DECODER routines::unsupported).`),
    );
    expect(await sb.run(['serve', '--port', '0', '--tls-cert', a.cert, '--tls-key', b.key])).toEqual(
      refused(
        `The --tls-key file ${b.key} is not the key of the certificate in ${a.cert} (error:05800074:x509 certificate routines::key values mismatch).`,
      ),
    );
  });
});

describe('svcctl serve as a process', { timeout: 60_000 }, () => {
  let serve: ServeProcess;
  beforeAll(async () => {
    serve = await startServe([], { SVCCTL_HOME: join(dir, 'store') });
  });
  afterAll(async () => {
    await serve.stop('SIGKILL');
  });

  it('prints its base URL as the first line of stdout', () => {
    expect(serve.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('shares the store: made locally, seen over HTTP, and back', async () => {
    const http = (argv: string[]) => sb.run(argv, { env: { SVCCTL_ENDPOINT_URL: serve.url } });
    expect((await sb.run(['create-repository', '--repository-name', 'made/locally'])).code).toBe(0);
    expect(
      await http(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text']),
    ).toEqual({ code: 0, stdout: 'made/locally\n', stderr: '' });
    expect((await http(createLaunchConfiguration('made-over-http'))).code).toBe(0);
    expect(
      await sb.run([
        'describe-launch-configurations',
        '--query',
        'LaunchConfigurations[].LaunchConfigurationName',
        '--output',
        'text',
      ]),
    ).toEqual({ code: 0, stdout: 'made-over-http\n', stderr: '' });
    const token = await http(['account-token', 'create', '--query', 'id', '--output', 'text']);
    expect(
      await sb.run(['account-token', 'get', '--id', token.stdout.trim(), '--query', 'id', '--output', 'text']),
    ).toEqual(token);
  });

  it('logs one line per request on stderr', async () => {
    const lines = await serve.lines(3);
    expect(lines).toEqual([
      expect.stringMatching(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z 127\.0\.0\.1 POST \/ 200 json11:DescribeRepositories \d+\.\dms$/,
      ),
      expect.stringMatching(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z 127\.0\.0\.1 POST \/ 200 query:CreateLaunchConfiguration \d+\.\dms$/,
      ),
      expect.stringMatching(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z 127\.0\.0\.1 POST \/v2\/core\/account_tokens 200 v2:CreateAccountToken \d+\.\dms$/,
      ),
    ]);
  });
});

describe('svcctl serve --log-format json (issue 19, item 24)', { timeout: 60_000 }, () => {
  it("writes one JSON object per line: the time, the message and the request's fields", async () => {
    const serve = await startServe(['--log-format', 'json'], { SVCCTL_HOME: join(dir, 'json-log') });
    try {
      const before = Date.now();
      expect((await sb.run(['describe-repositories', '--endpoint-url', serve.url], { env: AWS_ENV })).code).toBe(0);
      const [line] = await serve.lines(1);
      const entry = JSON.parse(line!) as Record<string, unknown>;
      expect(entry).toEqual({
        time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        message: expect.stringMatching(/^127\.0\.0\.1 POST \/ 200 json11:DescribeRepositories \d+\.\dms$/),
        remote: '127.0.0.1',
        method: 'POST',
        path: '/',
        status: 200,
        protocol: 'json11',
        operation: 'DescribeRepositories',
        ms: expect.any(Number),
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(Date.parse(entry.time as string)).toBeGreaterThanOrEqual(before - 1000);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it('logs a path past 1,024 characters as its first 64 and its length (text and json), and never a query string', async () => {
    const serve = await startServe(['--log-format', 'json'], { SVCCTL_HOME: join(dir, 'long-paths') });
    try {
      const v2 = `/v2/core/${'a'.repeat(15_000)}`;
      const admin = `/_svcctl/${'c'.repeat(15_000)}`;
      const registry = `/v2/team/app/manifests/${'b'.repeat(1_500)}`;
      const statuses: number[] = [];
      for (const path of [
        v2,
        admin,
        `${registry}?X-Amz-Signature=s3cr3t`,
        '/?Action=DescribeTags&X-Amz-Signature=s3cr3t',
      ])
        statuses.push((await fetch(`${serve.url}${path}`)).status);
      expect(statuses).toEqual([413, 404, 401, 400]);
      const lines = (await serve.lines(4)).map((l) => JSON.parse(l) as { message: string; path: string });
      const cut = (path: string) => `${path.slice(0, 64)}... (${path.length} characters)`;
      expect(lines.map((l) => [l.message.replace(/ [\d.]+ms$/, ''), l.path])).toEqual([
        [`127.0.0.1 GET ${cut(v2)} 413 v2:-`, cut(v2)],
        [`127.0.0.1 GET ${cut(admin)} 404 svcctl`, undefined],
        [`127.0.0.1 GET ${cut(registry)} 401 registry:BatchGetImage`, cut(registry)],
        ['127.0.0.1 GET / 400 query:-', '/'],
      ]);
      expect(serve.stderr()).not.toContain('s3cr3t');
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it('refuses a format it does not know (252)', async () => {
    expect(await sb.run(['serve', '--port', '0', '--log-format', 'xml'])).toEqual(
      failed(252, paramError("argument --log-format: Found invalid choice 'xml'\n")), // one wording (issue 44, item 15)
    );
  });
});

describe('stopping svcctl serve', { timeout: 60_000 }, () => {
  // SIGHUP (the terminal serve ran in was closed) stops it as SIGTERM does, where Node's default ends it at once (129).
  it.each(['SIGTERM', 'SIGHUP'] as const)('finishes the in-flight request on %s, then exits 0', async (signal) => {
    const serve = await startServe([], { SVCCTL_HOME: join(dir, `store-${signal}`) });
    const inflight = await halfSentCreateRepository(serve.url, 'during/shutdown', 5);
    // Answered after the stalled connection was opened: serve has accepted that one and read its head.
    expect((await send(serve.url, json11('DescribeRepositories', '{}'))).status).toBe(200);
    serve.child.kill(signal);
    expect((await serve.lines(2))[1]).toMatch(new RegExp(` ${signal}: finishing in-flight requests and stopping$`));
    inflight.finish();
    expect(await inflight.closed).toMatch(/^HTTP\/1.1 200 OK\r\n[\s\S]*"repositoryName":"during\/shutdown"/);
    expect(await serve.stop()).toBe(0);
    const stamp = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z';
    expect(serve.stderr()).toMatch(
      new RegExp(
        `^${stamp} 127\\.0\\.0\\.1 POST / 200 json11:DescribeRepositories \\d+\\.\\dms\n${stamp} ${signal}: finishing in-flight requests and stopping\n${stamp} 127\\.0\\.0\\.1 POST / 200 json11:CreateRepository \\d+\\.\\dms\n$`,
      ),
    );
    await expect(send(serve.url, json11('DescribeRepositories', '{}'))).rejects.toThrow(/ECONNREFUSED/);
  });

  it('stops on SIGINT with 130, as every interrupted svcctl command', async () => {
    const serve = await startServe([], { SVCCTL_HOME: join(dir, 'store') });
    expect(await serve.stop('SIGINT')).toBe(130);
    expect(serve.stderr()).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z SIGINT: finishing in-flight requests and stopping\n$/,
    );
  });
});
