import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedInto } from '../../scripts/bulk.js';
import { resetSettings } from '../../src/backends/embedded/settings-store.js';
import { openStore } from '../../src/backends/embedded/store/sqlite-store.js';
import { type Harness, harness } from '../helpers/harness.js';
import { lcInTables as lc, requiredMissing } from '../helpers/operation-cases.js';
import { serviceError, validationError } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const invalid = (message: string) => serviceError('ValidationError', 'CreateLaunchConfiguration', message);
const WEB_EXISTS = serviceError(
  'AlreadyExists',
  'CreateLaunchConfiguration',
  'Launch Configuration by this name already exists - A launch configuration already exists with the name web',
);
/** The quota's refusal, `count` being the quota and the launch configurations the region already has. */
const limitExceeded = (count: number) =>
  serviceError(
    'LimitExceeded',
    'CreateLaunchConfiguration',
    `Launch configuration limit exceeded: the account already has ${count} launch configurations in us-east-1, its quota (service setting launch_configurations_per_region).`,
  );
const names = [
  'describe-launch-configurations',
  '--query',
  'LaunchConfigurations[].[LaunchConfigurationName,InstanceType,CreatedTime]',
  '--output',
  'text',
];

operationTable({
  operation: 'CreateLaunchConfiguration',
  cases: [
    { name: 'json: no output', argv: lc('web'), code: 0, stdout: '', stderr: '' },
    // docs/compat.md row 98: the model's P1 is not checked on a snapshot id (scripts/aws-shapes/config.mjs).
    {
      name: 'a snapshot id is checked for its length only, not P1',
      argv: lc('web', '--block-device-mappings', '[{"DeviceName":"/dev/sdh","Ebs":{"SnapshotId":"snap\\u0001x"}}]'),
      code: 0,
      stdout: '',
      stderr: '',
    },
    { name: 'text: no output', argv: [...lc('web'), '--output', 'text'], code: 0, stdout: '', stderr: '' },
    {
      name: 'what it created',
      setup: [lc('web', '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3}')],
      argv: ['describe-launch-configurations', '--output', 'json'],
      code: 0,
      stdout: `{
    "LaunchConfigurations": [
        {
            "LaunchConfigurationName": "web",
            "LaunchConfigurationARN": "arn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:00000000-0000-4000-8000-000000000001:launchConfigurationName/web",
            "ImageId": "ami-0abcdef1234567890",
            "KeyName": "",
            "SecurityGroups": [],
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
                        "DeleteOnTermination": true
                    }
                }
            ],
            "InstanceMonitoring": {
                "Enabled": true
            },
            "CreatedTime": "2026-11-20T23:21:51.327000+00:00",
            "EbsOptimized": false
        }
    ]
}
`,
      stderr: '',
    },
    {
      name: 'documented defaults at every depth: each Ebs DeleteOnTermination, MetadataOptions, InstanceMonitoring',
      setup: [
        lc(
          'web',
          '--block-device-mappings',
          'DeviceName=/dev/xvda,Ebs={VolumeSize=8}',
          'DeviceName=/dev/xvdb,Ebs={VolumeSize=8,DeleteOnTermination=false}',
          'DeviceName=/dev/xvdc,VirtualName=ephemeral0',
          '--metadata-options',
          'HttpTokens=required',
          '--instance-monitoring',
          '{}',
        ),
      ],
      argv: [
        'describe-launch-configurations',
        '--query',
        'LaunchConfigurations[0].[BlockDeviceMappings, MetadataOptions, InstanceMonitoring]',
      ],
      code: 0,
      stdout: `[
    [
        {
            "DeviceName": "/dev/xvda",
            "Ebs": {
                "VolumeSize": 8,
                "DeleteOnTermination": true
            }
        },
        {
            "DeviceName": "/dev/xvdb",
            "Ebs": {
                "VolumeSize": 8,
                "DeleteOnTermination": false
            }
        },
        {
            "VirtualName": "ephemeral0",
            "DeviceName": "/dev/xvdc"
        }
    ],
    {
        "HttpTokens": "required",
        "HttpPutResponseHopLimit": 1,
        "HttpEndpoint": "enabled"
    },
    {
        "Enabled": true
    }
]
`,
      stderr: '',
    },
    requiredMissing('--launch-configuration-name', [
      'create-launch-configuration',
      '--image-id',
      'ami-1',
      '--instance-type',
      't3.micro',
    ]),
    {
      name: 'a volume size below 1: 252',
      argv: lc('bad', '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=0}'),
      code: 252,
      stdout: '',
      stderr: validationError(
        'Invalid value for parameter BlockDeviceMappings[0].Ebs.VolumeSize, value: 0, valid min value: 1',
      ),
    },
    {
      name: 'a name longer than 255 characters: ValidationError, 254',
      argv: lc('x'.repeat(256)),
      code: 254,
      stdout: '',
      stderr: invalid(
        "1 validation error detected: Value 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' at 'launchConfigurationName' failed to satisfy constraint: Member must have length less than or equal to 255",
      ),
    },
    {
      name: 'the name taken: AlreadyExists, 254',
      setup: [lc('web')],
      argv: lc('web'),
      code: 254,
      stdout: '',
      stderr: WEB_EXISTS,
    },
    {
      name: 'one past the quota (service setting launch_configurations_per_region): LimitExceeded, 254',
      settings: { launch_configurations_per_region: '2' },
      setup: [lc('web'), lc('worker')],
      argv: lc('batch'),
      code: 254,
      status: 400,
      stdout: '',
      stderr: limitExceeded(2),
    },
    {
      name: 'at the quota, a name taken is still AlreadyExists, 254',
      settings: { launch_configurations_per_region: '1' },
      setup: [lc('web')],
      argv: lc('web'),
      code: 254,
      stdout: '',
      stderr: WEB_EXISTS,
    },
    {
      name: 'the quota counts per region: another region has its own',
      settings: { launch_configurations_per_region: '1' },
      setup: [lc('web')],
      argv: [...lc('web'), '--region', 'eu-west-1'],
      code: 0,
      stdout: '',
      stderr: '',
    },
    {
      name: 'io1 without Iops: ValidationError, 254',
      argv: lc('bad', '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=io1}'),
      code: 254,
      stdout: '',
      stderr: invalid('BlockDeviceMappings[0] (/dev/xvda): Iops is required for io1 volumes'),
    },
    {
      name: 'a hop limit above 64: ValidationError, 254',
      argv: lc('bad', '--metadata-options', 'HttpPutResponseHopLimit=65'),
      code: 254,
      stdout: '',
      stderr: invalid(
        "1 validation error detected: Value '65' at 'metadataOptions.httpPutResponseHopLimit' failed to satisfy constraint: Member must have value less than or equal to 64",
      ),
    },
    {
      name: 'text: what it created, by --query',
      setup: [lc('web')],
      argv: names,
      code: 0,
      stdout: `web	t3.micro	2026-11-20T23:21:51.327000+00:00
`,
      stderr: '',
    },
    {
      name: 'UserData too long: ValidationError, 254, the value not quoted (a secret)',
      argv: lc('web', '--user-data', `export DB_PASSWORD=hunter2hunter2\n${'#'.repeat(16400)}`),
      code: 254,
      stdout: '',
      stderr: invalid(
        "1 validation error detected: Value '****' at 'userData' failed to satisfy constraint: Member must have length less than or equal to 21847",
      ),
    },
    {
      name: 'UserData of the wrong type in --cli-input-json: 252, the value not shown',
      argv: [
        'create-launch-configuration',
        '--cli-input-json',
        '{"LaunchConfigurationName":"web","ImageId":"ami-1","InstanceType":"t3.micro","UserData":123456789012345}',
      ],
      code: 252,
      stdout: '',
      stderr: validationError(
        "Invalid type for parameter UserData, value: ****, type: <class 'int'>, valid types: <class 'str'>",
      ),
    },
    {
      name: 'in cn-north-1: an ARN of the aws-cn partition',
      setup: [[...lc('web'), '--region', 'cn-north-1']],
      argv: [
        'describe-launch-configurations',
        '--region',
        'cn-north-1',
        '--query',
        'LaunchConfigurations[].LaunchConfigurationARN',
        '--output',
        'text',
      ],
      code: 0,
      stdout:
        'arn:aws-cn:autoscaling:cn-north-1:000000000000:launchConfiguration:00000000-0000-4000-8000-000000000001:launchConfigurationName/web\n',
      stderr: '',
    },
  ],
});

