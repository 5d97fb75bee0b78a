/**
 * The real AWS CLI v2 (/usr/bin/aws, Debian's awscli) against `svcctl serve` as a child process: what it
 * prints must match what svcctl prints for the same state, byte for byte (json output), through the HTTP
 * backend and through the local backend over the same $SVCCTL_HOME, errors included.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, sandbox, type Sandbox } from '../helpers/cli.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { AWS_ENV } from '../helpers/harness.js';
import {
  basic,
  CONFIG,
  DOCKER_MANIFEST,
  http,
  imageManifest,
  layerBytes,
  OCI_MANIFEST,
  sha256,
} from '../helpers/image-registry.js';
import { type AwsPeerDir, awsPeerDir, runAws } from './aws-cli-peer.js';
import { PINNED_MS, type ServeProcess, startServe } from './serve-process.js';
import { throughServe } from '../operations/table.js';

let peer: AwsPeerDir;
let serve: ServeProcess;
let sb: Sandbox;

beforeAll(async () => {
  peer = awsPeerDir('svcctl-peer-aws-');
  const home = join(peer.dir, 'store');
  serve = await startServe([], { SVCCTL_HOME: home, SVCCTL_TEST_CLOCK_MS: String(PINNED_MS) });
  sb = sandbox({ SVCCTL_HOME: home, ...AWS_ENV });
});

afterAll(async () => {
  await serve?.stop();
  sb?.cleanup();
  peer?.cleanup();
});

const aws = (args: string[]) => runAws(args, serve.url, peer.env);

const viaHttp = (argv: string[]) => sb.run(argv, { env: { SVCCTL_ENDPOINT_URL: serve.url } });
/**
 * svcctl on the embedded backend, its output read as serve's: there a repository's URI is ECR's form, through
 * serve serve's own address (compat #307). A table's columns are as wide as their widest cell, so a table is
 * compared cell by cell (runs of padding and rules read as one space, in both).
 */
const viaLocal = async (argv: string[]): Promise<CliResult> => {
  const r = await sb.run(argv);
  return { ...r, stdout: throughServe(r.stdout, serve.url), stderr: throughServe(r.stderr, serve.url) };
};
const cells = (r: CliResult, argv: string[]): CliResult =>
  argv.includes('table') ? { ...r, stdout: r.stdout.replace(/[ \-+|]+/g, ' ') } : r;

/** The same command through the AWS CLI, svcctl over HTTP and svcctl locally: all three must print the same. */
async function same(awsArgs: string[], svcctlArgs: string[] = awsArgs.slice(1)): Promise<CliResult> {
  const reference = await aws(awsArgs);
  expect(await viaHttp(svcctlArgs), 'svcctl --endpoint-url').toEqual(reference);
  expect(cells(await viaLocal(svcctlArgs), svcctlArgs), 'svcctl (local backend)').toEqual(cells(reference, svcctlArgs));
  return reference;
}

/** Refusals the AWS CLI and svcctl (over HTTP and locally) must print alike: exit 254 and this stderr. */
function refusedAlike(rows: Array<[string, string[], string]>): void {
  it.each(rows)('reports %s as svcctl does', async (_n, args, stderr) => {
    expect(await same(args)).toEqual({ code: 254, stdout: '', stderr });
  });
}

/** The AWS CLI's create-launch-configuration with only the members it needs. */
const lcBase = (name: string) => [
  'autoscaling',
  ...createLaunchConfiguration(name, { image: 'ami-0abcdef1234567890' }),
];
const lcArgs = (name: string) => [
  ...lcBase(name),
  '--security-groups',
  'sg-1',
  '--key-name',
  'ops',
  '--block-device-mappings',
  'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3,Iops=3000,DeleteOnTermination=true}',
  'DeviceName=/dev/xvdb,NoDevice=true',
  'DeviceName=/dev/sdc,VirtualName=ephemeral0',
  '--metadata-options',
  'HttpTokens=required,HttpPutResponseHopLimit=2,HttpEndpoint=enabled',
  '--instance-monitoring',
  'Enabled=false',
  '--ebs-optimized',
];

