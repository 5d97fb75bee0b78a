import { TEAM_APP_JSON, createRepository, requiredMissing } from '../helpers/operation-cases.js';
import { serviceError, validationError } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const create = createRepository('team/app');
const del = (...rest: string[]) => ['delete-repository', ...rest];
const NOT_FOUND = serviceError(
  'RepositoryNotFoundException',
  'DeleteRepository',
  "The repository with name 'team/app' does not exist in the registry with id '000000000000'",
);

operationTable({
  operation: 'DeleteRepository',
  cases: [
    {
      name: 'json: the deleted repository',
      setup: [create],
      argv: del('--repository-name', 'team/app'),
      code: 0,
      stdout: TEAM_APP_JSON,
      stderr: '',
    },
    {
      name: 'text: the deleted repository as a row',
      setup: [create],
      argv: ['ecr', ...del('--repository-name', 'team/app', '--output', 'text')],
      code: 0,
      stdout: `REPOSITORY	2026-11-20T23:21:51.327000+00:00	MUTABLE	000000000000	arn:aws:ecr:us-east-1:000000000000:repository/team/app	team/app	000000000000.dkr.ecr.us-east-1.amazonaws.com/team/app
ENCRYPTIONCONFIGURATION	AES256
IMAGESCANNINGCONFIGURATION	False
`,
      stderr: '',
    },
    requiredMissing('--repository-name', del('--force')),
    {
      name: 'a name shorter than 2 characters: 252',
      argv: del('--repository-name', 'a'),
      code: 252,
      stdout: '',
      stderr: validationError('Invalid length for parameter repositoryName, value: 1, valid min length: 2'),
    },
    {
      name: 'a registry id that is not 12 digits: InvalidParameterException, 254',
      argv: del('--repository-name', 'team/app', '--registry-id', '12345'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidParameterException',
        'DeleteRepository',
        "Invalid parameter at 'registryId' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [0-9]{12}'",
      ),
    },
    {
      name: 'no such repository: RepositoryNotFoundException, 254',
      argv: del('--repository-name', 'team/app'),
      code: 254,
      stdout: '',
      stderr: NOT_FOUND,
    },
    {
      name: 'deleted twice: RepositoryNotFoundException, 254',
      setup: [create, del('--repository-name', 'team/app')],
      argv: del('--repository-name', 'team/app'),
      code: 254,
      stdout: '',
      stderr: NOT_FOUND,
    },
  ],
});
