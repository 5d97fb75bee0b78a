/**
 * Numbers in input as Python reads them (issue 25, items 9 and 16): `2.0` and `1e1` are floats, which an
 * integer member refuses as botocore does (`value: 2.0, type: <class 'float'>`), whichever way they are
 * given (a JSON flag, --cli-input-json, --cli-input-yaml); an int beyond 2^53 stays exact on both backends
 * and in every message that echoes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, harness } from '../helpers/harness.js';
import { expectOnBoth } from '../helpers/both-backends.js';
import {
  constraintMessage,
  failed,
  invalidParameterMessage,
  ok,
  parseError,
  serviceError,
  validationError,
} from '../helpers/cli-results.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h.close());

const LC = createLaunchConfiguration('web');
const floatFor = (member: string, value: string) =>
  validationError(
    `Invalid type for parameter ${member}, value: ${value}, type: <class 'float'>, valid types: <class 'int'>`,
  );

describe('whole-number floats for integer members', () => {
  const refused: Array<[string, string[], string]> = [
    [
      '2.0 in a JSON flag',
      [...LC, '--metadata-options', '{"HttpPutResponseHopLimit": 2.0}'],
      floatFor('MetadataOptions.HttpPutResponseHopLimit', '2.0'),
    ],
    [
      '1e1 in a JSON flag',
      [...LC, '--metadata-options', '{"HttpPutResponseHopLimit": 1e1}'],
      floatFor('MetadataOptions.HttpPutResponseHopLimit', '10.0'),
    ],
    [
      'a float deep in a JSON list',
      [...LC, '--block-device-mappings', '[{"DeviceName": "/dev/sdh", "Ebs": {"VolumeSize": 8.0}}]'],
      floatFor('BlockDeviceMappings[0].Ebs.VolumeSize', '8.0'),
    ],
    [
      '1e1 in --cli-input-json',
      ['describe-launch-configurations', '--cli-input-json', '{"MaxRecords": 1e1}'],
      floatFor('MaxRecords', '10.0'),
    ],
    [
      '2.0 in --cli-input-yaml',
      ['describe-launch-configurations', '--cli-input-yaml', 'MaxRecords: 2.0'],
      floatFor('MaxRecords', '2.0'),
    ],
    [
      '1.0 where a string belongs',
      ['describe-launch-configurations', '--cli-input-yaml', 'LaunchConfigurationNames: [a, 1.0]'],
      validationError(
        "Invalid type for parameter LaunchConfigurationNames[1], value: 1.0, type: <class 'float'>, valid types: <class 'str'>",
      ),
    ],
    [
      '2.0 in shorthand (int() refuses it)',
      [...LC, '--metadata-options', 'HttpPutResponseHopLimit=2.0'],
      parseError('--metadata-options', "invalid literal for int() with base 10: '2.0'"),
    ],
  ];
  it.each(refused)('refuse %s (252), on both backends', async (_name, argv, stderr) => {
    await expectOnBoth(h, argv, failed(252, stderr));
  });

  it('still take the same numbers written as ints', async () => {
    const argv = ['describe-launch-configurations', '--cli-input-json', '{"MaxRecords": 10}', '--output', 'json'];
    const none = ok('{\n    "LaunchConfigurations": []\n}\n');
    expect(await h.embedded(argv)).toEqual(none);
    expect(await h.embedded(['describe-launch-configurations', '--cli-input-yaml', 'MaxRecords: 10'])).toEqual(none);
  });
});

describe('a boolean where an integer belongs (compat 415)', () => {
  // botocore takes a bool as an int (Python's bool is one): /usr/bin/aws 2.9.19 sent MaxRecords=True, which the
  // service refused (254), and refused false by its range (`value: False, valid min value: 1`, 252).
  const boolFor = (member: string, value: string) =>
    validationError(
      `Invalid type for parameter ${member}, value: ${value}, type: <class 'bool'>, valid types: <class 'int'>`,
    );
  const refused: Array<[string, string[], string]> = [
    [
      'true in --cli-input-json',
      ['describe-launch-configurations', '--cli-input-json', '{"MaxRecords": true}'],
      boolFor('MaxRecords', 'True'),
    ],
    [
      'false in --cli-input-yaml',
      ['describe-repositories', '--cli-input-yaml', 'maxResults: false'],
      boolFor('maxResults', 'False'),
    ],
    [
      'true deep in a JSON flag',
      [...LC, '--block-device-mappings', '[{"DeviceName": "/dev/sdh", "Ebs": {"VolumeSize": true}}]'],
      boolFor('BlockDeviceMappings[0].Ebs.VolumeSize', 'True'),
    ],
  ];
  it.each(refused)('is refused before any call: %s (252), on both backends', async (_name, argv, stderr) => {
    await expectOnBoth(h, argv, failed(252, stderr));
  });
});

describe('YAML numbers as the AWS CLI reads them (ruamel.yaml 0.17, YAML 1.2: issue 44)', () => {
  const outside = (v: string) =>
    serviceError(
      'ValidationError',
      'DescribeLaunchConfigurations',
      constraintMessage(v, 'maxRecords', 'have value between 1 and 100'),
    );
  const str = (v: string) =>
    validationError(
      `Invalid type for parameter MaxRecords, value: ${v}, type: <class 'str'>, valid types: <class 'int'>`,
    );
  // Each read by the AWS CLI 2.9.19's loader (Debian's ruamel.yaml 0.17.21, typ='safe', pure=True) as shown.
  const cases: Array<[string, number, string]> = [
    ['1_000', 254, outside('1000')],
    ['-0b1_0', 254, outside('-2')],
    ['-0x1_F', 254, outside('-31')],
    ['1_0.5', 252, floatFor('MaxRecords', '10.5')],
    ['!!float "1_5"', 252, floatFor('MaxRecords', '15.0')],
    ['_1', 252, str('_1')],
    [
      '-_',
      252,
      parseError(
        '--cli-input-yaml',
        "Invalid YAML received.\ninvalid literal for int() with base 10: '' at line 1, column 13",
      ),
    ],
  ];
  it.each(cases)('MaxRecords: %s, on both backends', async (v, code, stderr) => {
    await expectOnBoth(
      h,
      ['describe-launch-configurations', '--cli-input-yaml', `MaxRecords: ${v}`],
      failed(code, stderr),
    );
  });

  it('0o1_7 is 15, a page size the service takes', async () => {
    const argv = ['describe-launch-configurations', '--cli-input-yaml', 'MaxRecords: 0o1_7'];
    expect(await h.embedded(argv)).toEqual(ok('{\n    "LaunchConfigurations": []\n}\n'));
  });
});

describe('YAML 1.1 numbers under %YAML 1.1, as the AWS CLI reads them (issue 44)', () => {
  const str = (v: string) =>
    validationError(
      `Invalid type for parameter MaxRecords, value: ${v}, type: <class 'str'>, valid types: <class 'int'>`,
    );
  const outside = (v: string) =>
    serviceError(
      'ValidationError',
      'DescribeLaunchConfigurations',
      constraintMessage(v, 'maxRecords', 'have value between 1 and 100'),
    );
  // Each read by the AWS CLI 2.9.19's loader (ruamel.yaml 0.17.21) under `%YAML 1.1`: a leading 0 is octal,
  // ':' is base 60; `09` and `0o7` are no 1.1 integers (text). svcctl read 010 as 10, 1:30 as text, 0o7 as 7.
  const cases: Array<[string, number, string]> = [
    ['-010', 254, outside('-8')],
    ['!!int "-010"', 254, outside('-8')],
    ['-1:30', 254, outside('-90')],
    ['3:20', 254, outside('200')],
    ['1:30.5', 252, floatFor('MaxRecords', '90.5')],
    ['09', 252, str('09')],
    ['0o7', 252, str('0o7')],
  ];
  it.each(cases)('MaxRecords: %s, on both backends', async (v, code, stderr) => {
    await expectOnBoth(
      h,
      ['describe-launch-configurations', '--cli-input-yaml', `%YAML 1.1\n---\nMaxRecords: ${v}`],
      failed(code, stderr),
    );
  });

  it('010 is 8 and 1:30 is 90 under 1.1 (a page size the service takes); 010 is 10 under 1.2', async () => {
    for (const v of ['010', '1:30']) {
      const argv = ['describe-launch-configurations', '--cli-input-yaml', `%YAML 1.1\n---\nMaxRecords: ${v}`];
      expect(await h.embedded(argv)).toEqual(ok('{\n    "LaunchConfigurations": []\n}\n'));
    }
    const argv = ['describe-launch-configurations', '--cli-input-yaml', 'MaxRecords: [010, 1:30]'];
    expect(await h.embedded(argv)).toEqual(
      failed(
        252,
        validationError(
          "Invalid type for parameter MaxRecords, value: [10, '1:30'], type: <class 'list'>, valid types: <class 'int'>",
        ),
      ),
    );
  });
});

describe("integers in flags and settings as Python's int() reads them (issue 44)", () => {
  // int('1_0') == 10, int('\u0663') == 3 (Arabic-Indic), int('\uff12') == 2 (fullwidth): the AWS CLI 2.9 takes each.
  it.each([
    ['--max-items', '1_0'],
    ['--max-items', '\u0663'],
    ['--page-size', '\uff12'],
    ['--max-items', ' +٣ '],
  ])('%s %j is the number Python reads, on both backends', async (flag, v) => {
    await expectOnBoth(h, ['describe-launch-configurations', flag, v, '--query', 'LaunchConfigurations'], ok('[]\n'));
  });

  it('--cli-read-timeout 1_0 and AWS_MAX_ATTEMPTS=\u0663 are taken; 1__0 is not (int() refuses it too)', async () => {
    const argv = ['describe-launch-configurations', '--query', 'LaunchConfigurations'];
    await expectOnBoth(h, [...argv, '--cli-read-timeout', '1_0'], ok('[]\n'));
    expect(await h.http(argv, { AWS_MAX_ATTEMPTS: '\u0663' })).toEqual(ok('[]\n'));
    expect(await h.http([...argv, '--cli-read-timeout', '1__0'])).toEqual(
      failed(
        252,
        "\nsvcctl: [ERROR]: An error occurred (ParamValidation): invalid literal for int() with base 10: '1__0'\n",
      ),
    );
  });

  it('--max-records \u0661_0 (a parameter) is 10', async () => {
    await expectOnBoth(
      h,
      ['describe-launch-configurations', '--max-records', '\u0661_0', '--query', 'LaunchConfigurations'],
      ok('[]\n'),
    );
  });
});

describe('ints beyond 2^53', () => {
  const big = '9007199254740993'; // 2^53 + 1: a double would make it ...992
  const outside = (op: string, v: string, at: string, rule: string) =>
    serviceError('ValidationError', op, constraintMessage(v, at, rule));
  const hopLimit = (v: string) =>
    outside(
      'CreateLaunchConfiguration',
      v,
      'metadataOptions.httpPutResponseHopLimit',
      'have value less than or equal to 64',
    );
  const maxRecords = (v: string) =>
    outside('DescribeLaunchConfigurations', v, 'maxRecords', 'have value between 1 and 100');
  const cases: Array<[string, string[], number, string]> = [
    ['a flag', ['describe-launch-configurations', '--max-records', big], 254, maxRecords(big)],
    ['a JSON flag', [...LC, '--metadata-options', `{"HttpPutResponseHopLimit": ${big}}`], 254, hopLimit(big)],
    ['shorthand', [...LC, '--metadata-options', `HttpPutResponseHopLimit=${big}`], 254, hopLimit(big)],
    [
      '--cli-input-json',
      ['describe-launch-configurations', '--cli-input-json', `{"MaxRecords": ${big}}`],
      254,
      maxRecords(big),
    ],
    [
      '--cli-input-yaml',
      ['describe-launch-configurations', '--cli-input-yaml', `MaxRecords: ${big}`],
      254,
      maxRecords(big),
    ],
    [
      'a client-side minimum',
      [...LC, '--metadata-options', `HttpPutResponseHopLimit=-${big}`],
      252,
      validationError(
        `Invalid value for parameter MetadataOptions.HttpPutResponseHopLimit, value: -${big}, valid min value: 1`,
      ),
    ],
  ];
  it.each(cases)('are echoed exactly, from %s, on both backends', async (_name, argv, code, stderr) => {
    await expectOnBoth(h, argv, failed(code, stderr));
  });

  it('reach a JSON 1.1 service whole (no crash serializing them)', async () => {
    const refused = failed(
      254,
      serviceError(
        'InvalidParameterException',
        'DescribeRepositories',
        invalidParameterMessage('maxResults', 'have value less than or equal to 1000'),
      ),
    );
    await expectOnBoth(h, ['describe-repositories', '--max-results', big], refused);
  });
});
