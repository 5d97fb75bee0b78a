/**
 * serve on SQLite (issue 42): the quota creates and deletes that arrive in one turn of the event loop share
 * one transaction (EmbeddedService's groupWrites), each in a savepoint of its own, and each still gets the
 * answer it would get alone: a name taken twice in the group, a create past the quota, among creates that
 * succeed. The transactions are counted with the store's commit hook for tests (SVCCTL_TEST_TX_PAUSE: one
 * file per transaction, its `.go` made beforehand so that none waits).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedService } from '../../../src/backends/embedded/embedded.js';
import { ServiceError } from '../../../src/core/errors.js';
import { HOLD_ENDED } from '../../../src/backends/embedded/index.js';
import { serve } from '../../../src/api/serve.js';
import Database from 'better-sqlite3';

let dir: string;
let pauses: string;
let service: EmbeddedService;
const CLOCK_MS = Date.UTC(2026, 10, 27);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-group-writes-'));
  pauses = join(dir, 'pauses');
  mkdirSync(pauses);
  for (let n = 1; n <= 50; n++) writeFileSync(join(pauses, `${process.pid}.${n}.go`), '');
  let n = 0;
  service = new EmbeddedService({
    home: join(dir, 'home'),
    accountId: '000000000000',
    clock: { now: () => new Date(CLOCK_MS) },
    ids: { id: (p) => `${p}_${++n}`, uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` },
    hooks: { txPauseDir: pauses },
    groupWrites: true,
  });
  service.useRunSettings([['repositories_per_region', '5']]);
});
afterEach(() => {
  service?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Transactions committed (or begun to commit) so far: the hook's files but their `.go`. */
const committed = () => readdirSync(pauses).filter((f) => !f.endsWith('.go')).length;
/** Transactions since the test began (the store's own, opening it, before). */
let opened = 0;
beforeEach(() => {
  opened = committed();
});
const transactions = () => committed() - opened;

const create = (name: string) => service.call('CreateRepository', { repositoryName: name }, { region: 'us-east-1' });

/** Each call's answer: the repository's name, or the error's code and message. */
const answers = (calls: Array<Promise<Record<string, unknown>>>) =>
  Promise.all(
    calls.map((c) =>
      c.then(
        (out) => (out.repository as { repositoryName: string }).repositoryName,
        (err: unknown) => (err instanceof ServiceError ? [err.code, err.message] : String(err)),
      ),
    ),
  );

const listed = async () =>
  (
    (await service.call('DescribeRepositories', {}, { region: 'us-east-1' })).repositories as Array<{
      repositoryName: string;
    }>
  ).map((r) => r.repositoryName);

