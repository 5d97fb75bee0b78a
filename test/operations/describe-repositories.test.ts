import { createRepository as create, lastToken as token } from '../helpers/operation-cases.js';
import { paramValidation, serviceError, validationError, USAGE } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const THREE = [create('team/a'), create('team/b'), create('team/c')];
const names = ['--query', '[repositories[].repositoryName, NextToken]'];
// The service's own token is signed with the store's random secret: only whether there is one.
const page = ['--query', '[repositories[].repositoryName, type(nextToken)]'];

operationTable({
  operation: 'DescribeRepositories',
  cases: [
    {
      name: 'json: none yet',
      argv: ['describe-repositories'],
      code: 0,
      stdout: `{
    "repositories": []
}
`,
      stderr: '',
    },
    {
      name: 'json: every repository',
      setup: [create('team/app')],
      argv: ['ecr', 'describe-repositories'],
      code: 0,
      stdout: `{
    "repositories": [
        {
            "repositoryArn": "arn:aws:ecr:us-east-1:000000000000:repository/team/app",
            "registryId": "000000000000",
            "repositoryName": "team/app",
            "repositoryUri": "000000000000.dkr.ecr.us-east-1.amazonaws.com/team/app",
            "createdAt": "2026-11-20T23:21:51.327000+00:00",
            "imageTagMutability": "MUTABLE",
            "imageScanningConfiguration": {
                "scanOnPush": false
            },
            "encryptionConfiguration": {
                "encryptionType": "AES256"
            }
        }
    ]
}
`,
      stderr: '',
    },
    {
      name: 'text: one row per repository',
      setup: [create('team/app'), create('team/api')],
      argv: ['describe-repositories', '--output', 'text'],
      code: 0,
      stdout: `REPOSITORIES	2026-11-20T23:21:51.327000+00:00	MUTABLE	000000000000	arn:aws:ecr:us-east-1:000000000000:repository/team/api	team/api	000000000000.dkr.ecr.us-east-1.amazonaws.com/team/api
ENCRYPTIONCONFIGURATION	AES256
IMAGESCANNINGCONFIGURATION	False
REPOSITORIES	2026-11-20T23:21:51.327000+00:00	MUTABLE	000000000000	arn:aws:ecr:us-east-1:000000000000:repository/team/app	team/app	000000000000.dkr.ecr.us-east-1.amazonaws.com/team/app
ENCRYPTIONCONFIGURATION	AES256
IMAGESCANNINGCONFIGURATION	False
`,
      stderr: '',
    },
    {
      name: 'by name, --query selecting members',
      setup: THREE,
      argv: [
        'describe-repositories',
        '--repository-names',
        'team/c',
        'team/a',
        '--query',
        'repositories[].[repositoryName,repositoryUri]',
        '--output',
        'text',
      ],
      code: 0,
      stdout: `team/a	000000000000.dkr.ecr.us-east-1.amazonaws.com/team/a
team/c	000000000000.dkr.ecr.us-east-1.amazonaws.com/team/c
`,
      stderr: '',
    },
    {
      name: 'no required member; an unknown option instead: 252',
      argv: ['describe-repositories', '--name', 'team/app'],
      code: 252,
      stdout: '',
      stderr: `\n${USAGE}\n\nsvcctl: [ERROR]: Unknown options: --name, team/app\n`,
    },
    {
      // Final hostile pass 12: a stray word (a value given to a flag that takes none) was quoted whole.
      name: 'an unknown word of 5,000 characters is quoted by the echo rule',
      argv: ['describe-repositories', 'x'.repeat(5000), '--output', 'json', `--y=${'z'.repeat(2000)}`],
      code: 252,
      stdout: '',
      stderr: `\n${USAGE}\n\nsvcctl: [ERROR]: Unknown options: ${'x'.repeat(64)}... (5000 characters), --y=${'z'.repeat(60)}... (2004 characters)\n`,
    },
    {
      name: 'an abbreviated option is the option it starts',
      setup: [create('team/app')],
      argv: ['describe-repositories', '--repository-name', 'team/app', '--query', 'repositories[].repositoryName'],
      code: 0,
      stdout: `[
    "team/app"
]
`,
      stderr: '',
    },
    {
      name: 'a name shorter than 2 characters: 252',
      argv: ['describe-repositories', '--repository-names', 'a'],
      code: 252,
      stdout: '',
      stderr: validationError('Invalid length for parameter repositoryNames[0], value: 1, valid min length: 2'),
    },
    {
      name: '--max-results below 1: 252',
      argv: ['describe-repositories', '--max-results', '0'],
      code: 252,
      stdout: '',
      stderr: validationError('Invalid value for parameter maxResults, value: 0, valid min value: 1'),
    },
    {
      name: 'a name that is no repository: RepositoryNotFoundException, 254',
      setup: [create('team/app')],
      argv: ['describe-repositories', '--repository-names', 'team/app', 'nope/x'],
      code: 254,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'DescribeRepositories',
        "The repository with name 'nope/x' does not exist in the registry with id '000000000000'",
      ),
    },
    {
      name: 'paging: --max-items gives the first items and a token',
      setup: THREE,
      argv: ['describe-repositories', '--max-items', '2', ...names],
      code: 0,
      stdout: `[
    [
        "team/a",
        "team/b"
    ],
    "eyJuZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAyfQ=="
]
`,
      stderr: '',
    },
    {
      name: 'paging: --starting-token resumes',
      setup: [...THREE, ['describe-repositories', '--max-items', '2', ...names]],
      argv: (setup) => ['describe-repositories', '--max-items', '2', '--starting-token', token(setup), ...names],
      code: 0,
      stdout: `[
    [
        "team/c"
    ],
    null
]
`,
      stderr: '',
    },
    {
      name: 'paging: --page-size 1 still gives every item, a call a page',
      setup: THREE,
      argv: ['describe-repositories', '--page-size', '1', ...names],
      requests: 3,
      code: 0,
      stdout: `[
    [
        "team/a",
        "team/b",
        "team/c"
    ],
    null
]
`,
      stderr: '',
    },
    {
      name: 'paging: --max-results turns paging off: one page and its nextToken',
      setup: THREE,
      argv: ['describe-repositories', '--max-results', '1', ...page],
      code: 0,
      stdout: `[
    [
        "team/a"
    ],
    "string"
]
`,
      stderr: '',
    },
    {
      name: 'paging: --next-token gives the next page',
      setup: [
        ...THREE,
        ['describe-repositories', '--max-results', '2', '--query', '[repositories[].repositoryName, nextToken]'],
      ],
      argv: (setup) => ['describe-repositories', '--next-token', token(setup), ...page],
      code: 0,
      stdout: `[
    [
        "team/c"
    ],
    "null"
]
`,
      stderr: '',
    },
    {
      name: 'paging: a forged --starting-token: 252',
      setup: THREE,
      argv: ['describe-repositories', '--starting-token', 'forged', ...names],
      code: 252,
      stdout: '',
      stderr: paramValidation(
        'Bad value for --starting-token: "forged" is not a NextToken printed by svcctl or the AWS CLI for this command (not base64; a nextToken that --no-paginate printed is the service\'s own: give it to --next-token).',
      ),
    },
    {
      // ECR's model lists no InvalidNextToken for DescribeRepositories: its errors are
      // InvalidParameterException, RepositoryNotFoundException and ServerException.
      name: 'a forged --next-token: InvalidParameterException (ECR has no InvalidNextToken), 254',
      setup: THREE,
      argv: ['describe-repositories', '--next-token', 'forged.token'],
      code: 254,
      status: 400,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'DescribeRepositories',
        "Invalid parameter at 'nextToken' failed to satisfy constraint: 'The token was not issued by this registry'",
      ),
    },
  ],
});