describe('ecr against svcctl serve', { timeout: 120_000 }, () => {
  it('create-repository prints what svcctl prints for the same repository', async () => {
    const args = [
      'ecr',
      'create-repository',
      '--repository-name',
      'peer/app',
      '--image-tag-mutability',
      'IMMUTABLE',
      '--image-scanning-configuration',
      'scanOnPush=true',
      '--encryption-configuration',
      'encryptionType=AES256',
      '--tags',
      'Key=env,Value=prod',
    ];
    const created = await aws(args);
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout).repository.createdAt).toBe('2026-11-20T23:21:51.327000+00:00');
    for (const run of [viaHttp, viaLocal]) {
      expect((await run(['delete-repository', '--repository-name', 'peer/app'])).code).toBe(0);
      expect(await run(args.slice(1))).toEqual(created);
    }
  });

  it('describe-repositories prints the same', async () => {
    expect((await aws(['ecr', 'create-repository', '--repository-name', 'peer/two'])).code).toBe(0);
    const listed = await same(['ecr', 'describe-repositories']);
    expect(JSON.parse(listed.stdout).repositories.map((r: { repositoryName: string }) => r.repositoryName)).toEqual([
      'peer/app',
      'peer/two',
    ]);
    await same(['ecr', 'describe-repositories', '--repository-names', 'peer/two']);
  });

  refusedAlike([
    [
      'a duplicate repository',
      ['ecr', 'create-repository', '--repository-name', 'peer/app'],
      "\nsvcctl: [ERROR]: An error occurred (RepositoryAlreadyExistsException) when calling the CreateRepository operation: The repository with name 'peer/app' already exists in the registry with id '000000000000'\n",
    ],
    [
      'a bad name',
      ['ecr', 'create-repository', '--repository-name', 'Peer/App'],
      "\nsvcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the CreateRepository operation: Invalid parameter at 'repositoryName' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*'\n",
    ],
    [
      'an unknown repository',
      ['ecr', 'describe-repositories', '--repository-names', 'nope/x'],
      "\nsvcctl: [ERROR]: An error occurred (RepositoryNotFoundException) when calling the DescribeRepositories operation: The repository with name 'nope/x' does not exist in the registry with id '000000000000'\n",
    ],
  ]);
});

