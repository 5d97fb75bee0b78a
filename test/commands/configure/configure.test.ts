import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { configError, failed, missingArgs, ok, paramError, paramValidation, USAGE } from '../../helpers/cli-results.js';
import { closedPort } from '../../helpers/fake-server.js';
import { BIN, runProgram } from '../../peers/serve-process.js';

let sb: Sandbox;
let config: string;
beforeEach(() => {
  sb = sandbox();
  config = join(sb.env.SVCCTL_HOME!, 'config');
});
afterEach(() => sb.cleanup());

const HEADER = [
  '                           Name                    Value             Type    Location',
  '                           ----                    -----             ----    --------',
];
const DEFAULT_ROWS: Record<string, string> = {
  profile: '                        profile                <not set>             None    None',
  output: '                         output                     json          default',
  region: '                         region                us-east-1          default',
  endpoint_url: '                   endpoint_url                <not set>             None    None',
  services: '                       services                <not set>             None    None',
  ignore_configured_endpoint_urls: 'ignore_configured_endpoint_urls                    false          default',
  api_key: '                        api_key     ****************dded          default',
  aws_access_key_id: '              aws_access_key_id                <not set>             None    None',
  aws_secret_access_key: '          aws_secret_access_key                <not set>             None    None',
  aws_session_token: '              aws_session_token                <not set>             None    None',
  service_version: '                service_version        2025-12-15.clover          default',
  cli_pager: '                      cli_pager                  less -R          default',
  cli_auto_prompt: '                cli_auto_prompt                      off          default',
  cli_error_format: '               cli_error_format                 enhanced          default',
  color: '                          color                     auto          default',
  ca_bundle: '                      ca_bundle                <not set>             None    None',
  cli_binary_format: '              cli_binary_format                   base64          default',
  cli_read_timeout: '               cli_read_timeout                       60          default',
  cli_connect_timeout: '            cli_connect_timeout                       60          default',
  max_attempts: '                   max_attempts                        3          default',
  retry_mode: '                     retry_mode                 standard          default',
  store_url: '                      store_url                <not set>             None    None',
};
const table = (rows: Record<string, string> = {}) =>
  `${[...HEADER, ...Object.entries(DEFAULT_ROWS).map(([k, v]) => rows[k] ?? v)].join('\n')}\n`;

