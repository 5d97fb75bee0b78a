/**
 * The HTTP backend's own behaviour: transport failures, retries, time-outs, credentials, signing,
 * idempotency keys and --debug, against scripted servers on 127.0.0.1.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../../src/backends/http/transport.js';
import { flagsFor } from '../../src/models/flags.js';
import { OPERATIONS } from '../../src/models/registry.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok, paramValidation, serviceError } from '../helpers/cli-results.js';
import { closedPort, type Fake, fakeServer, reply } from '../helpers/fake-server.js';
import { AWS_ENV } from '../helpers/harness.js';
import { requiredArgv } from '../helpers/model-values.js';

/** Where credentials can come from: every way, since the AWS CLI's own advice ("aws login") leads nowhere here. */
const NO_CREDENTIALS_TEXT =
  'Unable to locate credentials. You can configure credentials by running "svcctl configure" (or "svcctl configure set aws_access_key_id ..." and ' +
  '"svcctl configure set aws_secret_access_key ..."), by setting AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or in ~/.aws/credentials; ' +
  'a server that does not check signatures also takes --no-sign-request.';

let sb: Sandbox;
let fake: Fake | undefined;
beforeEach(() => {
  sb = sandbox({ ...AWS_ENV, SVCCTL_API_KEY: 'sk_test_secretvalue' });
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  sb.cleanup();
});

const TOKEN =
  '{"id":"accttok_1","object":"v2.core.account_token","created":"2026-11-20T23:21:51.327Z","expires_at":"2026-11-20T23:31:51.327Z","livemode":false,"used":false}';
const TOKEN_OUT =
  '{\n    "id": "accttok_1",\n    "object": "v2.core.account_token",\n    "created": "2026-11-20T23:21:51.327Z",\n    "expires_at": "2026-11-20T23:31:51.327Z",\n    "livemode": false,\n    "used": false\n}\n';
const JSON11 = { 'content-type': 'application/x-amz-json-1.1' };

