/**
 * One reading of option words whatever comes first (issue 25, item 4): a global option before the
 * command, between the command and its operation, or after it; abbreviations (argparse's unambiguous
 * prefixes) in each place; ambiguous prefixes; and every error met while reading them reported in the
 * chosen --cli-error-format (issue 26, item 12).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok, paramValidation, unknownOptions, paramError, USAGE } from '../helpers/cli-results.js';
import { cancelEvent, sendEvent, v2Failure } from '../helpers/stripe-v2.js';

let sb: Sandbox;
let token: string;
beforeAll(async () => {
  sb = sandbox();
  expect((await sb.run(['ecr', 'create-repository', '--repository-name', 'team/app'])).code).toBe(0);
  const created = await sb.run(['account-token', 'create', '--query', 'id', '--output', 'text']);
  expect(created.code).toBe(0);
  token = created.stdout.trim();
});
afterAll(() => sb.cleanup());

/** Each group: argv that must all print exactly the same thing (TOKEN: the account token made first). */
const groups: Array<[string, string[][], () => CliResult]> = [
  [
    'a global option with a value (--output text)',
    [
      ['--output', 'text', 'ecr', 'describe-repositories', '--query', 'repositories[].repositoryName'],
      ['ecr', '--output', 'text', 'describe-repositories', '--query', 'repositories[].repositoryName'],
      ['ecr', 'describe-repositories', '--output', 'text', '--query', 'repositories[].repositoryName'],
      ['ecr', 'describe-repositories', '--query', 'repositories[].repositoryName', '--output=text'],
      // abbreviated, before and after the command
      ['--out', 'text', 'ecr', 'describe-repositories', '--que', 'repositories[].repositoryName'],
      ['ecr', 'describe-repositories', '--outp', 'text', '--q', 'repositories[].repositoryName'],
    ],
    () => ok('team/app\n'),
  ],
  [
    'a global flag (--no-paginate)',
    [
      ['--no-paginate', 'ecr', 'describe-repositories', '--max-items', '1'],
      ['ecr', '--no-paginate', 'describe-repositories', '--max-items', '1'],
      ['ecr', 'describe-repositories', '--max-items', '1', '--no-paginate'],
      ['--no-pag', 'ecr', 'describe-repositories', '--max-i', '1'],
      ['ecr', 'describe-repositories', '--max-it', '1', '--no-pa'],
    ],
    () => failed(252, paramValidation('Cannot specify --no-paginate along with pagination arguments: --max-items')),
  ],
  [
    "--id is the command's own option, not an abbreviation of --idempotency-key, wherever the global options are",
    [
      ['--output', 'text', 'account-token', 'get', '--id', 'TOKEN', '--query', 'id'],
      ['account-token', '--output', 'text', 'get', '--id', 'TOKEN', '--query', 'id'],
      ['account-token', 'get', '--id', 'TOKEN', '--output', 'text', '--query', 'id'],
      ['--output', 'text', '--query', 'id', 'account-token', 'get', '--id', 'TOKEN'],
    ],
    () => ok(`${token}\n`),
  ],
  [
    "--endpoint-url before the command (the README's style): --id is read, and the next problem is the API key",
    [
      ['--endpoint-url', 'http://127.0.0.1:9', 'account-token', 'get', '--id', 'T'],
      ['account-token', 'get', '--id', 'T', '--endpoint-url', 'http://127.0.0.1:9'],
      ['--endpoint', 'http://127.0.0.1:9', 'account-token', 'get', '--id', 'T'],
    ],
    () =>
      failed(
        253,
        "\nsvcctl: [ERROR]: An error occurred (Configuration): No API key for the v2 API: the endpoint http://127.0.0.1:9/ checks every v2 request's key, as Stripe does (the embedded backend, without an endpoint, uses a test key of its own). Set --api-key, SVCCTL_API_KEY or the profile's api_key: svcctl serve takes any sk_test_ key unless it was started with --api-keys or --credentials.\n",
      ),
  ],
  [
    "a command option's abbreviation after a global option (--repo is --repository-name)",
    [
      ['--output', 'json', 'ecr', 'create-repository', '--repo', 'abbr/a', '--query', 'repository.repositoryName'],
      [
        'ecr',
        '--output',
        'json',
        'create-repository',
        '--repository-nam',
        'abbr/b',
        '--query',
        'repository.repositoryName',
      ],
      ['ecr', 'create-repository', '--repo', 'abbr/c', '--output', 'json', '--query', 'repository.repositoryName'],
    ],
    () => ok('"abbr/?"\n'),
  ],
  [
    "a prefix of several of the command's options (with svcctl's own global ones) is ambiguous, as argparse says",
    [
      ['autoscaling', 'create-launch-configuration', '--launch-configuration-name', 'a', '--i', 'x'],
      [
        '--output',
        'json',
        'autoscaling',
        'create-launch-configuration',
        '--launch-configuration-name',
        'a',
        '--i',
        'x',
      ],
      [
        'autoscaling',
        '--output',
        'json',
        'create-launch-configuration',
        '--i',
        'x',
        '--launch-configuration-name',
        'a',
      ],
    ],
    () =>
      failed(
        252,
        paramError(
          'ambiguous option: --i could match --image-id, --instance-id, --instance-type, --instance-monitoring, --iam-instance-profile, --idempotency-key',
        ),
      ),
  ],
  [
    'a prefix of several global options is ambiguous, before or after the command',
    [
      ['--cli', 'x', 'ecr', 'describe-repositories'],
      ['ecr', 'describe-repositories', '--cli', 'x'],
    ],
    () =>
      failed(
        252,
        paramError(
          'ambiguous option: --cli could match --cli-read-timeout, --cli-connect-timeout, --cli-binary-format, --cli-auto-prompt, --cli-error-format',
        ),
      ),
  ],
  [
    "the AWS CLI's global options are read first: --re is --region, though --repository-name starts with it too",
    [
      ['ecr', 'create-repository', '--repository-name', 'a/b', '--re', 'x/y'],
      ['--re', 'x/y', 'ecr', 'create-repository', '--repository-name', 'a/b'],
    ],
    () => failed(253, "\nsvcctl: [ERROR]: Provided region_name 'x/y' doesn't match a supported format.\n"),
  ],
  [
    'an unknown option is reported with the words after it, wherever the global options are',
    [
      ['--output', 'json', 'ecr', 'create-repository', '--repository-name', 'x/y', '--bogus', 'v'],
      ['ecr', 'create-repository', '--bogus', 'v', '--repository-name', 'x/y', '--output', 'json'],
    ],
    () => failed(252, unknownOptions('--bogus, v')),
  ],
  [
    'a global option without its value',
    [
      ['ecr', 'describe-repositories', '--output'],
      ['--output', '--no-cli-pager', 'ecr', 'describe-repositories'],
      ['ecr', '--outp', '--debug', 'describe-repositories'],
    ],
    () => failed(252, paramError('argument --output: expected one argument')),
  ],
];

