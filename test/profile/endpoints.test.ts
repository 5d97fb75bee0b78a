/**
 * Which endpoint a command goes to (issue 32, item 5): every case the AWS CLI 2.36.7 printed
 * (test/goldens/aws-cli-2.36.7/endpoints.json), run through svcctl against four recording servers on
 * 127.0.0.1, with the case's config file as the AWS CLI's (AWS_CONFIG_FILE) and as svcctl's own
 * ($SVCCTL_HOME/config). Where the AWS CLI sent the request to a server, svcctl sends it to the same one and
 * prints the same; where it went to AWS itself (no endpoint), the embedded service answers (docs/compat.md);
 * a bad configured URL is the same words, naming where it came from, exit 253 (docs/compat.md).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Fake, fakeServer } from '../helpers/fake-server.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { configError, failed, ok } from '../helpers/cli-results.js';

interface Case {
  name: string;
  service: 'ecr' | 'autoscaling' | null;
  env: Record<string, string>;
  configFile: string;
  argv: string[];
  exitCode: number;
  stdout: string;
  stderr: string;
  receivedBy: string[];
  requestPaths: string[];
}

const GOLDEN = JSON.parse(
  readFileSync(new URL('../goldens/aws-cli-2.36.7/endpoints.json', import.meta.url), 'utf8'),
) as { printedBy: string; cases: Case[] };

const LABELS = ['A', 'B', 'C', 'D'] as const;
const servers: Record<string, Fake> = {};

/** Answers as the recording servers did: ECR's empty listing, or Auto Scaling's empty result. */
async function recorder(): Promise<Fake> {
  return fakeServer((req, res) => {
    if (req.headers['x-amz-target']) {
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
      res.end('{"repositories":[]}');
      return;
    }
    const action = /Action=(\w+)/.exec(req.body)?.[1] ?? 'Unknown';
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(
      `<${action}Response xmlns="http://autoscaling.amazonaws.com/doc/2011-01-01/"><${action}Result><LaunchConfigurations/></${action}Result><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></${action}Response>`,
    );
  });
}

beforeAll(async () => {
  for (const label of LABELS) servers[label] = await recorder();
});
afterAll(async () => {
  for (const label of LABELS) await servers[label]!.close();
});

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox({ AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_DEFAULT_REGION: 'us-east-1' });
  for (const label of LABELS) servers[label]!.seen.length = 0;
});
afterEach(() => sb.cleanup());

const fill = (text: string) => text.replace(/\{([ABCD])\}/g, (_m, label: string) => servers[label]!.url);
const received = () => LABELS.flatMap((label) => servers[label]!.seen.map(() => label));
const paths = () => LABELS.flatMap((label) => servers[label]!.seen.map((s) => s.url));

/** The case's config file where the AWS CLI reads it, or in svcctl's own file. */
function place(c: Case, where: 'aws' | 'svcctl'): { env: Record<string, string>; path: string } {
  if (where === 'aws') {
    const path = join(sb.cwd, 'aws-config');
    writeFileSync(path, fill(c.configFile));
    return { env: { AWS_CONFIG_FILE: path }, path };
  }
  mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true, mode: 0o700 });
  const path = join(sb.env.SVCCTL_HOME!, 'config');
  writeFileSync(path, fill(c.configFile), { mode: 0o600 });
  return { env: { AWS_CONFIG_FILE: join(sb.cwd, 'none') }, path };
}

/** Where a bad configured URL came from, as svcctl names it. */
function origin(c: Case, where: 'aws' | 'svcctl', path: string): string {
  const variable = Object.keys(c.env).find((k) => k.startsWith('AWS_ENDPOINT_URL'));
  if (variable) return `the environment variable ${variable}`;
  return where === 'aws' ? `endpoint_url in ${path}` : `endpoint_url in the config file ${path}, line 2`;
}

const EMPTY = { ecr: '{\n    "repositories": []\n}\n', autoscaling: '{\n    "LaunchConfigurations": []\n}\n' };
const commandCases = GOLDEN.cases.filter((c) => c.service !== null);
const variants = commandCases.flatMap((c) =>
  (c.configFile === '' ? (['aws'] as const) : (['aws', 'svcctl'] as const)).map(
    (where) => [`${c.service}: ${c.name} (${where} file)`, c, where] as const,
  ),
);

