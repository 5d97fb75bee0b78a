import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../../helpers/cli.js';
import { failed, invalidParameterMessage, ok, serviceError } from '../../../helpers/cli-results.js';
import { COUNT_REPOSITORIES, OTHER_REGISTRY } from '../../../helpers/command-argv.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

/** ECR's settings of a repository created without any (issue 26, item 1). */
const DEFAULTS = `,
        "imageTagMutability": "MUTABLE",
        "imageScanningConfiguration": {
            "scanOnPush": false
        },
        "encryptionConfiguration": {
            "encryptionType": "AES256"
        }`;

const repo = (name: string, extra = DEFAULTS) => `{
    "repository": {
        "repositoryArn": "arn:aws:ecr:us-east-1:000000000000:repository/${name}",
        "registryId": "000000000000",
        "repositoryName": "${name}",
        "repositoryUri": "000000000000.dkr.ecr.us-east-1.amazonaws.com/${name}",
        "createdAt": "2026-11-20T23:21:51.327000+00:00"${extra}
    }
}
`;

describe('create-repository', () => {
  it('creates a repository and prints it in the model order', async () => {
    expect(await sb.run(['create-repository', '--repository-name', 'team/app'])).toEqual(ok(repo('team/app')));
  });

  it('is also reachable as `ecr create-repository`', async () => {
    expect(await sb.run(['ecr', 'create-repository', '--repository-name', 'ab'])).toEqual(ok(repo('ab')));
  });

  it('shows the options that were given', async () => {
    const r = await sb.run([
      'create-repository',
      '--repository-name',
      'team/api',
      '--image-tag-mutability',
      'IMMUTABLE',
      '--image-scanning-configuration',
      'scanOnPush=true',
      '--encryption-configuration',
      'encryptionType=KMS,kmsKey=alias/k',
      '--tags',
      'Key=env,Value=prod',
      'Key=team,Value=core',
    ]);
    expect(r).toEqual(
      ok(
        repo(
          'team/api',
          `,
        "imageTagMutability": "IMMUTABLE",
        "imageScanningConfiguration": {
            "scanOnPush": true
        },
        "encryptionConfiguration": {
            "encryptionType": "KMS",
            "kmsKey": "alias/k"
        }`,
        ),
      ),
    );
  });

  it("returns and keeps ECR's defaults for the settings not given (issue 26, item 1)", async () => {
    const r = await sb.run([
      'create-repository',
      '--repository-name',
      'ab',
      '--image-scanning-configuration',
      '{}',
      '--image-tag-mutability',
      'IMMUTABLE',
    ]);
    const settings = DEFAULTS.replace('"MUTABLE"', '"IMMUTABLE"');
    expect(r).toEqual(ok(repo('ab', settings)));
    const described = await sb.run(['describe-repositories', '--repository-names', 'ab', '--query', 'repositories[0]']);
    expect(described.stdout).toBe(`${JSON.stringify(JSON.parse(r.stdout).repository, null, 4)}\n`);
    expect(await sb.run(['delete-repository', '--repository-name', 'ab'])).toEqual(ok(repo('ab', settings)));
  });

  it('gives KMS and KMS_DSSE without a kmsKey the AWS-managed key of the account and region (issue 26, item 2)', async () => {
    const key = async (name: string, type: string, more: string[] = []) => {
      const r = await sb.run([
        'create-repository',
        '--repository-name',
        name,
        '--encryption-configuration',
        `encryptionType=${type}`,
        '--query',
        'repository.encryptionConfiguration.kmsKey',
        '--output',
        'text',
        ...more,
      ]);
      expect(r.code).toBe(0);
      return r.stdout.trim();
    };
    const first = await key('one', 'KMS');
    expect(first).toBe('arn:aws:kms:us-east-1:000000000000:key/d69f8b7a-d39d-4d00-946e-0a74a35338bc');
    expect(await key('two', 'KMS_DSSE')).toBe(first);
    const other = await key('one', 'KMS', ['--region', 'eu-west-1']);
    expect(other).toMatch(
      /^arn:aws:kms:eu-west-1:000000000000:key\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(other.slice(-36)).not.toBe(first.slice(-36));
    expect(await key('one', 'KMS', ['--registry-id', '123456789012'])).toMatch(
      /^arn:aws:kms:us-east-1:123456789012:key\//,
    );
    expect(
      (
        await sb.run([
          'describe-repositories',
          '--repository-names',
          'one',
          '--query',
          'repositories[0].encryptionConfiguration.kmsKey',
          '--output',
          'text',
        ])
      ).stdout,
    ).toBe(`${first}\n`);
  });

  it('uses the registry id and region given', async () => {
    const r = await sb.run([
      'create-repository',
      '--repository-name',
      'ab',
      ...OTHER_REGISTRY,
      '--query',
      'repository.[repositoryArn,repositoryUri]',
    ]);
    expect(r).toEqual(
      ok(
        '[\n    "arn:aws:ecr:eu-west-1:123456789012:repository/ab",\n    "123456789012.dkr.ecr.eu-west-1.amazonaws.com/ab"\n]\n',
      ),
    );
  });

  it('takes the account id of the embedded service from SVCCTL_ACCOUNT_ID', async () => {
    const r = await sb.run(['create-repository', '--repository-name', 'ab', '--query', 'repository.registryId'], {
      env: { SVCCTL_ACCOUNT_ID: '111122223333' },
    });
    expect(r).toEqual(ok('"111122223333"\n'));
  });

  it('refuses a duplicate with RepositoryAlreadyExistsException (254)', async () => {
    await sb.run(['create-repository', '--repository-name', 'team/app']);
    expect(await sb.run(['create-repository', '--repository-name', 'team/app'])).toEqual(
      failed(
        254,
        serviceError(
          'RepositoryAlreadyExistsException',
          'CreateRepository',
          "The repository with name 'team/app' already exists in the registry with id '000000000000'",
        ),
      ),
    );
  });

  const invalid = (msg: string) => serviceError('InvalidParameterException', 'CreateRepository', msg);
  const constraint = (at: string, rule: string) => invalid(invalidParameterMessage(at, rule));
  /** ab with `mutability` and the exclusion filters given. */
  const withFilters = (mutability: string, ...filters: string[]) => [
    '--repository-name',
    'ab',
    '--image-tag-mutability',
    mutability,
    '--image-tag-mutability-exclusion-filters',
    ...filters,
  ];
  const PATTERN = '[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*';
  const serviceRules: Array<[string, string[], string]> = [
    [
      'upper case name',
      ['--repository-name', 'Team'],
      constraint('repositoryName', `satisfy regular expression pattern: ${PATTERN}`),
    ],
    [
      'name over 256',
      ['--repository-name', 'a'.repeat(257)],
      constraint('repositoryName', 'have length less than or equal to 256'),
    ],
    [
      'trailing slash',
      ['--repository-name', 'team/'],
      constraint('repositoryName', `satisfy regular expression pattern: ${PATTERN}`),
    ],
    [
      'registry id not 12 digits',
      ['--repository-name', 'ab', '--registry-id', '12345'],
      constraint('registryId', 'satisfy regular expression pattern: [0-9]{12}'),
    ],
    [
      'duplicate tag keys',
      ['--repository-name', 'ab', '--tags', 'Key=k,Value=1', 'Key=k,Value=2'],
      invalid("Duplicate tag key 'k': each tag key can be given only once"),
    ],
    [
      'unknown mutability',
      ['--repository-name', 'ab', '--image-tag-mutability', 'SOMETIMES'],
      constraint(
        'imageTagMutability',
        'satisfy enum value set: [MUTABLE, IMMUTABLE, IMMUTABLE_WITH_EXCLUSION, MUTABLE_WITH_EXCLUSION]',
      ),
    ],
    [
      'filters without an exclusion mutability',
      withFilters('IMMUTABLE', 'filterType=WILDCARD,filter=latest'),
      invalid(
        'imageTagMutabilityExclusionFilters can only be used with IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION, not IMMUTABLE',
      ),
    ],
    [
      'exclusion mutability without filters',
      ['--repository-name', 'ab', '--image-tag-mutability', 'MUTABLE_WITH_EXCLUSION'],
      invalid('imageTagMutability MUTABLE_WITH_EXCLUSION requires 1 to 5 imageTagMutabilityExclusionFilters'),
    ],
    [
      'six filters',
      withFilters(
        'IMMUTABLE_WITH_EXCLUSION',
        ...Array.from({ length: 6 }, (_, i) => `filterType=WILDCARD,filter=v${i}*`),
      ),
      constraint('imageTagMutabilityExclusionFilters', 'have length less than or equal to 5'),
    ],
    [
      'filter pattern',
      withFilters('IMMUTABLE_WITH_EXCLUSION', 'filterType=WILDCARD,filter=a/b'),
      constraint(
        'imageTagMutabilityExclusionFilters.1.filter',
        'satisfy regular expression pattern: [0-9a-zA-Z._*-]{1,128}',
      ),
    ],
    [
      'filter type',
      withFilters('IMMUTABLE_WITH_EXCLUSION', 'filterType=REGEX,filter=a'),
      constraint('imageTagMutabilityExclusionFilters.1.filterType', 'satisfy enum value set: [WILDCARD]'),
    ],
    [
      'encryption type',
      ['--repository-name', 'ab', '--encryption-configuration', 'encryptionType=DES'],
      constraint('encryptionConfiguration.encryptionType', 'satisfy enum value set: [AES256, KMS, KMS_DSSE]'),
    ],
    [
      'kms key with AES256',
      ['--repository-name', 'ab', '--encryption-configuration', 'encryptionType=AES256,kmsKey=k'],
      invalid('kmsKey can only be specified with encryptionType KMS or KMS_DSSE, not AES256'),
    ],
    [
      'kms key over 2048',
      ['--repository-name', 'ab', '--encryption-configuration', `encryptionType=KMS,kmsKey=${'k'.repeat(2049)}`],
      constraint('encryptionConfiguration.kmsKey', 'have length less than or equal to 2048'),
    ],
  ];
  it.each(serviceRules)('the service refuses %s (254)', async (_name, args, stderr) => {
    expect(await sb.run(['create-repository', ...args])).toEqual(failed(254, stderr));
    // nothing was stored
    expect((await sb.run(COUNT_REPOSITORIES)).stdout).toBe('0\n');
  });

  it('accepts the exclusion mutabilities with 1-5 valid filters', async () => {
    const filters = withFilters('MUTABLE_WITH_EXCLUSION', 'filterType=WILDCARD,filter=release-*');
    const r = await sb.run([
      'create-repository',
      ...filters,
      '--query',
      'repository.imageTagMutabilityExclusionFilters',
    ]);
    expect(r).toEqual(ok('[\n    {\n        "filterType": "WILDCARD",\n        "filter": "release-*"\n    }\n]\n'));
  });

  it('describe-repositories and delete-repository see what was created', async () => {
    await sb.run(['create-repository', '--repository-name', 'b']);
    await sb.run(['create-repository', '--repository-name', 'bb']);
    await sb.run(['create-repository', '--repository-name', 'aa']);
    expect(
      (await sb.run(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'json'])).stdout,
    ).toBe('[\n    "aa",\n    "bb"\n]\n');
    expect(
      (await sb.run(['delete-repository', '--repository-name', 'aa', '--query', 'repository.repositoryName'])).stdout,
    ).toBe('"aa"\n');
    expect(await sb.run(['delete-repository', '--repository-name', 'aa'])).toEqual(
      failed(
        254,
        serviceError(
          'RepositoryNotFoundException',
          'DeleteRepository',
          "The repository with name 'aa' does not exist in the registry with id '000000000000'",
        ),
      ),
    );
  });
});