describe('configure set and get', () => {
  it('writes the profile to $SVCCTL_HOME/config, mode 0600 in a 0700 directory', async () => {
    expect(await sb.run(['configure', 'set', 'output', 'text'])).toEqual(ok());
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-1', '--profile', 'dev'])).toEqual(ok());
    expect(await sb.run(['configure', 'set', 'output', 'yaml'], { env: { SVCCTL_PROFILE: 'dev' } })).toEqual(ok());
    expect(await sb.run(['configure', 'set', 'output', 'table'])).toEqual(ok());
    expect(readFileSync(config, 'utf8')).toBe(
      '[default]\noutput = table\n\n[profile dev]\nregion = eu-west-1\noutput = yaml\n',
    );
    expect(statSync(config).mode & 0o777).toBe(0o600);
    expect(statSync(sb.env.SVCCTL_HOME!).mode & 0o777).toBe(0o700);
    expect(await sb.run(['configure', 'get', 'output'])).toEqual(ok('table\n'));
    expect(await sb.run(['configure', 'get', 'region', '--profile', 'dev'])).toEqual(ok('eu-west-1\n'));
    expect(await sb.run(['configure', 'list-profiles'])).toEqual(ok('default\ndev\n'));
  });

  it('keeps comments, other sections and unknown lines', async () => {
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    writeFileSync(
      config,
      '# mine\n[default]\nregion = us-west-2 \n; note\n\n[other]\nx = 1\n[profile dev]\noutput=text\n',
    );
    expect(await sb.run(['configure', 'set', 'color', 'off'])).toEqual(ok());
    expect(await sb.run(['configure', 'set', 'output', 'json', '--profile', 'dev'])).toEqual(ok());
    expect(readFileSync(config, 'utf8')).toBe(
      '# mine\n[default]\nregion = us-west-2 \n; note\ncolor = off\n\n[other]\nx = 1\n[profile dev]\noutput = json\n',
    );
    expect(await sb.run(['configure', 'get', 'region'])).toEqual(ok('us-west-2\n'));
  });

  it('writes through a symbolic link (a dotfiles checkout), as aws configure set does, leaving the link a link (issue 44)', async () => {
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    const dotfiles = join(sb.cwd, 'dotfiles');
    mkdirSync(dotfiles);
    writeFileSync(join(dotfiles, 'svcctl-config'), '[default]\nregion = eu-west-1\n');
    symlinkSync(join(dotfiles, 'svcctl-config'), config);
    expect(await sb.run(['configure', 'set', 'output', 'text'])).toEqual(ok());
    expect(lstatSync(config).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dotfiles, 'svcctl-config'), 'utf8')).toBe(
      '[default]\nregion = eu-west-1\noutput = text\n',
    );
    expect(readdirSync(dotfiles)).toEqual(['svcctl-config']);
    expect(await sb.run(['configure', 'get', 'output'])).toEqual(ok('text\n'));
  });

  it('makes $SVCCTL_HOME only inside a directory that exists (issue 25, item 18)', async () => {
    const deep = join(sb.cwd, 'no', 'such', 'home');
    expect(await sb.run(['configure', 'set', 'output', 'text'], { env: { SVCCTL_HOME: deep } })).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to create svcctl's home (SVCCTL_HOME) ${deep}: its parent directory ${join(sb.cwd, 'no', 'such')} does not exist (svcctl makes only the last level). Create it, or set SVCCTL_HOME to a directory you can write.\n`,
      ),
    );
    expect(existsSync(join(sb.cwd, 'no'))).toBe(false);
  });

  it('exits 1 with no output when the setting is not set (as aws configure get)', async () => {
    expect(await sb.run(['configure', 'get', 'region'])).toEqual({ code: 1, stdout: '', stderr: '' });
  });

  const badRegion = (value: string) =>
    paramValidation(
      `Invalid value for region: '${value}'. Expected a region name such as us-east-1 (lower-case letters, digits and hyphens, at most 63, not starting or ending with a hyphen).`,
    );
  it.each([
    ['no key', ['configure', 'set'], missingArgs('key', 'value')],
    ['no value', ['configure', 'set', 'region'], missingArgs('value')],
    ['too many words', ['configure', 'set', 'region', 'a', 'b'], `\n${USAGE}\n\nsvcctl: [ERROR]: Unknown options: b\n`],
    ['get without a key', ['configure', 'get'], missingArgs('key')],
    [
      'an unknown subcommand',
      ['configure', 'lst'],
      paramError("argument operation: Found invalid choice 'lst'\n\nMaybe you meant:\n\n  * list"),
    ],
    // Hostile pass 18c: with an option after it, the option was the error ('Unknown options: --csv'), where
    // every other group (ecr create-repositry --bogus) and the AWS CLI name the subcommand.
    [
      'an unknown subcommand with an option after it',
      ['configure', 'lst', '--csv', 'x'],
      paramError("argument operation: Found invalid choice 'lst'\n\nMaybe you meant:\n\n  * list"),
    ],
    [
      'an unknown setting',
      ['configure', 'set', 'regoin', 'x'],
      paramValidation(
        "Unknown setting 'regoin'. Valid settings are: output, region, endpoint_url, services, ignore_configured_endpoint_urls, api_key, api_key_file, aws_access_key_id, aws_secret_access_key, aws_session_token, service_version, cli_pager, cli_auto_prompt, cli_error_format, color, ca_bundle, cli_binary_format, cli_read_timeout, cli_connect_timeout, max_attempts, retry_mode, store_url",
      ),
    ],
    [
      'a value not among the choices',
      ['configure', 'set', 'output', 'xml'],
      paramValidation("Invalid value for output: 'xml'. Expected one of: json, text, table, yaml, yaml-stream, off."),
    ],
    [
      'a bad endpoint',
      ['configure', 'set', 'endpoint_url', 'localhost:4566'],
      paramValidation("Invalid value for endpoint_url: 'localhost:4566'. Expected an http:// or https:// URL."),
    ],
    [
      'a bad time-out',
      ['configure', 'set', 'cli_read_timeout', '1.5'],
      paramValidation(
        "Invalid value for cli_read_timeout: '1.5'. Expected a whole number of seconds (0 blocks forever).",
      ),
    ],
    // issue 25, item 8: the rule commands apply (a bad region written would make every later command exit 253)
    [
      'a store URL that is not PostgreSQL, its password masked',
      ['configure', 'set', 'store_url', 'mysql://u:secretpw@h/db'],
      paramValidation(
        "Invalid value for store_url: 'mysql://u:****@h/db'. Expected a PostgreSQL URL (postgres://user:password@host:port/database).",
      ),
    ],
    ['a bad region', ['configure', 'set', 'region', 'us east/1'], badRegion('us east/1')],
    ['a region ending with a hyphen', ['configure', 'set', 'region', 'eu-west-'], badRegion('eu-west-')],
  ])('refuses %s (252)', async (_name, argv, stderr) => {
    expect(await sb.run(argv)).toEqual({ code: 252, stdout: '', stderr });
  });
});

