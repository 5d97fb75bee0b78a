/**
 * Ctrl-C inside a write's transaction (hostile pass 21b, the siblings of issue 44's item 8, which fixed store
 * import): the transaction runs synchronously, so the signal cannot stop it. `service reset --yes` then
 * printed what it deleted and exited 130, `ecr create-repository` printed the repository it made and exited
 * 130, and `service settings set` exited 130 with the setting written: a script took a finished write for a
 * stopped one. Each now finishes, says so as it always does, and exits 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAll, repositoryNames, run, signalledInTransaction } from './helpers.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-write-sigint-'));
});
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

/** The command with its first transaction held, SIGINT sent there, then every transaction let go on. */
async function interruptedInside(home: string, argv: string[]) {
  const o = await signalledInTransaction(dir, argv, { SVCCTL_HOME: home });
  return { code: o.code, signal: o.signal, stdout: o.stdout, stderr: o.stderr };
}

describe('SIGINT inside a write: the write finishes, says so and exits 0', () => {
  it('service reset --yes', async () => {
    const home = join(dir, 'reset');
    for (const name of ['team/app', 'team/web'])
      expect((await run(['create-repository', '--repository-name', name], { SVCCTL_HOME: home })).code).toBe(0);
    expect(
      await interruptedInside(home, ['service', 'reset', '--kind', 'repositories', '--yes', '--output', 'text']),
    ).toEqual({ code: 0, signal: null, stdout: 'DELETED\t2\n', stderr: '' });
    expect(repositoryNames(home)).toEqual([]);
  });

  it('ecr create-repository', async () => {
    const home = join(dir, 'create');
    expect(
      await interruptedInside(home, [
        'ecr',
        'create-repository',
        '--repository-name',
        'team/app',
        '--query',
        'repository.repositoryName',
        '--output',
        'text',
      ]),
    ).toEqual({ code: 0, signal: null, stdout: 'team/app\n', stderr: '' });
    expect(repositoryNames(home)).toEqual(['team/app']);
  });

  it('service settings set and reset', async () => {
    const home = join(dir, 'settings');
    expect(
      await interruptedInside(home, ['service', 'settings', 'set', 'launch_configurations_per_region', '7']),
    ).toEqual({ code: 0, signal: null, stdout: '', stderr: '' });
    const get = ['service', 'settings', 'get', 'launch_configurations_per_region'];
    expect((await run(get, { SVCCTL_HOME: home })).stdout).toBe('7\n');
    expect(await interruptedInside(home, ['service', 'settings', 'reset', 'launch_configurations_per_region'])).toEqual(
      { code: 0, signal: null, stdout: '', stderr: '' },
    );
    expect((await run(get, { SVCCTL_HOME: home })).stdout).toBe('200\n');
  });

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)(
    '%s inside the transaction of a call the service then refuses: its error and 254, not 130 after it',
    async (signal) => {
      // Hostile pass 22a: on a new store (whose creation is a transaction), 'ecr delete-repository' of a
      // repository that is not there printed RepositoryNotFoundException, then exited 130 (SIGINT) or was
      // ended by SIGTERM, SIGHUP; docs/reliability.md promises nothing on stderr after a stop, and a call
      // answered with an error is as finished as one answered with data.
      const home = join(dir, `refused-${signal}`);
      const o = await signalledInTransaction(
        dir,
        ['ecr', 'delete-repository', '--repository-name', 'team/nope'],
        { SVCCTL_HOME: home },
        signal,
      );
      expect({ code: o.code, signal: o.signal, stdout: o.stdout, stderr: o.stderr }).toEqual({
        code: 254,
        signal: null,
        stdout: '',
        stderr:
          "\nsvcctl: [ERROR]: An error occurred (RepositoryNotFoundException) when calling the DeleteRepository operation: The repository with name 'team/nope' does not exist in the registry with id '000000000000'\n",
      });
    },
  );
});
