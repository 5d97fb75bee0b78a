// Golden outputs rendered by the AWS CLI v2 formatters themselves (awscli 2.9.19, Debian package
// `awscli`, ruamel.yaml 0.17.21 + ruamel.yaml.clib 0.2.7): inputs fed to awscli.formatter's TableFormatter (--color off, and --color on through colorama)
// in place of a response after --query. Regenerate them that way rather than by editing by hand.
import { describe, it, expect } from 'vitest';
import { type InputName, LAUNCH_CONFIGURATIONS, lines, withInputs } from './formatter-inputs.js';
import { AWS_COLOR_STYLE, formatTable } from '../../src/output/table.js';

/** The launch configurations response as a table; only the title line (the title centred between two bars) varies. */
const lcTable = (titleLine: string) =>
  lines(
    '-------------------------------------------------------------------',
    titleLine,
    '+-----------------------------------------------------------------+',
    '||                     LaunchConfigurations                      ||',
    '|+--------------------------+------------------------------------+|',
    '||  CreatedTime             |  2024-01-02T03:04:05.678000+00:00  ||',
    '||  EbsOptimized            |  False                             ||',
    '||  ImageId                 |  ami-12345678                      ||',
    '||  InstanceType            |  t2.micro                          ||',
    '||  KernelId                |                                    ||',
    '||  LaunchConfigurationName |  lc-web                            ||',
    '|+--------------------------+------------------------------------+|',
    '|||                       SecurityGroups                        |||',
    '||+-------------------------------------------------------------+||',
    '|||  sg-1                                                       |||',
    '|||  sg-2                                                       |||',
    '||+-------------------------------------------------------------+||',
  );

const WIDE_DOC = {
  Detail: {
    Arn: 'arn:aws:autoscaling:us-east-1:123456789012:launchConfiguration:1234-5678:launchConfigurationName/web',
    Name: 'lc-web',
    Created: '2024-01-02T03:04:05.678000+00:00',
  },
};

