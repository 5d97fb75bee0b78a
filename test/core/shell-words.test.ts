/** The one shell-word splitter: a whole line (prompt answers, the docs runner) and a line being typed (completion). */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, splitShellWords, WordsError } from '../../src/core/shell-words.js';

describe('splitShellWords, a whole line', () => {
  const cases: Array<[string, string[]]> = [
    ['a b  c', ['a', 'b', 'c']],
    ['  leading and trailing  ', ['leading', 'and', 'trailing']],
    [`'single quoted \\ $x' next`, ['single quoted \\ $x', 'next']],
    [`"double \\"quoted\\" \\$x \\\` \\\\ \\n"`, ['double "quoted" $x ` \\ \\n']],
    ['back\\ slash\\\\ end', ['back slash\\', 'end']],
    [`''`, ['']],
    [`a'b'"c"d`, ['abcd']],
    ['Key=env,Value=prod Key=team,Value="a b"', ['Key=env,Value=prod', 'Key=team,Value=a b']],
    ['trailing\\', ['trailing\\']],
    ['', []],
  ];
  for (const [line, words] of cases) it(JSON.stringify(line), () => expect(splitShellWords(line)).toEqual(words));

  it('an unterminated quote is an error', () => {
    expect(() => splitShellWords(`a 'b`)).toThrow(new WordsError("unterminated ' quote"));
    expect(() => splitShellWords('a "b')).toThrow(new WordsError('unterminated " quote'));
  });
});

describe('splitShellWords, partial (completion)', () => {
  const cases: Array<[string, string[]]> = [
    ['svcctl desc', ['svcctl', 'desc']],
    ['svcctl ', ['svcctl', '']],
    ['svcctl --output ', ['svcctl', '--output', '']],
    [`svcctl --query 'repos`, ['svcctl', '--query', 'repos']],
    ['svcctl "a b', ['svcctl', 'a b']],
    ['', ['']],
  ];
  for (const [line, words] of cases)
    it(JSON.stringify(line), () => expect(splitShellWords(line, { partial: true })).toEqual(words));
});

describe('shellQuote', () => {
  const cases: Array<[string, string]> = [
    ['team/app', 'team/app'],
    ['a b', `'a b'`],
    [`it's`, `'it'\\''s'`],
    ['', `''`],
    ['$HOME', `'$HOME'`],
  ];
  for (const [word, quoted] of cases) {
    it(JSON.stringify(word), () => {
      expect(shellQuote(word)).toBe(quoted);
      expect(splitShellWords(quoted)).toEqual([word]);
    });
  }

  // Issue 44, item 2: a control character is never written raw (an ESC sequence would run in the terminal
  // that prints the line): ANSI-C quotes, each control an escape; the journal test runs them through bash.
  const controls: Array<[string, string]> = [
    ['\u001b[31mred\u0007', "$'\\x1b[31mred\\x07'"],
    ["it's\ttab", "$'it\\'s\\x09tab'"],
    ['back\\slash\n', "$'back\\\\slash\\x0a'"],
    ['c1\u009bx', "$'c1\\xc2\\x9bx'"],
    ['del\u007f', "$'del\\x7f'"],
    ['nul\u0000', "$'nul\\x00'"],
  ];
  for (const [word, quoted] of controls) {
    it(`${JSON.stringify(word)} in ANSI-C quotes`, () => {
      expect(shellQuote(word)).toBe(quoted);
      expect(shellQuote(word)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    });
  }

  // Final hostile pass 6a: `\u0085` in `$'…'` is read by bash as the character only in a UTF-8 locale; under
  // LC_ALL=C (cron, `env -i`, many images) it stays six characters and the replay stores another value.
  // A C1 control is written as its UTF-8 bytes, which bash reads back the same in every locale.
  for (const locale of ['C', 'C.UTF-8', 'POSIX']) {
    it(`a C1 control replays as the same bytes through bash with LC_ALL=${locale}`, () => {
      const word = 'x\u0085y\u009b\u2028z';
      const run = spawnSync('bash', ['-c', `printf %s ${shellQuote(word)}`], {
        env: { PATH: process.env.PATH ?? '', LC_ALL: locale },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect({ code: run.status, stdout: run.stdout.toString('hex'), stderr: run.stderr.toString() }).toEqual({
        code: 0,
        stdout: Buffer.from(word, 'utf8').toString('hex'),
        stderr: '',
      });
    });
  }
});
