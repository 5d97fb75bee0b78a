/**
 * --generate-cli-skeleton round trips (JSON and YAML): written by hand for the commands that have input
 * members, each checked on the embedded backend; and for every command, two made from the registry, so that a
 * new command needs no edit here: every member made from the model reaches the backend, and the first
 * example's values run on the embedded backend.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Document, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Operation } from '../../src/models/operation.js';
import { OPERATIONS } from '../../src/models/registry.js';
import type { Shape } from '../../src/models/shapes.js';
import { docSandbox } from '../docs/runner.js';
import { backendCalls } from '../helpers/backend-calls.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { exampleSetup } from '../helpers/example-setup.js';
import { keyArgv, sampleValue } from '../helpers/model-values.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());
const backend = backendCalls();

/**
 * Skeleton → fill the required members → --cli-input-json / --cli-input-yaml → runs (exit 0) on the
 * embedded backend and prints what it stored, for the commands below, written by hand (a new command
 * needs no entry: the two generated round trips at the end of this file cover every command). Placeholders that are not valid as they are ("" where a minimum
 * length is 1, a tag key "", 0 where the minimum is 1, a block device mapping with all of Ebs/NoDevice/VirtualName,
 * exclusion filters with MUTABLE) are filled or dropped; every other placeholder is sent as generated.
 */
type Path = Array<string | number>;
interface RoundTrip {
  command: string;
  setup?: string[][];
  fill: Array<[Path, unknown]>;
  drop: Path[];
  /** --query on the command's own output, and what it prints (without: what the command prints with no parameters). */
  query?: string;
  stdout?: string;
  /** A later command that shows what was stored, and what it prints. */
  check?: [string[], string];
}

