import { operationShapes, type ShapeDefaults, type ShapeDocs, shapeBuilder } from './aws-shapes.js';
import {
  AUTOSCALING_OPERATION_SHAPES,
  AUTOSCALING_PAGINATORS,
  AUTOSCALING_SHAPES,
} from './generated/autoscaling-shapes.js';
import type { Operation } from './operation.js';
import type { StructureShape } from './shapes.js';

export const VOLUME_TYPES = AUTOSCALING_SHAPES.BlockDeviceEbsVolumeType.enum;

/** The members shared by the create input and the described launch configuration. */
const COMMON: Record<string, string> = {
  ImageId: 'The ID of the machine image used to launch the instances.',
  KeyName: 'The name of the key pair.',
  SecurityGroups: 'The security groups the instances belong to.',
  ClassicLinkVPCId: 'Kept for backward compatibility (the ID of a ClassicLink-enabled VPC).',
  ClassicLinkVPCSecurityGroups: 'Kept for backward compatibility (EC2-Classic security groups); each 1-255 characters.',
  UserData:
    'The user data for the instances, at most 16,383 bytes, which the command line client base64-encodes (the service takes at most 21,847 characters of base64).',
  KernelId: "The ID of the image's kernel.",
  RamdiskId: "The ID of the image's RAM disk.",
  SpotPrice: 'The maximum hourly price for a Spot Instance launched to fulfil the request.',
  IamInstanceProfile: "The instance profile holding the instances' IAM role, by name or ARN.",
  EbsOptimized: 'true when the instances are optimized for EBS I/O, false when not.',
  AssociatePublicIpAddress: "Whether the group's instances get a public IPv4 address.",
  PlacementTenancy: 'The tenancy of the instance: default or dedicated (single-tenant hardware, VPC only).',
};
const both = (docs: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(docs).flatMap(([m, d]) => [
      [`CreateLaunchConfigurationType.${m}`, d],
      [`LaunchConfiguration.${m}`, d],
    ]),
  );

/**
 * svcctl's words for Auto Scaling's shapes: `Shape` wherever it is used, `Shape.member` for one member.
 * The facts (types, constraints, required members) are generated (src/models/generated/autoscaling-shapes.ts).
 */
const DOCS: ShapeDocs<typeof AUTOSCALING_SHAPES> = {
  Ebs: 'Parameters used to automatically set up EBS volumes when an instance is launched.',
  'Ebs.SnapshotId': 'The snapshot to make the volume from; SnapshotId or VolumeSize must be given.',
  'Ebs.VolumeSize':
    'The volume size in GiB: gp2 and gp3 1-16384, io1 4-16384, st1 and sc1 125-16384, standard 1-1024; at least the snapshot size.',
  'Ebs.VolumeType': 'The volume type: standard, io1, gp2, st1, sc1 or gp3.',
  'Ebs.DeleteOnTermination': 'Whether terminating the instance deletes the volume too.',
  'Ebs.Iops':
    'The number of input/output operations per second: gp3 3000-16000, io1 100-20000; required for io1, not used with other types.',
  'Ebs.Encrypted':
    'Whether the volume is encrypted; encrypted volumes attach only to instances that support encryption.',
  'Ebs.Throughput': "A gp3 volume's throughput in MiB/s: 125-1000.",
  BlockDeviceMapping: 'A block device mapping: a device name and exactly one of Ebs, NoDevice or VirtualName.',
  'BlockDeviceMapping.VirtualName': 'An instance store volume (a virtual device): ephemeral<X>, X a number from 0.',
  'BlockDeviceMapping.DeviceName': "The volume's device name, such as /dev/sdh or xvdh.",
  'BlockDeviceMapping.NoDevice': "When true, no volume from the image's own mapping is mapped to this device name.",
  BlockDeviceMappings: "The block devices to attach at launch; by default the image's own mappings are used.",
  InstanceMonitoring:
    'Whether detailed (Enabled=true) or basic (Enabled=false) monitoring is enabled for launched instances.',
  'InstanceMonitoring.Enabled': 'Detailed monitoring when true, basic monitoring when false.',
  InstanceMetadataOptions: 'The metadata options for the instances.',
  'InstanceMetadataOptions.HttpTokens':
    'optional (default): metadata with or without a signed token; required: a signed token header must be sent (version 2.0 only).',
  'InstanceMetadataOptions.HttpPutResponseHopLimit':
    'How many network hops the answer to a metadata PUT may travel: 1-64, default 1.',
  'InstanceMetadataOptions.HttpEndpoint': 'enabled (default) or disabled: whether instance metadata can be accessed.',
  ...both(COMMON),
  LaunchConfiguration: 'A launch configuration.',
  'LaunchConfiguration.LaunchConfigurationName': 'The name of the launch configuration.',
  'LaunchConfiguration.LaunchConfigurationARN': "The launch configuration's ARN.",
  'LaunchConfiguration.InstanceType': 'The instance type for the instances.',
  'LaunchConfiguration.CreatedTime': 'When the launch configuration was created.',
  'CreateLaunchConfigurationType.LaunchConfigurationName':
    'The name of the launch configuration; unique per region per account.',
  'CreateLaunchConfigurationType.InstanceId':
    'An instance to copy the launch configuration from (the embedded service has no instances and refuses it).',
  'CreateLaunchConfigurationType.InstanceType':
    'The instance type of the instances (required unless InstanceId is given).',
  'LaunchConfigurationNamesType.LaunchConfigurationNames':
    'The launch configuration names (up to 50). When omitted, all launch configurations are described.',
  'LaunchConfigurationNamesType.NextToken': 'The NextToken of the previous page, to get the next one.',
  'LaunchConfigurationNamesType.MaxRecords': 'At most this many launch configurations per page: 1-100, default 50.',
  'LaunchConfigurationsType.LaunchConfigurations': 'The launch configurations.',
  'LaunchConfigurationsType.NextToken': 'The token for the next page, when there is one.',
  'LaunchConfigurationNameType.LaunchConfigurationName': 'The name of the launch configuration.',
};

const DEFAULTS: ShapeDefaults<typeof AUTOSCALING_SHAPES> = {
  Ebs: { DeleteOnTermination: true },
  InstanceMonitoring: { Enabled: true },
  InstanceMetadataOptions: { HttpTokens: 'optional', HttpPutResponseHopLimit: 1, HttpEndpoint: 'enabled' },
};

const shape = shapeBuilder(AUTOSCALING_SHAPES, DOCS, DEFAULTS);
const shapes = (name: keyof typeof AUTOSCALING_OPERATION_SHAPES) =>
  operationShapes(AUTOSCALING_OPERATION_SHAPES[name], shape);

export const launchConfigurationShape = shape('LaunchConfiguration') as StructureShape;

export const createLaunchConfiguration: Operation = {
  name: 'CreateLaunchConfiguration',
  creates: true,
  service: 'autoscaling',
  paths: [['create-launch-configuration'], ['autoscaling', 'create-launch-configuration']],
  summary: 'Creates a launch configuration.',
  ...shapes('CreateLaunchConfiguration'),
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
  summary: 'Describes the launch configurations of the account and region.',
  ...shapes('DescribeLaunchConfigurations'),
  paginator: AUTOSCALING_PAGINATORS.DescribeLaunchConfigurations,
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
  ...shapes('DeleteLaunchConfiguration'),
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
