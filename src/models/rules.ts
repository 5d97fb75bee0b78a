/**
 * Cross-field rules that a shape cannot say, as named functions next to the models. The embedded service
 * applies them (service errors); the client does not, as the AWS CLI does not.
 */
import { fullMatch } from './validate.js';

type Params = Record<string, unknown>;

/** Supported VolumeSize (GiB) per volume type (spec 2.3). */
export const VOLUME_SIZE_RANGES: Record<string, readonly [number, number]> = {
  gp2: [1, 16384],
  gp3: [1, 16384],
  io1: [4, 16384],
  st1: [125, 16384],
  sc1: [125, 16384],
  standard: [1, 1024],
};

/**
 * Supported Iops per volume type; other types take none. io1's volumes go to 64000, but Auto Scaling's own
 * constraint on Iops (100-20000, the model's) is the one a launch configuration meets.
 */
export const IOPS_RANGES: Record<string, readonly [number, number]> = {
  gp3: [3000, 16000],
  io1: [100, 20000],
};

/** The region a KMS key ARN names (`arn:aws:kms:eu-west-1:…`); an alias or key id names none. */
const KMS_ARN_REGION = /^arn:aws[a-z-]*:kms:([^:]*):/;

/**
 * First broken rule of a create-repository request in `region`, or undefined (its tags: tag-rules.ts).
 * Spec 4.5: the kmsKey must be in the same region as the repository.
 */
export function repositoryRules(p: Params, region: string): string | undefined {
  const mutability = (p.imageTagMutability as string | undefined) ?? 'MUTABLE';
  const filters = p.imageTagMutabilityExclusionFilters as unknown[] | undefined;
  const withExclusion = mutability.endsWith('_WITH_EXCLUSION');
  if (filters !== undefined && !withExclusion) {
    return `imageTagMutabilityExclusionFilters can only be used with IMMUTABLE_WITH_EXCLUSION or MUTABLE_WITH_EXCLUSION, not ${mutability}`;
  }
  if (withExclusion && (filters === undefined || filters.length === 0)) {
    return `imageTagMutability ${mutability} requires 1 to 5 imageTagMutabilityExclusionFilters`;
  }
  const encryption = p.encryptionConfiguration as Params | undefined;
  if (encryption?.kmsKey !== undefined && encryption.encryptionType === 'AES256') {
    return 'kmsKey can only be specified with encryptionType KMS or KMS_DSSE, not AES256';
  }
  const keyRegion = typeof encryption?.kmsKey === 'string' ? KMS_ARN_REGION.exec(encryption.kmsKey)?.[1] : undefined;
  if (keyRegion !== undefined && keyRegion !== region) {
    return `kmsKey ${encryption!.kmsKey as string} is in region ${keyRegion || '(none)'}: the key must be in the same region as the repository (${region})`;
  }
  return undefined;
}

function inRange(n: number, [lo, hi]: readonly [number, number]): boolean {
  return n >= lo && n <= hi;
}

/** Every broken rule of one block device mapping (spec 2.3). */
export function blockDeviceMappingRules(m: Params, where: string): string[] {
  const problems: string[] = [];
  const given = ['Ebs', 'NoDevice', 'VirtualName'].filter((k) => m[k] !== undefined);
  if (given.length !== 1) {
    problems.push(
      `${where}: specify exactly one of Ebs, NoDevice or VirtualName (got ${given.length === 0 ? 'none' : given.join(', ')})`,
    );
  }
  if (typeof m.VirtualName === 'string' && !fullMatch('ephemeral(0|[1-9][0-9]*)', m.VirtualName)) {
    problems.push(
      `${where}: VirtualName '${m.VirtualName}' must be of the form ephemeral<N> (ephemeral0, ephemeral1, ...)`,
    );
  }
  const ebs = m.Ebs as Params | undefined;
  if (ebs) problems.push(...ebsRules(ebs, where));
  return problems;
}

export function ebsRules(ebs: Params, where: string): string[] {
  const problems: string[] = [];
  const type = ebs.VolumeType as string | undefined;
  const size = ebs.VolumeSize as number | undefined;
  const iops = ebs.Iops as number | undefined;
  if (ebs.SnapshotId === undefined && size === undefined)
    problems.push(`${where}: Ebs requires SnapshotId or VolumeSize`);
  const sizes = type ? VOLUME_SIZE_RANGES[type] : undefined;
  if (sizes && size !== undefined && !inRange(size, sizes)) {
    problems.push(`${where}: VolumeSize ${size} is not supported for ${type} volumes (${sizes[0]}-${sizes[1]} GiB)`);
  }
  const iopsRange = type ? IOPS_RANGES[type] : undefined;
  if (type === 'io1' && iops === undefined) problems.push(`${where}: Iops is required for io1 volumes`);
  if (iops !== undefined && !iopsRange)
    problems.push(`${where}: Iops is supported only for gp3 and io1 volumes, not ${type ?? 'the default volume type'}`);
  if (iops !== undefined && iopsRange && !inRange(iops, iopsRange)) {
    problems.push(`${where}: Iops ${iops} is not supported for ${type} volumes (${iopsRange[0]}-${iopsRange[1]})`);
  }
  if (ebs.Throughput !== undefined && type !== 'gp3')
    problems.push(`${where}: Throughput is supported only for gp3 volumes`);
  return problems;
}

/** Base64 text, padded: what UserData must be. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Every broken rule of a create-launch-configuration request beyond its shape. */
export function launchConfigurationRules(p: Params): string[] {
  const problems: string[] = [];
  if (p.InstanceId !== undefined) {
    problems.push(
      `Invalid instance id: ${String(p.InstanceId)} (the embedded service has no instances; give ImageId and InstanceType)`,
    );
  } else if (p.ImageId === undefined || p.InstanceType === undefined) {
    problems.push(
      'Valid requests must contain either the InstanceID parameter or both the ImageId and InstanceType parameters.',
    );
  }
  // The client base64-encodes UserData (input/encodings.ts, as botocore does); a raw Query client that sends
  // text is refused as Auto Scaling refuses it.
  if (typeof p.UserData === 'string' && !BASE64.test(p.UserData))
    problems.push('Invalid UserData: the user data does not appear to be base64 encoded.');
  const mappings = (p.BlockDeviceMappings as Params[] | undefined) ?? [];
  mappings.forEach((m, i) =>
    problems.push(...blockDeviceMappingRules(m, `BlockDeviceMappings[${i}] (${String(m.DeviceName)})`)),
  );
  problems.push(...duplicateDevices(mappings));
  return problems;
}

/** A device name mapped twice: an instance has one volume per device (EC2: "… is being assigned to multiple times"). */
function duplicateDevices(mappings: Params[]): string[] {
  const first = new Map<string, number>();
  const problems: string[] = [];
  mappings.forEach((m, i) => {
    const name = String(m.DeviceName);
    const seen = first.get(name);
    if (seen === undefined) first.set(name, i);
    else
      problems.push(
        `BlockDeviceMappings[${i}] (${name}): the device ${name} is already mapped by BlockDeviceMappings[${seen}]; each device name can be mapped only once`,
      );
  });
  return problems;
}