const LC = 'LaunchConfigurations[0]';
const REPO_ARN = 'arn:aws:ecr:us-east-1:000000000000:repository/round/trip';
const CREATE_LC = [
  'create-launch-configuration',
  '--launch-configuration-name',
  'round-trip',
  '--image-id',
  'ami-1',
  '--instance-type',
  't3.micro',
];
const ROUND_TRIPS: RoundTrip[] = [
  {
    command: 'create-repository',
    fill: [
      [['repositoryName'], 'round/trip'],
      [['tags', 0, 'Key'], 'env'],
    ],
    drop: [['registryId'], ['imageTagMutabilityExclusionFilters'], ['encryptionConfiguration', 'kmsKey']],
    query:
      'repository.[repositoryName, imageTagMutability, imageScanningConfiguration.scanOnPush, encryptionConfiguration.encryptionType]',
    stdout: '[\n    "round/trip",\n    "MUTABLE",\n    true,\n    "AES256"\n]\n',
    check: [['list-tags-for-resource', '--resource-arn', REPO_ARN, '--output', 'text'], 'TAGS\tenv\t\n'],
  },
  {
    command: 'describe-repositories',
    setup: [['create-repository', '--repository-name', 'round/trip']],
    fill: [[['repositoryNames', 0], 'round/trip']],
    drop: [['registryId'], ['nextToken'], ['maxResults']],
    query: 'repositories[].repositoryName',
    stdout: '[\n    "round/trip"\n]\n',
  },
  {
    command: 'tag-resource',
    setup: [['create-repository', '--repository-name', 'round/trip']],
    fill: [
      [['resourceArn'], REPO_ARN],
      [['tags', 0, 'Key'], 'env'],
    ],
    drop: [],
    query: '@',
    stdout: '',
    check: [['list-tags-for-resource', '--resource-arn', REPO_ARN, '--output', 'text'], 'TAGS\tenv\t\n'],
  },
  {
    command: 'list-tags-for-resource',
    setup: [['create-repository', '--repository-name', 'round/trip', '--tags', 'Key=env,Value=prod']],
    fill: [[['resourceArn'], REPO_ARN]],
    drop: [],
    query: 'tags[].[Key, Value]',
    stdout: '[\n    [\n        "env",\n        "prod"\n    ]\n]\n',
  },
  {
    command: 'untag-resource',
    setup: [
      ['create-repository', '--repository-name', 'round/trip', '--tags', 'Key=env,Value=prod', 'Key=team,Value=core'],
    ],
    fill: [
      [['resourceArn'], REPO_ARN],
      [['tagKeys', 0], 'env'],
    ],
    drop: [],
    query: '@',
    stdout: '',
    check: [['list-tags-for-resource', '--resource-arn', REPO_ARN, '--output', 'text'], 'TAGS\tteam\tcore\n'],
  },
  {
    command: 'delete-repository',
    setup: [['create-repository', '--repository-name', 'round/trip']],
    fill: [[['repositoryName'], 'round/trip']],
    drop: [['registryId']],
    query: 'repository.repositoryName',
    stdout: '"round/trip"\n',
    check: [['describe-repositories', '--query', 'length(repositories)'], '0\n'],
  },
  {
    command: 'create-launch-configuration',
    fill: [
      [['LaunchConfigurationName'], 'round-trip'],
      [['ImageId'], 'ami-1'],
      [['InstanceType'], 't3.micro'],
      [['BlockDeviceMappings', 0, 'DeviceName'], '/dev/xvda'],
      [['BlockDeviceMappings', 0, 'Ebs', 'VolumeSize'], 8],
      [['MetadataOptions', 'HttpPutResponseHopLimit'], 1],
    ],
    drop: [
      ['KeyName'],
      ['ClassicLinkVPCId'],
      ['ClassicLinkVPCSecurityGroups'],
      ['InstanceId'],
      ['KernelId'],
      ['RamdiskId'],
      ['SpotPrice'],
      ['IamInstanceProfile'],
      ['BlockDeviceMappings', 0, 'VirtualName'],
      ['BlockDeviceMappings', 0, 'NoDevice'],
      ['BlockDeviceMappings', 0, 'Ebs', 'SnapshotId'],
      ['BlockDeviceMappings', 0, 'Ebs', 'Iops'],
      ['BlockDeviceMappings', 0, 'Ebs', 'Throughput'],
    ],
    query: '@',
    stdout: '',
    check: [
      [
        'describe-launch-configurations',
        '--query',
        `${LC}.[LaunchConfigurationName, SecurityGroups, UserData, BlockDeviceMappings[0].Ebs.[VolumeSize, VolumeType, Encrypted], PlacementTenancy, MetadataOptions.HttpEndpoint]`,
        '--output',
        'json',
      ],
      '[\n    "round-trip",\n    [\n        ""\n    ],\n    "",\n    [\n        8,\n        "standard",\n        true\n    ],\n    "default",\n    "disabled"\n]\n',
    ],
  },
  {
    command: 'describe-launch-configurations',
    setup: [CREATE_LC],
    fill: [[['LaunchConfigurationNames', 0], 'round-trip']],
    drop: [['NextToken'], ['MaxRecords']],
    query: 'LaunchConfigurations[].LaunchConfigurationName',
    stdout: '[\n    "round-trip"\n]\n',
  },
  {
    command: 'delete-launch-configuration',
    setup: [CREATE_LC],
    fill: [[['LaunchConfigurationName'], 'round-trip']],
    drop: [],
    query: '@',
    stdout: '',
    check: [['describe-launch-configurations', '--query', 'length(LaunchConfigurations)'], '0\n'],
  },
  {
    command: 'account-token create',
    // Stripe's decimal string (format: decimal): "" is not one.
    fill: [[['identity', 'individual', 'relationship', 'percent_ownership'], '25.5']],
    drop: [],
    query: '[object, used]',
    stdout: '[\n    "v2.core.account_token",\n    false\n]\n',
  },
  {
    command: 'account-token get',
    setup: [['account-token', 'create']],
    fill: [[['id'], 'accttok_test0001']],
    drop: [],
    query: 'id',
    stdout: '"accttok_test0001"\n',
  },
  {
    command: 'account create',
    setup: [['account-token', 'create', '--display-name', 'Round Trip']],
    fill: [[['account_token'], 'accttok_test0001']],
    drop: [],
    query: '[object, display_name]',
    stdout: '[\n    "v2.core.account",\n    "Round Trip"\n]\n',
    check: [['account-token', 'get', '--id', 'accttok_test0001', '--query', 'used'], 'true\n'],
  },
  {
    command: 'account get',
    setup: [
      ['account-token', 'create'],
      ['account', 'create', '--account-token', 'accttok_test0001'],
    ],
    fill: [[['id'], 'acct_test0002']],
    drop: [],
    query: 'id',
    stdout: '"acct_test0002"\n',
  },
  {
    command: 'meter-event-adjustment create',
    setup: [['meter-event', 'create', '--event-name', 'api_calls', '--payload', 'value=1', '--identifier', 'evt_1']],
    fill: [
      [['cancel', 'identifier'], 'evt_1'],
      [['event_name'], 'api_calls'],
    ],
    drop: [],
    query: '[cancel.identifier, event_name, type, status]',
    stdout: '[\n    "evt_1",\n    "api_calls",\n    "cancel",\n    "pending"\n]\n',
  },
  {
    command: 'meter-event-adjustment get',
    setup: [
      ['meter-event', 'create', '--event-name', 'api_calls', '--payload', 'value=1', '--identifier', 'evt_1'],
      [
        'meter-event-adjustment',
        'create',
        '--event-name',
        'api_calls',
        '--type',
        'cancel',
        '--cancel',
        'identifier=evt_1',
      ],
    ],
    fill: [[['id'], 'mtr_event_adj_test0001']],
    drop: [],
    query: '[id, status]',
    stdout: '[\n    "mtr_event_adj_test0001",\n    "complete"\n]\n',
  },
];

