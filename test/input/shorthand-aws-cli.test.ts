/**
 * svcctl's shorthand parser against the AWS CLI 2.36.7's own (test/goldens/aws-cli-2.36.7/shorthand.json): every
 * input of its tests/unit/test_shorthand.py (PARSING_TEST_CASES, the error and backtracking cases, the
 * `@=file://` / `@=fileb://` cases), its extra `@=` probes and pathological quotes, each with the value or the
 * error text that `ShorthandParser().parse(input)` gave, files read from a directory holding the case's
 * `cwdFiles`. The same value or the same text is expected of parseShorthand, with src/input/paramfile.ts's
 * reader behind `@=` (as params.ts gives it). The end-to-end runs of the file are test/input/shorthand-aws-cli-serve.test.ts's.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ParamError } from '../../src/core/errors.js';
import { loadParamFile } from '../../src/input/paramfile.js';
import {
  DuplicateKeyError,
  parseShorthand,
  type ShorthandParseError,
  ShorthandSyntaxError,
} from '../../src/input/shorthand.js';
import { readGolden, type ShorthandCase } from '../helpers/shorthand-golden.js';

const GOLDEN = readGolden();

/** The AWS CLI's exception classes and svcctl's for the same error. */
const CLASSES: Record<string, (err: unknown) => boolean> = {
  ShorthandParseSyntaxError: (err) => err instanceof ShorthandSyntaxError,
  DuplicateKeyInObjectError: (err) => err instanceof DuplicateKeyError,
  ResourceLoadingError: (err) => err instanceof ParamError && err.exitCode === 252,
};

const root = mkdtempSync(join(tmpdir(), 'svcctl-shorthand-golden-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A fresh directory holding the case's files, as the AWS CLI's working directory was. */
function directoryFor(c: ShorthandCase, n: number): string {
  const dir = join(root, String(n));
  mkdirSync(dir);
  for (const [name, text] of Object.entries(c.cwdFiles ?? {})) writeFileSync(join(dir, name), text);
  return dir;
}

/** The golden's form of a value: bytes as {"$bytes": text}, as the recording printed them. */
function asRecorded(value: unknown): unknown {
  if (value instanceof Uint8Array) return { $bytes: new TextDecoder().decode(value) };
  if (Array.isArray(value)) return value.map(asRecorded);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asRecorded(v)]));
  return value;
}

function outcome(c: ShorthandCase, dir: string): { value: unknown } | { error: string; errorClass: string } {
  const files = { cwd: dir, home: dir, env: {} };
  try {
    return { value: asRecorded(parseShorthand(c.input, { loadFile: (v) => loadParamFile('--p', v, files) })) };
  } catch (err) {
    const errorClass = Object.keys(CLASSES).find((name) => CLASSES[name]!(err));
    if (errorClass === undefined) throw err;
    // A file error is a ParamError naming the parameter; its detail is the AWS CLI's message.
    const error = err instanceof ParamError ? err.detail : (err as ShorthandParseError).message;
    return { error, errorClass };
  }
}

/** A short title: the source, then the input cut to 60 characters. */
function title(c: ShorthandCase): string {
  const shown = JSON.stringify(c.input);
  return `${c.source}: ${shown.length > 60 ? `${shown.slice(0, 57)}...(${c.input.length} characters)` : shown}`;
}

describe(`shorthand inputs of ${GOLDEN.printedBy.split(' ')[0]}'s test_shorthand.py`, () => {
  it('holds every case of the test file and the extra probes', () => {
    const sources = new Map<string, number>();
    for (const c of GOLDEN.cases) sources.set(c.source, (sources.get(c.source) ?? 0) + 1);
    expect(Object.fromEntries(sources)).toMatchObject({
      PARSING_TEST_CASES: 90,
      test_error_parsing: 11,
      test_error_with_backtracking: 2,
      'TestShorthandParserParamFile.test_paramfile': 4,
      'TestShorthandParserParamFile.test_paramfile_list': 1,
      'TestShorthandParserParamFile.test_paramfile_does_not_exist_error': 1,
      'extra (not in test file)': 20,
    });
    expect(GOLDEN.cases).toHaveLength(135);
  });

  // The pathological inputs parse here in-process: that they end at all, whatever the parser, is held by
  // test/properties/shorthand.test.ts, which parses the same kinds in a worker thread under a hang bound.
  it.each(GOLDEN.cases.map((c, n) => [title(c), c, n] as const))('%s', (_title, c, n) => {
    const expected = c.error === undefined ? { value: c.value } : { error: c.error, errorClass: c.errorClass };
    expect(outcome(c, directoryFor(c, n))).toStrictEqual(expected);
  });
});
