/**
 * A --profile (or AWS_PROFILE) that names no profile is refused (253) by `service …` and `store export|import`, as
 * by every operation (issue 44: a setting accepted and then ignored is a defect). These commands read the
 * profile's endpoint_url and store_url: a misspelt `--profile prdo service reset --yes` or
 * `--profile prdo store import --replace` emptied or replaced the local store, exit 0, instead of prod's.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { failed } from '../../helpers/cli-results.js';

const notFound = failed(253, '\nsvcctl: [ERROR]: The config profile (prdo) could not be found\n');

let sb: Sandbox | undefined;
afterEach(() => sb?.cleanup());

async function withRepository(): Promise<Sandbox> {
  sb = sandbox();
  expect((await sb.run(['create-repository', '--repository-name', 'kept/one'])).code).toBe(0);
  return sb;
}
const names = async (s: Sandbox) =>
  (await s.run(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text'])).stdout;

describe('service and store commands and a profile that does not exist', () => {
  it.each([
    [['service', 'reset', '--yes']],
    [['service', 'journal']],
    [['service', 'resources']],
    [['service', 'ready']],
    [['service', 'settings', 'get']],
    [['service', 'settings', 'set', 'fault.ecr.createrepository', 'throttle']],
    [['store', 'export']],
  ])('refuses --profile prdo with %j and changes nothing', async (argv) => {
    const s = await withRepository();
    const settings = await s.run(['service', 'settings', 'get']);
    expect(await s.run(['--profile', 'prdo', ...argv])).toEqual(notFound);
    expect(await s.run(argv, { env: { AWS_PROFILE: 'prdo' } })).toEqual(notFound);
    expect(await names(s)).toBe('kept/one\n');
    expect(await s.run(['service', 'settings', 'get'])).toEqual(settings);
  });

  it('refuses --profile prdo on store import --replace, leaving the store as it was', async () => {
    const s = await withRepository();
    const file = join(s.cwd, 'empty.json');
    const empty = sandbox();
    try {
      writeFileSync(file, (await empty.run(['store', 'export'])).stdout);
    } finally {
      empty.cleanup();
    }
    expect(await s.run(['--profile', 'prdo', 'store', 'import', '--replace', '--file', file])).toEqual(notFound);
    expect(await names(s)).toBe('kept/one\n');
  });
});