function setIn(target: unknown, path: Path, value: unknown): void {
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], target);
  parent[path[path.length - 1]!] = value;
}

function deleteIn(target: unknown, path: Path): void {
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], target);
  delete parent[path[path.length - 1]!];
}

const hasInput = (command: string) =>
  Object.keys(OPERATIONS.find((op) => op.paths[0]!.join(' ') === command)!.input.members).length > 0;

/**
 * A command without input members needs no entry above (issue 30, item 2): its skeleton is sent as generated
 * and it prints the members the command prints with no parameters at all.
 */
const commands = OPERATIONS.map((op) => op.paths[0]!.join(' '));
const roundTrips = commands.flatMap((command): RoundTrip[] => {
  const t = ROUND_TRIPS.find((rt) => rt.command === command);
  if (t) return [t];
  // Only the names of what it prints: a command that creates (meter-event-session create) makes new ids each run.
  return hasInput(command) ? [] : [{ command, fill: [], drop: [], query: 'keys(@)' }];
});

describe('skeleton round trip, every command', () => {
  const cases = roundTrips.flatMap((t) => [
    ['--cli-input-json', t.command, t] as const,
    ['--cli-input-yaml', t.command, t] as const,
  ]);
  it.each(cases)('%s of %s: the filled skeleton runs on the embedded backend', async (option, _command, t) => {
    const argv = t.command.split(' ');
    for (const setup of t.setup ?? []) expect((await sb.run(setup)).code).toBe(0);
    const query = t.query === undefined ? [] : ['--query', t.query];
    const stdout = t.stdout ?? (await sb.run([...argv, ...query])).stdout;
    let input: string;
    if (option === '--cli-input-json') {
      const skeleton = JSON.parse((await sb.run([...argv, '--generate-cli-skeleton'])).stdout) as unknown;
      for (const [path, value] of t.fill) setIn(skeleton, path, value);
      for (const path of t.drop) deleteIn(skeleton, path);
      input = JSON.stringify(skeleton);
    } else {
      // Edited as a document, so the skeleton's comments go along into --cli-input-yaml.
      const doc = parseDocument((await sb.run([...argv, '--generate-cli-skeleton', 'yaml-input'])).stdout);
      for (const [path, value] of t.fill) doc.setIn(path, value);
      for (const path of t.drop) doc.deleteIn(path);
      input = doc.toString();
      // Each member's line carries its comment; a command without input members has no line to carry one.
      if (hasInput(t.command)) expect(input).toMatch(/^[^#\n]+ +# /m);
    }
    expect(await sb.run([...argv, option, input, ...query])).toEqual({ code: 0, stdout, stderr: '' });
    if (t.check) expect(await sb.run(t.check[0])).toEqual({ code: 0, stdout: t.check[1], stderr: '' });
  });

  it('the round trips above are of commands with input members, each once, in registry order', () => {
    const written = ROUND_TRIPS.map((t) => t.command);
    expect(written).toEqual(commands.filter((c) => hasInput(c) && written.includes(c)));
  });
});

/**
 * The skeleton filled at each of its places with a value made from the model, through the skeleton's own
 * structure: a structure's members are the skeleton's keys (one the model does not have is an error), a
 * list's items repeat the skeleton's one item.
 */
function fill(node: unknown, shape: Shape, n = 0): unknown {
  if (shape.type === 'structure') {
    return Object.fromEntries(
      Object.entries(node as Record<string, unknown>).map(([key, value]) => {
        const member = shape.members[key];
        if (member === undefined) throw new Error(`the skeleton has ${key}, which the model does not`);
        return [key, fill(value, member, n)];
      }),
    );
  }
  if (shape.type === 'list')
    return (sampleValue(shape, n) as unknown[]).map((_, i) => fill((node as unknown[])[0], shape.member, n + i));
  return sampleValue(shape, n);
}

/** What the CLI sends for a value given by the user: base64 of the text of a member it encodes (UserData). */
function encoded(op: Operation, params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const shape = op.input.members[name]!;
      const base64 = shape.type === 'string' && shape.clientBase64;
      // A blob's base64 text is decoded by the client (input/encodings.ts), as the AWS CLI's base64 format does.
      if (shape.type === 'blob') return [name, new Uint8Array(Buffer.from(String(value), 'base64'))];
      return [name, base64 ? Buffer.from(String(value)).toString('base64') : value];
    }),
  );
}

