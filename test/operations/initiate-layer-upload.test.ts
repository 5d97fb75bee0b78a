import { serviceError } from '../helpers/cli-results.js';
import { createRepository as create } from '../helpers/operation-cases.js';
import { initiate } from './layer-files.js';
import { operationTable } from './table.js';

operationTable({
  operation: 'InitiateLayerUpload',
  cases: [
    {
      name: 'json: the upload id and the part size ECR advises',
      setup: [create('team/app')],
      argv: ['initiate-layer-upload', '--repository-name', 'team/app'],
      code: 0,
      stdout: `{
    "uploadId": "00000000-0000-4000-8000-000000000001",
    "partSize": 10485760
}
`,
      stderr: '',
    },
    {
      name: 'text: the upload id alone',
      setup: [create('team/app')],
      argv: ['ecr', ...initiate()],
      code: 0,
      stdout: '00000000-0000-4000-8000-000000000001\n',
      stderr: '',
    },
    {
      name: 'a repository that does not exist: RepositoryNotFoundException, 254',
      argv: initiate('team/none'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'InitiateLayerUpload',
        "The repository with name 'team/none' does not exist in the registry with id '000000000000'",
      ),
    },
  ],
});
