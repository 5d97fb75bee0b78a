/**
 * A file named in src/'s comments or in the docs (README.md, ARCHITECTURE.md, BENCHMARKS.md, docs/) is a file
 * the tree has (issue 40): after a move, a stale name fails here instead of misleading a reader. A name is
 * found as a path from the repository's root, from src/, test/, scripts/ or docs/, from the naming file's own
 * folder, or, when it has no folder, as the name of any tracked file. Built files (dist/) are made by the build.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
const NAMING = /^(src\/.*\.ts|docs\/.*\.md|README\.md|ARCHITECTURE\.md|BENCHMARKS\.md)$/;

/** The names of files in `text` that `tree` does not have, for the file at `path`. */
export function staleNames(path: string, text: string, tree: readonly string[]): string[] {
  const all = new Set(tree);
  const bases = new Set(tree.map((p) => p.split('/').pop()));
  const found = [...text.matchAll(/(?<![\w/.<>{}$*-])((?:\.{0,2}[\w.-]*\/)*[\w-]+\.(?:ts|mjs|cjs|md))\b/g)].map(
    (m) => m[1]!,
  );
  return found.filter((name) => {
    if (name.startsWith('dist/')) return false;
    const from = [name, `src/${name}`, `test/${name}`, `scripts/${name}`, `docs/${name}`, join(dirname(path), name)];
    if (from.some((c) => all.has(normalize(c)))) return false;
    return name.includes('/') || !bases.has(name);
  });
}

/** A document's text without its fenced code blocks: an example names the files of the reader's project, not ours. */
export function prose(path: string, text: string): string {
  return path.endsWith('.md') ? text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '') : text;
}

describe('file names in comments and docs', () => {
  it('every file named is in the tree', () => {
    const stale = tracked
      .filter((p) => NAMING.test(p))
      .flatMap((p) => staleNames(p, prose(p, readFileSync(join(ROOT, p), 'utf8')), tracked).map((n) => `${p}: ${n}`));
    expect(stale).toEqual([]);
  });

  it('the scan finds a stale name and passes what the tree has', () => {
    const tree = ['src/backends/embedded/embedded.ts', 'src/cli/run.ts', 'docs/v2.md', 'BENCHMARKS.md'];
    const text =
      '(backends/embedded/embedded.ts) cli/run.ts v2-call.ts backends/embedded/bulk.ts ../BENCHMARKS.md run.ts dist/cli.cjs';
    expect(staleNames('docs/shared-store.md', text, tree)).toEqual(['v2-call.ts', 'backends/embedded/bulk.ts']);
    // A fenced example's file names are the reader's: not scanned in a document, still scanned in a source.
    const example = 'Run it:\n```ts\n// test/svcctl.ts: yours\n```\nthen v2-call.ts';
    expect(staleNames('README.md', prose('README.md', example), tree)).toEqual(['v2-call.ts']);
    expect(staleNames('src/x.ts', prose('src/x.ts', example), tree)).toEqual(['test/svcctl.ts', 'v2-call.ts']);
  });
});
