/**
 * svcctl as a client, against what the AWS CLI 2.36.7 printed for the same server response
 * (test/goldens/aws-cli-2.36.7/wire-values.json): timestamps keep the server's microseconds and offset,
 * numbers are Python's (integral floats, exact big ints, repr spelling) in every format and in --query.
 * Each case's response is served by a plain HTTP server on loopback that answers every request with it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAwsCliGolden } from '../helpers/aws-cli-golden.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';

interface Case {
  name: string;
  response: { status: number; contentType: string; body: string };
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
}

const GOLDEN = readAwsCliGolden<{ printedBy: string; cases: Case[] }>('wire-values.json');

/**
 * Cases where svcctl deliberately prints otherwise (docs/compat.md), with what it prints instead; the exit
 * code is the AWS CLI's. `{server}` stands for the server's address.
 */
const DIFFERENCES = new Map<string, string>([
  // compat #80: the endpoint and protocol named, not a Python repr of the whole body.
  [
    'xml-char-ref-beyond-unicode',
    '\nsvcctl: [ERROR]: Unable to parse the response from the endpoint URL: "{server}/" as AWS Query (HTTP 200): character reference &#x110000; names no character\n',
  ],
]);

let sb: Sandbox;
let server: Server;
let url: string;
let current: Case['response'];

beforeAll(async () => {
  sb = sandbox({
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
    AWS_DEFAULT_REGION: 'us-east-1',
    TZ: 'UTC',
  });
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(current.status, {
        'content-type': current.contentType,
        'content-length': Buffer.byteLength(current.body),
      });
      res.end(current.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  sb.cleanup();
});

describe(`what a server sent, printed as ${GOLDEN.printedBy.split(' ')[0]} printed it`, () => {
  it('has cases of timestamps and of numbers', () => {
    expect(GOLDEN.cases.filter((c) => c.name.includes('timestamp')).length).toBeGreaterThanOrEqual(10);
    expect(GOLDEN.cases.filter((c) => /ints|literals|query-/.test(c.name)).length).toBeGreaterThanOrEqual(40);
  });
  for (const c of GOLDEN.cases) {
    it(`${c.name}: ${c.args.join(' ')}`, async () => {
      current = c.response;
      const stderr = DIFFERENCES.get(c.name)?.replace('{server}', url) ?? c.stderr;
      expect(await sb.run([...c.args, '--endpoint-url', url])).toEqual({ code: c.code, stdout: c.stdout, stderr });
    });
  }
});
