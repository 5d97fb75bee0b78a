/**
 * Requests that serve reads in one turn of its event loop: each on a connection of its own, every connection
 * open first, then every request written in one tick. For the rules that hold across a turn's grouped writes
 * and a reset read in the same turn (test/server/turn-rules.test.ts, test/pg/reset-journal.test.ts).
 */
import { connect, type Socket } from 'node:net';

/** A raw HTTP/1.1 POST to serve at `url`, which closes its connection after the answer. */
export const rawPost = (url: string, path: string, headers: string[], body: string): string =>
  `POST ${path} HTTP/1.1\r\nHost: ${new URL(url).host}\r\n${headers.map((h) => `${h}\r\n`).join('')}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;

/** Sends `texts` to serve at `url` in one tick; the status line of each answer, in order. */
export async function inOneTurn(url: string, texts: string[]): Promise<string[]> {
  const { hostname, port } = new URL(url);
  const sockets = await Promise.all(
    texts.map(
      () =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => resolve(socket));
          socket.on('error', reject);
        }),
    ),
  );
  const statuses = sockets.map(
    (socket) =>
      new Promise<string>((resolve) => {
        let got = '';
        socket.on('data', (c: Buffer) => (got += c.toString('utf8')));
        socket.on('close', () => resolve(got.split('\r\n')[0] ?? ''));
      }),
  );
  sockets.forEach((socket, i) => socket.write(texts[i]!));
  return Promise.all(statuses);
}
