/**
 * The layers of src/ (ARCHITECTURE.md): each top-level folder has a layer, and a file may import only from
 * its own folder or from a lower layer; no two files import each other, however indirectly. Walks every
 * import and dynamic import() of every source file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Lower numbers are lower layers. */
const LAYERS: Record<string, number> = {
  core: 0,
  models: 1,
  wire: 2,
  paginate: 2,
  help: 2,
  input: 2,
  profile: 2,
  output: 3,
  prompt: 3,
  completion: 3,
  backends: 3,
  'service-settings': 4,
  server: 5,
  commands: 6,
  cli: 7,
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const files = sources(SRC);
const imports = new Map<string, string[]>(
  files.map((f) => {
    const text = readFileSync(f, 'utf8');
    const specs = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
    return [f, specs.filter((s) => s.endsWith('.js')).map((s) => resolve(dirname(f), s.replace(/\.js$/, '.ts')))];
  }),
);
const folder = (f: string) => relative(SRC, f).split('/')[0]!;

describe('src/ layers', () => {
  it('every folder has a layer', () => {
    expect([...new Set(files.map(folder))].filter((m) => !(m in LAYERS))).toEqual([]);
  });

  it('imports point to the same folder or downward', () => {
    const upward: string[] = [];
    for (const [f, deps] of imports) {
      for (const d of deps) {
        const [a, b] = [folder(f), folder(d)];
        if (a !== b && !(LAYERS[b]! < LAYERS[a]!)) upward.push(`${relative(SRC, f)} -> ${relative(SRC, d)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('no import cycle between files', () => {
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]): void => {
      state.set(f, 'open');
      for (const d of imports.get(f) ?? []) {
        if (state.get(d) === 'open') cycles.push([...path.slice(path.indexOf(d)), d].map((p) => relative(SRC, p)).join(' -> '));
        else if (!state.has(d)) visit(d, [...path, d]);
      }
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f, [f]);
    expect(cycles).toEqual([]);
  });

  it('the walk sees the imports (it would catch an upward one)', () => {
    expect(imports.get(join(SRC, 'cli/run.ts'))).toContain(join(SRC, 'commands/serve.ts'));
    expect([...imports.values()].flat().length).toBeGreaterThan(300);
  });
});
