/**
 * Partitions and regions (src/models/partitions.ts): a region's partition gives its ARNs and host names,
 * as the AWS CLI 2.36.7 resolves them (test/goldens/aws-cli-2.36.7/regions.json: the endpoints its
 * --debug printed for cn-north-1, us-gov-west-1 and us-iso-east-1); a region name in upper case is
 * refused everywhere (the flag, `configure set`, a signature's scope at serve), where the AWS CLI signs
 * for `US-EAST-1` and sends it (docs/compat.md). The ARNs themselves are in the operation tables
 * (create-repository, tag-resource, create-launch-configuration: both backends).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { arn, hostIn, parseArn, partitionOf, PARTITIONS } from '../../src/models/partitions.js';
import { readAwsCliGolden } from '../helpers/aws-cli-golden.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok, paramValidation } from '../helpers/cli-results.js';
import { killAll, type Spawned, svcctl, urlOf } from '../reliability/helpers.js';

interface GoldenCase {
  args: string[];
  code: number;
  stderr: string;
  debugEndpoint: string;
  debugCredentialScope: string;
}
const golden = readAwsCliGolden<{ printedBy: string; cases: GoldenCase[] }>('regions.json');

/** The host prefix of each service's endpoint, before the region (the AWS CLI's endpoints). */
const PREFIX: Record<string, string> = { ecr: 'api.ecr', autoscaling: 'autoscaling' };

describe("a region's partition", () => {
  it.each(golden.cases.filter((c) => c.args[3] !== 'US-EAST-1').map((c) => [c.args.join(' '), c] as const))(
    '%s: the host the AWS CLI 2.36.7 resolved',
    (_name, c) => {
      const [service, , , region] = c.args as [string, string, string, string];
      expect(`https://${hostIn(PREFIX[service]!, region)}`).toBe(c.debugEndpoint);
      expect(c.debugCredentialScope).toBe(`${region}/${service}`);
    },
  );

  it.each([
    ['us-east-1', 'aws', 'amazonaws.com'],
    ['eu-west-3', 'aws', 'amazonaws.com'],
    ['cn-north-1', 'aws-cn', 'amazonaws.com.cn'],
    ['cn-northwest-1', 'aws-cn', 'amazonaws.com.cn'],
    ['us-gov-east-1', 'aws-us-gov', 'amazonaws.com'],
    ['us-iso-west-1', 'aws-iso', 'c2s.ic.gov'],
    ['us-isob-east-1', 'aws-iso-b', 'sc2s.sgov.gov'],
    ['eu-isoe-west-1', 'aws-iso-e', 'cloud.adc-e.uk'],
    ['us-isof-south-1', 'aws-iso-f', 'csp.hci.ic.gov'],
    ['eusc-de-east-1', 'aws-eusc', 'amazonaws.eu'],
    // Not yet named by the data: the partition whose expression it matches; no partition's: aws (botocore's fallback).
    ['cn-south-9', 'aws-cn', 'amazonaws.com.cn'],
    ['local', 'aws', 'amazonaws.com'],
  ])('%s is in %s (%s)', (region, id, suffix) => {
    expect([partitionOf(region).id, partitionOf(region).dnsSuffix]).toEqual([id, suffix]);
    expect(arn('ecr', region, '123456789012', 'repository/a')).toBe(
      `arn:${id}:ecr:${region}:123456789012:repository/a`,
    );
  });

  it('ARNs name one of the partitions, and only those', () => {
    expect(PARTITIONS.map((p) => p.id)).toEqual([
      'aws',
      'aws-cn',
      'aws-eusc',
      'aws-iso',
      'aws-iso-b',
      'aws-iso-e',
      'aws-iso-f',
      'aws-us-gov',
    ]);
    expect(parseArn('arn:aws-cn:kms:cn-north-1:123456789012:key/k')).toEqual({
      partition: 'aws-cn',
      service: 'kms',
      region: 'cn-north-1',
      account: '123456789012',
      resource: 'key/k',
    });
    expect(parseArn('arn:aws-mars:kms:cn-north-1:123456789012:key/k')).toBeUndefined();
    expect(parseArn('arn:AWS:kms:us-east-1:123456789012:key/k')).toBeUndefined();
  });
});

