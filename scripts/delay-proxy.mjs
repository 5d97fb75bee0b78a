#!/usr/bin/env node
// For `npm run bench`: a TCP proxy on loopback that holds every chunk DELAY_MS before passing it on, each
// way, so that a PostgreSQL on this machine answers as one on another host would (a round trip of about
// 2 × DELAY_MS more). Its own process, so that the benchmark blocking on a load run does not stall it.
// `node scripts/delay-proxy.mjs TARGET_PORT DELAY_MS` prints the port it listens on, then runs until killed.
import { connect, createServer } from 'node:net';

const [targetPort, delayMs = '1'] = process.argv.slice(2);
const delay = Number(delayMs);

const server = createServer((client) => {
  const upstream = connect(Number(targetPort), '127.0.0.1');
  // No Nagle: a held-back small write would meet the other side's delayed ACK and cost 40 ms, not DELAY_MS.
  client.setNoDelay(true);
  upstream.setNoDelay(true);
  // Timers of one duration fire in the order they were set: the bytes keep their order.
  const pass = (from, to) => {
    from.on('data', (chunk) => setTimeout(() => to.write(chunk), delay));
    from.on('end', () => setTimeout(() => to.end(), delay));
    from.on('error', () => to.destroy());
  };
  pass(client, upstream);
  pass(upstream, client);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
