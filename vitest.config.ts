import { defineConfig } from 'vitest/config';

/**
 * Suites that run a second time on the PostgreSQL store (issue 15): their sandboxes then use
 * SVCCTL_STORE_URL (test/helpers/cli.ts), one database emptied before each sandbox, one file at a time.
 */
const ON_POSTGRES = ['test/commands/v2.test.ts', 'test/commands/v2-errors.test.ts', 'test/commands/v2-lifecycle.test.ts', 'test/commands/v2-adjustments.test.ts',
  'test/commands/v2-settings.test.ts', 'test/v2/concurrency.test.ts', 'test/v2/versions.test.ts',
  'test/ops/*.test.ts',
  'test/reliability/concurrent-writers.test.ts', 'test/reliability/crash-safety.test.ts', 'test/reliability/signals.test.ts', 'test/reliability/serve-hostile.test.ts',
  'test/reliability/serve-resources.test.ts', 'test/reliability/secrets.test.ts', 'test/reliability/cli-hostile.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          // Builds dist/ once: the peer tests run the real bin/svcctl (svcctl serve) as a child process.
          globalSetup: ['test/setup/build.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'postgres',
          include: ON_POSTGRES,
          // dist/ for the suites that start `svcctl serve` (built once for both projects), and a PostgreSQL;
          // each file gets a database of its own.
          globalSetup: ['test/setup/build.ts', 'test/setup/postgres.ts'],
          setupFiles: ['test/setup/postgres-database.ts'],
          env: { SVCCTL_TEST_ON_POSTGRES: '1' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
