// Golden outputs rendered by the AWS CLI v2 formatters themselves (awscli 2.9.19, Debian package
// `awscli`, ruamel.yaml 0.17.21 + ruamel.yaml.clib 0.2.7): inputs fed to awscli.formatter's YAMLFormatter and StreamedYAMLFormatter (YAMLDumper)
// in place of a response after --query. Regenerate them that way rather than by editing by hand.
import { describe, it, expect } from 'vitest';
import { type InputName, LAUNCH_CONFIGURATIONS, LONG_TEXT, lines, withInputs } from './formatter-inputs.js';
import { parse } from 'yaml';
import { formatYaml, formatYamlStreamDocument } from '../../src/output/yaml.js';
import { compileQuery } from '../../src/output/query.js';

/** The launch configurations response in YAML, line by line. */
const LC_YAML = [
  'LaunchConfigurations:',
  '- BlockDeviceMappings: []',
  "  CreatedTime: '2024-01-02T03:04:05.678000+00:00'",
  '  EbsOptimized: false',
  '  ImageId: ami-12345678',
  '  InstanceType: t2.micro',
  "  KernelId: ''",
  '  LaunchConfigurationName: lc-web',
  '  SecurityGroups:',
  '  - sg-1',
  '  - sg-2',
];

const GOLDENS: Record<InputName, string> = {
  'nested structures': lines(
    'Group:',
    '  Config:',
    '    Enabled: true',
    '    Limits:',
    '      Max: 10',
    '      Min: 1',
    '  Id: abc',
    '  Name: g1',
  ),
  'empty list': lines('Items: []', 'Name: x'),
  'one-element list of structures': lines('Items:', '- Id: i-1', '  State: running'),
  'list of lists': lines('Matrix:', '- - 1', '  - 2', '  - 3', '- - 4', '  - 5', '  - 6'),
  'list of scalars': lines('Count: 3', 'Names:', '- a', '- b', '- c'),
  'booleans and null': lines('Disabled: false', 'Enabled: true', 'Missing: null'),
  numbers: lines(
    'Big: 123456789012',
    'Float: 3.14',
    'Half: 0.5',
    'Int: 42',
    'NegFloat: -0.001',
    'Negative: -7',
    'Small: 1e-05',
    'Tiny: 1.5e-07',
    'Zero: 0',
  ),
  unicode: lines('Accent: café', 'Emoji: "ok \\U0001F600"', 'Greek: Ωμέγα', 'Symbol: ±5°'),
  'double-width CJK': lines(
    'Items:',
    '- Key: 名前',
    '  Value: テスト',
    '- Key: ｆｕｌｌ',
    '  Value: half',
    'Name: 日本語',
  ),
  'very long value': lines(
    'Description: The quick brown fox jumps over the lazy dog while the launch configuration',
    '  named web-server-production-blue is replaced by web-server-production-green in us-east-1',
    'Id: x',
  ),
  'list of structures with differing keys': lines(
    'Instances:',
    '- Id: i-1',
    '  Type: t2.micro',
    '- Id: i-2',
    '  Zone: us-east-1a',
    '- Id: i-3',
    '  Tags:',
    '  - Key: env',
    '    Value: prod',
    '  Type: m5.large',
  ),
  'top-level list of scalars': lines('- sg-1', '- sg-2'),
  'top-level list of lists': lines('- - a', '  - 1', '- - b', '  - 2'),
  'top-level list of structures': lines('- Name: a', '  Size: 1', '- Name: b', '  Size: 2'),
  'top-level string': '"ami-12345678"\n',
  'top-level integer': '42\n',
  'top-level float': '2.5\n',
  'top-level true': 'true\n',
  'top-level false': 'false\n',
  'top-level null': 'null\n',
  'top-level empty string': '""\n',
  'top-level empty list': '[]\n',
  'top-level empty structure': '',
  'launch configurations response': lines(...LC_YAML),
  'pagination resume token': lines('NextToken:', '  NextToken: eyJ0b2tlbiI6IDF9'),
};

