/** The CLI's starting token: byte-identical to botocore's TokenEncoder (values computed with Python's json + base64). */
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.js';
import { decodeToken, encodeToken, type CliToken } from '../../src/paginate/token.js';

/** issue 44, item 17: the token --no-paginate prints is the service's own, which --next-token takes. */
const NOT_BASE64 = "not base64; a NextToken that --no-paginate printed is the service's own: give it to --next-token";

const PYTHON: Array<[string, string, CliToken]> = [
  [
    '{"NextToken": null, "boto_truncate_amount": 3}',
    'eyJOZXh0VG9rZW4iOiBudWxsLCAiYm90b190cnVuY2F0ZV9hbW91bnQiOiAzfQ==',
    { serviceToken: null, truncate: 3 },
  ],
  ['{"NextToken": "abc.def"}', 'eyJOZXh0VG9rZW4iOiAiYWJjLmRlZiJ9', { serviceToken: 'abc.def' }],
  [
    '{"NextToken": "eyJ4Ijoi/+==", "boto_truncate_amount": 0}',
    'eyJOZXh0VG9rZW4iOiAiZXlKNElqb2kvKz09IiwgImJvdG9fdHJ1bmNhdGVfYW1vdW50IjogMH0=',
    { serviceToken: 'eyJ4Ijoi/+==', truncate: 0 },
  ],
  ['{"NextToken": null}', 'eyJOZXh0VG9rZW4iOiBudWxsfQ==', { serviceToken: null }],
];

describe('encodeToken', () => {
  it.each(PYTHON)('%s is the same bytes as json.dumps + b64encode', (_json, b64, token) => {
    expect(encodeToken('NextToken', token)).toBe(b64);
    expect(decodeToken('NextToken', b64)).toEqual(token);
  });

  it('escapes as json.dumps(ensure_ascii=True) does: \\u00e9, surrogate pairs, \\", \\\\, \\t, DEL', () => {
    const token = encodeToken('nextToken', { serviceToken: 'café \u{1F600} "q" \\ \t\x7f~' });
    expect(token).toBe('eyJuZXh0VG9rZW4iOiAiY2FmXHUwMGU5IFx1ZDgzZFx1ZGUwMCBcInFcIiBcXCBcdFx1MDA3Zn4ifQ==');
    expect(decodeToken('nextToken', token)).toEqual({ serviceToken: 'café \u{1F600} "q" \\ \t\x7f~' });
  });
});

describe("decodeToken takes a token with white space in it, as Python's b64decode drops it (hostile round 11)", () => {
  // A token copied from a wrapped terminal line, or read from a file with CRLF line ends: the AWS CLI 2.9.19
  // (measured against serve) resumes from each; svcctl refused them as "not base64".
  const token = PYTHON[0]![1];
  it.each([
    ['a leading space', ` ${token}`],
    ['a trailing CR', `${token}\r`],
    ['a trailing CR LF', `${token}\r\n`],
    ['tabs', `\t${token}\t`],
    ['lines of 10 characters', token.replace(/.{10}/g, '$&\n')],
    // Hostile round 12: white space beyond ASCII (a token pasted from a web page or a chat), which the AWS CLI 2.9.19
    // drops as well (measured against serve); svcctl refused it as "not base64 … give it to --next-token".
    ['a vertical tab and a form feed', `${token.slice(0, 4)}\v${token.slice(4, 8)}\f${token.slice(8)}`],
    ['a no-break space', `${token.slice(0, 4)}\u00a0${token.slice(4)}`],
    ['a line separator (U+2028) and NEL (U+0085)', `${token.slice(0, 4)}\u2028${token.slice(4)}\u0085`],
    ['an ideographic space', `\u3000${token}`],
  ])('%s', (_name, spaced) => {
    expect(decodeToken('NextToken', spaced)).toEqual({ serviceToken: null, truncate: 3 });
  });
  it('but not white space alone, nor other characters the AWS CLI also drops (!, ., -)', () => {
    expect(() => decodeToken('NextToken', ' \n ')).toThrow(`(${NOT_BASE64})`);
    expect(() => decodeToken('NextToken', `${token}!`)).toThrow(
      `(character ${token.length + 1} is U+0021 (!), not base64: remove it)`,
    );
  });
  // Hostile pass 14: a zero-width space (U+200B, no white space) pasted with a token, invisible in the quoted token,
  // was refused as "not base64; a NextToken that --no-paginate printed is the service's own: give it to
  // --next-token", a wrong reason. A token that is one of ours but for such characters names the first.
  it.each([
    ['a zero-width space', `\u200b${token}`, 'character 1 is U+200B, not base64: remove it'],
    [
      'a word joiner inside',
      `${token.slice(0, 4)}\u2060${token.slice(4)}`,
      'character 5 is U+2060, not base64: remove it',
    ],
  ])('names %s that is not white space', (_name, pasted, reason) => {
    expect(() => decodeToken('NextToken', pasted)).toThrow(`(${reason})`);
  });
});

