/**
 * A reset leaves nothing from before it in the journal, on PostgreSQL with a pool of threads (issue 44, hostile
 * pass 12c): the journal rows of the writes done before a reset are written on one pool thread and the reset
 * runs on another, so a row of a create the reset deleted could land after it, in the journal it had emptied.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOneTurn, rawPost } from '../helpers/one-turn.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';
import { type ServeProcess, startServe } from '../peers/serve-process.js';

let server: Postgres;
let dir: string;
let serve: ServeProcess;

beforeAll(async () => {
  server = await startPostgres();
  const url = await server.createDatabase('reset_journal');
  dir = mkdtempSync(join(tmpdir(), 'svcctl-pg-reset-'));
  serve = await startServe(['--store', url, '--store-pool-size', '4'], { SVCCTL_HOME: join(dir, 'home') });
}, 120_000);
afterAll(async () => {
  await serve?.stop('SIGKILL');
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const request = (path: string, headers: string[], body: string) => rawPost(serve.url, path, headers, body);
const ecr = (target: string, body: unknown) =>
  request(
    '/',
    ['Content-Type: application/x-amz-json-1.1', `X-Amz-Target: AmazonEC2ContainerRegistry_V20150921.${target}`],
    JSON.stringify(body),
  );

async function createRows(): Promise<string[]> {
  const journal = (await (await fetch(`${serve.url}/_svcctl/journal`)).json()) as {
    Entries: Array<{ Operation: string; Input: { repositoryName?: string } }>;
  };
  return journal.Entries.filter((e) => e.Operation === 'CreateRepository').map((e) => e.Input.repositoryName!);
}

async function stored(): Promise<string[]> {
  const r = await fetch(serve.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AmazonEC2ContainerRegistry_V20150921.DescribeRepositories',
    },
    body: '{}',
  });
  const out = (await r.json()) as { repositories: Array<{ repositoryName: string }> };
  return out.repositories.map((x) => x.repositoryName);
}

describe('a reset read with creates, serve on PostgreSQL with a pool of 4 threads', { timeout: 240_000 }, () => {
  it('every CreateRepository row the journal holds after the reset is of a repository that exists', async () => {
    for (let round = 0; round < 20; round++) {
      const names = Array.from({ length: 16 }, (_, i) => `reset/r${round}-${i}`);
      const statuses = await inOneTurn(serve.url, [
        ...names.map((repositoryName) => ecr('CreateRepository', { repositoryName })),
        request('/_svcctl/reset', [], ''),
      ]);
      // The reset answers 200; a create is answered 200, or its connection closed unanswered (the reset drops
      // the requests still on their way), and then it is not there.
      expect(statuses.at(-1)).toBe('HTTP/1.1 200 OK');
      const there = await stored();
      const rows = await createRows();

      expect(statuses.slice(0, -1).filter((s) => s !== 'HTTP/1.1 200 OK' && s !== '')).toEqual([]);
      expect(names.filter((n, i) => statuses[i] === '' && there.includes(n))).toEqual([]);
      expect({ round, rows }).toEqual({ round, rows: names.filter((n) => there.includes(n)) });
    }
  });
});
