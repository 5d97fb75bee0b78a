/**
 * --query evaluates as python jmespath 1.0.1 does (the library the AWS CLI uses). The expected values
 * and messages below were produced by /usr/bin/python3 -c "import jmespath" over the same data
 * (see the peer test for the same expressions through the real AWS CLI).
 */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { compileQuery, QueryRuntimeError } from '../../src/output/query.js';

const DATA = {
  LaunchConfigurations: [
    {
      LaunchConfigurationName: 'web-b',
      ImageId: 'ami-2',
      KeyName: '',
      SecurityGroups: ['sg-1', 'sg-2'],
      BlockDeviceMappings: [
        {
          DeviceName: '/dev/sda1',
          Ebs: {
            VolumeSize: 10,
            VolumeType: 'gp3',
            DeleteOnTermination: true,
          },
        },
        {
          DeviceName: '/dev/sdb',
          NoDevice: true,
        },
      ],
      InstanceMonitoring: {
        Enabled: false,
      },
      CreatedTime: '2026-11-20T23:21:51+00:00',
      EbsOptimized: false,
      Size: 30,
    },
    {
      LaunchConfigurationName: 'web-a',
      ImageId: 'ami-1',
      KeyName: 'k',
      SecurityGroups: [],
      BlockDeviceMappings: [],
      InstanceMonitoring: {
        Enabled: true,
      },
      CreatedTime: '2026-11-20T23:21:51.327000+00:00',
      EbsOptimized: true,
      Size: 8,
    },
    {
      LaunchConfigurationName: 'Été-日本',
      ImageId: 'ami-1',
      KeyName: 'k',
      SecurityGroups: ['sg-1'],
      BlockDeviceMappings: [],
      InstanceMonitoring: {
        Enabled: true,
      },
      CreatedTime: '2026-11-20T23:21:52+00:00',
      EbsOptimized: false,
      Size: 100,
    },
    {
      LaunchConfigurationName: '😀-emoji',
      ImageId: 'ami-3',
      KeyName: 'k',
      SecurityGroups: [],
      BlockDeviceMappings: [],
      InstanceMonitoring: {
        Enabled: true,
      },
      CreatedTime: '2026-11-20T23:21:50+00:00',
      EbsOptimized: false,
      Size: 8,
    },
  ],
  NextToken: null,
  Numbers: [10, 9, 1, 2.5, -1],
  Empty: [],
  Zero: 0,
};

