import { createRepository, requiredMissing } from '../helpers/operation-cases.js';
import { serviceError, validationError } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const ARN = 'arn:aws:ecr:us-east-1:000000000000:repository/tags/app';
const create = createRepository('tags/app', '--tags', 'Key=env,Value=prod');
const tagArn = (arn: string, ...tags: string[]) => ['tag-resource', '--resource-arn', arn, '--tags', ...tags];
const tag = (...tags: string[]) => tagArn(ARN, ...tags);
const error = (code: string, message: string) => serviceError(code, 'TagResource', message);
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
    requiredMissing('--tags', ['tag-resource', '--resource-arn', ARN], [create]),
    {
      name: 'a tag without its Value: 252',
      setup: [create],
      argv: tag('Key=owner'),
      code: 252,
      stdout: '',
      stderr: validationError('Missing required parameter in tags[0]: "Value"'),
    },
    {
      name: 'a reserved key: InvalidTagParameterException, 254',
      setup: [create],
      argv: tag('Key=aws:x,Value=1'),
      code: 254,
      stdout: '',
      stderr: error(
        'InvalidTagParameterException',
        "The tag key 'aws:x' at 'tags.1.Key' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.",
      ),
    },
    {
      name: 'more than 50 tags in all: TooManyTagsException, 254',
      setup: [create],
      argv: tag(...Array.from({ length: 50 }, (_, i) => `Key=k${i},Value=v`)),
      code: 254,
      stdout: '',
      stderr: error(
        'TooManyTagsException',
        'The repository would have 51 tags: the maximum number of tags that can be applied to a repository is 50.',
      ),
    },
    {
      name: 'no such repository: RepositoryNotFoundException, 254',
      argv: tag('Key=a,Value=b'),
      code: 254,
      stdout: '',
      stderr: error(
        'RepositoryNotFoundException',
        "The repository with name 'tags/app' does not exist in the registry with id '000000000000'",
      ),
    },
    {
      name: 'in cn-north-1: an ARN of the aws-cn partition is taken',
      setup: [inChina(...create), inChina(...tagArn(CN_ARN, 'Key=owner,Value=cn'))],
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
      argv: inChina(...tagArn('arn:aws:ecr:cn-north-1:000000000000:repository/tags/app', 'Key=a,Value=b')),
      code: 254,
      stdout: '',
      stderr: error(
        'InvalidParameterException',
        "Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in partition aws, not in the partition of the request's region (aws-cn)'",
      ),
    },
    {
      name: 'in us-east-1: an ARN of the aws-us-gov partition: InvalidParameterException, 254',
      setup: [create],
      argv: tagArn('arn:aws-us-gov:ecr:us-east-1:000000000000:repository/tags/app', 'Key=a,Value=b'),
      code: 254,
      stdout: '',
      stderr: error(
        'InvalidParameterException',
        "Invalid parameter at 'resourceArn' failed to satisfy constraint: 'The ARN is in partition aws-us-gov, not in the partition of the request's region (aws)'",
      ),
    },
    {
      name: 'an ARN of no partition: Invalid ARN, 254',
      setup: [create],
      argv: tagArn('arn:amazon:ecr:us-east-1:000000000000:repository/tags/app', 'Key=a,Value=b'),
      code: 254,
      stdout: '',
      stderr: error(
        'InvalidParameterException',
        "Invalid parameter at 'resourceArn' failed to satisfy constraint: 'Invalid ARN'",
      ),
    },
  ],
});
