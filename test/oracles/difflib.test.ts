/** "Maybe you meant": svcctl's close matches against Python's difflib.get_close_matches (cutoff 0.8), run by /usr/bin/python3. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { closeMatches } from '../../src/help/suggest.js';
import { OPERATIONS } from '../../src/models/registry.js';
import { seeded } from './random.js';

const CHOICES = [
  ...new Set([
    ...OPERATIONS.flatMap((op) => op.paths.map((p) => p[p.length - 1]!)),
    'ecr',
    'autoscaling',
    'configure',
    'serve',
    'service',
    'completion',
    'list',
    'get',
    'set',
    'reset',
    'json',
    'text',
    'table',
    'yaml',
    'yaml-stream',
    'off',
  ]),
];

describe('closeMatches against difflib.get_close_matches', () => {
  it('2,000 seeded typos of the command, operation and value names: the same suggestions in the same order', () => {
    const r = seeded(7);
    const typo = (w: string) => {
      const chars = [...w];
      for (let k = 1 + r.int(3); k > 0; k--) {
        const i = r.int(chars.length + 1);
        const op = r.int(3);
        if (op === 0) chars.splice(i, 1);
        else if (op === 1) chars.splice(i, 0, r.pick([...'abcdefghijklmnopqrstuvwxyz-']));
        else chars.splice(i, 1, r.pick([...'aeiorst-']));
      }
      return chars.join('');
    };
    const words = Array.from({ length: 2000 }, () => typo(r.pick(CHOICES)));
    const python = JSON.parse(
      execFileSync(
        '/usr/bin/python3',
        [
          '-c',
          'import difflib, json, sys\nd = json.load(sys.stdin)\njson.dump([difflib.get_close_matches(w, d["choices"], cutoff=0.8) for w in d["words"]], sys.stdout)',
        ],
        {
          input: JSON.stringify({ words, choices: CHOICES }),
          encoding: 'utf8',
        },
      ),
    ) as string[][];
    const differ = words
      .map((w, i) => [w, closeMatches(w, CHOICES), python[i]] as const)
      .filter(([, a, b]) => JSON.stringify(a) !== JSON.stringify(b));
    expect(differ.slice(0, 5)).toEqual([]);
  });
});
