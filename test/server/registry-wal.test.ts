/**
 * A push into a SQLite file: the WAL the push writes is copied into the database file by a thread of serve's
 * own (src/backends/embedded/store/wal-checkpointer.ts), not by the main thread between pieces. Once a real
 * `svcctl serve` stops (SIGTERM), the file alone holds every byte and SQLite's -wal file is gone, as after any
 * other run of serve: the thread's connection closes before the store's, which is then the last and removes
 * it. SQLite only (the thread is the SQLite file's; vitest.config.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, http, sha256 } from '../helpers/image-registry.js';
import { type ServeProcess, startServe } from '../peers/serve-process.js';

let dir: string;
let serve: ServeProcess | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-registry-wal-'));
});
afterAll(async () => {
  await serve?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** An ECR operation through serve (unsigned JSON 1.1, as serve without --credentials takes it). */
async function ecr(url: string, operation: string, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AmazonEC2ContainerRegistry_V20150921.${operation}`,
    },
    body: JSON.stringify(params),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

describe('a push into a SQLite file, then serve stops', () => {
  it('leaves the blob whole in the database file and no -wal file beside it', async () => {
    const home = join(dir, 'home');
    serve = await startServe([], { SVCCTL_HOME: home });
    await ecr(serve.url, 'CreateRepository', { repositoryName: 'team/app' });
    const token = (await ecr(serve.url, 'GetAuthorizationToken', {})) as {
      authorizationData: Array<{ authorizationToken: string }>;
    };
    const auth = basic(Buffer.from(token.authorizationData[0]!.authorizationToken, 'base64').toString().slice(4));
    const BLOB = randomBytes(6 * 1024 * 1024 + 7);
    const start = await http(serve.url, 'POST', '/v2/team/app/blobs/uploads/', auth);
    const at = new URL(start.headers.location!).pathname;
    const done = await http(
      serve.url,
      'PUT',
      `${at}?digest=${sha256(BLOB)}`,
      { ...auth, 'content-type': 'application/octet-stream' },
      BLOB,
    );
    expect(done.status).toBe(201);

    expect(await serve.stop('SIGTERM')).toBe(0);
    serve = undefined;
    const file = join(home, 'state.db');
    expect([existsSync(file), existsSync(`${file}-wal`)]).toEqual([true, false]);
    const db = new Database(file, { readonly: true });
    try {
      const pieces = db
        .prepare(
          'SELECT c.bytes FROM registry_parts p JOIN registry_chunks c ON c.owner = p.segment WHERE p.owner = ? ORDER BY c.start',
        )
        .all(sha256(BLOB)) as { bytes: Buffer }[];
      expect(Buffer.concat(pieces.map((p) => p.bytes)).equals(BLOB)).toBe(true);
    } finally {
      db.close();
    }
  });
});
