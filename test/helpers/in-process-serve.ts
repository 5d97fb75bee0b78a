/**
 * `svcctl serve`'s server started in-process on port 0 over a new sandbox's $SVCCTL_HOME (and its store:
 * SVCCTL_STORE_URL in the `postgres` project), with a pinned clock and counting ids, every request line it
 * logs kept: for the tests that speak raw HTTP to serve.
 */
import { beforeAll, afterAll } from 'vitest';
import { EmbeddedService } from '../../src/backends/embedded/embedded.js';
import { type RunningServer, type ServerOptions, startServer } from '../../src/server/server.js';
import { CountingIds, FixedClock, sandbox, type Sandbox } from './cli.js';

export interface InProcessServe {
  sb: Sandbox;
  service: EmbeddedService;
  server: RunningServer;
  /** The server's base URL (`http://127.0.0.1:PORT`). */
  url: string;
  /** The lines the server logged, one per request. */
  log: string[];
  /** Stops the server, closes the store and removes the sandbox. */
  close(): Promise<void>;
}

/** Starts one; `options` are startServer's (limits, allowed hosts, ...). */
export async function startInProcessServe(options: Omit<ServerOptions, 'service'> = {}): Promise<InProcessServe> {
  const sb = sandbox();
  const service = new EmbeddedService({
    home: sb.env.SVCCTL_HOME!,
    storeUrl: sb.env.SVCCTL_STORE_URL,
    accountId: '000000000000',
    clock: new FixedClock(),
    ids: new CountingIds(),
  });
  const log: string[] = [];
  const server = await startServer({ service, port: 0, log: (line) => log.push(line), ...options });
  return {
    sb,
    service,
    server,
    url: server.url,
    log,
    async close() {
      await server.close();
      service.close();
      sb.cleanup();
    },
  };
}

/** One for the whole test file: started before its first test, stopped after its last; filled in then. */
export function inProcessServeForFile(options: Omit<ServerOptions, 'service'> = {}): InProcessServe {
  const serve = {} as InProcessServe;
  beforeAll(async () => {
    Object.assign(serve, await startInProcessServe(options));
  });
  afterAll(() => serve.close());
  return serve;
}
