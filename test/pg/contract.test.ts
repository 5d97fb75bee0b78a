/** The contract scenarios with the one store in PostgreSQL: the local backend (SVCCTL_STORE_URL) and serve on it. */
import { afterAll, beforeAll } from 'vitest';
import { type Harness, harness } from '../helpers/harness.js';
import { contractSuite } from '../backends/contract-suite.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';

let server: Postgres;
let h: Harness;
beforeAll(async () => {
  server = await startPostgres();
  h = await harness({}, await server.createDatabase('contract'));
});
afterAll(async () => {
  await h?.close();
  await server?.stop();
});

contractSuite('the same scenarios through the local backend and through HTTP to svcctl serve, on PostgreSQL', () => h);
