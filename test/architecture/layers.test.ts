/**
 * The layers of src/ (ARCHITECTURE.md): each top-level folder has a layer, and a file may import only from
 * its own folder or from a lower layer; no two files import each other, however indirectly. Walks every
 * import and dynamic import() of every source file. api/ (the library's entry) is the highest: it starts serve
 * as the command does, and nothing imports it. The parser library (commander) is imported in cli/
 * only: the layers below get the commands as data and what was parsed as plain values.
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
  server: 5,
  commands: 6,
  cli: 7,
  api: 8,
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const files = sources(SRC);
const texts = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]));
const imports = new Map<string, string[]>(
  files.map((f) => {
    const text = texts.get(f)!;
    const specs = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
    return [f, specs.filter((s) => s.endsWith('.js')).map((s) => resolve(dirname(f), s.replace(/\.js$/, '.ts')))];
  }),
);
const folder = (f: string) => relative(SRC, f).split('/')[0]!;

/** The packages a source imports: `import … from 'x'`, `import type … from 'x'`, `export … from 'x'`, `import('x')`, `import 'x'`. */
const packagesOf = (text: string): string[] =>
  [...text.matchAll(/(?:\bfrom|\bimport\(?)\s*['"]([^'"./][^'"]*)['"]/g)].map((m) => m[1]!.split('/')[0]!);

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
        if (state.get(d) === 'open')
          cycles.push([...path.slice(path.indexOf(d)), d].map((p) => relative(SRC, p)).join(' -> '));
        else if (!state.has(d)) visit(d, [...path, d]);
      }
      state.set(f, 'done');
    };
    for (const f of files) if (!state.has(f)) visit(f, [f]);
    expect(cycles).toEqual([]);
  });

  it('commander is imported in cli/ only (type-only imports too)', () => {
    const outside = files.filter((f) => folder(f) !== 'cli' && packagesOf(texts.get(f)!).includes('commander'));
    expect(outside.map((f) => relative(SRC, f))).toEqual([]);
    expect(files.filter((f) => packagesOf(texts.get(f)!).includes('commander')).map((f) => relative(SRC, f))).toContain(
      'cli/program.ts',
    );
  });

  it('the package scan sees every form of import (it would catch one below cli/)', () => {
    const forms = [
      "import { Command } from 'commander';",
      "import type { Option } from 'commander';",
      'import {\n  type Command,\n  Help,\n} from "commander";',
      "export { Command } from 'commander';",
      "const { Command } = await import('commander');",
      "import 'commander';",
    ];
    expect(forms.map((f) => packagesOf(f))).toEqual(forms.map(() => ['commander']));
    expect(packagesOf("import { x } from './commander.js';\nimport { y } from '../cli/commander.js';")).toEqual([]);
  });

  it('backends/embedded/ has one front door: nothing outside it imports past its index.ts (scripts/ included)', () => {
    const EMBEDDED = join(SRC, 'backends/embedded');
    const DOOR = join(EMBEDDED, 'index.ts');
    const SCRIPTS = fileURLToPath(new URL('../../scripts', import.meta.url));
    const importers = new Map(imports);
    for (const f of readdirSync(SCRIPTS).filter((n) => n.endsWith('.ts'))) {
      const p = join(SCRIPTS, f);
      const specs = [...readFileSync(p, 'utf8').matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
      importers.set(
        p,
        specs.map((s) => resolve(SCRIPTS, s.replace(/\.js$/, '.ts'))),
      );
    }
    const past: string[] = [];
    for (const [f, deps] of importers) {
      if (f.startsWith(`${EMBEDDED}/`)) continue;
      for (const d of deps) if (d.startsWith(`${EMBEDDED}/`) && d !== DOOR) past.push(`${f} -> ${relative(SRC, d)}`);
    }
    expect(past).toEqual([]);
    // The walk sees the door being used (it would see an import past it).
    expect(imports.get(join(SRC, 'server/handler.ts'))).toContain(DOOR);
  });

  it('the walk sees the imports (it would catch an upward one)', () => {
    expect(imports.get(join(SRC, 'cli/run.ts'))).toContain(join(SRC, 'commands/serve/serve.ts'));
    expect([...imports.values()].flat().length).toBeGreaterThan(300);
  });
});
