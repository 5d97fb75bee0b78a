/**
 * Secrets and exposure. A full session (the CLI with the embedded service, the CLI against `svcctl
 * serve` with --debug, serve's own log, errors of every kind) runs with distinctive keys, and every
 * byte any process printed, and the store's files, are searched for them: neither a key nor its
 * unmasked middle may appear (the v2 API quotes keys as `sk_test_****1234`: the last four only). The
 * session runs under umask 000, the worst case: $SVCCTL_HOME must still be 0700 and every file in it
 * 0600, the -wal and -shm files SQLite makes included. Serve listens on loopback unless told otherwise,
 * and with --api-keys refuses every other v2 key with 401.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposureWarning, isLoopback } from '../../src/server/security.js';
import { dump, ecr, killAll, type Outcome, type Spawned, svcctl, urlOf } from './helpers.js';
import { maskStoreUrl } from '../../src/backends/embedded/store/pg-store.js';
import { ERROR_FORMATS } from '../../src/core/options.js';
import { ON_POSTGRES, SCHEMA_VERSION, testStoreUrl } from '../helpers/store.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { cancelEvent, sendEvent } from '../helpers/stripe-v2.js';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const V2_KEY = 'sk_test_SECRETSECRET1234';
const PUBLISHABLE = 'pk_test_PUBLISHABLESECRET0001';
const LIVE_KEY = 'sk_live_LIVESECRETKEY5678';
const UNLISTED = 'sk_test_UNLISTEDSECRET5555';
const MALFORMED = 'sk_test_MALFORMED-SECRET-99';
const AWS = {
  AWS_ACCESS_KEY_ID: 'AKIDSECRETID00001234',
  AWS_SECRET_ACCESS_KEY: 'AKIDSECRETVALUEsecretvalue0123456789abcd',
  AWS_SESSION_TOKEN: 'SESSIONSECRETTOKEN0123456789',
};
/** What must never be printed: each key whole, and the part of it a mask hides. */
const NEEDLES = [
  V2_KEY,
  'SECRETSECRET',
  PUBLISHABLE,
  'PUBLISHABLESECRET',
  LIVE_KEY,
  'LIVESECRETKEY',
  UNLISTED,
  'UNLISTEDSECRET',
  MALFORMED,
  'MALFORMED-SECRET',
  AWS.AWS_ACCESS_KEY_ID,
  'AKIDSECRETID',
  AWS.AWS_SECRET_ACCESS_KEY,
  'AKIDSECRETVALUE',
  AWS.AWS_SESSION_TOKEN,
  'SESSIONSECRETTOKEN',
];

let dir: string;
let home: string;
let serve: Spawned;
let url: string;
const outputs: Array<{ what: string; text: string }> = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-secrets-'));
  home = join(dir, 'home');
  const keys = join(dir, 'keys');
  writeFileSync(keys, `# keys serve accepts\n${V2_KEY}\n\n${PUBLISHABLE}\n${LIVE_KEY}\n`, { mode: 0o600 });
  serve = svcctl(['serve', '--port', '0', '--api-keys', keys], { SVCCTL_HOME: home }, '000');
  url = (await urlOf(serve))!;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
});
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

/** One command of the session, under umask 000; its output is kept for the search. */
async function step(
  what: string,
  args: string[],
  env: Record<string, string>,
  expected: { code: number; stderr?: RegExp },
): Promise<Outcome> {
  const out = await svcctl(args, { SVCCTL_HOME: home, ...env }, '000').done;
  outputs.push({ what, text: out.stdout + out.stderr });
  expect([what, out.code]).toEqual([what, expected.code]);
  if (expected.stderr) expect(out.stderr).toMatch(expected.stderr);
  return out;
}

