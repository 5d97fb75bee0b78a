/**
 * An option word after `service settings get|set|reset` or `configure get|set` is an option these commands do
 * not take, never a setting's name (issue 44's leftover): `service settings get --generate-cli-skeleton`
 * answered "Unknown service setting '--generate-cli-skeleton'", as if the user had misspelt a setting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { failed, paramValidation, unknownOptions } from '../../helpers/cli-results.js';

let sb: Sandbox | undefined;
afterEach(() => sb?.cleanup());

describe('an option word where a setting is named', () => {
  it.each([
    [['service', 'settings', 'get', '--generate-cli-skeleton'], '--generate-cli-skeleton'],
    [['service', 'settings', 'get', '--cli-input-json', '{}'], '--cli-input-json, {}'],
    [['service', 'settings', 'reset', '--generate-cli-skeleton'], '--generate-cli-skeleton'],
    [['service', 'settings', 'set', '--max-items', '3'], '--max-items, 3'],
    [['service', 'settings', 'set', 'account_update_concurrency_limit', '--x'], '--x'],
    [['configure', 'get', '--generate-cli-skeleton'], '--generate-cli-skeleton'],
    [['configure', 'set', '--page-size', '3'], '--page-size, 3'],
  ])('%j is refused as unknown options, and nothing changes', async (argv, words) => {
    sb = sandbox();
    expect((await sb.run(['service', 'settings', 'set', 'account_update_concurrency_limit', '7'])).code).toBe(0);
    expect(await sb.run(argv)).toEqual(failed(252, unknownOptions(words)));
    expect(await sb.run(['service', 'settings', 'get', 'account_update_concurrency_limit'])).toEqual({
      code: 0,
      stdout: '7\n',
      stderr: '',
    });
  });

  it("still takes a word with one dash as the value of service settings set: it reaches the setting's check", async () => {
    sb = sandbox();
    expect(await sb.run(['service', 'settings', 'set', 'account_update_concurrency_limit', '-5'])).toEqual(
      failed(
        252,
        paramValidation(
          "Invalid value for account_update_concurrency_limit: '-5'. Expected none or a whole number from 0 to 10000.",
        ),
      ),
    );
  });
});