describe('a region name in upper case', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = sandbox();
  });
  afterEach(() => sb.cleanup());
  const refused = failed(
    253,
    "\nsvcctl: [ERROR]: Provided region_name 'US-EAST-1' doesn't match a supported format.\n",
  );

  it('the AWS CLI 2.36.7 signs for it and sends it on (its golden), svcctl refuses it before any call (253)', async () => {
    const theirs = golden.cases.find((c) => c.args.join(' ') === 'ecr describe-repositories --region US-EAST-1')!;
    expect([theirs.debugEndpoint, theirs.debugCredentialScope]).toEqual([
      'https://api.ecr.US-EAST-1.amazonaws.com',
      'US-EAST-1/ecr',
    ]);
    expect(await sb.run(['describe-repositories', '--region', 'US-EAST-1'])).toEqual(refused);
    expect(
      await sb.run(['describe-repositories', '--endpoint-url', 'http://127.0.0.1:9', '--region', 'US-EAST-1'], {
        env: { AWS_ACCESS_KEY_ID: 'a', AWS_SECRET_ACCESS_KEY: 'b' },
      }),
    ).toEqual(refused);
    expect(await sb.run(['describe-repositories'], { env: { AWS_DEFAULT_REGION: 'Us-East-1' } })).toEqual({
      ...refused,
      stderr: refused.stderr.replace('US-EAST-1', 'Us-East-1'),
    });
  });

  it('configure set region refuses it (252), and stores nothing', async () => {
    expect(await sb.run(['configure', 'set', 'region', 'US-EAST-1'])).toEqual(
      failed(
        252,
        paramValidation(
          "Invalid value for region: 'US-EAST-1'. Expected a region name such as us-east-1 (lower-case letters, digits and hyphens, at most 63, not starting or ending with a hyphen).",
        ),
      ),
    );
    expect(await sb.run(['configure', 'get', 'region'])).toEqual(failed(1, ''));
  });
});

describe('serve and a signature scoped to US-EAST-1', () => {
  let serve: Spawned;
  let url: string;
  let sb: Sandbox;
  let dir: string;
  beforeAll(async () => {
    sb = sandbox();
    dir = mkdtempSync(join(tmpdir(), 'svcctl-partitions-'));
    serve = svcctl(['serve', '--port', '0'], { SVCCTL_HOME: join(dir, 'home') });
    url = (await urlOf(serve))!;
  });
  afterAll(() => {
    killAll();
    sb.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    [
      'ecr',
      {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.CreateRepository',
      },
      '{"repositoryName":"up/case"}',
      '{"__type":"IncompleteSignatureException","message":"Credential should be scoped to a valid region, not \'US-EAST-1\'."}',
    ],
    [
      'autoscaling',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'Action=DescribeLaunchConfigurations&Version=2011-01-01',
      /<Code>IncompleteSignature<\/Code>\s*<Message>Credential should be scoped to a valid region, not 'US-EAST-1'\.<\/Message>/,
    ],
  ])('%s: 403, nothing stored in a second region', async (service, headers, body, expected) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        ...headers,
        authorization: `AWS4-HMAC-SHA256 Credential=AKID/20261126/US-EAST-1/${service}/aws4_request, SignedHeaders=host, Signature=00`,
      },
      body,
    });
    const text = await res.text();
    expect(res.status).toBe(403);
    if (typeof expected === 'string') expect(JSON.parse(text)).toEqual(JSON.parse(expected));
    else expect(text).toMatch(expected);
    expect(
      await sb.run(['--endpoint-url', url, 'service', 'resources', '--query', 'length(Resources)', '--output', 'text']),
    ).toEqual(ok('0\n'));
  });
});