describe('a session with secrets', { timeout: 120_000 }, () => {
  it('runs: the CLI locally, the CLI against serve with --debug, and errors of every kind', async () => {
    const v2 = { SVCCTL_API_KEY: V2_KEY };
    const remote = { SVCCTL_ENDPOINT_URL: url, ...AWS, AWS_DEFAULT_REGION: 'us-east-1' };
    await step('local token', ['account-token', 'create', '--display-name', 'Secret Co'], v2, { code: 0 });
    await step('local event', sendEvent('e', 'evt_1'), v2, { code: 0 });
    await step('local adjustment', [...cancelEvent('e', 'evt_1'), '--debug'], v2, { code: 0 });
    await step('local repository', ['create-repository', '--repository-name', 'secret/local', '--debug'], AWS, {
      code: 0,
    });
    await step('configure set', ['configure', 'set', 'api_key', V2_KEY], {}, { code: 0 });
    await step('configure list', ['configure', 'list'], {}, { code: 0 });
    await step(
      'local live key',
      ['account-token', 'create', '--api-key', LIVE_KEY],
      {},
      { code: 254, stderr: /token_must_be_created_with_publishable_key/ },
    );
    await step(
      'local malformed key',
      ['account-token', 'create', '--api-key', MALFORMED],
      {},
      { code: 254, stderr: /Invalid API Key provided: sk_test_\*+T-99/ },
    );
    const token = await step(
      'remote token',
      ['account-token', 'create', '--debug', '--query', 'id', '--output', 'text'],
      { ...remote, ...v2 },
      { code: 0, stderr: /authorization: Bearer REDACTED/ },
    );
    await step(
      'remote get',
      ['account-token', 'get', '--id', token.stdout.trim(), '--debug'],
      { ...remote, ...v2 },
      { code: 0 },
    );
    await step('remote publishable', ['account-token', 'create', '--debug', '--api-key', PUBLISHABLE], remote, {
      code: 0,
    });
    await step('remote event', [...sendEvent('e', 'evt_2'), '--debug'], { ...remote, ...v2 }, { code: 0 });
    await step('remote adjustment', [...cancelEvent('e', 'evt_2'), '--debug'], { ...remote, ...v2 }, { code: 0 });
    await step('remote unlisted key', ['account-token', 'create', '--debug', '--api-key', UNLISTED], remote, {
      code: 254,
      stderr: /Invalid API Key provided: sk_test_\*+5555/,
    });
    await step('remote malformed key', ['account-token', 'create', '--debug', '--api-key', MALFORMED], remote, {
      code: 254,
      stderr: /Invalid API Key provided/,
    });
    await step('remote repository', ['create-repository', '--repository-name', 'secret/remote', '--debug'], remote, {
      code: 0,
      stderr: /Credential=REDACTED/,
    });
    await step('remote listing', ['describe-launch-configurations', '--debug'], remote, {
      code: 0,
      stderr: /x-amz-security-token: REDACTED/,
    });
    await step(
      'partial credentials',
      ['describe-repositories'],
      { SVCCTL_ENDPOINT_URL: url, AWS_SECRET_ACCESS_KEY: AWS.AWS_SECRET_ACCESS_KEY, AWS_DEFAULT_REGION: 'us-east-1' },
      { code: 253, stderr: /Partial credentials found in env, missing: AWS_ACCESS_KEY_ID/ },
    );
  });

  it("and no key, nor the part a mask hides, appears in any output, in serve's log or in the store", async () => {
    const files = readdirSync(home)
      .filter((f) => f !== 'config')
      .map((f) => ({ what: `$SVCCTL_HOME/${f}`, text: readFileSync(join(home, f), 'latin1') }));
    // On PostgreSQL the store is the database: every row of every table is searched.
    if (ON_POSTGRES) files.push({ what: 'the PostgreSQL store', text: dump(home) });
    serve.child.kill('SIGTERM');
    const served = await serve.done;
    expect(served.code).toBe(0);
    const all = [...outputs, { what: 'serve stdout and log', text: served.stdout + served.stderr }, ...files];
    const found = all.flatMap(({ what, text }) =>
      NEEDLES.filter((n) => text.includes(n)).map((n) => `${n} in ${what}`),
    );
    console.log(
      `secrets: ${NEEDLES.length} needles searched in ${outputs.length} command outputs (${outputs.filter((o) => o.text.includes('DEBUG')).length} with --debug), ` +
        `serve's log (${served.stderr.split('\n').length - 1} lines) and ${files.length} store files → ${found.length} found`,
    );
    expect(found).toEqual([]);
    // The unlisted and the malformed key, refused by the key list before the body is decoded.
    expect(
      served.stderr.match(
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z 127\.0\.0\.1 POST \/v2\/core\/account_tokens 401 v2:- /gm,
      ),
    ).toHaveLength(2);
  });

  it('$SVCCTL_HOME is 0700 and its files 0600 (-wal and -shm included), even under umask 000', () => {
    const modes = Object.fromEntries(
      [['.', home], ...readdirSync(home).map((f) => [f, join(home, f)])].map(([name, path]) => [
        name,
        (statSync(path!).mode & 0o777).toString(8),
      ]),
    );
    console.log(`file modes under umask 000: ${JSON.stringify(modes)}`);
    // The -wal and -shm files exist while a connection is open: SIGTERM above closed serve's, and
    // SQLite removes them on the last close. They were there while it ran; see the next test.
    for (const [name, mode] of Object.entries(modes))
      expect([name, mode]).toEqual([name, name === '.' ? '700' : '600']);
  });

  it('the -wal and -shm files of a store in use are 0600 too', async () => {
    const own = svcctl(['serve', '--port', '0'], { SVCCTL_HOME: home }, '000');
    expect(await ecr((await urlOf(own))!, 'DescribeRepositories', {})).toMatchObject({ status: 200 });
    const names = readdirSync(home).sort();
    const modes = names.map((f) => `${f} ${(statSync(join(home, f)).mode & 0o777).toString(8)}`);
    own.child.kill('SIGTERM');
    expect((await own.done).code).toBe(0);
    // On PostgreSQL serve makes no store file beside the configuration (its store is the database).
    expect(modes).toEqual(
      ON_POSTGRES ? ['config 600'] : ['config 600', 'state.db 600', 'state.db-shm 600', 'state.db-wal 600'],
    );
  });
});

