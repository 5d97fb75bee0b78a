/**
 * Errors of the AWS CLI's main parser (a global option's value, a global option without one, the command
 * name) come before the command line's `--cli-error-format` takes effect: the AWS CLI 2.36.7 prints them in the
 * format of AWS_CLI_ERROR_FORMAT or the profile's `cli_error_format`, else `enhanced`, while the errors of a
 * command's own parser follow `--cli-error-format` (issue 35, item 10). Each case of
 * test/goldens/aws-cli-2.36.7/error-format.json runs through svcctl with the same environment and profile
 * (svcctl's config file holds the case's `configFile`), `aws` read as `svcctl`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { asSvcctl, readAwsCliGolden } from '../helpers/aws-cli-golden.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';

interface Case {
  name: string;
  args: string[];
  env: Record<string, string>;
  configFile: string;
  code: number;
  stdout: string;
  stderr: string;
}

const GOLDEN = readAwsCliGolden<{ printedBy: string; cases: Case[] }>('error-format.json');

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox({ AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_DEFAULT_REGION: 'us-east-1' });
});
afterEach(() => sb.cleanup());

describe(`errors of the main parser, as ${GOLDEN.printedBy.split(' ')[0]} formats them`, () => {
  it.each(GOLDEN.cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    if (c.configFile !== '') {
      mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
      writeFileSync(join(sb.env.SVCCTL_HOME!, 'config'), c.configFile);
    }
    const r = await sb.run(c.args, { env: c.env });
    expect([r.code, r.stdout]).toEqual([c.code, c.stdout]);
    if (c.env.AWS_CLI_ERROR_FORMAT === 'yaml') {
      // 'svcctl' is three characters longer than 'aws' (docs/compat.md #1): YAML folds the message elsewhere.
      expect(parse(r.stderr)).toEqual(parse(asSvcctl(c.stderr)));
    } else {
      expect(r.stderr).toBe(asSvcctl(c.stderr));
    }
  });
});
