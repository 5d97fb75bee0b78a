import { operationTable } from './table.js';

const ARN = 'arn:aws:ecr:us-east-1:000000000000:repository/tags/app';
const create = ['create-repository', '--repository-name', 'tags/app', '--tags', 'Key=env,Value=prod'];
const tag = (...tags: string[]) => ['tag-resource', '--resource-arn', ARN, '--tags', ...tags];
const list = ['list-tags-for-resource', '--resource-arn', ARN];
const CN_ARN = 'arn:aws-cn:ecr:cn-north-1:000000000000:repository/tags/app';
const inChina = (...argv: string[]) => [...argv, '--region', 'cn-north-1'];

operationTable({
  operation: 'TagResource',
  cases: [
    {
      name: 'json: no output',
      setup: [create],
      argv: tag('Key=env,Value=staging', 'Key=owner,Value=platform'),
      code: 0,
      stdout: '',
      stderr: '',
    },
    {
      name: 'text: no output',
      setup: [create],
      argv: [...tag('Key=owner,Value=platform'), '--output', 'text'],
      code: 0,
      stdout: '',
      stderr: '',
    },
    {
      name: 'the tags after it: a key it had takes the new value',
      setup: [create, tag('Key=env,Value=staging', 'Key=owner,Value=platform')],
      argv: [...list, '--output', 'text'],
      code: 0,
      stdout: `TAGS	env	staging
TAGS	owner	platform
`,
      stderr: '',
    },
    {
      name: 'required --tags missing: 252',
      setup: [create],
      argv: ['tag-resource', '--resource-arn', ARN],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --tags

usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help
`,
    },
    {
      name: 'a tag without its Value: 252',
      setup: [create],
      argv: tag('Key=owner'),
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:
Missing required parameter in tags[0]: "Value"
`,
    },
    {
      name: 'a reserved key: InvalidTagParameterException, 254',
      setup: [create],
      argv: tag('Key=aws:x,Value=1'),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidTagParameterException) when calling the TagResource operation: The tag key 'aws:x' at 'tags.1.Key' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.
`,
    },
    {
      name: 'more than 50 tags in all: TooManyTagsException, 254',
      setup: [create],
      argv: tag(...Array.from({ length: 50 }, (_, i) => `Key=k${i},Value=v`)),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (TooManyTagsException) when calling the TagResource operation: The repository would have 51 tags: the maximum number of tags that can be applied to a repository is 50.
`,
    },
    {
      name: 'no such repository: RepositoryNotFoundException, 254',
      argv: tag('Key=a,Value=b'),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (RepositoryNotFoundException) when calling the TagResource operation: The repository with name 'tags/app' does not exist in the registry with id '000000000000'
`,
    },
    {
      name: 'in cn-north-1: an ARN of the aws-cn partition is taken',
      setup: [inChina(...create), inChina('tag-resource', '--resource-arn', CN_ARN, '--tags', 'Key=owner,Value=cn')],
      argv: inChina('list-tags-for-resource', '--resource-arn', CN_ARN, '--output', 'text'),
      code: 0,
      stdout: `TAGS	env	prod
TAGS	owner	cn
`,
      stderr: '',
    },
    {
      name: 'in cn-north-1: an ARN of the aws partition: InvalidParameterException, 254',
      setup: [inChina(...create)],
      argv: inChina(
        'tag-resource',
        '--resource-arn',
        'arn:aws:ecr:cn-north-1:000000000000:repository/tags/app',
        '--tags',
        'Key=a,Value=b',
      ),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the TagResource operation: Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in partition aws, not in the partition of the request's region (aws-cn)'
`,
    },
    {
      name: 'in us-east-1: an ARN of the aws-us-gov partition: InvalidParameterException, 254',
      setup: [create],
      argv: tag('Key=a,Value=b').map((w) =>
        w === ARN ? 'arn:aws-us-gov:ecr:us-east-1:000000000000:repository/tags/app' : w,
      ),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the TagResource operation: Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in partition aws-us-gov, not in the partition of the request's region (aws)'
`,
    },
    {
      name: 'an ARN of no partition: Invalid ARN, 254',
      setup: [create],
      argv: tag('Key=a,Value=b').map((w) =>
        w === ARN ? 'arn:amazon:ecr:us-east-1:000000000000:repository/tags/app' : w,
      ),
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the TagResource operation: Invalid parameter at 'resourceArn' failed to satisfy constraint: 'Invalid ARN'
`,
    },
  ],
});