/** Expressions and their results. */
const RESULTS: [expression: string, result: unknown][] = [
  ['LaunchConfigurations[].LaunchConfigurationName', ['web-b', 'web-a', 'Été-日本', '😀-emoji']],
  ['max_by(LaunchConfigurations, &LaunchConfigurationName).LaunchConfigurationName', '😀-emoji'],
  ['min_by(LaunchConfigurations, &LaunchConfigurationName).LaunchConfigurationName', 'web-a'],
  ['max_by(LaunchConfigurations, &Size).LaunchConfigurationName', 'Été-日本'],
  ['min_by(LaunchConfigurations, &Size).LaunchConfigurationName', 'web-a'],
  ['max_by(LaunchConfigurations, &CreatedTime).CreatedTime', '2026-11-20T23:21:52+00:00'],
  ['max_by(Empty, &a)', null],
  [
    'sort_by(LaunchConfigurations, &LaunchConfigurationName)[].LaunchConfigurationName',
    ['web-a', 'web-b', 'Été-日本', '😀-emoji'],
  ],
  ['sort_by(LaunchConfigurations, &Size)[].LaunchConfigurationName', ['web-a', '😀-emoji', 'web-b', 'Été-日本']],
  ['sort_by(LaunchConfigurations, &ImageId)[].LaunchConfigurationName', ['web-a', 'Été-日本', 'web-b', '😀-emoji']],
  [
    'sort_by(LaunchConfigurations, &CreatedTime)[].CreatedTime',
    [
      '2026-11-20T23:21:50+00:00',
      '2026-11-20T23:21:51+00:00',
      '2026-11-20T23:21:51.327000+00:00',
      '2026-11-20T23:21:52+00:00',
    ],
  ],
  ['sort(LaunchConfigurations[].LaunchConfigurationName)', ['web-a', 'web-b', 'Été-日本', '😀-emoji']],
  ['sort(Numbers)', [-1, 1, 2.5, 9, 10]],
  ['max(LaunchConfigurations[].LaunchConfigurationName)', '😀-emoji'],
  ['min(LaunchConfigurations[].LaunchConfigurationName)', 'web-a'],
  ['max(Numbers)', 10],
  ['min(Numbers)', -1],
  ['length(LaunchConfigurations[3].LaunchConfigurationName)', 7],
  ['reverse(LaunchConfigurations[3].LaunchConfigurationName)', 'ijome-😀'],
  ['to_string(LaunchConfigurations[2].LaunchConfigurationName)', 'Été-日本'],
  ['to_string(LaunchConfigurations[1].InstanceMonitoring)', '{"Enabled":true}'],
  ['to_string(Numbers)', '[10,9,1,2.5,-1]'],
  ["to_number('12')", 12],
  ["to_number(' 1_000 ')", 1000],
  ["to_number('0x10')", null],
  ["to_number('')", null],
  ["to_number('2.5')", 2.5],
  // Python's int() and float() read any Unicode decimal digit (measured with the AWS CLI 2.9.19; hostile round 11).
  ["to_number('٣')", 3],
  ["to_number('١٢.٥')", 12.5],
  ["to_number('１２')", 12],
  ["to_number(' ١_٠٠٠ ')", 1000],
  ["to_number('𝟏𝟐')", 12],
  ["to_number('²')", null],
  ["to_number('1٫5')", null],
  ["to_number('\u30001.5\u2003')", 1.5],
  ["to_number('١.٢٥e-1_0')", 1.25e-10],
  ["to_number(' -Infinity')", -Infinity],
  ["to_number('1__0')", null],
  ["contains(LaunchConfigurations[0].SecurityGroups, 'sg-2')", true],
  ["contains(LaunchConfigurations[2].LaunchConfigurationName, '日')", true],
  ['avg(Numbers)', 4.3],
  ['sum(Numbers)', 21.5],
  ['avg(Empty)', null],
  ["join(', ', LaunchConfigurations[].ImageId)", 'ami-2, ami-1, ami-1, ami-3'],
  ['keys(LaunchConfigurations[1].InstanceMonitoring)', ['Enabled']],
  ['merge(LaunchConfigurations[1].InstanceMonitoring, `{"x": 1}`)', { Enabled: true, x: 1 }],
  ['not_null(NextToken, Empty, Zero)', []],
  ['type(NextToken)', 'null'],
  ['map(&Size, LaunchConfigurations)', [30, 8, 100, 8]],
  ['LaunchConfigurations[?Size > `10`].LaunchConfigurationName', ['web-b', 'Été-日本']],
  [
    "LaunchConfigurations[?LaunchConfigurationName > 'web-a'].LaunchConfigurationName",
    ['web-b', 'Été-日本', '😀-emoji'],
  ],
  ['LaunchConfigurations[?EbsOptimized].LaunchConfigurationName', ['web-a']],
  ['LaunchConfigurations[?!EbsOptimized].LaunchConfigurationName', ['web-b', 'Été-日本', '😀-emoji']],
  ["LaunchConfigurations[?KeyName == ''].LaunchConfigurationName", ['web-b']],
  ['LaunchConfigurations[?Size == `8`] | length(@)', 2],
  ['LaunchConfigurations[].BlockDeviceMappings[].Ebs.VolumeSize', [10]],
  [
    'LaunchConfigurations[].[LaunchConfigurationName, SecurityGroups[0]]',
    [
      ['web-b', 'sg-1'],
      ['web-a', null],
      ['Été-日本', 'sg-1'],
      ['😀-emoji', null],
    ],
  ],
  ['LaunchConfigurations[*].SecurityGroups[]', ['sg-1', 'sg-2', 'sg-1']],
  ['LaunchConfigurations[::-2].LaunchConfigurationName', ['😀-emoji', 'web-a']],
  ['LaunchConfigurations[-1:].Size', [8]],
  ['{first: LaunchConfigurations[0].LaunchConfigurationName, token: NextToken}', { first: 'web-b', token: null }],
  ['LaunchConfigurations[0].InstanceMonitoring.*', [false]],
  ['!Zero', false],
  ['Zero || `1`', 0],
  ["Empty || 'none'", 'none'],
  ["Empty && 'x'", []],
  ['`[1]` == `[true]`', true],
  ['Zero == `false`', false],
];