const GOLDENS: Record<InputName, string> = {
  'nested structures': lines(
    '-------------------------',
    '|    DescribeThings     |',
    '+-----------------------+',
    '||        Group        ||',
    '|+---------+-----------+|',
    '||   Id    |   Name    ||',
    '|+---------+-----------+|',
    '||  abc    |  g1       ||',
    '|+---------+-----------+|',
    '|||      Config       |||',
    '||+----------+--------+||',
    '|||  Enabled |  True  |||',
    '||+----------+--------+||',
    '||||     Limits      ||||',
    '|||+-------+---------+|||',
    '||||  Max  |   Min   ||||',
    '|||+-------+---------+|||',
    '||||  10   |  1      ||||',
    '|||+-------+---------+|||',
  ),
  'empty list': lines(
    '----------------',
    '|DescribeThings|',
    '+--------+-----+',
    '|  Name  |  x  |',
    '+--------+-----+',
  ),
  'one-element list of structures': lines(
    '----------------------',
    '|   DescribeThings   |',
    '+--------------------+',
    '||       Items      ||',
    '|+------+-----------+|',
    '||  Id  |   State   ||',
    '|+------+-----------+|',
    '||  i-1 |  running  ||',
    '|+------+-----------+|',
  ),
  'list of lists': lines(
    '-------------------',
    '| DescribeThings  |',
    '+-----------------+',
    '||    Matrix     ||',
    '|+---+-----+-----+|',
    '||  1|  2  |  3  ||',
    '||  4|  5  |  6  ||',
    '|+---+-----+-----+|',
  ),
  'list of scalars': lines(
    '----------------',
    '|DescribeThings|',
    '+--------+-----+',
    '|  Count |  3  |',
    '+--------+-----+',
    '||    Names   ||',
    '|+------------+|',
    '||  a         ||',
    '||  b         ||',
    '||  c         ||',
    '|+------------+|',
  ),
  'booleans and null': lines(
    '------------------------------------',
    '|          DescribeThings          |',
    '+----------+-----------+-----------+',
    '| Disabled |  Enabled  |  Missing  |',
    '+----------+-----------+-----------+',
    '|  False   |  True     |  None     |',
    '+----------+-----------+-----------+',
  ),
  numbers: lines(
    '------------------------------',
    '|       DescribeThings       |',
    '+-----------+----------------+',
    '|  Big      |  123456789012  |',
    '|  Float    |  3.14          |',
    '|  Half     |  0.5           |',
    '|  Int      |  42            |',
    '|  NegFloat |  -0.001        |',
    '|  Negative |  -7            |',
    '|  Small    |  1e-05         |',
    '|  Tiny     |  1.5e-07       |',
    '|  Zero     |  0             |',
    '+-----------+----------------+',
  ),
  unicode: lines(
    '--------------------------------------------',
    '|              DescribeThings              |',
    '+--------+--------+-------------+----------+',
    '| Accent | Emoji  |    Greek    | Symbol   |',
    '+--------+--------+-------------+----------+',
    '|  café |  ok 😀 |  Ωμέγα  |  ±5°   |',
    '+--------+--------+-------------+----------+',
  ),
  'double-width CJK': lines(
    '--------------------------',
    '|     DescribeThings     |',
    '+----------+-------------+',
    '|  Name    |  日本語     |',
    '+----------+-------------+',
    '||         Items        ||',
    '|+-----------+----------+|',
    '||    Key    |  Value   ||',
    '|+-----------+----------+|',
    '||  名前     |  テスト  ||',
    '||  ｆｕｌｌ |  half    ||',
    '|+-----------+----------+|',
  ),
  'very long value': lines(
    '----------------------------------------------------------------------------------------------------------------------------------------------------------------------------------------',
    '|                                                                                    DescribeThings                                                                                    |',
    '+-------------+------------------------------------------------------------------------------------------------------------------------------------------------------------------------+',
    '|  Description|  The quick brown fox jumps over the lazy dog while the launch configuration named web-server-production-blue is replaced by web-server-production-green in us-east-1   |',
    '|  Id         |  x                                                                                                                                                                     |',
    '+-------------+------------------------------------------------------------------------------------------------------------------------------------------------------------------------+',
  ),
  'list of structures with differing keys': lines(
    '---------------------------------',
    '|        DescribeThings         |',
    '+-------------------------------+',
    '||          Instances          ||',
    '|+------+-------------+--------+|',
    '||  Id  |    Type     | Zone   ||',
    '|+------+-------------+--------+|',
    '||  i-1 |  t2.micro   |        ||',
    '|+------+-------------+--------+|',
    '||          Instances          ||',
    '|+-----+--------+--------------+|',
    '|| Id  | Type   |    Zone      ||',
    '|+-----+--------+--------------+|',
    '||  i-2|        |  us-east-1a  ||',
    '|+-----+--------+--------------+|',
    '||          Instances          ||',
    '|+------+-------------+--------+|',
    '||  Id  |    Type     | Zone   ||',
    '|+------+-------------+--------+|',
    '||  i-3 |  m5.large   |        ||',
    '|+------+-------------+--------+|',
    '|||           Tags            |||',
    '||+-----------+---------------+||',
    '|||    Key    |     Value     |||',
    '||+-----------+---------------+||',
    '|||  env      |  prod         |||',
    '||+-----------+---------------+||',
  ),
  'top-level list of scalars': lines(
    '----------------',
    '|DescribeThings|',
    '+--------------+',
    '|  sg-1        |',
    '|  sg-2        |',
    '+--------------+',
  ),
  'top-level list of lists': lines(
    '----------------',
    '|DescribeThings|',
    '+------+-------+',
    '|  a   |  1    |',
    '|  b   |  2    |',
    '+------+-------+',
  ),
  'top-level list of structures': lines(
    '------------------',
    '| DescribeThings |',
    '+-------+--------+',
    '| Name  | Size   |',
    '+-------+--------+',
    '|  a    |  1     |',
    '|  b    |  2     |',
    '+-------+--------+',
  ),
  'top-level string': lines('----------------', '|DescribeThings|', '+--------------+'),
  'top-level integer': lines('----------------', '|DescribeThings|', '+--------------+'),
  'top-level float': lines('----------------', '|DescribeThings|', '+--------------+'),
  'top-level true': lines('----------------', '|DescribeThings|', '+--------------+'),
  'top-level false': '',
  'top-level null': '',
  'top-level empty string': '',
  'top-level empty list': '',
  'top-level empty structure': '',
  'launch configurations response': lcTable('|                         DescribeThings                          |'),
  'pagination resume token': lines(
    '-------------------------------------',
    '|          DescribeThings           |',
    '+-----------------------------------+',
    '||            NextToken            ||',
    '|+------------+--------------------+|',
    '||  NextToken |  eyJ0b2tlbiI6IDF9  ||',
    '|+------------+--------------------+|',
  ),
};

