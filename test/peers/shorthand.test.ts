/**
 * Shorthand, JSON, file:// and --cli-input-* as the real AWS CLI v2 (/usr/bin/aws) reads them: both CLIs
 * create resources through the same `svcctl serve` from the same arguments, then the stored resources
 * are described and compared (names and ARNs aside). Parse errors are compared word for word.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, sandbox, type Sandbox } from '../helpers/cli.js';
import { AWS_ENV } from '../helpers/harness.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { type AwsPeerDir, awsPeerDir, runAws } from './aws-cli-peer.js';
import { PINNED_MS, type ServeProcess, startServe } from './serve-process.js';

let peer: AwsPeerDir;
let dir: string;
let serve: ServeProcess;
let sb: Sandbox;

beforeAll(async () => {
  peer = awsPeerDir('svcctl-peer-shorthand-');
  dir = peer.dir;
  writeFileSync(join(dir, 'boot.sh'), '#!/bin/sh\necho "hi, there"\n');
  writeFileSync(
    join(dir, 'mappings.json'),
    '[{"DeviceName": "/dev/sdf", "Ebs": {"SnapshotId": "snap-1", "DeleteOnTermination": false}}]',
  );
  serve = await startServe([], { SVCCTL_HOME: join(dir, 'store'), SVCCTL_TEST_CLOCK_MS: String(PINNED_MS) });
  sb = sandbox({ SVCCTL_ENDPOINT_URL: serve.url, ...AWS_ENV });
  sb.cwd = dir;
});

afterAll(async () => {
  await serve?.stop();
  sb?.cleanup();
  peer?.cleanup();
});

/** The AWS CLI in the directory of the files the arguments name (file://boot.sh). */
const aws = (args: string[]) => runAws(args, serve.url, peer.env, dir);

/** Launch configuration arguments after the name: the shorthand under test. */
const LAUNCH_CONFIGURATIONS: Array<[string, string[]]> = [
  ['security groups as words, one with a comma', ['--security-groups', 'sg-1', 'sg-2,sg-3']],
  ['security groups as JSON', ['--security-groups', '["sg-1", "sg-2"]', '--classic-link-vpc-security-groups', 'sg-9']],
  [
    'nested Ebs',
    [
      '--block-device-mappings',
      'DeviceName=/dev/xvda,Ebs={VolumeSize=10,VolumeType=gp3,Encrypted=true,Throughput=250,Iops=3000}',
    ],
  ],
  [
    'several mappings, booleans in any case',
    [
      '--block-device-mappings',
      'DeviceName=/dev/xvda,Ebs={VolumeSize=8,DeleteOnTermination=FALSE}',
      'DeviceName=/dev/xvdb,NoDevice=True',
      'DeviceName=/dev/sdc,VirtualName=ephemeral0',
    ],
  ],
  [
    'quoted values with commas and spaces',
    ['--block-device-mappings', `DeviceName='/dev/x,y',VirtualName="ephemeral1"`, '--key-name', 'key with spaces'],
  ],
  [
    'spaces around shorthand tokens',
    ['--block-device-mappings', 'DeviceName = /dev/xvda , Ebs = { VolumeSize = 12 , VolumeType = io1 , Iops = 500 }'],
  ],
  [
    'mappings as one JSON object per word',
    [
      '--block-device-mappings',
      '{"DeviceName": "/dev/xvda", "Ebs": {"VolumeSize": 30}}',
      '{"DeviceName": "/dev/xvdz", "NoDevice": true}',
    ],
  ],
  [
    'metadata options and monitoring',
    [
      '--metadata-options',
      'HttpTokens=required,HttpPutResponseHopLimit=3,HttpEndpoint=disabled',
      '--instance-monitoring',
      'Enabled=false',
      '--no-ebs-optimized',
      '--associate-public-ip-address',
    ],
  ],
  [
    'file:// for user data and a JSON list',
    ['--user-data', 'file://boot.sh', '--block-device-mappings', 'file://mappings.json'],
  ],
];

const cliInputDoc = (name: string) =>
  JSON.stringify({
    LaunchConfigurationName: name,
    ImageId: 'ami-2',
    InstanceType: 'm5.large',
    SecurityGroups: ['sg-d'],
    BlockDeviceMappings: [{ DeviceName: '/dev/xvda', Ebs: { VolumeSize: 5 } }],
    MetadataOptions: { HttpTokens: 'optional' },
  });
const cliInputYaml = (name: string) =>
  `LaunchConfigurationName: ${name}\nImageId: ami-3\nInstanceType: t3.nano\nSecurityGroups:\n- sg-y\nInstanceMonitoring:\n  Enabled: true\n`;