describe(`the endpoint, as ${GOLDEN.printedBy.split(' ')[0]} resolves it`, () => {
  it('covers every precedence case for both AWS services', () => {
    expect(commandCases.length).toBe(48);
    expect(new Set(commandCases.map((c) => c.service))).toEqual(new Set(['ecr', 'autoscaling']));
  });

  it.each(variants)('%s', async (_name, c, where) => {
    const { env, path } = place(c, where);
    const argv = c.argv.slice(1).map(fill);
    const r = await sb.run(argv, {
      env: { ...env, ...Object.fromEntries(Object.entries(c.env).map(([k, v]) => [k, fill(v)])) },
    });
    if (c.receivedBy.length > 0) {
      // The same server got the request, at the same path, and svcctl printed what the AWS CLI printed.
      expect(r).toEqual({ code: c.exitCode, stdout: c.stdout, stderr: c.stderr });
      expect(received()).toEqual(c.receivedBy);
      expect(paths()).toEqual(c.requestPaths);
    } else if (c.stderr.includes('Failed to connect to proxy URL')) {
      // No endpoint: the AWS CLI went to AWS itself; svcctl's embedded service answers.
      expect(r).toEqual({ code: 0, stdout: EMPTY[c.service!], stderr: '' });
      expect(received()).toEqual([]);
    } else if (c.exitCode === 252) {
      expect(r).toEqual({ code: 252, stdout: '', stderr: c.stderr.replace('\naws: ', '\nsvcctl: ') });
      expect(received()).toEqual([]);
    } else {
      // `Invalid endpoint: not a url`, naming where it came from, a configuration error (253).
      const value = /Invalid endpoint: (.*)\n/.exec(c.stderr)![1];
      expect(r).toEqual(
        failed(
          253,
          `\nsvcctl: [ERROR]: An error occurred (Configuration): Invalid endpoint: ${value} (from ${origin(c, where, path)}): it must be of the form http://<hostname>/ or https://<hostname>/\n`,
        ),
      );
      expect(received()).toEqual([]);
    }
  });

  it.each(GOLDEN.cases.filter((c) => c.argv[1] === 'configure'))('configure get: $name', async (c) => {
    const { env } = place(c, 'svcctl');
    const r = await sb.run(c.argv.slice(1), {
      env: { ...env, ...Object.fromEntries(Object.entries(c.env).map(([k, v]) => [k, fill(v)])) },
    });
    expect(r).toEqual({ code: c.exitCode, stdout: fill(c.stdout), stderr: c.stderr });
  });
});

describe('the Stripe commands and the AWS variables', () => {
  const create = ['account-token', 'create', '--api-key', 'sk_test_x', '--output', 'off'];

  it('AWS_ENDPOINT_URL and AWS_IGNORE_CONFIGURED_ENDPOINT_URLS are AWS variables: not read by the v2 commands', async () => {
    expect(await sb.run(create, { env: { AWS_ENDPOINT_URL: servers.A!.url } })).toEqual(ok());
    expect(received()).toEqual([]);
  });

  it("SVCCTL_ENDPOINT_URL, then the services section's stripe entry, then endpoint_url", async () => {
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(sb.env.SVCCTL_HOME!, 'config'),
      `[default]\nendpoint_url = ${servers.D!.url}\nservices = mine\n[services mine]\nstripe =\n  endpoint_url = ${servers.B!.url}\n`,
    );
    const ask = async (env: Record<string, string>) => {
      for (const label of LABELS) servers[label]!.seen.length = 0;
      await sb.run(create, { env });
      return received();
    };
    expect(await ask({})).toEqual(['B']);
    expect(await ask({ SVCCTL_ENDPOINT_URL: servers.C!.url })).toEqual(['C']);
    // AWS_IGNORE_CONFIGURED_ENDPOINT_URLS does not switch the Stripe service's endpoint off
    expect(await ask({ AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'true' })).toEqual(['B']);
    // ecr: the services section has no ecr entry: the profile's endpoint_url
    for (const label of LABELS) servers[label]!.seen.length = 0;
    await sb.run(['describe-repositories', '--output', 'off']);
    expect(received()).toEqual(['D']);
  });

  it('svcctl profile first, then the AWS CLI config file', async () => {
    mkdirSync(sb.env.SVCCTL_HOME!, { recursive: true, mode: 0o700 });
    const awsConfig = join(sb.cwd, 'aws-config');
    writeFileSync(awsConfig, `[default]\nendpoint_url = ${servers.A!.url}\n`);
    await sb.run(['describe-repositories', '--output', 'off'], { env: { AWS_CONFIG_FILE: awsConfig } });
    expect(received()).toEqual(['A']);
    writeFileSync(join(sb.env.SVCCTL_HOME!, 'config'), `[default]\nendpoint_url = ${servers.B!.url}\n`);
    await sb.run(['describe-repositories', '--output', 'off'], { env: { AWS_CONFIG_FILE: awsConfig } });
    expect(received()).toEqual(['A', 'B']);
  });
});

