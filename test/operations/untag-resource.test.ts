import { operationTable } from './table.js';

const ARN = 'arn:aws:ecr:us-east-1:000000000000:repository/tags/app';
const create = [
  'create-repository',
  '--repository-name',
  'tags/app',
  '--tags',
  'Key=env,Value=prod',
  'Key=team,Value=core',
];
const untag = (...keys: string[]) => ['untag-resource', '--resource-arn', ARN, '--tag-keys', ...keys];

operationTable({
  operation: 'UntagResource',
  cases: [
    { name: 'json: no output', setup: [create], argv: untag('team', 'nope'), code: 0, stdout: '', stderr: '' },
    {
      name: 'text: no output',
      setup: [create],
      argv: [...untag('team'), '--output', 'text'],
      code: 0,
      stdout: '',
      stderr: '',
    },
    {
      name: 'the tags after it: the others stay',
      setup: [create, untag('team', 'nope')],
      argv: ['list-tags-for-resource', '--resource-arn', ARN],
      code: 0,
      stdout: `{
    "tags": [
        {
            "Key": "env",
            "Value": "prod"
        }
    ]
}
`,
      stderr: '',
    },
    {
      name: 'required --tag-keys missing: 252',
      setup: [create],
      argv: ['untag-resource', '--resource-arn', ARN],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --tag-keys

usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help
`,
    },
    {
      name: 'required --resource-arn missing: 252',
      argv: ['untag-resource', '--tag-keys', 'team'],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --resource-arn

usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help
`,
    },
    {
      name: 'an empty key: InvalidTagParameterException, 254',
      setup: [create],
      argv: untag(''),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidTagParameterException) when calling the UntagResource operation: The tag key at 'tagKeys.1' is 0 characters long: tag keys can have 1 to 128 characters.
`,
    },
    {
      name: 'no such repository: RepositoryNotFoundException, 254',
      argv: untag('team'),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (RepositoryNotFoundException) when calling the UntagResource operation: The repository with name 'tags/app' does not exist in the registry with id '000000000000'
`,
    },
  ],
});
