/**
 * Regions and partitions: the one owner of region names, of which partition a region is in, and of the
 * ARNs and host names that follow from it (ARCHITECTURE.md, "Input and output rules").
 *
 * The partitions are facts from AWS's published partitions data, `partitions.json` version 1.1 as botocore
 * ships it (botocore/data/partitions.json in aws/aws-cli v2 at 73fb33bb171a, the source of the AWS CLI
 * 2.36.7): each partition's id, DNS suffix, region-name expression and named regions. A region belongs to
 * the partition that names it, else to the one whose expression it matches, else to `aws` (as botocore's
 * endpoint resolver falls back).
 */
import { InvalidRegionError } from '../core/errors.js';

export interface Partition {
  /** The ARN partition: `arn:<id>:…`. */
  id: string;
  /** The DNS suffix of its endpoints and URIs: `amazonaws.com.cn`. */
  dnsSuffix: string;
  regionRegex: RegExp;
  regions: readonly string[];
}

export const PARTITIONS: readonly Partition[] = [
  {
    id: 'aws',
    dnsSuffix: 'amazonaws.com',
    regionRegex: /^(us|eu|ap|sa|ca|me|af|il|mx)-\w+-\d+$/,
    regions: [
      'af-south-1',
      'ap-east-1',
      'ap-east-2',
      'ap-northeast-1',
      'ap-northeast-2',
      'ap-northeast-3',
      'ap-south-1',
      'ap-south-2',
      'ap-southeast-1',
      'ap-southeast-2',
      'ap-southeast-3',
      'ap-southeast-4',
      'ap-southeast-5',
      'ap-southeast-6',
      'ap-southeast-7',
      'aws-global',
      'ca-central-1',
      'ca-west-1',
      'eu-central-1',
      'eu-central-2',
      'eu-north-1',
      'eu-south-1',
      'eu-south-2',
      'eu-west-1',
      'eu-west-2',
      'eu-west-3',
      'il-central-1',
      'me-central-1',
      'me-south-1',
      'mx-central-1',
      'sa-east-1',
      'us-east-1',
      'us-east-2',
      'us-west-1',
      'us-west-2',
    ],
  },
  {
    id: 'aws-cn',
    dnsSuffix: 'amazonaws.com.cn',
    regionRegex: /^cn-\w+-\d+$/,
    regions: ['aws-cn-global', 'cn-north-1', 'cn-northwest-1'],
  },
  {
    id: 'aws-eusc',
    dnsSuffix: 'amazonaws.eu',
    regionRegex: /^eusc-(de)-\w+-\d+$/,
    regions: ['eusc-de-east-1'],
  },
  {
    id: 'aws-iso',
    dnsSuffix: 'c2s.ic.gov',
    regionRegex: /^us-iso-\w+-\d+$/,
    regions: ['aws-iso-global', 'us-iso-east-1', 'us-iso-west-1'],
  },
  {
    id: 'aws-iso-b',
    dnsSuffix: 'sc2s.sgov.gov',
    regionRegex: /^us-isob-\w+-\d+$/,
    regions: ['aws-iso-b-global', 'us-isob-east-1', 'us-isob-west-1'],
  },
  {
    id: 'aws-iso-e',
    dnsSuffix: 'cloud.adc-e.uk',
    regionRegex: /^eu-isoe-\w+-\d+$/,
    regions: ['aws-iso-e-global', 'eu-isoe-west-1'],
  },
  {
    id: 'aws-iso-f',
    dnsSuffix: 'csp.hci.ic.gov',
    regionRegex: /^us-isof-\w+-\d+$/,
    regions: ['aws-iso-f-global', 'us-isof-east-1', 'us-isof-south-1'],
  },
  {
    id: 'aws-us-gov',
    dnsSuffix: 'amazonaws.com',
    regionRegex: /^us-gov-\w+-\d+$/,
    regions: ['aws-us-gov-global', 'us-gov-east-1', 'us-gov-west-1'],
  },
];

const AWS = PARTITIONS[0]!;

/** The partition a region is in (`aws` for a name no partition claims, as botocore resolves it). */
export function partitionOf(region: string): Partition {
  return (
    PARTITIONS.find((p) => p.regions.includes(region)) ?? PARTITIONS.find((p) => p.regionRegex.test(region)) ?? AWS
  );
}

/** The partition ids an ARN may name: `aws`, `aws-cn`, `aws-us-gov`, `aws-iso`… */
export const PARTITION_IDS: readonly string[] = PARTITIONS.map((p) => p.id);

/**
 * A region name as AWS names regions: lower-case letters, digits and hyphens, at most 63, not starting
 * or ending with a hyphen. botocore's own check (validate_region_name) also takes upper case, but no
 * region has it and every service refuses it in a signature's scope: `US-EAST-1` would be a second,
 * unreachable region beside us-east-1 (docs/compat.md).
 */
export function isRegionName(region: string): boolean {
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(region);
}

/** The region, or the AWS CLI's error for a name of no supported form (253: a setting, never a service call). */
export function checkRegion(region: string): string {
  if (!isRegionName(region)) throw new InvalidRegionError(region);
  return region;
}

/** `arn:<partition>:<service>:<region>:<account>:<resource>`, the partition that of the region. */
export function arn(service: string, region: string, account: string, resource: string): string {
  return `arn:${partitionOf(region).id}:${service}:${region}:${account}:${resource}`;
}

/** An IAM ARN (global: no region) in the partition of a region: `arn:aws-cn:iam::123456789012:user/alice`. */
export function globalArn(service: string, region: string, account: string, resource: string): string {
  return `arn:${partitionOf(region).id}:${service}::${account}:${resource}`;
}

/** A host of a service in a region: `123456789012.dkr.ecr.cn-north-1.amazonaws.com.cn`. */
export function hostIn(prefix: string, region: string): string {
  return `${prefix}.${region}.${partitionOf(region).dnsSuffix}`;
}

export interface Arn {
  partition: string;
  service: string;
  region: string;
  account: string;
  resource: string;
}

/** An ARN's six parts, the partition one AWS has; undefined when the text is no such ARN. */
export function parseArn(text: string): Arn | undefined {
  const m = /^arn:([a-z-]+):([a-z0-9-]+):([a-z0-9-]*):([0-9]*):(.+)$/s.exec(text);
  if (!m || !PARTITION_IDS.includes(m[1]!)) return undefined;
  return { partition: m[1]!, service: m[2]!, region: m[3]!, account: m[4]!, resource: m[5]! };
}