describe('quota creates that arrive together share a transaction, each answered as alone', () => {
  it('three creates: three repositories, one transaction; one alone: one more', async () => {
    expect(await answers([create('team/a'), create('team/b'), create('team/c')])).toEqual([
      'team/a',
      'team/b',
      'team/c',
    ]);
    expect(transactions()).toBe(1);
    expect(await answers([create('team/d')])).toEqual(['team/d']);
    expect(transactions()).toBe(2);
    expect(await listed()).toEqual(['team/a', 'team/b', 'team/c', 'team/d']);
  });

  it('a name taken twice and a create past the quota in the group: refused alone, the others written', async () => {
    expect(await answers([create('team/a'), create('team/b')])).toEqual(['team/a', 'team/b']);
    const results = await answers([
      create('team/a'),
      create('team/c'),
      create('team/c'),
      create('team/d'),
      create('team/e'),
      create('team/f'),
      create('team/g'),
    ]);
    expect(results).toEqual([
      [
        'RepositoryAlreadyExistsException',
        "The repository with name 'team/a' already exists in the registry with id '000000000000'",
      ],
      'team/c',
      [
        'RepositoryAlreadyExistsException',
        "The repository with name 'team/c' already exists in the registry with id '000000000000'",
      ],
      'team/d',
      'team/e',
      [
        'LimitExceededException',
        "The repository limit of 5 per region has been reached in the registry with id '000000000000' in us-east-1 (service setting repositories_per_region).",
      ],
      [
        'LimitExceededException',
        "The repository limit of 5 per region has been reached in the registry with id '000000000000' in us-east-1 (service setting repositories_per_region).",
      ],
    ]);
    expect(transactions()).toBe(2);
    expect(await listed()).toEqual(['team/a', 'team/b', 'team/c', 'team/d', 'team/e']);
  });

  it('a delete and a create of one name in one group run in their order', async () => {
    expect(await answers([create('team/a')])).toEqual(['team/a']);
    const removed = service.call('DeleteRepository', { repositoryName: 'team/a' }, { region: 'us-east-1' });
    // Deleted first, then created again: had the create run first, its name would have been taken.
    expect(await answers([create('team/a'), create('team/b')])).toEqual(['team/a', 'team/b']);
    expect(((await removed).repository as { repositoryName: string }).repositoryName).toBe('team/a');
    // The first create's, and the group's with the delete's own nested one (a savepoint, which the hook
    // counts too): alone, the three would have been four.
    expect(transactions()).toBe(3);
    expect(await listed()).toEqual(['team/a', 'team/b']);
  });

  it('any other call runs after the writes that came before it: a describe in the same turn sees them', async () => {
    const created = [create('team/a'), create('team/b')];
    const seen = listed();
    expect(await seen).toEqual(['team/a', 'team/b']);
    expect(await answers(created)).toEqual(['team/a', 'team/b']);
  });

  it('a reset drops the writes still waiting for their turn, as it drops a latency fault wait: none runs, none is answered', async () => {
    // serve maps this error to a dropped request (handler.ts): no answer and no journal row. Run before the
    // reset instead, a write was answered 200 with no journal row (begun before the reset), and after a reset
    // of another kind its repository stayed: a write that the journal never showed.
    for (const kind of ['meters', undefined]) {
      const waiting = [create(`team/${kind ?? 'all'}1`), create(`team/${kind ?? 'all'}2`)];
      await service.admin({ what: 'reset', ...(kind === undefined ? {} : { kind }) });
      expect(await answers(waiting)).toEqual([
        [HOLD_ENDED, 'The store was reset while this write waited for its turn: nothing was done.'],
        [HOLD_ENDED, 'The store was reset while this write waited for its turn: nothing was done.'],
      ]);
      expect(await listed()).toEqual([]);
    }
    // A reset of the journal alone ends nothing: the writes run first, as every other call's writes do.
    const kept = [create('team/kept')];
    await service.admin({ what: 'reset', kind: 'journal' });
    expect(await answers(kept)).toEqual(['team/kept']);
    expect(await listed()).toEqual(['team/kept']);
  });
});

/** CreateRepository as HTTP/1.1 text, for a socket already open (written in one tick with other requests). */
const createText = (port: number, name: string, target = 'AmazonEC2ContainerRegistry_V20150921.CreateRepository') => {
  const body = JSON.stringify({ repositoryName: name });
  return `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-amz-json-1.1\r\nX-Amz-Target: ${target}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
};
const connected = (port: number) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
/** A socket's whole answer's status line ('' when closed without one). */
const statusOf = (socket: Socket) =>
  new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
  });

describe("a reset right after a group's COMMIT leaves no journal row of its writes (hostile pass 11a)", () => {
  // The group commits at the end of a turn of the event loop and its answers' journal rows are written at the
  // end of the next one: a reset in between (serve's POST /_svcctl/reset read with the creates, or the
  // library's reset() from a timer) deleted the repositories and the journal, and then the rows of those
  // creates were written into the journal that the reset had emptied: a journal listing creates of
  // repositories that do not exist, and `service journal --as-cli` making them again.
  it("the library's reset() as soon as the group is committed: the journal after it is empty", async () => {
    const file = join(dir, 'library.db');
    const h = await serve({ store: file, log: () => {} });
    const db = new Database(file, { readonly: true });
    try {
      const sockets = await Promise.all(['team/a', 'team/b', 'team/c'].map(() => connected(h.port)));
      const statuses = sockets.map(statusOf);
      sockets.forEach((socket, i) => socket.write(createText(h.port, `team/${'abc'[i]}`)));
      // Each turn of the event loop until the group's COMMIT is in the file, then the reset at once.
      await new Promise<void>((resolve, reject) => {
        const poll = () => {
          const { n } = db.prepare('SELECT count(*) AS n FROM repositories').get() as { n: number };
          if (n === 3) h.reset().then(() => resolve(), reject);
          else setImmediate(poll);
        };
        setImmediate(poll);
      });
      expect(await Promise.all(statuses)).toEqual(Array(3).fill('HTTP/1.1 200 OK'));
      expect(await h.journal()).toEqual([]);
    } finally {
      db.close();
      await h.close();
    }
  });
});
