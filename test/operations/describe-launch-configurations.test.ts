import { lcInTables as lc, lastToken as token } from '../helpers/operation-cases.js';
import { paramValidation, serviceError, USAGE } from '../helpers/cli-results.js';
import { operationTable } from './table.js';

const THREE = [lc('lc-a'), lc('lc-b'), lc('lc-c')];
const names = ['--query', '[LaunchConfigurations[].LaunchConfigurationName, NextToken]'];
// The service's own token is signed with the store's random secret: only whether there is one.
const page = ['--query', '[LaunchConfigurations[].LaunchConfigurationName, type(NextToken)]'];

operationTable({
  operation: 'DescribeLaunchConfigurations',
  cases: [
    {
      name: 'json: none yet',
      argv: ['describe-launch-configurations'],
      code: 0,
      stdout: `{
    "LaunchConfigurations": []
}
`,
      stderr: '',
    },
    {
      name: 'json: every launch configuration',
      setup: [lc('web', '--security-groups', 'sg-1', '--instance-monitoring', 'Enabled=false')],
      argv: ['autoscaling', 'describe-launch-configurations'],
      code: 0,
      stdout: `{
    "LaunchConfigurations": [
        {
            "LaunchConfigurationName": "web",
            "LaunchConfigurationARN": "arn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:00000000-0000-4000-8000-000000000001:launchConfigurationName/web",
            "ImageId": "ami-0abcdef1234567890",
            "KeyName": "",
            "SecurityGroups": [
                "sg-1"
            ],
            "ClassicLinkVPCSecurityGroups": [],
            "UserData": "",
            "InstanceType": "t3.micro",
            "KernelId": "",
            "RamdiskId": "",
            "BlockDeviceMappings": [],
            "InstanceMonitoring": {
                "Enabled": false
            },
            "CreatedTime": "2026-11-20T23:21:51.327000+00:00",
            "EbsOptimized": false
        }
    ]
}
`,
      stderr: '',
    },
    {
      name: 'text: one row per launch configuration',
      setup: [lc('web'), lc('api')],
      argv: ['describe-launch-configurations', '--output', 'text'],
      code: 0,
      stdout: `LAUNCHCONFIGURATIONS	2026-11-20T23:21:51.327000+00:00	False	ami-0abcdef1234567890	t3.micro			arn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:00000000-0000-4000-8000-000000000002:launchConfigurationName/api	api		
INSTANCEMONITORING	True
LAUNCHCONFIGURATIONS	2026-11-20T23:21:51.327000+00:00	False	ami-0abcdef1234567890	t3.micro			arn:aws:autoscaling:us-east-1:000000000000:launchConfiguration:00000000-0000-4000-8000-000000000001:launchConfigurationName/web	web		
INSTANCEMONITORING	True
`,
      stderr: '',
    },
    {
      name: 'by name, in the order stored; a name that is none is left out',
      setup: THREE,
      argv: ['describe-launch-configurations', '--launch-configuration-names', 'lc-c', 'nope', 'lc-a', ...names],
      code: 0,
      stdout: `[
    [
        "lc-a",
        "lc-c"
    ],
    null
]
`,
      stderr: '',
    },
    {
      name: 'no required member; an unknown option instead: 252',
      argv: ['describe-launch-configurations', '--name', 'web'],
      code: 252,
      stdout: '',
      stderr: `\n${USAGE}\n\nsvcctl: [ERROR]: Unknown options: --name, web\n`,
    },
    {
      name: 'more than 50 names: ValidationError, 254',
      argv: [
        'describe-launch-configurations',
        '--launch-configuration-names',
        ...Array.from({ length: 51 }, (_, i) => `n${i}`),
      ],
      code: 254,
      stdout: '',
      stderr: serviceError(
        'ValidationError',
        'DescribeLaunchConfigurations',
        `1 validation error detected: Value '["n0","n1","n2","n3","n4","n5","n6","n7","n8","n9","n10","n11","n12","n13","n14","n15","n16","n17","n18","n19","n20","n21","n22","n23","n24","n25","n26","n27","n28","n29","n30","n31","n32","n33","n34","n35","n36","n37","n38","n39","n40","n41","n42","n43","n44","n45","n46","n47","n48","n49","n50"]' at 'launchConfigurationNames' failed to satisfy constraint: Member must have length less than or equal to 50`,
      ),
    },
    {
      name: '--max-records that is no integer: 252',
      argv: ['describe-launch-configurations', '--max-records', 'many'],
      code: 252,
      stdout: '',
      stderr: paramValidation(
        "Error parsing parameter '--max-records': invalid literal for int() with base 10: 'many'",
      ),
    },
    {
      name: '--max-records above 100: ValidationError, 254',
      argv: ['describe-launch-configurations', '--max-records', '101'],
      code: 254,
      stdout: '',
      stderr: serviceError(
        'ValidationError',
        'DescribeLaunchConfigurations',
        "1 validation error detected: Value '101' at 'maxRecords' failed to satisfy constraint: Member must have value between 1 and 100",
      ),
    },
    {
      name: 'a forged --next-token: InvalidNextToken (the model documents it), 254',
      setup: THREE,
      argv: ['describe-launch-configurations', '--next-token', 'forged.token'],
      code: 254,
      status: 400,
      stdout: '',
      stderr: serviceError(
        'InvalidNextToken',
        'DescribeLaunchConfigurations',
        'The NextToken value is invalid: it was not issued by this service for this region.',
      ),
    },
    {
      name: 'paging: --max-items gives the first items and a token',
      setup: THREE,
      argv: ['describe-launch-configurations', '--max-items', '2', ...names],
      code: 0,
      stdout: `[
    [
        "lc-a",
        "lc-b"
    ],
    "eyJOZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAyfQ=="
]
`,
      stderr: '',
    },
    {
      name: 'paging: --starting-token resumes',
      setup: [...THREE, ['describe-launch-configurations', '--max-items', '2', ...names]],
      argv: (setup) => [
        'describe-launch-configurations',
        '--max-items',
        '2',
        '--starting-token',
        token(setup),
        ...names,
      ],
      code: 0,
      stdout: `[
    [
        "lc-c"
    ],
    null
]
`,
      stderr: '',
    },
    {
      name: 'paging: --page-size 1 still gives every item, a call a page',
      setup: THREE,
      argv: ['describe-launch-configurations', '--page-size', '1', ...names],
      requests: 3,
      code: 0,
      stdout: `[
    [
        "lc-a",
        "lc-b",
        "lc-c"
    ],
    null
]
`,
      stderr: '',
    },
    {
      name: 'paging: --max-records turns paging off: one page and its NextToken',
      setup: THREE,
      argv: ['describe-launch-configurations', '--max-records', '2', ...page],
      code: 0,
      stdout: `[
    [
        "lc-a",
        "lc-b"
    ],
    "string"
]
`,
      stderr: '',
    },
    {
      name: 'paging: --next-token gives the next page',
      setup: [...THREE, ['describe-launch-configurations', '--max-records', '2', ...names]],
      argv: (setup) => ['describe-launch-configurations', '--next-token', token(setup), ...page],
      code: 0,
      stdout: `[
    [
        "lc-c"
    ],
    "null"
]
`,
      stderr: '',
    },
  ],
});
