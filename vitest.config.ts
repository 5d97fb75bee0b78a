import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Suites that run a second time on the PostgreSQL store (issue 15): their sandboxes, the `svcctl serve`
 * and CLI processes they start use SVCCTL_STORE_URL (test/helpers/store.ts), a database per test file
 * (test/setup/postgres-database.ts), emptied where a test starts on a new $SVCCTL_HOME; one file at a time.
 * Where the drivers legitimately differ (serve's store lines, SQLite's -wal file, the store kind) the
 * assertion is per driver, with the exact text of each.
 *
 * SQLite only, on purpose:
 *  - test/reliability/migrations.test.ts (the SQLite file's schema versions, its fixture, a file that is not
 *    a database). PostgreSQL counterparts: a newer schema is refused with 253 by the CLI and serve and
 *    nothing is written (test/pg/schema.test.ts; the driver in test/pg/driver.test.ts); ready turns 503 on
 *    a newer schema (test/admin/health.test.ts, here); the PostgreSQL store has one migration so far.
 *  - test/reliability/store-problems.test.ts (the file: locks, read-only files, a directory or another
 *    program's database in its place). PostgreSQL counterparts: a new database opened by many processes at
 *    once (test/pg/schema.test.ts; three serves migrating at once, test/pg/multi-instance.test.ts; 16 CLI
 *    lanes and serve on a new database, concurrent-writers here); a database unreachable at start: serve
 *    253 and the CLI 254 ServiceUnavailable (test/pg/serve.test.ts, test/pg/store-snapshot.test.ts); gone
 *    or silent at run time: each protocol's 503, then served again (test/pg/serve.test.ts).
 *  - test/reliability/redaction.test.ts: pure functions of --debug, no store; once is enough.
 */
const ON_POSTGRES = [
  'test/commands/v2.test.ts',
  'test/commands/v2-errors.test.ts',
  'test/commands/v2-lifecycle.test.ts',
  'test/commands/v2-adjustments.test.ts',
  'test/commands/v2-settings.test.ts',
  'test/commands/faults.test.ts',
  'test/stripe/concurrency.test.ts',
  'test/stripe/versions.test.ts',
  'test/admin/*.test.ts',
  'test/reliability/concurrent-writers.test.ts',
  'test/reliability/crash-safety.test.ts',
  'test/reliability/signals.test.ts',
  'test/reliability/serve-hostile.test.ts',
  'test/reliability/serve-resources.test.ts',
  'test/reliability/secrets.test.ts',
  'test/reliability/cli-hostile.test.ts',
];

/**
 * The fast lane (`npm run test:fast`, issue 30): the in-process suites of these folders, with no build of
 * dist/. A suite that starts a process (bin/svcctl or `svcctl serve`, /usr/bin/aws, python3, a shell, tmux,
 * a script) is left to `npm test`, which runs every file of both projects once, these included.
 */
const FAST_LANE = ['unit', 'commands', 'contract', 'operations', 'output', 'help', 'paginate'].map(
  (dir) => `test/${dir}/**/*.test.ts`,
);
const STARTS_PROCESSES = [
  'test/commands/faults.test.ts', // svcctl serve, /usr/bin/aws
  'test/commands/input-files.test.ts', // mkfifo, sh
  'test/commands/input-prompt.test.ts', // tmux
  'test/commands/input-rules.test.ts', // bin/svcctl
  'test/commands/input-shorthand.test.ts', // python3
  'test/commands/output-errors.test.ts', // bin/svcctl, sh
  'test/commands/partitions.test.ts', // svcctl serve
  'test/commands/shorthand-aws-cli.test.ts', // svcctl serve
  'test/commands/skeleton-peer.test.ts', // /usr/bin/aws
  'test/commands/v2-settings.test.ts', // svcctl serve
  'test/contract/serve-*.test.ts', // svcctl serve
  'test/paginate/interrupt.test.ts', // bin/svcctl
  'test/unit/params.test.ts', // python3
  'test/unit/query.test.ts', // python3
  'test/unit/stripe-identity.test.ts', // scripts/gen-stripe-identity.mjs
];
const FAST = process.env.SVCCTL_TEST_LANE === 'fast';

export default defineConfig({
  test: {
    // Vitest's default on a machine of n cores is n - 1 workers: one file at a time on two cores. The fast
    // lane's files run in-process and use the CPU only, so both cores: 45 s where one worker takes 71 s.
    maxWorkers: FAST ? 2 : undefined,
    projects: [
      {
        test: {
          name: 'sqlite',
          include: FAST ? FAST_LANE : ['test/**/*.test.ts'],
          exclude: FAST ? [...configDefaults.exclude, ...STARTS_PROCESSES] : configDefaults.exclude,
          // Builds dist/ once: the peer tests run the real bin/svcctl (svcctl serve) as a child process.
          globalSetup: FAST ? [] : ['test/setup/build.ts'],
          // A bound for a hang, not a speed limit: peers (Python aws, boto3) take many seconds on a busy machine.
          testTimeout: 120_000,
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
          // A bound for a hang, not a speed limit: peers (Python aws, boto3) take many seconds on a busy machine.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
