/**
 * The documents fed to each of the AWS CLI v2 formatters (table, text, yaml) in place of a response after
 * --query, whose outputs test/output/table.test.ts, text.test.ts and yaml.test.ts hold as goldens: one copy of
 * each input, so every formatter is judged on the same documents (a golden for each name, checked by tsc).
 */

/** Joins golden lines, each followed by a newline (as the AWS CLI writes them). */
export function lines(...ls: string[]): string {
  return ls.map((l) => `${l}\n`).join('');
}

/** A describe-launch-configurations response as the AWS CLI gets it from botocore. */
export const LAUNCH_CONFIGURATIONS = {
  LaunchConfigurations: [
    {
      LaunchConfigurationName: 'lc-web',
      ImageId: 'ami-12345678',
      InstanceType: 't2.micro',
      SecurityGroups: ['sg-1', 'sg-2'],
      BlockDeviceMappings: [],
      CreatedTime: '2024-01-02T03:04:05.678000+00:00',
      EbsOptimized: false,
      KernelId: '',
    },
  ],
};

/** A sentence longer than any terminal line. */
export const LONG_TEXT =
  'The quick brown fox jumps over the lazy dog while the launch configuration named web-server-production-blue is replaced by web-server-production-green in us-east-1';

export const INPUTS = {
  'nested structures': { Group: { Name: 'g1', Id: 'abc', Config: { Enabled: true, Limits: { Max: 10, Min: 1 } } } },
  'empty list': { Items: [], Name: 'x' },
  'one-element list of structures': { Items: [{ Id: 'i-1', State: 'running' }] },
  'list of lists': {
    Matrix: [
      [1, 2, 3],
      [4, 5, 6],
    ],
  },
  'list of scalars': { Names: ['a', 'b', 'c'], Count: 3 },
  'booleans and null': { Enabled: true, Disabled: false, Missing: null },
  numbers: {
    Int: 42,
    Negative: -7,
    Zero: 0,
    Float: 3.14,
    Small: 1e-5,
    Tiny: 1.5e-7,
    Big: 123456789012,
    Half: 0.5,
    NegFloat: -0.001,
  },
  unicode: { Accent: 'café', Greek: 'Ωμέγα', Emoji: 'ok 😀', Symbol: '±5°' },
  'double-width CJK': {
    Name: '日本語',
    Items: [
      { Key: '名前', Value: 'テスト' },
      { Key: 'ｆｕｌｌ', Value: 'half' },
    ],
  },
  'very long value': { Description: LONG_TEXT, Id: 'x' },
  'list of structures with differing keys': {
    Instances: [
      { Id: 'i-1', Type: 't2.micro' },
      { Id: 'i-2', Zone: 'us-east-1a' },
      { Id: 'i-3', Type: 'm5.large', Tags: [{ Key: 'env', Value: 'prod' }] },
    ],
  },
  'top-level list of scalars': ['sg-1', 'sg-2'],
  'top-level list of lists': [
    ['a', 1],
    ['b', 2],
  ],
  'top-level list of structures': [
    { Name: 'a', Size: 1 },
    { Name: 'b', Size: 2 },
  ],
  'top-level string': 'ami-12345678',
  'top-level integer': 42,
  'top-level float': 2.5,
  'top-level true': true,
  'top-level false': false,
  'top-level null': null,
  'top-level empty string': '',
  'top-level empty list': [],
  'top-level empty structure': {},
  'launch configurations response': LAUNCH_CONFIGURATIONS,
  'pagination resume token': { NextToken: { NextToken: 'eyJ0b2tlbiI6IDF9' } },
};

export type InputName = keyof typeof INPUTS;

/** `[name, input, golden]` rows for it.each: every shared input, with one formatter's golden for each. */
export function withInputs(goldens: Record<InputName, string>): [string, unknown, string][] {
  return (Object.entries(goldens) as [InputName, string][]).map(([name, golden]) => [name, INPUTS[name], golden]);
}
