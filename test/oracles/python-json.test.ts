/** Invalid JSON explained in the words of Python's json module: each case checked against /usr/bin/python3 itself. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pythonJsonError } from '../../src/input/python-json.js';

const CASES = [
  '{bad',
  '{"a": 1} x',
  '',
  '   ',
  '{',
  '[',
  '[1,]',
  '{"a":1,}',
  '{"a" 1}',
  '{"a": }',
  '[1 2]',
  '"abc',
  '"a\\qb"',
  '"\\u12"',
  '"a\u0001b"',
  '{\n  "a": 1,\n  "b": [1, 2,, 3]\n}',
  '-',
  '01',
  'nul',
  '{"é": "ü", x}',
  '{"k": "\u{1F600}" y}',
  '[1] [2]',
  'tru',
  '{"a": [1, {"b": }]}',
  '\t\n {"a":1}\n\n x',
];

describe("Python's json error messages", () => {
  const python = JSON.parse(
    execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        `
import json, sys
out = []
for text in json.load(sys.stdin):
    try:
        json.loads(text)
        out.append(None)
    except json.JSONDecodeError as err:
        out.append(str(err))
json.dump(out, sys.stdout)
`,
      ],
      { input: JSON.stringify(CASES), encoding: 'utf8' },
    ),
  ) as Array<string | null>;
  it.each(CASES.map((c, i) => [c, python[i]] as const))('%j', (text, expected) => {
    expect(pythonJsonError(text) ?? null).toBe(expected);
  });
});
