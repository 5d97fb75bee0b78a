/**
 * A PostgreSQL store URL that the driver cannot read (a password with an unencoded '@', ':' or '/', a port
 * past 65535) is refused where it is chosen, by every command that takes one, with its password masked whole.
 * Hostile pass 19c: 'postgres://postgres:p@ss:w/rd@…' was shown as 'postgres://postgres:****@ss:w/rd@…',
 * most of the password in the clear; and serve --print-env took such a URL (0) that serve then could not
 * open (253, 'Invalid URL' from the first connection).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { configError, failed, ok, paramError, paramValidation } from '../../helpers/cli-results.js';

let sb: Sandbox | undefined;
afterEach(() => sb?.cleanup());

const UNENCODED = 'postgres://postgres:p@ss:w/rd@127.0.0.1:5432/db';
const MASKED = 'postgres://postgres:****@127.0.0.1:5432/db';
const WHY =
  "cannot be read as a PostgreSQL URL: it is not a URL (a port is a number up to 65535; an '@', ':' or '/' in the user name or password is written %40, %3A, %2F).";

const READS =
  'sslmode, sslcert, sslkey, sslrootcert, sslnegotiation, ssl, uselibpqcompat, host, port, user, password, application_name, fallback_application_name, options, statement_timeout, lock_timeout, idle_in_transaction_session_timeout';

describe('a PostgreSQL store URL the driver cannot read', () => {
  it('configure list shows it with every character of the password masked', async () => {
    sb = sandbox({});
    const list = await sb.run(
      ['configure', 'list', '--query', "Settings[?Name=='store_url'].Value", '--output', 'text'],
      { env: { SVCCTL_STORE_URL: UNENCODED } },
    );
    expect(list).toEqual(ok(`${MASKED}\n`));
  });

  it('is refused by store export, serve and serve --print-env (252 for --store), naming why', async () => {
    sb = sandbox({});
    const refused = failed(252, paramError(`argument --store: '${MASKED}' ${WHY}`));
    expect(await sb.run(['store', 'export', '--store', UNENCODED])).toEqual(refused);
    expect(await sb.run(['serve', '--port', '0', '--store', UNENCODED])).toEqual(refused);
    expect(await sb.run(['serve', '--print-env', '--port', '4599', '--store', UNENCODED])).toEqual(refused);
    const port = 'postgres://u:pw@127.0.0.1:99999/db';
    expect(await sb.run(['serve', '--print-env', '--port', '4599', '--store', port])).toEqual(
      failed(252, paramError(`argument --store: 'postgres://u:****@127.0.0.1:99999/db' ${WHY}`)),
    );
  });

  it('is refused from SVCCTL_STORE_URL (253) and by configure set store_url (252)', async () => {
    sb = sandbox({});
    expect(await sb.run(['store', 'export'], { env: { SVCCTL_STORE_URL: UNENCODED } })).toEqual(
      failed(253, configError(`SVCCTL_STORE_URL: '${MASKED}' ${WHY}`)),
    );
    expect((await sb.run(['configure', 'set', 'store_url', UNENCODED])).code).toBe(252);
  });
});

// Hostile passes 19c and 20a: each was taken (serve --print-env 0) and found out only at the first connection,
// in the driver's words, or never. A password given as ?password= (which the driver takes) was shown in the clear.
describe('a PostgreSQL store URL with a parameter the driver would ignore or misread, or that svcctl sets', () => {
  it.each([
    // Hostile pass 19c: ?sslmode=require was taken as verify-full with node's many-line 'SECURITY WARNING' from
    // the driver on stderr, and ?sslmode=bogus as TLS.
    [
      'sslmode=require',
      "the driver reads sslmode=require as verify-full (the server's certificate checked): write sslmode=verify-full, sslmode=no-verify for TLS without that check, or add uselibpqcompat=true for libpq's meaning of require",
    ],
    [
      'sslmode=prefer',
      "the driver reads sslmode=prefer as verify-full (the server's certificate checked): write sslmode=verify-full, sslmode=no-verify for TLS without that check, or add uselibpqcompat=true for libpq's meaning of prefer",
    ],
    ['sslmode=bogus', 'its sslmode "bogus" is none of disable, no-verify, prefer, require, verify-ca, verify-full'],
    // Hostile pass 19c (left then, fixed after): '?foo=bar' (a misspelt or libpq-only parameter) was passed to
    // the driver, which ignores it; '?connect_timeout=10' was ignored beside --store-connect-timeout, and
    // '?query_timeout=5' would have replaced --store-query-timeout. libpq refuses an unknown one ('invalid URI
    // query parameter').
    ['foo=bar', `its parameter "foo" is none the driver reads (${READS})`],
    ['sslmode=disable&keepalives=1', `its parameter "keepalives" is none the driver reads (${READS})`],
    [
      'connect_timeout=10',
      'its parameter connect_timeout is not taken: svcctl sets it: use --store-connect-timeout (milliseconds)',
    ],
    [
      'query_timeout=5',
      'its parameter query_timeout is not taken: svcctl sets it: use --store-query-timeout (milliseconds)',
    ],
    ['binary=true', 'its parameter binary is not taken: svcctl reads results as text only'],
    // Hostile pass 20a: the driver's 'Port should be >= 0 and < 65536. Received type number (NaN).', 'Invalid
    // sslnegotiation value', verify-ca's 'SECURITY WARNING … requires specifying a CA with sslrootcert', or never:
    // ?ssl=false is a string to the driver, so TLS on; ?port=5432x was port 5432.
    ['ssl=false', 'its ssl "false" is none of true, 1, 0, no-verify (the driver reads any other as TLS on)'],
    ['port=5432x', 'its port "5432x" is not a number up to 65535'],
    ['port=65536', 'its port "65536" is not a number up to 65535'],
    ['sslnegotiation=bogus', 'its sslnegotiation "bogus" is none of postgres, direct'],
    // libpq's list of hosts: the host list in the URL was 'not a URL (a port is a number…)', and ?host=a,b was
    // looked up as one host name at the connection (getaddrinfo ENOTFOUND).
    ['host=127.0.0.1,127.0.0.2', 'it names more than one host (h1,h2), which the driver does not take: name one host'],
    // The driver sent parseInt of it: 5s was 5 milliseconds, abc NaN (the server's refusal at the connection).
    [
      'statement_timeout=5s',
      'its statement_timeout "5s" is not a whole number of milliseconds (the driver sends the number it starts with)',
    ],
    [
      'lock_timeout=-5',
      'its lock_timeout "-5" is not a whole number of milliseconds (the driver sends the number it starts with)',
    ],
    [
      'sslmode=verify-ca&uselibpqcompat=true',
      'its sslmode=verify-ca checks the server against the CA its sslrootcert names, and it names none: add sslrootcert=FILE, or write sslmode=verify-full',
    ],
    [
      'sslnegotiation=direct&ssl=0',
      'its sslnegotiation=direct needs TLS, which its ssl=0 or sslmode=disable turns off',
    ],
  ])('?%s is refused before any connection (252), naming why', async (query, why) => {
    sb = sandbox({});
    const url = `postgres://u:pw@127.0.0.1:5432/db?${query}`;
    const refused = failed(
      252,
      paramError(
        `argument --store: 'postgres://u:****@127.0.0.1:5432/db?${query}' cannot be read as a PostgreSQL URL: ${why}.`,
      ),
    );
    expect(await sb.run(['serve', '--print-env', '--port', '4599', '--store', url])).toEqual(refused);
    expect(await sb.run(['store', 'export', '--store', url])).toEqual(refused);
  });

  it.each([
    'sslmode=require&uselibpqcompat=true', // libpq's meaning
    'application_name=ci&options=-c%20search_path%3Dx', // which the driver sends
    'ssl=no-verify',
    'ssl=0',
    'port=5433',
    'sslnegotiation=direct',
    'statement_timeout=5000',
    'options=a,b',
  ])('?%s is taken', async (query) => {
    sb = sandbox({});
    const url = `postgres://u:pw@127.0.0.1:5432/db?${query}`;
    const env = await sb.run(['serve', '--print-env', '--port', '4599', '--store', url]);
    expect([env.code, env.stderr]).toEqual([0, '']);
  });

  it('a password given as ?password= is masked in errors and in configure list', async () => {
    sb = sandbox({});
    const url = 'postgres://u@127.0.0.1:5432/db?password=s3cret&foo=bar';
    expect(await sb.run(['store', 'export', '--store', url])).toEqual(
      failed(
        252,
        paramError(
          `argument --store: 'postgres://u@127.0.0.1:5432/db?password=****&foo=bar' cannot be read as a PostgreSQL URL: its parameter "foo" is none the driver reads (${READS}).`,
        ),
      ),
    );
    const list = await sb.run(
      ['configure', 'list', '--query', "Settings[?Name=='store_url'].Value", '--output', 'text'],
      { env: { SVCCTL_STORE_URL: 'postgres://u@127.0.0.1:5432/db?sslmode=disable&password=s3cret' } },
    );
    expect(list).toEqual(ok('postgres://u@127.0.0.1:5432/db?sslmode=disable&password=****\n'));
  });
});

// Hostile pass 19c: ?sslrootcert=/nonexistent/ca.pem failed at the connection, 253 'the store … is unavailable:
// ENOENT: no such file or directory, open …' (node's words), and serve --print-env took it (0).
describe('a PostgreSQL store URL naming a certificate or key file that cannot be read', () => {
  it('is refused before any connection (252), naming the file as every other file error does', async () => {
    sb = sandbox({});
    const missing = 'postgres://u:pw@127.0.0.1:5432/db?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem';
    expect(await sb.run(['serve', '--print-env', '--port', '4599', '--store', missing])).toEqual(
      failed(
        252,
        paramError(
          "argument --store: 'postgres://u:****@127.0.0.1:5432/db?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem' cannot be read as a PostgreSQL URL: its sslrootcert cannot be read: [Errno 2] No such file or directory: '/nonexistent/ca.pem'.",
        ),
      ),
    );
    const dir = `postgres://u:pw@127.0.0.1:5432/db?sslmode=verify-full&sslkey=${sb.cwd}`;
    expect(await sb.run(['store', 'export', '--store', dir])).toEqual(
      failed(
        252,
        paramError(
          `argument --store: 'postgres://u:****@127.0.0.1:5432/db?sslmode=verify-full&sslkey=${sb.cwd}' cannot be read as a PostgreSQL URL: its sslkey '${sb.cwd}' is not a file.`,
        ),
      ),
    );
  });
});

// Hostile pass 20a: the driver reads a parameter by its decoded name, so ?pass%77ord=s3cret is the password;
// it was shown in the clear by the ServiceUnavailable error and configure list, as was ?PASSWORD=s3cret in
// the error that refuses it.
describe('a password given as a ?password= whose name is percent-encoded or in another case', () => {
  it('is masked in the store error, in the refusal and in configure list', async () => {
    sb = sandbox({});
    const encoded = 'postgres://u@127.0.0.1:1/db?pass%77ord=s3cret';
    expect(await sb.run(['store', 'export'], { env: { SVCCTL_STORE_URL: encoded } })).toEqual(
      failed(
        253,
        configError(
          'Unable to reach the store: The store (PostgreSQL at postgres://u@127.0.0.1:1/db?pass%77ord=****) is unavailable: connect ECONNREFUSED 127.0.0.1:1.',
        ),
      ),
    );
    const upper = 'postgres://u@127.0.0.1:5432/db?PASSWORD=s3cret';
    expect(await sb.run(['store', 'export', '--store', upper])).toEqual(
      failed(
        252,
        paramError(
          `argument --store: 'postgres://u@127.0.0.1:5432/db?PASSWORD=****' cannot be read as a PostgreSQL URL: its parameter "PASSWORD" is none the driver reads (${READS}).`,
        ),
      ),
    );
    const list = await sb.run(
      ['configure', 'list', '--query', "Settings[?Name=='store_url'].Value", '--output', 'text'],
      { env: { SVCCTL_STORE_URL: 'postgres://u@127.0.0.1:5432/db?sslmode=disable&Pass%57ord=s3cret' } },
    );
    expect(list).toEqual(ok('postgres://u@127.0.0.1:5432/db?sslmode=disable&Pass%57ord=****\n'));
  });
});

describe('a PostgreSQL store URL naming two hosts in its authority', () => {
  it('is refused (252) for the list, not as a port that is no number', async () => {
    sb = sandbox({});
    expect(
      await sb.run(['serve', '--print-env', '--port', '4599', '--store', 'postgres://u:pw@127.0.0.1:1,127.0.0.1:2/db']),
    ).toEqual(
      failed(
        252,
        paramError(
          "argument --store: 'postgres://u:****@127.0.0.1:1,127.0.0.1:2/db' cannot be read as a PostgreSQL URL: it names more than one host (h1,h2), which the driver does not take: name one host.",
        ),
      ),
    );
  });
});

// Hostile pass 20a: configure set store_url refused a PostgreSQL URL the driver cannot read with 'Expected a
// PostgreSQL URL (postgres://user:password@host:port/database)', which it is, naming no reason, where --store
// and SVCCTL_STORE_URL name why.
describe('configure set store_url with a PostgreSQL URL the driver cannot read', () => {
  it('is refused (252) naming why, its password masked, and writes nothing', async () => {
    sb = sandbox({});
    const why = 'its ssl "false" is none of true, 1, 0, no-verify (the driver reads any other as TLS on)';
    expect(await sb.run(['configure', 'set', 'store_url', 'postgresql://u:s3cret@[::1]:5432/db?ssl=false'])).toEqual(
      failed(
        252,
        paramValidation(
          `Invalid value for store_url: 'postgresql://u:****@[::1]:5432/db?ssl=false'. Expected a PostgreSQL URL the driver can read: ${why}.`,
        ),
      ),
    );
    expect(await sb.run(['configure', 'set', 'store_url', 'mysql://x'])).toEqual(
      failed(
        252,
        paramValidation(
          "Invalid value for store_url: 'mysql://x'. Expected a PostgreSQL URL (postgres://user:password@host:port/database).",
        ),
      ),
    );
    expect(await sb.run(['configure', 'get', 'store_url'])).toEqual(failed(1, ''));
  });
});

// Hostile pass 20a: store export|import --store '' (an unset variable in --store "$URL") used the SQLite file
// of $SVCCTL_HOME (0; with import --replace, emptied it), where serve --store '' is refused.
describe('an empty --store of store export and import', () => {
  it('is refused (252), as serve refuses it, and writes nothing', async () => {
    sb = sandbox({});
    const refused = failed(
      252,
      paramError(
        "argument --store: '' is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, the store is the SQLite file in $SVCCTL_HOME.",
      ),
    );
    expect(await sb.run(['store', 'export', '--store', ''])).toEqual(refused);
    const snapshot = `${sb.cwd}/snapshot.json`;
    expect((await sb.run(['store', 'export', '--file', snapshot])).code).toBe(0);
    expect(await sb.run(['store', 'import', '--store', '', '--file', snapshot, '--replace'])).toEqual(refused);
    expect((await sb.run(['store', 'export'], { env: { SVCCTL_STORE_URL: '' } })).code).toBe(0);
  });
});

// Hostile pass 21a: a user name, password, host or database whose %-escapes are no UTF-8 text (%C3%28) was
// taken where it was chosen and failed at the first connection, 253 'The store … is unavailable: URI malformed.'
// (the driver's decodeURIComponent), store export and serve alike.
describe('a PostgreSQL store URL with a %-escape that is no UTF-8 text', () => {
  const NO_UTF8 = (part: string) =>
    `cannot be read as a PostgreSQL URL: its ${part} holds a %-escape that is no UTF-8 text (a character is written as the %XX of each of its UTF-8 bytes; a '%' itself is %25).`;

  it.each([
    ['password', 'postgres://u:%C3%28@127.0.0.1:1/db', 'postgres://u:****@127.0.0.1:1/db'],
    ['user name', 'postgres://%C3%28@127.0.0.1:1/db', 'postgres://%C3%28@127.0.0.1:1/db'],
    ['host', 'postgres://u@%C3%28:1/db', 'postgres://u@%C3%28:1/db'],
    ['database name', 'postgres://u@127.0.0.1:1/db%FF', 'postgres://u@127.0.0.1:1/db%FF'],
  ])('in its %s is refused where it is chosen (252, 253), its password masked', async (part, url, shown) => {
    sb = sandbox({});
    const refused = failed(252, paramError(`argument --store: '${shown}' ${NO_UTF8(part)}`));
    expect(await sb.run(['store', 'export', '--store', url])).toEqual(refused);
    expect(await sb.run(['serve', '--print-env', '--port', '4599', '--store', url])).toEqual(refused);
    expect(await sb.run(['store', 'export'], { env: { SVCCTL_STORE_URL: url } })).toEqual(
      failed(253, configError(`SVCCTL_STORE_URL: '${shown}' ${NO_UTF8(part)}`)),
    );
    const set = await sb.run(['configure', 'set', 'store_url', url]);
    expect(set).toEqual(
      failed(
        252,
        paramValidation(
          `Invalid value for store_url: '${shown}'. Expected a PostgreSQL URL the driver can read: its ${part} holds a %-escape that is no UTF-8 text (a character is written as the %XX of each of its UTF-8 bytes; a '%' itself is %25).`,
        ),
      ),
    );
  });

  it('a user name the query replaces (?user=) is not decoded, as the driver does not; UTF-8 escapes are taken', async () => {
    sb = sandbox({});
    for (const url of ['postgres://%C3%28@127.0.0.1:5432/db?user=x', 'postgres://u:%C3%A9@127.0.0.1:5432/d%C3%A9']) {
      const env = await sb.run(['serve', '--print-env', '--port', '4599', '--store', url]);
      expect([env.code, env.stderr]).toEqual([0, '']);
    }
  });
});

// Hostile pass 21a: a password with an unencoded '#', '?' or '/' after a port-like start parses, as host u and
// port 2024: 'postgres://u:2024#Secret@127.0.0.1:1/db' was shown whole by configure list and by the error of
// store export, 253 'getaddrinfo ENOTFOUND u' (the user name looked up as the host, the rest a fragment the
// driver drops); '?password=a#b' (read as a) showed its '#b'.
describe("a PostgreSQL store URL whose password holds an unencoded '#', '?' or '/' after digits", () => {
  const PAST =
    "cannot be read as a PostgreSQL URL: its '@' after the host is read as part of its parameters or fragment: a '?' or '#' in a user name or password is written %3F, %23.";
  const list = (url: string) =>
    sb!.run(['configure', 'list', '--query', "Settings[?Name=='store_url'].Value", '--output', 'text'], {
      env: { SVCCTL_STORE_URL: url },
    });

  it.each(['postgres://u:2024#Secret@127.0.0.1:1/db', 'postgres://u:1234?x@127.0.0.1:1/db'])(
    '%s is masked whole, and refused where it is chosen (252, 253)',
    async (url) => {
      sb = sandbox({});
      const shown = 'postgres://u:****@127.0.0.1:1/db';
      expect(await list(url)).toEqual(ok(`${shown}\n`));
      const refused = failed(252, paramError(`argument --store: '${shown}' ${PAST}`));
      expect(await sb.run(['store', 'export', '--store', url])).toEqual(refused);
      expect(await sb.run(['serve', '--print-env', '--port', '4599', '--store', url])).toEqual(refused);
      expect(await sb.run(['store', 'export'], { env: { SVCCTL_STORE_URL: url } })).toEqual(
        failed(253, configError(`SVCCTL_STORE_URL: '${shown}' ${PAST}`)),
      );
    },
  );

  it("past a '/', read by libpq too as host u and a database 'x@…', it is masked whole and taken", async () => {
    sb = sandbox({});
    const url = 'postgres://u:1234/x@127.0.0.1:1/db';
    expect(await list(url)).toEqual(ok('postgres://u:****@127.0.0.1:1/db\n'));
    const env = await sb.run(['serve', '--print-env', '--port', '4599', '--store', url]);
    expect([env.code, env.stderr]).toEqual([0, '']);
  });

  it("an IPv6 host's brackets are kept whole in that mask ([::1]:****@prod, not [:****@prod)", async () => {
    sb = sandbox({});
    expect(await list('postgres://[::1]:5432/db@prod')).toEqual(ok('postgres://[::1]:****@prod\n'));
  });

  it("a '#' elsewhere is a fragment the driver drops: refused, a ?password='s tail masked with it", async () => {
    sb = sandbox({});
    const url = 'postgres://u@127.0.0.1:1/db?password=a#b';
    const shown = 'postgres://u@127.0.0.1:1/db?password=****';
    expect(await list(url)).toEqual(ok(`${shown}\n`));
    expect(await sb.run(['store', 'export', '--store', url])).toEqual(
      failed(
        252,
        paramError(
          `argument --store: '${shown}' cannot be read as a PostgreSQL URL: its '#' begins a fragment, which the driver ignores with all that follows it: a '#' in a user name, password or parameter is written %23.`,
        ),
      ),
    );
  });

  it("an '@' in a parameter's value is no user information: taken, shown as it is", async () => {
    sb = sandbox({});
    const url = 'postgres://u:pw@127.0.0.1:5432/db?application_name=a:b@c';
    expect(await list(url)).toEqual(ok('postgres://u:****@127.0.0.1:5432/db?application_name=a:b@c\n'));
    const env = await sb.run(['serve', '--print-env', '--port', '4599', '--store', url]);
    expect([env.code, env.stderr]).toEqual([0, '']);
  });
});

// Hostile pass 21a: ?sslmode=no-verify&uselibpqcompat=true was taken (0), and the driver's libpq reading, which
// has no no-verify, left TLS on with the server's certificate checked: the no-verify silently dropped.
describe('a PostgreSQL store URL with sslmode=no-verify and uselibpqcompat=true', () => {
  it('is refused before any connection (252), naming what to write; no-verify alone is taken', async () => {
    sb = sandbox({});
    const url = 'postgres://u:pw@127.0.0.1:5432/db?sslmode=no-verify&uselibpqcompat=true';
    expect(await sb.run(['serve', '--print-env', '--port', '4599', '--store', url])).toEqual(
      failed(
        252,
        paramError(
          "argument --store: 'postgres://u:****@127.0.0.1:5432/db?sslmode=no-verify&uselibpqcompat=true' cannot be read as a PostgreSQL URL: its sslmode=no-verify is none of libpq's, which uselibpqcompat=true asks for, and the driver then checks the server's certificate: write sslmode=require for TLS without that check, or leave out uselibpqcompat=true.",
        ),
      ),
    );
    const alone = await sb.run([
      'serve',
      '--print-env',
      '--port',
      '4599',
      '--store',
      url.replace('&uselibpqcompat=true', ''),
    ]);
    expect([alone.code, alone.stderr]).toEqual([0, '']);
  });
});

// Hostile pass 21a: the driver replaces ssl whole when an sslmode, sslcert, sslkey or sslrootcert is given:
// ?ssl=0&sslmode=verify-full was TLS on, ?ssl=true&sslmode=disable TLS off, ?ssl=no-verify&sslmode=verify-full
// the certificate checked; each taken (0), its ssl silently dropped.
describe('a PostgreSQL store URL whose ssl its sslmode, sslcert, sslkey or sslrootcert replaces', () => {
  it.each([
    [
      'ssl=0&sslmode=verify-full',
      'its ssl=0 is replaced by its sslmode, which the driver reads over it (TLS on, as they say)',
    ],
    ['ssl=true&sslmode=disable', 'its ssl=true is replaced by its sslmode, which the driver reads over it (TLS off)'],
    [
      'ssl=no-verify&sslmode=verify-full',
      'its ssl=no-verify is replaced by its sslmode, which the driver reads over it (TLS on, as they say)',
    ],
  ])('?%s is refused before any connection (252), naming what replaces it', async (query, why) => {
    sb = sandbox({});
    const url = `postgres://u:pw@127.0.0.1:5432/db?${query}`;
    expect(await sb.run(['serve', '--print-env', '--port', '4599', '--store', url])).toEqual(
      failed(
        252,
        paramError(
          `argument --store: 'postgres://u:****@127.0.0.1:5432/db?${query}' cannot be read as a PostgreSQL URL: ${why}: leave out ssl.`,
        ),
      ),
    );
  });

  it('an ssl they agree with is taken (ssl=0&sslmode=disable, ssl=1&sslmode=no-verify)', async () => {
    sb = sandbox({});
    for (const query of ['ssl=0&sslmode=disable', 'ssl=1&sslmode=no-verify', 'ssl=no-verify&sslmode=no-verify']) {
      const env = await sb.run([
        'serve',
        '--print-env',
        '--port',
        '4599',
        '--store',
        `postgres://u:pw@127.0.0.1:5432/db?${query}`,
      ]);
      expect([env.code, env.stderr]).toEqual([0, '']);
    }
  });
});

// Hostile pass 21a: WHATWG's URL (the driver's) drops a tab or line break anywhere and trims control characters
// and spaces at either end: 'postgres://u:pa<TAB>ss@…' was taken and its password read as 'pass', and the echo,
// through the same URL, showed the altered text (' postgres://…' was 'not a PostgreSQL URL' quoted without its
// space).
describe('a PostgreSQL store URL with a control character', () => {
  it.each([
    ['postgres://u:pa\tss@127.0.0.1:1/db', 'postgres://u:****@127.0.0.1:1/db', 'its character 16 is U+0009', '%09'],
    [
      'postgres://u:pw@127.0.0.1:1/db\u0001',
      'postgres://u:****@127.0.0.1:1/db\\u0001',
      'its character 31 is U+0001',
      '%01',
    ],
    ['postgres://u:p\u007fw@127.0.0.1:1/db', 'postgres://u:****@127.0.0.1:1/db', 'its character 15 is U+007F', '%7F'],
  ])('%j is refused where it is chosen (252, 253), naming the character', async (url, shown, which, code) => {
    sb = sandbox({});
    const why = `cannot be read as a PostgreSQL URL: ${which}, a control character, which the driver drops or reads as another: write it ${code}.`;
    expect(await sb.run(['store', 'export', '--store', url])).toEqual(
      failed(252, paramError(`argument --store: '${shown}' ${why}`)),
    );
    expect(await sb.run(['serve', '--print-env', '--port', '4599', '--store', url])).toEqual(
      failed(252, paramError(`argument --store: '${shown}' ${why}`)),
    );
    expect(await sb.run(['store', 'export'], { env: { SVCCTL_STORE_URL: url } })).toEqual(
      failed(253, configError(`SVCCTL_STORE_URL: '${shown}' ${why}`)),
    );
  });

  it('one with a space before it is quoted with the space, not as WHATWG trims it', async () => {
    sb = sandbox({});
    expect(await sb.run(['store', 'export', '--store', ' postgres://u:pw@127.0.0.1:1/db'])).toEqual(
      failed(
        252,
        paramError(
          "argument --store: ' postgres://u:****@127.0.0.1:1/db' is not a PostgreSQL URL (postgres://user:password@host:port/database). Without it, the store is the SQLite file in $SVCCTL_HOME.",
        ),
      ),
    );
  });
});

// Hostile pass 21a: a %00 in a user name, password, database or parameter was taken (0 for serve --print-env);
// the driver writes each text of PostgreSQL's start message ended by U+0000 (pg-protocol's addCString), so
// ?application_name=a%00database%00b would have named another database, and a password was cut at it.
describe('a PostgreSQL store URL holding %00', () => {
  const NUL = (part: string) =>
    `its ${part} holds %00 (U+0000), which PostgreSQL's protocol cannot send: it ends each text with one.`;

  it.each([
    ['password', 'postgres://u:p%00w@127.0.0.1:5432/db', 'postgres://u:****@127.0.0.1:5432/db'],
    ['database name', 'postgres://u@127.0.0.1:5432/d%00b', 'postgres://u@127.0.0.1:5432/d%00b'],
    [
      'parameter "application_name"',
      'postgres://u@127.0.0.1:5432/db?application_name=a%00database%00b',
      'postgres://u@127.0.0.1:5432/db?application_name=a%00database%00b',
    ],
    [
      'parameter "password"',
      'postgres://u@127.0.0.1:5432/db?password=a%00b',
      'postgres://u@127.0.0.1:5432/db?password=****',
    ],
  ])('in its %s is refused where it is chosen (252, 253)', async (part, url, shown) => {
    sb = sandbox({});
    const why = `cannot be read as a PostgreSQL URL: ${NUL(part)}`;
    expect(await sb.run(['serve', '--print-env', '--port', '4599', '--store', url])).toEqual(
      failed(252, paramError(`argument --store: '${shown}' ${why}`)),
    );
    expect(await sb.run(['store', 'export'], { env: { SVCCTL_STORE_URL: url } })).toEqual(
      failed(253, configError(`SVCCTL_STORE_URL: '${shown}' ${why}`)),
    );
  });
});

// Hostile pass 21a: libpq's ?sslpassword= (the passphrase of the sslkey), which the driver does not read, was
// refused with its value in the clear, and shown so by configure list; so were a URL copied out of HTML
// ('&amp;password=s3cret') and a parameter of its own naming (db_password) once sslpassword was masked.
describe("a PostgreSQL store URL with a parameter whose name holds 'password'", () => {
  it.each([
    ['sslpassword=s3cret', 'sslpassword=****', 'sslpassword'],
    ['sslmode=disable&amp;password=s3cret', 'sslmode=disable&amp;password=****', 'amp;password'],
    ['db_password=s3cret', 'db_password=****', 'db_password'],
  ])('?%s is refused (252) with its value masked', async (query, shown, name) => {
    sb = sandbox({});
    expect(await sb.run(['store', 'export', '--store', `postgres://u@127.0.0.1:5432/db?${query}`])).toEqual(
      failed(
        252,
        paramError(
          `argument --store: 'postgres://u@127.0.0.1:5432/db?${shown}' cannot be read as a PostgreSQL URL: its parameter "${name}" is none the driver reads (${READS}).`,
        ),
      ),
    );
  });

  it('is masked in configure list too, its name read decoded and in any case (?SSLPass%77ord=)', async () => {
    sb = sandbox({});
    const list = await sb.run(
      ['configure', 'list', '--query', "Settings[?Name=='store_url'].Value", '--output', 'text'],
      { env: { SVCCTL_STORE_URL: 'postgres://u@127.0.0.1:5432/db?SSLPass%77ord=s3cret' } },
    );
    expect(list).toEqual(ok('postgres://u@127.0.0.1:5432/db?SSLPass%77ord=****\n'));
  });
});
