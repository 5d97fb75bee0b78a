/**
 * Raw HTTP/1.1 over a socket, for requests no client library would send, and a strict reader of what
 * comes back: every response must be well-formed (status line, headers, a body of exactly its
 * Content-Length), and every error must be in the shape of the protocol the request spoke.
 */
import { connect } from 'node:net';

export interface Exchange {
  /** Everything the server sent before it closed (or before the time limit). */
  text: string;
  /** The server closed the connection (rather than the time limit ending the wait). */
  closed: boolean;
  ms: number;
}

/** The Host line requestText writes when the request names none (the port is not known yet). */
const UNNAMED_HOST = 'Host: 127.0.0.1\r\n';

/**
 * The request with the port in its Host line, as a client that connects to 127.0.0.1:PORT writes it (serve
 * answers only a Host that names it, port included).
 */
export function toPort(bytes: Buffer | string, port: number): Buffer | string {
  const text = Buffer.isBuffer(bytes) ? bytes.toString('latin1') : bytes;
  const at = text.indexOf(`\r\n${UNNAMED_HOST}`);
  const end = text.indexOf('\r\n\r\n');
  if (at < 0 || (end >= 0 && at > end)) return bytes;
  const named = `${text.slice(0, at + 2)}Host: 127.0.0.1:${port}\r\n${text.slice(at + 2 + UNNAMED_HOST.length)}`;
  return Buffer.isBuffer(bytes) ? Buffer.from(named, 'latin1') : named;
}

/**
 * Sends the bytes (a Host of 127.0.0.1 gets the port: toPort), optionally half-closes, and reads until the
 * server closes or `timeoutMs` passes.
 */
export function exchange(
  port: number,
  raw: Buffer | string,
  opts: { end?: boolean; timeoutMs?: number } = {},
): Promise<Exchange> {
  const started = performance.now();
  const bytes = toPort(raw, port);
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text: Buffer.concat(chunks).toString('latin1'), closed, ms: performance.now() - started });
    };
    // A bound for a hang, not a speed limit: a loaded machine may take seconds to fire a server's timer.
    const timer = setTimeout(() => finish(false), opts.timeoutMs ?? 30_000);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
    socket.write(bytes);
    if (opts.end ?? true) socket.end();
  });
}

export interface ParsedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Splits the server's bytes into responses; throws if they are not well-formed HTTP/1.1. */
export function parseResponses(text: string, head = false): ParsedResponse[] {
  const out: ParsedResponse[] = [];
  let rest = text;
  while (rest !== '') {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`truncated response head: ${JSON.stringify(rest.slice(0, 200))}`);
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const m = /^HTTP\/1\.1 (\d{3}) [^\r\n]*$/.exec(statusLine!);
    if (!m) throw new Error(`bad status line: ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new Error(`bad header line: ${JSON.stringify(line)}`);
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const status = Number(m[1]);
    const length = head || status === 100 || status === 204 || status === 304 ? 0 : Number(headers['content-length']);
    if (!Number.isInteger(length)) throw new Error(`no Content-Length: ${JSON.stringify(rest.slice(0, end))}`);
    const bodyBytes = Buffer.from(rest.slice(end + 4), 'latin1').subarray(0, length);
    if (bodyBytes.length !== length) throw new Error(`body shorter than Content-Length ${length}`);
    if (status !== 100) out.push({ status, headers, body: bodyBytes.toString('utf8') });
    rest = rest.slice(end + 4 + length);
  }
  return out;
}

export type Speaks = 'query' | 'json11' | 'v2' | 'registry';

const QUERY_ERROR =
  /^<ErrorResponse xmlns="http:\/\/autoscaling\.amazonaws\.com\/doc\/2011-01-01\/"><Error><Type>(Sender|Receiver)<\/Type><Code>\w+<\/Code><Message>[^<]*<\/Message><\/Error><RequestId>[0-9a-f-]{36}<\/RequestId><\/ErrorResponse>$/;

/**
 * Why the response is not what it should be, or undefined. An error is a 4xx in the protocol's shape,
 * or, for a request Node could not parse (no protocol yet), an empty 4xx that closes the connection.
 */
export function problemWith(res: ParsedResponse, speaks: Speaks | undefined): string | undefined {
  if (res.status >= 500) return `server error ${res.status}: ${res.body}`;
  if (res.status < 400) return res.status >= 200 ? undefined : `unexpected status ${res.status}`;
  if (res.body === '')
    return res.headers.connection === 'close' ? undefined : `empty ${res.status} without Connection: close`;
  if (speaks === undefined) return `a body for a request with no protocol: ${res.body}`;
  if (speaks === 'query')
    return QUERY_ERROR.test(res.body) && res.headers['content-type'] === 'text/xml'
      ? undefined
      : `not a Query error: ${res.body}`;
  let doc: unknown;
  try {
    doc = JSON.parse(res.body);
  } catch {
    return `not JSON: ${res.body}`;
  }
  if (speaks === 'json11') {
    const d = doc as { __type?: unknown; message?: unknown };
    const ok =
      typeof d.__type === 'string' && typeof d.message === 'string' && res.headers['x-amzn-errortype'] === d.__type;
    return ok ? undefined : `not a JSON 1.1 error: ${res.body}`;
  }
  if (speaks === 'registry') {
    // The distribution specification's error body: {"errors": [{"code", "message", "detail"}]}.
    const errors = (doc as { errors?: Array<{ code?: unknown; message?: unknown }> }).errors;
    const ok =
      Array.isArray(errors) &&
      errors.length > 0 &&
      errors.every((e) => typeof e.code === 'string' && typeof e.message === 'string');
    return ok ? undefined : `not a registry error: ${res.body}`;
  }
  const e = (doc as { error?: { type?: unknown; code?: unknown; message?: unknown } }).error;
  const ok =
    e !== undefined && typeof e.type === 'string' && typeof e.code === 'string' && typeof e.message === 'string';
  return ok ? undefined : `not a v2 error: ${res.body}`;
}

/**
 * The distribution API's paths, as its specification writes them (`/v2/`, then a repository name and
 * `tags/list`, `manifests/<ref>`, `blobs/uploads/[<id>]` or `blobs/<digest>`): serve's registry answers them.
 */
const REGISTRY_PATH =
  /^\/v2\/$|^\/v2\/[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*)*\/(?:tags\/list|manifests\/[^/]+|blobs\/uploads\/?(?:[^/]+)?|blobs\/[^/]+)$/;

/** The protocol serve picks for a request (router.ts): the registry's paths, other /v2 paths, then X-Amz-Target, then Query. */
export function speaksFor(path: string, headers: Record<string, string>): Speaks {
  const pathname = path.split('?')[0]!;
  if (REGISTRY_PATH.test(pathname)) return 'registry';
  if (pathname === '/v2' || pathname.startsWith('/v2/')) return 'v2';
  return Object.keys(headers).some((h) => h.toLowerCase() === 'x-amz-target') ? 'json11' : 'query';
}

/** A request's bytes; without a `host` among the headers, `Host: 127.0.0.1`, which exchange() completes with the port. */
export function requestText(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | string,
): Buffer {
  const host = Object.keys(headers).some((k) => k.toLowerCase() === 'host') ? '' : UNNAMED_HOST;
  const head = `${method} ${path} HTTP/1.1\r\n${host}${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8')]);
}
