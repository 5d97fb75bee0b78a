/** Scripted HTTP servers on 127.0.0.1 for the HTTP backend's failure paths: each answer is chosen per request. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Fake {
  url: string;
  seen: Seen[];
  close(): Promise<void>;
}

export type Answer = (req: Seen, res: ServerResponse, n: number) => void;

export async function fakeServer(answer: Answer): Promise<Fake> {
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s: Seen = {
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(s);
      answer(s, res, seen.length);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export const reply =
  (status: number, body: string, headers: Record<string, string> = {}): Answer =>
  (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const fake = await fakeServer(reply(200, ''));
  const port = Number(new URL(fake.url).port);
  await fake.close();
  return port;
}