describe('transport failures', () => {
  it('says it could not connect, naming the endpoint, after the bounded retries (255)', async () => {
    const port = await closedPort();
    const started = Date.now();
    expect(await sb.run(['describe-repositories', '--endpoint-url', `http://127.0.0.1:${port}`])).toEqual(
      failed(255, `\nsvcctl: [ERROR]: Could not connect to the endpoint URL: "http://127.0.0.1:${port}/"\n`),
    );
    // An outer bound on the retries (3 attempts, 100 ms jittered base): it fails when they never stop, not when the machine is slow.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(
      await sb.run(['account-token', 'get', '--id', 'x', '--endpoint-url', `http://127.0.0.1:${port}/base/`]),
    ).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: Could not connect to the endpoint URL: "http://127.0.0.1:${port}/base/v2/core/account_tokens/x"\n`,
      ),
    );
  });

  it('says an https:// endpoint that answers plain HTTP is a TLS mismatch, as the AWS CLI does (255)', async () => {
    fake = await fakeServer((_req, res) => res.end('{}'));
    const url = fake.url.replace('http:', 'https:');
    const stderr = (path: string) =>
      `\nsvcctl: [ERROR]: SSL validation failed for ${url}${path} [SSL: WRONG_VERSION_NUMBER] wrong version number: the server does not speak TLS ` +
      '(a plain-HTTP server, such as svcctl serve without --tls-cert, takes http://)\n';
    expect(await sb.run(['describe-repositories', '--endpoint-url', url])).toEqual(failed(255, stderr('/')));
    expect(await sb.run(['account-token', 'get', '--id', 'x', '--endpoint-url', url])).toEqual(
      failed(255, stderr('/v2/core/account_tokens/x')),
    );
    expect(fake.seen).toEqual([]);
  });

  it.each([
    ['a chunked body cut short', 'transfer-encoding: chunked\r\n\r\n1f\r\n{"repositories":[{"repositoryNa\r\n'],
    ['a body shorter than its Content-Length', 'content-length: 5000\r\n\r\n{"repositories":[]}'],
  ])(
    'calls %s a connection closed before an answer, after the retries (255), not an exit 0 printing nothing',
    async (_name, rest) => {
      // Hostile pass 21c: both exited 0 with nothing on stdout or stderr, the attempt's promise never settled.
      fake = await fakeServer((_req, res) => {
        res.socket!.end(`HTTP/1.1 200 OK\r\ncontent-type: application/x-amz-json-1.1\r\n${rest}`);
      });
      expect(
        await sb.run(['describe-repositories', '--endpoint-url', fake.url], { env: { AWS_MAX_ATTEMPTS: '2' } }),
      ).toEqual(
        failed(
          255,
          `\nsvcctl: [ERROR]: Connection was closed before we received a valid response from endpoint URL: "${fake.url}/".\n`,
        ),
      );
      expect(fake.seen.length).toBe(2);
      expect(await sb.run(['account-token', 'get', '--id', 'x', '--endpoint-url', fake.url])).toEqual(
        failed(
          255,
          `\nsvcctl: [ERROR]: Connection was closed before we received a valid response from endpoint URL: "${fake.url}/v2/core/account_tokens/x".\n`,
        ),
      );
    },
  );

  it('says an answer with a control character in a header is no valid HTTP response (compat 448, 255)', async () => {
    // Hostile pass 21c: it was 'Connection was closed before we received a valid response', though the server had
    // answered; the AWS CLI 2.9.19 takes the header and prints the answer.
    fake = await fakeServer((_req, res) => {
      res.socket!.end(
        'HTTP/1.1 200 OK\r\ncontent-type: application/x-amz-json-1.1\r\nx-amzn-requestid: a\x01b\r\ncontent-length: 2\r\n\r\n{}',
      );
    });
    expect(
      await sb.run(['describe-repositories', '--endpoint-url', fake.url], { env: { AWS_MAX_ATTEMPTS: '2' } }),
    ).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: The endpoint URL "${fake.url}/" answered with no valid HTTP response (Parse Error: Invalid header value char).\n`,
      ),
    );
    expect(fake.seen.length).toBe(2);
  });

  it('gives up on a server that never answers after --cli-read-timeout, on every attempt', async () => {
    fake = await fakeServer(() => {});
    const result = await sb.run(['describe-repositories', '--endpoint-url', fake.url, '--cli-read-timeout', '1'], {
      env: { AWS_MAX_ATTEMPTS: '2' },
    });
    expect(result).toEqual(failed(255, `\nsvcctl: [ERROR]: Read timeout on endpoint URL: "${fake.url}/"\n`));
    expect(fake.seen.length).toBe(2);
  });

  it('gives up on a connection that never completes after --cli-connect-timeout (TLS handshake never answered)', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `https://127.0.0.1:${(silent.address() as { port: number }).port}`;
    const started = Date.now();
    const result = await sb.run(['describe-repositories', '--endpoint-url', url, '--cli-connect-timeout', '1'], {
      env: { AWS_MAX_ATTEMPTS: '1' },
    });
    for (const s of sockets) s.destroy();
    silent.close();
    expect(result).toEqual(failed(255, `\nsvcctl: [ERROR]: Connect timeout on endpoint URL: "${url}/"\n`));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('stops waiting when interrupted (130)', async () => {
    fake = await fakeServer(() => {});
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 200);
    expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url], { signal: abort.signal })).toEqual(
      failed(130, ''),
    );
  });

  it('waits for a slow answer when the read time-out is 0 (none)', async () => {
    fake = await fakeServer((_req, res) =>
      setTimeout(() => reply(200, '{"repositories":[]}', JSON11)(_req, res, 0), 1_200),
    );
    expect(
      await sb.run([
        'describe-repositories',
        '--endpoint-url',
        fake.url,
        '--cli-read-timeout',
        '0',
        '--cli-connect-timeout',
        '0',
      ]),
    ).toEqual({ code: 0, stdout: '{\n    "repositories": []\n}\n', stderr: '' });
  });

  it.each([
    ['--cli-read-timeout', '2147484'],
    ['--cli-connect-timeout', '2147484'],
    ['--cli-read-timeout', '9007199254740993'],
  ])(
    'waits %s %s s (past one timer of 2^31-1 ms) in full, not 1 ms with a TimeoutOverflowWarning',
    async (flag, seconds) => {
      // Hostile pass 16b: node runs a timer longer than 2^31-1 ms after 1 ms, warning on stderr; the read
      // time-out then fired at once (255 "Read timeout"), where /usr/bin/aws 2.9.19 answers (0).
      const warnings: string[] = [];
      const onWarning = (w: Error) => warnings.push(w.name);
      process.on('warning', onWarning);
      fake = await fakeServer(reply(200, '{"repositories":[]}', JSON11));
      const result = await sb.run(['describe-repositories', '--endpoint-url', fake.url, flag, seconds]);
      // A warning is emitted on the next tick of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      process.off('warning', onWarning);
      expect(result).toEqual({ code: 0, stdout: '{\n    "repositories": []\n}\n', stderr: '' });
      expect(warnings).toEqual([]);
    },
  );

  it.each([
    ['JSON 1.1', ['describe-repositories'], '/', 'AWS JSON 1.1', 'the body is not JSON'],
    ['Query', ['describe-launch-configurations'], '/', 'AWS Query', 'not XML: expected < at offset 0'],
    ['v2', ['account-token', 'get', '--id', 'x'], '/v2/core/account_tokens/x', 'v2 JSON', 'the body is not JSON'],
  ])('calls garbage in a 200 answer a transport error (%s)', async (_n, argv, path, protocol, why) => {
    fake = await fakeServer(reply(200, 'hello'));
    expect(await sb.run([...argv, '--endpoint-url', fake.url])).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: Unable to parse the response from the endpoint URL: "${fake.url}${path}" as ${protocol} (HTTP 200): ${why}\n`,
      ),
    );
    expect(fake.seen.length).toBe(1);
  });

  it.each(['&#x110000;', '&#1114112;', '&#xD800;'])(
    'calls a character reference to no character (%s) a transport error naming the endpoint (issue 13, class 9)',
    async (ref) => {
      const body = `<DescribeLaunchConfigurationsResponse><DescribeLaunchConfigurationsResult><LaunchConfigurations><member><LaunchConfigurationName>a${ref}</LaunchConfigurationName></member></LaunchConfigurations></DescribeLaunchConfigurationsResult></DescribeLaunchConfigurationsResponse>`;
      fake = await fakeServer(reply(200, body, { 'content-type': 'text/xml' }));
      expect(await sb.run(['describe-launch-configurations', '--endpoint-url', fake.url])).toEqual(
        failed(
          255,
          `\nsvcctl: [ERROR]: Unable to parse the response from the endpoint URL: "${fake.url}/" as AWS Query (HTTP 200): character reference ${ref} names no character\n`,
        ),
      );
    },
  );

  it('names a body that is not valid UTF-8 (255), on every protocol and an error status, not reading the byte as U+FFFD', async () => {
    // Hostile pass 21c: a repositoryName sent as a\xff\xfe printed as "a\ufffd\ufffd", exit 0; the AWS CLI 2.9.19
    // fails (255) with "'utf-8' codec can't decode byte 0xff in position 37: invalid start byte".
    const bad = (text: string) => Buffer.from(text.replace('@', '\u00ff'), 'latin1');
    const answers: Record<string, [number, Buffer]> = {
      '/': [200, bad('{"repositories":[{"repositoryName":"a@"}]}')],
      '/q/': [
        200,
        bad(
          '<DescribeLaunchConfigurationsResponse><DescribeLaunchConfigurationsResult><LaunchConfigurations><member><LaunchConfigurationName>@</LaunchConfigurationName></member></LaunchConfigurations></DescribeLaunchConfigurationsResult></DescribeLaunchConfigurationsResponse>',
        ),
      ],
      '/v2/core/account_tokens/x': [200, bad('{"id":"accttok_@"}')],
      '/e/': [400, bad('{"__type":"RepositoryNotFoundException","message":"no @"}')],
      '/fine/': [200, Buffer.from('{"repositories":[{"repositoryName":"a\ufffd"}]}')],
    };
    fake = await fakeServer((req, res) => {
      const [status, body] = answers[req.url]!;
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(body);
    });
    const parse = (path: string, protocol: string, at: number) =>
      failed(
        255,
        `\nsvcctl: [ERROR]: Unable to parse the response from the endpoint URL: "${fake!.url}${path}" as ${protocol} (HTTP 200): the body is not valid UTF-8 (byte 0xff at character ${at})\n`,
      );
    expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url])).toEqual(parse('/', 'AWS JSON 1.1', 38));
    expect(await sb.run(['describe-launch-configurations', '--endpoint-url', `${fake.url}/q`])).toEqual(
      parse('/q/', 'AWS Query', 130),
    );
    expect(await sb.run(['account-token', 'get', '--id', 'x', '--endpoint-url', fake.url])).toEqual(
      parse('/v2/core/account_tokens/x', 'v2 JSON', 16),
    );
    expect(await sb.run(['describe-repositories', '--endpoint-url', `${fake.url}/e`])).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: The endpoint URL "${fake.url}/e/" answered HTTP 400 with no error in the AWS JSON 1.1 shape (the body is not valid UTF-8 (byte 0xff at character 55)).\n`,
      ),
    );
    expect(
      await sb.run([
        'describe-repositories',
        '--endpoint-url',
        `${fake.url}/fine`,
        '--query',
        'repositories[0].repositoryName',
      ]),
    ).toEqual(ok('"a\ufffd"\n'));
  });

  it.each([
    ['"yesterday"', '"yesterday"'],
    ['123456789012345678901234567890', '123456789012345678901234567890'],
    ['1e400', 'Infinity'],
    ['true', 'true'],
    // Named by the one echo rule of a JSON value (core/input-rules.ts echoJsonValue): a long string cut inside its quotes.
    [`"${'y'.repeat(1100)}"`, `"${'y'.repeat(64)}..." (1100 characters)`],
    // No datetime Python holds: its year, day or UTC offset.
    ['253402300800', '253402300800'],
    ['-62135596801', '-62135596801'],
    ['"0000-01-01T00:00:00Z"', '"0000-01-01T00:00:00Z"'],
    ['"2020-02-30T00:00:00Z"', '"2020-02-30T00:00:00Z"'],
    // Hostile pass 22a (second probe): +24:00 printed as sent and +23:60 as +24:00; the AWS CLI 2.9.19: 'offset
    // must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).' (255).
    ['"2020-01-01T00:00:00+24:00"', '"2020-01-01T00:00:00+24:00"'],
    ['"2020-01-01T00:00:00+23:60"', '"2020-01-01T00:00:00+23:60"'],
  ])(
    'refuses an answer whose timestamp is no date, or none Python holds (createdAt: %s, 255), as AWS Query refuses <CreatedTime>',
    async (sent, named) => {
      // Hostile pass 21c: JSON 1.1 printed createdAt as the server sent it, exit 0 (1e400 as Infinity in --output
      // json), where a Query <CreatedTime>garbage was refused; the AWS CLI 2.9.19 refuses both (255: 'Invalid
      // timestamp "yesterday": Unknown string format', 'timestamp out of range for platform time_t').
      // Hostile pass 22a: 253402300800 printed "+010000-01-01T00:00+00:00", -62135596801 "0000-12-31T23:59:59+00:00",
      // "0000-01-01T00:00:00Z" "1900-01-01T00:00:00+00:00" and Feb 30 "2020-03-01T00:00:00+00:00", exit 0; the AWS CLI
      // 2.9.19 refuses each (255: 'year 10000 is out of range', 'year 0 is out of range', 'day is out of range for month').
      fake = await fakeServer(reply(200, `{"repositories":[{"repositoryName":"a","createdAt":${sent}}]}`, JSON11));
      expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url])).toEqual(
        failed(
          255,
          `\nsvcctl: [ERROR]: Unable to parse the response from the endpoint URL: "${fake.url}/" as AWS JSON 1.1 (HTTP 200): createdAt is not a timestamp: ${named}\n`,
        ),
      );
    },
  );

  it.each([
    ['repositories', '{"a":1}', 'a list', '{"a":1}'],
    ['repositories', '"abc"', 'a list', '"abc"'],
    ['repositories', '[5]', 'an object', '5'],
    ['imageScanningConfiguration', '[]', 'an object', '[]'],
  ])(
    'refuses an answer whose %s is %s (255), in every output format, not printing [] for --output json',
    async (member, sent, expected, named) => {
      // Hostile pass 21c: '"repositories": {"a": 1}' printed as '"repositories": []' by a paged --output json and as
      // the object by text, yaml, table, --query and --no-paginate, exit 0; the AWS CLI 2.9.19 fails (255,
      // "'str' object has no attribute 'get'").
      const body =
        member === 'repositories'
          ? `{"repositories":${sent}}`
          : `{"repositories":[{"repositoryName":"a","${member}":${sent}}]}`;
      fake = await fakeServer(reply(200, body, JSON11));
      const refused = failed(
        255,
        `\nsvcctl: [ERROR]: Unable to parse the response from the endpoint URL: "${fake.url}/" as AWS JSON 1.1 (HTTP 200): ${member} is not ${expected}: ${named}\n`,
      );
      for (const extra of [
        [],
        ['--output', 'text'],
        ['--output', 'yaml'],
        ['--no-paginate'],
        ['--query', 'repositories'],
      ])
        expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url, ...extra])).toEqual(refused);
    },
  );

  it('prints a paged answer without its list (a server answering {}) without the list, in every format, as the AWS CLI does', async () => {
    // Hostile pass 21c: '{}' printed as {"repositories": []} (json), 'repositories: []' (yaml), a table's title,
    // and --query repositories as [] where the AWS CLI 2.9.19 prints nothing and null.
    fake = await fakeServer(reply(200, '{}', JSON11));
    const run = (...extra: string[]) => sb.run(['describe-repositories', '--endpoint-url', fake!.url, ...extra]);
    for (const format of ['json', 'yaml', 'table']) expect(await run('--output', format)).toEqual(ok(''));
    expect(await run('--output', 'text')).toEqual(ok('None\n'));
    expect(await run('--query', 'repositories')).toEqual(ok('null\n'));
    expect(await run('--query', 'length(repositories)')).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: In function length(), invalid type for value: None, expected one of: ['string', 'array', 'object'], received: "null"\n`,
      ),
    );
  });

  it.each(['', ' \n'])(
    'reads an AWS JSON 1.1 answer with an empty body (%j) as one with no member, as the AWS CLI does',
    async (body) => {
      // Hostile pass 21c: it was 'Unable to parse the response … (HTTP 200): the body is not JSON', 255; the AWS CLI
      // 2.9.19 exits 0 printing nothing (botocore reads an empty body as {}), as svcctl reads an empty error body.
      fake = await fakeServer(reply(200, body, JSON11));
      expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url])).toEqual(ok(''));
      expect(await sb.run(['create-repository', '--repository-name', 'ab', '--endpoint-url', fake.url])).toEqual(
        ok(''),
      );
      expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url, '--query', 'repositories'])).toEqual(
        ok('null\n'),
      );
    },
  );

  it('reads an error __type without what follows its colon, as the header is read (254)', async () => {
    // Hostile pass 21c: '{"__type":"com.amazonaws.ecr#RepositoryNotFoundException:http://internal/"}' was the code
    // 'RepositoryNotFoundException:http://internal/'; the AWS JSON 1.1 protocol and botocore 1.43 take the text before
    // the first ':' (the AWS CLI 2.9.19 kept it whole).
    fake = await fakeServer(
      reply(
        400,
        '{"__type":"com.amazonaws.ecr#RepositoryNotFoundException:http://internal/","message":"gone"}',
        JSON11,
      ),
    );
    expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url])).toEqual(
      failed(
        254,
        '\nsvcctl: [ERROR]: An error occurred (RepositoryNotFoundException) when calling the DescribeRepositories operation: gone\n',
      ),
    );
  });

  it.each([
    ['0099-01-01T00:00:00Z', '0099-01-01T00:00:00+00:00'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00+00:00'],
    ['2020-01-01', '2020-01-01T00:00:00'],
    ['9999-12-31T23:59:59-01:00', '9999-12-31T23:59:59-01:00'],
    ['2020-01-01T00:00:00-23:59', '2020-01-01T00:00:00-23:59'],
    // Hostile pass 22a (second probe): refused as no timestamp (255), where dateutil reads them.
    ['2020-1-1T00:00:00Z', '2020-01-01T00:00:00+00:00'],
    ['20200101T000000.5+0100', '2020-01-01T00:00:00.500000+01:00'],
  ])('prints an AWS Query timestamp %s as the AWS CLI does (%s)', async (sent, printed) => {
    // Hostile pass 22a: 0099-01-01T00:00:00Z printed 1999-01-01T00:00:00+00:00 (JavaScript's Date.UTC reads years
    // 0 to 99 as 1900 to 1999), 2020-01-01 as 2020-01-01T00:00:00+00:00; the AWS CLI 2.9.19 prints the second column.
    const body = `<DescribeLaunchConfigurationsResponse><DescribeLaunchConfigurationsResult><LaunchConfigurations><member><LaunchConfigurationName>a</LaunchConfigurationName><CreatedTime>${sent}</CreatedTime></member></LaunchConfigurations></DescribeLaunchConfigurationsResult></DescribeLaunchConfigurationsResponse>`;
    fake = await fakeServer(reply(200, body, { 'content-type': 'text/xml' }));
    expect(
      await sb.run([
        'describe-launch-configurations',
        '--endpoint-url',
        fake.url,
        '--query',
        'LaunchConfigurations[0].CreatedTime',
        '--output',
        'text',
      ]),
    ).toEqual(ok(`${printed}\n`));
  });

  it.each([
    ['imagePushedAt', 'null'],
    ['imageDigest', 'null'],
    ['imageScanStatus', 'null'],
    ['imageTags', 'null'],
  ])(
    "leaves out an AWS JSON 1.1 answer's member %s sent as %s, as the AWS CLI does, in json and text",
    async (member, sent) => {
      // Hostile pass 22a: "imagePushedAt": null printed as null in --output json and None in text; the AWS CLI
      // 2.9.19 (botocore's JSON parser drops a structure's member whose value is null) prints neither.
      fake = await fakeServer(
        reply(
          200,
          `{"imageDetails":[{"repositoryName":"ab","${member}":${sent}${member === 'imageTags' ? '' : ',"imageTags":["a",null]'}}]}`,
          JSON11,
        ),
      );
      const args = ['describe-images', '--repository-name', 'ab', '--endpoint-url', fake.url];
      const tags =
        member === 'imageTags'
          ? ''
          : ',\n            "imageTags": [\n                "a",\n                null\n            ]';
      expect(await sb.run([...args, '--output', 'json'])).toEqual(
        ok(`{\n    "imageDetails": [\n        {\n            "repositoryName": "ab"${tags}\n        }\n    ]\n}\n`),
      );
      expect(await sb.run([...args, '--output', 'text'])).toEqual(
        ok(member === 'imageTags' ? 'IMAGEDETAILS\tab\n' : 'IMAGEDETAILS\tab\nIMAGETAGS\ta\nIMAGETAGS\tNone\n'),
      );
    },
  );

  it('refuses an AWS Query answer whose timestamp is no date (255)', async () => {
    const body =
      '<DescribeLaunchConfigurationsResponse><DescribeLaunchConfigurationsResult><LaunchConfigurations><member><LaunchConfigurationName>a</LaunchConfigurationName><CreatedTime>yesterday</CreatedTime></member></LaunchConfigurations></DescribeLaunchConfigurationsResult></DescribeLaunchConfigurationsResponse>';
    fake = await fakeServer(reply(200, body, { 'content-type': 'text/xml' }));
    expect(await sb.run(['describe-launch-configurations', '--endpoint-url', fake.url])).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: Unable to parse the response from the endpoint URL: "${fake.url}/" as AWS Query (HTTP 200): <CreatedTime> is not a timestamp: yesterday\n`,
      ),
    );
  });

  it('refuses an AWS Query answer with a <!DOCTYPE>, naming it, expanding no entity (compat 447, 255)', async () => {
    // Hostile pass 21c: it was 'not XML: expected an element name at offset 22'; the AWS CLI 2.9.19 expands the
    // internal entity and prints 'boom', exit 0.
    const body =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]><DescribeLaunchConfigurationsResponse><DescribeLaunchConfigurationsResult><LaunchConfigurations><member><LaunchConfigurationName>&e;</LaunchConfigurationName></member></LaunchConfigurations></DescribeLaunchConfigurationsResult></DescribeLaunchConfigurationsResponse>';
    fake = await fakeServer(reply(200, body, { 'content-type': 'text/xml' }));
    expect(await sb.run(['describe-launch-configurations', '--endpoint-url', fake.url])).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: Unable to parse the response from the endpoint URL: "${fake.url}/" as AWS Query (HTTP 200): not XML: a <!DOCTYPE> declaration is not read (no entity is expanded) at offset 21\n`,
      ),
    );
  });

  it('follows no redirect: a 302 is an error status with no error of the protocol (compat 446, 255)', async () => {
    const other = await fakeServer(reply(200, '{"repositories":[]}', JSON11));
    fake = await fakeServer((_req, res) => {
      res.writeHead(302, { location: `${other.url}/` });
      res.end();
    });
    try {
      expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url])).toEqual(
        failed(
          255,
          `\nsvcctl: [ERROR]: The endpoint URL "${fake.url}/" answered HTTP 302 with no error in the AWS JSON 1.1 shape (no __type in the error response).\n`,
        ),
      );
      expect([fake.seen.length, other.seen.length]).toEqual([1, 0]);
    } finally {
      await other.close();
    }
  });

  it('calls an error status without an error body a transport error, after retrying 5xx', async () => {
    fake = await fakeServer(reply(502, '<html>Bad Gateway</html>'));
    expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url])).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: The endpoint URL "${fake.url}/" answered HTTP 502 with no error in the AWS JSON 1.1 shape (the body is not JSON).\n`,
      ),
    );
    expect(fake.seen.length).toBe(3);
  });

  // botocore reads an error's <Message> (Query) or "message" (JSON 1.1) as ElementTree and json.loads do: an
  // empty element and a null are None (the sentence says None, --cli-error-format json prints null), no <Message>
  // is Unknown; an empty <Code/> is no error code, as an empty __type is (#446). svcctl printed '' for each, and
  // took a null "message" as the "Message" beside it.
  it.each([
    [
      'an empty <Message/>',
      '<Code>ValidationError</Code><Message></Message>',
      'ValidationError) when calling the DescribeLaunchConfigurations operation: None',
      '{\n    "Code": "ValidationError",\n    "Message": null\n}\n',
    ],
    [
      'no <Message>',
      '<Code>ValidationError</Code>',
      'ValidationError) when calling the DescribeLaunchConfigurations operation: Unknown',
      '{\n    "Code": "ValidationError"\n}\n',
    ],
  ])('reads %s in a Query error as botocore does (254)', async (_name, inner, sentence, json) => {
    const body = `<ErrorResponse><Error><Type>Sender</Type>${inner}</Error><RequestId>r</RequestId></ErrorResponse>`;
    fake = await fakeServer(reply(400, body, { 'content-type': 'text/xml' }));
    const args = ['describe-launch-configurations', '--endpoint-url', fake.url];
    expect(await sb.run(args)).toEqual(failed(254, `\nsvcctl: [ERROR]: An error occurred (${sentence}\n`));
    expect(await sb.run([...args, '--cli-error-format', 'json'])).toEqual(failed(254, json));
  });

  it('calls an empty <Code/> in a Query error no error code, as an empty __type (255)', async () => {
    const body = '<ErrorResponse><Error><Type>Sender</Type><Code/><Message>m</Message></Error></ErrorResponse>';
    fake = await fakeServer(reply(400, body, { 'content-type': 'text/xml' }));
    expect(await sb.run(['describe-launch-configurations', '--endpoint-url', fake.url])).toEqual(
      failed(
        255,
        `\nsvcctl: [ERROR]: The endpoint URL "${fake.url}/" answered HTTP 400 with no error in the AWS Query shape (no <Error><Code> in the error response).\n`,
      ),
    );
  });

  it('takes a null "message" in a JSON 1.1 error as None, not the "Message" beside it (254)', async () => {
    fake = await fakeServer(
      reply(400, '{"__type":"X","message":null,"Message":"y"}', { 'content-type': 'application/x-amz-json-1.1' }),
    );
    const args = ['describe-repositories', '--endpoint-url', fake.url];
    expect(await sb.run(args)).toEqual(
      failed(254, '\nsvcctl: [ERROR]: An error occurred (X) when calling the DescribeRepositories operation: None\n'),
    );
    expect(await sb.run([...args, '--cli-error-format', 'json'])).toEqual(
      failed(254, '{\n    "Message": null,\n    "Code": "X",\n    "message": null\n}\n'),
    );
  });

  it('checks the endpoint URL as the AWS CLI does (252)', async () => {
    expect(await sb.run(['describe-repositories', '--endpoint-url', 'localhost:4566'])).toEqual(
      failed(
        252,
        paramValidation(
          'Bad value for --endpoint-url "localhost:4566": scheme is missing.  Must be of the form http://<hostname>/ or https://<hostname>/',
        ),
      ),
    );
  });
});

