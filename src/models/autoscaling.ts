import { P1, str, xmlString } from './common.js';
import type { Operation } from './operation.js';
import type { ListShape, StructureShape } from './shapes.js';

export const VOLUME_TYPES = ['standard', 'io1', 'gp2', 'st1', 'sc1', 'gp3'] as const;

const ebs: StructureShape = {
  type: 'structure',
  doc: 'Parameters used to automatically set up EBS volumes when an instance is launched.',
  members: {
    SnapshotId: str({
      min: 1,
      max: 255,
      doc: 'The snapshot ID of the volume to use. Either SnapshotId or VolumeSize must be given.',
    }),
    VolumeSize: {
      type: 'integer',
      min: 1,
      max: 16384,
      doc: 'The volume size in GiB: gp2 and gp3 1-16384, io1 4-16384, st1 and sc1 125-16384, standard 1-1024; at least the snapshot size.',
    },
    VolumeType: str({
      min: 1,
      max: 255,
      enum: VOLUME_TYPES,
      doc: 'The volume type: standard, io1, gp2, st1, sc1 or gp3.',
    }),
    DeleteOnTermination: { type: 'boolean', doc: 'Whether the volume is deleted on instance termination.' },
    Iops: {
      type: 'integer',
      min: 100,
      max: 20000,
      doc: 'The number of input/output operations per second: gp3 3000-16000, io1 100-20000; required for io1, not used with other types.',
    },
    Encrypted: {
      type: 'boolean',
      doc: 'Whether the volume is encrypted; encrypted volumes attach only to instances that support encryption.',
    },
    Throughput: {
      type: 'integer',
      min: 125,
      max: 1000,
      doc: 'The throughput (MiBps) to provision for a gp3 volume: 125-1000.',
    },
  },
  defaults: { DeleteOnTermination: true },
};

const blockDeviceMapping: StructureShape = {
  type: 'structure',
  doc: 'A block device mapping: a device name and exactly one of Ebs, NoDevice or VirtualName.',
  required: ['DeviceName'],
  members: {
    VirtualName: xmlString(
      255,
      'The name of the instance store volume (virtual device), ephemeral<X> with X a number from 0.',
    ),
    DeviceName: xmlString(255, 'The device name assigned to the volume (for example, /dev/sdh or xvdh).'),
    Ebs: ebs,
    NoDevice: {
      type: 'boolean',
      doc: "When true, no volume from the image's own mapping is mapped to this device name.",
    },
  },
};

const blockDeviceMappings: ListShape = {
  type: 'list',
  member: blockDeviceMapping,
  doc: "The block devices to attach at launch; by default the image's own mappings are used.",
};

const instanceMonitoring: StructureShape = {
  type: 'structure',
  doc: 'Whether detailed (Enabled=true) or basic (Enabled=false) monitoring is enabled for launched instances.',
  members: {
    Enabled: { type: 'boolean', doc: 'If true, detailed monitoring is enabled; otherwise basic monitoring.' },
  },
  defaults: { Enabled: true },
};

const metadataOptions: StructureShape = {
  type: 'structure',
  doc: 'The metadata options for the instances.',
  members: {
    HttpTokens: str({
      enum: ['optional', 'required'],
      doc: 'optional (default): metadata with or without a signed token; required: a signed token header must be sent (version 2.0 only).',
    }),
    HttpPutResponseHopLimit: {
      type: 'integer',
      min: 1,
      max: 64,
      doc: 'The desired HTTP PUT response hop limit for metadata requests: 1-64, default 1.',
    },
    HttpEndpoint: str({
      enum: ['disabled', 'enabled'],
      doc: 'enabled (default) or disabled: whether instance metadata can be accessed.',
    }),
  },
  defaults: { HttpTokens: 'optional', HttpPutResponseHopLimit: 1, HttpEndpoint: 'enabled' },
};

const securityGroups: ListShape = {
  type: 'list',
  member: xmlString(),
  doc: 'The security groups to assign to the instances.',
};
const classicLinkGroups: ListShape = {
  type: 'list',
  member: xmlString(255),
  doc: 'Kept for backward compatibility (EC2-Classic security groups); each 1-255 characters.',
};

const launchConfigurationName = xmlString(255, 'The name of the launch configuration.');

/** The members shared by the create input and the described launch configuration, in model order. */
const commonMembers = {
  ImageId: xmlString(255, 'The ID of the machine image used to launch the instances.'),
  KeyName: xmlString(255, 'The name of the key pair.'),
  SecurityGroups: securityGroups,
  ClassicLinkVPCId: xmlString(255, 'Kept for backward compatibility (the ID of a ClassicLink-enabled VPC).'),
  ClassicLinkVPCSecurityGroups: classicLinkGroups,
  UserData: str({
    max: 21847,
    pattern: P1,
    clientBase64: true,
    sensitive: true,
    doc: 'The user data for the instances, at most 16,383 bytes, which the command line client base64-encodes (the service takes at most 21,847 characters of base64).',
  }),
} as const;

const afterInstanceType = {
  KernelId: xmlString(255, 'The ID of the kernel associated with the image.'),
  RamdiskId: xmlString(255, 'The ID of the RAM disk associated with the image.'),
  BlockDeviceMappings: blockDeviceMappings,
  InstanceMonitoring: instanceMonitoring,
  SpotPrice: str({
    min: 1,
    max: 255,
    doc: 'The maximum hourly price for a Spot Instance launched to fulfil the request.',
  }),
  IamInstanceProfile: xmlString(
    1600,
    'The name or ARN of the instance profile associated with the IAM role for the instance.',
  ),
} as const;

