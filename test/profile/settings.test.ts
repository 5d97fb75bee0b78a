/**
 * Settings the AWS CLI refuses (issue 35, item 7), against what the AWS CLI 2.36.7 did
 * (test/goldens/aws-cli-2.36.7/settings.json): a time-out of 0 is none, a negative one or one that is no
 * whole number is refused in its words; AWS_MAX_ATTEMPTS / max_attempts must be a whole number of at least 1,
 * AWS_RETRY_MODE / retry_mode standard or adaptive. svcctl keeps the words and uses its exit codes: 252 for
 * a flag, 253 for a setting, naming where it came from (docs/compat.md). Nothing is sent when refused.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Fake, fakeServer, reply } from '../helpers/fake-server.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, paramValidation } from '../helpers/cli-results.js';

interface Case {
  name: string;
  env: Record<string, string>;
  configFile: string;
  argv: string[];
  server: 'ok' | 'http500';
  exitCode: number;
  stdout: string;
  stderr: string;
  requestCount: number;
  timeouts: string | null;
}

const GOLDEN = JSON.parse(
  readFileSync(new URL('../goldens/aws-cli-2.36.7/settings.json', import.meta.url), 'utf8'),
) as { printedBy: string; cases: Case[] };

const servers: Record<string, Fake> = {};
beforeAll(async () => {
  servers.ok = await fakeServer(reply(200, '{"repositories":[]}', { 'content-type': 'application/x-amz-json-1.1' }));
  servers.http500 = await fakeServer(
    reply(500, '{"__type":"ServerException","message":"recorded failure"}', {
      'content-type': 'application/x-amz-json-1.1',
    }),
  );
});
afterAll(async () => {
  await servers.ok!.close();
  await servers.http500!.close();
});

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox({ AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_DEFAULT_REGION: 'us-east-1' });
  servers.ok!.seen.length = 0;
  servers.http500!.seen.length = 0;
});
afterEach(() => sb.cleanup());

/** What svcctl prints where the AWS CLI printed `aws: [ERROR]: TEXT`: the same text, its own code and form. */
function expected(c: Case, config: string): { code: number; stdout: string; stderr: string } {
  if (c.exitCode !== 255) {
    return {
      code: c.exitCode,
      stdout: c.stdout,
      stderr: c.stderr.replace(/^\naws: /, '\nsvcctl: '),
    };
  }
  const text = /\[ERROR\]: (.*)\n$/.exec(c.stderr)![1]!;
  const flag = c.argv.find((a) => a.startsWith('--cli-'));
  if (flag) return { code: 252, stdout: '', stderr: paramValidation(text) };
  const variable = Object.keys(c.env).find((k) => k === 'AWS_MAX_ATTEMPTS' || k === 'AWS_RETRY_MODE');
  const key = /^(\w+) =/m.exec(c.configFile.replace('[default]\n', ''))?.[1];
  const origin = variable ? `the environment variable ${variable}` : `${key} in the config file ${config}, line 2`;
  return failed(253, `\nsvcctl: [ERROR]: An error occurred (Configuration): Invalid value for ${origin}: ${text}\n`);
}

describe(`time-outs, attempts and retry mode, as ${GOLDEN.printedBy.split(' ')[0]} takes them`, () => {
  it.each(GOLDEN.cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const server = servers[c.server]!;
    const config = join(sb.env.SVCCTL_HOME!, 'config');
    if (c.configFile !== '') {
      mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true, mode: 0o700 });
      writeFileSync(config, c.configFile, { mode: 0o600 });
    }
    const argv = c.argv.slice(1).map((a) => a.replace('{server}', server.url));
    const r = await sb.run(argv, { env: c.env });
    expect(r).toEqual(expected(c, config));
    // As many requests as the AWS CLI sent: none when refused, 1 or 3 attempts otherwise.
    expect(server.seen.length).toBe(c.requestCount);
  });

  // The AWS CLI reads these settings for every client it makes; svcctl read the attempts and the retry mode
  // only for the HTTP backend, so AWS_MAX_ATTEMPTS=abc was refused with --endpoint-url and taken without it.
  it.each(GOLDEN.cases.filter((c) => c.exitCode === 255).map((c) => [c.name, c] as const))(
    '%s: refused on the embedded backend too, in the same words',
    async (_name, c) => {
      const config = join(sb.env.SVCCTL_HOME!, 'config');
      if (c.configFile !== '') {
        mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true, mode: 0o700 });
        writeFileSync(config, c.configFile, { mode: 0o600 });
      }
      const at = c.argv.indexOf('--endpoint-url');
      const argv = c.argv.slice(1).filter((_a, i) => i + 1 !== at && i + 1 !== at + 1);
      expect(argv).not.toContain('--endpoint-url');
      expect(await sb.run(argv, { env: c.env })).toEqual(expected(c, config));
    },
  );

  it('0 is no time-out, as the AWS CLI logs (None); a negative one is refused before anything is sent', () => {
    const zero = GOLDEN.cases.find((c) => c.name === '--cli-read-timeout 0 --cli-connect-timeout 0')!;
    expect(zero.timeouts).toBe('(None, None)');
    expect(GOLDEN.cases.find((c) => c.name === '--cli-read-timeout -1')!.requestCount).toBe(0);
  });
});

describe('one rule for the flag, the profile and configure set', () => {
  it('configure set refuses what a command would refuse, and takes 0', async () => {
    const refused = (key: string, value: string, expectedText: string) =>
      failed(252, paramValidation(`Invalid value for ${key}: '${value}'. Expected ${expectedText}.`));
    expect(await sb.run(['configure', 'set', 'cli_read_timeout', '-1'])).toEqual(
      refused('cli_read_timeout', '-1', 'a whole number of seconds (0 blocks forever)'),
    );
    expect(await sb.run(['configure', 'set', 'max_attempts', '0'])).toEqual(
      refused('max_attempts', '0', 'a whole number of at least 1'),
    );
    expect(await sb.run(['configure', 'set', 'retry_mode', 'legacy'])).toEqual(
      refused('retry_mode', 'legacy', 'one of: standard, adaptive'),
    );
    expect(await sb.run(['configure', 'set', 'cli_connect_timeout', '0'])).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await sb.run(['configure', 'set', 'max_attempts', '1'])).toEqual({ code: 0, stdout: '', stderr: '' });
    // What set wrote, a command takes: one attempt against a failing server.
    await sb.run(['describe-repositories', '--endpoint-url', servers.http500!.url]);
    expect(servers.http500!.seen.length).toBe(1);
  });

  it("a profile's negative time-out names the file's line (253)", async () => {
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true, mode: 0o700 });
    const config = join(sb.env.SVCCTL_HOME!, 'config');
    writeFileSync(config, '[default]\ncli_connect_timeout = -3\n', { mode: 0o600 });
    expect(await sb.run(['describe-repositories'])).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): Invalid value for cli_connect_timeout in the config file ${config}, line 2: Attempted to set connect timeout to -3, but the timeout cannot be set to a value less than or equal to 0.\n`,
      ),
    );
  });
});
