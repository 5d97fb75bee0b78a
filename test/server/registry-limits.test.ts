/**
 * A layer's body may take longer than serve's whole-request limit (requestTimeoutMs): a gigabyte on a busy
 * store does, and neither ECR nor distribution cuts it. serve lets a registry blob body still arriving go
 * on, while an API request past the limit still gets its 408. The test waits for that 408 (a request that
 * began after the upload's), not for a delay, then sends the rest of the layer.
 */
import { connect } from 'node:net';
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { inProcessServeForFile } from '../helpers/in-process-serve.js';
import { basic, layerBytes, sha256 } from '../helpers/image-registry.js';

const serve = inProcessServeForFile({
  limits: { requestTimeoutMs: 1_000, headersTimeoutMs: 500, bodyIdleMs: 30_000, socketIdleMs: 30_000 },
});
const REGION = { region: 'us-east-1' };
const LAYER = layerBytes(3 * 1024 * 1024, 3);
let auth: Record<string, string>;

beforeAll(async () => {
  await serve.service.admin({ what: 'reset' });
  await serve.service.call('CreateRepository', { repositoryName: 'team/app' }, REGION);
  const out = (await serve.service.call('GetAuthorizationToken', {}, REGION)) as {
    authorizationData: Array<{ authorizationToken: string }>;
  };
  auth = basic(Buffer.from(out.authorizationData[0]!.authorizationToken, 'base64').toString('utf8').slice(4));
});

/** A request whose answer is awaited while its body is sent in parts. */
function open(method: string, path: string, headers: Record<string, string | number>) {
  const { port } = new URL(serve.url);
  const req = request({ host: '127.0.0.1', port: Number(port), method, path, headers });
  const answer = new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
  });
  return { req, answer };
}

/** An API request that sends a byte of its body and no more: what Node's whole-request limit answers. */
function stalledApiRequest(): Promise<string> {
  const { port } = new URL(serve.url);
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(
        `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-amz-json-1.1\r\nX-Amz-Target: AmazonEC2ContainerRegistry_V20150921.DescribeRepositories\r\nContent-Length: 10\r\n\r\n{`,
      ),
    );
    socket.on('data', (c: Buffer) => (text += c.toString()));
    socket.on('close', () => resolve(text.split('\r\n')[0]!));
  });
}

describe("serve's whole-request limit and a layer's body", () => {
  it('a PATCH whose body takes longer than requestTimeoutMs is stored whole; an API request past it gets 408', async () => {
    const start = await fetch(`${serve.url}/v2/team/app/blobs/uploads/`, { method: 'POST', headers: auth });
    expect(start.status).toBe(202);
    const at = new URL(start.headers.get('location')!).pathname;
    const patch = open('PATCH', at, {
      ...auth,
      'content-type': 'application/octet-stream',
      'content-length': LAYER.length,
    });
    patch.req.write(LAYER.subarray(0, 1024 * 1024));
    // Begun after the PATCH, cut by the limit: the PATCH is past it too once this answers.
    expect(await stalledApiRequest()).toBe('HTTP/1.1 408 Request Timeout');
    patch.req.end(LAYER.subarray(1024 * 1024));
    const answer = await patch.answer;
    expect([answer.status, answer.headers.range]).toEqual([202, `0-${LAYER.length - 1}`]);
    const done = await fetch(`${serve.url}${at}?digest=${sha256(LAYER)}`, { method: 'PUT', headers: auth });
    expect(done.status).toBe(201);
    const pulled = Buffer.from(
      await (await fetch(`${serve.url}/v2/team/app/blobs/${sha256(LAYER)}`, { headers: auth })).arrayBuffer(),
    );
    expect(sha256(pulled)).toBe(sha256(LAYER));
  });
});
