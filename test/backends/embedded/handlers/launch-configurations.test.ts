import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../../helpers/cli.js';
import { constraintMessage, failed, ok, serviceError, validationError } from '../../../helpers/cli-results.js';
import { queryLaunchConfigurations } from '../../../helpers/command-argv.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const base = ['create-launch-configuration', '--image-id', 'ami-1', '--instance-type', 't3.micro'];
const create = (name: string, ...args: string[]) => sb.run([...base, '--launch-configuration-name', name, ...args]);
const names = async () =>
  (await sb.run(queryLaunchConfigurations('LaunchConfigurations[].LaunchConfigurationName'))).stdout;
const validation = (msg: string) => serviceError('ValidationError', 'CreateLaunchConfiguration', msg);
const bdm = (m: string) => ['--block-device-mappings', m];
/** One mapping of /dev/xvda to an EBS volume of `ebs` (shorthand members). */
const ebs = (members: string) => bdm(`DeviceName=/dev/xvda,Ebs={${members}}`);

describe('create-launch-configuration', () => {
  it('prints nothing on success, and describe shows it with the service defaults, in model order', async () => {
    expect(
      await create(
        'web',
        '--key-name',
        'k',
        '--security-groups',
        'sg-1',
        'sg-2',
        '--ebs-optimized',
        ...ebs('VolumeSize=20,VolumeType=gp3,Iops=3000,Throughput=125'),
        '--metadata-options',
        'HttpTokens=required,HttpPutResponseHopLimit=2',
      ),
    ).toEqual(ok());
    const r = await sb.run(['autoscaling', 'describe-launch-configurations']);
    expect(r).toEqual(
      ok(`{
    "LaunchConfigurations": [
        {
            "LaunchConfigurationName": "web",
            "LaunchConfigurationARN": "arn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:00000000-0000-4000-8000-000000000001:launchConfigurationName/web",
            "ImageId": "ami-1",
            "KeyName": "k",
            "SecurityGroups": [
                "sg-1",
                "sg-2"
            ],
            "ClassicLinkVPCSecurityGroups": [],
            "UserData": "",
            "InstanceType": "t3.micro",
            "KernelId": "",
            "RamdiskId": "",
            "BlockDeviceMappings": [
                {
                    "DeviceName": "/dev/xvda",
                    "Ebs": {
                        "VolumeSize": 20,
                        "VolumeType": "gp3",
                        "DeleteOnTermination": true,
                        "Iops": 3000,
                        "Throughput": 125
                    }
                }
            ],
            "InstanceMonitoring": {
                "Enabled": true
            },
            "CreatedTime": "2026-11-20T23:21:51.327000+00:00",
            "EbsOptimized": true,
            "MetadataOptions": {
                "HttpTokens": "required",
                "HttpPutResponseHopLimit": 2,
                "HttpEndpoint": "enabled"
            }
        }
    ]
}
`),
    );
  });

  it('prints block device mapping members in the AWS model order whatever the input order', async () => {
    await create(
      'a',
      ...bdm('{"Ebs":{"DeleteOnTermination":false,"VolumeType":"gp2","VolumeSize":8},"DeviceName":"/dev/sda1"}'),
    );
    await create('b', ...bdm('DeviceName=/dev/sdb,VirtualName=ephemeral0'));
    const r = await sb.run([
      'describe-launch-configurations',
      '--query',
      'LaunchConfigurations[].BlockDeviceMappings[]',
    ]);
    expect(r.stdout).toBe(`[
    {
        "DeviceName": "/dev/sda1",
        "Ebs": {
            "VolumeSize": 8,
            "VolumeType": "gp2",
            "DeleteOnTermination": false
        }
    },
    {
        "VirtualName": "ephemeral0",
        "DeviceName": "/dev/sdb"
    }
]
`);
  });

  it('refuses a duplicate name with AlreadyExists', async () => {
    await create('web');
    expect(await create('web')).toEqual(
      failed(
        254,
        serviceError(
          'AlreadyExists',
          'CreateLaunchConfiguration',
          'Launch Configuration by this name already exists - A launch configuration already exists with the name web',
        ),
      ),
    );
  });

  const P1 = '[\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}\\r\\n\\t]*';
  const W = 'BlockDeviceMappings[0] (/dev/xvda)';
  const sizeOutside = (size: number, type: string, range: string) =>
    `${W}: VolumeSize ${size} is not supported for ${type} volumes (${range} GiB)`;
  const rules: Array<[string, string[], string]> = [
    ['io1 without Iops', ebs('VolumeSize=20,VolumeType=io1'), `${W}: Iops is required for io1 volumes`],
    [
      'gp3 Iops out of its range',
      ebs('VolumeSize=20,VolumeType=gp3,Iops=2000'),
      `${W}: Iops 2000 is not supported for gp3 volumes (3000-16000)`,
    ],
    [
      'Iops on gp2',
      ebs('VolumeSize=20,VolumeType=gp2,Iops=3000'),
      `${W}: Iops is supported only for gp3 and io1 volumes, not gp2`,
    ],
    [
      'Throughput on gp2',
      ebs('VolumeSize=20,VolumeType=gp2,Throughput=200'),
      `${W}: Throughput is supported only for gp3 volumes`,
    ],
    [
      'Throughput over 1000',
      ebs('VolumeSize=20,VolumeType=gp3,Throughput=1001'),
      constraintMessage('1001', 'blockDeviceMappings.1.member.ebs.throughput', 'have value less than or equal to 1000'),
    ],
    ['standard over 1024 GiB', ebs('VolumeSize=2000,VolumeType=standard'), sizeOutside(2000, 'standard', '1-1024')],
    ['st1 under 125 GiB', ebs('VolumeSize=100,VolumeType=st1'), sizeOutside(100, 'st1', '125-16384')],
    ['sc1 under 125 GiB', ebs('VolumeSize=1,VolumeType=sc1'), sizeOutside(1, 'sc1', '125-16384')],
    ['io1 under 4 GiB', ebs('VolumeSize=3,VolumeType=io1,Iops=100'), sizeOutside(3, 'io1', '4-16384')],
    [
      'size over 16384',
      ebs('VolumeSize=16385,VolumeType=gp3'),
      constraintMessage(
        '16385',
        'blockDeviceMappings.1.member.ebs.volumeSize',
        'have value less than or equal to 16384',
      ),
    ],
    ['Ebs without snapshot or size', ebs('VolumeType=gp3'), `${W}: Ebs requires SnapshotId or VolumeSize`],
    [
      'two of Ebs/NoDevice/VirtualName',
      bdm('DeviceName=/dev/xvda,NoDevice=true,VirtualName=ephemeral1'),
      `${W}: specify exactly one of Ebs, NoDevice or VirtualName (got NoDevice, VirtualName)`,
    ],
    [
      'none of Ebs/NoDevice/VirtualName',
      bdm('DeviceName=/dev/xvda'),
      `${W}: specify exactly one of Ebs, NoDevice or VirtualName (got none)`,
    ],
    [
      'VirtualName not ephemeral<N>',
      bdm('DeviceName=/dev/xvda,VirtualName=scratch'),
      `${W}: VirtualName 'scratch' must be of the form ephemeral<N> (ephemeral0, ephemeral1, ...)`,
    ],
    [
      'unknown volume type',
      ebs('VolumeSize=1,VolumeType=gp9'),
      constraintMessage(
        'gp9',
        'blockDeviceMappings.1.member.ebs.volumeType',
        'satisfy enum value set: [standard, io1, gp2, st1, sc1, gp3]',
      ),
    ],
    [
      'UserData of 16,384 bytes (21848 characters once base64-encoded): a secret, never quoted (issue 31, item 5)',
      ['--user-data', 'x'.repeat(16384)],
      constraintMessage('****', 'userData', 'have length less than or equal to 21847'),
    ],
    [
      'io1 Iops over 20000 (the help says 100-20000)',
      ebs('VolumeSize=500,VolumeType=io1,Iops=20001'),
      constraintMessage('20001', 'blockDeviceMappings.1.member.ebs.iops', 'have value less than or equal to 20000'),
    ],
    [
      'a device name mapped twice (issue 25, item 10)',
      [
        '--block-device-mappings',
        'DeviceName=/dev/sdh,Ebs={VolumeSize=8}',
        'DeviceName=/dev/sdi,VirtualName=ephemeral0',
        'DeviceName=/dev/sdh,NoDevice=true',
      ],
      'BlockDeviceMappings[2] (/dev/sdh): the device /dev/sdh is already mapped by BlockDeviceMappings[0]; each device name can be mapped only once',
    ],
    [
      'tenancy',
      ['--placement-tenancy', 'shared'],
      constraintMessage('shared', 'placementTenancy', 'satisfy enum value set: [default, dedicated]'),
    ],
    [
      'hop limit over 64',
      ['--metadata-options', 'HttpPutResponseHopLimit=65'],
      constraintMessage('65', 'metadataOptions.httpPutResponseHopLimit', 'have value less than or equal to 64'),
    ],
    [
      'HttpTokens enum',
      ['--metadata-options', 'HttpTokens=sometimes'],
      constraintMessage('sometimes', 'metadataOptions.httpTokens', 'satisfy enum value set: [optional, required]'),
    ],
    [
      'HttpEndpoint enum',
      ['--metadata-options', 'HttpEndpoint=on'],
      constraintMessage('on', 'metadataOptions.httpEndpoint', 'satisfy enum value set: [disabled, enabled]'),
    ],
    [
      'image id over 255',
      ['--image-id', 'a'.repeat(256)],
      constraintMessage('a'.repeat(256), 'imageId', 'have length less than or equal to 255'),
    ],
    [
      'a character outside P1',
      ['--key-name', 'a\u0001b'],
      // quoted with the control character escaped, never raw on a terminal (compat #383)
      constraintMessage('a\\u0001b', 'keyName', `satisfy regular expression pattern: ${P1}`),
    ],
    [
      'instance id',
      ['--instance-id', 'i-123'],
      'Invalid instance id: i-123 (the embedded service has no instances; give ImageId and InstanceType)',
    ],
  ];
  it.each(rules)('the service refuses %s (254) and stores nothing', async (_name, args, msg) => {
    expect(await create('web', ...args)).toEqual(failed(254, validation(msg)));
    expect(await names()).toBe('[]\n');
  });

  it('base64-encodes UserData exactly once, from a flag, file:// or --cli-input-json', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${sb.cwd}/boot.sh`, '#!/bin/sh\necho hi\n');
    await create('a', '--user-data', '#!/bin/sh\necho hi\n');
    await create('b', '--user-data', 'file://boot.sh');
    await sb.run([
      'create-launch-configuration',
      '--cli-input-json',
      JSON.stringify({
        LaunchConfigurationName: 'c',
        ImageId: 'ami-1',
        InstanceType: 't3.micro',
        UserData: '#!/bin/sh\necho hi\n',
      }),
    ]);
    await create('d', '--user-data', '16 KB max: 16384 bytes');
    const r = await sb.run(queryLaunchConfigurations('LaunchConfigurations[].UserData', 'text'));
    const enc = Buffer.from('#!/bin/sh\necho hi\n').toString('base64');
    expect(r).toEqual(ok(`${enc}\t${enc}\t${enc}\t${Buffer.from('16 KB max: 16384 bytes').toString('base64')}\n`));
  });

  it('takes what its help promises: UserData of 16,383 bytes, io1 Iops of 20000 (issue 25, item 14)', async () => {
    const help = (await sb.run(['create-launch-configuration', 'help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      'The user data for the instances, at most 16,383 bytes, which the command line client base64-encodes (the service takes at most 21,847 characters of base64). Constraints: max length 21847;',
    );
    expect(help).toContain(
      'gp3 3000-16000, io1 100-20000; required for io1, not used with other types. Constraints: value 100-20000.',
    );
    expect(await create('a', '--user-data', 'é'.repeat(8191) + 'x')).toEqual(ok()); // 16,383 bytes of UTF-8
    expect(await create('b', ...ebs('VolumeSize=500,VolumeType=io1,Iops=20000'))).toEqual(ok());
    expect(
      await sb.run(
        queryLaunchConfigurations('LaunchConfigurations[].[length(UserData), BlockDeviceMappings[0].Ebs.Iops]', 'text'),
      ),
    ).toEqual(ok('21844\tNone\n0\t20000\n'));
  });

  it('checks minimums on the client, as the AWS CLI does (252, no call)', async () => {
    expect(await create('web', ...ebs('VolumeSize=20,VolumeType=io1,Iops=50'))).toEqual(
      failed(
        252,
        validationError('Invalid value for parameter BlockDeviceMappings[0].Ebs.Iops, value: 50, valid min value: 100'),
      ),
    );
  });

  it("requires ImageId and InstanceType from the service when no instance is given, in AWS's words (issue 26, item 3)", async () => {
    const words =
      'Valid requests must contain either the InstanceID parameter or both the ImageId and InstanceType parameters.';
    for (const given of [[], ['--image-id', 'ami-1'], ['--instance-type', 't3.micro']]) {
      expect(await sb.run(['create-launch-configuration', '--launch-configuration-name', 'x', ...given])).toEqual(
        failed(254, validation(words)),
      );
    }
    expect((await sb.run(['describe-launch-configurations', '--query', 'length(LaunchConfigurations)'])).stdout).toBe(
      '0\n',
    );
  });

  it('accepts each volume type at the edges of its range', async () => {
    const edges = ['gp2:1', 'gp3:16384', 'io1:4:100', 'io1:16384:20000', 'st1:125', 'sc1:16384', 'standard:1024'];
    for (const [i, spec] of edges.entries()) {
      const [type, size, iops] = spec.split(':');
      const members = `VolumeSize=${size},VolumeType=${type}${iops ? `,Iops=${iops}` : ''}`;
      expect(await create(`lc${i}`, ...ebs(members))).toEqual(ok());
    }
    expect(
      await create(
        'snap',
        ...bdm('DeviceName=/dev/xvdb,Ebs={SnapshotId=snap-1}'),
        ...bdm('DeviceName=/dev/xvdc,NoDevice=true'),
      ),
    ).toEqual(ok());
  });
});

describe('describe-launch-configurations', () => {
  const NAMES = ['--query', 'LaunchConfigurations[].LaunchConfigurationName'];
  it('lists by name, filters by names, and pages by MaxRecords', async () => {
    for (const n of ['delta', 'alpha', 'charlie', 'bravo', 'echo']) await create(n);
    expect(await names()).toBe('[\n    "alpha",\n    "bravo",\n    "charlie",\n    "delta",\n    "echo"\n]\n');
    const some = await sb.run([
      'describe-launch-configurations',
      '--launch-configuration-names',
      'echo',
      'alpha',
      'zulu',
      ...NAMES,
      '--output',
      'json',
    ]);
    expect(some.stdout).toBe('[\n    "alpha",\n    "echo"\n]\n');
    const paged = await sb.run(['describe-launch-configurations', '--page-size', '2', ...NAMES]);
    expect(paged.stdout).toBe('[\n    "alpha",\n    "bravo",\n    "charlie",\n    "delta",\n    "echo"\n]\n');
  });

  it('with --no-paginate prints one page and the service token, which resumes with --next-token', async () => {
    for (const n of ['a', 'b', 'c']) await create(n);
    const first = await sb.run([
      'describe-launch-configurations',
      '--no-paginate',
      '--max-records',
      '2',
      '--query',
      '[LaunchConfigurations[].LaunchConfigurationName, NextToken]',
    ]);
    const [listed, token] = JSON.parse(first.stdout) as [string[], string];
    expect(listed).toEqual(['a', 'b']);
    const next = await sb.run(['describe-launch-configurations', '--next-token', token, ...NAMES]);
    expect(next).toEqual(ok('[\n    "c"\n]\n'));
  });

  it('refuses a token it did not issue, and MaxRecords out of 1-100', async () => {
    const describe = 'DescribeLaunchConfigurations';
    expect(await sb.run(['describe-launch-configurations', '--next-token', 'forged'])).toEqual(
      failed(
        254,
        serviceError(
          'InvalidNextToken',
          describe,
          'The NextToken value is invalid: it was not issued by this service for this region.',
        ),
      ),
    );
    expect(await sb.run(['describe-launch-configurations', '--max-records', '101'])).toEqual(
      failed(
        254,
        serviceError(
          'ValidationError',
          describe,
          constraintMessage('101', 'maxRecords', 'have value between 1 and 100'),
        ),
      ),
    );
    const names51 = Array.from({ length: 51 }, (_, i) => `n${i}`);
    expect((await sb.run(['describe-launch-configurations', '--launch-configuration-names', ...names51])).stderr).toBe(
      '\nsvcctl: [ERROR]: An error occurred (ValidationError) when calling the DescribeLaunchConfigurations operation: 1 validation error detected: Value \'["n0","n1","n2","n3","n4","n5","n6","n7","n8","n9","n10","n11","n12","n13","n14","n15","n16","n17","n18","n19","n20","n21","n22","n23","n24","n25","n26","n27","n28","n29","n30","n31","n32","n33","n34","n35","n36","n37","n38","n39","n40","n41","n42","n43","n44","n45","n46","n47","n48","n49","n50"]\' at \'launchConfigurationNames\' failed to satisfy constraint: Member must have length less than or equal to 50\n',
    );
  });

  it('delete-launch-configuration removes it, and a second delete is a ValidationError', async () => {
    await create('web');
    expect(await sb.run(['delete-launch-configuration', '--launch-configuration-name', 'web'])).toEqual(ok());
    expect(await names()).toBe('[]\n');
    expect(await sb.run(['autoscaling', 'delete-launch-configuration', '--launch-configuration-name', 'web'])).toEqual(
      failed(
        254,
        serviceError(
          'ValidationError',
          'DeleteLaunchConfiguration',
          'Launch configuration name not found - Launch configuration web not found',
        ),
      ),
    );
  });
});

describe('defaults of structures given empty (issue 19, item 10)', () => {
  it("--instance-monitoring '{}' is monitored (Enabled: true), as --metadata-options '{}' gets its defaults", async () => {
    expect(await create('im-empty', '--instance-monitoring', '{}')).toEqual(ok());
    expect(await create('im-off', '--instance-monitoring', 'Enabled=false')).toEqual(ok());
    expect(
      await sb.run([
        'describe-launch-configurations',
        '--launch-configuration-names',
        'im-empty',
        'im-off',
        '--query',
        'LaunchConfigurations[].[LaunchConfigurationName, InstanceMonitoring.Enabled]',
        '--output',
        'text',
      ]),
    ).toEqual(ok('im-empty\tTrue\nim-off\tFalse\n'));
  });
});
