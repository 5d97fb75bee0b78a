/**
 * The number and timestamp models of responses (src/core/pynum.ts, src/core/timestamp.ts). Every expected
 * text below was printed by CPython 3.11 (repr(), json.loads, datetime.fromtimestamp(x, tzutc()).isoformat(),
 * dateutil.parser.parse(s).isoformat()), not computed by svcctl.
 */
import { describe, expect, it } from 'vitest';
import { comparePyNumbers, parseJsonExact, PyFloat, pyFloatRepr, pyNumberText } from '../../src/core/pynum.js';
import { Timestamp } from '../../src/core/timestamp.js';
import { formatJson } from '../../src/output/json.js';

describe('Python float repr', () => {
  it.each([
    [1e-5, '1e-05'],
    [1.5e16, '1.5e+16'],
    [2.5e-7, '2.5e-07'],
    [0.1, '0.1'],
    [1e15, '1000000000000000.0'],
    [1e16, '1e+16'],
    [123456789.125, '123456789.125'],
    [-0, '-0.0'],
    [1e22, '1e+22'],
    [5e-324, '5e-324'],
    [1.7976931348623157e308, '1.7976931348623157e+308'],
    [0.0001, '0.0001'],
    [0.00001234, '1.234e-05'],
  ])('repr(%s) is %s', (x, text) => {
    expect(pyFloatRepr(x)).toBe(text);
  });
});

describe('json.loads numbers', () => {
  it('keeps integral floats as floats and ints beyond 2^53 exact; everything else is what JSON.parse gives', () => {
    const v = parseJsonExact(
      '{"a": 3.0, "b": 1e16, "c": 12345678901234567890, "d": 9007199254740993, "e": 0.5, "f": 7, "g": "3.0 12345678901234567890", "h": -0.0}',
    );
    expect(v).toEqual({
      a: new PyFloat(3),
      b: new PyFloat(1e16),
      c: 12345678901234567890n,
      d: 9007199254740993n,
      e: 0.5,
      f: 7,
      g: '3.0 12345678901234567890',
      h: new PyFloat(-0),
    });
    expect(Object.keys(v as object)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });

  it('prints them back as json.dumps(indent=4) does', () => {
    const v = parseJsonExact('[3.0, 1e16, 12345678901234567890, 1e-5, 0.5, 7, -0.0, 1.5e300]');
    expect(formatJson(v)).toBe(
      '[\n    3.0,\n    1e+16,\n    12345678901234567890,\n    1e-05,\n    0.5,\n    7,\n    -0.0,\n    1.5e+300\n]\n',
    );
    expect((v as unknown[]).map((x) => pyNumberText(x as number))).toEqual([
      '3.0',
      '1e+16',
      '12345678901234567890',
      '1e-05',
      '0.5',
      '7',
      '-0.0',
      '1.5e+300',
    ]);
  });

  it("a text that is not JSON fails with JSON.parse's error, with or without special numbers", () => {
    expect(() => parseJsonExact('[1.0,')).toThrow(SyntaxError);
    expect(() => parseJsonExact('[1,')).toThrow(SyntaxError);
  });

  it('a string that looks like the internal marker stays a string', () => {
    expect(parseJsonExact('["\\u0000abc:3.0", 3.0]')).toEqual(['\u0000abc:3.0', new PyFloat(3)]);
  });

  it('compares ints of any size with floats exactly, as Python does', () => {
    expect(comparePyNumbers(12345678901234567890n, 12345678901234567889n)).toBe(1);
    expect(comparePyNumbers(9007199254740993n, new PyFloat(9007199254740992))).toBe(1); // 2**53 + 1 > 2.0**53
    expect(comparePyNumbers(1, new PyFloat(1))).toBe(0);
    expect(comparePyNumbers(2.5, 3)).toBe(-1);
  });
});

describe('timestamps as datetime.isoformat() prints them', () => {
  it.each([
    ['1795216211.954123', '2026-11-20T23:10:11.954123+00:00'],
    ['1795216211.9541235', '2026-11-20T23:10:11.954123+00:00'],
    ['1795216211.0000005', '2026-11-20T23:10:11+00:00'],
    ['1795216211.0000015', '2026-11-20T23:10:11.000001+00:00'],
    ['-1.5e-6', '1969-12-31T23:59:59.999998+00:00'],
    ['0.5e-6', '1970-01-01T00:00:00+00:00'],
    ['1.5e-6', '1970-01-01T00:00:00.000002+00:00'],
    ['2.5e-6', '1970-01-01T00:00:00.000002+00:00'],
    ['1795216211.999999999', '2026-11-20T23:10:12+00:00'],
    ['-0.0000005', '1970-01-01T00:00:00+00:00'],
  ])('fromtimestamp(%s) is %s (microseconds rounded half to even)', (wire, text) => {
    // The number as a server writes it, read as a double (JSON.parse and Python's float() agree).
    expect(Timestamp.fromEpoch(Number(wire))?.isoformat()).toBe(text);
  });

  it.each([
    ['2026-11-22T23:25:30.174110Z', '2026-11-22T23:25:30.174110+00:00'],
    ['2026-11-22T23:25:31.1741109Z', '2026-11-22T23:25:31.174110+00:00'],
    ['2026-11-22T23:25:30.5Z', '2026-11-22T23:25:30.500000+00:00'],
    ['2026-11-22T23:25:29Z', '2026-11-22T23:25:29+00:00'],
    ['2026-11-22T23:25:30.250000+02:00', '2026-11-22T23:25:30.250000+02:00'],
    ['2026-11-22T23:25:30-0530', '2026-11-22T23:25:30-05:30'],
    ['2026-11-22T23:25:30', '2026-11-22T23:25:30'],
  ])('dateutil reads %s as %s (fraction truncated to six digits, offset kept)', (text, iso) => {
    expect(Timestamp.fromIso(text)?.isoformat()).toBe(iso);
  });

  it('a date that does not exist is not a timestamp', () => {
    expect(Timestamp.fromIso('2026-02-30T00:00:00Z')).toBeUndefined();
    expect(Timestamp.fromIso('2026-11-22T24:00:00Z')).toBeUndefined();
  });
});
