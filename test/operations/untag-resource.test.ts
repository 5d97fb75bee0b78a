import { createRepository, requiredMissing } from '../helpers/operation-cases.js';
import { serviceError } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const ARN = 'arn:aws:ecr:us-east-1:000000000000:repository/tags/app';
const create = createRepository('tags/app', '--tags', 'Key=env,Value=prod', 'Key=team,Value=core');
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
    requiredMissing('--tag-keys', ['untag-resource', '--resource-arn', ARN], [create]),
    requiredMissing('--resource-arn', ['untag-resource', '--tag-keys', 'team']),
    {
      name: 'an empty key: InvalidTagParameterException, 254',
      setup: [create],
      argv: untag(''),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidTagParameterException',
        'UntagResource',
        "The tag key at 'tagKeys.1' is 0 characters long: tag keys can have 1 to 128 characters.",
      ),
    },
    {
      name: 'no such repository: RepositoryNotFoundException, 254',
      argv: untag('team'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'UntagResource',
        "The repository with name 'tags/app' does not exist in the registry with id '000000000000'",
      ),
    },
  ],
});