describe('retries', () => {
  it('waits at most 20 s before a retry, as botocore (MAX_BACKOFF), whatever AWS_MAX_ATTEMPTS', () => {
    // Hostile pass 16b: AWS_MAX_ATTEMPTS=40 against a serve answering 503 waited 100 ms × 2^(attempt-1),
    // jittered: 18 s before the 9th attempt, hours before the 30th, and past 2^31-1 ms 1 ms with node's
    // TimeoutOverflowWarning. botocore truncates at 20 s (retries/standard.py: rand × min(2^attempt, 20)).
    const top = () => 1;
    expect([1, 2, 8, 9, 30, 40, 1000].map((attempt) => retryDelayMs(attempt, 100, top))).toEqual([
      100, 200, 12_800, 20_000, 20_000, 20_000, 20_000,
    ]);
    expect(retryDelayMs(40, 100, () => 0.25)).toBe(5_000);
    expect(retryDelayMs(3, 100, () => 0)).toBe(0);
  });

  it('retries 5xx and 429 and succeeds when the server recovers', async () => {
    fake = await fakeServer((req, res, n) =>
      (n === 1
        ? reply(503, '')
        : n === 2
          ? reply(429, '{"__type":"ThrottlingException","message":"slow down"}', JSON11)
          : reply(200, '{"repositories":[]}', JSON11))(req, res, n),
    );
    expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url])).toEqual(
      ok('{\n    "repositories": []\n}\n'),
    );
    expect(fake.seen.length).toBe(3);
  });

  it('reports the service error of the last attempt when 5xx persists, with the retries it took (254)', async () => {
    fake = await fakeServer(
      reply(
        500,
        '<ErrorResponse><Error><Type>Receiver</Type><Code>InternalFailure</Code><Message>boom</Message></Error></ErrorResponse>',
      ),
    );
    expect(await sb.run(['describe-launch-configurations', '--endpoint-url', fake.url])).toEqual(
      failed(
        254,
        '\nsvcctl: [ERROR]: An error occurred (InternalFailure) when calling the DescribeLaunchConfigurations operation (reached max retries: 2): boom\n',
      ),
    );
    expect(fake.seen.length).toBe(3);
  });

  it('does not retry 4xx', async () => {
    fake = await fakeServer(reply(400, '{"__type":"InvalidParameterException","message":"no"}', JSON11));
    expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url])).toEqual(
      failed(254, serviceError('InvalidParameterException', 'DescribeRepositories', 'no')),
    );
    expect(fake.seen.length).toBe(1);
  });

  it('sends one Idempotency-Key per v2 POST, the same on every retry; --idempotency-key sets it', async () => {
    fake = await fakeServer((req, res, n) => (n % 2 === 1 ? reply(503, '') : reply(200, TOKEN))(req, res, n));
    expect(await sb.run(['account-token', 'create', '--endpoint-url', fake.url])).toEqual(ok(TOKEN_OUT));
    const [first, second] = fake.seen.map((s) => s.headers['idempotency-key']);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second).toBe(first);
    expect(await sb.run(['account-token', 'create', '--endpoint-url', fake.url, '--idempotency-key', 'mine'])).toEqual(
      ok(TOKEN_OUT),
    );
    expect(fake.seen.slice(2).map((s) => s.headers['idempotency-key'])).toEqual(['mine', 'mine']);
  });
});

