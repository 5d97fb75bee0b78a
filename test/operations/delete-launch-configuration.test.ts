import { operationTable } from './table.js';

const lc = (name: string) => [
  'create-launch-configuration',
  '--launch-configuration-name',
  name,
  '--image-id',
  'ami-0abcdef1234567890',
  '--instance-type',
  't3.micro',
];
const remaining = ['describe-launch-configurations', '--query', 'LaunchConfigurations[].LaunchConfigurationName'];

operationTable({
  operation: 'DeleteLaunchConfiguration',
  cases: [
    {
      name: 'json: no output',
      setup: [lc('web')],
      argv: ['delete-launch-configuration', '--launch-configuration-name', 'web'],
      code: 0,
      stdout: '',
      stderr: '',
    },
    {
      name: 'text: no output',
      setup: [lc('web')],
      argv: ['autoscaling', 'delete-launch-configuration', '--launch-configuration-name', 'web', '--output', 'text'],
      code: 0,
      stdout: '',
      stderr: '',
    },
    {
      name: 'the others stay',
      setup: [lc('web'), lc('api'), ['delete-launch-configuration', '--launch-configuration-name', 'web']],
      argv: remaining,
      code: 0,
      stdout: `[
    "api"
]
`,
      stderr: '',
    },
    {
      name: 'required --launch-configuration-name missing: 252',
      argv: ['delete-launch-configuration'],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): the following arguments are required: --launch-configuration-name

usage: svcctl [options] <command> <subcommand> [<subcommand> ...] [parameters]
To see help text, you can run:

  svcctl help
  svcctl <command> help
  svcctl <command> <subcommand> help
`,
    },
    {
      name: 'an empty name: 252',
      argv: ['delete-launch-configuration', '--launch-configuration-name', ''],
      code: 252,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ParamValidation): Parameter validation failed:
Invalid length for parameter LaunchConfigurationName, value: 0, valid min length: 1
`,
    },
    {
      name: 'a name longer than 255 characters: ValidationError, 254',
      argv: ['delete-launch-configuration', '--launch-configuration-name', 'x'.repeat(256)],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ValidationError) when calling the DeleteLaunchConfiguration operation: 1 validation error detected: Value 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' at 'launchConfigurationName' failed to satisfy constraint: Member must have length less than or equal to 255
`,
    },
    {
      name: 'no such launch configuration: ValidationError, 254',
      argv: ['delete-launch-configuration', '--launch-configuration-name', 'web'],
      code: 254,
      stdout: '',
      stderr: `
svcctl: [ERROR]: An error occurred (ValidationError) when calling the DeleteLaunchConfiguration operation: Launch configuration name not found - Launch configuration web not found
`,
    },
  ],
});
