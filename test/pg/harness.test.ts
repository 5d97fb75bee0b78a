import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Postgres, startPostgres } from '../helpers/postgres.js';

let server: Postgres;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
});

test('the harness starts a PostgreSQL 15 on loopback, gives fresh databases, and survives a stop and a start', async () => {
  expect(server.url).toBe(`postgres://postgres@127.0.0.1:${server.port}/postgres`);
  const url = await server.createDatabase('harness');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    "SELECT current_setting('server_version_num')::int / 10000 AS major, inet_server_addr()::text AS addr",
  );
  expect(rows).toEqual([{ major: 15, addr: '127.0.0.1/32' }]);
  await client.end();
  server.kill();
  const down = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  await expect(down.connect()).rejects.toThrow(/ECONNREFUSED/);
  await server.start();
  const again = new pg.Client({ connectionString: url });
  await again.connect();
  expect((await again.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  await again.end();
});