/** Expressions that parse but fail on DATA, and the message of their error. */
const RUNTIME_ERRORS: [expression: string, message: string][] = [
  [
    'length(NextToken)',
    "In function length(), invalid type for value: None, expected one of: ['string', 'array', 'object'], received: \"null\"",
  ],
  [
    'length(Zero)',
    "In function length(), invalid type for value: 0, expected one of: ['string', 'array', 'object'], received: \"number\"",
  ],
  ['foo(Zero)', 'Unknown function: foo()'],
  ['length(Zero, Empty)', 'Expected 1 argument for function length(), received 2'],
  ['not_null()', 'Expected at least 1 argument for function not_null(), received 0'],
  [
    'sort_by(LaunchConfigurations, &InstanceMonitoring)',
    "In function sort_by(), invalid type for value: {'LaunchConfigurationName': 'web-b', 'ImageId': 'ami-2', 'KeyName': '', 'SecurityGroups': ['sg-1', 'sg-2'], 'BlockDeviceMappings': [{'DeviceName': '/dev/sda1', 'Ebs': {'VolumeSize': 10, 'VolumeType': 'gp3', 'DeleteOnTermination': True}}, {'DeviceName': '/dev/sdb', 'NoDevice': True}], 'InstanceMonitoring': {'Enabled': False}, 'CreatedTime': '2026-11-20T23:21:51+00:00', 'EbsOptimized': False, 'Size': 30}, expected one of: ['string', 'number'], received: \"object\"",
  ],
  [
    'sort_by(LaunchConfigurations, &KeyName || Size)',
    'In function sort_by(), invalid type for value: k, expected one of: [\'number\'], received: "string"',
  ],
  ['max_by(`[{"k": 1}, {"k": "a"}]`, &k)', "'>' not supported between instances of 'str' and 'int'"],
  ['min_by(`[{"k": "a"}, {"k": 1}]`, &k)', "'<' not supported between instances of 'int' and 'str'"],
  [
    'max(`[1, "a"]`)',
    "In function max(), invalid type for value: a, expected one of: ['array-number', 'array-string'], received: \"str\"",
  ],
  ["LaunchConfigurations[?Size > 'a']", "'>' not supported between instances of 'int' and 'str'"],
  ['LaunchConfigurations[?LaunchConfigurationName < `1`]', "'<' not supported between instances of 'str' and 'int'"],
  ['Numbers[::0]', 'slice step cannot be zero'],
  ["contains('abc', `1`)", "'in <string>' requires string as left operand, not int"],
  ['merge(`{}`, `1`)', "'int' object is not iterable"],
  ["abs('a')", 'In function abs(), invalid type for value: a, expected one of: [\'number\'], received: "string"'],
];

