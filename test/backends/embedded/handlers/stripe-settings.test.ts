/**
 * `svcctl service settings get | set | reset` and `svcctl serve --settings FILE`: the embedded service's
 * settings, kept in its store, checked before they are written (252 otherwise).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../../helpers/cli.js';
import { failed, ok, paramValidation } from '../../../helpers/cli-results.js';
import { SETTING_NAMES, unknownSetting } from '../../../helpers/service-settings.js';
import { openTestStore } from '../../../helpers/store.js';
import { startServe } from '../../../peers/serve-process.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const DEFAULTS = [
  'platform_registered                   true    default',
  'accounts_v2_min_version               none    default',
  'account_update_concurrency_limit      none    default',
  'account_update_hold_ms                0       default',
  'account_token_lifetime_seconds        600     default',
  'meter_event_adjustment_processing_ms  0       default',
  'launch_configurations_per_region      200     default',
  'repositories_per_region               100000  default',
  '',
].join('\n');

/** `svcctl service settings WORDS…`. */
const settings = (...words: string[]) => sb.run(['service', 'settings', ...words]);

describe('svcctl service settings', () => {
  it('get lists every setting with its value and source; get NAME prints the value', async () => {
    expect(await settings('get')).toEqual(ok(DEFAULTS));
    expect(await settings('set', 'platform_registered', 'FALSE')).toEqual(ok());
    expect(await settings('set', 'accounts_v2_min_version', '2026-01-28.clover')).toEqual(ok());
    expect(await settings('set', 'account_update_concurrency_limit', '007')).toEqual(ok());
    expect(await settings('get')).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        'platform_registered                   false              set',
        'accounts_v2_min_version               2026-01-28.clover  set',
        'account_update_concurrency_limit      7                  set',
        'account_update_hold_ms                0                  default',
        'account_token_lifetime_seconds        600                default',
        'meter_event_adjustment_processing_ms  0                  default',
        'launch_configurations_per_region      200                default',
        'repositories_per_region               100000             default',
        '',
      ].join('\n'),
    });
    expect(await settings('get', 'platform_registered')).toEqual(ok('false\n'));
    expect(await settings('get', 'account_token_lifetime_seconds')).toEqual(ok('600\n'));
  });

  it("reset NAME puts one back; reset puts all back and leaves the store's own entries alone", async () => {
    await settings('set', 'platform_registered', 'false');
    await settings('set', 'account_update_hold_ms', '5');
    expect(await settings('reset', 'account_update_hold_ms')).toEqual(ok());
    expect((await settings('get', 'account_update_hold_ms')).stdout).toBe('0\n');
    expect((await settings('get', 'platform_registered')).stdout).toBe('false\n');
    const db = openTestStore(sb.env.SVCCTL_HOME!);
    db.prepare("INSERT INTO settings (name, value) VALUES ('page_token_secret', 'abc')").run();
    expect(await settings('reset')).toEqual(ok());
    expect((await settings('get')).stdout).toBe(DEFAULTS);
    expect(db.prepare("SELECT value FROM settings WHERE name = 'page_token_secret'").get()).toEqual({ value: 'abc' });
    db.close();
  });

  // [what is wrong, the setting, the value set, what the setting takes]
  const badValues: Array<[string, string, string, string]> = [
    ['a boolean that is not one', 'platform_registered', 'yes', 'true or false'],
    ['a negative limit', 'account_update_concurrency_limit', '-1', 'none or a whole number from 0 to 10000'],
    ['a hold too long', 'account_update_hold_ms', '60001', 'a whole number from 0 to 60000'],
    ['none where no limit is not a value', 'account_token_lifetime_seconds', 'none', 'a whole number from 0 to 86400'],
    [
      'an unknown version',
      'accounts_v2_min_version',
      '2026-01-29.clover',
      'none or a known API version (<yyyy-mm-dd>.<name>, see docs/v2.md)',
    ],
  ];
  const refused: Array<[string, string[], string]> = [
    ['an unknown name', ['set', 'platform_registred', 'true'], paramValidation(unknownSetting('platform_registred'))],
    ['an unknown name to get', ['get', 'nope'], paramValidation(unknownSetting('nope'))],
    ['an unknown name to reset', ['reset', 'nope'], paramValidation(unknownSetting('nope'))],
    // The one echo rule (core/input-rules.ts): whole up to 1,024 characters, then the first 64 and the length.
    [
      'an unknown name of 2,000 characters, cut with its length (was quoted whole)',
      ['set', 'n'.repeat(2000), 'true'],
      paramValidation(unknownSetting('n').replace("'n'", `'${'n'.repeat(64)}...' (2000 characters)`)),
    ],
    [
      'a value of 2,000 characters, cut with its length (was quoted whole)',
      ['set', 'launch_configurations_per_region', '9'.repeat(2000)],
      paramValidation(
        `Invalid value for launch_configurations_per_region: '${'9'.repeat(64)}...' (2000 characters). Expected none or a whole number from 0 to 100000000.`,
      ),
    ],
    ...badValues.map(([why, name, value, takes]): [string, string[], string] => [
      why,
      ['set', name, value],
      paramValidation(`Invalid value for ${name}: '${value}'. Expected ${takes}.`),
    ]),
  ];
  it.each(refused)('refuses %s (252), without touching the store', async (_n, words, stderr) => {
    expect(await settings(...words)).toEqual(failed(252, stderr));
    expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);
  });

  it('get with --output or --query prints the settings as a document in that format (issue 19, item 19)', async () => {
    expect(await settings('set', 'account_update_hold_ms', '250')).toEqual(ok());
    expect(await settings('get', 'account_update_hold_ms', '--output', 'json')).toEqual(
      ok('{\n    "Name": "account_update_hold_ms",\n    "Value": "250",\n    "Source": "set"\n}\n'),
    );
    expect(await settings('get', '--query', 'Settings[?Source==`set`].[Name, Value]', '--output', 'text')).toEqual(
      ok('account_update_hold_ms\t250\n'),
    );
    const yaml = await settings('get', '--output', 'yaml');
    expect(yaml.stdout.split('\n').slice(0, 4)).toEqual([
      'Settings:',
      '- Name: platform_registered',
      '  Source: default',
      "  Value: 'true'",
    ]);
  });

  it('usage errors: missing words, extra words, no subcommand (252)', async () => {
    /** The exit code and the error line (the usage block and suggestions around it are tested elsewhere). */
    const errorLine = async (words: string[]) => {
      const r = await sb.run(['service', ...words]);
      return [r.code, r.stderr.split('\n').find((l) => l.startsWith('svcctl: [ERROR]: '))];
    };
    const pv = 'svcctl: [ERROR]: An error occurred (ParamValidation): ';
    expect(await errorLine(['settings', 'set', 'platform_registered'])).toEqual([
      252,
      `${pv}the following arguments are required: value`,
    ]);
    expect(await errorLine(['settings', 'set'])).toEqual([
      252,
      `${pv}the following arguments are required: name, value`,
    ]);
    expect(await errorLine(['settings', 'get', 'platform_registered', 'x'])).toEqual([
      252,
      'svcctl: [ERROR]: Unknown options: x',
    ]);
    expect(await errorLine(['settings'])).toEqual([252, `${pv}the following arguments are required: operation`]);
    expect(await errorLine([])).toEqual([252, `${pv}the following arguments are required: operation`]);
    expect(await errorLine(['settings', 'sett'])).toEqual([
      252,
      `${pv}argument operation: Found invalid choice 'sett'`,
    ]);
    expect((await settings('sett')).stderr).toContain('\nMaybe you meant:\n\n  * set\n');
  });

  it('completes subcommands, names and values', async () => {
    const complete = async (...words: string[]) => (await sb.run(['__complete', 'zsh', '--', ...words])).stdout;
    expect(await complete('service', 'settings', '')).toBe('get\nreset\nset\n');
    expect(await complete('service', 'settings', 'set', 'account_update_c')).toBe('account_update_concurrency_limit\n');
    expect(await complete('service', 'settings', 'set', 'platform_registered', '')).toBe('true\nfalse\n');
  });

  it('documents every setting in its help page', async () => {
    const page = (await settings('help')).stdout;
    for (const name of SETTING_NAMES) expect(page).toContain(`\n       ${name}\n`);
  });
});