describe('configure set and get: the dotted names of the AWS CLI', () => {
  it('default.KEY and profile.NAME.KEY address that profile, whatever --profile says', async () => {
    expect(await sb.run(['configure', 'set', 'default.region', 'us-west-2', '--profile', 'other'])).toEqual(ok());
    expect(await sb.run(['configure', 'set', 'profile.eu.region', 'eu-west-1'])).toEqual(ok());
    expect(await sb.run(['configure', 'set', 'profile.eu.output', 'text', '--profile', 'other'])).toEqual(ok());
    expect(readFileSync(config, 'utf8')).toBe(
      '[default]\nregion = us-west-2\n\n[profile eu]\nregion = eu-west-1\noutput = text\n',
    );
    expect(await sb.run(['configure', 'get', 'profile.eu.region'])).toEqual(ok('eu-west-1\n'));
    expect(await sb.run(['configure', 'get', 'default.region', '--profile', 'eu'])).toEqual(ok('us-west-2\n'));
    expect(await sb.run(['configure', 'get', 'output', '--profile', 'eu'])).toEqual(ok('text\n'));
    expect(await sb.run(['configure', 'get', 'profile.nope.region'])).toEqual({ code: 1, stdout: '', stderr: '' });
  });

  it.each([
    ['profile.eu', 'profile.eu'],
    ['default.regoin', 'regoin'],
    ['s3.max_concurrent_requests', 's3.max_concurrent_requests'],
  ])(
    'refuses %s as an unknown setting (252) and writes nothing; `configure get` too (docs/compat.md #400)',
    async (name, named) => {
      const unknown = failed(
        252,
        paramValidation(
          `Unknown setting '${named}'. Valid settings are: output, region, endpoint_url, services, ignore_configured_endpoint_urls, api_key, api_key_file, aws_access_key_id, aws_secret_access_key, aws_session_token, service_version, cli_pager, cli_auto_prompt, cli_error_format, color, ca_bundle, cli_binary_format, cli_read_timeout, cli_connect_timeout, max_attempts, retry_mode, store_url`,
        ),
      );
      expect(await sb.run(['configure', 'set', name, '1'])).toEqual(unknown);
      expect(existsSync(config)).toBe(false);
      // The AWS CLI's `configure get` of a name it does not know exits 1, as for an unset key: a typo looks unset.
      expect(await sb.run(['configure', 'get', name])).toEqual(unknown);
    },
  );
});

describe("configure list-profiles and get: svcctl's own file (compat #388)", () => {
  it("lists and reads $SVCCTL_HOME/config only, while --profile also takes a profile of the AWS CLI's files", async () => {
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    writeFileSync(join(sb.home, '.aws', 'config'), '[profile fromcfg]\nregion = eu-west-1\n');
    writeFileSync(join(sb.home, '.aws', 'credentials'), '[fromcreds]\naws_access_key_id = x\n');
    expect(await sb.run(['configure', 'set', 'region', 'us-west-2', '--profile', 'own'])).toEqual(ok());
    // The AWS CLI lists fromcfg and fromcreds and gets eu-west-1: svcctl's configure is about its own file.
    expect(await sb.run(['configure', 'list-profiles'])).toEqual(ok('own\n'));
    expect(await sb.run(['configure', 'get', 'region', '--profile', 'fromcfg'])).toEqual(failed(1, ''));
    expect(
      await sb.run([
        'create-repository',
        '--repository-name',
        'p/cfg',
        '--profile',
        'fromcfg',
        '--query',
        'repository.repositoryArn',
        '--output',
        'text',
      ]),
    ).toEqual(ok('arn:aws:ecr:eu-west-1:000000000000:repository/p/cfg\n'));
  });
});

