/**
 * docs/compat.md is a contract: every deliberate difference has one number and names the test that pins it.
 * Issue 34, item 8: rows 54 and 55 stood twice, and the two 55s named different error codes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const text = readFileSync(new URL('../../docs/compat.md', import.meta.url), 'utf8');
const ROOT = new URL('../..', import.meta.url);
/** The main table's rows: `| N | where | reference | svcctl | why | test |`. */
const rows = text
  .split('\n')
  .filter((line) => /^\| \d+ \|/.test(line))
  .map((line) => ({ number: Number(/^\| (\d+) \|/.exec(line)![1]), cells: line.split(' | ') }));

describe('docs/compat.md', () => {
  it('has rows, each with the six cells of the table', () => {
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.filter((r) => r.cells.length < 6).map((r) => r.number)).toEqual([]);
  });

  it('gives each row its own number, in increasing order', () => {
    const numbers = rows.map((r) => r.number);
    const twice = numbers.filter((n, i) => numbers.indexOf(n) !== i);
    expect(twice).toEqual([]);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });

  it('names, in each row, test files that exist', () => {
    const missing = rows.flatMap((r) => {
      const last = r.cells.at(-1)!;
      const files = [...last.matchAll(/`(test\/[^`\s]+\.(?:ts|py|mjs|json))`/g)].map((m) => m[1]!);
      if (files.length === 0) return [`#${r.number}: names no test`];
      // A glob (`test/profile/*.test.ts`) names its folder.
      const path = (f: string) => (f.includes('*') ? f.slice(0, f.lastIndexOf('/') + 1) : f);
      return files.filter((f) => !existsSync(new URL(path(f), ROOT))).map((f) => `#${r.number}: ${f}`);
    });
    expect(missing).toEqual([]);
  });
});