/**
 * Secret members and settings (models/secrets.ts): UserData, an identity's id number, and keys given to
 * `configure set` with a stray control character. Commands print them on every path but stdout (a
 * describe returns UserData as the service does): errors in every --cli-error-format, --debug on both
 * backends, serve's log, the journal (and --as-cli), the inspector's page and its data. No 12-character
 * piece of a secret, nor of UserData's base64, may appear in any of them.
 */
describe('secret members and settings', { timeout: 180_000 }, () => {
  const PASSWORD = 'Sup3rS3cretPassw0rdValue';
  const USER_DATA = `export DB_PASSWORD=${PASSWORD}\necho started\n`;
  const LONG_USER_DATA = `${USER_DATA}${'#'.repeat(16400)}`;
  const ID_NUMBER = '987-65-4321-SECRETIDNO';
  const PASTED = {
    api_key: 'sk_test_PASTEDKEYSECRET9876',
    aws_access_key_id: 'AKIDPASTEDSECRET4321',
    aws_secret_access_key: 'PastedSecretAccessKeyValue0123456789abcd',
  };
  /** Every 12-character piece of each secret and of UserData's base64 (the wire form the CLI sends). */
  const pieces = (s: string) => Array.from({ length: Math.max(0, s.length - 11) }, (_, i) => s.slice(i, i + 12));
  const needles = [
    ...new Set([
      ...pieces(`DB_PASSWORD=${PASSWORD}`),
      ...pieces(Buffer.from(USER_DATA).toString('base64')),
      ...pieces(ID_NUMBER),
      ...Object.values(PASTED).flatMap(pieces),
    ]),
  ];
  const seen: Array<{ what: string; text: string }> = [];
  let own: Spawned;
  let base: string;
  let home2: string;

  beforeAll(async () => {
    home2 = join(dir, 'members');
    own = svcctl(['serve', '--port', '0'], { SVCCTL_HOME: home2 });
    base = (await urlOf(own))!;
  });

  /** One command; its stderr (and its stdout unless told) is kept for the search. */
  async function look(what: string, args: string[], env: Record<string, string>, code: number, stdout = true) {
    const out = await svcctl(args, { SVCCTL_HOME: home2, SVCCTL_API_KEY: 'sk_test_members', ...env }).done;
    seen.push({ what, text: (stdout ? out.stdout : '') + out.stderr });
    expect([what, out.code]).toEqual([what, code]);
    return out;
  }

  it('runs every output path with secrets in the input', async () => {
    const remote = { SVCCTL_ENDPOINT_URL: base, ...AWS, AWS_DEFAULT_REGION: 'us-east-1' };
    const lc = (name: string, userData: string) => [...createLaunchConfiguration(name), '--user-data', userData];
    const identity = `{"entity_type":"individual","individual":{"id_numbers":[{"type":"us_ssn","value":"${ID_NUMBER}"}]}}`;
    for (const [where, env] of [
      ['embedded', {}],
      ['serve', remote],
    ] as const) {
      await look(`${where}: create with UserData, --debug`, [...lc(`lc-${where}`, USER_DATA), '--debug'], env, 0);
      for (const format of ERROR_FORMATS)
        await look(
          `${where}: UserData too long, --cli-error-format ${format}`,
          [...lc('long', LONG_USER_DATA), '--cli-error-format', format, '--debug'],
          env,
          254,
        );
      // stdout returns UserData as the service does; --debug's lines on stderr must not.
      await look(`${where}: describe, --debug`, ['describe-launch-configurations', '--debug'], env, 0, false);
      const token = await look(
        `${where}: token with an id number, --debug`,
        ['account-token', 'create', '--identity', identity, '--debug', '--query', 'id', '--output', 'text'],
        env,
        0,
      );
      // The account takes the token's identity: stdout shows it as the service returns it, --debug's lines must not.
      await look(
        `${where}: account from the token, --debug`,
        ['account', 'create', '--account-token', token.stdout.trim(), '--debug'],
        env,
        0,
        false,
      );
      await look(
        `${where}: an id number of the wrong type`,
        ['account-token', 'create', '--identity', identity.replace(`"${ID_NUMBER}"`, `["${ID_NUMBER}"]`)],
        env,
        252,
      );
      await look(
        `${where}: malformed JSON`,
        ['account-token', 'create', '--identity', identity.slice(0, -1)],
        env,
        252,
      );
      await look(
        `${where}: an id number's type outside the enum`,
        ['account-token', 'create', '--identity', identity.replace('us_ssn', 'xx_none'), '--cli-error-format', 'json'],
        env,
        254,
      );
    }
    for (const [key, value] of Object.entries(PASTED))
      for (const format of ERROR_FORMATS)
        await look(
          `configure set ${key} with a control character (${format})`,
          ['configure', 'set', key, `${value}\x01`, '--cli-error-format', format],
          {},
          252,
        );
    for (const extra of [[], ['--as-cli'], ['--output', 'text'], ['--output', 'yaml']])
      for (const env of [{}, { SVCCTL_ENDPOINT_URL: base }] as Record<string, string>[])
        await look(
          `service journal ${extra.join(' ')} ${env.SVCCTL_ENDPOINT_URL ? 'from serve' : 'on the store'}`,
          ['service', 'journal', ...extra],
          env,
          0,
        );
    for (const path of ['/_svcctl/', '/_svcctl/journal?cli=1', '/_svcctl/resources']) {
      const res = await fetch(`${base}${path}`);
      expect([path, res.status]).toEqual([path, 200]);
      seen.push({ what: `inspector ${path}`, text: await res.text() });
    }
  });

  it('shows no secret, nor any 12-character piece of one, anywhere', async () => {
    own.child.kill('SIGTERM');
    const served = await own.done;
    expect(served.code).toBe(0);
    const all = [...seen, { what: "serve's log", text: served.stdout + served.stderr }];
    const found = all.flatMap(({ what, text }) =>
      needles.filter((n) => text.includes(n)).map((n) => `${n} in ${what}`),
    );
    console.log(
      `secret members: ${needles.length} pieces searched in ${seen.length} outputs and serve's log (${served.stderr.split('\n').length - 1} lines) → ${found.length} found`,
    );
    expect(found).toEqual([]);
    // The masks are there instead: the error quotes UserData as ****, --as-cli names its variables.
    expect(seen.find((o) => o.what === 'embedded: UserData too long, --cli-error-format legacy')!.text).toContain(
      "Value '****' at 'userData'",
    );
    const asCli = seen.find((o) => o.what === 'service journal --as-cli on the store')!.text;
    expect(asCli).toContain('--user-data "${SVCCTL_SECRET_USERDATA:?');
    expect(asCli).toContain(`"value":"'"\${SVCCTL_SECRET_IDENTITY_INDIVIDUAL_ID_NUMBERS_1_VALUE:?`);
  });
});