describe('ecr tags against svcctl serve (issue 26, item 4)', { timeout: 120_000 }, () => {
  const arn = 'arn:aws:ecr:us-east-1:000000000000:repository/peer/tagged';

  it('the AWS CLI reads, adds and removes the tags svcctl stores, and both print the same', async () => {
    expect(
      (
        await aws([
          'ecr',
          'create-repository',
          '--repository-name',
          'peer/tagged',
          '--tags',
          'Key=env,Value=prod',
          'Key=team,Value=core',
        ])
      ).code,
    ).toBe(0);
    const listed = await same(['ecr', 'list-tags-for-resource', '--resource-arn', arn]);
    expect(JSON.parse(listed.stdout)).toEqual({
      tags: [
        { Key: 'env', Value: 'prod' },
        { Key: 'team', Value: 'core' },
      ],
    });
    expect(
      await aws([
        'ecr',
        'tag-resource',
        '--resource-arn',
        arn,
        '--tags',
        'Key=env,Value=staging',
        'Key=owner,Value=platform',
      ]),
    ).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await viaHttp(['untag-resource', '--resource-arn', arn, '--tag-keys', 'team'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    const after = await same(['ecr', 'list-tags-for-resource', '--resource-arn', arn, '--output', 'text']);
    expect(after).toEqual({ code: 0, stdout: 'TAGS\tenv\tstaging\nTAGS\towner\tplatform\n', stderr: '' });
    await same(['ecr', 'list-tags-for-resource', '--resource-arn', arn, '--output', 'table']);
  });

  refusedAlike([
    [
      'an aws: key',
      ['ecr', 'tag-resource', '--resource-arn', arn, '--tags', 'Key=aws:x,Value=1'],
      "\nsvcctl: [ERROR]: An error occurred (InvalidTagParameterException) when calling the TagResource operation: The tag key 'aws:x' at 'tags.1.Key' is not valid: keys starting with 'aws:' (in any case) are reserved for AWS use.\n",
    ],
    [
      'a 51st tag',
      [
        'ecr',
        'tag-resource',
        '--resource-arn',
        arn,
        '--tags',
        ...Array.from({ length: 49 }, (_, i) => `Key=k${i},Value=v`),
      ],
      '\nsvcctl: [ERROR]: An error occurred (TooManyTagsException) when calling the TagResource operation: The repository would have 51 tags: the maximum number of tags that can be applied to a repository is 50.\n',
    ],
    [
      'an unknown repository',
      ['ecr', 'untag-resource', '--resource-arn', `${arn}x`, '--tag-keys', 'env'],
      "\nsvcctl: [ERROR]: An error occurred (RepositoryNotFoundException) when calling the UntagResource operation: The repository with name 'peer/taggedx' does not exist in the registry with id '000000000000'\n",
    ],
    [
      'a malformed ARN',
      ['ecr', 'list-tags-for-resource', '--resource-arn', 'peer/tagged'],
      "\nsvcctl: [ERROR]: An error occurred (InvalidParameterException) when calling the ListTagsForResource operation: Invalid parameter at 'resourceArn' failed to satisfy constraint: 'Invalid ARN'\n",
    ],
  ]);
});

describe('ecr images against svcctl serve (issue 45)', { timeout: 180_000 }, () => {
  const repo = ['--repository-name', 'peer/images'];
  const LAYER = layerBytes(2000, 7);
  /** Two images over the same blobs, pushed first through serve's registry. */
  const A = imageManifest(OCI_MANIFEST, CONFIG, [LAYER]).toString('utf8');
  const B = imageManifest(DOCKER_MANIFEST, CONFIG, [LAYER]).toString('utf8');
  const REFUSED = (code: string, op: string, message: string) =>
    `\nsvcctl: [ERROR]: An error occurred (${code}) when calling the ${op} operation: ${message}\n`;

  beforeAll(async () => {
    expect((await aws(['ecr', 'create-repository', ...repo])).code).toBe(0);
    const password = (await aws(['ecr', 'get-login-password'])).stdout.trim();
    for (const blob of [CONFIG, LAYER]) {
      const start = await http(serve.url, 'POST', '/v2/peer/images/blobs/uploads/', basic(password));
      const at = new URL(start.headers.location!);
      const done = await http(
        serve.url,
        'PUT',
        `${at.pathname}?digest=${sha256(blob)}`,
        { ...basic(password), 'content-type': 'application/octet-stream' },
        blob,
      );
      expect(done.status).toBe(201);
    }
  });

  it('put-image, describe-images, batch-delete-image and put-image-tag-mutability: the AWS CLI and svcctl alike', async () => {
    const put = await aws(['ecr', 'put-image', ...repo, '--image-manifest', A, '--image-tag', 'v1']);
    expect([put.code, put.stderr, JSON.parse(put.stdout)]).toEqual([
      0,
      '',
      {
        image: {
          registryId: '000000000000',
          repositoryName: 'peer/images',
          imageId: { imageDigest: sha256(A), imageTag: 'v1' },
          imageManifest: A,
          imageManifestMediaType: OCI_MANIFEST,
        },
      },
    ]);
    expect(await viaHttp(['put-image', ...repo, '--image-manifest', B, '--image-tag', 'latest'])).toMatchObject({
      code: 0,
      stderr: '',
    });
    const described = await same([
      'ecr',
      'describe-images',
      ...repo,
      '--query',
      'sort_by(imageDetails, &imageDigest)[].[imageDigest, imageTags]',
    ]);
    const [a, b]: Array<[string, string[]]> = [
      [sha256(A), ['v1']],
      [sha256(B), ['latest']],
    ];
    expect(JSON.parse(described.stdout)).toEqual(a[0] < b[0] ? [a, b] : [b, a]);
    expect(await same(['ecr', 'put-image', ...repo, '--image-manifest', A, '--image-tag', 'v1'])).toEqual({
      code: 254,
      stdout: '',
      stderr: REFUSED(
        'ImageAlreadyExistsException',
        'PutImage',
        `Image with digest '${sha256(A)}' and tag 'v1' already exists in the repository with name 'peer/images' in registry with id '000000000000'`,
      ),
    });
    const mutability = await same(['ecr', 'put-image-tag-mutability', ...repo, '--image-tag-mutability', 'IMMUTABLE']);
    expect(JSON.parse(mutability.stdout)).toEqual({
      registryId: '000000000000',
      repositoryName: 'peer/images',
      imageTagMutability: 'IMMUTABLE',
    });
    expect(await same(['ecr', 'put-image', ...repo, '--image-manifest', B, '--image-tag', 'v1'])).toEqual({
      code: 254,
      stdout: '',
      stderr: REFUSED(
        'ImageTagAlreadyExistsException',
        'PutImage',
        "The image tag 'v1' already exists in the 'peer/images' repository and cannot be overwritten because the repository is immutable.",
      ),
    });
    expect(await same(['ecr', 'delete-repository', ...repo])).toEqual({
      code: 254,
      stdout: '',
      stderr: REFUSED(
        'RepositoryNotEmptyException',
        'DeleteRepository',
        "The repository with name 'peer/images' in registry with id '000000000000' cannot be deleted because it still contains images",
      ),
    });
    const deleted = await aws(['ecr', 'batch-delete-image', ...repo, '--image-ids', 'imageTag=v1']);
    expect([deleted.code, JSON.parse(deleted.stdout)]).toEqual([
      0,
      { imageIds: [{ imageDigest: sha256(A), imageTag: 'v1' }], failures: [] },
    ]);
    const again = await same(['ecr', 'batch-delete-image', ...repo, '--image-ids', 'imageTag=v1']);
    expect(JSON.parse(again.stdout)).toEqual({
      imageIds: [],
      failures: [
        { imageId: { imageTag: 'v1' }, failureCode: 'ImageNotFound', failureReason: 'Requested image not found' },
      ],
    });
    const forced = await aws(['ecr', 'delete-repository', ...repo, '--force', '--query', 'repository.repositoryName']);
    expect(forced).toEqual({ code: 0, stdout: '"peer/images"\n', stderr: '' });
  });
});

describe('autoscaling against svcctl serve', { timeout: 120_000 }, () => {
  it('create-launch-configuration with block device mappings and metadata options, then describe: the same', async () => {
    for (const name of ['lc-a', 'lc-b', 'lc-c', 'lc-d', 'lc-e'])
      expect(await aws(lcArgs(name))).toEqual({ code: 0, stdout: '', stderr: '' });
    const all = await same(['autoscaling', 'describe-launch-configurations']);
    const first = JSON.parse(all.stdout).LaunchConfigurations[0];
    expect(first.BlockDeviceMappings).toEqual([
      { DeviceName: '/dev/xvda', Ebs: { VolumeSize: 20, VolumeType: 'gp3', DeleteOnTermination: true, Iops: 3000 } },
      { DeviceName: '/dev/xvdb', NoDevice: true },
      { VirtualName: 'ephemeral0', DeviceName: '/dev/sdc' },
    ]);
    expect(first.MetadataOptions).toEqual({
      HttpTokens: 'required',
      HttpPutResponseHopLimit: 2,
      HttpEndpoint: 'enabled',
    });
    expect(first.CreatedTime).toBe('2026-11-20T23:21:51.327000+00:00');
  });

  it('a list option given twice keeps its last values, as argparse does (issue 19, item 9)', async () => {
    const twice = [
      'autoscaling',
      'describe-launch-configurations',
      '--launch-configuration-names',
      'lc-a',
      'lc-b',
      '--launch-configuration-names',
      'lc-c',
      '--query',
      'LaunchConfigurations[].LaunchConfigurationName',
    ];
    expect(await same(twice)).toEqual({ code: 0, stdout: '[\n    "lc-c"\n]\n', stderr: '' });
    const abbreviated = [
      'autoscaling',
      'describe-launch-configurations',
      '--launch-configuration-names=lc-a',
      '--launch-config',
      'lc-d',
      'lc-e',
      '--query',
      'LaunchConfigurations[].LaunchConfigurationName',
      '--output',
      'text',
    ];
    expect(await same(abbreviated)).toEqual({ code: 0, stdout: 'lc-d\tlc-e\n', stderr: '' });
  });

  it('pages with --max-items, --starting-token and --page-size exactly as svcctl, tokens interchangeable', async () => {
    const page1 = await same(['autoscaling', 'describe-launch-configurations', '--max-items', '2']);
    const token1 = JSON.parse(page1.stdout).NextToken as string;
    expect(token1).toBe('eyJOZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAyfQ==');
    await same(['autoscaling', 'describe-launch-configurations', '--max-items', '2', '--starting-token', token1]);
    const small = await same(['autoscaling', 'describe-launch-configurations', '--page-size', '2', '--max-items', '3']);
    const token2 = JSON.parse(small.stdout).NextToken as string;
    await same(['autoscaling', 'describe-launch-configurations', '--page-size', '2', '--starting-token', token2]);
    await same([
      'autoscaling',
      'describe-launch-configurations',
      '--page-size',
      '1',
      '--launch-configuration-names',
      'lc-e',
      'lc-b',
    ]);
    const names = (r: CliResult) =>
      JSON.parse(r.stdout).LaunchConfigurations.map(
        (l: { LaunchConfigurationName: string }) => l.LaunchConfigurationName,
      );
    expect(
      names(
        await aws(['autoscaling', 'describe-launch-configurations', '--page-size', '2', '--starting-token', token2]),
      ),
    ).toEqual(['lc-d', 'lc-e']);
  });

  refusedAlike([
    [
      'io1 without Iops',
      [...lcBase('bad'), '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=io1}'],
      '\nsvcctl: [ERROR]: An error occurred (ValidationError) when calling the CreateLaunchConfiguration operation: BlockDeviceMappings[0] (/dev/xvda): Iops is required for io1 volumes\n',
    ],
    [
      'a duplicate name',
      lcArgs('lc-a'),
      '\nsvcctl: [ERROR]: An error occurred (AlreadyExists) when calling the CreateLaunchConfiguration operation: Launch Configuration by this name already exists - A launch configuration already exists with the name lc-a\n',
    ],
    [
      'a hop limit out of range',
      [...lcBase('bad'), '--metadata-options', 'HttpPutResponseHopLimit=65'],
      "\nsvcctl: [ERROR]: An error occurred (ValidationError) when calling the CreateLaunchConfiguration operation: 1 validation error detected: Value '65' at 'metadataOptions.httpPutResponseHopLimit' failed to satisfy constraint: Member must have value less than or equal to 64\n",
    ],
  ]);

  it.each(['text', 'table', 'yaml'])('prints the same in --output %s', async (format) => {
    await same(['autoscaling', 'describe-launch-configurations', '--max-items', '2', '--output', format]);
    await same(['ecr', 'describe-repositories', '--output', format]);
  });

  it('deletes as svcctl does, and sees what svcctl deleted', async () => {
    expect(await aws(['autoscaling', 'delete-launch-configuration', '--launch-configuration-name', 'lc-a'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await viaHttp(['delete-launch-configuration', '--launch-configuration-name', 'lc-b'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    const left = await same([
      'autoscaling',
      'describe-launch-configurations',
      '--query',
      'LaunchConfigurations[].LaunchConfigurationName',
    ]);
    expect(JSON.parse(left.stdout)).toEqual(['lc-c', 'lc-d', 'lc-e']);
  });
});
