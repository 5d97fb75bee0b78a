/**
 * Every --output format of every command, run in-process: the exact bytes on stdout. The AWS-shaped
 * commands print what the AWS CLI v2 prints (the peer test compares them with the real one); the v2
 * objects (account tokens, adjustments) go through the same formatters by the same rules.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutputFormat } from '../../src/core/options.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { ok } from '../helpers/cli-results.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { sendEvent } from '../helpers/stripe-v2.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const createWeb = () =>
  sb.run([
    ...createLaunchConfiguration('web'),
    '--security-groups',
    'sg-1',
    '--block-device-mappings',
    'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3}',
    'DeviceName=/dev/sdb,NoDevice=true',
  ]);

const COMMANDS: Record<string, { argv: string[]; setup?: () => Promise<unknown> }> = {
  describe: { argv: ['describe-launch-configurations'], setup: createWeb },
  repository: {
    argv: ['create-repository', '--repository-name', 'app', '--image-scanning-configuration', 'scanOnPush=true'],
  },
  token: { argv: ['account-token', 'create'] },
  adjustment: {
    argv: [
      'meter-event-adjustment',
      'create',
      '--event-name',
      'api_calls',
      '--cancel',
      'identifier=evt_1',
      '--type',
      'cancel',
    ],
    setup: () => sb.run(sendEvent('api_calls', 'evt_1')),
  },
};

/** yaml-stream prints a one-page result as the yaml document made the one item of a top-level sequence. */
const streamPage = (yaml: string) =>
  yaml
    .split('\n')
    .map((line, i) => (i === 0 ? `- ${line}` : line && `  ${line}`))
    .join('\n');

/** Every format's stdout for one command, from its json, text, table and yaml; off prints nothing. */
const outputs = (o: { json: string; text: string; table: string; yaml: string }): Record<OutputFormat, string> => ({
  ...o,
  'yaml-stream': streamPage(o.yaml),
  off: '',
});

