import { describe, expect, it } from 'vitest';
import { IniSyntaxError, parseProfiles, setValue } from '../../src/profile/ini.js';

const asObject = (text: string) => Object.fromEntries([...parseProfiles(text)].map(([k, v]) => [k, Object.fromEntries(v)]));

describe('parseProfiles', () => {
  it.each([
    ['default and named profiles', '[default]\nregion = a\n[profile dev]\nregion=b\n', { default: { region: 'a' }, dev: { region: 'b' } }],
    ['comments, blank lines, CRLF', '# c\r\n; d\r\n\r\n[default]\r\noutput = text\r\n', { default: { output: 'text' } }],
    ['sections that are not profiles are skipped', '[other]\nx = 1\n[profile  dev ]\ny = 2\n', { dev: { y: '2' } }],
    ['nested (indented) lines are not settings', '[default]\ns3 =\n  max = 10\nregion = a\n', { default: { s3: '', region: 'a' } }],
    ['keys are lower-cased, values trimmed; a later duplicate wins', '[default]\nRegion =  a \nregion = b\n', { default: { region: 'b' } }],
    ['a repeated section adds to the profile', '[default]\na = 1\n[default]\nb = 2\n', { default: { a: '1', b: '2' } }],
  ])('%s', (_name, text, expected) => {
    expect(asObject(text)).toEqual(expected);
  });

  it('refuses, naming the line, what configparser refuses: a setting before any section', () => {
    expect(() => parseProfiles('a = 1\n[default]\n')).toThrow(new IniSyntaxError(1, '"a = 1" comes before any [section] header'));
  });

  it('remembers the line each value was read from', () => {
    const p = parseProfiles('[default]\nregion = a\n\n[profile dev]\nregion = b\nregion = c\n');
    expect([p.lineOf('default', 'region'), p.lineOf('dev', 'region'), p.lineOf('dev', 'output')]).toEqual([2, 6, undefined]);
  });
});

describe('setValue', () => {
  it.each([
    ['creates the file', '', 'default', 'output', 'text', '[default]\noutput = text\n'],
    ['adds a profile section after a blank line', '[default]\na = 1\n', 'dev', 'b', '2', '[default]\na = 1\n\n[profile dev]\nb = 2\n'],
    ['replaces a value in place', '[default]\na = 1\nb = 2\n', 'default', 'a', '3', '[default]\na = 3\nb = 2\n'],
    ['adds a key after the last line of the section', '[default]\na = 1\n\n[profile dev]\nb = 2\n', 'default', 'c', '3',
      '[default]\na = 1\nc = 3\n\n[profile dev]\nb = 2\n'],
    ['keeps comments', '# top\n[default]\n# why\na = 1\n', 'default', 'a', '2', '# top\n[default]\n# why\na = 2\n'],
    ['adds a final newline', '[default]\na = 1', 'default', 'b', '2', '[default]\na = 1\nb = 2\n'],
  ])('%s', (_name, text, profile, key, value, expected) => {
    expect(setValue(text, profile, key, value)).toBe(expected);
  });
});
