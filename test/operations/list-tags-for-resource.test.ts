import { operationTable } from './table.js';

const ARN = 'arn:aws:ecr:us-east-1:000000000000:repository/tags/app';
const create = [
  'create-repository',
  '--repository-name',
  'tags/app',
  '--tags',
  'Key=env,Value=prod',
  'Key=team,Value=',
];

operationTable({
  operation: 'ListTagsForResource',
  cases: [
    {
      name: 'json: the tags in the order given',
      setup: [create],
      argv: ['list-tags-for-resource', '--resource-arn', ARN],
      code: 0,
      stdout: `{
    "tags": [
        {
            "Key": "env",
            "Value": "prod"
        },
        {
            "Key": "team",
            "Value": ""
        }
    ]
}
`,
      stderr: '',
    },
    {
      name: 'text: one TAGS row per tag',
      setup: [create],
      argv: ['ecr', 'list-tags-for-resource', '--resource-arn', ARN, '--output', 'text'],
      code: 0,
      stdout: `TAGS	env	prod
TAGS	team	
`,
      stderr: '',
    },
    {
      name: 'json: a repository without tags',
      setup: [['create-repository', '--repository-name', 'tags/app']],
      argv: ['list-tags-for-resource', '--resource-arn', ARN],
      code: 0,
      stdout: `{
    "tags": []
}
`,
      stderr: '',
    },
    {
      name: 'required --resource-arn missing: 252',
      argv: ['list-tags-for-resource'],
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
      name: 'an unknown parameter: 252',
      argv: ['list-tags-for-resource', '--resource-arn', ARN, '--tags', 'Key=a,Value=b'],
      code: 252,
      stdout: '',
      stderr: `
usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help


svcctl: [ERROR]: Unknown options: --tags, Key=a,Value=b
`,
    },
    {
      name: 'no such repository: RepositoryNotFoundException, 254',
      argv: ['list-tags-for-resource', '--resource-arn', 'arn:aws:ecr:us-east-1:000000000000:repository/tags/nope'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (RepositoryNotFoundException) when calling the ListTagsForResource operation: The repository with name 'tags/nope' does not exist in the registry with id '000000000000'
`,
    },
    {
      name: 'not an ARN: InvalidParameterException, 254',
      argv: ['list-tags-for-resource', '--resource-arn', 'tags/app'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the ListTagsForResource operation: Invalid parameter at 'resourceArn' failed to satisfy constraint: 'Invalid ARN'
`,
    },
  ],
});
