import { serviceError } from '../helpers/cli-results.js';
import { createRepository as create } from '../helpers/operation-cases.js';
import { operationTable } from './table.js';

const put = (value: string, name = 'team/app') => [
  'put-image-scanning-configuration',
  '--repository-name',
  name,
  '--image-scanning-configuration',
  value,
];

operationTable({
  operation: 'PutImageScanningConfiguration',
  cases: [
    {
      name: 'json: the repository and its configuration now',
      setup: [create('team/app')],
      argv: put('scanOnPush=true'),
      code: 0,
      stdout: `{
    "registryId": "000000000000",
    "repositoryName": "team/app",
    "imageScanningConfiguration": {
        "scanOnPush": true
    }
}
`,
      stderr: '',
    },
    {
      name: 'describe-repositories shows it',
      setup: [create('team/app'), put('scanOnPush=true')],
      argv: ['describe-repositories', '--query', 'repositories[0].imageScanningConfiguration.scanOnPush'],
      code: 0,
      stdout: 'true\n',
      stderr: '',
    },
    {
      name: 'and turns it off again',
      setup: [create('team/app', '--image-scanning-configuration', 'scanOnPush=true'), put('scanOnPush=false')],
      argv: ['describe-repositories', '--query', 'repositories[0].imageScanningConfiguration'],
      code: 0,
      stdout: `{
    "scanOnPush": false
}
`,
      stderr: '',
    },
    {
      name: 'a repository that does not exist: RepositoryNotFoundException, 254',
      argv: put('scanOnPush=true', 'team/none'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'RepositoryNotFoundException',
        'PutImageScanningConfiguration',
        "The repository with name 'team/none' does not exist in the registry with id '000000000000'",
      ),
    },
  ],
});
