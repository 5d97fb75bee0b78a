/**
 * The glossary (ARCHITECTURE.md) in identifiers, not only in file names (issue 40): the words it retired do not
 * come back in src/'s code. "ops" for admin (serve's /_svcctl/ endpoints and `svcctl service`), `sc` for the
 * handler context (`hc`), and "setting" for a config key where the CLI's own configuration is read (profile/,
 * cli/, commands/configure/); service settings keep the word, it is theirs. Comments are prose and not scanned.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/**
 * The identifiers of a source: comments and the text of strings blanked, so that prose and messages (which
 * may say "setting" to a user) are not scanned. A small tokenizer: regular expression literals are taken as code.
 */
export function codeOf(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const two = text.slice(i, i + 2);
    if (two === '//') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (two === '/*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      out += ' ';
    } else if (c === "'" || c === '"' || c === '`') {
      i++;
      while (i < text.length && text[i] !== c) i += text[i] === '\\' ? 2 : 1;
      i++;
      out += "''";
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const RETIRED: ReadonlyArray<{ word: RegExp; where: RegExp; means: string }> = [
  { word: /\b(?:\w*Ops(?:[A-Z]\w*)?|ops(?:[A-Z]\w*)?)\b/g, where: /.*/, means: 'admin' },
  { word: /\bsc\b/g, where: /.*/, means: 'the handler context (hc)' },
  { word: /\b\w*(?:Setting|setting)\w*\b/g, where: /^(profile|cli|commands\/configure)\//, means: 'a config key' },
];

/** The retired words in `code` of the file at `path` (relative to src/), as `path: word (means …)`. */
function retiredIn(path: string, code: string): string[] {
  return RETIRED.filter((r) => r.where.test(path)).flatMap((r) =>
    [...code.matchAll(r.word)].map((m) => `${path}: ${m[0]} (means ${r.means})`),
  );
}

describe('the glossary in identifiers', () => {
  it('no retired word in the code of src/', () => {
    const found = sources(SRC).flatMap((f) => retiredIn(relative(SRC, f), codeOf(readFileSync(f, 'utf8'))));
    expect(found).toEqual([]);
  });

  it('the scan finds each retired word where it is retired, and not in comments or where the word is right', () => {
    expect(retiredIn('server/handler.ts', codeOf('function answerOps(deps: OpsDeps) { const ops = 1; }'))).toEqual([
      'server/handler.ts: answerOps (means admin)',
      'server/handler.ts: OpsDeps (means admin)',
      'server/handler.ts: ops (means admin)',
    ]);
    expect(retiredIn('backends/embedded/handlers/x.ts', codeOf('const f = (db, p, sc) => sc.region;'))).toEqual([
      'backends/embedded/handlers/x.ts: sc (means the handler context (hc))',
      'backends/embedded/handlers/x.ts: sc (means the handler context (hc))',
    ]);
    expect(retiredIn('profile/keys.ts', codeOf('class SettingProblem {}'))).toEqual([
      'profile/keys.ts: SettingProblem (means a config key)',
    ]);
    expect(retiredIn('backends/embedded/settings-store.ts', codeOf('function knownSetting() {}'))).toEqual([]);
    expect(retiredIn('profile/keys.ts', codeOf('/** Why a setting means nothing. */\nconst a = 1; // ops'))).toEqual(
      [],
    );
    expect(retiredIn('models/rules.ts', codeOf('const maxIops = iops * 2; const stops = 1;'))).toEqual([]);
  });
});
