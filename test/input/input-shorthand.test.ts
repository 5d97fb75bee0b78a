/**
 * Shorthand and JSON for every structure and list flag of every command, proven by what reaches the
 * backend (the local backend's invoke is observed, and still runs). Parse errors are 252 with the
 * parameter, the position and what was expected, and reach no backend.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flagsFor } from '../../src/models/flags.js';
import { OPERATIONS } from '../../src/models/registry.js';
import { backendCalls } from '../helpers/backend-calls.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { sendEvent } from '../helpers/stripe-v2.js';
import { keyArgv, requiredArgv, requiredValues, sampleValue, shorthandWords } from '../helpers/model-values.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());
const backend = backendCalls();

/** Why Python's json module (the AWS CLI's) refuses a text: asked of /usr/bin/python3 itself. */
function jsonParseMessage(text: string): string {
  const script =
    'import json,sys\ntry:\n    json.loads(sys.stdin.read())\nexcept json.JSONDecodeError as e:\n    print(e, end="")';
  return execFileSync('/usr/bin/python3', ['-c', script], { input: text, encoding: 'utf8' });
}

const repo = ['create-repository', '--repository-name', 'ab'];
const lc = [
  'create-launch-configuration',
  '--launch-configuration-name',
  'web',
  '--image-id',
  'ami-1',
  '--instance-type',
  't3.micro',
];
const mea = ['meter-event-adjustment', 'create', '--event-name', 'e', '--type', 'cancel'];
const withExclusion = [...repo, '--image-tag-mutability', 'IMMUTABLE_WITH_EXCLUSION'];

