/**
 * Group commit on PostgreSQL (issue 42): the quota creates that reach a pool thread together run in one
 * transaction (EmbeddedService.callMany), and each still gets the answer it would get alone: a name taken
 * twice in the group, a create past the quota, both among creates that succeed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmbeddedService } from '../../src/backends/embedded/embedded.js';
import { ServiceError } from '../../src/core/errors.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';

let server: Postgres;
let service: EmbeddedService;
let dir: string;
const CLOCK_MS = Date.UTC(2026, 10, 27);

beforeAll(async () => {
  server = await startPostgres();
  const url = await server.createDatabase('group_commit');
  dir = mkdtempSync(join(tmpdir(), 'svcctl-group-'));
  let n = 0;
  service = new EmbeddedService({
    home: dir,
    accountId: '000000000000',
    storeUrl: url,
    clock: { now: () => new Date(CLOCK_MS) },
    ids: { id: (p) => `${p}_${++n}`, uuid: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` },
  });
  service.useRunSettings([['repositories_per_region', '5']]);
}, 120_000);
afterAll(async () => {
  service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await server?.stop();
});

const create = (name: string) => ({
  op: 'CreateRepository',
  params: { repositoryName: name },
  context: { region: 'us-east-1' },
});

/** What each call was answered: the repository's name, or the error's code and message. */
function answers(results: Awaited<ReturnType<EmbeddedService['callMany']>>): unknown[] {
  return results.map((r) => {
    if ('output' in r) return (r.output.repository as { repositoryName: string }).repositoryName;
    const err = r.error as ServiceError;
    return err instanceof ServiceError ? [err.code, err.message] : String(err);
  });
}

const statements = () => service.storeStats()!.queries;

describe('creates that arrive together share a transaction, each answered as alone', () => {
  it('three creates: three repositories, one COMMIT (each create is its insert and its count)', async () => {
    await service.callMany([create('warm/up')]);
    const before = statements();
    expect(answers(await service.callMany([create('team/a'), create('team/b'), create('team/c')]))).toEqual([
      'team/a',
      'team/b',
      'team/c',
    ]);
    // 3 × (insert, count) and one COMMIT: alone, each would have had its own COMMIT (9 statements).
    expect(statements() - before).toBe(7);
  });

  it('a name taken twice in the group and a create past the quota: the group is rolled back, each runs alone', async () => {
    const results = await service.callMany([create('team/a'), create('team/d'), create('team/d'), create('team/e')]);
    expect(answers(results)).toEqual([
      [
        'RepositoryAlreadyExistsException',
        "The repository with name 'team/a' already exists in the registry with id '000000000000'",
      ],
      'team/d',
      [
        'RepositoryAlreadyExistsException',
        "The repository with name 'team/d' already exists in the registry with id '000000000000'",
      ],
      [
        'LimitExceededException',
        "The repository limit of 5 per region has been reached in the registry with id '000000000000' in us-east-1 (service setting repositories_per_region).",
      ],
    ]);
    const listed = await service.call('DescribeRepositories', {}, { region: 'us-east-1' });
    expect((listed.repositories as Array<{ repositoryName: string }>).map((r) => r.repositoryName)).toEqual([
      'team/a',
      'team/b',
      'team/c',
      'team/d',
      'warm/up',
    ]);
  });
});
