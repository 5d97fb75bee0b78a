import { operationTable } from './table.js';

const create = ['create-repository', '--repository-name', 'team/app'];

operationTable({
  operation: 'DeleteRepository',
  cases: [
    {
      name: 'json: the deleted repository',
      setup: [create],
      argv: ['delete-repository', '--repository-name', 'team/app'],
      code: 0,
      stdout: `{
    "repository": {
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
}
`,
      stderr: '',
    },
    {
      name: 'text: the deleted repository as a row',
      setup: [create],
      argv: ['ecr', 'delete-repository', '--repository-name', 'team/app', '--output', 'text'],
      code: 0,
      stdout: `REPOSITORY	2026-11-20T23:21:51.327000+00:00	MUTABLE	000000000000	arn:aws:ecr:us-east-1:000000000000:repository/team/app	team/app	000000000000.dkr.ecr.us-east-1.amazonaws.com/team/app
ENCRYPTIONCONFIGURATION	AES256
IMAGESCANNINGCONFIGURATION	False
`,
      stderr: '',
    },
    {
      name: 'required --repository-name missing: 252',
      argv: ['delete-repository', '--force'],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --repository-name

usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help
`,
    },
    {
      name: 'a name shorter than 2 characters: 252',
      argv: ['delete-repository', '--repository-name', 'a'],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:
Invalid length for parameter repositoryName, value: 1, valid min length: 2
`,
    },
    {
      name: 'a registry id that is not 12 digits: InvalidParameterException, 254',
      argv: ['delete-repository', '--repository-name', 'team/app', '--registry-id', '12345'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the DeleteRepository operation: Invalid parameter at 'registryId' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [0-9]{12}'
`,
    },
    {
      name: 'no such repository: RepositoryNotFoundException, 254',
      argv: ['delete-repository', '--repository-name', 'team/app'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (RepositoryNotFoundException) when calling the DeleteRepository operation: The repository with name 'team/app' does not exist in the registry with id '000000000000'
`,
    },
    {
      name: 'deleted twice: RepositoryNotFoundException, 254',
      setup: [create, ['delete-repository', '--repository-name', 'team/app']],
      argv: ['delete-repository', '--repository-name', 'team/app'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (RepositoryNotFoundException) when calling the DeleteRepository operation: The repository with name 'team/app' does not exist in the registry with id '000000000000'
`,
    },
  ],
});