const CASES: [string, unknown, string][] = [
  ...withInputs(GOLDENS),
  [
    'a structure with a single scalar is one key/value row',
    { Name: 'only' },
    lines('------------------', '| DescribeThings |', '+-------+--------+', '|  Name |  only  |', '+-------+--------+'),
  ],
  [
    'repeated sections for a list of structures with nested members',
    {
      Groups: [
        { Name: 'g1', Members: [{ Id: 'm1' }, { Id: 'm2' }] },
        { Name: 'g2', Members: [{ Id: 'm3' }] },
      ],
    },
    lines(
      '----------------',
      '|DescribeThings|',
      '+--------------+',
      '||   Groups   ||',
      '|+------------+|',
      '||    Name    ||',
      '|+------------+|',
      '||  g1        ||',
      '|+------------+|',
      '|||  Members |||',
      '||+----------+||',
      '|||    Id    |||',
      '||+----------+||',
      '|||  m1      |||',
      '|||  m2      |||',
      '||+----------+||',
      '||   Groups   ||',
      '|+------------+|',
      '||    Name    ||',
      '|+------------+|',
      '||  g2        ||',
      '|+------------+|',
      '|||  Members |||',
      '||+----------+||',
      '|||    Id    |||',
      '||+----------+||',
      '|||  m3      |||',
      '||+----------+||',
    ),
  ],
  [
    'wider than 80 columns: single-row sections turn vertical',
    WIDE_DOC,
    lines(
      '-----------------------------------------------------------------------------------------------------------------------',
      '|                                                   DescribeThings                                                    |',
      '+---------------------------------------------------------------------------------------------------------------------+',
      '||                                                      Detail                                                       ||',
      '|+---------+---------------------------------------------------------------------------------------------------------+|',
      '||  Arn    |  arn:aws:autoscaling:us-east-1:123456789012:launchConfiguration:1234-5678:launchConfigurationName/web   ||',
      '||  Created|  2024-01-02T03:04:05.678000+00:00                                                                       ||',
      '||  Name   |  lc-web                                                                                                 ||',
      '|+---------+---------------------------------------------------------------------------------------------------------+|',
    ),
  ],
  [
    'wider than 80 columns: multi-row sections stay horizontal',
    {
      Rows: [
        { Arn: 'arn:aws:autoscaling:us-east-1:123456789012:launchConfiguration:1', Name: 'lc-web-production-blue' },
        { Arn: 'arn:2', Name: 'b' },
      ],
    },
    lines(
      '--------------------------------------------------------------------------------------------------',
      '|                                         DescribeThings                                         |',
      '+------------------------------------------------------------------------------------------------+',
      '||                                             Rows                                             ||',
      '|+-------------------------------------------------------------------+--------------------------+|',
      '||                                Arn                                |          Name            ||',
      '|+-------------------------------------------------------------------+--------------------------+|',
      '||  arn:aws:autoscaling:us-east-1:123456789012:launchConfiguration:1 |  lc-web-production-blue  ||',
      '||  arn:2                                                            |  b                       ||',
      '|+-------------------------------------------------------------------+--------------------------+|',
    ),
  ],
  [
    'list of lists of structures (untitled sections count str(None) in widths)',
    [[{ A: 1 }, { A: 2 }]],
    lines(
      '----------------',
      '|DescribeThings|',
      '+--------------+',
      '|       A      |',
      '+--------------+',
      '|  1           |',
      '|  2           |',
      '+--------------+',
    ),
  ],
  [
    'empty lists and structures inside a list of structures',
    { Zeta: 1, Value: { a: null, State: [{}, []] } },
    lines(
      '-----------------',
      '|DescribeThings |',
      '+--------+------+',
      '|  Zeta  |  1   |',
      '+--------+------+',
      '||    Value    ||',
      '|+----+--------+|',
      '||  a |  None  ||',
      '|+----+--------+|',
      '|||   State   |||',
    ),
  ],
  [
    'nested empty containers are skipped',
    { Name: 'x', Empty: [], Nothing: {}, Sub: { Deeper: [] } },
    lines(
      '----------------',
      '|DescribeThings|',
      '+--------+-----+',
      '|  Name  |  x  |',
      '+--------+-----+',
      '||     Sub    ||',
      '|+------------+|',
    ),
  ],
  [
    'column widths scale with round-half-even',
    { Items: [{ A: 'x', BB: 'yy', CCC: 'zzz' }], Title: 'a rather long scalar value to widen' },
    lines(
      '--------------------------------------------------',
      '|                 DescribeThings                 |',
      '+-------+----------------------------------------+',
      '|  Title|  a rather long scalar value to widen   |',
      '+-------+----------------------------------------+',
      '||                     Items                    ||',
      '|+-----------+---------------+------------------+|',
      '||     A     |      BB       |       CCC        ||',
      '|+-----------+---------------+------------------+|',
      '||  x        |  yy           |  zzz             ||',
      '|+-----------+---------------+------------------+|',
    ),
  ],
  [
    'ambiguous-width characters count as two columns',
    {
      Items: [
        { Name: 'é', Sign: '±' },
        { Name: 'e', Sign: '+' },
      ],
    },
    lines(
      '--------------------',
      '|  DescribeThings  |',
      '+------------------+',
      '||      Items     ||',
      '|+-------+--------+|',
      '|| Name  | Sign   ||',
      '|+-------+--------+|',
      '||  é   |  ±    ||',
      '||  e    |  +     ||',
      '|+-------+--------+|',
    ),
  ],
];

