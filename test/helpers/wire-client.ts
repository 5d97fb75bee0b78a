/** A raw HTTP client for poking `svcctl serve` with requests no well-behaved client would send. */
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export function send(base: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(req.path ?? '/', base);
  return new Promise((resolve, reject) => {
    const r = request(url, { method: req.method ?? 'POST', headers: req.headers ?? {}, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    r.on('error', reject);
    r.end(req.body ?? '');
  });
}

export const json11 = (op: string, body: string, headers: Record<string, string> = {}): RawRequest => ({
  headers: {
    'content-type': 'application/x-amz-json-1.1',
    'x-amz-target': `AmazonEC2ContainerRegistry_V20150921.${op}`,
    ...headers,
  },
  body,
});

export const query = (body: string, headers: Record<string, string> = {}): RawRequest => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  body,
});

export const v2 = (method: string, path: string, body = '', headers: Record<string, string> = {}): RawRequest => ({
  method,
  path,
  headers: { 'content-type': 'application/json', authorization: 'Bearer sk_test_raw', ...headers },
  body,
});

/** Opens a raw socket, writes `head`, and resolves with everything the server sends until it closes. */
export function stall(base: string, head: string): { socket: Socket; closed: Promise<string> } {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  socket.write(head);
  const closed = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
    socket.on('close', () => resolve(text));
    socket.on('error', () => {});
  });
  return { socket, closed };
}

/**
 * A CreateRepository of `name` whose body stops after `sent` bytes, on a raw socket that has connected: an
 * in-flight request, for the tests that stop serve under it. `finish()` sends the rest; `closed` is all the
 * server sent back once it closed the connection.
 */
export async function halfSentCreateRepository(
  base: string,
  name: string,
  sent: number,
): Promise<{ finish(): void; closed: Promise<string> }> {
  const body = JSON.stringify({ repositoryName: name });
  const { host } = new URL(base);
  const { socket, closed } = stall(
    base,
    `POST / HTTP/1.1\r\nHost: ${host}\r\nX-Amz-Target: AmazonEC2ContainerRegistry_V20150921.CreateRepository\r\n` +
      `Content-Type: application/x-amz-json-1.1\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, sent)}`,
  );
  await new Promise((r) => socket.once('connect', r));
  return { finish: () => socket.write(body.slice(sent)), closed };
}