describe('what goes on the wire', () => {
  it('sends v2 requests with the Bearer key, Service-Version and a JSON body; GETs carry no Idempotency-Key', async () => {
    fake = await fakeServer(reply(200, TOKEN));
    await sb.run([
      'account-token',
      'create',
      '--display-name',
      'D',
      '--endpoint-url',
      fake.url,
      '--service-version',
      '2026-01-01.test',
    ]);
    await sb.run(['account-token', 'get', '--id', 'accttok_1', '--endpoint-url', fake.url]);
    const [post, get] = fake.seen;
    expect([post!.method, post!.url, post!.body]).toEqual(['POST', '/v2/core/account_tokens', '{"display_name":"D"}']);
    expect(post!.headers).toMatchObject({
      authorization: 'Bearer sk_test_secretvalue',
      'service-version': '2026-01-01.test',
      'content-type': 'application/json',
    });
    expect([get!.method, get!.url, get!.headers['idempotency-key'], get!.headers['service-version']]).toEqual([
      'GET',
      '/v2/core/account_tokens/accttok_1',
      undefined,
      '2025-12-15.clover',
    ]);
  });

  it('signs AWS requests with SigV4 from the environment, and signs nothing with --no-sign-request', async () => {
    fake = await fakeServer(reply(200, '{"repositories":[]}', JSON11));
    await sb.run(['describe-repositories', '--endpoint-url', fake.url, '--region', 'eu-west-2']);
    expect(fake.seen[0]!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=test\/20261120\/eu-west-2\/ecr\/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=[0-9a-f]{64}$/,
    );
    expect(fake.seen[0]!.headers['x-amz-date']).toBe('20261120T232151Z');
    expect(
      await sb.run(['describe-repositories', '--endpoint-url', fake.url, '--no-sign-request'], {
        env: { AWS_ACCESS_KEY_ID: undefined, AWS_SECRET_ACCESS_KEY: undefined },
      }),
    ).toEqual({ code: 0, stdout: '{\n    "repositories": []\n}\n', stderr: '' });
    expect(fake.seen[1]!.headers.authorization).toBeUndefined();
  });

  it('takes credentials and region from the profile files in the home directory', async () => {
    fake = await fakeServer(
      reply(
        200,
        '<DescribeLaunchConfigurationsResponse><DescribeLaunchConfigurationsResult><LaunchConfigurations/></DescribeLaunchConfigurationsResult></DescribeLaunchConfigurationsResponse>',
      ),
    );
    mkdirSync(join(sb.home, '.aws'), { recursive: true });
    writeFileSync(
      join(sb.home, '.aws', 'credentials'),
      '[ops]\naws_access_key_id = OPSKEY\naws_secret_access_key = opssecret\naws_session_token = opstoken\n',
    );
    writeFileSync(join(sb.home, '.aws', 'config'), '[profile ops]\nregion = ap-southeast-2\n');
    const env = { AWS_ACCESS_KEY_ID: undefined, AWS_SECRET_ACCESS_KEY: undefined, AWS_DEFAULT_REGION: '' };
    expect(
      await sb.run(['describe-launch-configurations', '--endpoint-url', fake.url, '--profile', 'ops'], { env }),
    ).toEqual({ code: 0, stdout: '{\n    "LaunchConfigurations": []\n}\n', stderr: '' });
    expect(fake.seen[0]!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=OPSKEY\/20261120\/ap-southeast-2\/autoscaling\/aws4_request, /,
    );
    expect(fake.seen[0]!.headers['x-amz-security-token']).toBe('opstoken');
    expect(fake.seen[0]!.body).toBe('Action=DescribeLaunchConfigurations&Version=2011-01-01');
  });

  it('signs with keys set by `svcctl configure`, masked by configure list, kept in a 0600 file (issue 19, item 18)', async () => {
    fake = await fakeServer(
      reply(
        200,
        '<DescribeLaunchConfigurationsResponse><DescribeLaunchConfigurationsResult><LaunchConfigurations/></DescribeLaunchConfigurationsResult></DescribeLaunchConfigurationsResponse>',
        { 'content-type': 'text/xml' },
      ),
    );
    const env = { AWS_ACCESS_KEY_ID: undefined, AWS_SECRET_ACCESS_KEY: undefined };
    expect(await sb.run(['configure', 'set', 'aws_access_key_id', 'AKIDFROMSVCCTL1234'], { env })).toEqual(
      failed(0, ''),
    );
    expect(await sb.run(['configure', 'set', 'aws_secret_access_key', 'svcctlsecret'], { env })).toEqual(failed(0, ''));
    expect(statSync(join(sb.env.SVCCTL_HOME!, 'config')).mode & 0o777).toBe(0o600);
    const list = (await sb.run(['configure', 'list'], { env })).stdout;
    expect(list).toContain('    aws_access_key_id     ****************1234      config-file');
    expect(list).toContain('aws_secret_access_key     ****************cret      config-file');
    expect(list).not.toContain('svcctlsecret');
    expect(await sb.run(['describe-launch-configurations', '--endpoint-url', fake.url], { env })).toEqual(
      ok('{\n    "LaunchConfigurations": []\n}\n'),
    );
    expect(fake.seen.at(-1)!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDFROMSVCCTL1234\/20261120\/us-east-1\/autoscaling\/aws4_request, /,
    );
    // The environment still wins, as it does for every setting.
    expect(
      (
        await sb.run(['describe-launch-configurations', '--endpoint-url', fake.url], {
          env: { AWS_ACCESS_KEY_ID: 'ENVKEY', AWS_SECRET_ACCESS_KEY: 'envsecret' },
        })
      ).code,
    ).toBe(0);
    expect(fake.seen.at(-1)!.headers.authorization).toMatch(/Credential=ENVKEY\//);
    expect(await sb.run(['configure', 'set', 'aws_secret_access_key', '', '--profile', 'half'], { env })).toMatchObject(
      { code: 252 },
    );
  });

  it('a profile named by --profile without keys: the hint says that the AWS_* variables are set aside (issue 44, item 17)', async () => {
    fake = await fakeServer(reply(200, '{}'));
    expect(await sb.run(['configure', 'set', 'region', 'eu-west-1', '--profile', 'bare'])).toEqual(ok());
    // The variables are set, and --profile hides them as in botocore: the hint told the user to set them.
    const env = { AWS_ACCESS_KEY_ID: 'ENVKEY', AWS_SECRET_ACCESS_KEY: 'envsecret' };
    expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url, '--profile', 'bare'], { env })).toEqual(
      failed(
        253,
        "\nsvcctl: [ERROR]: An error occurred (NoCredentials): Unable to locate credentials for the profile 'bare' that --profile names: " +
          'its keys are read from svcctl\'s config file ("svcctl configure set aws_access_key_id ... --profile bare" and ' +
          '"svcctl configure set aws_secret_access_key ... --profile bare"), ~/.aws/credentials or ~/.aws/config, ' +
          'never from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, which --profile sets aside; ' +
          'a server that does not check signatures also takes --no-sign-request.\n',
      ),
    );
    expect(fake.seen.length).toBe(0);
  });

  // docs/compat.md #404 (hostile round 11): the AWS CLI assumes a role_arn's role (STS), runs a credential_process,
  // and reports a source_profile loop ("Infinite loop in credential configuration detected"); svcctl follows none,
  // and said only "Unable to locate credentials", as if the profile were empty.
  it.each([
    [
      'a role_arn with its source_profile',
      ['role_arn = arn:aws:iam::123456789012:role/x', 'source_profile = base'],
      'role_arn',
    ],
    ['a source_profile loop', ['role_arn = arn:aws:iam::123456789012:role/x', 'source_profile = dev'], 'role_arn'],
    ['a credential_process', ['credential_process = /bin/false'], 'credential_process'],
    ['an SSO session', ['sso_session = corp', 'sso_account_id = 123456789012'], 'sso_session'],
  ])(
    'a profile of ~/.aws/config with %s and no keys: NoCredentials names what svcctl does not follow (253)',
    async (_n, lines, key) => {
      fake = await fakeServer(reply(200, '{}'));
      const config = join(sb.home, 'aws-config');
      mkdirSync(sb.home, { recursive: true });
      writeFileSync(
        config,
        `[profile base]\naws_access_key_id = BASEKEY\naws_secret_access_key = basesecret\n[profile dev]\n${lines.join('\n')}\n`,
      );
      const env = { AWS_CONFIG_FILE: config };
      expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url, '--profile', 'dev'], { env })).toEqual(
        failed(
          253,
          `\nsvcctl: [ERROR]: An error occurred (NoCredentials): Unable to locate credentials for the profile 'dev': its ${key} (${config}) is not followed. ` +
            'svcctl signs with the keys a profile holds (aws_access_key_id and aws_secret_access_key): it assumes no role, runs no credential_process and reads no SSO or web identity token. ' +
            'Give the profile its keys, or name a profile that holds them; a server that does not check signatures also takes --no-sign-request.\n',
        ),
      );
      expect(fake.seen.length).toBe(0);
      // The profile that holds keys still signs with them.
      expect(
        await sb.run(['describe-repositories', '--endpoint-url', fake.url, '--profile', 'base'], { env }),
      ).toMatchObject({ code: 0 });
      expect(fake.seen.at(-1)!.headers.authorization).toMatch(/Credential=BASEKEY\//);
    },
  );

  it.each([
    [
      'no credentials',
      { AWS_ACCESS_KEY_ID: undefined, AWS_SECRET_ACCESS_KEY: undefined },
      [],
      `An error occurred (NoCredentials): ${NO_CREDENTIALS_TEXT}`,
    ],
    // botocore's ProfileNotFound: printed plainly by the AWS CLI 2.36, whatever the error format
    ['an unknown profile', {}, ['--profile', 'nope'], 'The config profile (nope) could not be found'],
  ])('fails with 253 on %s, before sending anything', async (_n, env, args, message) => {
    fake = await fakeServer(reply(200, '{}'));
    expect(await sb.run(['describe-repositories', '--endpoint-url', fake.url, ...args], { env })).toEqual(
      failed(253, `\nsvcctl: [ERROR]: ${message}\n`),
    );
    expect(fake.seen.length).toBe(0);
  });

  it('needs an API key for v2 over HTTP (253)', async () => {
    fake = await fakeServer(reply(200, TOKEN));
    const result = await sb.run(['account-token', 'get', '--id', 'x', '--endpoint-url', fake.url], {
      env: { SVCCTL_API_KEY: undefined },
    });
    expect(result).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): No API key for the v2 API: the endpoint ${fake.url}/ checks every v2 request's key, as Stripe does (the embedded backend, without an endpoint, uses a test key of its own). Set --api-key, SVCCTL_API_KEY or the profile's api_key: svcctl serve takes any sk_test_ key unless it was started with --api-keys or --credentials.\n`,
      ),
    );
    expect(fake.seen.length).toBe(0);
  });
});

describe('--debug', () => {
  it('logs each request and response with the Authorization value, keys and signatures redacted', async () => {
    fake = await fakeServer((req, res, n) =>
      (n === 1 ? reply(503, '') : reply(200, TOKEN, { 'content-type': 'application/json' }))(req, res, n),
    );
    const v2run = await sb.run(['account-token', 'create', '--endpoint-url', fake.url, '--debug']);
    expect([v2run.code, v2run.stdout]).toEqual([0, TOKEN_OUT]);
    expect(v2run.stderr).toContain(`DEBUG http request (attempt 1): POST ${fake.url}/v2/core/account_tokens\n`);
    expect(v2run.stderr).toContain('  authorization: Bearer REDACTED\n');
    expect(v2run.stderr).toMatch(/DEBUG retrying in \d+ ms: HTTP 503\n/);
    expect(v2run.stderr).toContain(`DEBUG http response: 200 from POST ${fake.url}/v2/core/account_tokens\n`);
    expect(v2run.stderr).toContain(`  body: ${TOKEN}\n`);
    expect(v2run.stderr).not.toContain('secretvalue');
    await fake.close();
    fake = await fakeServer(reply(200, '{"repositories":[]}', JSON11));
    const aws = await sb.run(['describe-repositories', '--endpoint-url', fake.url, '--debug'], {
      env: { AWS_ACCESS_KEY_ID: 'AKIDSECRETID', AWS_SESSION_TOKEN: 'SESSIONSECRET' },
    });
    expect([aws.code, aws.stdout]).toEqual([0, '{\n    "repositories": []\n}\n']);
    expect(aws.stderr).toMatch(
      / {2}authorization: AWS4-HMAC-SHA256 Credential=REDACTED\/20261120\/us-east-1\/ecr\/aws4_request, SignedHeaders=[a-z;-]+, Signature=REDACTED\n/,
    );
    expect(aws.stderr).toContain('  x-amz-security-token: REDACTED\n');
    expect(aws.stderr).not.toMatch(/AKIDSECRETID|SESSIONSECRET|Signature=[0-9a-f]{64}/);
  });
});

describe('path parameters (issue 19, item 3)', () => {
  it('are percent-encoded, so no id changes the path: / ? # stay inside the segment', async () => {
    fake = await fakeServer(
      reply(404, '{"error":{"type":"invalid_request_error","code":"not_found","message":"No such account token"}}'),
    );
    const r = await sb.run(['account-token', 'get', '--id', 'a/b?c#d e', '--endpoint-url', fake.url]);
    expect(r.code).toBe(254);
    expect(fake.seen.map((s) => [s.method, s.url])).toEqual([['GET', '/v2/core/account_tokens/a%2Fb%3Fc%23d%20e']]);
  });

  it.each(['..', '.'])('refuses %j before sending anything (a URL resolves it, encoded or not)', async (id) => {
    fake = await fakeServer(reply(200, TOKEN));
    expect(await sb.run(['account-token', 'get', '--id', id, '--endpoint-url', fake.url])).toEqual(
      failed(
        252,
        paramValidation(`Invalid value for parameter id: '${id}' is not an id (it would change the request's path).`),
      ),
    );
    expect(fake.seen).toEqual([]);
  });

  // Every member a v2 path carries, from the models: the embedded backend refuses `.` and `..` as the HTTP
  // backend does (before, it answered 254 not_found), and writes nothing.
  const PATH_MEMBERS = OPERATIONS.flatMap((op) =>
    [...(op.http?.path.matchAll(/\{(\w+)\}/g) ?? [])].map(([, member]) => {
      const flag = flagsFor(op).find((f) => f.member === member)!.flag;
      return { op, member: member!, argv: [...op.paths[0]!, ...requiredArgv(op, member), flag] };
    }),
  );
  it.each(PATH_MEMBERS.flatMap((m) => ['..', '.'].map((id) => [`${m.argv.join(' ')} ${id}`, m, id] as const)))(
    '%s: 252 on both backends',
    async (_, m, id) => {
      const expected = failed(
        252,
        paramValidation(
          `Invalid value for parameter ${m.member}: '${id}' is not an id (it would change the request's path).`,
        ),
      );
      expect(await sb.run([...m.argv, id])).toEqual(expected);
      expect(existsSync(join(sb.env.SVCCTL_HOME!, 'state.db'))).toBe(false);
      const url = `http://127.0.0.1:${await closedPort()}`;
      expect(await sb.run([...m.argv, id, '--endpoint-url', url])).toEqual(expected);
    },
  );
});

