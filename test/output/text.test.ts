// Golden outputs rendered by the AWS CLI v2 formatters themselves (awscli 2.9.19, Debian package
// `awscli`, ruamel.yaml 0.17.21 + ruamel.yaml.clib 0.2.7): inputs fed to awscli.formatter's TextFormatter
// in place of a response after --query. Regenerate them that way rather than by editing by hand.
import { describe, it, expect } from 'vitest';
import { type InputName, lines, withInputs } from './formatter-inputs.js';
import { formatText } from '../../src/output/text.js';

const GOLDENS: Record<InputName, string> = {
  'nested structures': lines('GROUP\tabc\tg1', 'CONFIG\tTrue', 'LIMITS\t10\t1'),
  'empty list': 'x\n',
  'one-element list of structures': 'ITEMS\ti-1\trunning\n',
  'list of lists': lines('MATRIX\t1', 'MATRIX\t2', 'MATRIX\t3', 'MATRIX\t4', 'MATRIX\t5', 'MATRIX\t6'),
  'list of scalars': lines('3', 'NAMES\ta', 'NAMES\tb', 'NAMES\tc'),
  'booleans and null': 'False\tTrue\tNone\n',
  numbers: '123456789012\t3.14\t0.5\t42\t-0.001\t-7\t1e-05\t1.5e-07\t0\n',
  unicode: 'café\tok 😀\tΩμέγα\t±5°\n',
  'double-width CJK': lines('日本語', 'ITEMS\t名前\tテスト', 'ITEMS\tｆｕｌｌ\thalf'),
  'very long value':
    'The quick brown fox jumps over the lazy dog while the launch configuration named web-server-production-blue is replaced by web-server-production-green in us-east-1\tx\n',
  'list of structures with differing keys': lines(
    'INSTANCES\ti-1\tt2.micro\t',
    'INSTANCES\ti-2\t\tus-east-1a',
    'INSTANCES\ti-3\tm5.large\t',
    'TAGS\tenv\tprod',
  ),
  'top-level list of scalars': 'sg-1\tsg-2\n',
  'top-level list of lists': lines('a\t1', 'b\t2'),
  'top-level list of structures': lines('a\t1', 'b\t2'),
  'top-level string': 'ami-12345678\n',
  'top-level integer': '42\n',
  'top-level float': '2.5\n',
  'top-level true': 'True\n',
  'top-level false': 'False\n',
  'top-level null': 'None\n',
  'top-level empty string': '\n',
  'top-level empty list': '',
  'top-level empty structure': '',
  'launch configurations response': lines(
    'LAUNCHCONFIGURATIONS\t2024-01-02T03:04:05.678000+00:00\tFalse\tami-12345678\tt2.micro\t\tlc-web',
    'SECURITYGROUPS\tsg-1',
    'SECURITYGROUPS\tsg-2',
  ),
  'pagination resume token': 'NEXTTOKEN\teyJ0b2tlbiI6IDF9\n',
};

const CASES: [string, unknown, string][] = [
  ...withInputs(GOLDENS),
  [
    'scalar list under a key prints one KEY<tab>value line per element',
    { Reservation: { Groups: ['g-1', 'g-2'], Owner: 'me' } },
    lines('RESERVATION\tme', 'GROUPS\tg-1', 'GROUPS\tg-2'),
  ],
  [
    'structure with only non-scalar members prints no line of its own',
    { Outer: { Inner: { A: 1 }, List: ['x'] } },
    lines('INNER\t1', 'LIST\tx'),
  ],
  [
    'mixed list prints its scalars first, then nested lists',
    { Mixed: [1, [2, 3], 'x', [4]] },
    lines('MIXED\t1', 'MIXED\tx', 'MIXED\t2', 'MIXED\t3', 'MIXED\t4'),
  ],
  ['top-level mixed list', [1, [2, 3], 'x'], lines('1\tx', '2\t3')],
  ['list of lists of structures', [[{ A: 1 }, { B: 2 }], [{ A: 3 }]], lines('1\t', '\t2', '3')],
  [
    'nested lists in a list of structures recurse per element',
    {
      Items: [
        { Id: 1, Tags: ['a', 'b'] },
        { Id: 2, Tags: [] },
      ],
    },
    lines('ITEMS\t1', 'TAGS\ta', 'TAGS\tb', 'ITEMS\t2'),
  ],
  [
    'a key that is scalar in one element and a list in another prints Python repr',
    [{ A: 1 }, { A: [1, 'x', null, true, 0.5] }],
    lines('1', "[1, 'x', None, True, 0.5]"),
  ],
  [
    'strings keep tabs and newlines verbatim',
    { A: 'tab\there', B: 'line1\nline2' },
    lines('tab\there\tline1', 'line2'),
  ],
  ['keys sort by code point (upper case first)', { b: 1, B: 2, a: 3, _: 4, Ä: 5 }, '2\t4\t3\t1\t5\n'],
];

describe('formatText (AWS CLI v2 --output text)', () => {
  it.each(CASES)('%s', (_name, input, expected) => {
    expect(formatText(input)).toBe(expected);
  });

  it('fails like text.py on a list mixing structures and scalars', () => {
    expect(() => formatText([{ A: 1 }, 'x'])).toThrow("'str' object has no attribute 'items'");
  });
});
