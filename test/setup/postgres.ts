/**
 * vitest globalSetup of the `postgres` project: one PostgreSQL 15 for the suites that run a second time
 * on the PostgreSQL store (vitest.config.ts). Each sandbox of those suites empties its database first
 * (test/helpers/cli.ts), as a new $SVCCTL_HOME is empty on SQLite.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from '../helpers/postgres.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresStoreUrl', await server.createDatabase('suites'));
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresStoreUrl: string;
  }
}
