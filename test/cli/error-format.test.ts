import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, serviceError, USAGE } from '../helpers/cli-results.js';
import { LIVE_TOKEN_NEEDS_PUBLISHABLE_KEY, v2err } from '../helpers/stripe-v2.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const liveToken = ['account-token', 'create', '--api-key', 'sk_live_x'];
const msg = LIVE_TOKEN_NEEDS_PUBLISHABLE_KEY;
const code = 'token_must_be_created_with_publishable_key';

describe('--cli-error-format', () => {
  const cases: Array<[string, string[], number, string]> = [
    ['enhanced (default): the message, then the extra fields', liveToken, 254, v2err('CreateAccountToken', code, msg)],
    [
      'legacy: the message only',
      [...liveToken, '--cli-error-format', 'legacy'],
      254,
      serviceError(code, 'CreateAccountToken', msg),
    ],
    [
      'json: the error as a document',
      [...liveToken, '--cli-error-format', 'json'],
      254,
      `{\n    "Code": "${code}",\n    "Message": "${msg}",\n    "type": "invalid_request_error"\n}\n`,
    ],
    ['text', [...liveToken, '--cli-error-format', 'text'], 254, `${code}\t${msg}\tinvalid_request_error\n`],
    [
      'yaml',
      [...liveToken, '--cli-error-format', 'yaml'],
      254,
      `Code: ${code}\nMessage: ${msg}\ntype: invalid_request_error\n`,
    ],
    // Table laid out by the AWS CLI's own formatter (test/oracles/awscli_format.py) for this document.
    [
      'table: titled error, key/value rows',
      [...liveToken, '--cli-error-format', 'table'],
      254,
      [
        '--------------------------------------------------------------------------------------------',
        '|                                           error                                          |',
        '+---------+--------------------------------------------------------------------------------+',
        '|  Code   |  token_must_be_created_with_publishable_key                                    |',
        `|  Message|  ${msg}   |`,
        '|  type   |  invalid_request_error                                                         |',
        '+---------+--------------------------------------------------------------------------------+',
        '',
      ].join('\n'),
    ],
    [
      'yaml for a validation error: the multi-line message is quoted',
      ['create-repository', '--repository-name', 'A', '--cli-error-format', 'yaml'],
      252,
      "Code: ParamValidation\nMessage: 'Parameter validation failed:\n\n  Invalid length for parameter repositoryName, value: 1, valid min length: 2'\n",
    ],
    [
      'json for a validation error',
      ['create-repository', '--repository-name', 'A', '--cli-error-format', 'json'],
      252,
      '{\n    "Code": "ParamValidation",\n    "Message": "Parameter validation failed:\\nInvalid length for parameter repositoryName, value: 1, valid min length: 2"\n}\n',
    ],
    [
      'json for a usage error: the message and the usage block, as the AWS CLI 2.36',
      ['create-repository', '--cli-error-format', 'json'],
      252,
      `{\n    "Code": "ParamValidation",\n    "Message": "the following arguments are required: --repository-name\\n\\n${USAGE.replaceAll('\n', '\\n')}"\n}\n`,
    ],
    [
      'json for a bad --query',
      ['create-repository', '--repository-name', 'ab', '--query', '[', '--cli-error-format', 'json'],
      252,
      '{\n    "Code": "ParamValidation",\n    "Message": "Bad value for --query [: Invalid jmespath expression: Incomplete expression:\\n\\"[\\"\\n  ^"\n}\n',
    ],
  ];
  it.each(cases)('%s', async (_n, argv, exit, stderr) => {
    expect(await sb.run(argv)).toEqual(failed(exit, stderr));
  });
});

describe('cli_error_format from the environment or the config file', () => {
  const json = `{\n    "Code": "${code}",\n    "Message": "${msg}",\n    "type": "invalid_request_error"\n}\n`;

  it("is read in any case, as the AWS CLI 2.36's error handler lower-cases it (the flag's choices stay exact)", async () => {
    for (const [name, value] of [
      ['AWS_CLI_ERROR_FORMAT', 'JSON'],
      ['SVCCTL_CLI_ERROR_FORMAT', 'Json'],
    ]) {
      expect(await sb.run(liveToken, { env: { [name!]: value } })).toEqual(failed(254, json));
    }
    // A value that is no format in any case is still refused, naming where it came from (docs/compat.md #403).
    expect(await sb.run(['configure', 'list'], { env: { AWS_CLI_ERROR_FORMAT: 'jsno' } })).toEqual(
      failed(
        253,
        "\nsvcctl: [ERROR]: An error occurred (Configuration): Invalid value for the environment variable AWS_CLI_ERROR_FORMAT: 'jsno'; valid values are: legacy, json, yaml, text, table, enhanced\n",
      ),
    );
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true });
    writeFileSync(join(sb.env.SVCCTL_HOME!, 'config'), '[default]\ncli_error_format = JSON\n');
    expect(await sb.run(liveToken)).toEqual(failed(254, json));
  });
});
