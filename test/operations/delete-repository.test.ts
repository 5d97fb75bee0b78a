import { TEAM_APP_JSON, createRepository, requiredMissing } from '../helpers/operation-cases.js';
import { serviceError, validationError } from '../helpers/cli-results.js';
import { type SeedImage, seedDigest } from '../helpers/seed-images.js';
import { operationTable } from './table.js';

const IMAGE: SeedImage = { repository: 'team/app', tags: ['v1'], layers: [1] };
const OTHER: SeedImage = { repository: 'team/api', tags: ['v1'], layers: [1] };

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
    {
      name: 'a repository holding images: RepositoryNotEmptyException, 254, and it stays',
      setup: [create, { images: [IMAGE] }],
      argv: del('--repository-name', 'team/app'),
      code: 254,
      status: 400,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotEmptyException',
        'DeleteRepository',
        "The repository with name 'team/app' in registry with id '000000000000' cannot be deleted because it still contains images",
      ),
    },
    {
      name: '--force: deleted with its images',
      setup: [create, { images: [IMAGE] }],
      argv: del('--repository-name', 'team/app', '--force', '--query', 'repository.repositoryName', '--output', 'text'),
      code: 0,
      stdout: 'team/app\n',
      stderr: '',
    },
    {
      name: '--force: a repository made again under the name has none of the old images',
      setup: [create, { images: [IMAGE] }, del('--repository-name', 'team/app', '--force'), create],
      argv: ['list-images', '--repository-name', 'team/app'],
      code: 0,
      stdout: '{\n    "imageIds": []\n}\n',
      stderr: '',
    },
    {
      name: "--force: another repository's image over the same blobs is untouched",
      setup: [
        create,
        createRepository('team/api'),
        { images: [IMAGE, OTHER] },
        del('--repository-name', 'team/app', '--force'),
      ],
      argv: [
        'batch-get-image',
        '--repository-name',
        'team/api',
        '--image-ids',
        'imageTag=v1',
        '--query',
        'images[0].imageId.imageDigest',
        '--output',
        'text',
      ],
      code: 0,
      stdout: `${seedDigest(OTHER)}\n`,
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
