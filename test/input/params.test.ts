/**
 * parseParamValue per shape kind. Expectations come from the real AWS CLI v2 (2.9.19: argprocess's
 * ParamShorthandParser, then unpack_cli_arg, on equivalent botocore shapes), pasted as literals.
 * Deliberate differences are marked on their rows: errors the AWS CLI lets escape as Python
 * exceptions (exit 255) are ParamErrors here, and invalid JSON carries JSON.parse's explanation
 * where the AWS CLI has Python's (quoted in the row's comment).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ParamError } from '../../src/core/errors.js';
import type { FileContext } from '../../src/input/paramfile.js';
import { parseParamValue } from '../../src/input/params.js';
import type { ListShape, MapShape, Shape, StructureShape } from '../../src/models/shapes.js';

const Str: Shape = { type: 'string' };
const Int: Shape = { type: 'integer' };
const Bool: Shape = { type: 'boolean' };
const Ts: Shape = { type: 'timestamp' };
const Blob: Shape = { type: 'blob' };
const list = (member: Shape): ListShape => ({ type: 'list', member });
const struct = (members: Record<string, Shape>): StructureShape => ({ type: 'structure', members });
const map = (value: Shape): MapShape => ({ type: 'map', key: { type: 'string' }, value });

const StrList = list(Str);
const IntList = list(Int);
const BoolList = list(Bool);
const TagList = list(struct({ Key: Str, Value: Str }));
const Ebs = struct({ VolumeSize: Int, VolumeType: Str, Encrypted: Bool, Iops: Int });
const BdmList = list(struct({ DeviceName: Str, Ebs, NoDevice: Bool }));
const Filter = struct({ Name: Str, Values: StrList, Counts: IntList });
const FilterList = list(Filter);
const ScanCfg = struct({ scanOnPush: Bool });
const StrMap = map(Str);
const IntMap = map(Int);
const ValueStruct = struct({ Value: Str });
const ListOfLists = list(StrList);
const Nested = struct({ Tags: TagList, Map: IntMap, Ebs, Mappings: BdmList });

const FLAG = '--p';
/** No case here reads a file (`@=file://` is test/input/shorthand-aws-cli.test.ts's). */
const FILES: FileContext = { cwd: '/nonexistent', home: '/nonexistent', env: {} };

/**
 * `invalidJson`: the AWS CLI's layout around this runtime's JSON.parse explanation. `notInt`: int()'s
 * ValueError for a word that is not an integer (Python's repr of the word), which the AWS CLI lets escape
 * uncaught (exit 255).
 */
type Expected = { value: unknown } | { error: string } | { invalidJson: string } | { notInt: string };

function outcome(shape: Shape, raw: string | string[]): { value: unknown } | { error: string } {
  try {
    return { value: parseParamValue(shape, raw, FLAG, FILES) };
  } catch (err) {
    if (!(err instanceof ParamError)) throw err;
    expect([err.param, err.exitCode]).toEqual([FLAG, 252]);
    return { error: err.message };
  }
}

/** Why Python's json module (the AWS CLI's) refuses a text: asked of /usr/bin/python3 itself. */
function pythonReason(text: string): string {
  const script =
    'import json,sys\ntry:\n    json.loads(sys.stdin.read())\nexcept json.JSONDecodeError as e:\n    print(e, end="")';
  return execFileSync('/usr/bin/python3', ['-c', script], { input: text, encoding: 'utf8' });
}

function resolve(expected: Expected): { value: unknown } | { error: string } {
  if ('notInt' in expected)
    return { error: `Error parsing parameter '${FLAG}': invalid literal for int() with base 10: ${expected.notInt}` };
  if (!('invalidJson' in expected)) return expected;
  const text = expected.invalidJson;
  return { error: `Error parsing parameter '${FLAG}': Invalid JSON: ${pythonReason(text)}\nJSON received: ${text}` };
}

