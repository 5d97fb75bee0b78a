/**
 * svcctl against what the AWS CLI 2.36.7 printed for the same commands on the same state
 * (test/goldens/aws-cli-2.36.7/errors.json): exit code, stdout and stderr, with the program's name read as
 * svcctl. Cases run in the file's order over one store holding `team/app`, as they were captured.
 * Where svcctl deliberately differs, the case is listed in DIFFERENCES with its docs/compat.md row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { asSvcctl, readAwsCliGolden } from '../helpers/aws-cli-golden.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';

interface Case {
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
}

const GOLDEN = readAwsCliGolden<{ printedBy: string; cases: Case[] }>('errors.json');

/** Cases where svcctl deliberately prints otherwise (docs/compat.md), by their arguments. */
const DIFFERENCES = new Map<string, string>([
  // A token svcctl cannot read is refused before any call (docs/compat.md #73): the AWS CLI sends it on.
  ['ecr describe-repositories --starting-token abc', 'compat #73'],
]);

/** Cases where only the exit code differs, on purpose: the same text, svcctl's documented code. */
const EXIT_CODES = new Map<string, number>([
  // A bad region is a configuration error (253) in svcctl; the AWS CLI exits 255 (docs/compat.md #75).
  ['ecr describe-repositories --region us east/1', 253],
  ['ecr describe-repositories --region bad:region', 253],
]);

/**
 * Cases where svcctl prints what 2.36 prints plus a hint (docs/compat.md #79): the text inserted right
 * after the error's message line.
 */
const HINTS = new Map<string, string>([
  [
    'ecr create-repository --repositry-name a/b',
    '\n\nMaybe you meant:\n\n  * --repository-name (you wrote --repositry-name)',
  ],
]);

/** The golden's stderr with svcctl's hint after the message line (the line that starts with the program's name). */
function withHint(stderr: string, hint: string | undefined): string {
  if (hint === undefined) return stderr;
  const at = stderr.indexOf('\n', stderr.indexOf('svcctl: [ERROR]'));
  return stderr.slice(0, at) + hint + stderr.slice(at);
}

let sb: Sandbox;
beforeAll(async () => {
  sb = sandbox({});
  expect((await sb.run(['create-repository', '--repository-name', 'team/app'])).code).toBe(0);
});
afterAll(() => sb.cleanup());

/**
 * 'svcctl' is three characters longer than 'aws' (docs/compat.md #1): where the name sits inside a YAML
 * scalar folded at 80 columns or a table cell padded to the widest, the folds and the padding move with it.
 * There the document is compared without its layout: the YAML parsed, the table's words in order.
 */
function layoutFree(format: string | undefined, text: string): unknown {
  if (format === 'yaml') return parse(text);
  return text.replace(/[-+|\s]+/g, ' ').trim();
}

describe(`svcctl against ${GOLDEN.printedBy.split(' ')[0]}`, () => {
  for (const c of GOLDEN.cases) {
    const key = c.args.join(' ');
    if (DIFFERENCES.has(key)) continue;
    const format = c.args[c.args.indexOf('--cli-error-format') + 1];
    const moves = (format === 'yaml' || format === 'table') && /\baws\b/.test(c.stderr);
    it(key, async () => {
      const want = {
        code: EXIT_CODES.get(key) ?? c.code,
        stdout: asSvcctl(c.stdout),
        stderr: withHint(asSvcctl(c.stderr), HINTS.get(key)),
      };
      const got = await sb.run(c.args);
      if (!moves) return expect(got).toEqual(want);
      expect({ ...got, stderr: layoutFree(format, got.stderr) }).toEqual({
        ...want,
        stderr: layoutFree(format, want.stderr),
      });
    });
  }
});
