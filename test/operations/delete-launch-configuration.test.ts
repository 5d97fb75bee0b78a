import { lcInTables as lc, requiredMissing } from '../helpers/operation-cases.js';
import { serviceError, validationError } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const del = (...rest: string[]) => ['delete-launch-configuration', ...rest];
const invalid = (message: string) => serviceError('ValidationError', 'DeleteLaunchConfiguration', message);
const remaining = ['describe-launch-configurations', '--query', 'LaunchConfigurations[].LaunchConfigurationName'];

operationTable({
  operation: 'DeleteLaunchConfiguration',
  cases: [
    {
      name: 'json: no output',
      setup: [lc('web')],
      argv: del('--launch-configuration-name', 'web'),
      code: 0,
      stdout: '',
      stderr: '',
    },
    {
      name: 'text: no output',
      setup: [lc('web')],
      argv: ['autoscaling', ...del('--launch-configuration-name', 'web', '--output', 'text')],
      code: 0,
      stdout: '',
      stderr: '',
    },
    {
      name: 'the others stay',
      setup: [lc('web'), lc('api'), del('--launch-configuration-name', 'web')],
      argv: remaining,
      code: 0,
      stdout: `[
    "api"
]
`,
      stderr: '',
    },
    requiredMissing('--launch-configuration-name', del()),
    {
      name: 'an empty name: 252',
      argv: del('--launch-configuration-name', ''),
      code: 252,
      stdout: '',
      stderr: validationError('Invalid length for parameter LaunchConfigurationName, value: 0, valid min length: 1'),
    },
    {
      name: 'a name longer than 255 characters: ValidationError, 254',
      argv: del('--launch-configuration-name', 'x'.repeat(256)),
      code: 254,
      stdout: '',
      stderr: invalid(
        "1 validation error detected: Value 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx' at 'launchConfigurationName' failed to satisfy constraint: Member must have length less than or equal to 255",
      ),
    },
    {
      name: 'no such launch configuration: ValidationError, 254',
      argv: del('--launch-configuration-name', 'web'),
      code: 254,
      stdout: '',
      stderr: invalid('Launch configuration name not found - Launch configuration web not found'),
    },
  ],
});
