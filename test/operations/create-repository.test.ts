import { TEAM_APP_JSON, createRepository as create, requiredMissing } from '../helpers/operation-cases.js';
import { serviceError, validationError } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const KMS_KEY = 'arn:aws:kms:eu-west-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const ARN_AND_URI = ['--query', 'repository.[repositoryArn,repositoryUri]', '--output', 'text'];
const invalid = (message: string) => serviceError('InvalidParameterException', 'CreateRepository', message);

operationTable({
  operation: 'CreateRepository',
  cases: [
    {
      name: 'json: the new repository with its defaults',
      argv: create('team/app'),
      code: 0,
      stdout: TEAM_APP_JSON,
      stderr: '',
    },
    {
      name: 'text: the repository and its settings as rows',
      argv: [
        'ecr',
        ...create(
          'team/api',
          '--image-tag-mutability',
          'IMMUTABLE',
          '--image-scanning-configuration',
          'scanOnPush=true',
          '--tags',
          'Key=env,Value=prod',
          '--output',
          'text',
        ),
      ],
      code: 0,
      stdout: `REPOSITORY	2026-11-20T23:21:51.327000+00:00	IMMUTABLE	000000000000	arn:aws:ecr:us-east-1:000000000000:repository/team/api	team/api	000000000000.dkr.ecr.us-east-1.amazonaws.com/team/api
ENCRYPTIONCONFIGURATION	AES256
IMAGESCANNINGCONFIGURATION	True
`,
      stderr: '',
    },
    requiredMissing('--repository-name', ['create-repository', '--image-tag-mutability', 'MUTABLE']),
    {
      name: 'a name shorter than 2 characters: 252',
      argv: create('a'),
      code: 252,
      stdout: '',
      stderr: validationError('Invalid length for parameter repositoryName, value: 1, valid min length: 2'),
    },
    {
      name: 'a mutability outside the enum: InvalidParameterException, 254',
      argv: create('ok', '--image-tag-mutability', 'SOMETIMES'),
      code: 254,
      stdout: '',
      stderr: invalid(
        "Invalid parameter at 'imageTagMutability' failed to satisfy constraint: 'Member must satisfy enum value set: [MUTABLE, IMMUTABLE, IMMUTABLE_WITH_EXCLUSION, MUTABLE_WITH_EXCLUSION]'",
      ),
    },
    {
      name: 'the name taken: RepositoryAlreadyExistsException, 254',
      setup: [create('team/app')],
      argv: create('team/app'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'RepositoryAlreadyExistsException',
        'CreateRepository',
        "The repository with name 'team/app' already exists in the registry with id '000000000000'",
      ),
    },
    {
      name: 'one past the quota (service setting repositories_per_region): LimitExceededException, 254',
      settings: { repositories_per_region: '2' },
      setup: [create('team/a'), create('team/b')],
      argv: create('team/c'),
      code: 254,
      status: 400,
      stdout: '',
      stderr: serviceError(
        'LimitExceededException',
        'CreateRepository',
        "The repository limit of 2 per region has been reached in the registry with id '000000000000' in us-east-1 (service setting repositories_per_region).",
      ),
    },
    {
      name: 'the quota counts per registry: another registry has its own',
      settings: { repositories_per_region: '1' },
      setup: [create('team/a')],
      argv: create('team/a', '--registry-id', '111111111111', '--query', 'repository.repositoryArn'),
      code: 0,
      stdout: '"arn:aws:ecr:us-east-1:111111111111:repository/team/a"\n',
      stderr: '',
    },
    {
      name: 'a kmsKey ARN in another region than the repository (spec 4.5): InvalidParameterException, 254',
      argv: create('team/app', '--encryption-configuration', `encryptionType=KMS,kmsKey=${KMS_KEY}`),
      code: 254,
      status: 400,
      stdout: '',
      stderr: invalid(
        'kmsKey arn:aws:kms:eu-west-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab is in region eu-west-1: the key must be in the same region as the repository (us-east-1)',
      ),
    },
    {
      name: 'a kmsKey ARN in the repository region, and an alias (no region of its own), are taken',
      setup: [
        create(
          'team/app',
          '--encryption-configuration',
          `encryptionType=KMS_DSSE,kmsKey=${KMS_KEY}`,
          '--region',
          'eu-west-1',
        ),
        create('team/api', '--encryption-configuration', 'encryptionType=KMS,kmsKey=alias/team'),
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
      argv: create('Ab'),
      code: 254,
      stdout: '',
      stderr: invalid(
        "Invalid parameter at 'repositoryName' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*'",
      ),
    },
    {
      name: 'a reserved tag key: InvalidTagParameterException, 254',
      argv: create('ok', '--tags', 'Key=aws:x,Value=1'),
      code: 254,
      stdout: '',
      stderr: serviceError(
        'InvalidTagParameterException',
        'CreateRepository',
        "The tag key 'aws:x' at 'tags.1.Key' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.",
      ),
    },
    {
      name: 'in cn-north-1: the ARN and URI of the aws-cn partition',
      argv: create('team/app', '--region', 'cn-north-1', ...ARN_AND_URI),
      code: 0,
      stdout:
        'arn:aws-cn:ecr:cn-north-1:000000000000:repository/team/app\t000000000000.dkr.ecr.cn-north-1.amazonaws.com.cn/team/app\n',
      stderr: '',
    },
    {
      name: 'in us-iso-east-1: the ARN and URI of the aws-iso partition',
      argv: create('team/app', '--region', 'us-iso-east-1', ...ARN_AND_URI),
      code: 0,
      stdout:
        'arn:aws-iso:ecr:us-iso-east-1:000000000000:repository/team/app\t000000000000.dkr.ecr.us-iso-east-1.c2s.ic.gov/team/app\n',
      stderr: '',
    },
    {
      name: 'in us-gov-west-1 with KMS: the managed key ARN of the aws-us-gov partition',
      argv: create(
        'team/app',
        '--region',
        'us-gov-west-1',
        '--encryption-configuration',
        'encryptionType=KMS',
        '--query',
        'repository.[repositoryArn,encryptionConfiguration.kmsKey]',
        '--output',
        'text',
      ),
      code: 0,
      stdout:
        'arn:aws-us-gov:ecr:us-gov-west-1:000000000000:repository/team/app\tarn:aws-us-gov:kms:us-gov-west-1:000000000000:key/055ea113-5f89-48b9-bca2-58f192d267e1\n',
      stderr: '',
    },
    {
      name: 'in cn-north-1: a KMS key ARN of the aws-cn partition is taken',
      argv: create(
        'team/app',
        '--region',
        'cn-north-1',
        '--encryption-configuration',
        'encryptionType=KMS,kmsKey=arn:aws-cn:kms:cn-north-1:000000000000:key/k-1',
        '--query',
        'repository.encryptionConfiguration.kmsKey',
        '--output',
        'text',
      ),
      code: 0,
      stdout: 'arn:aws-cn:kms:cn-north-1:000000000000:key/k-1\n',
      stderr: '',
    },
    {
      name: 'in cn-north-1: a KMS key ARN of the aws partition: InvalidParameterException, 254',
      argv: create(
        'team/app',
        '--region',
        'cn-north-1',
        '--encryption-configuration',
        'encryptionType=KMS,kmsKey=arn:aws:kms:cn-north-1:000000000000:key/k-1',
      ),
      code: 254,
      stdout: '',
      stderr: invalid(
        "Invalid parameter at 'kmsKey' failed to satisfy constraint: 'The ARN is in partition aws, not in the partition of the request's region (aws-cn)'",
      ),
    },
    {
      name: 'a region name in upper case (US-EAST-1): refused before any call, 253',
      argv: create('team/app', '--region', 'US-EAST-1'),
      code: 253,
      stdout: '',
      stderr: `
svcctl: [ERROR]: Provided region_name 'US-EAST-1' doesn't match a supported format.
`,
    },
  ],
});
