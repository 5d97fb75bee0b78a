/** The sample output of --generate-cli-skeleton output: regex samples, and every operation's sample satisfies its model. */
import { describe, expect, it } from 'vitest';
import { outputSample, regexSample } from '../../src/input/sample.js';
import { OPERATIONS } from '../../src/models/registry.js';
import type { Shape } from '../../src/models/shapes.js';
import { P1 } from '../../src/models/common.js';
import { REPOSITORY_NAME_PATTERN, FILTER_PATTERN } from '../../src/models/ecr.js';
import { checkConstraints, fullMatch, validateClient } from '../../src/models/validate.js';

describe('regexSample', () => {
  const cases: Array<[string, string]> = [
    ['[0-9]{12}', '000000000000'],
    ['abc', 'abc'],
    ['a+b*c?', 'a'],
    ['(x|y)z{2,5}', 'xzz'],
    ['(?:ab|cd)+', 'ab'],
    ['\\d{3}-\\w\\s\\.', '000-a .'],
    ['[^a]b', 'xb'],
    ['[\\u0041-\\u005A]{2}', 'AA'],
    ['[\\u{10000}-\\u{10FFFF}]', '\u{10000}'],
    ['^start$', 'start'],
    [REPOSITORY_NAME_PATTERN, 'a'],
    [FILTER_PATTERN, '0'],
    [P1, ''],
  ];
  it.each(cases)('%s → %j, which the pattern matches', (pattern, sample) => {
    expect(regexSample(pattern)).toBe(sample);
    expect(fullMatch(pattern, sample)).toBe(true);
  });
});

describe('outputSample', () => {
  it.each(OPERATIONS.map((op) => [op.name, op] as const))(
    '%s: every constraint of the output model holds',
    (_name, op) => {
      const sample = outputSample(op.output);
      expect(validateClient(op.output, sample)).toEqual([]);
      expect(checkConstraints(op.output, sample)).toEqual([]);
    },
  );

  const cases: Array<[string, Shape, string, unknown]> = [
    ['a string is its member name', { type: 'string' }, 'ImageId', 'ImageId'],
    ['an enum its first value', { type: 'string', enum: ['b', 'a'] }, 'x', 'b'],
    ['padded to the minimum length', { type: 'string', min: 8 }, 'Id', 'Iddddddd'],
    ['cut to the maximum length', { type: 'string', max: 3 }, 'LongName', 'Lon'],
    [
      'lowercased for a lowercase pattern',
      { type: 'string', pattern: REPOSITORY_NAME_PATTERN, min: 2 },
      'repositoryName',
      'repositoryname',
    ],
    [
      'from the pattern when the name does not match',
      { type: 'string', pattern: '[0-9]{12}' },
      'registryId',
      '000000000000',
    ],
    ['an integer its minimum', { type: 'integer', min: 125, max: 1000 }, 'Throughput', 125],
    ['an integer 0 without a minimum', { type: 'integer' }, 'n', 0],
    ['a negative maximum', { type: 'integer', max: -1 }, 'n', -1],
    ['a list its minimum size', { type: 'list', min: 2, member: { type: 'boolean' } }, 'flags', [true, true]],
    ['a timestamp the epoch', { type: 'timestamp' }, 't', new Date(0)],
    [
      'a date-time string the epoch, as the v2 API writes it',
      { type: 'string', format: 'date-time' },
      'created',
      '1970-01-01T00:00:00.000Z',
    ],
    [
      'a map one KeyName',
      { type: 'map', key: { type: 'string' }, value: { type: 'integer', min: 1 } },
      'm',
      { KeyName: 1 },
    ],
  ];
  it('a date-time string is checked: RFC 3339 in UTC with milliseconds, a real instant', () => {
    const shape: Shape = { type: 'string', format: 'date-time' };
    expect(checkConstraints(shape, '2026-11-20T23:21:51.327Z')).toEqual([]);
    for (const bad of [
      'created',
      '2026-11-20T23:21:51Z',
      '2026-02-30T00:00:00.000Z',
      '2026-11-20T23:21:51.327+00:00',
    ]) {
      expect(checkConstraints(shape, bad).map((v) => v.constraint)).toEqual([
        'Member must be an RFC 3339 date-time in UTC with milliseconds (yyyy-mm-ddThh:mm:ss.sssZ)',
      ]);
    }
  });

  it.each(cases)('%s', (_name, shape, name, value) => {
    expect(outputSample(shape, name)).toEqual(value);
  });
});