// AWS's default quota of 200 launch configurations per region, on both backends: a store holding 200 refuses
// the 201st (seedInto lifts the quota to fill the store; the setting is then put back to its default).
describe('the default quota: 200 launch configurations per region', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
    const db = openStore(h.sb.env.SVCCTL_HOME!);
    seedInto(db, { home: h.sb.env.SVCCTL_HOME!, count: 200 });
    resetSettings(db);
    db.close();
  });
  afterAll(async () => h.close());

  it.each(['embedded', 'http'] as const)('the 201st is LimitExceeded (%s), and nothing is stored', async (backend) => {
    expect(await h[backend](lc('lc-201'))).toEqual({ code: 254, stdout: '', stderr: limitExceeded(200) });
    expect(await h.embedded(['service', 'settings', 'get', 'launch_configurations_per_region'])).toEqual({
      code: 0,
      stdout: '200\n',
      stderr: '',
    });
    const count = await h.embedded(['describe-launch-configurations', '--query', 'length(LaunchConfigurations)']);
    expect(count).toEqual({ code: 0, stdout: '200\n', stderr: '' });
  });

  it('a higher quota takes the 201st on the next request (serve reads the setting per request)', async () => {
    expect(await h.embedded(['service', 'settings', 'set', 'launch_configurations_per_region', '201'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await h.http(lc('lc-201'))).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await h.embedded(lc('lc-202'))).toEqual({ code: 254, stdout: '', stderr: limitExceeded(201) });
  });
});