describe('global options and abbreviations read the same wherever they are (issue 25, item 4)', () => {
  for (const [name, argvs, expected] of groups) {
    it.each(argvs.map((argv) => [argv.join(' '), argv]))(`${name}: %s`, async (_shown, argv) => {
      const want = expected();
      const r = await sb.run((argv as string[]).map((w) => (w === 'TOKEN' ? token : w)));
      // repositories created by the abbreviation group each have their own name
      expect(r).toEqual(
        want.stdout.includes('?')
          ? { ...want, stdout: want.stdout.replace('?', /abbr\/(\w)/.exec((argv as string[]).join(' '))![1]!) }
          : want,
      );
    });
  }

  it('--idem (an abbreviation of --idempotency-key) and --idempotency-key before the command are one key: the second create replays the first', async () => {
    const create = cancelEvent('e', 'x', '--query', 'id', '--output', 'text');
    expect((await sb.run(sendEvent('e', 'x'))).code).toBe(0);
    const first = await sb.run([...create, '--idem', 'key-1']);
    expect(first.code).toBe(0);
    expect(await sb.run(['--idempotency-key', 'key-1', ...create])).toEqual(first);
    expect(await sb.run(['--output', 'json', ...create, '--id', 'key-1'])).toEqual(first);
    // Another key is another request: the event is cancelled already.
    const other = await sb.run([...create, '--idempotency-key', 'key-2']);
    expect(other).toEqual(
      v2Failure(
        'CreateMeterEventAdjustment',
        'invalid_cancel_configuration',
        "The cancel configuration is invalid: the event with identifier 'x' has already been cancelled; an event can be cancelled once.",
      ),
    );
  });

  it('a list option given twice keeps its last values, after a global option too', async () => {
    const argv = [
      'autoscaling',
      'describe-launch-configurations',
      '--launch-configuration-names',
      'a',
      '--launch-config',
      'b',
      'c',
      '--query',
      'length(LaunchConfigurations)',
    ];
    expect(await sb.run(['--output', 'text', ...argv])).toEqual(ok('0\n'));
  });
});