const AB_ARN = 'arn:aws:ecr:us-east-1:000000000000:repository/ab';
const setupRepos = [
  ['create-repository', '--repository-name', 'ab'],
  ['create-repository', '--repository-name', 'cd'],
];
const CASES: Array<[string, string[], Record<string, unknown>, string[][]?]> = [
  [
    'tags: one shorthand per word',
    [...repo, '--tags', 'Key=a,Value=b', 'Key=c,Value=d'],
    {
      repositoryName: 'ab',
      tags: [
        { Key: 'a', Value: 'b' },
        { Key: 'c', Value: 'd' },
      ],
    },
  ],
  [
    'tags: a JSON list',
    [...repo, '--tags', '[{"Key": "a", "Value": "b"}]'],
    { repositoryName: 'ab', tags: [{ Key: 'a', Value: 'b' }] },
  ],
  [
    'tags: one JSON object per word',
    [...repo, '--tags', '{"Key": "a", "Value": "b"}', '{"Key": "c", "Value": ""}'],
    {
      repositoryName: 'ab',
      tags: [
        { Key: 'a', Value: 'b' },
        { Key: 'c', Value: '' },
      ],
    },
  ],
  [
    'tags: quoting and an escaped comma',
    [...repo, '--tags', `Key='a,b',Value="c d"`, "Key=e\\,f,Value='it\\'s'"],
    {
      repositoryName: 'ab',
      tags: [
        { Key: 'a,b', Value: 'c d' },
        { Key: 'e,f', Value: "it's" },
      ],
    },
  ],
  [
    'tags: an empty value',
    [...repo, '--tags', 'Key=a,Value='],
    { repositoryName: 'ab', tags: [{ Key: 'a', Value: '' }] },
  ],
  [
    'exclusion filters: shorthand with * and -',
    [
      ...withExclusion,
      '--image-tag-mutability-exclusion-filters',
      'filterType=WILDCARD,filter=release-*',
      'filterType=WILDCARD,filter=v1.*',
    ],
    {
      repositoryName: 'ab',
      imageTagMutability: 'IMMUTABLE_WITH_EXCLUSION',
      imageTagMutabilityExclusionFilters: [
        { filterType: 'WILDCARD', filter: 'release-*' },
        { filterType: 'WILDCARD', filter: 'v1.*' },
      ],
    },
  ],
  [
    'scanning: a boolean from shorthand, any case',
    [...repo, '--image-scanning-configuration', 'scanOnPush=TRUE'],
    { repositoryName: 'ab', imageScanningConfiguration: { scanOnPush: true } },
  ],
  [
    'scanning: JSON',
    [...repo, '--image-scanning-configuration', '{"scanOnPush": false}'],
    { repositoryName: 'ab', imageScanningConfiguration: { scanOnPush: false } },
  ],
  [
    'encryption: ":" and "/" in a value',
    [...repo, '--encryption-configuration', 'encryptionType=KMS,kmsKey=arn:aws:kms:us-east-1:000000000000:key/k-1'],
    {
      repositoryName: 'ab',
      encryptionConfiguration: { encryptionType: 'KMS', kmsKey: 'arn:aws:kms:us-east-1:000000000000:key/k-1' },
    },
  ],
  [
    'tag-resource tags: shorthand words',
    ['tag-resource', '--resource-arn', AB_ARN, '--tags', 'Key=a,Value=b', 'Key=c,Value='],
    {
      resourceArn: AB_ARN,
      tags: [
        { Key: 'a', Value: 'b' },
        { Key: 'c', Value: '' },
      ],
    },
    [setupRepos[0]!],
  ],
  [
    'untag-resource tag keys: words, never split on commas',
    ['untag-resource', '--resource-arn', AB_ARN, '--tag-keys', 'a', 'b,c'],
    { resourceArn: AB_ARN, tagKeys: ['a', 'b,c'] },
    [setupRepos[0]!],
  ],
  [
    'repository names: words',
    ['describe-repositories', '--repository-names', 'ab', 'cd'],
    { repositoryNames: ['ab', 'cd'], nextToken: undefined, maxResults: undefined },
    setupRepos,
  ],
  [
    'repository names: JSON',
    ['describe-repositories', '--repository-names', '["ab", "cd"]'],
    { repositoryNames: ['ab', 'cd'], nextToken: undefined, maxResults: undefined },
    setupRepos,
  ],
  [
    'security groups: words, never split on commas',
    [...lc, '--security-groups', 'sg-1', 'sg-2,sg-3'],
    {
      LaunchConfigurationName: 'web',
      ImageId: 'ami-1',
      SecurityGroups: ['sg-1', 'sg-2,sg-3'],
      InstanceType: 't3.micro',
    },
  ],
  [
    'security groups: JSON',
    [...lc, '--security-groups', '["sg-1", "sg-2"]', '--classic-link-vpc-security-groups', 'sg-3'],
    {
      LaunchConfigurationName: 'web',
      ImageId: 'ami-1',
      SecurityGroups: ['sg-1', 'sg-2'],
      ClassicLinkVPCSecurityGroups: ['sg-3'],
      InstanceType: 't3.micro',
    },
  ],
  [
    'block device mappings: nested shorthand, integers and booleans converted',
    [
      ...lc,
      '--block-device-mappings',
      'DeviceName=/dev/xvda,Ebs={VolumeSize=10,VolumeType=gp3,Encrypted=true}',
      'DeviceName=/dev/xvdb,NoDevice=true',
    ],
    {
      LaunchConfigurationName: 'web',
      ImageId: 'ami-1',
      InstanceType: 't3.micro',
      BlockDeviceMappings: [
        { DeviceName: '/dev/xvda', Ebs: { VolumeSize: 10, VolumeType: 'gp3', Encrypted: true } },
        { DeviceName: '/dev/xvdb', NoDevice: true },
      ],
    },
  ],
  [
    'block device mappings: JSON',
    [...lc, '--block-device-mappings', '[{"DeviceName": "/dev/sdb", "VirtualName": "ephemeral0"}]'],
    {
      LaunchConfigurationName: 'web',
      ImageId: 'ami-1',
      InstanceType: 't3.micro',
      BlockDeviceMappings: [{ DeviceName: '/dev/sdb', VirtualName: 'ephemeral0' }],
    },
  ],
  [
    'monitoring and metadata options',
    [
      ...lc,
      '--instance-monitoring',
      'Enabled=false',
      '--metadata-options',
      'HttpTokens=required,HttpPutResponseHopLimit=2,HttpEndpoint=enabled',
    ],
    {
      LaunchConfigurationName: 'web',
      ImageId: 'ami-1',
      InstanceType: 't3.micro',
      InstanceMonitoring: { Enabled: false },
      MetadataOptions: { HttpTokens: 'required', HttpPutResponseHopLimit: 2, HttpEndpoint: 'enabled' },
    },
  ],
  [
    'launch configuration names: words',
    ['describe-launch-configurations', '--launch-configuration-names', 'web', 'worker'],
    { LaunchConfigurationNames: ['web', 'worker'], MaxRecords: undefined, NextToken: undefined },
  ],
  [
    'identity: three levels of nesting, a quoted comma',
    [
      'account-token',
      'create',
      '--identity',
      "entity_type=company,business_details={registered_name='Rosen, Ltd'},attestations={terms_of_service={account={shown_and_accepted=true}}}",
    ],
    {
      identity: {
        entity_type: 'company',
        business_details: { registered_name: 'Rosen, Ltd' },
        attestations: { terms_of_service: { account: { shown_and_accepted: true } } },
      },
    },
  ],
  [
    'identity: JSON',
    ['account-token', 'create', '--identity', '{"entity_type": "individual"}'],
    { identity: { entity_type: 'individual' } },
  ],
  [
    'cancel: shorthand',
    [...mea, '--cancel', 'identifier=evt_1'],
    { event_name: 'e', type: 'cancel', cancel: { identifier: 'evt_1' } },
    [sendEvent('e', 'evt_1')],
  ],
  [
    'cancel: JSON',
    [...mea, '--cancel', '{"identifier": "evt 2"}'],
    { event_name: 'e', type: 'cancel', cancel: { identifier: 'evt 2' } },
    [sendEvent('e', 'evt 2')],
  ],
];

