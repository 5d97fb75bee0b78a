/**
 * serve on SQLite (issue 42): the quota creates and deletes that arrive in one turn of the event loop share
 * one transaction (EmbeddedService's groupWrites), each in a savepoint of its own, and each still gets the
 * answer it would get alone: a name taken twice in the group, a create past the quota, among creates that
 * succeed. The transactions are counted with the store's commit hook for tests (SVCCTL_TEST_TX_PAUSE: one
 * file per transaction, its `.go` made beforehand so that none waits).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedService } from '../../../src/backends/embedded/embedded.js';
import { ServiceError } from '../../../src/core/errors.js';
import { HOLD_ENDED } from '../../../src/backends/embedded/index.js';

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