describe('configure list', () => {
  it('shows every setting with its default', async () => {
    expect(await sb.run(['configure', 'list'])).toEqual(ok(table()));
  });

  it('store_url: set and got as written, listed with its password masked, and the store serve and store export use', async () => {
    const port = await closedPort();
    const url = `postgres://u:pw@127.0.0.1:${port}/db`;
    expect(await sb.run(['configure', 'set', 'store_url', url, '--profile', 'pg'])).toEqual(ok());
    expect(await sb.run(['configure', 'get', 'store_url', '--profile', 'pg'])).toEqual(ok(`${url}\n`));
    const masked = `postgres://u:****@127.0.0.1:${port}/db`;
    const list = await sb.run(['configure', 'list', '--profile', 'pg', '--query', "Settings[?Name=='store_url']"]);
    expect(list).toEqual(
      ok(
        `[\n    {\n        "Name": "store_url",\n        "Value": "${masked}",\n        "Type": "config-file",\n        "Location": "${config}"\n    }\n]\n`,
      ),
    );
    const env = { SVCCTL_STORE_URL: `postgres://e:pw2@127.0.0.1:${port}/x` };
    expect(
      await sb.run(
        [
          'configure',
          'list',
          '--profile',
          'pg',
          '--query',
          "Settings[?Name=='store_url'].[Value, Type, Location]",
          '--output',
          'text',
        ],
        { env },
      ),
    ).toEqual(ok(`postgres://e:****@127.0.0.1:${port}/x\tenv\tSVCCTL_STORE_URL\n`));
    expect(await sb.run(['store', 'export', '--profile', 'pg'])).toEqual(
      failed(
        253,
        configError(
          `Unable to reach the store: The store (PostgreSQL at ${masked}) is unavailable: connect ECONNREFUSED 127.0.0.1:${port}.`,
        ),
      ),
    );
  });

  it("shows the region commands use, from the AWS CLI's config file too, and where it came from (issue 25, item 5)", async () => {
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    const awsConfig = join(sb.home, '.aws', 'config');
    writeFileSync(awsConfig, '[default]\nregion = eu-north-1\n[profile ap]\nregion = ap-south-1\n');
    const arn = ['create-repository', '--query', 'repository.repositoryArn', '--output', 'text', '--repository-name'];
    expect(await sb.run(['configure', 'list'])).toEqual(
      ok(
        table({ region: `                         region               eu-north-1      config-file    ${awsConfig}` }),
      ),
    );
    expect(await sb.run([...arn, 'r/eu'])).toEqual(ok('arn:aws:ecr:eu-north-1:000000000000:repository/r/eu\n'));
    // a profile that only the AWS CLI's file holds
    expect(await sb.run(['configure', 'list', '--profile', 'ap', '--query', "Settings[?Name=='region']"])).toEqual(
      ok(
        `[\n    {\n        "Name": "region",\n        "Value": "ap-south-1",\n        "Type": "config-file",\n        "Location": "${awsConfig}"\n    }\n]\n`,
      ),
    );
    expect(await sb.run([...arn, 'r/ap', '--profile', 'ap'])).toEqual(
      ok('arn:aws:ecr:ap-south-1:000000000000:repository/r/ap\n'),
    );
    // svcctl's own profile, then the environment, then the flag come before it
    await sb.run(['configure', 'set', 'region', 'ca-central-1']);
    expect((await sb.run(['configure', 'list'])).stdout).toContain(
      `\n                         region             ca-central-1      config-file    ${config}\n`,
    );
    expect(await sb.run([...arn, 'r/ca'])).toEqual(ok('arn:aws:ecr:ca-central-1:000000000000:repository/r/ca\n'));
    expect((await sb.run(['configure', 'list'], { env: { AWS_DEFAULT_REGION: 'sa-east-1' } })).stdout).toContain(
      '\n                         region                sa-east-1              env    AWS_DEFAULT_REGION\n',
    );
    expect(
      (await sb.run(['configure', 'list', '--region', 'us-west-2'], { env: { AWS_DEFAULT_REGION: 'sa-east-1' } }))
        .stdout,
    ).toContain('\n                         region                us-west-2           manual    --region\n');
  });

  it('says where each value comes from: flag, environment, config file, default', async () => {
    await sb.run(['configure', 'set', 'region', 'eu-west-1', '--profile', 'dev']);
    await sb.run(['configure', 'set', 'api_key', 'sk_test_abcdef123456', '--profile', 'dev']);
    await sb.run(['configure', 'set', 'cli_pager', '', '--profile', 'dev']);
    await sb.run(['configure', 'set', 'endpoint_url', 'http://127.0.0.1:4566', '--profile', 'dev']);
    const r = await sb.run(['configure', 'list', '--color', 'off'], {
      env: { SVCCTL_PROFILE: 'dev', AWS_DEFAULT_OUTPUT: 'yaml', SVCCTL_SERVICE_VERSION: '2026-01-01.x', PAGER: 'more' },
    });
    expect(r).toEqual(
      ok(
        table({
          profile: '                        profile                      dev              env    SVCCTL_PROFILE',
          output: '                         output                     yaml              env    AWS_DEFAULT_OUTPUT',
          region: `                         region                eu-west-1      config-file    ${config}`,
          endpoint_url: `                   endpoint_url    http://127.0.0.1:4566      config-file    ${config}`,
          api_key: `                        api_key     ****************3456      config-file    ${config}`,
          service_version:
            '                service_version             2026-01-01.x              env    SVCCTL_SERVICE_VERSION',
          cli_pager: `                      cli_pager                       ''      config-file    ${config}`,
          color: '                          color                      off           manual    --color',
        }),
      ),
    );
  });

  it('with --output, the same rows as a document in that format (issue 19, item 19)', async () => {
    const r = await sb.run(['configure', 'list', '--output', 'json', '--query', 'Settings[:2]']);
    expect(r).toEqual(
      ok(
        '[\n    {\n        "Name": "profile",\n        "Value": "<not set>",\n        "Type": "None",\n        "Location": "None"\n    },\n' +
          '    {\n        "Name": "output",\n        "Value": "json",\n        "Type": "manual",\n        "Location": "--output"\n    }\n]\n',
      ),
    );
  });

  it('masks a key read from api_key_file and names the file', async () => {
    await sb.run(['configure', 'set', 'api_key_file', 'key.txt']);
    writeFileSync(join(sb.env.SVCCTL_HOME!, 'key.txt'), 'sk_test_fromfile9876\n');
    const r = await sb.run(['configure', 'list', '--no-cli-pager']);
    expect(r).toEqual(
      ok(
        table({
          api_key: '                        api_key     ****************9876      config-file    key.txt',
          cli_pager: "                      cli_pager                       ''           manual    --no-cli-pager",
        }),
      ),
    );
  });
});