/** The skeleton in the option's format, its top-level members replaced by `members`' (a YAML document keeps its comments). */
async function skeletonWith(
  run: Sandbox['run'],
  option: string,
  argv: string[],
  members: (skeleton: Record<string, unknown>) => Record<string, unknown>,
): Promise<string> {
  if (option === '--cli-input-json') {
    const skeleton = JSON.parse((await run([...argv, '--generate-cli-skeleton'])).stdout) as Record<string, unknown>;
    return JSON.stringify(members(skeleton));
  }
  const doc = parseDocument((await run([...argv, '--generate-cli-skeleton', 'yaml-input'])).stdout);
  syncYaml(doc, [], members((doc.toJS() ?? {}) as Record<string, unknown>));
  return doc.toString();
}

/**
 * Makes the document's node at `path` hold `value`: a map loses the keys `value` lacks, a list the items past
 * its length, and a scalar changes in place, so the nodes that stay keep their comments.
 */
function syncYaml(doc: Document, path: Array<string | number>, value: unknown): void {
  const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (Array.isArray(value) && isSeq(node)) {
    node.items.splice(value.length);
    value.forEach((item, i) => syncYaml(doc, [...path, i], item));
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value) && isMap(node)) {
    for (const pair of [...node.items]) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (!(String(key) in value)) node.delete(key);
    }
    for (const [key, item] of Object.entries(value)) syncYaml(doc, [...path, key], item);
  } else if (path.length === 0) {
    doc.contents = doc.createNode(value);
  } else {
    doc.setIn(path, value);
  }
}

const EVERY = OPERATIONS.flatMap((op) =>
  ['--cli-input-json', '--cli-input-yaml'].map((option) => [option, op.paths[0]!.join(' '), op] as const),
);

/**
 * Every command, without an entry above (issue 30: a new one needs none): its skeleton, every place filled
 * with a value made from the model (test/helpers/model-values.ts), reaches the backend as exactly that value,
 * every member of the model at every depth. The backend is not run: the values name nothing that exists.
 */
describe('skeleton round trip, every command, every member made from the model', () => {
  it.each(EVERY)('%s of %s: every member of the skeleton reaches the backend', async (option, _command, op) => {
    backend.invoke.mockResolvedValue({});
    const argv = op.paths[0]!;
    const input = await skeletonWith(
      sb.run,
      option,
      argv,
      (skeleton) => fill(skeleton, op.input) as Record<string, unknown>,
    );
    if (option === '--cli-input-yaml' && Object.keys(op.input.members).length > 0)
      expect(input).toMatch(/^[^#\n]+ +# /m);
    expect(await sb.run([...argv, option, input, '--output', 'off', ...keyArgv(op)])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(backend.invoke).toHaveBeenCalledTimes(1);
    expect(backend.sent()).toEqual(encoded(op, sampleValue(op.input) as Record<string, unknown>));
  });
});

/**
 * Every command, without an entry above: its skeleton, holding the values of its first example (those the
 * example's flags send) and nothing else, runs on the embedded backend after the setup that the example runs
 * after (test/helpers/example-setup.ts), as test/help/examples.test.ts runs the example itself.
 */
describe("skeleton round trip, every command, with its first example's values", () => {
  it.each(EVERY)('%s of %s: the skeleton runs on the embedded backend', async (option, _command, op) => {
    const example = op.examples![0]!.argv;
    const doc = docSandbox();
    try {
      backend.invoke.mockResolvedValueOnce({});
      expect(await doc.run([...example, '--output', 'off'])).toEqual({ code: 0, stdout: '', stderr: '' });
      const values = backend.sent()!;
      for (const setup of exampleSetup(op))
        expect({ setup, ...(await doc.run(setup)) }).toMatchObject({ setup, code: 0, stderr: '' });
      const argv = op.paths.find((path) => path.every((word, i) => example[i] === word))!;
      const input = await skeletonWith(doc.run, option, argv, (skeleton) => {
        expect(Object.keys(skeleton)).toEqual(expect.arrayContaining(Object.keys(values)));
        return Object.fromEntries(
          Object.keys(skeleton)
            .filter((k) => k in values)
            // A blob the example sent as bytes is base64 text in a document, as the default format reads it.
            .map((k) => [k, values[k] instanceof Uint8Array ? Buffer.from(values[k]).toString('base64') : values[k]]),
        );
      });
      // The key the example gives goes along (the meter event stream takes a session's token, not the sandbox's key).
      const key = example.indexOf('--api-key');
      const r = await doc.run([...argv, option, input, ...(key < 0 ? [] : example.slice(key, key + 2))]);
      // An example that needs what no example makes (a pushed image) meets the service's refusal, as itself does.
      const direct = op.examples![0]!.needs === undefined ? undefined : await doc.run(example);
      if (direct) expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 254, stderr: direct.stderr });
      else expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
    } finally {
      doc.cleanup();
    }
  });
});
