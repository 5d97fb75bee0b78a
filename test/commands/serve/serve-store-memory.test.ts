/**
 * `svcctl serve --store memory` and `--store PATH` (issue 32, item 2), and the export lines of
 * `--print-env` and `--write-env` (item 7): as commands, with their exact output; the README's CI blocks run
 * in bash by test/docs/readme-serve.test.ts.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { failed, ok, paramError } from '../../helpers/cli-results.js';
import { startServe } from '../../peers/serve-process.js';
import { AWS_ENV } from '../../helpers/harness.js';

let dir: string;
let sb: Sandbox;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-serve-memory-'));
  sb = sandbox({ ...AWS_ENV, SVCCTL_HOME: join(dir, 'sandbox-home') });
});
afterAll(() => {
  sb.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('svcctl serve --store memory', () => {
  it('serves the store in memory: nothing in $SVCCTL_HOME, and the next serve starts empty', async () => {
    const home = join(dir, 'memory-home');
    const env = { SVCCTL_HOME: home, SVCCTL_STORE_URL: '' };
    const first = await startServe(['--store', 'memory'], env);
    const via = (url: string) => ['--endpoint-url', url];
    expect(
      await sb.run([
        ...via(first.url),
        'create-repository',
        '--repository-name',
        'team/app',
        '--query',
        'repository.repositoryName',
        '--output',
        'text',
      ]),
    ).toEqual({ code: 0, stdout: 'team/app\n', stderr: '' });
    const health = (await (await fetch(`${first.url}/_svcctl/health`)).json()) as { store: unknown };
    expect(health.store).toEqual({ kind: 'memory' });
    expect(await first.stop()).toBe(0);
    expect(existsSync(home)).toBe(false);
    const second = await startServe(['--store', 'memory'], env);
    try {
      expect(await sb.run([...via(second.url), 'describe-repositories', '--query', 'length(repositories)'])).toEqual(
        ok('0\n'),
      );
    } finally {
      expect(await second.stop()).toBe(0);
    }
    expect(existsSync(home)).toBe(false);
  });

  it('--store PATH: a SQLite file there, kept after serve stops', async () => {
    const file = join(dir, 'team.db');
    const serve = await startServe(['--store', file], { SVCCTL_HOME: join(dir, 'unused-home'), SVCCTL_STORE_URL: '' });
    try {
      expect(
        await sb.run([
          '--endpoint-url',
          serve.url,
          'create-repository',
          '--repository-name',
          'kept',
          '--query',
          'repository.repositoryName',
          '--output',
          'text',
        ]),
      ).toEqual({ code: 0, stdout: 'kept\n', stderr: '' });
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    expect(statSync(file).size).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'unused-home'))).toBe(false);
  });

  it.each([
    [
      ['--store', 'memory', '--store-pool-size', '2'],
      252,
      paramError(
        'argument --store-pool-size: only a PostgreSQL store (--store, SVCCTL_STORE_URL or store_url) takes a pool; the in-memory store, on its one connection, writes one operation at a time.',
      ),
    ],
    // PostgreSQL's time-outs on another store would do nothing: refused as --store-pool-size is, not ignored.
    [
      ['--store', 'memory', '--store-connect-timeout', '5'],
      252,
      paramError(
        'argument --store-connect-timeout: only a PostgreSQL store (--store, SVCCTL_STORE_URL or store_url) has connections to time out, not the in-memory store.',
      ),
    ],
    [
      ['--store-query-timeout', '1'],
      252,
      paramError(
        'argument --store-query-timeout: only a PostgreSQL store (--store, SVCCTL_STORE_URL or store_url) has connections to time out, not the SQLite store in $SVCCTL_HOME.',
      ),
    ],
    [
      ['--store', 'mysql://u:pw@127.0.0.1/x'],
      252,
      paramError(
        "argument --store: 'mysql://u:****@127.0.0.1/x' is not a store serve knows: give memory, the path of a SQLite file, or a PostgreSQL URL (postgres://user:password@host:port/database).",
      ),
    ],
    [
      ['--store', '/nonexistent-dir/x.db'],
      253,
      '\nsvcctl: [ERROR]: An error occurred (Configuration): argument --store: the directory of the SQLite file /nonexistent-dir/x.db does not exist (svcctl makes the file, not its directory).\n',
    ],
  ])('refuses %j before listening', async (args, code, stderr) => {
    expect(await sb.run(['serve', '--port', '0', ...args], { env: { SVCCTL_STORE_URL: '' } })).toEqual({
      code,
      stdout: '',
      stderr,
    });
  });
});

const lines = (url: string, keys: { id?: string; secret?: string; apiKey?: string } = {}) =>
  [
    `export AWS_ENDPOINT_URL=${url}`,
    `export SVCCTL_ENDPOINT_URL=${url}`,
    `export AWS_ACCESS_KEY_ID=${keys.id ?? 'test'}`,
    `export AWS_SECRET_ACCESS_KEY=${keys.secret ?? 'test'}`,
    'export AWS_DEFAULT_REGION=us-east-1',
    'export AWS_REGION=us-east-1',
    `export SVCCTL_API_KEY=${keys.apiKey ?? 'sk_test_svcctl'}`,
    '',
  ].join('\n');

describe('svcctl serve --print-env', () => {
  it('prints the export lines for that port and exits, without listening or opening a store', async () => {
    expect(await sb.run(['serve', '--print-env', '--port', '4566'])).toEqual(ok(lines('http://127.0.0.1:4566')));
    expect(existsSync(join(dir, 'sandbox-home', 'state.db'))).toBe(false);
  });

  it('a serve on every address is dialled on loopback; --tls-cert makes it https and names the bundle', async () => {
    expect((await sb.run(['serve', '--print-env', '--host', '0.0.0.0', '--port', '8443'])).stdout).toBe(
      lines('http://127.0.0.1:8443'),
    );
    expect((await sb.run(['serve', '--print-env', '--host', '::', '--port', '8443'])).stdout).toBe(
      lines("'http://[::1]:8443'"),
    );
    const out = await sb.run([
      'serve',
      '--print-env',
      '--port',
      '8443',
      '--tls-cert',
      join(dir, 'c.pem'),
      '--tls-key',
      'k.pem',
    ]);
    expect(out).toEqual(ok(`${lines('https://127.0.0.1:8443')}export AWS_CA_BUNDLE=${join(dir, 'c.pem')}\n`));
  });

  it('with --credentials: its first AWS key pair and first api_key; with --api-keys: its first key; quoted for the shell', async () => {
    const creds = join(dir, 'creds.ini');
    writeFileSync(
      creds,
      "[billing]\napi_key = sk_test_billing01\naccount_id = 111111111111\n[alice]\naws_access_key_id = AKIAALICE0000000001\naws_secret_access_key = it's$ecret\naccount_id = 111111111111\n",
      { mode: 0o600 },
    );
    expect((await sb.run(['serve', '--print-env', '--port', '4566', '--credentials', creds])).stdout).toBe(
      lines('http://127.0.0.1:4566', {
        id: 'AKIAALICE0000000001',
        secret: `'it'\\''s$ecret'`,
        apiKey: 'sk_test_billing01',
      }),
    );
    const keys = join(dir, 'keys.txt');
    writeFileSync(keys, '# team keys\nsk_test_first0001\nsk_test_second002\n', { mode: 0o600 });
    expect((await sb.run(['serve', '--print-env', '--port', '4566', '--api-keys', keys])).stdout).toBe(
      lines('http://127.0.0.1:4566', { apiKey: 'sk_test_first0001' }),
    );
  });

  it('refuses --port 0 (no port to name yet), and a credentials file it cannot use', async () => {
    expect(await sb.run(['serve', '--print-env', '--port', '0'])).toEqual(
      failed(
        252,
        paramError(
          'argument --print-env: needs the --port serve will listen on (not 0); with --port 0, use --write-env FILE, which serve writes once it listens',
        ),
      ),
    );
    const bad = join(dir, 'bad.ini');
    writeFileSync(bad, '[x]\naccount_id = 1\n', { mode: 0o600 });
    expect(await sb.run(['serve', '--print-env', '--port', '4566', '--credentials', bad])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): --credentials file ${bad}, line 2: account_id must be 12 digits.\n`,
      ),
    );
  });

  it('refuses a secret access key holding a NUL or another control character, naming its line (253, issue 44)', async () => {
    for (const c of ['\0', '\x1b', '\x7f', '\x85']) {
      const bad = join(dir, 'ctl.ini');
      const text = `[x]\naccount_id = 123456789012\naws_access_key_id = AKIAEXAMPLE12345\naws_secret_access_key = ab${c}cd\n`;
      writeFileSync(bad, text, { mode: 0o600 });
      expect(await sb.run(['serve', '--print-env', '--port', '4566', '--credentials', bad])).toEqual(
        failed(
          253,
          `\nsvcctl: [ERROR]: An error occurred (Configuration): --credentials file ${bad}, line 4: the secret access key is empty or has white space or a control character.\n`,
        ),
      );
    }
  });
});

describe('svcctl serve --write-env', () => {
  it('writes the lines (0600) once listening, with the port it got, and removes the file when it stops', async () => {
    const file = join(dir, 'serve.env');
    const serve = await startServe(['--store', 'memory', '--write-env', file], { SVCCTL_HOME: join(dir, 'h2') });
    expect(readFileSync(file, 'utf8')).toBe(lines(serve.url));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await serve.stop()).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('writes through a symbolic link, and at stop removes the file it names, not the link (hostile pass 17c)', async () => {
    // The rename replaced the link (a dangling one into a shared directory) with a regular file, and the stop then
    // removed it: the user's link was gone.
    const link = join(dir, 'linked.env');
    const real = join(dir, 'envs', 'real.env');
    mkdirSync(join(dir, 'envs'));
    symlinkSync(real, link);
    const serve = await startServe(['--store', 'memory', '--write-env', link], { SVCCTL_HOME: join(dir, 'h5') });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe(lines(serve.url));
    expect(await serve.stop()).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(existsSync(real)).toBe(false);
  });

  it('leaves the file when another serve has written it since (two serves, one path): only its own lines are removed', async () => {
    const file = join(dir, 'shared.env');
    const first = await startServe(['--store', 'memory', '--write-env', file], { SVCCTL_HOME: join(dir, 'h3') });
    const second = await startServe(['--store', 'memory', '--write-env', file], { SVCCTL_HOME: join(dir, 'h4') });
    try {
      expect(await first.stop()).toBe(0);
      expect(existsSync(file) && readFileSync(file, 'utf8')).toBe(lines(second.url)); // still points at the serve that runs
    } finally {
      expect(await second.stop()).toBe(0);
    }
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a store of svcctl's, by any name, before its store opens (253); the store stays (hostile pass 18a)", async () => {
    // 'serve --port 0 --store s.db --write-env s.db' replaced the store it ran on with the lines, and the stop
    // removed it, exit 0; with --store memory, $SVCCTL_HOME/state.db went the same way.
    const home = join(dir, 'sandbox-home');
    const local = join(home, 'state.db');
    expect((await sb.run(['ecr', 'create-repository', '--repository-name', 'kept'])).code).toBe(0);
    const own = join(dir, 'own.db');
    symlinkSync(own, join(dir, 'own-link.env'));
    const refused = (given: string, file: string) =>
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to write the --write-env file ${given}: it is a store of svcctl's (${file}), or a file SQLite keeps beside it: give --write-env another file.\n`,
      );
    expect(await sb.run(['serve', '--port', '0', '--store', own, '--write-env', join(dir, 'own-link.env')])).toEqual(
      refused(join(dir, 'own-link.env'), own),
    );
    expect(await sb.run(['serve', '--port', '0', '--write-env', `${local}-shm`])).toEqual(
      refused(`${local}-shm`, local),
    );
    expect(await sb.run(['serve', '--port', '0', '--store', 'memory', '--write-env', local])).toEqual(
      refused(local, local),
    );
    expect(existsSync(own)).toBe(false);
    expect(
      await sb.run(['ecr', 'describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text']),
    ).toEqual(ok('kept\n'));
  });

  it("refuses svcctl's config file (253); the config stays (hostile pass 18a)", async () => {
    // '--write-env $SVCCTL_HOME/config' replaced the config (keys among its settings) with the lines, and the stop
    // removed it, exit 0.
    const config = join(dir, 'sandbox-home', 'config');
    expect((await sb.run(['configure', 'set', 'region', 'eu-west-2'])).code).toBe(0);
    expect(await sb.run(['serve', '--port', '0', '--store', 'memory', '--write-env', config])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to write the --write-env file ${config}: it is svcctl's config file (${config}): give --write-env another file.\n`,
      ),
    );
    expect(readFileSync(config, 'utf8')).toBe('[default]\nregion = eu-west-2\n');
  });

  // serve replaces the file and removes it when it stops: a path that is not a regular file (a device, a FIFO,
  // a directory) is refused before serve prints its URL, and left as it was. Run as root, `--write-env /dev/full`
  // replaced the device with the lines, then deleted it at stop (issue 44's final hostile hour).
  it('refuses a path that is not a regular file (253), and leaves it as it was', async () => {
    const fifo = join(dir, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(await sb.run(['serve', '--store', 'memory', '--port', '0', '--write-env', fifo])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to write the --write-env file ${fifo}: it is a FIFO, not a regular file (serve replaces the file, and removes it when it stops).\n`,
      ),
    );
    expect(statSync(fifo).isFIFO()).toBe(true);
  });

  it('names a FIFO past 1,024 characters of path by its first 64 and its length (253), as every --write-env error', async () => {
    // Review 23R: the check through links (hostile pass 22a) wrote the path whole, where the file's other errors
    // name it by the one echo rule of a path (core/input-rules.ts echoPath).
    let long = dir;
    while (long.length < 1100) long = join(long, 'd'.repeat(200));
    mkdirSync(long, { recursive: true });
    const fifo = join(long, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    expect(await sb.run(['serve', '--store', 'memory', '--port', '0', '--write-env', fifo])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to write the --write-env file ${fifo.slice(0, 64)}... (${fifo.length} characters): it is a FIFO, not a regular file (serve replaces the file, and removes it when it stops).\n`,
      ),
    );
    expect(statSync(fifo).isFIFO()).toBe(true);
  });

  it('refuses /dev/stdout on a pipe (a socket under node) as what it is, naming /dev/stdout (253)', async () => {
    // Hostile pass 22a: 'Unable to write the --write-env file /proc/8237/fd/pipe:[5357531]: [Errno 2] No such
    // file or directory' (the link text 'pipe:[N]' of /proc/self/fd/1 followed as a path).
    expect(await sb.run(['serve', '--store', 'memory', '--port', '0', '--write-env', '/dev/stdout'])).toEqual(
      failed(
        253,
        '\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to write the --write-env file /dev/stdout: it is a socket, not a regular file (serve replaces the file, and removes it when it stops).\n',
      ),
    );
  });
});