describe('decodeToken refuses what is not a CLI token for this paginator', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const why = (token: string, reason: string) =>
    `Bad value for --starting-token: ${JSON.stringify(token)} is not a NextToken printed by svcctl or the AWS CLI for this command (${reason}).`;
  const cases: Array<[string, string, string]> = [
    ['a raw service token', 'WyJ1cy1lYXN0LTEiLCJsYy0wMDAwMDIiXQ.abcdefghijklmnopqrstuv', NOT_BASE64],
    ['the deprecated a___b___3 form', 'tok___3', NOT_BASE64],
    ['base64 without its padding', 'eyJOZXh0VG9rZW4iOiBudWxsfQ', NOT_BASE64],
    ['an empty token', '', NOT_BASE64],
    ['base64 of text', b64('hello there'), 'not an encoded JSON object'],
    ['base64 of a JSON list', b64('["NextToken"]'), 'not an encoded JSON object'],
    ['base64 of invalid UTF-8', Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'), 'not an encoded JSON object'],
    ['a token of another paginator', b64('{"nextToken": "x"}'), 'expected the key NextToken'],
    ['a token with an extra member', b64('{"NextToken": "x", "Marker": "y"}'), 'expected the key NextToken'],
    [
      'bytes-encoded tokens',
      b64('{"NextToken": "eA==", "boto_encoded_keys": [["NextToken"]]}'),
      'expected the key NextToken',
    ],
    ['a number as the service token', b64('{"NextToken": 5}'), 'NextToken must be a string or null'],
    ['a fractional truncation', b64('{"NextToken": null, "boto_truncate_amount": 1.5}'), 'bad boto_truncate_amount'],
    ['a string truncation', b64('{"NextToken": null, "boto_truncate_amount": "2"}'), 'bad boto_truncate_amount'],
    // Hostile pass 16b: JSON.parse read 2.0 as 2 and resumed; /usr/bin/aws 2.9.19 fails on the float (255, "slice
    // indices must be integers or None or have an __index__ method"), as on 1.5.
    [
      'an integral float truncation',
      b64('{"NextToken": null, "boto_truncate_amount": 2.0}'),
      'bad boto_truncate_amount',
    ],
    ['an exponent truncation', b64('{"NextToken": null, "boto_truncate_amount": 2e0}'), 'bad boto_truncate_amount'],
  ];
  it.each(cases)('%s (252)', (_name, token, reason) => {
    let err: unknown;
    try {
      decodeToken('NextToken', token);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).exitCode).toBe(252);
    expect((err as InputError).message).toBe(why(token, reason));
  });

  it('quotes a token by the one echo rule: whole up to 1,024 characters, then 64 and the length', () => {
    const whole = 'x'.repeat(1024);
    expect(() => decodeToken('NextToken', whole)).toThrow(`: "${whole}" is not a NextToken`);
    const long = 'x'.repeat(1025);
    expect(() => decodeToken('NextToken', long)).toThrow(
      `: "${'x'.repeat(64)}..." (1025 characters) is not a NextToken`,
    );
  });

  it('accepts the members in either order', () => {
    expect(decodeToken('NextToken', b64('{"boto_truncate_amount": 2, "NextToken": "t"}'))).toEqual({
      serviceToken: 't',
      truncate: 2,
    });
  });
});
