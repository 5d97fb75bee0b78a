import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import {
  failed,
  ok,
  paramValidation,
  unknownOptions,
  validationError,
  missingArgs,
  paramError,
} from '../helpers/cli-results.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

/** stderr of a word that is none of an argument's choices (252), with the close one suggested if any. */
const invalidChoice = (argument: string, word: string, suggestion?: string) =>
  paramError(
    `argument ${argument}: Found invalid choice '${word}'\n${suggestion ? `\nMaybe you meant:\n\n  * ${suggestion}` : ''}`,
  );

describe('usage and client-side validation (exit 252, no backend call)', () => {
  const cases: Array<[string, string[], string]> = [
    ['a missing required flag', ['create-repository'], missingArgs('--repository-name')],
    [
      'an unknown option',
      ['create-repository', '--repository-name', 'ab', '--bogus', 'x'],
      unknownOptions('--bogus, x'),
    ],
    [
      'mistyped options: the close ones are suggested (issue 19, item 22)',
      ['describe-repositories', '--ouptut', 'json', '--max-itmes', '3'],
      unknownOptions('--ouptut, json, --max-itmes, 3', '--output', '--max-items'),
    ],
    [
      "svcctl's own commands: an unknown option with the word after it, as argparse lists them",
      ['service', 'ready', '--bogus', 'x'],
      unknownOptions('--bogus, x'),
    ],
    [
      "svcctl's own commands: a mistyped option, with the close ones of that command",
      ['serve', '--prot', '0', '--store-pool-sise', '3'],
      unknownOptions('--prot, 0, --store-pool-sise, 3', '--port', '--store-pool-size'),
    ],
    [
      "svcctl's own commands: a positional argument after an unknown option is the command's, not unknown",
      ['completion', '--bogus', 'bash', 'extra'],
      unknownOptions('--bogus, extra'),
    ],
    [
      "svcctl's own commands: known options among the unknown ones are not listed",
      ['serve', '--bogus', '--port', '0', '--no-cli-pager', 'extra'],
      unknownOptions('--bogus, extra'),
    ],
    [
      "svcctl's own commands, two levels down, after global options",
      ['--output', 'json', 'service', 'journal', '--limt', '2'],
      unknownOptions('--limt, 2', '--limit'),
    ],
    [
      'a mistyped required option: named with what was written',
      ['create-repository', '--repositry-name', 'ab'],
      paramError(
        'the following arguments are required: --repository-name\n\nMaybe you meant:\n\n  * --repository-name (you wrote --repositry-name)',
      ),
    ],
    // Hostile pass 18c: the hint offered the very option written ('* --repository-name (you wrote --repository-name)').
    [
      'a required option written after --',
      ['create-repository', '--', '--repository-name', 'ab'],
      paramError(
        'the following arguments are required: --repository-name\n\nMaybe you meant:\n\n  * --repository-name (you wrote it after --: a word after -- is an argument, not an option)',
      ),
    ],
    [
      'an option written after --',
      ['describe-repositories', '--', '--max-items', '1'],
      unknownOptions(
        '--max-items, 1',
        '--max-items (you wrote it after --: a word after -- is an argument, not an option)',
      ),
    ],
    [
      'a flag without its value',
      ['create-repository', '--repository-name'],
      paramError('argument --repository-name: expected one argument'),
    ],
    [
      'a flag followed by another flag',
      ['create-launch-configuration', '--launch-configuration-name', 'a', '--instance-type', '--key-name', 'k'],
      paramError('argument --instance-type: expected one argument'),
    ],
    [
      'a flag followed by another flag instead of its value',
      ['create-repository', '--repository-name', '--registry-id', '123456789012'],
      paramError('argument --repository-name: expected one argument'),
    ],
    // issue 44, item 15: sent to the service before; argparse takes `-dash` for an option, as it does `--x`
    [
      'a value that begins with a dash',
      ['create-repository', '--repository-name', '-dash'],
      paramError('argument --repository-name: expected one argument'),
    ],
    // Hostile pass 20b: `--repository-name --` created nothing but sent '--' to the service (254), `--region --`
    // was a region named '--' (253), `--query --` a JMESPath error; argparse reads `--` as no value.
    [
      'a value that is --',
      ['create-repository', '--repository-name', '--'],
      paramError('argument --repository-name: expected one argument'),
    ],
    [
      'a value that is --, then a word',
      ['create-repository', '--repository-name', '--', 'zz1'],
      paramError('argument --repository-name: expected one argument'),
    ],
    [
      'a global option whose value is --',
      ['describe-repositories', '--region', '--', '--query', 'repositories'],
      paramError('argument --region: expected one argument'),
    ],
    // compat 437: the text after '=' is the value, '--' too, where the AWS CLI 2.9.19's argparse takes the '--'
    // out of it and hands on an empty list ('Bad value for --query []: unhashable type: 'list'').
    [
      'a value written --option=--',
      ['describe-repositories', '--query=--'],
      paramValidation("Bad value for --query --: Bad jmespath expression: Unknown token '-':\n--\n^"),
    ],
    [
      'a global option whose value begins with a dash',
      ['create-repository', '--repository-name', 'ab', '--profile', '-p'],
      paramError('argument --profile: expected one argument'),
    ],
    [
      'a name under the minimum length',
      ['create-repository', '--repository-name', 'A'],
      validationError('Invalid length for parameter repositoryName, value: 1, valid min length: 2'),
    ],
    [
      'a list under its minimum',
      ['create-repository', '--repository-name', 'ab', '--image-tag-mutability-exclusion-filters', '[]'],
      validationError('Invalid length for parameter imageTagMutabilityExclusionFilters, value: 0, valid min length: 1'),
    ],
    [
      'a wrong type and an unknown member',
      [
        'create-repository',
        '--repository-name',
        'ab',
        '--image-scanning-configuration',
        '{"scanOnPush": "yes", "x": 1}',
      ],
      validationError(
        "Invalid type for parameter imageScanningConfiguration.scanOnPush, value: yes, type: <class 'str'>, valid types: <class 'bool'>",
        'Unknown parameter in imageScanningConfiguration: "x", must be one of: scanOnPush',
      ),
    ],
    [
      'a missing nested required member',
      ['create-repository', '--repository-name', 'ab', '--tags', 'Key=a'],
      validationError('Missing required parameter in tags[0]: "Value"'),
    ],
    [
      'an unknown --cli-input-json member',
      ['create-repository', '--cli-input-json', '{"repositoryName": "ab", "x": 1}'],
      validationError(
        'Unknown parameter in input: "x", must be one of: registryId, repositoryName, tags, imageTagMutability, imageTagMutabilityExclusionFilters, imageScanningConfiguration, encryptionConfiguration',
      ),
    ],
    [
      'an invalid --output',
      ['create-repository', '--repository-name', 'ab', '--output', 'xml'],
      invalidChoice('--output', 'xml'),
    ],
    [
      '--no-paginate with --max-items',
      ['describe-launch-configurations', '--no-paginate', '--max-items', '3'],
      paramValidation('Cannot specify --no-paginate along with pagination arguments: --max-items'),
    ],
    [
      'a bad --query',
      ['create-repository', '--repository-name', 'ab', '--query', 'a['],
      paramValidation('Bad value for --query a[: Invalid jmespath expression: Incomplete expression:\n"a["\n   ^'),
    ],
    [
      'a bad --query, with the position of the bad token',
      ['create-repository', '--repository-name', 'ab', '--query', 'a b'],
      paramValidation(
        'Bad value for --query a b: Unexpected token: b: Parse error at column 2, token "b" (UNQUOTED_IDENTIFIER), for expression:\n"a b"\n   ^',
      ),
    ],
    [
      'an empty --query',
      ['create-repository', '--repository-name', 'ab', '--query', ''],
      paramValidation('Bad value for --query : Invalid JMESPath expression: cannot be empty.'),
    ],
    [
      'an unknown command, with the closest suggested (difflib, ratio >= 0.8)',
      ['create-repositor'],
      invalidChoice('command', 'create-repositor', 'create-repository'),
    ],
    ['an unknown command with nothing close', ['create-repo'], invalidChoice('command', 'create-repo')],
    [
      'a mistyped command followed by its options: the command is the error',
      ['create-repositry', '--repository-name', 'a/b'],
      invalidChoice('command', 'create-repositry', 'create-repository'),
    ],
    ['no command', [], missingArgs('command')],
    // issue 25, item 16: an operation of another service is named with that service (docs/compat.md #79)
    [
      'an operation under another service',
      ['ecr', 'describe-launch-configurations'],
      invalidChoice('operation', 'describe-launch-configurations', 'svcctl autoscaling describe-launch-configurations'),
    ],
    [
      'an operation under another service, after a global option',
      ['--output', 'json', 'autoscaling', 'describe-repositories'],
      invalidChoice('operation', 'describe-repositories', 'svcctl ecr describe-repositories'),
    ],
    // issue 19, item 5: a global option never swallows the next option as its value
    [
      'a global option followed by another option',
      ['create-repository', '--repository-name', 'a/b', '--region', '--no-cli-pager'],
      paramError('argument --region: expected one argument'),
    ],
    [
      '--profile followed by another option',
      ['--profile', '--debug', 'describe-repositories'],
      paramError('argument --profile: expected one argument'),
    ],
    // issue 19, item 12: as the AWS CLI 2.36 prints it (its parser stops at Python's recursion limit), but the
    // 10,001 characters quoted by the one echo rule, where the AWS CLI quotes them whole (compat 428)
    [
      'a --query nested 5,000 deep',
      ['describe-repositories', '--query', `${'['.repeat(5000)}a${']'.repeat(5000)}`],
      paramValidation(
        `Bad value for --query ${'['.repeat(64)}... (10001 characters): maximum recursion depth exceeded`,
      ),
    ],
  ];
  it.each(cases)('%s', async (_name, argv, stderr) => {
    expect(await sb.run(argv)).toEqual(failed(252, stderr));
    // The store was never opened: no backend call happened.
    expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);
  });

  it('prints the version', async () => {
    const r = await sb.run(['--version']);
    expect(r).toEqual(ok(`svcctl/0.1.0 node/${process.version} ${process.platform}\n`));
  });

  it('takes global options before and after the command', async () => {
    const a = await sb.run([
      '--output',
      'text',
      '--query',
      'repository.repositoryName',
      'create-repository',
      '--repository-name',
      'ab',
    ]);
    const b = await sb.run([
      'create-repository',
      '--repository-name',
      'cd',
      '--output',
      'text',
      '--query',
      'repository.repositoryName',
    ]);
    expect([a, b]).toEqual([ok('ab\n'), ok('cd\n')]);
  });

  it('takes the output format from SVCCTL_DEFAULT_OUTPUT, then AWS_DEFAULT_OUTPUT', async () => {
    const q = ['create-repository', '--query', 'repository.repositoryName', '--repository-name'];
    expect(
      (await sb.run([...q, 'ab'], { env: { SVCCTL_DEFAULT_OUTPUT: 'text', AWS_DEFAULT_OUTPUT: 'json' } })).stdout,
    ).toBe('ab\n');
    expect((await sb.run([...q, 'cd'], { env: { AWS_DEFAULT_OUTPUT: 'text' } })).stdout).toBe('cd\n');
    expect((await sb.run([...q, 'ef', '--output', 'json'], { env: { AWS_DEFAULT_OUTPUT: 'text' } })).stdout).toBe(
      '"ef"\n',
    );
  });
});