describe('configure set never writes a line the user did not mean (issue 19, item 1)', () => {
  it.each<[string, string[], string]>([
    // (api_key_file: a free-form value; a region with a newline is already no region name)
    [
      'a value with a newline (it would add endpoint_url)',
      ['configure', 'set', 'api_key_file', 'key.txt\nendpoint_url = http://127.0.0.1:9', '--profile', 'z'],
      'Invalid value for api_key_file: "key.txt\\nendpoint_url = http://127.0.0.1:9" holds control characters (such as a newline), which the config file cannot hold.',
    ],
    [
      'a profile name with ] (its header would end early)',
      ['configure', 'set', 'region', 'us-east-1', '--profile', 'we ird]name'],
      `Invalid profile name "we ird]name": a profile name cannot hold '[', ']' or control characters (such as a newline).`,
    ],
    [
      'a profile name with ] and a newline (it would add a section)',
      ['configure', 'set', 'output', 'json', '--profile', 'x]\n[profile y'],
      `Invalid profile name "x]\\n[profile y": a profile name cannot hold '[', ']' or control characters (such as a newline).`,
    ],
    ...[' x', 'default ', '\u00a0'].map((name): [string, string[], string] => [
      `the profile name ${JSON.stringify(name)} (the reader trims a header: a second set wrote a repeated section)`,
      ['configure', 'set', 'output', 'json', '--profile', name],
      `Invalid profile name ${JSON.stringify(name)}: a profile name cannot be empty, nor begin or end with white space.`,
    ]),
    [
      'the profile name in profile. .region',
      ['configure', 'set', 'profile. .region', 'us-east-1'],
      'Invalid profile name " ": a profile name cannot be empty, nor begin or end with white space.',
    ],
  ])('refuses %s (252) and writes nothing', async (_name, argv, message) => {
    expect(await sb.run(argv)).toEqual({ code: 252, stdout: '', stderr: paramValidation(message) });
    expect(existsSync(join(sb.env.SVCCTL_HOME!, 'config'))).toBe(false);
  });
});

