/**
 * A bad value that came from the environment or the config file names where it came from, not a flag
 * the user never typed (issue 19, item 16); the error format is read from the environment too
 * (AWS_CLI_ERROR_FORMAT, as the AWS CLI 2.36; SVCCTL_CLI_ERROR_FORMAT first).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const config = (text: string) => {
  mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true, mode: 0o700 });
  writeFileSync(join(sb.env.SVCCTL_HOME!, 'config'), text, { mode: 0o600 });
};
const bad = (message: string) => ({ code: 253, stdout: '', stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): ${message}\n` });
const OUTPUTS = 'json, text, table, yaml, yaml-stream, off';

describe('where a bad setting came from', () => {
  it('SVCCTL_DEFAULT_OUTPUT and AWS_DEFAULT_OUTPUT are named', async () => {
    expect(await sb.run(['describe-repositories'], { env: { SVCCTL_DEFAULT_OUTPUT: 'xml' } })).toEqual(bad(`Invalid value for the environment variable SVCCTL_DEFAULT_OUTPUT: 'xml'; valid values are: ${OUTPUTS}`));
    expect(await sb.run(['describe-repositories'], { env: { AWS_DEFAULT_OUTPUT: 'xml' } })).toEqual(bad(`Invalid value for the environment variable AWS_DEFAULT_OUTPUT: 'xml'; valid values are: ${OUTPUTS}`));
  });

  it("a profile's key is named as such", async () => {
    config('[default]\ncolor = purple\n');
    expect(await sb.run(['describe-repositories'])).toEqual(bad("Invalid value for color in the profile's config file: 'purple'; valid values are: on, off, auto"));
  });

  it('the flag still wins, and its own bad value is the invalid choice (252)', async () => {
    expect((await sb.run(['describe-repositories', '--output', 'json'], { env: { SVCCTL_DEFAULT_OUTPUT: 'xml' } })).code).toBe(0);
    expect((await sb.run(['describe-repositories', '--output', 'xml'])).code).toBe(252);
  });

  it('the error format from the environment', async () => {
    expect(await sb.run(['create-repository', '--repository-name', 'A'], { env: { AWS_CLI_ERROR_FORMAT: 'json' } })).toEqual({
      code: 252,
      stdout: '',
      stderr: '{\n    "Code": "ParamValidation",\n    "Message": "Parameter validation failed:\\nInvalid length for parameter repositoryName, value: 1, valid min length: 2"\n}\n',
    });
  });
});