/** Expressions that do not parse, and python jmespath's message (after `Bad value for --query EXPRESSION: `). */
const PARSE_ERRORS: [expression: string, message: string][] = [
  ['a[', 'Invalid jmespath expression: Incomplete expression:\n"a["\n   ^'],
  ['[', 'Invalid jmespath expression: Incomplete expression:\n"["\n  ^'],
  [
    'foo.',
    "Expecting: ['quoted_identifier', 'unquoted_identifier', 'lbracket', 'lbrace'], got: eof: Parse error at column 4, token \"\" (EOF), for expression:\n\"foo.\"\n     ^",
  ],
  [
    'a b',
    'Unexpected token: b: Parse error at column 2, token "b" (UNQUOTED_IDENTIFIER), for expression:\n"a b"\n   ^',
  ],
  ['`{', 'Bad jmespath expression: Unclosed ` delimiter:\n`{\n^'],
  ["'abc", "Bad jmespath expression: Unclosed ' delimiter:\n'abc\n^"],
  ['foo[?a==', 'Invalid jmespath expression: Incomplete expression:\n"foo[?a=="\n         ^'],
  ['&&', 'invalid token: Parse error at column 0, token "&&" (AND), for expression:\n"&&"\n ^'],
  ['!', 'Invalid jmespath expression: Incomplete expression:\n"!"\n  ^'],
  ['a = b', "Bad jmespath expression: Unknown token '=':\na = b\n  ^"],
  ['é', 'Bad jmespath expression: Unknown token é:\né\n^'],
  ['-', "Bad jmespath expression: Unknown token '-':\n-\n^"],
  ['"a\\q"', 'Bad jmespath expression: Invalid \\escape:\n"a\\q"\n^'],
  ['@(', 'Invalid function name \'@\': Parse error at column 0, token "@" (CURRENT), for expression:\n"@("\n ^'],
  ['a.b(', 'Invalid jmespath expression: Incomplete expression:\n"a.b("\n     ^'],
  [
    '"f"(a)',
    'Quoted identifier not allowed for function names.: Parse error at column 0, token "(" (LPAREN), for expression:\n""f"(a)"\n ^',
  ],
  ['[1:2:3:4]', 'syntax error: Parse error at column 6, token ":" (COLON), for expression:\n"[1:2:3:4]"\n       ^'],
  [
    '{a b}',
    'Expecting: colon, got: unquoted_identifier: Parse error at column 3, token "b" (UNQUOTED_IDENTIFIER), for expression:\n"{a b}"\n    ^',
  ],
  [
    'a.`1`',
    "Expecting: ['quoted_identifier', 'unquoted_identifier', 'lbracket', 'lbrace'], got: literal: Parse error at column 2, token \"1\" (LITERAL), for expression:\n\"a.`1`\"\n   ^",
  ],
  [
    'a.-1',
    "Expecting: ['quoted_identifier', 'unquoted_identifier', 'lbracket', 'lbrace'], got: number: Parse error at column 2, token \"-1\" (NUMBER), for expression:\n\"a.-1\"\n   ^",
  ],
  ['max_by(a, &b', 'Invalid jmespath expression: Incomplete expression:\n"max_by(a, &b"\n             ^'],
  ['', 'Invalid JMESPath expression: cannot be empty.'],
];

describe('--query as the AWS CLI evaluates it (python jmespath)', () => {
  it.each(RESULTS)('%s', (expression, result) => {
    expect(compileQuery(expression).search(DATA)).toEqual(result);
  });

  it.each(RUNTIME_ERRORS)('%s', (expression, message) => {
    const query = compileQuery(expression);
    expect(() => query.search(DATA)).toThrow(new QueryRuntimeError(message));
  });

  it.each(PARSE_ERRORS)('%s', (expression, message) => {
    expect(() => compileQuery(expression)).toThrow(new InputError(`Bad value for --query ${expression}: ${message}`));
  });
});