describe('configure mends a config file holding a bad value (hostile pass 14b)', () => {
  // The file edited by hand: every command refused it (253), configure set, get and list-profiles too, so the
  // one command that would mend it could not (the AWS CLI 2.9.19's configure get printed xml and set wrote json).
  it('set, get and list-profiles run; the other commands still name the bad line (253)', async () => {
    const file = join(sb.env.SVCCTL_HOME!, 'config');
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    writeFileSync(file, '[default]\noutput = xml\ncolor = maybe\n');
    const bad = failed(
      253,
      configError(
        `Invalid value for output in the config file ${file}, line 2: 'xml'; valid values are: json, text, table, yaml, yaml-stream, off`,
      ),
    );
    expect(await sb.run(['describe-repositories'])).toEqual(bad);
    expect(await sb.run(['configure', 'get', 'output'])).toEqual(ok('xml\n'));
    expect(await sb.run(['configure', 'list-profiles'])).toEqual(ok('default\n'));
    expect(await sb.run(['configure', 'set', 'output', 'json'])).toEqual(ok());
    expect(await sb.run(['configure', 'set', 'color', 'off'])).toEqual(ok());
    expect(readFileSync(file, 'utf8')).toBe('[default]\noutput = json\ncolor = off\n');
    expect(await sb.run(['describe-repositories'])).toEqual(ok('{\n    "repositories": []\n}\n'));
  });
});

describe("configure set --profile '' (issue 44)", () => {
  it('names no profile, as in the AWS CLI (2.9 writes [default]): the value goes to the selected one', async () => {
    expect(await sb.run(['configure', 'set', 'output', 'json', '--profile', ''])).toEqual(ok());
    expect(readFileSync(join(sb.env.SVCCTL_HOME!, 'config'), 'utf8')).toBe('[default]\noutput = json\n');
    expect(
      await sb.run(['configure', 'set', 'output', 'text', '--profile', ''], { env: { AWS_PROFILE: 'ci' } }),
    ).toEqual(ok());
    expect(await sb.run(['configure', 'get', 'output', '--profile', 'ci'])).toEqual(ok('text\n'));
  });
});

describe('configure set from many processes at once (issue 44, item 6)', () => {
  const run = (args: string[], shell?: string) =>
    shell === undefined
      ? runProgram(process.execPath, [BIN, ...args], { PATH: process.env.PATH ?? '', SVCCTL_HOME: sb.env.SVCCTL_HOME })
      : runProgram('/bin/sh', ['-c', `${shell} && exec "$0" "$@"`, process.execPath, BIN, ...args], {
          PATH: process.env.PATH ?? '',
          SVCCTL_HOME: sb.env.SVCCTL_HOME,
        });

  it('twelve at once keep all twelve profiles (the read-modify-write is locked)', { timeout: 60_000 }, async () => {
    const names = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
    const results = await Promise.all(
      names.map((p) => run(['configure', 'set', 'region', 'eu-west-1', '--profile', p])),
    );
    expect(results).toEqual(names.map(() => ok()));
    const listed = await sb.run(['configure', 'list-profiles']);
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n').sort()).toEqual([...names].sort());
    expect(readdirSync(sb.env.SVCCTL_HOME!)).toEqual(['config']);
  });

  it("an empty lock, left by a run killed between creating and writing it, is nobody's: taken over at once", async () => {
    // Final hostile pass 6a: the lock was opened under its name and then written, so a run killed (or out of
    // disk space) between the two left an empty lock; every later `configure set` waited 10 s and failed (253).
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-1'])).toEqual(ok());
    writeFileSync(`${config}.lock`, '');
    expect(await run(['configure', 'set', 'region', 'eu-west-2'])).toEqual(ok());
    expect(await sb.run(['configure', 'get', 'region'])).toEqual(ok('eu-west-2\n'));
    expect(readdirSync(sb.env.SVCCTL_HOME!)).toEqual(['config']);
  });

  it("twelve at once, finding a dead holder's lock, all take it over in turn and keep all twelve profiles", {
    timeout: 60_000,
  }, async () => {
    // Hostile round 9: each waiter that found the dead holder removed the lock by name, so a late one removed
    // the lock another had taken over by then. No process has the pid 4194304 (above any pid_max).
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    writeFileSync(`${config}.lock`, '4194304');
    const names = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
    const results = await Promise.all(
      names.map((p) => run(['configure', 'set', 'region', 'eu-west-1', '--profile', p])),
    );
    expect(results).toEqual(names.map(() => ok()));
    const listed = await sb.run(['configure', 'list-profiles']);
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n').sort()).toEqual([...names].sort());
    expect(readdirSync(sb.env.SVCCTL_HOME!)).toEqual(['config']);
  });

  it("a dead holder's lock with a killed taker's config.lock.takeover beside it: refused after the wait, naming both (253)", {
    timeout: 60_000,
  }, async () => {
    // Hostile round 10: the waiter saw the dead holder, found the takeover link in place and tried again at
    // once, skipping the wait's end and its pause: it spun at full CPU for ever. No process has pid 4194304.
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    writeFileSync(`${config}.lock`, '4194304');
    linkSync(`${config}.lock`, `${config}.lock.takeover`);
    expect(await run(['configure', 'set', 'region', 'eu-west-1'])).toEqual(
      failed(
        253,
        configError(
          `Unable to lock the config file (${config}.lock): another svcctl has held it for 10 s. Remove the file (and ${config}.lock.takeover) if no svcctl is running.`,
        ),
      ),
    );
    expect(readdirSync(sb.env.SVCCTL_HOME!).sort()).toEqual(['config.lock', 'config.lock.takeover']);
  });

  it('a write that fails leaves the file as it was and no temporary file (253)', { timeout: 60_000 }, async () => {
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-1'])).toEqual(ok());
    const before = readFileSync(config, 'utf8');
    // A file size limit of 1 KiB: the write of the new file fails part way (EFBIG).
    const long = `http://127.0.0.1:9/${'a'.repeat(3000)}`;
    expect(await run(['configure', 'set', 'endpoint_url', long], 'ulimit -f 1')).toEqual(
      failed(253, configError(`Unable to write the config file (${config}): [Errno 27] File too large`)),
    );
    expect(readFileSync(config, 'utf8')).toBe(before);
    expect(readdirSync(sb.env.SVCCTL_HOME!)).toEqual(['config']);
  });
});

