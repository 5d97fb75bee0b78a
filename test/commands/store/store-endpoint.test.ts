/**
 * `store export|import` work on a store (the SQLite file of $SVCCTL_HOME, or --store postgres://…), never through
 * an endpoint (issue 44: a setting accepted and then ignored is a defect). An explicit --endpoint-url was
 * accepted and ignored: `--endpoint-url http://ci:4566 store import --replace` replaced the *local* store, exit 0.
 * It is refused (252) before anything is read or written. A configured endpoint (SVCCTL_ENDPOINT_URL, the
 * profile's endpoint_url) names where the other commands go, often a serve on this same store, and is not read.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { failed, paramValidation } from '../../helpers/cli-results.js';

const refused = (sub: string) =>
  failed(
    252,
    paramValidation(
      `store ${sub} works on a store, not through an endpoint: --endpoint-url is not used by it. ` +
        'Leave --endpoint-url out for the SQLite store of $SVCCTL_HOME, or give --store postgres://… for a PostgreSQL one.',
    ),
  );

let sb: Sandbox | undefined;
afterEach(() => sb?.cleanup());

async function withRepository(env: Record<string, string> = {}): Promise<Sandbox> {
  sb = sandbox(env);
  expect((await sb.run(['create-repository', '--repository-name', 'kept/one'])).code).toBe(0);
  return sb;
}
const names = async (s: Sandbox) =>
  (await s.run(['describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text'])).stdout;

describe('store export|import and an endpoint', () => {
  it('refuses an explicit --endpoint-url on export, before or after the command', async () => {
    const s = await withRepository();
    expect(await s.run(['--endpoint-url', 'http://127.0.0.1:9', 'store', 'export'])).toEqual(refused('export'));
    expect(await s.run(['store', 'export', '--endpoint-url', 'http://127.0.0.1:9'])).toEqual(refused('export'));
  });

  it('refuses an explicit --endpoint-url on import and leaves the local store as it was', async () => {
    const s = await withRepository();
    const file = join(s.cwd, 'empty.json');
    const empty = sandbox();
    try {
      writeFileSync(file, (await empty.run(['store', 'export'])).stdout);
    } finally {
      empty.cleanup();
    }
    expect(
      await s.run(['--endpoint-url', 'http://127.0.0.1:9', 'store', 'import', '--replace', '--file', file]),
    ).toEqual(refused('import'));
    expect(await names(s)).toBe('kept/one\n');
  });

  it('does not read a configured endpoint (SVCCTL_ENDPOINT_URL): the store is exported', async () => {
    const s = await withRepository();
    const out = await s.run(['store', 'export'], { env: { SVCCTL_ENDPOINT_URL: 'http://127.0.0.1:9' } });
    expect([out.code, out.stderr, out.stdout.includes('kept/one')]).toEqual([0, '', true]);
  });

  it.each([
    ['export', ['--query', 'tables'], '--query'],
    ['export', ['--output', 'table'], '--output table'],
    ['import', ['--query', 'x'], '--query'],
    ['import', ['--output', 'text'], '--output text'],
  ])('refuses an explicit global option store %s does not use: %j', async (sub, flag, named) => {
    const s = await withRepository();
    const file = join(s.cwd, 'none.json');
    const extra = sub === 'import' ? ['--replace', '--file', file] : [];
    expect(await s.run([...flag, 'store', sub, ...extra])).toEqual(
      failed(
        252,
        paramValidation(
          sub === 'export'
            ? `store export does not take ${named}: the snapshot is written whole, as JSON.`
            : `store import does not take ${named}: it prints one line, what it imported.`,
        ),
      ),
    );
    expect(await names(s)).toBe('kept/one\n');
  });

  it('takes --output json, and a profile whose output is text', async () => {
    const s = await withRepository();
    const json = await s.run(['--output', 'json', 'store', 'export']);
    expect([json.code, json.stderr, json.stdout.includes('kept/one')]).toEqual([0, '', true]);
    expect((await s.run(['configure', 'set', 'output', 'text'])).code).toBe(0);
    const text = await s.run(['store', 'export']);
    expect([text.code, text.stderr, text.stdout.startsWith('{')]).toEqual([0, '', true]);
  });
});
