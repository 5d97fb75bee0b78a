import { operationTable } from './table.js';

operationTable({
  operation: 'CreateRepository',
  cases: [
    {
      name: 'json: the new repository with its defaults',
      argv: ['create-repository', '--repository-name', 'team/app'],
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
      name: 'text: the repository and its settings as rows',
      argv: [
        'ecr',
        'create-repository',
        '--repository-name',
        'team/api',
        '--image-tag-mutability',
        'IMMUTABLE',
        '--image-scanning-configuration',
        'scanOnPush=true',
        '--tags',
        'Key=env,Value=prod',
        '--output',
        'text',
      ],
      code: 0,
      stdout: `REPOSITORY	2026-11-20T23:21:51.327000+00:00	IMMUTABLE	000000000000	arn:aws:ecr:us-east-1:000000000000:repository/team/api	team/api	000000000000.dkr.ecr.us-east-1.amazonaws.com/team/api
ENCRYPTIONCONFIGURATION	AES256
IMAGESCANNINGCONFIGURATION	True
`,
      stderr: '',
    },
    {
      name: 'required --repository-name missing: 252',
      argv: ['create-repository', '--image-tag-mutability', 'MUTABLE'],
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
      argv: ['create-repository', '--repository-name', 'a'],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:
Invalid length for parameter repositoryName, value: 1, valid min length: 2
`,
    },
    {
      name: 'a mutability outside the enum: InvalidParameterException, 254',
      argv: ['create-repository', '--repository-name', 'ok', '--image-tag-mutability', 'SOMETIMES'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the CreateRepository operation: Invalid parameter at 'imageTagMutability' failed to satisfy constraint: 'Member must satisfy enum value set: [MUTABLE, IMMUTABLE, IMMUTABLE_WITH_EXCLUSION, MUTABLE_WITH_EXCLUSION]'
`,
    },
    {
      name: 'the name taken: RepositoryAlreadyExistsException, 254',
      setup: [['create-repository', '--repository-name', 'team/app']],
      argv: ['create-repository', '--repository-name', 'team/app'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (RepositoryAlreadyExistsException) when calling the CreateRepository operation: The repository with name 'team/app' already exists in the registry with id '000000000000'
`,
    },
    {
      name: 'one past the quota (service setting repositories_per_region): LimitExceededException, 254',
      settings: { repositories_per_region: '2' },
      setup: [
        ['create-repository', '--repository-name', 'team/a'],
        ['create-repository', '--repository-name', 'team/b'],
      ],
      argv: ['create-repository', '--repository-name', 'team/c'],
      code: 254,
      status: 400,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (LimitExceededException) when calling the CreateRepository operation: The repository limit of 2 per region has been reached in the registry with id '000000000000' in us-east-1 (service setting repositories_per_region).
`,
    },
    {
      name: 'the quota counts per registry: another registry has its own',
      settings: { repositories_per_region: '1' },
      setup: [['create-repository', '--repository-name', 'team/a']],
      argv: [
        'create-repository',
        '--repository-name',
        'team/a',
        '--registry-id',
        '111111111111',
        '--query',
        'repository.repositoryArn',
      ],
      code: 0,
      stdout: '"arn:aws:ecr:us-east-1:111111111111:repository/team/a"\n',
      stderr: '',
    },
    {
      name: 'a kmsKey ARN in another region than the repository (spec 4.5): InvalidParameterException, 254',
      argv: [
        'create-repository',
        '--repository-name',
        'team/app',
        '--encryption-configuration',
        'encryptionType=KMS,kmsKey=arn:aws:kms:eu-west-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab',
      ],
      code: 254,
      status: 400,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the CreateRepository operation: kmsKey arn:aws:kms:eu-west-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab is in region eu-west-1: the key must be in the same region as the repository (us-east-1)
`,
    },
    {
      name: 'a kmsKey ARN in the repository region, and an alias (no region of its own), are taken',
      setup: [
        [
          'create-repository',
          '--repository-name',
          'team/app',
          '--encryption-configuration',
          'encryptionType=KMS_DSSE,kmsKey=arn:aws:kms:eu-west-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab',
          '--region',
          'eu-west-1',
        ],
        [
          'create-repository',
          '--repository-name',
          'team/api',
          '--encryption-configuration',
          'encryptionType=KMS,kmsKey=alias/team',
        ],
      ],
      argv: ['describe-repositories', '--region', 'eu-west-1', '--query', 'repositories[].encryptionConfiguration'],
      code: 0,
      stdout: `[
    {
        "encryptionType": "KMS_DSSE",
        "kmsKey": "arn:aws:kms:eu-west-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab"
    }
]
`,
      stderr: '',
    },
    {
      name: 'a name with upper case: InvalidParameterException, 254',
      argv: ['create-repository', '--repository-name', 'Ab'],
      code: 254,
      stdout: '',
      stderr:
        "\nsvcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the CreateRepository operation: Invalid parameter at 'repositoryName' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*'\n",
    },
    {
      name: 'a reserved tag key: InvalidTagParameterException, 254',
      argv: ['create-repository', '--repository-name', 'ok', '--tags', 'Key=aws:x,Value=1'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidTagParameterException) when calling the CreateRepository operation: The tag key 'aws:x' at 'tags.1.Key' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.
`,
    },
    {
      name: 'in cn-north-1: the ARN and URI of the aws-cn partition',
      argv: [
        'create-repository',
        '--repository-name',
        'team/app',
        '--region',
        'cn-north-1',
        '--query',
        'repository.[repositoryArn,repositoryUri]',
        '--output',
        'text',
      ],
      code: 0,
      stdout:
        'arn:aws-cn:ecr:cn-north-1:000000000000:repository/team/app\t000000000000.dkr.ecr.cn-north-1.amazonaws.com.cn/team/app\n',
      stderr: '',
    },
    {
      name: 'in us-iso-east-1: the ARN and URI of the aws-iso partition',
      argv: [
        'create-repository',
        '--repository-name',
        'team/app',
        '--region',
        'us-iso-east-1',
        '--query',
        'repository.[repositoryArn,repositoryUri]',
        '--output',
        'text',
      ],
      code: 0,
      stdout:
        'arn:aws-iso:ecr:us-iso-east-1:000000000000:repository/team/app\t000000000000.dkr.ecr.us-iso-east-1.c2s.ic.gov/team/app\n',
      stderr: '',
    },
    {
      name: 'in us-gov-west-1 with KMS: the managed key ARN of the aws-us-gov partition',
      argv: [
        'create-repository',
        '--repository-name',
        'team/app',
        '--region',
        'us-gov-west-1',
        '--encryption-configuration',
        'encryptionType=KMS',
        '--query',
        'repository.[repositoryArn,encryptionConfiguration.kmsKey]',
        '--output',
        'text',
      ],
      code: 0,
      stdout:
        'arn:aws-us-gov:ecr:us-gov-west-1:000000000000:repository/team/app\tarn:aws-us-gov:kms:us-gov-west-1:000000000000:key/055ea113-5f89-48b9-bca2-58f192d267e1\n',
      stderr: '',
    },
    {
      name: 'in cn-north-1: a KMS key ARN of the aws-cn partition is taken',
      argv: [
        'create-repository',
        '--repository-name',
        'team/app',
        '--region',
        'cn-north-1',
        '--encryption-configuration',
        'encryptionType=KMS,kmsKey=arn:aws-cn:kms:cn-north-1:000000000000:key/k-1',
        '--query',
        'repository.encryptionConfiguration.kmsKey',
        '--output',
        'text',
      ],
      code: 0,
      stdout: 'arn:aws-cn:kms:cn-north-1:000000000000:key/k-1\n',
      stderr: '',
    },
    {
      name: 'in cn-north-1: a KMS key ARN of the aws partition: InvalidParameterException, 254',
      argv: [
        'create-repository',
        '--repository-name',
        'team/app',
        '--region',
        'cn-north-1',
        '--encryption-configuration',
        'encryptionType=KMS,kmsKey=arn:aws:kms:cn-north-1:000000000000:key/k-1',
      ],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the CreateRepository operation: Invalid parameter at 'kmsKey' failed to satisfy constraint: 'The ARN is in partition aws, not in the partition of the request's region (aws-cn)'
`,
    },
    {
      name: 'a region name in upper case (US-EAST-1): refused before any call, 253',
      argv: ['create-repository', '--repository-name', 'team/app', '--region', 'US-EAST-1'],
      code: 253,
      stdout: '',
      stderr: `
svcctl: [ERROR]: Provided region_name 'US-EAST-1' doesn't match a supported format.
`,
    },
  ],
});