const maxItemsMessage = `argument --max-items: invalid int value: 'many'\n\n${USAGE}`;
const asJson = (message: string) => `{\n    "Code": "ParamValidation",\n    "Message": ${JSON.stringify(message)}\n}\n`;

describe('--cli-error-format for errors met before the global options are resolved (issue 26, item 12)', () => {
  const lc = ['autoscaling', 'describe-launch-configurations'];
  const cases: Array<[string, string[], Record<string, string>, string]> = [
    [
      'a bad --max-items, the format after it',
      [...lc, '--max-items', 'many', '--cli-error-format', 'json'],
      {},
      asJson(maxItemsMessage),
    ],
    [
      'a bad --max-items, the format before the command',
      ['--cli-error-format', 'json', ...lc, '--max-items', 'many'],
      {},
      asJson(maxItemsMessage),
    ],
    [
      'a bad --max-items, the format abbreviated between command and operation',
      ['autoscaling', '--cli-error', 'json', 'describe-launch-configurations', '--max-items', 'many'],
      {},
      asJson(maxItemsMessage),
    ],
    [
      'a bad --max-items, the format from SVCCTL_CLI_ERROR_FORMAT',
      [...lc, '--max-items', 'many'],
      { SVCCTL_CLI_ERROR_FORMAT: 'json' },
      asJson(maxItemsMessage),
    ],
    [
      'a bad --max-items, yaml',
      [...lc, '--max-items', 'many', '--cli-error-format', 'yaml'],
      {},
      'Code: ParamValidation\nMessage: "argument --max-items: invalid int value: \'many\'\\n\\nusage: svcctl [options]\n  <command> <subcommand> [<subcommand> ...] [parameters]\\nTo see help text, you can\n  run:\\n\\n  svcctl help\\n  svcctl <command> help\\n  svcctl <command> <subcommand>\n  help\\n"\n',
    ],
    [
      'a bad --max-items, text',
      [...lc, '--max-items', 'many', '--cli-error-format', 'text'],
      {},
      `ParamValidation\t${maxItemsMessage}\n`,
    ],
    // An invalid global option is the main parser's error: the AWS CLI 2.36.7 prints it before the command
    // line's --cli-error-format applies, in the enhanced form (test/cli/error-format-main-parser.test.ts).
    [
      'an invalid --output before the command',
      ['--output', 'xml', '--cli-error-format', 'json', 'ecr', 'describe-repositories'],
      {},
      paramError("argument --output: Found invalid choice 'xml'\n"),
    ],
    [
      'an invalid --output, the format given after it',
      ['ecr', 'describe-repositories', '--output', 'xml', '--cli-error-format', 'json'],
      {},
      paramError("argument --output: Found invalid choice 'xml'\n"),
    ],
    [
      'an invalid --output, the format from SVCCTL_CLI_ERROR_FORMAT',
      ['ecr', 'describe-repositories', '--output', 'xml'],
      { SVCCTL_CLI_ERROR_FORMAT: 'json' },
      asJson(`argument --output: Found invalid choice 'xml'\n\n\n${USAGE}`),
    ],
    [
      'an option without its value',
      ['ecr', 'create-repository', '--repository-name', '--cli-error-format', 'json'],
      {},
      asJson(`argument --repository-name: expected one argument\n\n${USAGE}`),
    ],
    [
      'an ambiguous option',
      ['--cli-error-format', 'json', 'ecr', 'describe-repositories', '--max', '1'],
      {},
      asJson(`ambiguous option: --max could match --max-results, --max-items\n\n${USAGE}`),
    ],
    [
      'an unknown operation',
      ['--cli-error-format', 'json', 'ecr', 'describe-repositorie'],
      {},
      asJson(
        `argument operation: Found invalid choice 'describe-repositorie'\n\nMaybe you meant:\n\n  * describe-repositories\n\n${USAGE}`,
      ),
    ],
  ];
  it.each(cases)('%s', async (_name, argv, env, stderr) => {
    expect(await sb.run(argv, { env })).toEqual(failed(252, stderr));
  });

  it('an invalid --cli-error-format is itself the error, in the enhanced form (as 2.36)', async () => {
    expect(await sb.run(['--cli-error-format', 'bogus', ...lc, '--max-items', 'many'])).toEqual(
      failed(252, paramError("argument --cli-error-format: Found invalid choice 'bogus'\n")),
    );
  });
});
