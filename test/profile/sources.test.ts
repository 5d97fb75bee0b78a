/**
 * A bad value that came from the environment or the config file names where it came from, not a flag
 * the user never typed (issue 19, item 16); the error format is read from the environment too
 * (AWS_CLI_ERROR_FORMAT, as the AWS CLI 2.36; SVCCTL_CLI_ERROR_FORMAT first).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok } from '../helpers/cli-results.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const config = (text: string) => {
  mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true, mode: 0o700 });
  writeFileSync(join(sb.env.SVCCTL_HOME!, 'config'), text, { mode: 0o600 });
};
const bad = (message: string) => failed(253, `\nsvcctl: [ERROR]: An error occurred (Configuration): ${message}\n`);
const OUTPUTS = 'json, text, table, yaml, yaml-stream, off';

describe('where a bad setting came from', () => {
  it('SVCCTL_DEFAULT_OUTPUT and AWS_DEFAULT_OUTPUT are named', async () => {
    expect(await sb.run(['describe-repositories'], { env: { SVCCTL_DEFAULT_OUTPUT: 'xml' } })).toEqual(
      bad(`Invalid value for the environment variable SVCCTL_DEFAULT_OUTPUT: 'xml'; valid values are: ${OUTPUTS}`),
    );
    expect(await sb.run(['describe-repositories'], { env: { AWS_DEFAULT_OUTPUT: 'xml' } })).toEqual(
      bad(`Invalid value for the environment variable AWS_DEFAULT_OUTPUT: 'xml'; valid values are: ${OUTPUTS}`),
    );
  });

  it("a profile's key is named as such", async () => {
    config('# mine\n[default]\ncolor = purple\n');
    const path = join(sb.env.SVCCTL_HOME!, 'config');
    expect(await sb.run(['describe-repositories'])).toEqual(
      bad(`Invalid value for color in the config file ${path}, line 3: 'purple'; valid values are: on, off, auto`),
    );
  });

  it('a timeout from the config file names the file and line, not the flag (253)', async () => {
    config('[default]\ncli_read_timeout = abc\n');
    const path = join(sb.env.SVCCTL_HOME!, 'config');
    expect(await sb.run(['describe-repositories'])).toEqual(
      bad(
        `Invalid value for cli_read_timeout in the config file ${path}, line 2: 'abc' is not a whole number of seconds`,
      ),
    );
    expect(await sb.run(['describe-repositories', '--cli-read-timeout', '5', '--query', 'repositories'])).toEqual(
      ok('[]\n'),
    );
  });

  it('an endpoint URL from the environment or the config file is named as such (253)', async () => {
    // The AWS CLI's words (`Invalid endpoint: garbage`, test/goldens/aws-cli-2.36.7/endpoints.json), then where it came from.
    const form = 'it must be of the form http://<hostname>/ or https://<hostname>/';
    expect(await sb.run(['describe-repositories'], { env: { SVCCTL_ENDPOINT_URL: 'garbage' } })).toEqual(
      bad(`Invalid endpoint: garbage (from the environment variable SVCCTL_ENDPOINT_URL): ${form}`),
    );
    config('[default]\nregion = us-east-1\nendpoint_url = garbage\n');
    const path = join(sb.env.SVCCTL_HOME!, 'config');
    expect(await sb.run(['describe-repositories'])).toEqual(
      bad(`Invalid endpoint: garbage (from endpoint_url in the config file ${path}, line 3): ${form}`),
    );
    expect((await sb.run(['describe-repositories', '--endpoint-url', 'garbage'])).code).toBe(252);
  });

  it('SVCCTL_ACCOUNT_ID that is not 12 digits is refused before the store is written, on both backends (issue 44)', async () => {
    for (const v of ['123', 'abc', '12345678901234567890', '\uff11'.repeat(12), ' 000000000001']) {
      const refused = bad(
        `Invalid value for the environment variable SVCCTL_ACCOUNT_ID: '${v}'; an account id is 12 digits (0-9)`,
      );
      const env = { SVCCTL_ACCOUNT_ID: v };
      expect(await sb.run(['create-repository', '--repository-name', 'acct/x'], { env })).toEqual(refused);
      expect(await sb.run(['serve', '--port', '0'], { env })).toEqual(refused);
    }
    const q = ['--query', 'repository.repositoryArn', '--output', 'text'];
    expect(
      await sb.run(['create-repository', '--repository-name', 'acct/x', ...q], {
        env: { SVCCTL_ACCOUNT_ID: '111122223333' },
      }),
    ).toEqual(ok('arn:aws:ecr:us-east-1:111122223333:repository/acct/x\n'));
  });

  it('the flag still wins, and its own bad value is the invalid choice (252)', async () => {
    expect(
      (await sb.run(['describe-repositories', '--output', 'json'], { env: { SVCCTL_DEFAULT_OUTPUT: 'xml' } })).code,
    ).toBe(0);
    expect((await sb.run(['describe-repositories', '--output', 'xml'])).code).toBe(252);
  });

  it('the error format from the environment', async () => {
    expect(
      await sb.run(['create-repository', '--repository-name', 'A'], { env: { AWS_CLI_ERROR_FORMAT: 'json' } }),
    ).toEqual(
      failed(
        252,
        '{\n    "Code": "ParamValidation",\n    "Message": "Parameter validation failed:\\nInvalid length for parameter repositoryName, value: 1, valid min length: 2"\n}\n',
      ),
    );
  });
});

describe('a config file that does not parse (issue 19, item 16)', () => {
  it.each([
    ['a header without ]', '[default\nregion = us-east-1\n', 'line 1: "[default" is not a section header ([name])'],
    ['a line without =', '[default]\nregion\n', 'line 2: "region" is not a setting (key = value)'],
    [
      'a setting before any section',
      'region = x\n[default]\n',
      'line 1: "region = x" comes before any [section] header',
    ],
    [
      'binary garbage',
      '[default]\nregion = us-east-1\n\u0000\u0001 garbage\n',
      'line 3: "\\u0000\\u0001 garbage" is not a setting (key = value)',
    ],
    // the one echo rule (core/input-rules.ts): a line is quoted whole up to 1,024 characters, then 64 and its length
    [
      'a long line without =',
      `[default]\n${'k'.repeat(100)}\n`,
      `line 2: "${'k'.repeat(100)}" is not a setting (key = value)`,
    ],
    [
      'a line past 1,024 characters',
      `[default]\n${'k'.repeat(2000)}\n`,
      `line 2: "${'k'.repeat(64)}..." (2000 characters) is not a setting (key = value)`,
    ],
    // issue 25, item 7: duplicates, as configparser (strict) refuses them; the last one no longer silently wins
    [
      'a repeated section',
      '[default]\nregion = us-east-1\n\n[default]\noutput = text\n',
      "line 4: section 'default' already exists (first at line 1)",
    ],
    [
      'a repeated key',
      '[default]\nregion = us-east-1\noutput = json\nregion = eu-west-1\n',
      "line 4: option 'region' in section 'default' already exists (first at line 2)",
    ],
  ])(
    '%s is refused, naming the file and the line (253), by every command that reads it',
    async (_name, text, reason) => {
      config(text);
      const path = join(sb.env.SVCCTL_HOME!, 'config');
      const expected = bad(`Unable to parse config file: ${path}, ${reason}`);
      expect(await sb.run(['describe-repositories'])).toEqual(expected);
      expect(await sb.run(['configure', 'get', 'region'])).toEqual(expected);
      expect(await sb.run(['configure', 'set', 'output', 'json'])).toEqual(expected);
    },
  );

  it('accepts what configparser accepts: `key: value`, comments, nested lines under a setting', async () => {
    config('; about\n[default]\nregion: eu-west-1\ns3 =\n  addressing_style = path\n# end\n');
    expect(await sb.run(['configure', 'get', 'region'])).toEqual({ code: 0, stdout: 'eu-west-1\n', stderr: '' });
  });

  it("the AWS CLI's files: duplicates refused as botocore refuses them (its RawConfigParser is strict), by both backends", async () => {
    const awsConfig = join(sb.cwd, 'aws-config');
    const credentials = join(sb.cwd, 'aws-credentials');
    const env = {
      AWS_CONFIG_FILE: awsConfig,
      AWS_SHARED_CREDENTIALS_FILE: credentials,
      AWS_ACCESS_KEY_ID: 'a',
      AWS_SECRET_ACCESS_KEY: 'b',
    };
    writeFileSync(awsConfig, '[default]\nregion = eu-north-1\n[default]\nregion = eu-west-1\n');
    const section = bad(
      `Unable to parse config file: ${awsConfig}, line 3: section 'default' already exists (first at line 1)`,
    );
    expect(await sb.run(['describe-repositories'], { env })).toEqual(section);
    expect(await sb.run(['describe-repositories', '--endpoint-url', 'http://127.0.0.1:9'], { env })).toEqual(section);
    writeFileSync(awsConfig, '[default]\nregion = eu-north-1\n');
    writeFileSync(credentials, '[default]\naws_access_key_id = x\naws_access_key_id = y\naws_secret_access_key = z\n');
    expect(
      await sb.run(['describe-repositories', '--endpoint-url', 'http://127.0.0.1:9'], {
        env: { ...env, AWS_ACCESS_KEY_ID: undefined, AWS_SECRET_ACCESS_KEY: undefined },
      }),
    ).toEqual(
      bad(
        `Unable to parse config file: ${credentials}, line 3: option 'aws_access_key_id' in section 'default' already exists (first at line 2)`,
      ),
    );
  });

  it('a byte that is not UTF-8 is refused with its line and character, in each file, by both backends (issue 44, item 7)', async () => {
    // Decoded as U+FFFD before: a region or key the user never wrote went on to the call.
    const bytes = (text: string) => Buffer.from(text.replace('BAD', '\u0000'), 'utf8').map((b) => (b === 0 ? 0xff : b));
    const awsConfig = join(sb.cwd, 'aws-config');
    const credentials = join(sb.cwd, 'aws-credentials');
    const env = { AWS_CONFIG_FILE: awsConfig, AWS_SHARED_CREDENTIALS_FILE: credentials };
    const http = ['describe-repositories', '--endpoint-url', 'http://127.0.0.1:9'];
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true, mode: 0o700 });
    const own = join(sb.env.SVCCTL_HOME!, 'config');
    writeFileSync(own, bytes('# é\n[default]\noutput = jsé BAD\n'), { mode: 0o600 });
    const ownBad = bad(`Unable to parse config file: ${own}, line 3: not valid UTF-8 (byte 0xff at character 14)`);
    expect(await sb.run(['describe-repositories'], { env })).toEqual(ownBad);
    expect(await sb.run(http, { env })).toEqual(ownBad);
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-1'], { env })).toEqual(ownBad);
    writeFileSync(own, '');
    writeFileSync(awsConfig, bytes('[default]\nregion = eu-westBAD-1\n'));
    const configBad = bad(
      `Unable to parse config file: ${awsConfig}, line 2: not valid UTF-8 (byte 0xff at character 17)`,
    );
    expect(await sb.run(['describe-repositories'], { env })).toEqual(configBad);
    expect(await sb.run(http, { env })).toEqual(configBad);
    writeFileSync(awsConfig, '[default]\nregion = eu-west-1\n');
    writeFileSync(credentials, bytes('[default]\naws_access_key_id = AKIA\naws_secret_access_key = sBAD\n'));
    expect(await sb.run(http, { env })).toEqual(
      bad(`Unable to parse config file: ${credentials}, line 3: not valid UTF-8 (byte 0xff at character 26)`),
    );
  });

  it("the AWS CLI's own files are read as strictly for the HTTP backend's credentials", async () => {
    const awsConfig = join(sb.cwd, 'aws-config');
    writeFileSync(awsConfig, '[default]\naws_access_key_id\n');
    expect(
      await sb.run(['describe-repositories', '--endpoint-url', 'http://127.0.0.1:9'], {
        env: { AWS_CONFIG_FILE: awsConfig, AWS_SHARED_CREDENTIALS_FILE: join(sb.cwd, 'none') },
      }),
    ).toEqual(
      bad(`Unable to parse config file: ${awsConfig}, line 2: "aws_access_key_id" is not a setting (key = value)`),
    );
  });
});
