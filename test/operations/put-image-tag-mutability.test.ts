import { createRepository as create } from '../helpers/operation-cases.js';
import { missingArgs, serviceError } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const set = (...rest: string[]) => ['put-image-tag-mutability', '--repository-name', 'team/app', ...rest];
const FILTER = ['--image-tag-mutability-exclusion-filters', 'filterType=WILDCARD,filter=latest*'];
const describe = [
  'describe-repositories',
  '--repository-names',
  'team/app',
  '--query',
  'repositories[0].[imageTagMutability, imageTagMutabilityExclusionFilters]',
  '--output',
  'json',
];

operationTable({
  operation: 'PutImageTagMutability',
  cases: [
    {
      name: 'json: the setting now in effect',
      setup: [create('team/app')],
      argv: ['ecr', ...set('--image-tag-mutability', 'IMMUTABLE')],
      code: 0,
      stdout: `{
    "registryId": "000000000000",
    "repositoryName": "team/app",
    "imageTagMutability": "IMMUTABLE"
}
`,
      stderr: '',
    },
    {
      name: 'json: with exclusion filters',
      setup: [create('team/app')],
      argv: set('--image-tag-mutability', 'IMMUTABLE_WITH_EXCLUSION', ...FILTER),
      code: 0,
      stdout: `{
    "registryId": "000000000000",
    "repositoryName": "team/app",
    "imageTagMutability": "IMMUTABLE_WITH_EXCLUSION",
    "imageTagMutabilityExclusionFilters": [
        {
            "filterType": "WILDCARD",
            "filter": "latest*"
        }
    ]
}
`,
      stderr: '',
    },
    {
      name: 'text: a row',
      setup: [create('team/app')],
      argv: set('--image-tag-mutability', 'IMMUTABLE', '--output', 'text'),
      code: 0,
      stdout: 'IMMUTABLE\t000000000000\tteam/app\n',
      stderr: '',
    },
    {
      name: 'DescribeRepositories shows the new setting',
      setup: [create('team/app'), set('--image-tag-mutability', 'MUTABLE_WITH_EXCLUSION', ...FILTER)],
      argv: describe,
      code: 0,
      stdout: `[
    "MUTABLE_WITH_EXCLUSION",
    [
        {
            "filterType": "WILDCARD",
            "filter": "latest*"
        }
    ]
]
`,
      stderr: '',
    },
    {
      name: 'back to MUTABLE: the filters go with the old setting',
      setup: [
        create('team/app', '--image-tag-mutability', 'IMMUTABLE_WITH_EXCLUSION', ...FILTER),
        set('--image-tag-mutability', 'MUTABLE'),
      ],
      argv: describe,
      code: 0,
      stdout: `[
    "MUTABLE",
    null
]
`,
      stderr: '',
    },
    {
      name: 'filters with MUTABLE: InvalidParameterException, 254',
      setup: [create('team/app')],
      argv: set('--image-tag-mutability', 'MUTABLE', ...FILTER),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'PutImageTagMutability',
        'imageTagMutabilityExclusionFilters can only be used with IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION, not MUTABLE',
      ),
    },
    {
      name: 'a _WITH_EXCLUSION setting without filters: InvalidParameterException, 254',
      setup: [create('team/app')],
      argv: set('--image-tag-mutability', 'MUTABLE_WITH_EXCLUSION'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'PutImageTagMutability',
        'imageTagMutability MUTABLE_WITH_EXCLUSION requires 1 to 5 imageTagMutabilityExclusionFilters',
      ),
    },
    {
      name: 'a setting ECR does not have: InvalidParameterException, 254',
      setup: [create('team/app')],
      argv: set('--image-tag-mutability', 'SOMETIMES'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'PutImageTagMutability',
        "Invalid parameter at 'imageTagMutability' failed to satisfy constraint: 'Member must satisfy enum value set: [MUTABLE, IMMUTABLE, IMMUTABLE_WITH_EXCLUSION, MUTABLE_WITH_EXCLUSION]'",
      ),
    },
    {
      name: 'a repository that does not exist: RepositoryNotFoundException, 254',
      argv: set('--image-tag-mutability', 'IMMUTABLE'),
      code: 254,
      status: 400,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'PutImageTagMutability',
        "The repository with name 'team/app' does not exist in the registry with id '000000000000'",
      ),
    },
    {
      name: 'no setting: 252',
      setup: [create('team/app')],
      argv: set(),
      code: 252,
      stdout: '',
      stderr: missingArgs('--image-tag-mutability'),
    },
  ],
});
