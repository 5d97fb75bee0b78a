/**
 * `svcctl serve --credentials`: real clients signing right and wrong. The AWS CLI (/usr/bin/aws), svcctl's
 * own HTTP backend, botocore (the AWS CLI's SDK, through Debian's awscli package: stale and future
 * signatures, presigned URLs) and the stripe SDK, each against one server with two accounts. Every failure
 * is answered with the code and text the real services use; hostile Authorization headers never crash the
 * server and no secret reaches its log.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliResult } from '../helpers/cli.js';
import { createLaunchConfiguration } from '../helpers/create-argv.js';
import { AWS, type AwsPeerDir, awsPeerDir } from './aws-cli-peer.js';
import { as236, type ServeProcess, startServe, runProgram, BIN } from './serve-process.js';
import { stripeAt } from './stripe-serve.js';

const BOTOCORE_CALL = fileURLToPath(new URL('./botocore-call.py', import.meta.url));

const ALICE = { id: 'AKIAALICE0000000001', secret: 'alice-secret-Zq7', account: '111111111111' };
const BOB = { id: 'AKIABOB00000000000002', secret: 'bob-secret-Wx9', account: '222222222222' };
const BILLING_KEY = 'sk_test_billing123456';
const PARTNER_KEY = 'sk_test_partner654321';

const CREDENTIALS = `# who may call this server
[alice]
aws_access_key_id = ${ALICE.id}
aws_secret_access_key = ${ALICE.secret}
account_id = ${ALICE.account}

[bob]
aws_access_key_id = ${BOB.id}
aws_secret_access_key = ${BOB.secret}
account_id = ${BOB.account}

[billing]
api_key = ${BILLING_KEY}
account_id = ${ALICE.account}

[partner]
api_key = ${PARTNER_KEY}
account_id = ${BOB.account}
`;

let peer: AwsPeerDir;
let dir: string;
let serve: ServeProcess;

beforeAll(async () => {
  peer = awsPeerDir('svcctl-auth-');
  dir = peer.dir;
  writeFileSync(join(dir, 'credentials.ini'), CREDENTIALS, { mode: 0o600 });
  serve = await startServe(['--credentials', join(dir, 'credentials.ini')], { SVCCTL_HOME: join(dir, 'store') });
});

afterAll(async () => {
  await serve?.stop();
  peer?.cleanup();
});

function awsAs(
  who: { id: string; secret: string } | undefined,
  args: string[],
  extra: Record<string, string> = {},
  endpoint = serve.url,
): Promise<CliResult> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: join(dir, 'aws-home'),
    TZ: 'UTC',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_PAGER: '',
    AWS_EC2_METADATA_DISABLED: 'true',
    ...extra,
  };
  if (who) Object.assign(env, { AWS_ACCESS_KEY_ID: who.id, AWS_SECRET_ACCESS_KEY: who.secret });
  return runProgram(AWS, [...args, '--endpoint-url', endpoint, ...(who ? [] : ['--no-sign-request'])], env).then(as236);
}

/** svcctl as a process of its own: it signs with the real clock (the in-process sandbox pins one). */
function svcctlAs(who: { id: string; secret: string } | undefined, args: string[]): Promise<CliResult> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: join(dir, 'aws-home'),
    SVCCTL_HOME: join(dir, 'client-home'),
    SVCCTL_ENDPOINT_URL: serve.url,
    AWS_DEFAULT_REGION: 'us-east-1',
  };
  if (who) Object.assign(env, { AWS_ACCESS_KEY_ID: who.id, AWS_SECRET_ACCESS_KEY: who.secret });
  return runProgram(process.execPath, [BIN, ...args, ...(who ? [] : ['--no-sign-request'])], env);
}

interface BotoResult {
  status?: number;
  code?: string;
  message?: string;
  ok?: unknown;
  url?: string;
}

