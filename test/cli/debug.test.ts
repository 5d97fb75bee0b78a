/**
 * --debug on the embedded backend (issue 19, item 20): the store it opened, each operation with its input
 * (secret members and the API key masked) and how long it took, on stderr; stdout is what it would be
 * without --debug. Times vary, so they are read as `N ms`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/backends/embedded/store/sqlite-store.js';
import { sandbox, type Sandbox } from '../helpers/cli.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const timed = (text: string) => text.replace(/\d+\.\d ms/g, 'N ms');

describe('--debug on the embedded backend', () => {
  it('logs the store, the call with its input and its time; stdout is unchanged', async () => {
    const r = await sb.run(['create-repository', '--repository-name', 'team/app', '--debug']);
    const store = `${sb.env.SVCCTL_HOME}/state.db`;
    expect({ ...r, stderr: timed(r.stderr) }).toEqual({
      code: 0,
      stdout: expect.stringContaining('"repositoryName": "team/app"'),
      stderr:
        `DEBUG embedded store: ${store} (schema version ${MIGRATIONS.length}) opened in N ms\n` +
        'DEBUG embedded call: CreateRepository (region us-east-1) {"repositoryName":"team/app"}\n' +
        'DEBUG embedded result: CreateRepository succeeded in N ms\n',
    });
    const plain = await sb.run(['describe-repositories']);
    expect((await sb.run(['describe-repositories', '--debug'])).stdout).toBe(plain.stdout);
  });

  it('masks the API key and says how a call failed', async () => {
    const r = await sb.run([
      'account-token',
      'get',
      '--id',
      'accttok_nope',
      '--api-key',
      'sk_test_abcdefgh1234',
      '--debug',
    ]);
    expect(r.code).toBe(254);
    expect(timed(r.stderr).split('\n').slice(1, 3)).toEqual([
      'DEBUG embedded call: RetrieveAccountToken (region us-east-1, key sk_test_********1234) {"id":"accttok_nope"}',
      'DEBUG embedded result: RetrieveAccountToken failed in N ms: not_found',
    ]);
    expect(r.stderr).not.toContain('abcdefgh');
  });
});
