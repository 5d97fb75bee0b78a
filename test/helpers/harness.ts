/**
 * One $SVCCTL_HOME seen two ways: the CLI in-process with the local backend, and the CLI in-process with
 * the HTTP backend against `svcctl serve`'s server (started in-process on port 0 over the same home, with
 * the sandbox's pinned clock and counting ids), so that both answer with the same timestamps and ids.
 */
import { EmbeddedService } from '../../src/backends/embedded/embedded.js';
import { openPgStore } from '../../src/backends/embedded/store/pg-store.js';
import { openStore } from '../../src/backends/embedded/store/sqlite-store.js';
import type { Database } from '../../src/backends/embedded/store/db.js';
import { resetSettings } from '../../src/backends/embedded/settings-store.js';
import { IDEMPOTENCY_KEYS, REGISTRY_TABLES, RESOURCES } from '../../src/models/resource-kinds.js';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { type CliResult, CountingIds, FixedClock, sandbox, type Sandbox } from './cli.js';

export const AWS_ENV = { AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test', AWS_DEFAULT_REGION: 'us-east-1' };

export interface Harness {
  sb: Sandbox;
  server: RunningServer;
  /** Lines the server logged. */
  log: string[];
  embedded(argv: string[], env?: Record<string, string>): Promise<CliResult>;
  http(argv: string[], env?: Record<string, string>): Promise<CliResult>;
  /**
   * Empties every resource table (the snapshot's tables: accounts too) and the image registry's tables, puts the service settings back to
   * their defaults (the store's own entries stay, so page tokens stay comparable) and restarts the clock and ids.
   */
  reset(): void;
  /** Runs `f` on the home's store, opened for it and closed after. */
  withStore(f: (db: Database) => void): void;
  close(): Promise<void>;
}

/** With `storeUrl`, the one store is that PostgreSQL database (SVCCTL_STORE_URL for the local backend too). */
export async function harness(env: Record<string, string> = {}, storeUrl?: string): Promise<Harness> {
  const sb = sandbox({
    ...AWS_ENV,
    SVCCTL_API_KEY: 'sk_test_contract',
    ...env,
    ...(storeUrl ? { SVCCTL_STORE_URL: storeUrl } : {}),
  });
  const home = sb.env.SVCCTL_HOME!;
  const service = new EmbeddedService({
    home,
    storeUrl,
    accountId: '000000000000',
    clock: { now: () => sb.clock.now() },
    ids: { id: (prefix) => sb.ids.id(prefix), uuid: () => sb.ids.uuid() },
  });
  const log: string[] = [];
  const server = await startServer({ service, port: 0, log: (line) => log.push(line) });
  return {
    sb,
    server,
    log,
    embedded: (argv, extra = {}) => sb.run(argv, { env: extra }),
    http: (argv, extra = {}) => sb.run(argv, { env: { SVCCTL_ENDPOINT_URL: server.url, ...extra } }),
    withStore(f) {
      const db = storeUrl ? openPgStore({ url: storeUrl }) : openStore(home);
      try {
        f(db);
      } finally {
        db.close();
      }
    },
    reset() {
      const db = storeUrl ? openPgStore({ url: storeUrl }) : openStore(home);
      // Every resource of the registry (a new one too), the idempotency keys and the images of serve's
      // registry with their blobs; the journal is kept.
      for (const { table } of [...RESOURCES, IDEMPOTENCY_KEYS, ...REGISTRY_TABLES]) {
        db.exec(`DELETE FROM ${table}`);
      }
      resetSettings(db);
      db.close();
      sb.clock = new FixedClock();
      sb.ids = new CountingIds();
    },
    async close() {
      await server.close();
      service.close();
      sb.cleanup();
    },
  };
}