describe('structure and list flags, written by hand', () => {
  it.each(CASES)('%s', async (_name, argv, params, setup = []) => {
    for (const command of setup) expect((await sb.run(command)).code).toBe(0);
    expect(await sb.run([...argv, '--output', 'off'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(backend.sent()).toEqual(params);
  });
});

/**
 * Every structure, map and list flag of every command (issue 30: a new one needs no case here), its value made
 * from the model (test/helpers/model-values.ts), written once in shorthand and once as JSON, with the command's
 * other required members; what reaches the backend is that value. The backend is not run: the values hold the
 * model's constraints but name nothing that exists.
 */
const GENERATED = OPERATIONS.flatMap((op) => {
  return flagsFor(op)
    .filter((f) => !f.hidden && (f.shape.type === 'structure' || f.shape.type === 'list' || f.shape.type === 'map'))
    .flatMap((f) => {
      const value = sampleValue(f.shape);
      const others = Object.entries(requiredValues(op)).filter(([member]) => member !== f.member);
      const command = op.paths[0]!.join(' ');
      const argv = (words: string[]) => [
        ...op.paths[0]!,
        ...requiredArgv(op, f.member),
        ...keyArgv(op),
        f.flag,
        ...words,
      ];
      const params = { ...Object.fromEntries(others), [f.member]: value };
      return [
        [`${command} ${f.flag}: shorthand`, argv(shorthandWords(f.shape, value)), params] as const,
        [`${command} ${f.flag}: JSON`, argv([JSON.stringify(value)]), params] as const,
      ];
    });
});

describe('structure and list flags of every command, their values made from the model', () => {
  it.each(GENERATED)('%s', async (_name, argv, params) => {
    backend.invoke.mockResolvedValue({});
    expect(await sb.run([...argv, '--output', 'off'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(backend.invoke).toHaveBeenCalledTimes(1);
    expect(backend.sent()).toEqual(params);
  });
});

describe('parse errors: 252 with the parameter, the position and what was expected; no backend', () => {
  const param = (flag: string, detail: string) =>
    `\nsvcctl: [ERROR]: An error occurred (ParamValidation): Error parsing parameter '${flag}': ${detail}\n`;
  const ERRORS: Array<[string, string[], string]> = [
    [
      'a trailing comma',
      [...repo, '--tags', 'Key=a,,'],
      param('--tags', "Expected: '=', received: 'EOF' for input:\n Key=a,,\n       ^"),
    ],
    [
      'a key without "="',
      [...repo, '--image-scanning-configuration', 'scanOnPush'],
      param('--image-scanning-configuration', "Expected: '=', received: 'EOF' for input:\n scanOnPush\n          ^"),
    ],
    [
      'an unclosed brace',
      [...lc, '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=10'],
      param(
        '--block-device-mappings',
        "Expected: ',', received: 'EOF' for input:\n DeviceName=/dev/xvda,Ebs={VolumeSize=10\n                                       ^",
      ),
    ],
    [
      'a key given twice',
      ['account-token', 'create', '--identity', 'entity_type=company,entity_type=individual'],
      param(
        '--identity',
        'Second instance of key "entity_type" encountered for input:\nentity_type=company,entity_type=individual\n                    ^\nThis is often because there is a preceding "," instead of a space.',
      ),
    ],
    [
      'an unterminated quote',
      [...mea, '--cancel', "identifier='evt"],
      param('--cancel', "Expected: '<singled quoted>', received: '<none>' for input:\n identifier='evt\n           ^"),
    ],
    [
      'a bad integer',
      [...lc, '--metadata-options', 'HttpPutResponseHopLimit=two'],
      param('--metadata-options', "invalid literal for int() with base 10: 'two'"),
    ],
    // The explanation is this runtime's JSON.parse message (see test/input/params.test.ts).
    [
      'bad JSON',
      [...repo, '--tags', '[{"Key": }]'],
      param('--tags', `Invalid JSON: ${jsonParseMessage('[{"Key": }]')}\nJSON received: [{"Key": }]`),
    ],
  ];
  it.each(ERRORS)('%s', async (_name, argv, stderr) => {
    expect(await sb.run(argv)).toEqual({ code: 252, stdout: '', stderr });
    expect(backend.invoke).not.toHaveBeenCalled();
    expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);
  });

  const validation = (line: string) =>
    `\nsvcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:\n${line}\n`;
  const WRONG: Array<[string, string[], string]> = [
    [
      '[a,b] where a string belongs',
      [...repo, '--tags', 'Key=[a,b],Value=c'],
      validation(
        "Invalid type for parameter tags[0].Key, value: ['a', 'b'], type: <class 'list'>, valid types: <class 'str'>",
      ),
    ],
    [
      'a word where a boolean belongs',
      [...lc, '--instance-monitoring', 'Enabled=maybe'],
      validation(
        "Invalid type for parameter InstanceMonitoring.Enabled, value: maybe, type: <class 'str'>, valid types: <class 'bool'>",
      ),
    ],
    [
      'an unknown key',
      [...mea, '--cancel', 'id=evt_1'],
      validation('Unknown parameter in cancel: "id", must be one of: identifier'),
    ],
  ];
  it.each(WRONG)('a wrong type or key is a validation error naming the member: %s', async (_name, argv, stderr) => {
    expect(await sb.run(argv)).toEqual({ code: 252, stdout: '', stderr });
    expect(backend.invoke).not.toHaveBeenCalled();
    expect(existsSync(sb.env.SVCCTL_HOME!)).toBe(false);
  });
});