describe('no region anywhere (issue 13, class 9)', () => {
  it('is us-east-1, as for the embedded backend and configure list: the request is signed for it', async () => {
    fake = await fakeServer(reply(200, '{"repositories":[]}'));
    expect(
      await sb.run(['describe-repositories', '--endpoint-url', fake.url], {
        env: { AWS_DEFAULT_REGION: '', AWS_REGION: undefined },
      }),
    ).toEqual({ code: 0, stdout: '{\n    "repositories": []\n}\n', stderr: '' });
    expect(fake.seen[0]!.headers.authorization).toMatch(/Credential=[^/]+\/\d{8}\/us-east-1\/ecr\/aws4_request/);
  });

  // compat 74 (hostile pass 18c): the AWS CLI 2.9.19 signs for the empty region ('Credential=x/20261128//ecr/…').
  it.each([
    ['--region', ['--region', ''], {}],
    ['AWS_REGION', [], { AWS_REGION: '' }],
  ])('an empty %s is none: the next source of the region signs the request', async (_name, flags, env) => {
    fake = await fakeServer(reply(200, '{"repositories":[]}'));
    expect(
      await sb.run(['describe-repositories', '--endpoint-url', fake.url, ...flags], {
        env: { AWS_DEFAULT_REGION: 'eu-west-2', ...env },
      }),
    ).toEqual({ code: 0, stdout: '{\n    "repositories": []\n}\n', stderr: '' });
    expect(fake.seen[0]!.headers.authorization).toMatch(/Credential=[^/]+\/\d{8}\/eu-west-2\/ecr\/aws4_request/);
  });
});