describe('svcctl serve --settings FILE', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svcctl-settings-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [
      'JSON',
      'settings.json',
      '{"platform_registered": false, "account_update_concurrency_limit": 2, "accounts_v2_min_version": null}',
    ],
    [
      'INI',
      'settings.ini',
      '# for the error tests\n[settings]\nplatform_registered = false\n; two at a time\naccount_update_concurrency_limit = 2\n',
    ],
  ])('applies a %s file for the run; --persist-settings writes it to the store', async (_kind, name, text) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    await settings('set', 'accounts_v2_min_version', '2026-01-28.clover');
    const storeBefore = (await settings('get')).stdout;
    const refused = [
      'svcctl: [ERROR]: An error occurred (platform_registration_required) when calling the CreateAccountToken operation: ' +
        'This account has not signed up for the platform program and cannot create connected accounts or account tokens.',
    ];
    const create = async (url: string) => {
      const r = await sb.run([
        'account-token',
        'create',
        '--endpoint-url',
        url,
        '--api-key',
        'sk_test_1',
        '--service-version',
        '2026-01-28.clover',
        '--query',
        'object',
        '--output',
        'text',
      ]);
      return r.code === 0 ? [r.stdout] : r.stderr.split('\n').slice(1, 2);
    };
    // For the run only (issue 19, item 24): the server applies them; the store, and other processes, keep theirs.
    let serve = await startServe(['--settings', file], { SVCCTL_HOME: sb.env.SVCCTL_HOME! });
    try {
      expect(await create(serve.url)).toEqual(refused);
      expect((await settings('get')).stdout).toBe(storeBefore);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    serve = await startServe([], { SVCCTL_HOME: sb.env.SVCCTL_HOME! });
    try {
      expect(await create(serve.url)).toEqual(['v2.core.account_token\n']);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
    // With --persist-settings, the store holds them after the run.
    serve = await startServe(['--settings', file, '--persist-settings'], { SVCCTL_HOME: sb.env.SVCCTL_HOME! });
    try {
      expect((await settings('get', 'platform_registered')).stdout).toBe('false\n');
      expect((await settings('get', 'account_update_concurrency_limit')).stdout).toBe('2\n');
      expect((await settings('get', 'accounts_v2_min_version')).stdout).toBe(
        name.endsWith('.json') ? 'none\n' : '2026-01-28.clover\n',
      );
      expect(await create(serve.url)).toEqual(refused);
    } finally {
      expect(await serve.stop()).toBe(0);
    }
  });

  it.each([
    [
      'a bad value',
      'bad.ini',
      'platform_registered = maybe\n',
      252,
      paramValidation(
        "Invalid settings file BAD, line 1: Invalid value for platform_registered: 'maybe'. Expected true or false.",
      ),
    ],
    // Hostile round 9: a bad value or name was refused without its line, where a bad line, byte or a key
    // given twice gave one.
    [
      'a bad value on line 3 (INI)',
      'bad.ini',
      '# run settings\n[settings]\nplatform_registered = maybe\n',
      252,
      paramValidation(
        "Invalid settings file BAD, line 3: Invalid value for platform_registered: 'maybe'. Expected true or false.",
      ),
    ],
    [
      'a bad value on line 3 (JSON)',
      'bad.json',
      '{\n  "account_update_hold_ms": 0,\n  "platform_registered": "maybe"\n}\n',
      252,
      paramValidation(
        "Invalid settings file BAD, line 3: Invalid value for platform_registered: 'maybe'. Expected true or false.",
      ),
    ],
    [
      'a value that is no string, number, boolean or null, on line 2 (JSON)',
      'bad.json',
      '{\n  "platform_registered": [true]\n}\n',
      252,
      paramValidation(
        'Invalid settings file BAD, line 2: the value of platform_registered must be a string, number, boolean or null.',
      ),
    ],
    [
      'an unknown name on line 2 (INI)',
      'bad.ini',
      'platform_registered = true\nrate = 1\n',
      252,
      paramValidation(`Invalid settings file BAD, line 2: ${unknownSetting('rate')}`),
    ],
    [
      'an unknown name',
      'bad.json',
      '{"rate": 1}',
      252,
      paramValidation(`Invalid settings file BAD, line 1: ${unknownSetting('rate')}`),
    ],
    [
      'a line that is not name = value',
      'bad.ini',
      'platform_registered\n',
      252,
      paramValidation("Invalid settings file BAD, line 1: expected name = value, not 'platform_registered'."),
    ],
    [
      'a line of 2,000 characters that is not name = value, cut with its length (was quoted whole)',
      'bad.ini',
      `${'x'.repeat(2000)}\n`,
      252,
      paramValidation(
        `Invalid settings file BAD, line 1: expected name = value, not '${'x'.repeat(64)}...' (2000 characters).`,
      ),
    ],
    [
      'JSON that is not an object',
      'bad.json',
      '[1]',
      252,
      paramValidation('Invalid settings file BAD: expected a JSON object of setting names and values.'),
    ],
    // One decoder for every config file (issue 44, items 7 and 11).
    [
      'a byte that is not UTF-8 (INI)',
      'bad.ini',
      Buffer.concat([Buffer.from('# ok\nplatform_registered = tr'), Buffer.from([0xc3]), Buffer.from('ue\n')]),
      252,
      paramValidation('Invalid settings file BAD, line 2: not valid UTF-8 (byte 0xc3 at character 25).'),
    ],
    [
      'a byte that is not UTF-8 (JSON)',
      'bad.json',
      Buffer.concat([Buffer.from('{"platform_registered": "'), Buffer.from([0xff]), Buffer.from('"}')]),
      252,
      paramValidation('Invalid settings file BAD, line 1: not valid UTF-8 (byte 0xff at character 26).'),
    ],
    [
      'a name given twice (INI)',
      'bad.ini',
      'platform_registered = true\n[settings]\nplatform_registered = false\n',
      252,
      paramValidation('Invalid settings file BAD, line 3: platform_registered is set twice (first at line 1).'),
    ],
    [
      'a name given twice (JSON)',
      'bad.json',
      '{\n  "platform_registered": true,\n  "platform_registered": false\n}\n',
      252,
      paramValidation('Invalid settings file BAD, line 3: "platform_registered" is set twice (first at line 2).'),
    ],
    // Hostile pass 21b: two names of one fault rule (the operation's name in another case, or kebab-case, as
    // service settings set takes it) were both taken, the last silently replacing the first.
    [
      'one fault rule under two names (INI)',
      'bad.ini',
      'fault.ecr.CreateRepository = 500\nfault.ecr.create-repository = 503\n',
      252,
      paramValidation(
        'Invalid settings file BAD, line 2: fault.ecr.create-repository is set twice (first at line 1, as fault.ecr.CreateRepository).',
      ),
    ],
    [
      'one fault rule under two names (JSON)',
      'bad.json',
      '{\n  "fault.ecr.*": "500",\n  "fault.ECR": "503"\n}\n',
      252,
      paramValidation('Invalid settings file BAD, line 3: fault.ECR is set twice (first at line 2, as fault.ecr.*).'),
    ],
    [
      'an integer past 2^53, quoted exactly (JSON)',
      'bad.json',
      '{"account_update_concurrency_limit": 9007199254740993}',
      252,
      paramValidation(
        "Invalid settings file BAD, line 1: Invalid value for account_update_concurrency_limit: '9007199254740993'. Expected none or a whole number from 0 to 10000.",
      ),
    ],
    [
      'JSON that does not parse, in the words of Python',
      'bad.json',
      '{"platform_registered" true}',
      252,
      paramValidation("Invalid settings file BAD: Expecting ':' delimiter: line 1 column 24 (char 23)"),
    ],
  ])('refuses %s before listening, writing nothing', async (_n, name, text, code, stderr) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    const r = await sb.run(['serve', '--port', '0', '--settings', file]);
    expect(r).toEqual({ code, stdout: '', stderr: stderr.replace('BAD', file) });
    expect((await settings('get')).stdout).toBe(DEFAULTS);
  });

  it.each([
    [
      'a bad value',
      'platform_registered = maybe\n',
      ", line 1: Invalid value for platform_registered: 'maybe'. Expected true or false.",
    ],
    [
      'a byte that is not UTF-8',
      Buffer.from([0x61, 0x20, 0x3d, 0x20, 0xff, 0x0a]),
      ', line 1: not valid UTF-8 (byte 0xff at character 5).',
    ],
  ])('quotes a path past 1,024 characters by the one echo rule: %s', async (_n, text, rest) => {
    // Hostile pass 10a: the path was quoted whole, where the read error just above it followed the rule.
    const deep = join(dir, ...Array.from({ length: 5 }, (_, i) => `${i}`.repeat(240)));
    mkdirSync(deep, { recursive: true });
    const file = join(deep, 'bad.ini');
    writeFileSync(file, text);
    expect(await sb.run(['serve', '--port', '0', '--settings', file])).toEqual(
      failed(252, paramValidation(`Invalid settings file ${file.slice(0, 64)}... (${file.length} characters)${rest}`)),
    );
  });

  it('says so when the file cannot be read (253)', async () => {
    const file = join(dir, 'missing.ini');
    expect(await sb.run(['serve', '--port', '0', '--settings', file])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read --settings file ${file}: [Errno 2] No such file or directory\n`,
      ),
    );
  });
});

describe('service settings with an endpoint (issue 19, item 4)', () => {
  it.each([
    ['--endpoint-url', ['--endpoint-url', 'http://127.0.0.1:9'], {}],
    ['SVCCTL_ENDPOINT_URL', [], { SVCCTL_ENDPOINT_URL: 'http://127.0.0.1:9' }],
  ])('refuses a setting that is no fault rule with %s (252), and nothing is written', async (_n, flags, env) => {
    const r = await sb.run([...flags, 'service', 'settings', 'set', 'platform_registered', 'false'], { env });
    expect(r).toEqual({
      code: 252,
      stdout: '',
      stderr: paramValidation(
        "With an endpoint (http://127.0.0.1:9), svcctl service settings reaches only that serve's fault rules (fault.<service>.<Operation>); 'platform_registered' is a setting of a store: run the command without an endpoint where that server's store is (SVCCTL_HOME, or SVCCTL_STORE_URL for a PostgreSQL store), or start the server with --settings FILE.",
      ),
    });
    expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);
  });
});