describe('exposure', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
    ['10.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['fe80::1', false],
  ])('%s is loopback: %s', (address, loopback) => {
    expect(isLoopback(address)).toBe(loopback);
  });

  it('the warning serve prints beyond loopback says who can do what', () => {
    expect(exposureWarning('http://0.0.0.0:4566', '/home/u/.svcctl', false)).toBe(
      "warning: svcctl serve is listening on http://0.0.0.0:4566, beyond this machine's loopback interface: anyone who can reach it can read and change " +
        'the store in /home/u/.svcctl. AWS requests are not authenticated (signatures are not verified); v2 requests are not checked against a key list (see --api-keys).',
    );
  });

  it('serve on localhost listens on loopback and prints no warning', async () => {
    const own = svcctl(['serve', '--port', '0', '--host', 'localhost'], { SVCCTL_HOME: join(dir, 'other') });
    expect(await urlOf(own)).toMatch(/^http:\/\/(127\.0\.0\.1|\[::1\]):\d+$/);
    own.child.kill('SIGTERM');
    // On PostgreSQL serve names its store first and counts its statements last (SQLite's file needs
    // neither); no warning on either.
    const stamp = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z ';
    const [first, last] = ON_POSTGRES
      ? [
          `${stamp}serve: store ${escapeRegExp(maskStoreUrl(testStoreUrl()))} \\(PostgreSQL, schema version ${SCHEMA_VERSION}\\), shared with every instance that uses it; one operation at a time, on one connection\\n`,
          `${stamp}serve: store: \\d+ statements, 0 operations run again after a serialization failure, deadlock or unique race\\n`,
        ]
      : ['', ''];
    expect(await own.done).toMatchObject({
      code: 0,
      stderr: expect.stringMatching(
        new RegExp(`^${first}${stamp}SIGTERM: finishing in-flight requests and stopping\\n${last}$`),
      ),
    });
  });
});

