/**
 * Ctrl-C or SIGTERM during `svcctl store import --replace` (issue 44, item 8): the import used to exit 130 after it had
 * replaced the store and printed "Imported …", so that a script took a finished import for a stopped one.
 * A SIGINT that comes inside the write's transaction (held before its commit by the store's test hook)
 * cannot stop it: the import finishes, says so and exits 0, the store holding the snapshot's state.
 */
import { snapshotCounts } from '../helpers/registry.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePath } from '../../src/backends/embedded/store/store-file.js';
import { killAll, repositoryNames, run, signalledInTransaction } from './helpers.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-import-sigint-'));
});
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('%s during store import --replace', (signal) => {
  // SIGTERM (hostile pass 11): one that came after the commit, while the store closed, killed the process, which
  // exited 143 with the store replaced and "Imported …" printed; one inside the transaction is now handled after it.
  // SIGHUP (hostile pass 12: the terminal or ssh session closed) did the same, exit 129 after "Imported …" on PostgreSQL.
  it('inside the transaction: the import finishes, prints what it imported and exits 0', async () => {
    const source = join(dir, `source-${signal}`);
    const target = join(dir, `target-${signal}`);
    for (const name of ['team/app', 'team/web'])
      expect((await run(['create-repository', '--repository-name', name], { SVCCTL_HOME: source })).code).toBe(0);
    expect((await run(['create-repository', '--repository-name', 'old/one'], { SVCCTL_HOME: target })).code).toBe(0);
    const file = join(dir, `snapshot-${signal}.json`);
    expect((await run(['store', 'export', '--file', file], { SVCCTL_HOME: source })).code).toBe(0);

    const o = await signalledInTransaction(
      dir,
      ['store', 'import', '--file', file, '--replace'],
      { SVCCTL_HOME: target },
      signal,
    );
    expect({ code: o.code, signal: o.signal, stdout: o.stdout, stderr: o.stderr }).toEqual({
      code: 0,
      signal: null,
      stdout: `Imported into ${storePath(target)}: ${Object.entries(snapshotCounts({ repositories: 2 }))
        .map(([table, n]) => `${n} ${table}`)
        .join(', ')}\n`,
      stderr: '',
    });
    expect(repositoryNames(target)).toEqual(['team/app', 'team/web']);
  });
});