describe('configure set never replaces a device or a FIFO the config file names (hostile pass 15)', () => {
  it.each([
    ['a device', () => '/dev/null'],
    [
      'a FIFO',
      () => {
        const fifo = join(sb.env.SVCCTL_HOME!, '..', 'config.fifo');
        execFileSync('mkfifo', [fifo]);
        return fifo;
      },
    ],
  ])('a symbolic link to %s: refused (253), the file left as it was, nothing read', async (kind, make) => {
    // As root, the rename onto the link's file replaced /dev/null with a regular file; a FIFO's read blocked.
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    const target = make();
    const before = statSync(target);
    symlinkSync(target, config);
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-1'])).toEqual(
      failed(253, configError(`Unable to write the config file (${config}): it is ${kind}, not a regular file.`)),
    );
    const after = statSync(target);
    expect({ mode: after.mode, rdev: after.rdev, ino: after.ino }).toEqual({
      mode: before.mode,
      rdev: before.rdev,
      ino: before.ino,
    });
    expect(readdirSync(sb.env.SVCCTL_HOME!)).toEqual(['config']);
  });
});

// Hostile pass 16a: a config file that is a dangling symbolic link (a dotfiles checkout not made yet) was replaced
// by a regular file (realpath() failed, so the rename went onto the link); the AWS CLI 2.9.19's configure set writes
// through it, making the file it names, and fails with Errno 2 when that file's directory is missing.
describe('configure set through a dangling symbolic link', () => {
  it("makes the link's file and leaves the link; a link into a missing directory is refused (253)", async () => {
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    const real = join(sb.env.SVCCTL_HOME!, 'real-config');
    symlinkSync(real, config);
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-2'])).toEqual(ok());
    expect(lstatSync(config).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8')).toBe('[default]\nregion = eu-west-2\n');
    rmSync(config);
    rmSync(real);
    symlinkSync(join(sb.env.SVCCTL_HOME!, 'no', 'config'), config);
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-2'])).toEqual(
      failed(253, configError(`Unable to write the config file (${config}): [Errno 2] No such file or directory`)),
    );
    expect(lstatSync(config).isSymbolicLink()).toBe(true);
  });

  it("follows the link's '..' from where a linked directory leads, as open() does, so the setting is read back", async () => {
    // Hostile pass 18a: with config -> sub/../real-config and sub a link to elsewhere/deep, configure set wrote
    // $SVCCTL_HOME/real-config (path.resolve dropped 'sub/..' as text), exit 0, and 'configure get region' then
    // found nothing (exit 1): the kernel reads the link as elsewhere/real-config.
    const home = sb.env.SVCCTL_HOME!;
    const elsewhere = join(sb.cwd, 'elsewhere');
    mkdirSync(join(elsewhere, 'deep'), { recursive: true });
    mkdirSync(home, { recursive: true });
    symlinkSync(join(elsewhere, 'deep'), join(home, 'sub'));
    symlinkSync('sub/../real-config', config);
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-2'])).toEqual(ok());
    expect(await sb.run(['configure', 'get', 'region'])).toEqual(ok('eu-west-2\n'));
    expect(readFileSync(join(elsewhere, 'real-config'), 'utf8')).toBe('[default]\nregion = eu-west-2\n');
    expect(readdirSync(home).sort()).toEqual(['config', 'sub']);
  });
});

