/** Option declarations of svcctl's own commands (models/commands.ts): the syntax they are written in, as plain data. */
import { describe, expect, it } from 'vitest';
import { option } from '../../src/models/commands.js';

describe('option(declaration)', () => {
  it('reads the name, the arity and the value word', () => {
    expect([
      option('--require-auth', 'a'),
      option('--port <port>', 'b', { default: '4566' }),
      option('--generate-cli-skeleton [type]', 'c'),
      option('--tags [value...]', 'd', { hidden: true }),
      option('-h, --help', 'e'),
    ]).toEqual([
      { name: '--require-auth', arity: 'flag', help: 'a' },
      { name: '--port', arity: 'one', value: 'port', help: 'b', default: '4566' },
      { name: '--generate-cli-skeleton', arity: 'optional', value: 'type', help: 'c' },
      { name: '--tags', arity: 'list', value: 'value', help: 'd', hidden: true },
      { name: '--help', short: '-h', arity: 'flag', help: 'e' },
    ]);
  });

  it('refuses what is no declaration', () => {
    expect(() => option('--port port', 'x')).toThrow('not an option declaration: --port port');
    expect(() => option('port <port>', 'x')).toThrow('not an option declaration: port <port>');
  });
});
