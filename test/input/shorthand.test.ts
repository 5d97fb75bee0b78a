/**
 * The shorthand grammar, rule by rule. Every expectation below (values and error texts) was
 * produced by the real AWS CLI v2 (2.9.19, awscli.shorthand.ShorthandParser().parse) and pasted.
 */
import { describe, expect, it } from 'vitest';
import { parseShorthand, ShorthandParseError, type ShorthandObject } from '../../src/input/shorthand.js';

type Outcome = { value: ShorthandObject } | { error: string };

function outcome(input: string): Outcome {
  try {
    return { value: parseShorthand(input) };
  } catch (err) {
    if (err instanceof ShorthandParseError) return { error: err.message };
    throw err;
  }
}

const cases: [rule: string, input: string, expected: Outcome][] = [
  ['keyval', 'a=b', { value: { a: 'b' } }],
  ['keyval: several pairs', 'Key=a,Value=b', { value: { Key: 'a', Value: 'b' } }],
  ['keyval: empty value', 'a=', { value: { a: '' } }],
  ['keyval: empty value then next key', 'a=,b=c', { value: { a: '', b: 'c' } }],
  ['keyval: empty key', '=b', { value: { '': 'b' } }],
  ['keyval: whitespace around = and ,', 'a = b , c = d', { value: { a: 'b', c: 'd' } }],
  ['keyval: whitespace after a comma before a key', 'a=b, =c', { value: { a: 'b', '': 'c' } }],
  ['key chars: letters digits - _ . # / :', 'k-1.x_y#z/w:v=1', { value: { 'k-1.x_y#z/w:v': '1' } }],
  ['csv: two values make a list', 'a=b,c', { value: { a: ['b', 'c'] } }],
  ['csv: many values', 'Values=a,b,c', { value: { Values: ['a', 'b', 'c'] } }],
  ['csv: list stops before the next key', 'foo=a,b,c=d,e=f', { value: { foo: ['a', 'b'], c: 'd', e: 'f' } }],
  ['csv: one value before next key stays a string', 'a=x,y=z', { value: { a: 'x', y: 'z' } }],
  ['csv: list then key', 'Name=tag:Env,Values=prod,dev', { value: { Name: 'tag:Env', Values: ['prod', 'dev'] } }],
  ['csv: whitespace around commas', 'a=b , c', { value: { a: ['b', 'c'] } }],
  ['csv: trailing whitespace dropped', 'a=b ', { value: { a: 'b' } }],
  ['csv: tab and vertical tab dropped', 'a=\tb\t\v', { value: { a: 'b' } }],
  ['csv: inner space kept', 'a=b c', { value: { a: 'b c' } }],
  ['csv: space then key=value stays in the value', 'a=b c=d', { value: { a: 'b c=d' } }],
  ['csv: newline inside an unquoted value', 'a=b\nc==d\ne=f', { value: { a: 'b\nc==d\ne=f' } }],
  ['csv: newline before comma', 'a=b\n,c=d', { value: { a: 'b', c: 'd' } }],
  ['csv: newline after comma', 'a=b,\nc=d', { value: { a: 'b', c: 'd' } }],
  ['csv: = inside a first value', 'a=b=c', { value: { a: 'b=c' } }],
  ['csv: = inside a first value, then a list', 'a=b=c,d', { value: { a: ['b=c', 'd'] } }],
  ['csv: ; is an ordinary character', 'a=b;c=d', { value: { a: 'b;c=d' } }],
  ['csv: [ and { inside a first value', 'a=b{c', { value: { a: 'b{c' } }],
  ['csv: [ inside a first value', 'a=b[c', { value: { a: 'b[c' } }],
  ['csv: ] and } allowed in later values', 'a=b,c]', { value: { a: ['b', 'c]'] } }],
  ['csv: } allowed in later values', 'a=b,c}d', { value: { a: ['b', 'c}d'] } }],
  ['csv: [ allowed in later values', 'a=b,c[d', { value: { a: ['b', 'c[d'] } }],
  ['csv: special characters', 'a=!#$%&()*+-./:;<>?@^_`|~', { value: { a: '!#$%&()*+-./:;<>?@^_`|~' } }],
  ['csv: non-ASCII', 'a=é,ü', { value: { a: ['é', 'ü'] } }],
  ['csv: CJK', 'a=日本', { value: { a: '日本' } }],
  ['csv: Python-whitespace control chars are trimmed', 'k=a\u001cb \u001c', { value: { k: 'a\u001cb' } }],
  ['escape: \\, is a literal comma', 'a=b\\,c', { value: { a: 'b,c' } }],
  ['escape: \\, then a list', 'a=b\\,c,d', { value: { a: ['b,c', 'd'] } }],
  ['escape: \\\\, keeps one backslash and the comma', 'a=b\\\\,c', { value: { a: 'b\\,c' } }],
  ['escape: other backslashes are literal', 'a=x\\y', { value: { a: 'x\\y' } }],
  ['escape: \\, in a later value', 'a=b,c\\,d', { value: { a: ['b', 'c,d'] } }],
  ['quotes: single', "a='b,c'", { value: { a: 'b,c' } }],
  ['quotes: double', 'a="b,c"', { value: { a: 'b,c' } }],
  ['quotes: empty single', "a=''", { value: { a: '' } }],
  ['quotes: empty double', 'a=""', { value: { a: '' } }],
  ["quotes: \\' inside single", "a='it\\'s'", { value: { a: "it's" } }],
  ['quotes: \\" inside double', 'a="say \\"hi\\""', { value: { a: 'say "hi"' } }],
  ['quotes: \\\\ inside single', "a='back\\\\slash'", { value: { a: 'back\\slash' } }],
  ['quotes: other backslashes kept', "a='x\\y'", { value: { a: 'x\\y' } }],
  ['quotes: backslash before the closing quote', "a='a\\'", { value: { a: 'a\\' } }],
  ['quotes: in a csv list', 'a=b,\'c,d\',"e"', { value: { a: ['b', 'c,d', 'e'] } }],
  ['quotes: whitespace after a quoted value', "a='b' ", { value: { a: 'b' } }],
  ['quotes: whitespace then comma', 'a="b" ,c=d', { value: { a: 'b', c: 'd' } }],
  ['quotes: keep = and spaces', "a='x = y, z'", { value: { a: 'x = y, z' } }],
  ['quotes: no escapes for the other quote', 'a="it\'s"', { value: { a: "it's" } }],
  ['quotes: newline inside', "a='b\nc'", { value: { a: 'b\nc' } }],
  ['quotes: emoji inside', "a='😀'", { value: { a: '😀' } }],
  ['quotes: inside a hash', "a={b='x,y'}", { value: { a: { b: 'x,y' } } }],
  ['quotes: inside a list', 'a=["x]",y]', { value: { a: ['x]', 'y'] } }],
  ['list: explicit', 'a=[b,c]', { value: { a: ['b', 'c'] } }],
  ['list: empty', 'a=[]', { value: { a: [] } }],
  ['list: whitespace', 'a=[ b , c ]', { value: { a: ['b', 'c'] } }],
  ['list: one element', 'a=[b]', { value: { a: ['b'] } }],
  ['list: only a comma', 'a=[,]', { value: { a: [''] } }],
  ['list: empty element', 'a=[b,,c]', { value: { a: ['b', '', 'c'] } }],
  ['list: trailing comma', 'a=[b,]', { value: { a: ['b'] } }],
  ['list: nested lists', 'a=[[b,c],[d]]', { value: { a: [['b', 'c'], ['d']] } }],
  ['list: of hashes', 'a=[{b=c},{d=e}]', { value: { a: [{ b: 'c' }, { d: 'e' }] } }],
  ['list: = in an element', 'a=[b=c]', { value: { a: ['b=c'] } }],
  ['list: space in an element', 'a=[b c]', { value: { a: ['b c'] } }],
  ['list: then another key', 'a=[b,c],d=e', { value: { a: ['b', 'c'], d: 'e' } }],
  ['hash: nested', 'Ebs={VolumeSize=10,VolumeType=gp3}', { value: { Ebs: { VolumeSize: '10', VolumeType: 'gp3' } } }],
  ['hash: deeply nested', 'a={b={c=d}}', { value: { a: { b: { c: 'd' } } } }],
  ['hash: empty', 'a={}', { value: { a: {} } }],
  ['hash: whitespace', 'a={ b = c , d = e }', { value: { a: { b: 'c', d: 'e' } } }],
  ['hash: list inside', 'a={b=[c,d]}', { value: { a: { b: ['c', 'd'] } } }],
  ['hash: repeated key, last wins', 'a={b=c,b=d}', { value: { a: { b: 'd' } } }],
  ['hash: space then key=value stays in the value', 'a={b=c d=e}', { value: { a: { b: 'c d=e' } } }],
  ['hash: } is a value', 'a={b=}}', { value: { a: { b: '}' } } }],
  ['hash: then another key', 'a={b=c},d=e', { value: { a: { b: 'c' }, d: 'e' } }],
  ['hash: __proto__ is an ordinary key', 'a={__proto__=x}', { value: { a: { ['__proto__']: 'x' } } }],
  ['key: __proto__ is an ordinary key', '__proto__=x', { value: { ['__proto__']: 'x' } }],
  ['error: empty input', '', { error: "Expected: '=', received: 'EOF' for input:\n \n^" }],
  ['error: key without =', 'a', { error: "Expected: '=', received: 'EOF' for input:\n a\n ^" }],
  ['error: word without =', 'ab', { error: "Expected: '=', received: 'EOF' for input:\n ab\n  ^" }],
  ['error: leading whitespace', ' a=b', { error: "Expected: '=', received: 'a' for input:\n  a=b\n ^" }],
  ['error: comma instead of =', 'a,b', { error: "Expected: '=', received: ',' for input:\n a,b\n ^" }],
  ['error: == ', 'a==b', { error: "Expected: ',', received: '=' for input:\n a==b\n  ^" }],
  ['error: trailing comma', 'a=b,', { error: "Expected: '<second>', received: '<none>' for input:\n a=b,\n    ^" }],
  ['error: two trailing commas', 'a=b,,', { error: "Expected: '=', received: 'EOF' for input:\n a=b,,\n     ^" }],
  [
    'error: trailing comma after a list',
    'a=b,c,',
    { error: "Expected: '<second>', received: '<none>' for input:\n a=b,c,\n      ^" },
  ],
  ['error: ] after a first value', 'a=b]', { error: "Expected: ',', received: ']' for input:\n a=b]\n   ^" }],
  ['error: } after a first value', 'a=b}', { error: "Expected: ',', received: '}' for input:\n a=b}\n   ^" }],
  ['error: ] mid-value', 'a=b]c,d', { error: "Expected: ',', received: ']' for input:\n a=b]c,d\n   ^" }],
  ['error: unterminated list', 'a=[b', { error: "Expected: ',', received: 'EOF' for input:\n a=[b\n    ^" }],
  ['error: unterminated empty list', 'a=[', { error: "Expected: ',', received: 'EOF' for input:\n a=[\n   ^" }],
  [
    'error: unterminated list after comma',
    'a=[b,c',
    { error: "Expected: ',', received: 'EOF' for input:\n a=[b,c\n      ^" },
  ],
  ['error: unterminated hash', 'a={b=c', { error: "Expected: ',', received: 'EOF' for input:\n a={b=c\n      ^" }],
  ['error: unterminated empty hash', 'a={', { error: "Expected: '=', received: 'EOF' for input:\n a={\n   ^" }],
  ['error: hash key without =', 'a={b}', { error: "Expected: '=', received: '}' for input:\n a={b}\n    ^" }],
  [
    'error: hash value with } only',
    'Ebs={VolumeSize=}',
    { error: "Expected: ',', received: 'EOF' for input:\n Ebs={VolumeSize=}\n                 ^" },
  ],
  ['error: text after a hash', 'a={b=c}d', { error: "Expected: ',', received: 'd' for input:\n a={b=c}d\n       ^" }],
  ['error: text after a list', 'a=[b]c', { error: "Expected: ',', received: 'c' for input:\n a=[b]c\n     ^" }],
  [
    'error: unterminated single quote',
    "a='unterminated",
    { error: "Expected: '<singled quoted>', received: '<none>' for input:\n a='unterminated\n  ^" },
  ],
  [
    'error: unterminated double quote',
    'a="open',
    { error: "Expected: '<double quoted>', received: '<none>' for input:\n a=\"open\n  ^" },
  ],
  [
    'error: unterminated quote in a later value',
    "a=b,'unterminated",
    { error: "Expected: '=', received: ''' for input:\n a=b,'unterminated\n    ^" },
  ],
  ['error: quoted key', 'a=b,"c"=d', { error: "Expected: '=', received: '\"' for input:\n a=b,\"c\"=d\n    ^" }],
  ['error: emoji outside quotes', 'a=😀', { error: "Expected: ',', received: '😀' for input:\n a=😀\n  ^" }],
  ['error: emoji after a value', 'a=x😀', { error: "Expected: ',', received: '😀' for input:\n a=x😀\n   ^" }],
  ['error: emoji as a key', 'a=b,😀', { error: "Expected: '=', received: '😀' for input:\n a=b,😀\n    ^" }],
  ['error: caret after an emoji', "a='😀'x", { error: "Expected: ',', received: 'x' for input:\n a='😀'x\n     ^" }],
  [
    'error: caret on the line after a newline',
    'a=b,\nc==d',
    { error: "Expected: ',', received: '=' for input:\n a=b,\nc==d\n  ^" },
  ],
  [
    'error: newline after the error position',
    'a==b\nc=d',
    { error: "Expected: ',', received: '=' for input:\n a==b\n  ^\nc=d" },
  ],
  [
    'error: newlines before and after',
    'x=1,\ny==2\nz=3',
    { error: "Expected: ',', received: '=' for input:\n x=1,\ny==2\n  ^\nz=3" },
  ],
  ['error: ] on its own line', 'a=[b]\n]', { error: "Expected: ',', received: ']' for input:\n a=[b]\n]\n^" }],
  [
    'error: tab before the error counts as one column',
    'a=\t[b',
    { error: "Expected: ',', received: 'EOF' for input:\n a=\t[b\n     ^" },
  ],
  [
    'duplicate: top-level key',
    'a=b,a=c',
    {
      error:
        'Second instance of key "a" encountered for input:\na=b,a=c\n    ^\nThis is often because there is a preceding "," instead of a space.',
    },
  ],
  [
    'duplicate: with spaces',
    'a=b , a=c',
    {
      error:
        'Second instance of key "a" encountered for input:\na=b , a=c\n     ^\nThis is often because there is a preceding "," instead of a space.',
    },
  ],
  [
    'duplicate: later key',
    'x=1,a=b,a=c',
    {
      error:
        'Second instance of key "a" encountered for input:\nx=1,a=b,a=c\n        ^\nThis is often because there is a preceding "," instead of a space.',
    },
  ],
  [
    'duplicate: after a hash',
    'a={b=c} ,a=d',
    {
      error:
        'Second instance of key "a" encountered for input:\na={b=c} ,a=d\n        ^\nThis is often because there is a preceding "," instead of a space.',
    },
  ],
  [
    'duplicate: empty keys',
    '=a,=b',
    {
      error:
        'Second instance of key "" encountered for input:\n=a,=b\n   ^\nThis is often because there is a preceding "," instead of a space.',
    },
  ],
  [
    'duplicate: across lines',
    'a=b,\na=c\n',
    {
      error:
        'Second instance of key "a" encountered for input:\na=b,\n    ^\na=c\n\nThis is often because there is a preceding "," instead of a space.',
    },
  ],
];

describe('parseShorthand', () => {
  it.each(cases)('%s: %j', (_rule, input, expected) => {
    expect(outcome(input)).toStrictEqual(expected);
  });
});
