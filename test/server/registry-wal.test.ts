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
import { ecrCall, http, loginHeaders, sha256 } from '../helpers/image-registry.js';
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

describe('a push into a SQLite file, then serve stops', () => {
  it('leaves the blob whole in the database file and no -wal file beside it', async () => {
    const home = join(dir, 'home');
    serve = await startServe([], { SVCCTL_HOME: home });
    await ecrCall(serve.url, 'CreateRepository', { repositoryName: 'team/app' });
    const auth = await loginHeaders(serve.url);
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
