import { describe, expect, it } from 'vitest';
import { IniSyntaxError, parseProfiles, setValue } from '../../src/profile/ini.js';

const asObject = (text: string) =>
  Object.fromEntries([...parseProfiles(text)].map(([k, v]) => [k, Object.fromEntries(v)]));

describe('parseProfiles', () => {
  it.each([
    [
      'default and named profiles',
      '[default]\nregion = a\n[profile dev]\nregion=b\n',
      { default: { region: 'a' }, dev: { region: 'b' } },
    ],
    [
      'comments, blank lines, CRLF',
      '# c\r\n; d\r\n\r\n[default]\r\noutput = text\r\n',
      { default: { output: 'text' } },
    ],
    ['sections that are not profiles are skipped', '[other]\nx = 1\n[profile  dev ]\ny = 2\n', { dev: { y: '2' } }],
    [
      'nested (indented) lines are not settings',
      '[default]\ns3 =\n  max = 10\nregion = a\n',
      { default: { s3: '', region: 'a' } },
    ],
    [
      'keys are lower-cased, values trimmed',
      '[default]\nRegion =  a \nOutput=text\n',
      { default: { region: 'a', output: 'text' } },
    ],
    [
      'one key in two sections',
      '[default]\nregion = a\n[profile dev]\nregion = b\n[Default]\nregion = c\n',
      { default: { region: 'a' }, dev: { region: 'b' } },
    ],
  ])('%s', (_name, text, expected) => {
    expect(asObject(text)).toEqual(expected);
  });

  it('refuses, naming the line, what configparser refuses: a setting before any section', () => {
    expect(() => parseProfiles('a = 1\n[default]\n')).toThrow(
      new IniSyntaxError(1, '"a = 1" comes before any [section] header'),
    );
  });

  // issue 25, item 7: configparser (strict, as botocore uses it) refuses duplicates; the last one no longer silently wins
  it.each([
    [
      'a repeated section',
      '[default]\na = 1\n\n[default]\nb = 2\n',
      4,
      "section 'default' already exists (first at line 1)",
    ],
    [
      'a repeated key',
      '[profile dev]\nregion = a\n# later\nregion = b\n',
      4,
      "option 'region' in section 'profile dev' already exists (first at line 2)",
    ],
    [
      'a repeated key in another case',
      '[default]\nRegion = a\nREGION = b\n',
      3,
      "option 'region' in section 'default' already exists (first at line 2)",
    ],
    [
      'a repeated section that is no profile',
      '[sso-session x]\n[sso-session x]\n',
      2,
      "section 'sso-session x' already exists (first at line 1)",
    ],
    [
      'two headers naming one profile',
      '[default]\na = 1\n[profile default]\nb = 2\n',
      3,
      "section 'profile default' names profile 'default', as section 'default' (line 1) does",
    ],
    [
      'two spellings of one profile',
      '[profile dev]\n[profile  dev]\n',
      2,
      "section 'profile  dev' names profile 'dev', as section 'profile dev' (line 1) does",
    ],
  ])('refuses %s, naming its line', (_name, text, line, reason) => {
    expect(() => parseProfiles(text)).toThrow(new IniSyntaxError(line, reason));
  });

  it('remembers the line each value was read from', () => {
    const p = parseProfiles('[default]\nregion = a\n\n[profile dev]\noutput = b\nregion = c\n');
    expect([p.lineOf('default', 'region'), p.lineOf('dev', 'region'), p.lineOf('dev', 'color')]).toEqual([
      2,
      6,
      undefined,
    ]);
  });
});

describe('setValue', () => {
  it.each([
    ['creates the file', '', 'default', 'output', 'text', '[default]\noutput = text\n'],
    [
      'adds a profile section after a blank line',
      '[default]\na = 1\n',
      'dev',
      'b',
      '2',
      '[default]\na = 1\n\n[profile dev]\nb = 2\n',
    ],
    ['replaces a value in place', '[default]\na = 1\nb = 2\n', 'default', 'a', '3', '[default]\na = 3\nb = 2\n'],
    [
      'adds a key after the last line of the section',
      '[default]\na = 1\n\n[profile dev]\nb = 2\n',
      'default',
      'c',
      '3',
      '[default]\na = 1\nc = 3\n\n[profile dev]\nb = 2\n',
    ],
    ['keeps comments', '# top\n[default]\n# why\na = 1\n', 'default', 'a', '2', '# top\n[default]\n# why\na = 2\n'],
    ['adds a final newline', '[default]\na = 1', 'default', 'b', '2', '[default]\na = 1\nb = 2\n'],
  ])('%s', (_name, text, profile, key, value, expected) => {
    expect(setValue(text, profile, key, value)).toBe(expected);
  });
});