describe('python-jmespath rules a port must keep (test/oracles/query.test.ts runs the npm package against python)', () => {
  const search = (expression: string, data: unknown) => compileQuery(expression).search(data);
  const names = [{ n: 'b' }, { n: 'c' }, { n: 'a' }];
  it.each<[string, unknown, unknown]>([
    ['max_by with string keys', search('max_by(@, &n)', names), { n: 'c' }],
    ['min_by with string keys', search('min_by(@, &n)', names), { n: 'a' }],
    ['sort of numbers', search('sort(@)', [10, 9, 1]), [1, 9, 10]],
    [
      'strings in code point order',
      search('sort(@)', ['\u{1F600}', '\uFF5E', 'é', 'Z']),
      ['Z', 'é', '\uFF5E', '\u{1F600}'],
    ],
    ['max of strings by code point', search('max(@)', ['a', 'B', 'é']), 'é'],
    ['length counts code points', search('length(@)', 'a\u{1F600}'), 2],
    ['reverse keeps surrogate pairs whole', search('reverse(@)', 'a\u{1F600}'), '\u{1F600}a'],
    [
      'to_string escapes non-ASCII as Python json.dumps',
      search('to_string(@)', { é: [1, 'ü'] }),
      '{"\\u00e9":[1,"\\u00fc"]}',
    ],
    ['to_number of an empty string is null', search("to_number('')", null), null],
    ['to_number of a hex string is null', search("to_number('0x10')", null), null],
    ['avg of nothing is null', search('avg(@)', []), null],
    ['!0 is false: 0 is not a false value', search('!@', 0), false],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('deliberate differences (docs/compat.md)', () => {
  it('an expression reference as the result is an error in every format (the AWS CLI fails so in json only)', () => {
    expect(() => compileQuery('&a').search({})).toThrow(new QueryRuntimeError('Circular reference detected'));
  });
});

describe('a refused --query past 1,024 characters is quoted by the one echo rule (compat 428)', () => {
  // Quoted whole (and then again over a caret line) it was twice its length: 40 KB for a 20,000-character one.
  const a1100 = 'a'.repeat(1100);
  const head = (s: string) => s.slice(0, 64);
  it.each([
    [
      'incomplete',
      `${'a.'.repeat(600)}[`,
      `Bad value for --query ${head('a.'.repeat(32))}... (1201 characters): Invalid jmespath expression: Incomplete expression:\n"${head('a.'.repeat(32))}... (1201 characters)"`,
    ],
    [
      'a parse error, its column said',
      `${a1100}}`,
      `Bad value for --query ${head(a1100)}... (1101 characters): Unexpected token: }: Parse error at column 1100, token "}" (RBRACE), for expression:\n"${head(a1100)}... (1101 characters)"`,
    ],
    [
      'a lexer error, its column said',
      `${a1100} = `,
      `Bad value for --query ${head(a1100)}... (1103 characters): Bad jmespath expression: Unknown token '=' at column 1101:\n${head(a1100)}... (1103 characters)`,
    ],
    [
      'an unclosed literal, its token cut too',
      `"${'b'.repeat(1100)}`,
      `Bad value for --query "${'b'.repeat(63)}... (1101 characters): Bad jmespath expression: Unclosed " delimiter at column 0:\n"${'b'.repeat(63)}... (1101 characters)`,
    ],
    [
      'a literal that is not JSON, its token cut and counted alone',
      `\`"${'b'.repeat(1100)}\``,
      `Bad value for --query \`"${'b'.repeat(62)}... (1103 characters): Bad jmespath expression: Bad token "${'b'.repeat(63)}... (1101 characters) at column 0:\n\`"${'b'.repeat(62)}... (1103 characters)`,
    ],
    [
      // The reason came after the token, so the cut took it: "Bad token [[[…... (1272 characters) at column 0".
      'a literal nested too deep, its reason kept after the cut token',
      `\`${'['.repeat(600)}${']'.repeat(600)}\``,
      `Bad value for --query \`${'['.repeat(63)}... (1202 characters): Bad jmespath expression: Bad token ${'['.repeat(64)}... (1200 characters): the literal nests deeper than 32 levels of lists and objects at column 0:\n\`${'['.repeat(63)}... (1202 characters)`,
    ],
    [
      'a literal that is not Unicode text, its reason kept after the cut token',
      `\`"${'b'.repeat(1100)}\\ud800"\``,
      `Bad value for --query \`"${'b'.repeat(62)}... (1110 characters): Bad jmespath expression: Bad token "${'b'.repeat(63)}... (1108 characters): the literal is not Unicode text (lone surrogate \\ud800 at character 1101) at column 0:\n\`"${'b'.repeat(62)}... (1110 characters)`,
    ],
    [
      'a quoted identifier that is not Unicode text, its reason kept after the cut token',
      `"${'b'.repeat(1100)}\\ud800"`,
      `Bad value for --query "${'b'.repeat(63)}... (1108 characters): Bad jmespath expression: Bad token "${'b'.repeat(63)}... (1108 characters): the identifier is not Unicode text (lone surrogate \\ud800 at character 1101) at column 0:\n"${'b'.repeat(63)}... (1108 characters)`,
    ],
  ])('%s', (_name, expression, message) => {
    expect(() => compileQuery(expression)).toThrow(new InputError(message));
  });

  it('at 1,024 characters it is still quoted whole, with its caret', () => {
    const expression = `${'a'.repeat(1023)}}`;
    expect(() => compileQuery(expression)).toThrow(
      new InputError(
        `Bad value for --query ${expression}: Unexpected token: }: Parse error at column 1023, token "}" (RBRACE), for expression:\n"${expression}"\n${' '.repeat(1024)}^`,
      ),
    );
  });
});
