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
 *    a newer schema (test/server/health.test.ts, here); the PostgreSQL store has one migration so far.
 *  - test/reliability/store-problems.test.ts (the file: locks, read-only files, a directory or another
 *    program's database in its place). PostgreSQL counterparts: a new database opened by many processes at
 *    once (test/pg/schema.test.ts; three serves migrating at once, test/pg/multi-instance.test.ts; 16 CLI
 *    lanes and serve on a new database, concurrent-writers here); a database unreachable at start: serve
 *    253 and the CLI 254 ServiceUnavailable (test/pg/serve.test.ts, test/pg/store-snapshot.test.ts); gone
 *    or silent at run time: each protocol's 503, then served again (test/pg/serve.test.ts).
 *  - test/reliability/redaction.test.ts: pure functions of --debug, and one get-login-password --debug
 *    through serve (what it prints does not depend on the store); once is enough.
 */
const ON_POSTGRES = [
  'test/backends/embedded/handlers/stripe.test.ts',
  'test/api/serve-store.test.ts', // the library's handle on PostgreSQL
  'test/backends/embedded/handlers/stripe-errors.test.ts',
  'test/backends/embedded/handlers/stripe-lifecycle.test.ts',
  'test/backends/embedded/handlers/stripe-adjustments.test.ts',
  'test/backends/embedded/handlers/stripe-settings.test.ts',
  'test/backends/embedded/fault-rules.test.ts',
  'test/backends/embedded/handlers/stripe-concurrency.test.ts',
  'test/backends/embedded/handlers/stripe-versions.test.ts',
  'test/server/health.test.ts',
  'test/server/inspector.test.ts',
  'test/server/journal.test.ts',
  'test/server/reset.test.ts',
  'test/server/registry.test.ts',
  'test/server/registry-tag-mutability.test.ts',
  'test/server/registry-crash.test.ts',
  'test/server/registry-journal.test.ts',
  'test/peers/skopeo.test.ts',
  'test/peers/aws-sdk-js-layers.test.ts',
  'test/reliability/concurrent-writers.test.ts',
  'test/reliability/crash-safety.test.ts',
  'test/reliability/resource-counts.test.ts',
  'test/reliability/signals.test.ts',
  'test/reliability/serve-hostile.test.ts',
  'test/reliability/serve-resources.test.ts',
  'test/reliability/secrets.test.ts',
  'test/reliability/cli-hostile.test.ts',
  'test/peers/stripe-meter-scenario.test.ts',
];

/**
 * The fast lane (`npm run test:fast`, issue 30): the in-process suites of the folders named after src/'s
 * (and the operations' case tables), with no build of dist/. A suite that starts a process (bin/svcctl or
 * `svcctl serve`, /usr/bin/aws, python3, a shell, tmux, a browser, a script) is left to `npm test`, which runs
 * every file of both projects once, these included.
 */
const FAST_LANE = [
  'api',
  'backends',
  'cli',
  'commands',
  'completion',
  'core',
  'help',
  'input',
  'models',
  'operations',
  'output',
  'paginate',
  'profile',
  'prompt',
  'server',
  'wire',
].map((dir) => `test/${dir}/**/*.test.ts`);
const STARTS_PROCESSES = [
  'test/backends/embedded/fault-rules.test.ts', // svcctl serve, /usr/bin/aws
  'test/backends/embedded/handlers/stripe-concurrency.test.ts', // svcctl serve
  'test/backends/embedded/handlers/stripe-settings.test.ts', // svcctl serve
  'test/cli/global-options-matrix.test.ts', // openssl (serve's certificate)
  'test/cli/skeleton-peer.test.ts', // /usr/bin/aws
  'test/commands/service/reset-confirm.test.ts', // tmux
  'test/commands/serve/serve-store-memory.test.ts', // svcctl serve
  'test/commands/serve/serve.test.ts', // svcctl serve
  'test/completion/quotes.test.ts', // tmux, bash, zsh, fish
  'test/completion/shells.test.ts', // bash, zsh, fish
  'test/input/input-files.test.ts', // mkfifo, sh
  'test/input/input-rules.test.ts', // bin/svcctl
  'test/input/input-shorthand.test.ts', // python3
  'test/input/params.test.ts', // python3
  'test/input/shorthand-aws-cli-serve.test.ts', // svcctl serve
  'test/models/partitions.test.ts', // svcctl serve
  'test/models/stripe-identity.test.ts', // scripts/gen-stripe-identity.mjs
  'test/output/output-errors.test.ts', // bin/svcctl, sh
  'test/output/query.test.ts', // python3
  'test/output/terminal.test.ts', // tmux
  'test/paginate/interrupt.test.ts', // bin/svcctl
  'test/prompt/input-prompt.test.ts', // tmux
  'test/prompt/terminal.test.ts', // tmux
  'test/server/health.test.ts', // svcctl serve
  'test/server/inspector.test.ts', // svcctl serve, chromium, /usr/bin/aws
  'test/server/journal.test.ts', // svcctl serve
  'test/server/registry-journal.test.ts', // svcctl serve, /usr/bin/skopeo
  'test/server/reset.test.ts', // svcctl serve
];
const FAST = process.env.SVCCTL_TEST_LANE === 'fast';

export default defineConfig({
  test: {
    // Vitest's default on a machine of n cores is n - 1 workers: one file at a time on two cores. The fast
    // lane's files run in-process and use the CPU only, so both cores.
    maxWorkers: FAST ? 2 : undefined,
    projects: [
      {
        test: {
          name: 'sqlite',
          include: FAST ? FAST_LANE : ['test/**/*.test.ts'],
          exclude: FAST ? [...configDefaults.exclude, ...STARTS_PROCESSES] : configDefaults.exclude,
          // Builds dist/ once: the peer tests run the real bin/svcctl (svcctl serve) as a child process.
          globalSetup: FAST ? [] : ['test/setup/build.ts'],
          // The fast lane imports src/ once per worker instead of once per file: a third of the CPU. A test that
          // leaks state into another file fails in one lane and not the other: `npm test` stays isolated.
          isolate: !FAST,
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
