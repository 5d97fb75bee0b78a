import { createRepository, requiredMissing } from '../helpers/operation-cases.js';
import { serviceError, USAGE } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const ARN = 'arn:aws:ecr:us-east-1:000000000000:repository/tags/app';
const create = createRepository('tags/app', '--tags', 'Key=env,Value=prod', 'Key=team,Value=');
const list = (...rest: string[]) => ['list-tags-for-resource', ...rest];

operationTable({
  operation: 'ListTagsForResource',
  cases: [
    {
      name: 'json: the tags in the order given',
      setup: [create],
      argv: list('--resource-arn', ARN),
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
      argv: ['ecr', ...list('--resource-arn', ARN, '--output', 'text')],
      code: 0,
      stdout: `TAGS	env	prod
TAGS	team	
`,
      stderr: '',
    },
    {
      name: 'json: a repository without tags',
      setup: [createRepository('tags/app')],
      argv: list('--resource-arn', ARN),
      code: 0,
      stdout: `{
    "tags": []
}
`,
      stderr: '',
    },
    requiredMissing('--resource-arn', list()),
    {
      name: 'an unknown parameter: 252',
      argv: list('--resource-arn', ARN, '--tags', 'Key=a,Value=b'),
      code: 252,
      stdout: '',
      stderr: `\n${USAGE}\n\nsvcctl: [ERROR]: Unknown options: --tags, Key=a,Value=b\n`,
    },
    {
      name: 'no such repository: RepositoryNotFoundException, 254',
      argv: list('--resource-arn', 'arn:aws:ecr:us-east-1:000000000000:repository/tags/nope'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'ListTagsForResource',
        "The repository with name 'tags/nope' does not exist in the registry with id '000000000000'",
      ),
    },
    {
      name: 'not an ARN: InvalidParameterException, 254',
      argv: list('--resource-arn', 'tags/app'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'ListTagsForResource',
        "Invalid parameter at 'resourceArn' failed to satisfy constraint: 'Invalid ARN'",
      ),
    },
  ],
});
