/**
 * vitest setupFiles of the `postgres` project: before each test file, a new empty database on the
 * project's PostgreSQL (test/setup/postgres.ts), its URL in SVCCTL_TEST_STORE_URL for test/helpers/store.ts.
 * A file never sees what another left (the journal's sequence, leases, settings), as on SQLite where each
 * file makes its own $SVCCTL_HOME; creating one costs a few tens of milliseconds.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

const server = inject('postgresServerUrl');
const name = `file_${process.pid}_${randomBytes(4).toString('hex')}`;
const client = new pg.Client({ connectionString: server });
await client.connect();
try {
  await client.query(`CREATE DATABASE "${name}"`);
} finally {
  await client.end();
}
const url = new URL(server);
url.pathname = `/${name}`;
process.env.SVCCTL_TEST_STORE_URL = url.href;
