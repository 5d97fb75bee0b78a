/**
 * vitest globalSetup of the `postgres` project: one PostgreSQL 15 for the suites that run a second time
 * on the PostgreSQL store (vitest.config.ts). Each test file then gets a database of its own
 * (test/setup/postgres-database.ts), and each sandbox or new home in it empties that database first
 * (test/helpers/store.ts), as a new $SVCCTL_HOME is empty on SQLite.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../helpers/postgres.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresServerUrl', server.url);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://postgres@127.0.0.1:PORT/postgres: the server, to create each file's database on. */
    postgresServerUrl: string;
  }
}