const TITLED: [string, string, unknown, string][] = [
  [
    'title wider than the content',
    'DescribeLaunchConfigurations',
    { A: 'b' },
    lines(
      '------------------------------',
      '|DescribeLaunchConfigurations|',
      '+-------------+--------------+',
      '|  A          |  b           |',
      '+-------------+--------------+',
    ),
  ],
  [
    'double-width title',
    '日本語のタイトル',
    { Key: 'v' },
    lines('------------------', '|日本語のタイトル|', '+--------+-------+', '|  Key   |  v    |', '+--------+-------+'),
  ],
];

const COLOR =
  '-------------------------------------------------------------------\n\u001b[0m\u001b[0m|                  DescribeLaunchConfigurations                   |\u001b[0m\u001b[0m\n\u001b[0m\u001b[0m+-----------------------------------------------------------------+\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m|                     LaunchConfigurations                      |\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m+--------------------------+------------------------------------+\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m|  \u001b[1m\u001b[34mCreatedTime\u001b[0m             |  \u001b[1m\u001b[34m2024-01-02T03:04:05.678000+00:00\u001b[0m  |\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m|  \u001b[1m\u001b[34mEbsOptimized\u001b[0m            |  \u001b[1m\u001b[34mFalse\u001b[0m                             |\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m|  \u001b[1m\u001b[34mImageId\u001b[0m                 |  \u001b[1m\u001b[34mami-12345678\u001b[0m                      |\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m|  \u001b[1m\u001b[34mInstanceType\u001b[0m            |  \u001b[1m\u001b[34mt2.micro\u001b[0m                          |\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m|  \u001b[1m\u001b[34mKernelId\u001b[0m                |  \u001b[1m\u001b[34m\u001b[0m                                  |\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m|  \u001b[1m\u001b[34mLaunchConfigurationName\u001b[0m |  \u001b[1m\u001b[34mlc-web\u001b[0m                            |\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m+--------------------------+------------------------------------+\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m|                       SecurityGroups                        |\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m+-------------------------------------------------------------+\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m|  \u001b[1m\u001b[34msg-1\u001b[0m                                                       |\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m|  \u001b[1m\u001b[34msg-2\u001b[0m                                                       |\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m+-------------------------------------------------------------+\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[2m\u001b[33m|\u001b[0m\u001b[0m\n\u001b[0m';