const cases: [rule: string, shape: Shape, raw: string | string[], expected: Expected][] = [
  ['string: as typed', Str, 'hello', { value: 'hello' }],
  ['string: empty', Str, '', { value: '' }],
  ['string: looks like JSON, still a string', Str, '{x', { value: '{x' }],
  ['string: one-word list keeps its word', Str, ['hello'], { value: 'hello' }],
  ['string: repeated option, last wins', Str, ['a', 'b'], { value: 'b' }], // argparse keeps the last value
  ['timestamp: as typed', Ts, '2024-01-01', { value: '2024-01-01' }],
  ['blob: as typed', Blob, 'abc', { value: 'abc' }],
  ['integer', Int, '10', { value: 10 }],
  ['integer: negative', Int, '-3', { value: -3 }],
  ['integer: plus sign', Int, '+5', { value: 5 }],
  ['integer: surrounding whitespace', Int, ' 12 ', { value: 12 }],
  ['integer: underscores between digits', Int, '1_000', { value: 1000 }],
  ['integer: leading zeros', Int, '007', { value: 7 }],
  ['integer: not a number', Int, 'abc', { notInt: "'abc'" }],
  ['integer: decimal', Int, '1.5', { notInt: "'1.5'" }],
  ['integer: hex', Int, '0x10', { notInt: "'0x10'" }],
  ['integer: double underscore', Int, '1__0', { notInt: "'1__0'" }],
  ['integer: empty', Int, '', { notInt: "''" }],
  ["integer: repr uses double quotes around a '", Int, "it's", { notInt: `"it's"` }],
  ['integer: repr escapes control characters', Int, 'tab\tnl\n', { notInt: "'tab\\tnl\\n'" }],
  ['integer: repr cut to 200 characters', Int, 'a'.repeat(300), { notInt: "'" + 'a'.repeat(199) }],
  ['integer: repr escapes non-printable Unicode', Int, '\u0085\u00a0\u2028é', { notInt: "'\\x85\\xa0\\u2028é'" }],
  ['integer: repr of astral characters', Int, '😀\u{e0001}', { notInt: "'😀\\U000e0001'" }],
  ['integer: repr doubles backslashes', Int, '\\', { notInt: "'\\\\'" }],
  ['integer: non-ASCII whitespace around is allowed', Int, '\u00a0\u{3000}42\u0085', { value: 42 }],
  ['integer: U+001C is not whitespace for int()', Int, '\u001c42', { notInt: "'\\x1c42'" }],
  ['integer: no space after the sign', Int, '- 3', { notInt: "'- 3'" }],
  ['boolean: true', Bool, 'true', { value: true }],
  ['boolean: True', Bool, 'True', { value: true }],
  ['boolean: false', Bool, 'false', { value: false }],
  ['boolean: FALSE', Bool, 'FALSE', { value: false }],
  ['boolean: any other word is true', Bool, 'yes', { value: true }],
  ['boolean: 0 is true', Bool, '0', { value: true }],
  ['boolean: empty is false', Bool, '', { value: false }],
  ['list of strings: one element per word', StrList, ['sg-1', 'sg-2'], { value: ['sg-1', 'sg-2'] }],
  ['list of strings: no comma split', StrList, ['sg-1,sg-2'], { value: ['sg-1,sg-2'] }],
  ['list of strings: one word starting with [ is JSON', StrList, ['["a","b"]'], { value: ['a', 'b'] }],
  ['list of strings: JSON after whitespace', StrList, ['  ["a"]'], { value: ['a'] }],
  ['list of strings: JSON only when it is the only word', StrList, ['["a"]', 'b'], { value: ['["a"]', 'b'] }],
  ['list of strings: later JSON-looking word is a string', StrList, ['a', '["b"]'], { value: ['a', '["b"]'] }],
  ['list of strings: empty word', StrList, [''], { value: [''] }],
  ['list of strings: bad JSON', StrList, ['[bad'], { invalidJson: '[bad' }], // AWS CLI: Expecting value: line 1 column 2 (char 1)
  ['list of strings: U+001C before [ still JSON', StrList, ['\u001c["a"]'], { invalidJson: '\u001c["a"]' }], // AWS CLI: Expecting value: line 1 column 1 (char 0)
  ['list of integers', IntList, ['1', '2'], { value: [1, 2] }],
  ['list of integers: JSON', IntList, ['[1,2]'], { value: [1, 2] }],
  [
    'list of integers: error names the first word',
    IntList,
    ['1', 'abc'],
    { error: "Error parsing parameter '--p': 1" },
  ],
  ['list of integers: bad first word', IntList, ['abc', '1'], { error: "Error parsing parameter '--p': abc" }],
  ['list of booleans', BoolList, ['true', 'False', 'x'], { value: [true, false, true] }],
  [
    'list of structures: one shorthand per word',
    TagList,
    ['Key=a,Value=b', 'Key=c,Value=d'],
    {
      value: [
        { Key: 'a', Value: 'b' },
        { Key: 'c', Value: 'd' },
      ],
    },
  ],
  ['list of structures: JSON list', TagList, ['[{"Key":"a"}]'], { value: [{ Key: 'a' }] }],
  [
    'list of structures: one JSON object per word',
    TagList,
    ['{"Key":"a"}', '{"Key":"b"}'],
    { value: [{ Key: 'a' }, { Key: 'b' }] },
  ],
  ['list of structures: unknown keys pass through', TagList, ['Key=a,Extra=1'], { value: [{ Key: 'a', Extra: '1' }] }],
  [
    'list of structures: JSON then shorthand',
    TagList,
    ['{"Key":"a"}', 'Key=b'],
    { error: "Error parsing parameter '--p': Invalid JSON:\nKey=b" },
  ],
  [
    'list of structures: shorthand then JSON',
    TagList,
    ['Key=a', '{"Key":"b"}'],
    { error: "Error parsing parameter '--p': Expected: '=', received: '{' for input:\n {\"Key\":\"b\"}\n^" },
  ],
  [
    'list of structures: JSON list among other words',
    TagList,
    ['[{"Key":"a"}]', 'x'],
    { error: 'Error parsing parameter \'--p\': Invalid JSON:\n[{"Key":"a"}]' },
  ],
  [
    'list of structures: duplicate key',
    TagList,
    ['Key=a,Key=b'],
    {
      error:
        'Error parsing parameter \'--p\': Second instance of key "Key" encountered for input:\nKey=a,Key=b\n      ^\nThis is often because there is a preceding "," instead of a space.',
    },
  ],
  [
    'list of structures: empty word',
    TagList,
    [''],
    { error: "Error parsing parameter '--p': Expected: '=', received: 'EOF' for input:\n \n^" },
  ],
  ['list of structures: bad JSON list', TagList, ['[bad json'], { invalidJson: '[bad json' }], // AWS CLI: Expecting value: line 1 column 2 (char 1)
  ['list of structures: bad JSON object', TagList, ['{bad'], { invalidJson: '{bad' }], // AWS CLI: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
  [
    'nested: integers and booleans converted',
    BdmList,
    ['DeviceName=/dev/sda1,Ebs={VolumeSize=10,VolumeType=gp3,Encrypted=true}'],
    { value: [{ DeviceName: '/dev/sda1', Ebs: { VolumeSize: 10, VolumeType: 'gp3', Encrypted: true } }] },
  ],
  [
    'nested: booleans any case, other words kept',
    BdmList,
    ['DeviceName=x,NoDevice=TRUE', 'DeviceName=y,NoDevice=maybe'],
    {
      value: [
        { DeviceName: 'x', NoDevice: true },
        { DeviceName: 'y', NoDevice: 'maybe' },
      ],
    },
  ],
  ['nested: integer with spaces', BdmList, ['Ebs={VolumeSize= 10 }'], { value: [{ Ebs: { VolumeSize: 10 } }] }],
  ['nested: bad integer', BdmList, ['Ebs={VolumeSize=abc}'], { notInt: "'abc'" }],
  [
    'nested: } as a value is a syntax error',
    BdmList,
    ['Ebs={VolumeSize=}'],
    {
      error:
        "Error parsing parameter '--p': Expected: ',', received: 'EOF' for input:\n Ebs={VolumeSize=}\n                 ^",
    },
  ],
  [
    'nested: list for an integer',
    BdmList,
    ['Ebs={VolumeSize=[1,2]}'],
    { value: [{ Ebs: { VolumeSize: ['1', '2'] } }] },
  ], // AWS CLI: uncaught TypeError (exit 255); left for validation
  ['nested: list for a boolean', BdmList, ['Ebs={Encrypted=[true]}'], { value: [{ Ebs: { Encrypted: ['true'] } }] }], // AWS CLI: uncaught AttributeError (exit 255); left for validation
  [
    'nested: lists, maps and structures',
    Nested,
    'Tags=[{Key=a,Value=b}],Map={x=1},Ebs={VolumeSize=5}',
    { value: { Tags: [{ Key: 'a', Value: 'b' }], Map: { x: 1 }, Ebs: { VolumeSize: 5 } } },
  ],
  [
    'nested: hash for a list of structures is wrapped',
    Nested,
    'Tags={Key=a,Value=b}',
    { value: { Tags: [{ Key: 'a', Value: 'b' }] } },
  ],
  [
    'nested: wrapped hash is not converted',
    Nested,
    'Mappings={Ebs={VolumeSize=5}}',
    { value: { Mappings: [{ Ebs: { VolumeSize: '5' } }] } },
  ],
  [
    'nested: explicit list is converted',
    Nested,
    'Mappings=[{Ebs={VolumeSize=5}}]',
    { value: { Mappings: [{ Ebs: { VolumeSize: 5 } }] } },
  ],
  ['nested: word for a list of structures is wrapped', Nested, 'Tags=x', { value: { Tags: ['x'] } }],
  ['structure: csv list member', Filter, 'Name=n,Values=a,b,c', { value: { Name: 'n', Values: ['a', 'b', 'c'] } }],
  [
    'structure: single value for a list member is wrapped',
    Filter,
    'Name=n,Values=a',
    { value: { Name: 'n', Values: ['a'] } },
  ],
  ['structure: empty value for a list member', Filter, 'Name=n,Values=', { value: { Name: 'n', Values: [''] } }],
  ['structure: explicit list member', Filter, 'Name=n,Values=[a,b]', { value: { Name: 'n', Values: ['a', 'b'] } }],
  ['structure: list of integers converted', Filter, 'Name=n,Counts=1,2', { value: { Name: 'n', Counts: [1, 2] } }],
  [
    'structure: single integer for a list is wrapped, not converted',
    Filter,
    'Name=n,Counts=5',
    { value: { Name: 'n', Counts: ['5'] } },
  ],
  [
    'structure: explicit one-integer list converted',
    Filter,
    'Name=n,Counts=[5]',
    { value: { Name: 'n', Counts: [5] } },
  ],
  [
    'structure: hash for a list of strings is wrapped',
    Filter,
    'Name=n,Values={x=y}',
    { value: { Name: 'n', Values: [{ x: 'y' }] } },
  ],
  ['structure: boolean true', ScanCfg, 'scanOnPush=true', { value: { scanOnPush: true } }],
  ['structure: boolean TRUE', ScanCfg, 'scanOnPush=TRUE', { value: { scanOnPush: true } }],
  ['structure: non-boolean word kept', ScanCfg, 'scanOnPush=no', { value: { scanOnPush: 'no' } }],
  ['structure: unknown key passes through', ScanCfg, 'Other=1', { value: { Other: '1' } }],
  ['structure: JSON', ScanCfg, '{"scanOnPush": true}', { value: { scanOnPush: true } }],
  ['structure: JSON is not converted by the model', Ebs, '{"VolumeSize": "10"}', { value: { VolumeSize: '10' } }],
  ['structure: JSON after whitespace', ScanCfg, '  {"scanOnPush": 1}', { value: { scanOnPush: 1 } }],
  ['structure: [ is never shorthand', ScanCfg, '[1]', { error: "Error parsing parameter '--p': Invalid JSON:\n[1]" }],
  [
    'structure: missing =',
    ScanCfg,
    'scanOnPush',
    { error: "Error parsing parameter '--p': Expected: '=', received: 'EOF' for input:\n scanOnPush\n          ^" },
  ],
  [
    'structure: empty',
    ScanCfg,
    '',
    { error: "Error parsing parameter '--p': Expected: '=', received: 'EOF' for input:\n \n^" },
  ],
  ['structure: bad JSON', ScanCfg, '{bad', { invalidJson: '{bad' }], // AWS CLI: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
  ['structure: JSON trailing comma', Ebs, '{"a":1,}', { invalidJson: '{"a":1,}' }], // AWS CLI: Expecting property name enclosed in double quotes: line 1 column 8 (char 7)
  ['structure: JSON missing colon', Ebs, '{"a" 1}', { invalidJson: '{"a" 1}' }], // AWS CLI: Expecting ':' delimiter: line 1 column 6 (char 5)
  ['structure: JSON extra data', Ebs, '{}x', { invalidJson: '{}x' }], // AWS CLI: Extra data: line 1 column 3 (char 2)
  ['structure: JSON single quotes', Ebs, "{'a':1}", { invalidJson: "{'a':1}" }], // AWS CLI: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)
  ['structure: shorthand integer', Ebs, 'VolumeSize=10', { value: { VolumeSize: 10 } }],
  [
    'structure: key named like an Object method passes through',
    Ebs,
    'constructor=1,VolumeSize=2',
    { value: { constructor: '1', VolumeSize: 2 } },
  ],
  [
    'list of filters',
    FilterList,
    ['Name=a,Values=x,y', 'Name=b,Values=z'],
    {
      value: [
        { Name: 'a', Values: ['x', 'y'] },
        { Name: 'b', Values: ['z'] },
      ],
    },
  ],
  ['map: shorthand', StrMap, 'k1=v1,k2=v2', { value: { k1: 'v1', k2: 'v2' } }],
  ['map: JSON', StrMap, '{"a":"b"}', { value: { a: 'b' } }],
  ['map: [ is never shorthand', StrMap, '[1]', { error: "Error parsing parameter '--p': Invalid JSON:\n[1]" }],
  ['map: csv value kept as a list', StrMap, 'k=a,b', { value: { k: ['a', 'b'] } }],
  ['map: integer values converted', IntMap, 'a=1,b=2', { value: { a: 1, b: 2 } }],
  ['map: bad integer value', IntMap, 'a=x', { notInt: "'x'" }],
  ['map: __proto__ is an ordinary key', StrMap, '__proto__=x', { value: { ['__proto__']: 'x' } }],
  ['Value structure: bare word', ValueStruct, 'shutdown', { value: { Value: 'shutdown' } }],
  ['Value structure: empty bare word', ValueStruct, '', { value: { Value: '' } }],
  ['Value structure: shorthand', ValueStruct, 'Value=x', { value: { Value: 'x' } }],
  ['Value structure: other key', ValueStruct, 'a=b', { value: { a: 'b' } }],
  ['list of lists: shorthand hash wrapped', ListOfLists, ['a=b'], { value: [[{ a: 'b' }]] }],
  ['list of lists: JSON', ListOfLists, ['[["a"],["b"]]'], { value: [['a'], ['b']] }],
  ['list of lists: bad JSON', ListOfLists, ['[a,b]'], { invalidJson: '[a,b]' }], // AWS CLI: Expecting value: line 1 column 2 (char 1)
  // Not reachable from the AWS CLI's argparse (or different there): this API's own rules.
  ['list given as one string: one element', StrList, 'a,b', { value: ['a,b'] }],
  ['list of structures given as one string: one element', TagList, 'Key=a', { value: [{ Key: 'a' }] }],
  ['list with no words', StrList, [], { value: [] }],
  ['non-list with no words', Str, [], { error: "Error parsing parameter '--p': expected one argument" }],
];

describe('parseParamValue', () => {
  it.each(cases)('%s: %j', (_rule, shape, raw, expected) => {
    expect(outcome(shape, raw)).toStrictEqual(resolve(expected));
  });
});