const CASES: [string, unknown, string][] = [
  ...withInputs(GOLDENS),
  [
    'strings that would read as other types are quoted',
    {
      t: 'true',
      T: 'True',
      n: '123',
      neg: '-5',
      f: '1e3',
      dot: '.5',
      hex: '0x1F',
      oct: '0o17',
      under: '1_000',
      e: '',
      nul: 'null',
      tilde: '~',
      date: '2020-01-01',
      ts: '2024-01-02T03:04:05.678000+00:00',
      merge: '<<',
      eq: '=',
      inf: '.inf',
    },
    lines(
      "T: 'True'",
      "date: '2020-01-01'",
      "dot: '.5'",
      "e: ''",
      "eq: '='",
      "f: '1e3'",
      "hex: '0x1F'",
      "inf: '.inf'",
      "merge: '<<'",
      "n: '123'",
      "neg: '-5'",
      "nul: 'null'",
      "oct: '0o17'",
      "t: 'true'",
      "tilde: '~'",
      "ts: '2024-01-02T03:04:05.678000+00:00'",
      "under: '1_000'",
    ),
  ],
  [
    'YAML 1.1-only booleans and plain-safe strings stay plain',
    {
      yes: 'yes',
      no: 'no',
      on: 'on',
      off: 'off',
      y: 'y',
      under: '_',
      ver: '1.2.3',
      url: 'http://x.y/z?a=1&b=2',
      arn: 'arn:aws:iam::123456789012:role/x',
      colonend: 'key:',
      dashword: '-x',
      hash: 'a#b',
      pct: '50%',
      ws: 'a b',
    },
    lines(
      'arn: arn:aws:iam::123456789012:role/x',
      "colonend: 'key:'",
      'dashword: -x',
      'hash: a#b',
      'no: no',
      'off: off',
      'on: on',
      'pct: 50%',
      'under: _',
      'url: http://x.y/z?a=1&b=2',
      'ver: 1.2.3',
      'ws: a b',
      'y: y',
      'yes: yes',
    ),
  ],
  [
    'indicators force quoting',
    {
      colon: 'a: b',
      comment: 'a #b',
      dash: '- a',
      q: '? x',
      lead: ' lead',
      trail: 'trail ',
      star: '*x',
      amp: '&x',
      bang: '!x',
      brace: '{x}',
      bracket: '[x]',
      pipe: '|x',
      gt: '>x',
      at: '@x',
      tick: '`x',
      pctlead: '%x',
      apos: "it's",
      squote: "'x'",
      dquote: 'say "hi"',
      dashes: '---',
      dots: '...x',
      comma: ',x',
    },
    lines(
      "amp: '&x'",
      "apos: it's",
      "at: '@x'",
      "bang: '!x'",
      "brace: '{x}'",
      "bracket: '[x]'",
      "colon: 'a: b'",
      "comma: ',x'",
      "comment: 'a #b'",
      "dash: '- a'",
      "dashes: '---'",
      "dots: '...x'",
      'dquote: say "hi"',
      "gt: '>x'",
      "lead: ' lead'",
      "pctlead: '%x'",
      "pipe: '|x'",
      "q: '? x'",
      "squote: '''x'''",
      "star: '*x'",
      "tick: '`x'",
      "trail: 'trail '",
    ),
  ],
  [
    'multi-line strings',
    { m: 'line1\nline2', trailing: 'end\n', blank: 'a\n\nb', crlf: 'a\r\nb', lead: '\nx' },
    lines(
      "blank: 'a",
      '',
      '',
      "  b'",
      'crlf: "a\\r\\nb"',
      "lead: '",
      '',
      "  x'",
      "m: 'line1",
      '',
      "  line2'",
      "trailing: 'end",
      '',
      "  '",
    ),
  ],
  [
    'non-printable characters force double quotes with escapes',
    {
      tab: 'a\tb',
      emoji: '😀',
      bell: '\u0007',
      esc: '\u001b[0m',
      nul: '\u0000',
      del: '\u007f',
      nel: 'a\u0085b',
      bom: '\ufeffx',
      nbsp: 'a\u00a0b',
      backslash: 'tab\t\\',
    },
    lines(
      'backslash: "tab\\t\\\\"',
      'bell: "\\a"',
      'bom: "\\uFEFFx"',
      'del: "\\x7F"',
      'emoji: "\\U0001F600"',
      'esc: "\\e[0m"',
      'nbsp: a\u00a0b',
      'nel: "a\\Nb"',
      'nul: "\\0"',
      'tab: "a\\tb"',
    ),
  ],
  [
    'U+2028/U+2029 are written as raw YAML 1.1 line breaks',
    { ls: 'a\u2028b', ps: 'a\u2029b' },
    lines("ls: 'a\u2028  b'", "ps: 'a\u2029  b'"),
  ],
  [
    'printable unicode stays plain',
    { accent: 'café', cjk: '日本語', full: 'ｆｕｌｌ', greek: 'Ωμέγα', snow: '☃' },
    lines('accent: café', 'cjk: 日本語', 'full: ｆｕｌｌ', 'greek: Ωμέγα', 'snow: ☃'),
  ],
  [
    'long plain strings fold at column 80',
    {
      Description: LONG_TEXT,
      Nested: {
        Deeper: {
          Description: LONG_TEXT,
        },
      },
      List: [LONG_TEXT, [LONG_TEXT]],
    },
    lines(
      'Description: The quick brown fox jumps over the lazy dog while the launch configuration',
      '  named web-server-production-blue is replaced by web-server-production-green in us-east-1',
      'List:',
      '- The quick brown fox jumps over the lazy dog while the launch configuration named',
      '  web-server-production-blue is replaced by web-server-production-green in us-east-1',
      '- - The quick brown fox jumps over the lazy dog while the launch configuration named',
      '    web-server-production-blue is replaced by web-server-production-green in us-east-1',
      'Nested:',
      '  Deeper:',
      '    Description: The quick brown fox jumps over the lazy dog while the launch configuration',
      '      named web-server-production-blue is replaced by web-server-production-green',
      '      in us-east-1',
    ),
  ],
  [
    'long quoted strings fold at column 80',
    {
      Single: `key: ${LONG_TEXT}`,
      Double: `tab\t${LONG_TEXT}`,
      DoubleSpaces:
        'tab\tword  word  word  word  word  word  word  word  word  word  word  word  word  word  word  word  word  word  word  word  ',
    },
    lines(
      'Double: "tab\\tThe quick brown fox jumps over the lazy dog while the launch configuration',
      '  named web-server-production-blue is replaced by web-server-production-green in us-east-1"',
      'DoubleSpaces: "tab\\tword  word  word  word  word  word  word  word  word  word  word',
      '  \\ word  word  word  word  word  word  word  word  word  "',
      "Single: 'key: The quick brown fox jumps over the lazy dog while the launch configuration",
      "  named web-server-production-blue is replaced by web-server-production-green in us-east-1'",
    ),
  ],
  [
    'a long unbreakable string is not folded',
    {
      Token:
        'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    },
    'Token: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n',
  ],
  [
    'keys longer than 128 bytes use the explicit ? form',
    {
      kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk:
        'v',
      short: { 日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日: ['x'] },
    },
    lines(
      '? kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk',
      ': v',
      'short:',
      '  ? 日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日',
      '  : - x',
    ),
  ],
  [
    'keys are quoted like values',
    { true: 1, '123': 2, 'a: b': 3, '': 4, '-': 5, 'multi\nline': 6 },
    lines("'': 4", "'-': 5", "'123': 2", "'a: b': 3", "? 'multi", '', "  line'", ': 6', "'true': 1"),
  ],
  [
    'keys sort by code point',
    { b: 1, B: 2, a: 3, _: 4, Ä: 5, '😀': 6, ｆ: 7 },
    lines('B: 2', '_: 4', 'a: 3', 'b: 1', 'Ä: 5', 'ｆ: 7', '"\\U0001F600": 6'),
  ],
  [
    'empty containers are flow style',
    { l: [], m: {}, nested: [[], {}, [[]]] },
    lines('l: []', 'm: {}', 'nested:', '- []', '- {}', '- - []'),
  ],
  [
    'nested sequences',
    [[1, [2, [3]]], { a: [[]] }, []],
    lines('- - 1', '  - - 2', '    - - 3', '- a:', '  - []', '- []'),
  ],
  ['top-level string with quotes and escapes (JSON)', 'say "hi"\t日本', '"say \\"hi\\"\\t日本"\n'],
  ['top-level string that looks like a number (JSON)', '123', '"123"\n'],
];

const STREAM_PAGES: [string, unknown, string][] = [
  [
    'structure page',
    { ...LAUNCH_CONFIGURATIONS, NextToken: 'abc' },
    // The document as one item of the stream's top-level sequence.
    lines(`- ${LC_YAML[0]}`, ...LC_YAML.slice(1).map((l) => `  ${l}`), '  NextToken: abc'),
  ],
  ['list page', ['a', 'b'], lines('- - a', '  - b')],
  ['scalar page', 'ami-12345678', '- ami-12345678\n'],
  ['quoted scalar page', 'true', "- 'true'\n"],
  ['null page', null, '- null\n'],
  ['number page', 1.5, '- 1.5\n'],
  ['empty structure page', {}, '- {}\n'],
  ['empty list page', [], '- []\n'],
  ['nested list page', [[1, 2], []], lines('- - - 1', '    - 2', '  - []')],
];

describe('formatYaml (AWS CLI v2 --output yaml)', () => {
  it.each(CASES)('%s', (_name, input, expected) => {
    expect(formatYaml(input)).toBe(expected);
  });

  // U+2028/U+2029 are line breaks to libyaml (YAML 1.1) but not to the `yaml` package (YAML 1.2).
  const roundTrips = CASES.filter(
    ([name, input]) => typeof input === 'object' && input !== null && !name.startsWith('U+2028'),
  );
  it.each(roundTrips)('emits YAML that reads back as the input: %s', (_name, input) => {
    const out = formatYaml(input);
    expect(out === '' ? {} : parse(out)).toEqual(input);
  });
});

describe('formatYamlStreamDocument (AWS CLI v2 --output yaml-stream, one page)', () => {
  it.each(STREAM_PAGES)('%s', (_name, input, expected) => {
    expect(formatYamlStreamDocument(input)).toBe(expected);
  });

  it('concatenates pages into one top-level YAML sequence', () => {
    const pages = [{ Items: ['a'], NextToken: 't1' }, { Items: ['b'] }];
    const stream = pages.map(formatYamlStreamDocument).join('');
    expect(stream).toBe(lines('- Items:', '  - a', '  NextToken: t1', '- Items:', '  - b'));
    expect(parse(stream)).toEqual(pages);
  });
});

describe('a value that a --query result holds twice (compat 412)', () => {
  // The AWS CLI's YAMLDumper (ruamel, safe) writes `&id001` on the first and `*id001` on the second when both are
  // the same Python object: the same response member selected twice, or one literal in every element of a
  // projection (/usr/bin/aws 2.9.19 at serve printed `first: *id001`; 2.36.7's YAMLDumper is the same code).
  const data = { repositories: [{ scanOnPush: false }, { scanOnPush: true }] };
  it('is written out each time, in yaml and yaml-stream', () => {
    const result = compileQuery('{first: repositories[0], all: repositories}').search(data);
    expect(formatYaml(result)).toBe(
      lines('all:', '- scanOnPush: false', '- scanOnPush: true', 'first:', '  scanOnPush: false'),
    );
    expect(formatYamlStreamDocument(result)).toBe(
      lines('- all:', '  - scanOnPush: false', '  - scanOnPush: true', '  first:', '    scanOnPush: false'),
    );
  });
  it('and so is a literal in every element of a projection', () => {
    const result = compileQuery('repositories[].{s: scanOnPush, l: `[1]`}').search(data);
    expect(formatYaml(result)).toBe(lines('- l:', '  - 1', '  s: false', '- l:', '  - 1', '  s: true'));
  });
});