describe('describe-repositories paging', () => {
  it('pages by maxResults with a signed token, and the CLI merges the pages', async () => {
    for (const n of ['e', 'ab', 'cd', 'bb', 'dd'])
      await sb.run(['create-repository', '--repository-name', n.length === 1 ? `${n}${n}x` : n]);
    const names = '[\n    "ab",\n    "bb",\n    "cd",\n    "dd",\n    "eex"\n]\n';
    const NAMES = ['--query', 'repositories[].repositoryName'];
    expect((await sb.run(['describe-repositories', '--page-size', '2', ...NAMES])).stdout).toBe(names);
    const one = await sb.run([
      'describe-repositories',
      '--max-results',
      '2',
      '--query',
      '[repositories[].repositoryName, nextToken]',
    ]);
    const [first, token] = JSON.parse(one.stdout) as [string[], string];
    expect(first).toEqual(['ab', 'bb']);
    const rest = await sb.run(['describe-repositories', '--next-token', token, ...NAMES, '--output', 'text']);
    expect(rest).toEqual(ok('cd\tdd\teex\n'));
  });

  it('refuses a token it did not issue, and paging together with names', async () => {
    const invalid = (msg: string) =>
      failed(254, serviceError('InvalidParameterException', 'DescribeRepositories', msg));
    expect(await sb.run(['describe-repositories', '--next-token', 'abc.def'])).toEqual(
      invalid(
        "Invalid parameter at 'nextToken' failed to satisfy constraint: 'The token was not issued by this registry'",
      ),
    );
    await sb.run(['create-repository', '--repository-name', 'ab']);
    expect(await sb.run(['describe-repositories', '--repository-names', 'ab', '--max-results', '1'])).toEqual(
      invalid('maxResults and nextToken cannot be used when repositoryNames is given'),
    );
  });
});
