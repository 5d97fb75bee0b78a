/**
 * `serve --credentials FILE`'s parser (src/server/credentials.ts), where a rule of its own is at stake: the
 * whole files are refused and accepted by real serve processes in test/peers/serve-auth.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { checkSetting } from '../../src/backends/embedded/settings-store.js';
import { ConfigError, InputError } from '../../src/core/errors.js';
import { parseCredentials } from '../../src/server/credentials.js';

const file = (admin: string) =>
  `[ops]\napi_key = sk_test_ops000000000001\naccount_id = 000000000000\nadmin = ${admin}\n`;

/** The principal's admin flag, or the error's message. */
function adminOf(word: string): boolean | string {
  try {
    return parseCredentials(file(word), 'FILE').v2Principal('sk_test_ops000000000001')?.admin === true;
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
}

/** A boolean service setting's value for the word, or its error. */
function settingOf(word: string): boolean | string {
  try {
    return checkSetting('platform_registered', word) === 'true';
  } catch (err) {
    if (err instanceof InputError) return 'refused';
    throw err;
  }
}

describe('admin = … in a --credentials file: one boolean rule with service settings (hostile round 9)', () => {
  // `admin = TRUE` was refused while `service settings set platform_registered TRUE` was taken.
  it.each([
    ['true', true],
    ['TRUE', true],
    ['True', true],
    ['false', false],
    ['FALSE', false],
  ])('admin = %s is %s, as the settings read it', (word, admin) => {
    expect(adminOf(word)).toBe(admin);
    expect(settingOf(word)).toBe(admin);
  });

  it.each(['yes', 'no', '1', '0', 'on', 't', ''])(
    'admin = %j is refused with its line, as the settings refuse it',
    (word) => {
      expect(adminOf(word)).toBe('FILE, line 4: admin must be true or false (in any case).');
      expect(settingOf(word)).toBe('refused');
    },
  );
});
