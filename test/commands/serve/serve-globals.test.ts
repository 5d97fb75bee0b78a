/**
 * serve is the endpoint: an explicit --endpoint-url (where a client's requests go) or --query (what a command
 * prints of its answer) was accepted and ignored, exit 0 (issue 44). They are refused (252) before anything
 * listens. `--print-env` exits without serving, so a run that was not refused ends on its own.
 */
import { lstatSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { failed, paramError, paramValidation } from '../../helpers/cli-results.js';
import { startInProcessServe } from '../../helpers/in-process-serve.js';

let sb: Sandbox | undefined;
afterEach(() => sb?.cleanup());

describe('serve and the global options of a client', () => {
  it.each([
    [
      ['--endpoint-url', 'http://127.0.0.1:9'],
      'serve does not take --endpoint-url: it is the endpoint; --host and --port say where it listens.',
    ],
    [['--query', 'x'], 'serve does not take --query: it answers requests, it prints no answer to select from.'],
  ])('refuses %j', async (flag, message) => {
    sb = sandbox();
    expect(await sb.run([...flag, 'serve', '--print-env', '--port', '4566'])).toEqual(
      failed(252, paramValidation(message)),
    );
    expect(await sb.run(['serve', '--print-env', '--port', '4566', ...flag])).toEqual(
      failed(252, paramValidation(message)),
    );
  });

  it('still takes a configured endpoint (SVCCTL_ENDPOINT_URL): the clients read it, not serve', async () => {
    sb = sandbox();
    const out = await sb.run(['serve', '--print-env', '--port', '4566'], {
      env: { SVCCTL_ENDPOINT_URL: 'http://127.0.0.1:4566' },
    });
    expect([out.code, out.stderr, out.stdout.split('\n')[0]]).toEqual([
      0,
      '',
      'export AWS_ENDPOINT_URL=http://127.0.0.1:4566',
    ]);
  });

  it.each([
    ['0', 'http://127.0.0.1:4566'],
    ['0.0.0.0', 'http://127.0.0.1:4566'],
    ['127.1', 'http://127.0.0.1:4566'],
    ['0x7f000001', 'http://127.0.0.1:4566'],
    ['2130706433', 'http://127.0.0.1:4566'],
    ['0177.0.0.1', 'http://127.0.0.1:4566'],
    ['::', "'http://[::1]:4566'"],
    ['0:0::1', "'http://[::1]:4566'"],
    ['::1', "'http://[::1]:4566'"],
    ['localhost', 'http://localhost:4566'],
    // Hostile pass 18a: a zone was kept, 'http://[::1%lo]:4566', a URL svcctl's --endpoint-url refuses; serve's
    // own URL has none.
    ['::1%lo', "'http://[::1]:4566'"],
    ['fe80::1%lo', "'http://[fe80::1]:4566'"],
  ])('--host %s: --print-env names the address as serve --write-env does (%s)', async (host, url) => {
    // Hostile pass 17c: '--host 0' printed http://0:4566 and '--host 127.1' http://127.1:4566, where serve listening
    // on them writes http://127.0.0.1:PORT.
    sb = sandbox();
    const out = await sb.run(['serve', '--print-env', '--port', '4566', '--host', host]);
    expect([out.code, out.stderr, out.stdout.split('\n')[0]]).toEqual([0, '', `export AWS_ENDPOINT_URL=${url}`]);
  });

  // Lead's probe (round 20's leftover): --print-env said http://[::ffff:7f00:1]:PORT where serve's start line and
  // --write-env said http://[::ffff:127.0.0.1]:PORT: one address, two forms.
  it('--host ::ffff:127.0.0.1: serve names itself as --print-env names it', async () => {
    const serve = await startInProcessServe({ host: '::ffff:127.0.0.1' });
    try {
      const port = new URL(serve.url).port;
      expect(serve.url).toBe(`http://[::ffff:7f00:1]:${port}`);
      sb = sandbox();
      const out = await sb.run(['serve', '--print-env', '--port', port, '--host', '::ffff:127.0.0.1']);
      expect([out.code, out.stderr, out.stdout.split('\n')[0]]).toEqual([
        0,
        '',
        `export AWS_ENDPOINT_URL='${serve.url}'`,
      ]);
      expect((await fetch(`${serve.url}/_svcctl/health`)).status).toBe(200);
    } finally {
      await serve.close();
    }
  });

  it('exports the region of --region in --print-env, checked as every command checks it', async () => {
    sb = sandbox();
    const out = await sb.run(['--region', 'eu-west-1', 'serve', '--print-env', '--port', '4566']);
    expect([out.code, out.stderr]).toEqual([0, '']);
    expect(out.stdout.split('\n').filter((l) => l.includes('REGION'))).toEqual([
      'export AWS_DEFAULT_REGION=eu-west-1',
      'export AWS_REGION=eu-west-1',
    ]);
    expect(await sb.run(['--region', 'EU_WEST', 'serve', '--print-env', '--port', '4566'])).toEqual(
      failed(253, "\nsvcctl: [ERROR]: Provided region_name 'EU_WEST' doesn't match a supported format.\n"),
    );
  });

  it('refuses --api-key: the keys serve takes come from --credentials', async () => {
    sb = sandbox();
    expect(await sb.run(['--api-key', 'sk_test_mine', 'serve', '--print-env', '--port', '4566'])).toEqual(
      failed(
        252,
        paramValidation(
          'serve does not take --api-key: the keys it takes come from --credentials; --print-env prints one of them.',
        ),
      ),
    );
  });

  it.each([
    [
      ['--output', 'table'],
      'serve does not take --output: it prints no answer to format; --log-format sets its request log.',
    ],
    [
      ['--output', 'json'],
      'serve does not take --output: it prints no answer to format; --log-format sets its request log.',
    ],
    [
      ['--service-version', '2020-01-01.x'],
      "serve does not take --service-version: it is a v2 client's header; serve answers every version it knows.",
    ],
    [
      ['--idempotency-key', 'k1'],
      "serve does not take --idempotency-key: it is a v2 client's header; serve makes no request.",
    ],
    [
      ['--no-paginate'],
      "serve does not take --no-paginate: it is a client's setting; serve makes no request and prints no answer.",
    ],
    [
      ['--no-verify-ssl'],
      "serve does not take --no-verify-ssl: it is a client's setting; serve makes no request and prints no answer.",
    ],
    [
      ['--no-sign-request'],
      "serve does not take --no-sign-request: it is a client's setting; serve makes no request and prints no answer.",
    ],
    [
      ['--ca-bundle', 'ca.pem'],
      "serve does not take --ca-bundle: it is a client's setting; serve makes no request and prints no answer.",
    ],
    [
      ['--cli-read-timeout', '5'],
      "serve does not take --cli-read-timeout: it is a client's setting; serve makes no request and prints no answer.",
    ],
    [
      ['--cli-connect-timeout', '5'],
      "serve does not take --cli-connect-timeout: it is a client's setting; serve makes no request and prints no answer.",
    ],
    [
      ['--cli-binary-format', 'base64'],
      "serve does not take --cli-binary-format: it is a client's setting; serve makes no request and prints no answer.",
    ],
    [
      ['--no-cli-pager'],
      "serve does not take --no-cli-pager: it is a client's setting; serve makes no request and prints no answer.",
    ],
    [
      ['--cli-auto-prompt'],
      "serve does not take --cli-auto-prompt: it is a client's setting; serve makes no request and prints no answer.",
    ],
    [
      ['--no-cli-auto-prompt'],
      "serve does not take --no-cli-auto-prompt: it is a client's setting; serve makes no request and prints no answer.",
    ],
  ])('refuses the client setting %j, which it would ignore', async (flag, message) => {
    sb = sandbox();
    expect(await sb.run([...flag, 'serve', '--print-env', '--port', '4566'])).toEqual(
      failed(252, paramValidation(message)),
    );
    expect(await sb.run(['serve', '--print-env', '--port', '4566', ...flag])).toEqual(
      failed(252, paramValidation(message)),
    );
  });

  it('exports the region of AWS_REGION, AWS_DEFAULT_REGION or the profile when --region is not given', async () => {
    sb = sandbox();
    const regions = async (env: Record<string, string>, argv: string[] = []) => {
      const out = await sb!.run([...argv, 'serve', '--print-env', '--port', '4566'], { env });
      expect([out.code, out.stderr]).toEqual([0, '']);
      return out.stdout.split('\n').filter((l) => l.includes('REGION'));
    };
    const exported = (r: string) => [`export AWS_DEFAULT_REGION=${r}`, `export AWS_REGION=${r}`];
    expect(await regions({})).toEqual(exported('us-east-1'));
    expect(await regions({ AWS_REGION: 'eu-west-1' })).toEqual(exported('eu-west-1'));
    expect(await regions({ AWS_DEFAULT_REGION: 'ap-south-1' })).toEqual(exported('ap-south-1'));
    expect((await sb.run(['configure', 'set', 'region', 'sa-east-1', '--profile', 'p'])).code).toBe(0);
    expect(await regions({}, ['--profile', 'p'])).toEqual(exported('sa-east-1'));
    expect(await regions({ AWS_PROFILE: 'p' })).toEqual(exported('sa-east-1'));
    expect(await regions({ AWS_REGION: 'eu-west-1' }, ['--profile', 'p', '--region', 'us-west-2'])).toEqual(
      exported('us-west-2'),
    );
    expect(await sb.run(['serve', '--print-env', '--port', '4566'], { env: { AWS_REGION: 'EU_WEST' } })).toEqual(
      failed(253, "\nsvcctl: [ERROR]: Provided region_name 'EU_WEST' doesn't match a supported format.\n"),
    );
  });
});

describe('serve --print-env checks the flags of the serve it prints for (hostile pass 9b left it: exit 0)', () => {
  it.each([
    [
      ['--journal-size', 'abc'],
      failed(252, paramError("argument --journal-size: invalid journal size: 'abc' (0-1000000 entries)")),
    ],
    [
      ['--store-pool-size', '99'],
      failed(252, paramError("argument --store-pool-size: invalid value: '99' (operations at once, 1-64)")),
    ],
    [
      ['--store-query-timeout', '5'],
      failed(
        252,
        paramError(
          'argument --store-query-timeout: only a PostgreSQL store (--store, SVCCTL_STORE_URL or store_url) has connections to time out, not the SQLite store in $SVCCTL_HOME.',
        ),
      ),
    ],
    [
      ['--store', '/nonexistent/dir/x.db'],
      failed(
        253,
        '\nsvcctl: [ERROR]: An error occurred (Configuration): argument --store: the directory of the SQLite file /nonexistent/dir/x.db does not exist (svcctl makes the file, not its directory).\n',
      ),
    ],
    // Hostile pass 15a: '--tls-cert ""' printed AWS_CA_BUNDLE as the working directory (resolve('')), and a
    // --tls-cert without --tls-key printed lines for a serve that refuses to start; the files are still not read.
    [
      ['--tls-cert', '', '--tls-key', 'k.pem'],
      failed(
        253,
        "\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read --tls-cert file '': [Errno 2] No such file or directory\n",
      ),
    ],
    [['--tls-cert', 'c.pem'], failed(252, paramError('--tls-cert and --tls-key must be given together'))],
    // An empty path is echoed as Python's repr, '': bare, "Unable to read --settings file : …" named nothing.
    [
      ['--settings', ''],
      failed(
        253,
        "\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read --settings file '': [Errno 2] No such file or directory\n",
      ),
    ],
    // Hostile pass 15a: --write-env was ignored (rc 0, no file): --print-env serves nothing, so nothing writes it.
    [
      ['--write-env', 'serve.env'],
      failed(
        252,
        paramError(
          'argument --write-env: not with --print-env, which prints the lines and starts no serve (--write-env FILE is written once serve listens); to keep them: svcctl serve --print-env ... > FILE',
        ),
      ),
    ],
    // Hostile pass 16a: a --store that is a directory (or a FIFO) printed the lines (rc 0) for a serve that refuses
    // it at open (253).
    [
      ['--store', '/tmp'],
      failed(
        253,
        '\nsvcctl: [ERROR]: An error occurred (Configuration): The store /tmp is a directory, not a database file. Move it away, or give --store another file.\n',
      ),
    ],
    // Hostile pass 16a: an empty --host printed AWS_ENDPOINT_URL=http://:4566, and serve listened on every
    // interface (http://[::]:port) for it.
    ...['', ' '].map((host): [string[], ReturnType<typeof failed>] => [
      ['--host', host],
      failed(
        252,
        paramError(
          `argument --host: '${host}' names no address: give 127.0.0.1 (the default), or 0.0.0.0 or :: to listen on every interface`,
        ),
      ),
    ]),
    // Hostile pass 17d: '--host [::1]' printed AWS_ENDPOINT_URL='http://[[::1]]:4566', and serve looked the
    // bracketed text up as a host name (a DNS query).
    [
      ['--host', '[::1]'],
      failed(
        252,
        paramError("argument --host: '[::1]' is an address in a URL's brackets: give it without them ('::1')"),
      ),
    ],
    // Hostile pass 17c: an address in brackets or with a port printed a URL no client can use
    // (AWS_ENDPOINT_URL='http://[[::1]]:4566', 'http://[127.0.0.1:80]:4566', 'http:// 127.0.0.1:4566').
    ...['127.0.0.1:80', ' 127.0.0.1', 'a/b'].map((host): [string[], ReturnType<typeof failed>] => [
      ['--host', host],
      failed(
        252,
        paramError(
          `argument --host: '${host}' is not an IP address or a host name: give the address to listen on as 127.0.0.1 or ::1 (an IPv6 address without brackets), and the port with --port`,
        ),
      ),
    ]),
    // Hostile pass 18a: a name ending in a number that inet_aton does not read printed the lines (rc 0:
    // http://127.0.0.1:4566 for '127.0.0.1.', URLs no client reads for the others), and serve asked DNS for it.
    ...['127.0.0.1.', '999.1.1.1', '1.2.3.4.5', 'a.1'].map((host): [string[], ReturnType<typeof failed>] => [
      ['--host', host],
      failed(
        252,
        paramError(
          `argument --host: '${host}' is not an IP address (its last part is a number, so it is no host name): give the address to listen on as 127.0.0.1 or ::1`,
        ),
      ),
    ]),
    // Hostile pass 15a: a --store ending in / made the SQLite file without the slash (x.db/ made x.db).
    [
      ['--store', 'data/'],
      failed(
        253,
        "\nsvcctl: [ERROR]: An error occurred (Configuration): argument --store: data/ ends in /, so it names a directory, not a SQLite file: give the file's path (data/state.db).\n",
      ),
    ],
  ])('refuses %j, as serve itself would', async (flags, result) => {
    sb = sandbox();
    expect(await sb.run(['serve', '--print-env', '--port', '4566', ...flags])).toEqual(result);
  });

  it('a --store that is a dangling link into a missing directory is refused naming the file it names (253)', async () => {
    // Hostile pass 16a: --print-env printed the lines (rc 0), and serve said 'unable to open database file. Check
    // that <the link's directory> is a directory you can write', a directory that was there and writable.
    sb = sandbox();
    symlinkSync(join(sb.cwd, 'gone', 's.db'), join(sb.cwd, 'link.db'));
    const refused = failed(
      253,
      `\nsvcctl: [ERROR]: An error occurred (Configuration): argument --store: the directory of the SQLite file ${join(sb.cwd, 'gone', 's.db')} does not exist (svcctl makes the file, not its directory).\n`,
    );
    expect(await sb.run(['serve', '--print-env', '--port', '4566', '--store', 'link.db'])).toEqual(refused);
    expect(await sb.run(['serve', '--port', '0', '--store', 'link.db'])).toEqual(refused);
  });

  it('serve itself refuses a --host ending in a number that is no address before it looks anything up (252)', async () => {
    // Hostile pass 18a: serve handed '127.0.0.1.' to getaddrinfo, which inet_aton refuses: a DNS query for it.
    sb = sandbox();
    expect(await sb.run(['serve', '--port', '0', '--store', 'memory', '--host', '127.0.0.1.'])).toEqual(
      failed(
        252,
        paramError(
          "argument --host: '127.0.0.1.' is not an IP address (its last part is a number, so it is no host name): give the address to listen on as 127.0.0.1 or ::1",
        ),
      ),
    );
  });

  it('serve itself refuses a --host in brackets before it listens or looks anything up (252)', async () => {
    // Hostile pass 17d: node took '[::1]' for a host name to look up, where ::1 is the address meant.
    sb = sandbox();
    expect(await sb.run(['serve', '--port', '0', '--store', 'memory', '--host', '[::1]'])).toEqual(
      failed(
        252,
        paramError("argument --host: '[::1]' is an address in a URL's brackets: give it without them ('::1')"),
      ),
    );
  });
});

describe('a store that is a loop of symbolic links is refused naming the loop (hostile pass 17c)', () => {
  let sb: Sandbox | undefined;
  afterEach(() => sb?.cleanup());

  it('serve, serve --print-env and a CLI call refuse it (253), and leave the links as they are', async () => {
    // Hostile pass 17c: with la.db -> lb -> la.db, 'serve --print-env --port 4566 --store la.db' printed the lines
    // (rc 0), serve said 'unable to open database file. Check that <its directory> is a directory you can write',
    // and with $SVCCTL_HOME/state.db such a loop a read answered from an empty store (rc 0) as if none were made yet.
    sb = sandbox({ SVCCTL_STORE_URL: undefined });
    symlinkSync('lb', join(sb.cwd, 'la.db'));
    symlinkSync('la.db', join(sb.cwd, 'lb'));
    const refused = failed(
      253,
      `\nsvcctl: [ERROR]: An error occurred (Configuration): The store ${join(sb.cwd, 'la.db')} is a loop of symbolic links ([Errno 40] Too many levels of symbolic links), not a database file. Move it away, or give --store another file.\n`,
    );
    expect(await sb.run(['serve', '--print-env', '--port', '4566', '--store', 'la.db'])).toEqual(refused);
    expect(await sb.run(['serve', '--port', '0', '--store', 'la.db'])).toEqual(refused);
    const home = join(sb.cwd, 'home');
    mkdirSync(home);
    symlinkSync('sb', join(home, 'state.db'));
    symlinkSync('state.db', join(home, 'sb'));
    const inHome = failed(
      253,
      `\nsvcctl: [ERROR]: An error occurred (Configuration): The store ${join(home, 'state.db')} is a loop of symbolic links ([Errno 40] Too many levels of symbolic links), not a database file. Move it away, or set SVCCTL_HOME to another directory.\n`,
    );
    for (const argv of [
      ['ecr', 'describe-repositories'],
      ['ecr', 'create-repository', '--repository-name', 'aa'],
    ])
      expect(await sb.run(argv, { env: { SVCCTL_HOME: home } })).toEqual(inHome);
    expect(lstatSync(join(home, 'state.db')).isSymbolicLink()).toBe(true);
  });

  it("serve --print-env refuses $SVCCTL_HOME's store as serve does (253): a loop, a directory (hostile pass 18a)", async () => {
    // Hostile pass 18a: only a --store file was checked; with $SVCCTL_HOME/state.db a loop of links, a directory, a
    // FIFO or a link into a missing directory, --print-env printed the lines (rc 0) for a serve that refuses it.
    sb = sandbox({ SVCCTL_STORE_URL: undefined });
    const loop = join(sb.cwd, 'loop');
    mkdirSync(loop);
    symlinkSync('sb', join(loop, 'state.db'));
    symlinkSync('state.db', join(loop, 'sb'));
    const dirHome = join(sb.cwd, 'dir');
    mkdirSync(join(dirHome, 'state.db'), { recursive: true });
    for (const [home, why] of [
      [loop, 'a loop of symbolic links ([Errno 40] Too many levels of symbolic links)'],
      [dirHome, 'a directory'],
    ] as const) {
      const refused = failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): The store ${join(home, 'state.db')} is ${why}, not a database file. Move it away, or set SVCCTL_HOME to another directory.\n`,
      );
      expect(await sb.run(['serve', '--print-env', '--port', '4566'], { env: { SVCCTL_HOME: home } })).toEqual(refused);
      expect(await sb.run(['serve', '--port', '0'], { env: { SVCCTL_HOME: home } })).toEqual(refused);
    }
  });
});

describe('$SVCCTL_HOME/state.db, a symbolic link into a directory that does not exist (hostile pass 17c)', () => {
  let sb: Sandbox | undefined;
  afterEach(() => sb?.cleanup());

  it('is refused naming the file it names (253), on a write and a read, as serve --store is', async () => {
    // Hostile pass 17c: 'ecr create-repository' said 'unable to open database file. Check that SVCCTL_HOME (<dir>)
    // is a directory you can write', a directory that was there and writable; serve --store named the file (77201f0).
    sb = sandbox({ SVCCTL_STORE_URL: undefined });
    const home = join(sb.cwd, 'home');
    mkdirSync(home);
    const gone = join(sb.cwd, 'gone', 'real.db');
    symlinkSync(gone, join(home, 'state.db'));
    const refused = failed(
      253,
      `\nsvcctl: [ERROR]: An error occurred (Configuration): The store ${join(home, 'state.db')} is a symbolic link to ${gone}, in a directory that does not exist (svcctl makes the file, not its directory). Move it away, or set SVCCTL_HOME to another directory.\n`,
    );
    for (const argv of [
      ['ecr', 'create-repository', '--repository-name', 'aa'],
      ['ecr', 'describe-repositories'],
    ])
      expect(await sb.run(argv, { env: { SVCCTL_HOME: home } })).toEqual(refused);
    expect(lstatSync(join(home, 'state.db')).isSymbolicLink()).toBe(true);
    // Through a link to a directory that is there, the store is made in the file the link names.
    mkdirSync(join(sb.cwd, 'gone'));
    expect(
      await sb.run(['ecr', 'create-repository', '--repository-name', 'aa', '--query', 'repository.repositoryName'], {
        env: { SVCCTL_HOME: home },
      }),
    ).toEqual({ code: 0, stdout: '"aa"\n', stderr: '' });
    expect(lstatSync(gone).isFile()).toBe(true);
  });
});

describe('serve --print-env reads the --settings file serve would apply (hostile pass 10: exit 0)', () => {
  it('refuses a --settings file it cannot read (253)', async () => {
    sb = sandbox();
    expect(await sb.run(['serve', '--print-env', '--port', '4566', '--settings', '/nonexistent/s.json'])).toEqual(
      failed(
        253,
        '\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read --settings file /nonexistent/s.json: [Errno 2] No such file or directory\n',
      ),
    );
  });

  // Hostile pass 16b: a JSON settings file holding NaN was refused in V8's words ("Unexpected token 'N', …").
  it("refuses a --settings file holding NaN in Python's words, as every JSON file svcctl reads (252)", async () => {
    sb = sandbox();
    mkdirSync(sb.home, { recursive: true });
    const file = join(sb.home, 'nan.json');
    writeFileSync(file, '{"repositories_per_region": NaN}');
    expect(await sb.run(['serve', '--print-env', '--port', '4566', '--settings', file])).toEqual(
      failed(252, paramValidation(`Invalid settings file ${file}: Expecting value: line 1 column 29 (char 28)`)),
    );
  });

  it('refuses a --settings file with a bad value, naming its line (252)', async () => {
    sb = sandbox();
    mkdirSync(sb.home, { recursive: true });
    const file = join(sb.home, 'v.json');
    writeFileSync(file, '{"repositories_per_region": "abc"}');
    expect(await sb.run(['serve', '--print-env', '--port', '4566', '--settings', file])).toEqual(
      failed(
        252,
        paramValidation(
          `Invalid settings file ${file}, line 1: Invalid value for repositories_per_region: 'abc'. Expected none or a whole number from 0 to 100000000.`,
        ),
      ),
    );
  });
});