const EXPECTED: Record<string, Record<OutputFormat, string>> = {
  describe: outputs({
    json: [
      '{',
      '    "LaunchConfigurations": [',
      '        {',
      '            "LaunchConfigurationName": "web",',
      '            "LaunchConfigurationARN": "arn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:00000000-0000-4000-8000-000000000001:launchConfigurationName/web",',
      '            "ImageId": "ami-1",',
      '            "KeyName": "",',
      '            "SecurityGroups": [',
      '                "sg-1"',
      '            ],',
      '            "ClassicLinkVPCSecurityGroups": [],',
      '            "UserData": "",',
      '            "InstanceType": "t3.micro",',
      '            "KernelId": "",',
      '            "RamdiskId": "",',
      '            "BlockDeviceMappings": [',
      '                {',
      '                    "DeviceName": "/dev/xvda",',
      '                    "Ebs": {',
      '                        "VolumeSize": 20,',
      '                        "VolumeType": "gp3",',
      '                        "DeleteOnTermination": true',
      '                    }',
      '                },',
      '                {',
      '                    "DeviceName": "/dev/sdb",',
      '                    "NoDevice": true',
      '                }',
      '            ],',
      '            "InstanceMonitoring": {',
      '                "Enabled": true',
      '            },',
      '            "CreatedTime": "2026-11-20T23:21:51.327000+00:00",',
      '            "EbsOptimized": false',
      '        }',
      '    ]',
      '}',
      '',
    ].join('\n'),
    text: [
      'LAUNCHCONFIGURATIONS\t2026-11-20T23:21:51.327000+00:00\tFalse\tami-1\tt3.micro\t\t\tarn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:00000000-0000-4000-8000-000000000001:launchConfigurationName/web\tweb\t\t',
      'BLOCKDEVICEMAPPINGS\t/dev/xvda\t',
      'EBS\tTrue\t20\tgp3',
      'BLOCKDEVICEMAPPINGS\t/dev/sdb\tTrue',
      'INSTANCEMONITORING\tTrue',
      'SECURITYGROUPS\tsg-1',
      '',
    ].join('\n'),
    table: [
      '------------------------------------------------------------------------------------------------------------------------------------------------------------------',
      '|                                                                  DescribeLaunchConfigurations                                                                  |',
      '+----------------------------------------------------------------------------------------------------------------------------------------------------------------+',
      '||                                                                     LaunchConfigurations                                                                     ||',
      '|+-------------------------+------------------------------------------------------------------------------------------------------------------------------------+|',
      '||  CreatedTime            |  2026-11-20T23:21:51.327000+00:00                                                                                                  ||',
      '||  EbsOptimized           |  False                                                                                                                             ||',
      '||  ImageId                |  ami-1                                                                                                                             ||',
      '||  InstanceType           |  t3.micro                                                                                                                          ||',
      '||  KernelId               |                                                                                                                                    ||',
      '||  KeyName                |                                                                                                                                    ||',
      '||  LaunchConfigurationARN |  arn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:00000000-0000-4000-8000-000000000001:launchConfigurationName/web   ||',
      '||  LaunchConfigurationName|  web                                                                                                                               ||',
      '||  RamdiskId              |                                                                                                                                    ||',
      '||  UserData               |                                                                                                                                    ||',
      '|+-------------------------+------------------------------------------------------------------------------------------------------------------------------------+|',
      '|||                                                                     BlockDeviceMappings                                                                    |||',
      '||+--------------------------------------------------------------------------------+---------------------------------------------------------------------------+||',
      '|||  DeviceName                                                                    |  /dev/xvda                                                                |||',
      '|||  NoDevice                                                                      |                                                                           |||',
      '||+--------------------------------------------------------------------------------+---------------------------------------------------------------------------+||',
      '||||                                                                            Ebs                                                                           ||||',
      '|||+------------------------------------------------------------------------------------------------------------------+---------------------------------------+|||',
      '||||  DeleteOnTermination                                                                                             |  True                                 ||||',
      '||||  VolumeSize                                                                                                      |  20                                   ||||',
      '||||  VolumeType                                                                                                      |  gp3                                  ||||',
      '|||+------------------------------------------------------------------------------------------------------------------+---------------------------------------+|||',
      '|||                                                                     BlockDeviceMappings                                                                    |||',
      '||+-----------------------------------------------------------------------------------+------------------------------------------------------------------------+||',
      '|||  DeviceName                                                                       |  /dev/sdb                                                              |||',
      '|||  NoDevice                                                                         |  True                                                                  |||',
      '||+-----------------------------------------------------------------------------------+------------------------------------------------------------------------+||',
      '|||                                                                     InstanceMonitoring                                                                     |||',
      '||+-----------------------------------------------------------------------------------------+------------------------------------------------------------------+||',
      '|||  Enabled                                                                                |  True                                                            |||',
      '||+-----------------------------------------------------------------------------------------+------------------------------------------------------------------+||',
      '|||                                                                       SecurityGroups                                                                       |||',
      '||+------------------------------------------------------------------------------------------------------------------------------------------------------------+||',
      '|||  sg-1                                                                                                                                                      |||',
      '||+------------------------------------------------------------------------------------------------------------------------------------------------------------+||',
      '',
    ].join('\n'),
    yaml: [
      'LaunchConfigurations:',
      '- BlockDeviceMappings:',
      '  - DeviceName: /dev/xvda',
      '    Ebs:',
      '      DeleteOnTermination: true',
      '      VolumeSize: 20',
      '      VolumeType: gp3',
      '  - DeviceName: /dev/sdb',
      '    NoDevice: true',
      '  ClassicLinkVPCSecurityGroups: []',
      "  CreatedTime: '2026-11-20T23:21:51.327000+00:00'",
      '  EbsOptimized: false',
      '  ImageId: ami-1',
      '  InstanceMonitoring:',
      '    Enabled: true',
      '  InstanceType: t3.micro',
      "  KernelId: ''",
      "  KeyName: ''",
      '  LaunchConfigurationARN: arn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:00000000-0000-4000-8000-000000000001:launchConfigurationName/web',
      '  LaunchConfigurationName: web',
      "  RamdiskId: ''",
      '  SecurityGroups:',
      '  - sg-1',
      "  UserData: ''",
      '',
    ].join('\n'),
  }),
  repository: outputs({
    json: [
      '{',
      '    "repository": {',
      '        "repositoryArn": "arn:aws:ecr:us-east-1:000000000000:repository/app",',
      '        "registryId": "000000000000",',
      '        "repositoryName": "app",',
      '        "repositoryUri": "000000000000.dkr.ecr.us-east-1.amazonaws.com/app",',
      '        "createdAt": "2026-11-20T23:21:51.327000+00:00",',
      '        "imageTagMutability": "MUTABLE",',
      '        "imageScanningConfiguration": {',
      '            "scanOnPush": true',
      '        },',
      '        "encryptionConfiguration": {',
      '            "encryptionType": "AES256"',
      '        }',
      '    }',
      '}',
      '',
    ].join('\n'),
    text: [
      'REPOSITORY\t2026-11-20T23:21:51.327000+00:00\tMUTABLE\t000000000000\tarn:aws:ecr:us-east-1:000000000000:repository/app\tapp\t000000000000.dkr.ecr.us-east-1.amazonaws.com/app',
      'ENCRYPTIONCONFIGURATION\tAES256',
      'IMAGESCANNINGCONFIGURATION\tTrue',
      '',
    ].join('\n'),
    table: [
      '-------------------------------------------------------------------------------',
      '|                              CreateRepository                               |',
      '+-----------------------------------------------------------------------------+',
      '||                                repository                                 ||',
      '|+---------------------+-----------------------------------------------------+|',
      '||  createdAt          |  2026-11-20T23:21:51.327000+00:00                   ||',
      '||  imageTagMutability |  MUTABLE                                            ||',
      '||  registryId         |  000000000000                                       ||',
      '||  repositoryArn      |  arn:aws:ecr:us-east-1:000000000000:repository/app  ||',
      '||  repositoryName     |  app                                                ||',
      '||  repositoryUri      |  000000000000.dkr.ecr.us-east-1.amazonaws.com/app   ||',
      '|+---------------------+-----------------------------------------------------+|',
      '|||                         encryptionConfiguration                         |||',
      '||+----------------------------------------------+--------------------------+||',
      '|||  encryptionType                              |  AES256                  |||',
      '||+----------------------------------------------+--------------------------+||',
      '|||                       imageScanningConfiguration                        |||',
      '||+----------------------------------------------+--------------------------+||',
      '|||  scanOnPush                                  |  True                    |||',
      '||+----------------------------------------------+--------------------------+||',
      '',
    ].join('\n'),
    yaml: [
      'repository:',
      "  createdAt: '2026-11-20T23:21:51.327000+00:00'",
      '  encryptionConfiguration:',
      '    encryptionType: AES256',
      '  imageScanningConfiguration:',
      '    scanOnPush: true',
      '  imageTagMutability: MUTABLE',
      "  registryId: '000000000000'",
      '  repositoryArn: arn:aws:ecr:us-east-1:000000000000:repository/app',
      '  repositoryName: app',
      '  repositoryUri: 000000000000.dkr.ecr.us-east-1.amazonaws.com/app',
      '',
    ].join('\n'),
  }),
  token: outputs({
    json: [
      '{',
      '    "id": "accttok_test0001",',
      '    "object": "v2.core.account_token",',
      '    "created": "2026-11-20T23:21:51.327Z",',
      '    "expires_at": "2026-11-20T23:31:51.327Z",',
      '    "livemode": false,',
      '    "used": false',
      '}',
      '',
    ].join('\n'),
    text: [
      '2026-11-20T23:21:51.327Z\t2026-11-20T23:31:51.327Z\taccttok_test0001\tFalse\tv2.core.account_token\tFalse',
      '',
    ].join('\n'),
    table: [
      '--------------------------------------------',
      '|            CreateAccountToken            |',
      '+-------------+----------------------------+',
      '|  created    |  2026-11-20T23:21:51.327Z  |',
      '|  expires_at |  2026-11-20T23:31:51.327Z  |',
      '|  id         |  accttok_test0001          |',
      '|  livemode   |  False                     |',
      '|  object     |  v2.core.account_token     |',
      '|  used       |  False                     |',
      '+-------------+----------------------------+',
      '',
    ].join('\n'),
    yaml: [
      "created: '2026-11-20T23:21:51.327Z'",
      "expires_at: '2026-11-20T23:31:51.327Z'",
      'id: accttok_test0001',
      'livemode: false',
      'object: v2.core.account_token',
      'used: false',
      '',
    ].join('\n'),
  }),
  adjustment: outputs({
    json: [
      '{',
      '    "id": "mtr_event_adj_test0001",',
      '    "object": "v2.billing.meter_event_adjustment",',
      '    "cancel": {',
      '        "identifier": "evt_1"',
      '    },',
      '    "created": "2026-11-20T23:21:51.327Z",',
      '    "event_name": "api_calls",',
      '    "livemode": false,',
      '    "status": "pending",',
      '    "type": "cancel"',
      '}',
      '',
    ].join('\n'),
    text: [
      '2026-11-20T23:21:51.327Z\tapi_calls\tmtr_event_adj_test0001\tFalse\tv2.billing.meter_event_adjustment\tpending\tcancel',
      'CANCEL\tevt_1',
      '',
    ].join('\n'),
    table: [
      '-----------------------------------------------------',
      '|            CreateMeterEventAdjustment             |',
      '+-------------+-------------------------------------+',
      '|  created    |  2026-11-20T23:21:51.327Z           |',
      '|  event_name |  api_calls                          |',
      '|  id         |  mtr_event_adj_test0001             |',
      '|  livemode   |  False                              |',
      '|  object     |  v2.billing.meter_event_adjustment  |',
      '|  status     |  pending                            |',
      '|  type       |  cancel                             |',
      '+-------------+-------------------------------------+',
      '||                     cancel                      ||',
      '|+-----------------------------+-------------------+|',
      '||  identifier                 |  evt_1            ||',
      '|+-----------------------------+-------------------+|',
      '',
    ].join('\n'),
    yaml: [
      'cancel:',
      '  identifier: evt_1',
      "created: '2026-11-20T23:21:51.327Z'",
      'event_name: api_calls',
      'id: mtr_event_adj_test0001',
      'livemode: false',
      'object: v2.billing.meter_event_adjustment',
      'status: pending',
      'type: cancel',
      '',
    ].join('\n'),
  }),
};