const tail = {
  EbsOptimized: {
    type: 'boolean',
    doc: 'Whether the launch configuration is optimized for EBS I/O (true) or not (false).',
  },
  AssociatePublicIpAddress: {
    type: 'boolean',
    doc: "Whether to assign a public IPv4 address to the group's instances.",
  },
  PlacementTenancy: str({
    min: 1,
    max: 64,
    pattern: P1,
    enum: ['default', 'dedicated'],
    doc: 'The tenancy of the instance: default or dedicated (single-tenant hardware, VPC only).',
  }),
  MetadataOptions: metadataOptions,
} as const;

export const launchConfigurationShape: StructureShape = {
  type: 'structure',
  doc: 'A launch configuration.',
  required: ['LaunchConfigurationName', 'ImageId', 'InstanceType', 'CreatedTime'],
  members: {
    LaunchConfigurationName: launchConfigurationName,
    LaunchConfigurationARN: xmlString(1600, 'The Amazon Resource Name (ARN) of the launch configuration.'),
    ...commonMembers,
    InstanceType: xmlString(255, 'The instance type for the instances.'),
    ...afterInstanceType,
    CreatedTime: { type: 'timestamp', doc: 'The creation date and time for the launch configuration.' },
    ...tail,
  },
};

export const createLaunchConfiguration: Operation = {
  name: 'CreateLaunchConfiguration',
  creates: true,
  service: 'autoscaling',
  paths: [['create-launch-configuration'], ['autoscaling', 'create-launch-configuration']],
  summary: 'Creates a launch configuration.',
  input: {
    type: 'structure',
    required: ['LaunchConfigurationName'],
    members: {
      LaunchConfigurationName: xmlString(255, 'The name of the launch configuration; unique per region per account.'),
      ...commonMembers,
      InstanceId: str({
        min: 1,
        max: 19,
        doc: 'The ID of the instance to use to create the launch configuration (not supported by the embedded service).',
      }),
      InstanceType: xmlString(255, 'The instance type of the instances (required unless InstanceId is given).'),
      ...afterInstanceType,
      ...tail,
    },
  },
  output: { type: 'structure', members: {} },
  examples: [
    {
      title: 'Create a launch configuration with a gp3 volume',
      argv: [
        'create-launch-configuration',
        '--launch-configuration-name',
        'web',
        '--image-id',
        'ami-0abcdef1234567890',
        '--instance-type',
        't3.micro',
        '--block-device-mappings',
        'DeviceName=/dev/xvda,Ebs={VolumeSize=20,VolumeType=gp3}',
      ],
    },
  ],
};

export const describeLaunchConfigurations: Operation = {
  name: 'DescribeLaunchConfigurations',
  readOnly: true,
  service: 'autoscaling',
  paths: [['describe-launch-configurations'], ['autoscaling', 'describe-launch-configurations']],
  summary: 'Gets information about the launch configurations in the account and region.',
  input: {
    type: 'structure',
    members: {
      LaunchConfigurationNames: {
        type: 'list',
        max: 50,
        member: xmlString(255),
        doc: 'The launch configuration names (up to 50). When omitted, all launch configurations are described.',
      },
      NextToken: xmlString(undefined, 'The token for the next set of items to return (from a previous call).'),
      MaxRecords: { type: 'integer', doc: 'The maximum number of items to return with this call: 1-100, default 50.' },
    },
  },
  output: {
    type: 'structure',
    required: ['LaunchConfigurations'],
    members: {
      LaunchConfigurations: { type: 'list', member: launchConfigurationShape, doc: 'The launch configurations.' },
      NextToken: xmlString(
        undefined,
        'A string that indicates that the response contains more items than can be returned in a single response.',
      ),
    },
  },
  paginator: {
    inputToken: 'NextToken',
    outputToken: 'NextToken',
    limitKey: 'MaxRecords',
    resultKey: 'LaunchConfigurations',
  },
  hiddenMembers: ['NextToken', 'MaxRecords'],
  examples: [
    { title: 'List every launch configuration', argv: ['describe-launch-configurations'] },
    {
      title: 'Describe two by name',
      argv: ['describe-launch-configurations', '--launch-configuration-names', 'web', 'worker'],
    },
  ],
};

export const deleteLaunchConfiguration: Operation = {
  name: 'DeleteLaunchConfiguration',
  service: 'autoscaling',
  paths: [['delete-launch-configuration'], ['autoscaling', 'delete-launch-configuration']],
  summary: 'Deletes the specified launch configuration.',
  input: {
    type: 'structure',
    required: ['LaunchConfigurationName'],
    members: { LaunchConfigurationName: xmlString(255, 'The name of the launch configuration.') },
  },
  output: { type: 'structure', members: {} },
  examples: [
    {
      title: 'Delete a launch configuration',
      argv: ['delete-launch-configuration', '--launch-configuration-name', 'web'],
    },
  ],
};

/** Auto Scaling's operations by name, in the order commands and docs list them (registry.ts joins the services'). */
export const AUTOSCALING_OPERATIONS = {
  CreateLaunchConfiguration: createLaunchConfiguration,
  DescribeLaunchConfigurations: describeLaunchConfigurations,
  DeleteLaunchConfiguration: deleteLaunchConfiguration,
} satisfies Record<string, Operation>;