const WIDE_TERMINAL = lines(
  '----------------------------------------------------------------------------------------------------------------------------------------------------------',
  '|                                                                     DescribeThings                                                                     |',
  '+--------------------------------------------------------------------------------------------------------------------------------------------------------+',
  '||                                                                        Detail                                                                        ||',
  '|+-------------------------------------------------------------------------------------------------------+-----------------------------------+----------+|',
  '||                                                  Arn                                                  |              Created              |  Name    ||',
  '|+-------------------------------------------------------------------------------------------------------+-----------------------------------+----------+|',
  '||  arn:aws:autoscaling:us-east-1:123456789012:launchConfiguration:1234-5678:launchConfigurationName/web |  2024-01-02T03:04:05.678000+00:00 |  lc-web  ||',
  '|+-------------------------------------------------------------------------------------------------------+-----------------------------------+----------+|',
);

const PLAIN_LC = lcTable('|                  DescribeLaunchConfigurations                   |');

const ROW_ERROR = 'Row should have 1 elements, instead it has 2';

describe('formatTable (AWS CLI v2 --output table)', () => {
  it.each(CASES)('%s', (_name, input, expected) => {
    expect(formatTable('DescribeThings', input)).toBe(expected);
  });

  it.each(TITLED)('%s', (_name, title, input, expected) => {
    expect(formatTable(title, input)).toBe(expected);
  });

  it('reproduces --color on byte for byte with AWS_COLOR_STYLE', () => {
    expect(formatTable('DescribeLaunchConfigurations', LAUNCH_CONFIGURATIONS, AWS_COLOR_STYLE)).toBe(COLOR);
  });

  it('computes widths on undecorated text, so decorators never move columns', () => {
    const style = {
      title: (s: string) => `<<${s}>>`,
      header: (s: string) => `[${s}]`,
      row: (s: string) => `{${s}}`,
      indent: (s: string) => `(${s})`,
    };
    const strip = (s: string) => s.replace(/<<|>>|\[|\]|\{|\}|\(|\)/g, '');
    const doc = {
      Items: [
        { Id: 'i-1', Name: '日本' },
        { Id: 'i-2', Name: 'x' },
      ],
      Single: { A: 1, B: 2 },
    };
    expect(strip(formatTable('DescribeThings', doc, style))).toBe(formatTable('DescribeThings', doc));
    expect(formatTable('DescribeThings', doc, style)).toContain('[Id]');
  });

  it('uses the terminal width to decide on vertical conversion', () => {
    expect(formatTable('DescribeThings', WIDE_DOC, {}, { terminalWidth: 200 })).toBe(WIDE_TERMINAL);
    expect(formatTable('DescribeLaunchConfigurations', LAUNCH_CONFIGURATIONS, {}, { terminalWidth: 80 })).toBe(
      PLAIN_LC,
    );
  });

  it('fails like table.py on rows of different lengths', () => {
    expect(() => formatTable('DescribeThings', [1, [2, 3], 'x'])).toThrow(ROW_ERROR);
  });
});
