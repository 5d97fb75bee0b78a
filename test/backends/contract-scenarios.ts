/**
 * The contract: each scenario is a sequence of svcctl commands with the exit codes it must give. The
 * contract test runs every scenario through the local backend, through the HTTP backend, and
 * alternating between the two over the one store, and requires identical stdout, stderr and exit codes.
 */
import type { CliResult } from '../helpers/cli.js';
import { JENNY_TOKEN, lcInTables } from '../helpers/operation-cases.js';
import { cancelEvent, createAdjustment, sendEvent } from '../helpers/stripe-v2.js';

export type Step = string[] | ((previous: CliResult[]) => string[]);

export interface Scenario {
  name: string;
  steps: Step[];
  codes: number[];
}

const json = (r: CliResult | undefined) => JSON.parse(r?.stdout || '{}') as Record<string, unknown>;
const last = (prev: CliResult[]) => prev[prev.length - 1];
const TAGGED = 'arn:aws:ecr:us-east-1:000000000000:repository/tags/app';

const lc = lcInTables;
const describeLcs = (...args: string[]) => ['describe-launch-configurations', ...args];
const NAMES = 'LaunchConfigurations[].LaunchConfigurationName';
const NAMES_AND_TOKEN = '[LaunchConfigurations[].LaunchConfigurationName, NextToken]';
/** The NextToken of the previous step, which printed NAMES_AND_TOKEN. */
const tokenOf = (prev: CliResult[]) => JSON.parse(last(prev)!.stdout)[1] as string;