/** Every launch configuration both CLIs create: label → svcctl's command line (the AWS CLI's after `autoscaling`). */
function creations(prefix: string): Array<[string, string[]]> {
  const create = 'create-launch-configuration';
  return [
    ...LAUNCH_CONFIGURATIONS.map(([, args], i): [string, string[]] => [
      `${prefix}-${i}`,
      [...createLaunchConfiguration(`${prefix}-${i}`), ...args],
    ]),
    [`${prefix}-json`, [create, '--cli-input-json', cliInputDoc(`${prefix}-json`), '--key-name', 'flag-wins']],
    [`${prefix}-yaml`, [create, '--cli-input-yaml', cliInputYaml(`${prefix}-yaml`)]],
  ];
}

const BAD: Array<[string, string[]]> = [
  ['a trailing comma', ['--block-device-mappings', 'DeviceName=/dev/xvda,']],
  ['an unclosed brace', ['--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=10']],
  ['a key given twice', ['--metadata-options', 'HttpTokens=required,HttpTokens=optional']],
  ['a missing file', ['--user-data', 'file://nope.sh']],
  ['a directory', ['--security-groups', 'file://aws-home']],
];

/** Each launch configuration as a CLI describes it, by name, without what names it. */
type Described = Map<string, unknown>;
let seenByAws: Described;
let seenBySvcctl: Described;
let awsErrors: CliResult[];

function byName(r: CliResult): Described {
  expect(r).toMatchObject({ code: 0, stderr: '' });
  const all = JSON.parse(r.stdout).LaunchConfigurations as Array<Record<string, unknown>>;
  return new Map(
    all.map(({ LaunchConfigurationName: name, LaunchConfigurationARN: _arn, ...rest }) => [name as string, rest]),
  );
}

beforeAll(async () => {
  // The AWS CLI starts slowly: its calls run side by side.
  const created = await Promise.all(creations('aws').map(([, argv]) => aws(['autoscaling', ...argv])));
  expect(created).toEqual(created.map(() => ({ code: 0, stdout: '', stderr: '' })));
  for (const [, argv] of creations('svc')) expect(await sb.run(argv)).toEqual({ code: 0, stdout: '', stderr: '' });
  awsErrors = await Promise.all(
    BAD.map(([, args]) => aws(['autoscaling', ...createLaunchConfiguration('bad'), ...args])),
  );
  seenByAws = byName(await aws(['autoscaling', 'describe-launch-configurations']));
  seenBySvcctl = byName(await sb.run(['describe-launch-configurations']));
}, 120_000);

describe('the same shorthand through the AWS CLI and svcctl, against svcctl serve', () => {
  const labels = creations('x').map(([label]) => label.slice(2));
  const names = [
    ...LAUNCH_CONFIGURATIONS.map(([name]) => name),
    '--cli-input-json with a flag over it',
    '--cli-input-yaml',
  ];
  it.each(labels.map((label, i) => [names[i]!, label] as const))('create-launch-configuration: %s', (_name, label) => {
    // What svcctl stored, as the AWS CLI describes it, equals what the AWS CLI stored, as svcctl describes it.
    expect(seenByAws.get(`svc-${label}`)).toBeDefined();
    expect(seenBySvcctl.get(`aws-${label}`)).toEqual(seenByAws.get(`svc-${label}`));
    expect(seenBySvcctl.get(`svc-${label}`)).toEqual(seenByAws.get(`aws-${label}`));
  });

  it('create-repository: scanning and encryption shorthand, tags as words', async () => {
    const args = (name: string) => [
      '--repository-name',
      name,
      '--image-scanning-configuration',
      'scanOnPush=true',
      '--encryption-configuration',
      'encryptionType=KMS,kmsKey=arn:aws:kms:us-east-1:000000000000:key/k-1',
      '--tags',
      'Key=env,Value=prod',
      "Key=team,Value='a, b'",
      '--query',
      'repository.[imageScanningConfiguration, encryptionConfiguration]',
    ];
    const byAws = await aws(['ecr', 'create-repository', ...args('peer/aws')]);
    expect(byAws.code).toBe(0);
    expect(await sb.run(['create-repository', ...args('peer/svc')])).toEqual(byAws);
  });

  it.each(BAD.map(([name, args], i) => [name, args, i] as const))(
    'reports %s word for word as the AWS CLI does (252)',
    async (_name, args, i) => {
      expect(awsErrors[i]!.code).toBe(252);
      expect(await sb.run([...createLaunchConfiguration('bad'), ...args])).toEqual(awsErrors[i]);
    },
  );
});