describe("a profile's services key naming no [services …] section (issue 44)", () => {
  it('is a configuration error in the words of the AWS CLI 2.36.7, not the embedded store answering', async () => {
    const awsConfig = join(sb.cwd, 'aws-config');
    const missing = configError(
      'The profile is configured to use the services section but the "locl" services configuration does not exist.',
    );
    writeFileSync(awsConfig, '[default]\nservices = locl\n');
    expect(await sb.run(['describe-repositories'], { env: { AWS_CONFIG_FILE: awsConfig } })).toEqual(
      failed(253, missing),
    );
    // A section with nothing in it is none, as botocore reads it.
    writeFileSync(awsConfig, '[default]\nservices = locl\n\n[services locl]\n');
    expect(await sb.run(['describe-launch-configurations'], { env: { AWS_CONFIG_FILE: awsConfig } })).toEqual(
      failed(253, missing),
    );
    // An endpoint from the environment, or the switch that ignores configured endpoints, never reads the section.
    expect(
      await sb.run(['describe-repositories', '--output', 'off'], {
        env: { AWS_CONFIG_FILE: awsConfig, AWS_ENDPOINT_URL: servers.A!.url },
      }),
    ).toEqual(ok());
    expect(
      await sb.run(['describe-repositories', '--output', 'text'], {
        env: { AWS_CONFIG_FILE: awsConfig, AWS_IGNORE_CONFIGURED_ENDPOINT_URLS: 'true' },
      }),
    ).toEqual(ok(''));
    expect(received()).toEqual(['A']);
  });
});

describe('configure list shows where each endpoint came from', () => {
  it('one row when every service has the same endpoint, one row per service otherwise', async () => {
    const row = (name: string, value: string, type: string, location: string) =>
      `${name.padStart(31)} ${value.padStart(24)} ${type.padStart(16)}    ${location}`.trimEnd();
    const list = async (env: Record<string, string>) =>
      (await sb.run(['configure', 'list'], { env })).stdout
        .split('\n')
        .filter((l) => /endpoint_url/.test(l) && !/ignore/.test(l));
    expect(await list({})).toEqual([row('endpoint_url', '<not set>', 'None', 'None')]);
    expect(await list({ SVCCTL_ENDPOINT_URL: 'http://127.0.0.1:1' })).toEqual([
      row('endpoint_url', 'http://127.0.0.1:1', 'env', 'SVCCTL_ENDPOINT_URL'),
    ]);
    expect(await list({ AWS_ENDPOINT_URL: 'http://127.0.0.1:1', AWS_ENDPOINT_URL_ECR: 'http://127.0.0.1:2' })).toEqual([
      row('endpoint_url (ecr)', 'http://127.0.0.1:2', 'env', 'AWS_ENDPOINT_URL_ECR'),
      row('endpoint_url (autoscaling)', 'http://127.0.0.1:1', 'env', 'AWS_ENDPOINT_URL'),
      row('endpoint_url (stripe)', '<not set>', 'None', 'None'),
    ]);
  });
});