// Hostile pass 16a: a FIFO at config.lock (left there, or put there) was read for its holder's pid, and the read
// blocked for ever: 'configure set region eu-west-2' hung past the lock's 10 s deadline (killed at 20 s).
describe('configure set with a config.lock that is not a regular file', () => {
  it('a FIFO is refused (253) naming it, at once, and nothing is left behind', () => {
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    const lock = `${config}.lock`;
    execFileSync('mkfifo', [lock]);
    const r = spawnSync(process.execPath, [BIN, 'configure', 'set', 'region', 'eu-west-2'], {
      env: { PATH: process.env.PATH ?? '', SVCCTL_HOME: sb.env.SVCCTL_HOME },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 30_000,
      killSignal: 'SIGKILL',
    });
    expect({ code: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual(
      failed(
        253,
        configError(
          `Unable to lock the config file (${lock}): it is a FIFO, not a lock svcctl makes. Remove it if no svcctl is running.`,
        ),
      ),
    );
    expect(readdirSync(sb.env.SVCCTL_HOME!)).toEqual(['config.lock']);
  });

  it('a symbolic link (a loop of them here) is refused (253) naming it, at once, not waited for as a holder', async () => {
    // Hostile pass 17c: config.lock -> l1 -> config.lock waited 10 s and said 'another svcctl has held it for 10 s'.
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    const lock = `${config}.lock`;
    symlinkSync('l1', lock);
    symlinkSync('config.lock', join(sb.env.SVCCTL_HOME!, 'l1'));
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-2'])).toEqual(
      failed(
        253,
        configError(
          `Unable to lock the config file (${lock}): it is a symbolic link, not a lock svcctl makes. Remove it if no svcctl is running.`,
        ),
      ),
    );
    expect(readdirSync(sb.env.SVCCTL_HOME!).sort()).toEqual(['config.lock', 'l1']);
  });
});

describe('configure set refuses at once what a later call would refuse (issue 44, items 15 and 16)', () => {
  const invalid = (message: string) => failed(252, paramValidation(message));
  it.each([
    [
      'an endpoint_url with a comment after it (sent as /%20%23%20comment before)',
      ['endpoint_url', 'http://127.0.0.1:9/ # comment'],
      "Invalid value for endpoint_url: 'http://127.0.0.1:9/ # comment'. Expected an http:// or https:// URL (without white space: the config file keeps no comment after a value).",
    ],
    [
      'an api_key with white space at its end (refused by the next call before)',
      ['api_key', 'sk_test_ 1234 '],
      'Invalid value for api_key: the value. Expected a value without white space at its start or end, which the config file drops.',
    ],
    [
      'an api_key with white space inside it (refused by the next call before)',
      ['api_key', 'sk_test_ 1234'],
      'Invalid value for api_key: the value. Expected a key without white space (sk_, pk_ or rk_, then letters, digits and _).',
    ],
    [
      'an api_key that no HTTP header can carry',
      ['api_key', 'sk_test_\u01001'],
      'Invalid value for api_key: the value. Expected a value that can be sent in an HTTP header (character 9 is U+0100 (\u0100), beyond Latin-1 (a header takes tabs and printable Latin-1 characters only)).',
    ],
    [
      'a value that is not UTF-8, named by its setting (was "Argument 4")',
      ['region', 'eu\udcff'],
      'Invalid value for region: it is not valid UTF-8 (byte 0xff at character 3).',
    ],
  ])('%s (252), writing nothing', async (_name, args, message) => {
    expect(await sb.run(['configure', 'set', ...args])).toEqual(invalid(message));
    expect(existsSync(config)).toBe(false);
  });
});