describe('every format of every command', () => {
  const cases = Object.entries(EXPECTED).flatMap(([name, byFormat]) =>
    Object.entries(byFormat).map(([format, stdout]) => [name, format, stdout] as const),
  );
  it.each(cases)('%s --output %s', async (name, format, stdout) => {
    const { argv, setup } = COMMANDS[name];
    await setup?.();
    expect(await sb.run([...argv, '--output', format])).toEqual({ code: 0, stdout, stderr: '' });
  });

  it.each(['json', 'text', 'table', 'yaml', 'yaml-stream', 'off'])(
    'commands without output print nothing in %s',
    async (format) => {
      const create = await sb.run([...createLaunchConfiguration('x'), '--output', format]);
      const remove = await sb.run([
        'delete-launch-configuration',
        '--launch-configuration-name',
        'x',
        '--output',
        format,
      ]);
      expect([create, remove]).toEqual([
        { code: 0, stdout: '', stderr: '' },
        { code: 0, stdout: '', stderr: '' },
      ]);
    },
  );

  it('v2 objects: get prints the same document as create', async () => {
    await sb.run(['account-token', 'create']);
    for (const format of ['text', 'table', 'yaml'] as const) {
      const got = await sb.run(['account-token', 'get', '--id', 'accttok_test0001', '--output', format]);
      expect(got).toEqual(
        ok(
          EXPECTED.token[format].replace(
            '|            CreateAccountToken            |',
            '|           RetrieveAccountToken           |',
          ),
        ),
      );
    }
  });
});