describe('--api-keys', { timeout: 60_000 }, () => {
  const start = (file: string) =>
    svcctl(['serve', '--port', '0', '--api-keys', file], { SVCCTL_HOME: join(dir, 'keys-home') });

  it.each([
    [
      'a line that is not a key (named by number, never quoted)',
      `${V2_KEY}\nsk_test_has a space SECRET\n`,
      (f: string) =>
        `\nsvcctl: [ERROR]: An error occurred (Configuration): --api-keys file ${f}, line 2: not an API key (sk_, pk_ or rk_, then test_ or live_, then letters, digits and _).\n`,
    ],
    [
      'no keys',
      '# nothing yet\n\n',
      (f: string) =>
        `\nsvcctl: [ERROR]: An error occurred (Configuration): --api-keys file ${f} lists no keys: every v2 request would be refused.\n`,
    ],
  ])('refuses %s (253)', async (_name, content, message) => {
    const file = join(dir, `keys-${content.length}`);
    writeFileSync(file, content, { mode: 0o600 });
    expect(await start(file).done).toMatchObject({ code: 253, stdout: '', stderr: message(file) });
  });

  it('warns when the key file is readable by others, and AWS requests are served without a key', async () => {
    const file = join(dir, 'keys-open');
    writeFileSync(file, `${V2_KEY}\n`);
    chmodSync(file, 0o644);
    const own = start(file);
    const base = (await urlOf(own))!;
    const res = await ecr(base, 'DescribeRepositories', {});
    own.child.kill('SIGTERM');
    const out = await own.done;
    expect(res.status).toBe(200);
    expect(out.stderr.split('\n')[0]!.replace(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z /, '')).toBe(
      `warning: --api-keys file ${file} is readable by other users (mode 0644); chmod 600 it.`,
    );
  });
});
