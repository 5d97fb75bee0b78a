/**
 * Reads write nothing (issue 34, item 4): every read-only operation of the registry, and the admin commands
 * that only read, answer on a home that has no store yet from an empty store in memory, and leave no file and
 * no directory behind. A relative SVCCTL_HOME is refused: read against each working directory, it named a
 * store of its own in each.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { BIN } from '../peers/serve-process.js';
import { OPERATIONS } from '../../src/models/registry.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { ok, failed } from '../helpers/cli-results.js';

const dir = mkdtempSync(join(tmpdir(), 'svcctl-reads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let sb: Sandbox;
let home: string;
let n = 0;
beforeEach(() => {
  home = join(dir, `home-${++n}`);
  sb = sandbox({ SVCCTL_HOME: home });
  return () => sb.cleanup();
});

/** What `argv` answers on a store that exists and holds nothing: one a write made, then undid. */
async function onEmptyStore(argv: readonly string[]) {
  const other = sandbox({ SVCCTL_HOME: join(dir, `empty-${n}`) });
  try {
    for (const write of [
      ['create-repository', '--repository-name', 'ab'],
      ['delete-repository', '--repository-name', 'ab'],
    ])
      expect((await other.run(write)).code).toBe(0);
    expect(existsSync(join(dir, `empty-${n}`, 'state.db'))).toBe(true);
    return await other.run([...argv]);
  } finally {
    other.cleanup();
  }
}

/** The first example of each read-only operation: what its help page shows a person to type. */
const READS = OPERATIONS.filter((op) => op.readOnly).map((op) => [op.name, op.examples![0]!.argv] as const);