/** botocore-call.py, signing as Alice: the call's answer, or with `presign` the URL it made. */
function botocore(
  service: string,
  operation: string,
  more: { params?: unknown; at?: number; presign?: number; httpMethod?: string } = {},
): BotoResult {
  const args = { service, operation, key: ALICE.id, secret: ALICE.secret, ...more };
  const input = JSON.stringify({ endpoint: serve.url, region: 'us-east-1', at: null, ...args });
  return JSON.parse(execFileSync('/usr/bin/python3', [BOTOCORE_CALL, input], { encoding: 'utf8' })) as BotoResult;
}

const MISMATCH =
  'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method. Consult the service documentation for details.';

const ECR = ['ecr', 'describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text'];
const ASG = [
  'autoscaling',
  'describe-launch-configurations',
  '--query',
  'LaunchConfigurations[].LaunchConfigurationName',
  '--output',
  'text',
];

const failure = (code: string, op: string, message: string) => ({
  code: 254,
  stdout: '',
  stderr: `\nsvcctl: [ERROR]: An error occurred (${code}) when calling the ${op} operation: ${message}\n`,
});

describe('the AWS CLI and svcctl, signing right and wrong (both protocols)', () => {
  const cases: Array<[string, { id: string; secret: string } | undefined, string, string, string, string]> = [
    // [what, who, JSON 1.1 code, its message, Query code, its message]
    [
      'wrong secret',
      { id: ALICE.id, secret: 'not-the-secret' },
      'InvalidSignatureException',
      MISMATCH,
      'SignatureDoesNotMatch',
      MISMATCH,
    ],
    [
      'unknown key',
      { id: 'AKIAUNKNOWN000000009', secret: 'x' },
      'UnrecognizedClientException',
      'The security token included in the request is invalid.',
      'InvalidClientTokenId',
      'The security token included in the request is invalid.',
    ],
    [
      'no signature',
      undefined,
      'MissingAuthenticationTokenException',
      'Missing Authentication Token',
      'MissingAuthenticationToken',
      'Request is missing Authentication Token',
    ],
  ];

  it('the right key works in both CLIs', async () => {
    expect(await awsAs(ALICE, ECR)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await svcctlAs(ALICE, ECR.slice(1))).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await awsAs(ALICE, ASG)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await svcctlAs(ALICE, ASG.slice(1))).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  for (const [what, who, jsonCode, jsonMessage, queryCode, queryMessage] of cases) {
    it(`${what}: the AWS CLI sees the services' own errors, and svcctl prints what it prints`, async () => {
      const ecr = await awsAs(who, ECR);
      expect(ecr).toEqual(failure(jsonCode, 'DescribeRepositories', jsonMessage));
      const asg = await awsAs(who, ASG);
      expect(asg).toEqual(failure(queryCode, 'DescribeLaunchConfigurations', queryMessage));
      expect(await svcctlAs(who, ECR.slice(1))).toEqual(ecr);
      expect(await svcctlAs(who, ASG.slice(1))).toEqual(asg);
    });
  }

  it('a session token (serve issues none) is an unknown token', async () => {
    const r = await awsAs(ALICE, ASG, { AWS_SESSION_TOKEN: 'FQoGZXIvYXdzEXAMPLE' });
    expect(r).toEqual(
      failure(
        'InvalidClientTokenId',
        'DescribeLaunchConfigurations',
        'The security token included in the request is invalid.',
      ),
    );
  });
});

/** `20261123T035025Z` */
const stamp = (s: number) =>
  new Date(s * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

describe("botocore's signer at a chosen time (stale, future) and presigned URLs", () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('JSON 1.1: a signature 10 minutes old is expired (5-minute window), 2 minutes old is fine', () => {
    const at = now() - 600;
    const r = botocore('ecr', 'describe_repositories', { at });
    expect(r.status).toBe(400);
    expect(r.code).toBe('InvalidSignatureException');
    expect(r.message).toMatch(
      new RegExp(
        `^Signature expired: ${stamp(at)} is now earlier than \\d{8}T\\d{6}Z \\(\\d{8}T\\d{6}Z - 5 min\\.\\)$`,
      ),
    );
    expect(botocore('ecr', 'describe_repositories', { at: now() - 120 })).toEqual({ ok: { repositories: [] } });
  });

  it('JSON 1.1: a signature 10 minutes in the future is not yet current', () => {
    const at = now() + 600;
    const r = botocore('ecr', 'describe_repositories', { at });
    expect([r.status, r.code]).toEqual([400, 'InvalidSignatureException']);
    expect(r.message).toMatch(
      new RegExp(
        `^Signature not yet current: ${stamp(at)} is still later than \\d{8}T\\d{6}Z \\(\\d{8}T\\d{6}Z \\+ 5 min\\.\\)$`,
      ),
    );
  });

  it('Query: 10 minutes old is inside the 15-minute window, 20 minutes old has expired', () => {
    expect(botocore('autoscaling', 'describe_launch_configurations', { at: now() - 600 })).toEqual({
      ok: { LaunchConfigurations: [] },
    });
    expect(botocore('autoscaling', 'describe_launch_configurations', { at: now() - 1200 })).toEqual({
      status: 400,
      code: 'RequestExpired',
      message: 'Request has expired.',
    });
  });

  it('a presigned URL works until it expires; tampering with it breaks the signature', async () => {
    const fresh = botocore('autoscaling', 'describe_launch_configurations', {
      params: { MaxRecords: 5 },
      presign: 300,
    });
    const ok = await fetch(fresh.url!, { method: 'POST' });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(
      /^<DescribeLaunchConfigurationsResponse [^>]*><DescribeLaunchConfigurationsResult><LaunchConfigurations><\/LaunchConfigurations>/,
    );
    const tampered = await fetch(fresh.url!.replace('MaxRecords=5', 'MaxRecords=6'), { method: 'POST' });
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain(`<Code>SignatureDoesNotMatch</Code><Message>${MISMATCH}</Message>`);
    const old = botocore('autoscaling', 'describe_launch_configurations', { presign: 60, at: now() - 120 });
    const expired = await fetch(old.url!, { method: 'POST' });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toContain('<Code>RequestExpired</Code><Message>Request has expired.</Message>');
  });
});

function getOnce(url: string): Promise<{ status: number; text(): Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode!, text: async () => body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a write over GET (issue 25, item 2): only presigned, and the signature is verified', () => {
  it('a presigned GET URL of DeleteLaunchConfiguration (botocore generate_presigned_url) deletes; tampered, it does not', async () => {
    const lc = { LaunchConfigurationName: 'presigned-get', ImageId: 'ami-12345678', InstanceType: 't2.micro' };
    expect(botocore('autoscaling', 'create_launch_configuration', { params: lc })).toEqual({ ok: {} });
    const { url } = botocore('autoscaling', 'delete_launch_configuration', {
      params: { LaunchConfigurationName: 'presigned-get' },
      presign: 300,
      httpMethod: 'GET',
    });
    // Each on a new connection (agent: false): the python calls between them outlast serve's keep-alive.
    const forged = await getOnce(url!.replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${'0'.repeat(64)}`));
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const deleted = await getOnce(url!);
    expect(deleted.status).toBe(200);
    expect(
      botocore('autoscaling', 'describe_launch_configurations', {
        params: { LaunchConfigurationNames: ['presigned-get'] },
      }),
    ).toEqual({ ok: { LaunchConfigurations: [] } });
  });
});

// Each test runs Debian's Python aws several times: 30 s was crossed on a loaded machine (a hang bound).
describe('two accounts side by side', { timeout: 120_000 }, () => {
  it('repositories: the same name in both accounts, each sees only its own; another registry is refused', async () => {
    const create = [
      'ecr',
      'create-repository',
      '--repository-name',
      'shared/name',
      '--query',
      'repository.[registryId,repositoryArn]',
      '--output',
      'text',
    ];
    expect(await awsAs(ALICE, create)).toEqual({
      code: 0,
      stderr: '',
      stdout: `${ALICE.account}\tarn:aws:ecr:us-east-1:${ALICE.account}:repository/shared/name\n`,
    });
    expect(await svcctlAs(BOB, create.slice(1))).toEqual({
      code: 0,
      stderr: '',
      stdout: `${BOB.account}\tarn:aws:ecr:us-east-1:${BOB.account}:repository/shared/name\n`,
    });
    expect(await awsAs(ALICE, ['ecr', 'create-repository', '--repository-name', 'alice/only'])).toMatchObject({
      code: 0,
    });
    expect(await awsAs(BOB, ECR)).toEqual({ code: 0, stderr: '', stdout: 'shared/name\n' });
    expect(await awsAs(ALICE, ECR)).toEqual({ code: 0, stderr: '', stdout: 'alice/only\tshared/name\n' });
    expect(await awsAs(BOB, ['ecr', 'describe-repositories', '--registry-id', ALICE.account])).toEqual(
      failure(
        'AccessDeniedException',
        'DescribeRepositories',
        `User: arn:aws:iam::${BOB.account}:user/bob is not authorized to perform: ecr:DescribeRepositories on resource: arn:aws:ecr:us-east-1:${ALICE.account}:repository/* because no resource-based policy allows the ecr:DescribeRepositories action`,
      ),
    );
  });

  it('launch configurations: names are per account, and a page token does not cross accounts', async () => {
    for (const n of ['a', 'b', 'c']) {
      expect(
        await awsAs(ALICE, ['autoscaling', ...createLaunchConfiguration(`lc-${n}`, { image: 'ami-12345678' })]),
      ).toEqual({ code: 0, stdout: '', stderr: '' });
    }
    expect(await svcctlAs(BOB, createLaunchConfiguration('lc-a', { image: 'ami-12345678' }))).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await awsAs(BOB, ASG)).toEqual({ code: 0, stderr: '', stdout: 'lc-a\n' });
    expect(await awsAs(ALICE, ASG)).toEqual({ code: 0, stderr: '', stdout: 'lc-a\tlc-b\tlc-c\n' });
    const page = await awsAs(ALICE, [
      'autoscaling',
      'describe-launch-configurations',
      '--no-paginate',
      '--max-records',
      '1',
      '--query',
      'NextToken',
      '--output',
      'text',
    ]);
    expect(page.code).toBe(0);
    const token = page.stdout.trim();
    const other = await awsAs(BOB, [
      'autoscaling',
      'describe-launch-configurations',
      '--no-paginate',
      '--next-token',
      token,
    ]);
    expect(other).toEqual(
      failure(
        'InvalidNextToken',
        'DescribeLaunchConfigurations',
        'The NextToken value is invalid: it was not issued by this service for this region.',
      ),
    );
  });

  it('v2: a listed key acts in its account; another account cannot read it; an unlisted key is refused', async () => {
    const client = (key: string) => stripeAt(serve.url, key);
    const token = await client(BILLING_KEY).v2.core.accountTokens.create({ contact_email: 'a@example.com' });
    expect(token.id).toMatch(/^accttok_/);
    expect((await client(BILLING_KEY).v2.core.accountTokens.retrieve(token.id)).id).toBe(token.id);
    const fromOther = await client(PARTNER_KEY)
      .v2.core.accountTokens.retrieve(token.id)
      .catch((e: unknown) => e as { statusCode?: number; code?: string });
    expect(fromOther).toMatchObject({ statusCode: 404 });
    const unlisted = await client('sk_test_notlisted000000')
      .v2.core.accountTokens.create({})
      .catch((e: unknown) => e as { statusCode?: number; code?: string; type?: string });
    expect(unlisted).toMatchObject({ statusCode: 401, code: 'api_key_invalid', type: 'StripeAuthenticationError' });
  });
});

/** One raw request; resolves with the status, or 0 when the server closed the connection. */
function raw(headers: Record<string, string>, body: string): Promise<number> {
  const url = new URL(serve.url);
  return new Promise((resolve) => {
    const req = request({ host: url.hostname, port: url.port, method: 'POST', path: '/', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

describe('hostile signatures', () => {
  it('a long Authorization is quoted by the one echo rule (whole up to 1,024 characters, then 64 and the length)', async () => {
    const call = async (authorization: string, date?: string) => {
      const res = await fetch(serve.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.DescribeRepositories',
          ...(date === undefined ? {} : { 'x-amz-date': date }),
          authorization,
        },
        body: '{}',
      });
      return [res.status, JSON.parse(await res.text()).message];
    };
    expect(await call(`X${'a'.repeat(1999)} y`)).toEqual([
      400,
      `Authorization header requires 'Credential' parameter. Authorization header requires 'Signature' parameter. Authorization header requires 'SignedHeaders' parameter. Authorization=X${'a'.repeat(63)}... (2000 characters)`,
    ]);
  });

  it('fuzzed and huge Authorization headers get 4xx answers, the server stays up, and no secret reaches the log', async () => {
    let seed = 12345;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const pieces = [
      'AWS4-HMAC-SHA256 ',
      'Credential=',
      `${ALICE.id}/`,
      '20261123/',
      'us-east-1/',
      'ecr/',
      'aws4_request',
      ', SignedHeaders=',
      'host;x-amz-date',
      ', Signature=',
      'ab'.repeat(32),
      '=',
      ',',
      ' ',
      '/',
      '\u00e9',
      '%00',
    ];
    const statuses = new Set<number>();
    for (let i = 0; i < 200; i++) {
      let value = '';
      for (let j = 0, n = 1 + rnd(12); j < n; j++) value += pieces[rnd(pieces.length)];
      if (i % 20 === 0)
        value = `AWS4-HMAC-SHA256 Credential=${'A'.repeat(8000)}/20261123/us-east-1/ecr/aws4_request, SignedHeaders=host, Signature=${'0'.repeat(64)}`;
      const headers: Record<string, string> = {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.DescribeRepositories',
        'x-amz-date': i % 3 === 0 ? 'garbage' : stamp(Math.floor(Date.now() / 1000)),
        authorization: value.replace(/[^\x20-\x7e]/g, '?'),
      };
      statuses.add(await raw(headers, '{}'));
    }
    for (const s of statuses) expect(s >= 400 && s < 500, `status ${s}`).toBe(true);
    expect(await awsAs(ALICE, ECR)).toMatchObject({ code: 0 });
    const log = serve.stderr();
    for (const secret of [ALICE.secret, BOB.secret, BILLING_KEY, PARTNER_KEY]) expect(log).not.toContain(secret);
  });
});

describe('starting serve with credentials', { timeout: 120_000 }, () => {
  const start = (args: string[], env: Record<string, string> = {}) =>
    runProgram(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
      PATH: process.env.PATH ?? '',
      SVCCTL_HOME: join(dir, 'refused-store'),
      ...env,
    });

  it('a bad file is refused at start with its line number, never a value (253)', async () => {
    const file = join(dir, 'bad.ini');
    const check = async (text: string | Buffer, message: string) => {
      writeFileSync(file, text, { mode: 0o600 });
      const r = await start(['--credentials', file]);
      expect(r).toEqual({
        code: 253,
        stdout: '',
        stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): ${message}\n`,
      });
    };
    await check(
      '[a]\naws_access_key_id = AKIAALICE0000000001\naws_secret_access_key = s3cr3t-value\naccount_id = 1234\n',
      `--credentials file ${file}, line 4: account_id must be 12 digits.`,
    );
    await check(
      '[a]\naws_access_key_id = AKIAALICE0000000001\naccount_id = 111111111111\n',
      `--credentials file ${file}, line 2: [a] has aws_access_key_id without aws_secret_access_key.`,
    );
    await check(
      '[a]\napi_key = sk_test_s3cr3t-value!\naccount_id = 111111111111\n',
      `--credentials file ${file}, line 2: not an API key (sk_, pk_ or rk_, then test_ or live_, then letters, digits and _).`,
    );
    await check(
      'aws_secret_access_key = s3cr3t-value\n',
      `--credentials file ${file}, line 1: a setting before any [section].`,
    );
    await check(
      '[a]\npassword = s3cr3t-value\n',
      `--credentials file ${file}, line 2: unknown key 'password' (expected aws_access_key_id, aws_secret_access_key, api_key, account_id or admin).`,
    );
    await check(
      `[a]\n${'k'.repeat(2000)} = s3cr3t-value\n`,
      `--credentials file ${file}, line 2: unknown key '${'k'.repeat(64)}...' (2000 characters) (expected aws_access_key_id, aws_secret_access_key, api_key, account_id or admin).`,
    );
    await check(
      '[a]\ns3cr3t-value\n',
      `--credentials file ${file}, line 2: expected 'key = value' or a [section] header.`,
    );
    // One decoder for every config file (issue 44, items 7 and 11): a bad byte and a key given twice, by line.
    await check(
      Buffer.concat([
        Buffer.from('[a]\naccount_id = 111111111111\napi_key = sk_test_s3cr'),
        Buffer.from([0xe9]),
        Buffer.from('t\n'),
      ]),
      `--credentials file ${file}, line 3: not valid UTF-8 (byte 0xe9 at character 23).`,
    );
    await check(
      '[a]\napi_key = sk_test_s3cr3t\naccount_id = 111111111111\napi_key = sk_test_s3cr3t2\n',
      `--credentials file ${file}, line 4: api_key is set twice in [a] (first at line 2).`,
    );
  });

  it('--require-auth without credentials is refused (253); the variable names the file too', async () => {
    expect(await start(['--require-auth'])).toEqual({
      code: 253,
      stdout: '',
      stderr:
        '\nsvcctl: [ERROR]: An error occurred (Configuration): svcctl serve --require-auth: no --credentials file (or SVCCTL_SERVE_CREDENTIALS) names who may call this server.\n',
    });
    const file = join(dir, 'world-readable.ini');
    writeFileSync(file, CREDENTIALS);
    chmodSync(file, 0o644);
    const proc = await startServe(['--require-auth'], {
      SVCCTL_HOME: join(dir, 'env-store'),
      SVCCTL_SERVE_CREDENTIALS: file,
    });
    try {
      expect(await awsAs(undefined, ECR, {}, proc.url)).toEqual(
        failure('MissingAuthenticationTokenException', 'DescribeRepositories', 'Missing Authentication Token'),
      );
      expect(await awsAs(ALICE, ECR, {}, proc.url)).toEqual({ code: 0, stdout: '', stderr: '' });
      // Hostile pass 17c: the file came from the variable, and the warning named --credentials, never given.
      expect(proc.stderr()).toContain(
        `warning: SVCCTL_SERVE_CREDENTIALS file ${file} is readable by other users (mode 0644); chmod 600 it.\n`,
      );
    } finally {
      await proc.stop();
    }
  });

  it('a SVCCTL_SERVE_CREDENTIALS file that cannot be read or is wrong is named by the variable, not --credentials (253)', async () => {
    // Hostile pass 17c: 'SVCCTL_SERVE_CREDENTIALS=/nonexist serve' said 'Unable to read --credentials file /nonexist'.
    const missing = join(dir, 'missing.ini');
    expect(await start([], { SVCCTL_SERVE_CREDENTIALS: missing })).toEqual({
      code: 253,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read SVCCTL_SERVE_CREDENTIALS file ${missing}: [Errno 2] No such file or directory\n`,
    });
    const bad = join(dir, 'no-account.ini');
    writeFileSync(bad, '[x]\naws_access_key_id = A\n', { mode: 0o600 });
    expect(await start([], { SVCCTL_SERVE_CREDENTIALS: bad })).toEqual({
      code: 253,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): SVCCTL_SERVE_CREDENTIALS file ${bad}, line 1: [x] has no account_id (12 digits).\n`,
    });
    expect(await start(['--credentials', missing])).toEqual({
      code: 253,
      stdout: '',
      stderr: `\nsvcctl: [ERROR]: An error occurred (Configuration): Unable to read --credentials file ${missing}: [Errno 2] No such file or directory\n`,
    });
  });
});
