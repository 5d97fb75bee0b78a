/**
 * A --store URL whose password holds an unencoded '@', ':' or '/' does not parse as a URL; its password is
 * still masked in the error, whole (hostile pass 19c: 'postgres://postgres:p@ss:w/rd@…' was shown as
 * 'postgres://postgres:****@ss:w/rd@…', most of the password in the clear).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { configError, failed } from '../../helpers/cli-results.js';
import { closedPort } from '../../helpers/fake-server.js';

let sb: Sandbox | undefined;
afterEach(() => sb?.cleanup());

describe('a --store URL whose password is not percent-encoded', () => {
  it('is refused with every character of the password masked (253)', async () => {
    sb = sandbox({});
    const port = await closedPort();
    const result = await sb.run(['store', 'export', '--store', `postgres://postgres:p@ss:w/rd@127.0.0.1:${port}/db`]);
    expect(result).toEqual(
      failed(
        253,
        configError(
          `Unable to reach the store: The store (PostgreSQL at postgres://postgres:****@127.0.0.1:${port}/db) is unavailable: Invalid URL.`,
        ),
      ),
    );
    expect(result.stderr).not.toContain('ss:w');
  });
});