describe('reads on a home with no store', () => {
  it('the registry has read-only operations, each with an example', () => {
    expect(READS.map(([name]) => name)).toEqual(OPERATIONS.filter((op) => op.readOnly).map((op) => op.name));
    expect(READS.length).toBeGreaterThanOrEqual(5);
  });

  it.each(READS)('%s answers from an empty store and creates nothing', async (_name, argv) => {
    const r = await sb.run([...argv]);
    // Exactly what a store that exists and holds nothing answers (a list is empty, a get finds nothing), so that
    // a new read needs no entry here (issue 30); an error is the service's own "not found" (254).
    expect(r).toEqual(await onEmptyStore(argv));
    if (r.code !== 0)
      expect([r.code, r.stderr]).toEqual([
        254,
        expect.stringMatching(/An error occurred \(\w*(NotFound|not_found|resource_missing)\w*\)/),
      ]);
    expect(existsSync(home)).toBe(false);
  });

  it('describe prints the empty answer, exactly', async () => {
    expect(await sb.run(['describe-repositories'])).toEqual(ok('{\n    "repositories": []\n}\n'));
    expect(await sb.run(['describe-launch-configurations', '--output', 'text'])).toEqual(ok());
    expect(existsSync(home)).toBe(false);
  });

  it('service journal, resources and settings get read an empty store; a reset of nothing deletes nothing', async () => {
    expect(await sb.run(['service', 'journal'])).toEqual(ok('{\n    "Entries": []\n}\n'));
    expect(await sb.run(['service', 'resources'])).toEqual(ok('{\n    "Resources": []\n}\n'));
    expect((await sb.run(['service', 'settings', 'get', 'accounts_v2_min_version'])).stdout).toBe('none\n');
    expect(await sb.run(['service', 'reset', '--yes', '--query', 'sum(values(Deleted))', '--output', 'text'])).toEqual(
      ok('0\n'),
    );
    // Hostile pass 15a: a settings reset (of one or of all) made the store, to delete nothing from it.
    expect(await sb.run(['service', 'settings', 'reset', 'repositories_per_region'])).toEqual(ok(''));
    expect(await sb.run(['service', 'settings', 'reset'])).toEqual(ok(''));
    expect(existsSync(home)).toBe(false);
  });

  it('store export writes the snapshot of an empty store and creates nothing, also when its --file cannot be written', async () => {
    // It made $SVCCTL_HOME/state.db (hostile pass 14b): a mistyped SVCCTL_HOME left a new store behind.
    const r = await sb.run(['store', 'export']);
    expect(r).toEqual(await onEmptyStore(['store', 'export']));
    expect(r.stdout).toContain('"format": "svcctl-store-snapshot"');
    const lost = join(dir, 'no-such-dir', 'snap.json');
    expect(await sb.run(['store', 'export', '--file', lost])).toEqual(
      failed(
        252,
        `\nsvcctl: [ERROR]: An error occurred (ParamValidation): Unable to write --file ${lost}: [Errno 2] No such file or directory\n`,
      ),
    );
    expect(existsSync(home)).toBe(false);
  });

  it('--debug says the store does not exist yet', async () => {
    const r = await sb.run(['describe-repositories', '--debug', '--output', 'text']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      new RegExp(
        `^DEBUG embedded store: ${join(home, 'state.db')} does not exist yet; this read answers from an empty store in memory \\(schema version \\d+\\) opened in [\\d.]+ ms$`,
        'm',
      ),
    );
    expect(existsSync(home)).toBe(false);
  });

  it('the first write creates the store, and reads then use it', async () => {
    expect((await sb.run(['create-repository', '--repository-name', 'team/app'])).code).toBe(0);
    expect(existsSync(join(home, 'state.db'))).toBe(true);
    expect(
      await sb.run(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text']),
    ).toEqual(ok('team/app\n'));
  });
});

describe('a relative SVCCTL_HOME', () => {
  it.each([['state'], ['./state'], ['~/state']])('%s is refused with 253, and nothing is created', async (relative) => {
    const r = await sb.run(['describe-repositories'], { env: { SVCCTL_HOME: relative } });
    expect(r).toEqual(
      failed(
        253,
        `\nsvcctl: [ERROR]: An error occurred (Configuration): SVCCTL_HOME must be an absolute path, not '${relative}': a relative one would name another store in each working directory. Set it to "$PWD/${relative}" for this directory's.\n`,
      ),
    );
    expect(
      await sb.run(['create-repository', '--repository-name', 'team/app'], { env: { SVCCTL_HOME: relative } }),
    ).toEqual(r);
    expect(existsSync(join(sb.cwd, 'state'))).toBe(false);
  });
});

// Hostile pass 16a: node's homedir() is '' for HOME='' (and 'rel' for HOME=rel), so ~/.svcctl and ~/.aws/config
// were the working directory's: 'create-repository' with HOME='' made ./.svcctl, a store in each directory, and
// the region of ./.aws/config was used. The AWS CLI 2.9.19 (Python's expanduser) reads /.aws/config for HOME=''.
describe('an empty or relative HOME', () => {
  const inDir = (home: string, args: string[], store?: string) => {
    const cwd = mkdtempSync(join(tmpdir(), 'svcctl-home-'));
    try {
      mkdirSync(join(cwd, '.aws'));
      writeFileSync(join(cwd, '.aws', 'config'), '[default]\nregion = eu-west-3\n');
      const r = spawnSync(process.execPath, [BIN, ...args], {
        cwd,
        env: { PATH: process.env.PATH ?? '', HOME: home, ...(store ? { SVCCTL_HOME: join(cwd, store) } : {}) },
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr, made: readdirSync(cwd).sort() };
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  };

  it("HOME='' reads ~/.aws/config as /.aws/config, not the working directory's", () => {
    const r = inDir(
      '',
      ['ecr', 'create-repository', '--repository-name', 'ab', '--query', 'repository.repositoryUri'],
      'store',
    );
    expect(r).toEqual({
      code: 0,
      stdout: '"000000000000.dkr.ecr.us-east-1.amazonaws.com/ab"\n',
      stderr: '',
      made: ['.aws', 'store'],
    });
  });

  it('a relative HOME is refused for the store in ~/.svcctl (253), and nothing is made', () => {
    expect(inDir('rel', ['ecr', 'create-repository', '--repository-name', 'ab'])).toEqual({
      code: 253,
      stdout: '',
      stderr:
        "\nsvcctl: [ERROR]: An error occurred (Configuration): HOME must be an absolute path for the store in ~/.svcctl, not 'rel': a relative one would name another store in each working directory. Set SVCCTL_HOME to the store's directory (an absolute path).\n",
      made: ['.aws'],
    });
  });
});