export const SCENARIOS: Scenario[] = [
  {
    name: 'create-repository, duplicates, describe, delete',
    steps: [
      ['create-repository', '--repository-name', 'team/app'],
      [
        'create-repository',
        '--repository-name',
        'team/api',
        '--image-tag-mutability',
        'IMMUTABLE',
        '--image-scanning-configuration',
        'scanOnPush=true',
        '--tags',
        'Key=env,Value=prod',
        '--encryption-configuration',
        'encryptionType=KMS,kmsKey=alias/x',
      ],
      ['create-repository', '--repository-name', 'team/app'],
      ['ecr', 'describe-repositories'],
      ['describe-repositories', '--repository-names', 'team/api', 'nope/x'],
      ['delete-repository', '--repository-name', 'team/app'],
      ['delete-repository', '--repository-name', 'team/app'],
      ['describe-repositories', '--output', 'text'],
      [
        'create-repository',
        '--repository-name',
        'rules/one',
        '--image-tag-mutability',
        'IMMUTABLE_WITH_EXCLUSION',
        '--image-tag-mutability-exclusion-filters',
        'filterType=WILDCARD,filter=latest*',
        // Without repositoryUri, which names serve's registry through serve (compat row 307): a table's
        // column widths follow it.
        '--query',
        'repository.{name: repositoryName, mutability: imageTagMutability, exclusions: imageTagMutabilityExclusionFilters}',
        '--output',
        'table',
      ],
    ],
    codes: [0, 0, 254, 0, 254, 0, 254, 0, 0],
  },
  {
    name: 'bad repository names and rules',
    steps: [
      ['create-repository', '--repository-name', 'Ab'],
      ['create-repository', '--repository-name', 'a'],
      ['create-repository', '--repository-name', 'team//app'],
      ['create-repository', '--repository-name', 'ok', '--registry-id', '12345'],
      ['create-repository', '--repository-name', 'ok', '--image-tag-mutability', 'MUTABLE_WITH_EXCLUSION'],
      ['create-repository', '--repository-name', 'ok', '--image-tag-mutability', 'SOMETIMES'],
      ['create-repository', '--repository-name', 'ok', '--cli-error-format', 'json'],
      ['create-repository', '--repository-name', 'ok', '--cli-error-format', 'json'],
    ],
    codes: [254, 252, 254, 254, 254, 254, 0, 254],
  },
  {
    name: "repository defaults and tags: list, tag, untag, and ECR's tag rules",
    steps: [
      [
        'create-repository',
        '--repository-name',
        'tags/app',
        '--tags',
        'Key=env,Value=prod',
        'Key=team,Value=',
        '--encryption-configuration',
        'encryptionType=KMS',
      ],
      ['ecr', 'list-tags-for-resource', '--resource-arn', TAGGED],
      ['tag-resource', '--resource-arn', TAGGED, '--tags', 'Key=env,Value=staging', 'Key=owner,Value=platform'],
      ['list-tags-for-resource', '--resource-arn', TAGGED, '--output', 'text'],
      ['ecr', 'untag-resource', '--resource-arn', TAGGED, '--tag-keys', 'team', 'nope'],
      ['list-tags-for-resource', '--resource-arn', TAGGED, '--output', 'table'],
      [
        'tag-resource',
        '--resource-arn',
        TAGGED,
        '--tags',
        ...Array.from({ length: 49 }, (_, i) => `Key=k${i},Value=v`),
      ],
      ['tag-resource', '--resource-arn', TAGGED, '--tags', 'Key=aws:x,Value=1'],
      ['untag-resource', '--resource-arn', TAGGED, '--tag-keys', ''],
      [
        'create-repository',
        '--repository-name',
        'tags/many',
        '--tags',
        ...Array.from({ length: 51 }, (_, i) => `Key=k${i},Value=v`),
      ],
      ['list-tags-for-resource', '--resource-arn', 'arn:aws:ecr:us-east-1:000000000000:repository/tags/nope'],
      ['list-tags-for-resource', '--resource-arn', 'tags/app'],
      ['describe-repositories', '--repository-names', 'tags/app'],
      ['delete-repository', '--repository-name', 'tags/app', '--output', 'yaml'],
    ],
    codes: [0, 0, 0, 0, 0, 0, 254, 254, 254, 254, 254, 254, 0, 0],
  },
  {
    name: 'launch configurations with block devices and metadata options',
    steps: [
      lc(
        'web',
        '--block-device-mappings',
        'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3,Iops=3000,Throughput=125}',
        'DeviceName=/dev/xvdb,NoDevice=true',
        'DeviceName=/dev/sdc,VirtualName=ephemeral0',
        '--metadata-options',
        'HttpTokens=required,HttpPutResponseHopLimit=2',
        '--security-groups',
        'sg-1',
        'sg-2',
        '--instance-monitoring',
        'Enabled=false',
        '--ebs-optimized',
        '--associate-public-ip-address',
        '--placement-tenancy',
        'default',
      ),
      lc('web'),
      lc('bad', '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=io1}'),
      lc(
        'bad',
        '--block-device-mappings',
        'DeviceName=/dev/xvda,Ebs={VolumeSize=2,VolumeType=st1}',
        'DeviceName=/dev/xvdb',
      ),
      lc('bad', '--metadata-options', 'HttpPutResponseHopLimit=65'),
      lc('bad', '--block-device-mappings', 'DeviceName=/dev/xvda,Ebs={VolumeSize=0}'),
      ['describe-launch-configurations'],
      [
        'autoscaling',
        'describe-launch-configurations',
        '--launch-configuration-names',
        'web',
        'nope',
        '--output',
        'text',
      ],
      ['describe-launch-configurations', '--output', 'table'],
      [
        'describe-launch-configurations',
        '--output',
        'yaml',
        '--query',
        'LaunchConfigurations[].BlockDeviceMappings[].Ebs',
      ],
      ['delete-launch-configuration', '--launch-configuration-name', 'web'],
      ['delete-launch-configuration', '--launch-configuration-name', 'web'],
      ['describe-launch-configurations'],
    ],
    codes: [0, 254, 254, 254, 254, 252, 0, 0, 0, 0, 0, 254, 0],
  },
  {
    name: 'describe-launch-configurations pagination',
    steps: [
      ...['a', 'b', 'c', 'd', 'e'].map((n) => lc(`lc-${n}`)),
      describeLcs('--max-items', '2', '--query', NAMES_AND_TOKEN),
      (prev) => describeLcs('--max-items', '2', '--starting-token', tokenOf(prev), '--query', NAMES_AND_TOKEN),
      describeLcs('--page-size', '2', '--query', NAMES),
      describeLcs('--page-size', '2', '--max-items', '3', '--query', NAMES_AND_TOKEN),
      (prev) => describeLcs('--page-size', '2', '--starting-token', tokenOf(prev), '--query', NAMES),
      describeLcs('--max-items', '1', '--page-size', '1', '--output', 'text', '--query', NAMES),
      describeLcs('--max-records', '2', '--query', NAMES_AND_TOKEN),
      (prev) => describeLcs('--max-records', '2', '--next-token', tokenOf(prev), '--query', NAMES),
      ['describe-launch-configurations', '--next-token', 'forged.token', '--query', 'NextToken'],
      ['describe-launch-configurations', '--max-records', '101'],
      describeLcs('--launch-configuration-names', 'lc-e', 'lc-a', '--query', NAMES),
    ],
    codes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 254, 254, 0],
  },
  {
    name: 'account tokens with sk_test, pk_test, pk_live, sk_live and rk_live keys',
    steps: [
      [
        ...JENNY_TOKEN,
        '--identity',
        'entity_type=company,business_details={registered_name=Rosen Ltd},attestations={terms_of_service={account={shown_and_accepted=true}}}',
      ],
      (prev) => ['account-token', 'get', '--id', String(json(prev[0]).id)],
      ['account-token', 'create', '--api-key', 'pk_test_abc'],
      ['account-token', 'create', '--api-key', 'pk_live_abc', '--display-name', 'Live'],
      (prev) => [
        'account-token',
        'get',
        '--id',
        String(json(last(prev)).id),
        '--api-key',
        'sk_live_abc',
        '--output',
        'text',
      ],
      (prev) => ['account-token', 'get', '--id', String(json(prev[0]).id), '--api-key', 'sk_live_abc'],
      ['account-token', 'create', '--api-key', 'sk_live_abc'],
      ['account-token', 'create', '--api-key', 'rk_live_abc'],
      ['account-token', 'create', '--api-key', 'nonsense'],
      ['account-token', 'get', '--id', 'accttok_missing'],
      ['account-token', 'create', '--identity', 'entity_type=robot'],
      ['account-token', 'create', '--api-key', 'sk_live_abc', '--cli-error-format', 'yaml'],
    ],
    codes: [0, 0, 0, 0, 0, 254, 254, 254, 254, 254, 254, 254],
  },
  {
    name: 'meter event adjustments, their errors and idempotent replays',
    steps: [
      sendEvent('api_calls', 'evt_123'),
      sendEvent('e', 'evt_9'),
      sendEvent('e', 'evt_11', '--api-key', 'sk_live_abc'),
      cancelEvent('api_calls', 'evt_123'),
      createAdjustment('api_calls', '--cancel', '{}'),
      cancelEvent('api_calls', 'evt_1', '--api-key', 'pk_test_abc'),
      [
        'meter-event-adjustment',
        'create',
        '--event-name',
        'api_calls',
        '--type',
        'refund',
        '--cancel',
        'identifier=evt_1',
      ],
      ['meter-event-adjustment', 'create', '--type', 'cancel', '--cancel', 'identifier=evt_1'],
      cancelEvent('e', 'evt_9', '--idempotency-key', 'key-1'),
      cancelEvent('e', 'evt_9', '--idempotency-key', 'key-1'),
      cancelEvent('e', 'evt_10', '--idempotency-key', 'key-1'),
      ['account-token', 'create', '--idempotency-key', 'key-1'],
      cancelEvent('e', 'evt_11', '--idempotency-key', 'key-1', '--api-key', 'sk_live_abc'),
      cancelEvent('e', 'evt_9', '--output', 'table'),
      cancelEvent('api_calls', 'evt_never_sent'),
    ],
    codes: [0, 0, 0, 0, 254, 254, 254, 252, 0, 0, 254, 254, 0, 254, 254],
  },
  {
    name: 'meter events: sent, refused, cancelled',
    steps: [
      sendEvent('api_calls', 'evt_1'),
      sendEvent('api_calls', 'evt_1'),
      sendEvent('api_calls', 'evt_1', '--api-key', 'sk_live_abc'),
      ['meter-event', 'create', '--event-name', 'api_calls', '--payload', 'value=3', '--output', 'table'],
      sendEvent('api_calls', 'evt_2', '--timestamp', '2020-01-01T00:00:00.000Z'),
      sendEvent('api_calls', 'evt_2', '--timestamp', '2099-01-01T00:00:00.000Z'),
      sendEvent('api_calls', 'evt_2', '--api-key', 'pk_test_abc'),
      cancelEvent('api_calls', 'evt_1'),
      cancelEvent('api_calls', 'evt_1'),
    ],
    codes: [0, 254, 0, 0, 254, 254, 254, 0, 254],
  },
];
