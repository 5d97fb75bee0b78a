/**
 * Facts carry over, sentences do not (issue 40): no doc string of a model and no help page may share a run
 * of eight consecutive words with the AWS models' documentation (Debian's python3-botocore data for ecr and
 * autoscaling, which CI has) or with the comments of the `stripe` package's type declarations
 * (node_modules/stripe). Words are compared lower-case, letters and digits only, markup dropped.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { programTree } from '../../src/cli/program.js';
import { COMMANDS } from '../../src/cli/run.js';
import { renderHelp } from '../../src/help/help.js';
import type { CommandNode } from '../../src/models/commands.js';
import { OPERATIONS } from '../../src/models/registry.js';
import type { Shape } from '../../src/models/shapes.js';

const root = join(import.meta.dirname, '..', '..');
const BOTOCORE = '/usr/lib/python3/dist-packages/botocore/data';
const RUN = 8;

const words = (text: string) =>
  text
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;/g, ' ')
    .toLowerCase()
    .match(/[a-z0-9]+/g) ?? [];

/** Every run of RUN words in `texts`, each with the text it came from. */
function runs(texts: Iterable<[string, string]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [where, text] of texts) {
    const w = words(text);
    for (let i = 0; i + RUN <= w.length; i++) {
      const run = w.slice(i, i + RUN).join(' ');
      if (!out.has(run)) out.set(run, where);
    }
  }
  return out;
}

/** svcctl's own words: every doc string of every model shape, and every help page. */
function* ours(): Generator<[string, string]> {
  const seen = new Set<Shape>();
  function* shapeDocs(shape: Shape, where: string): Generator<[string, string]> {
    if (shape.doc) yield [where, shape.doc];
    if (seen.has(shape)) return;
    seen.add(shape);
    if (shape.type === 'structure')
      for (const [m, s] of Object.entries(shape.members)) yield* shapeDocs(s, `${where}.${m}`);
    if (shape.type === 'list') yield* shapeDocs(shape.member, `${where}[]`);
    if (shape.type === 'map') yield* shapeDocs(shape.value, `${where}.*`);
  }
  for (const op of OPERATIONS) {
    yield [`${op.name} summary`, op.summary];
    yield* shapeDocs(op.input, `${op.name} input`);
    yield* shapeDocs(op.output, `${op.name} output`);
  }
  const pages = (node: CommandNode, path: string): Array<[string, string]> => [
    [`help of svcctl${path}`, renderHelp(node)],
    ...node.subcommands.flatMap((c) => pages(c, `${path} ${c.name}`)),
  ];
  yield* pages(programTree(COMMANDS), '');
}

/** The AWS models' documentation: every `documentation` string of the ecr and autoscaling models. */
function* awsDocs(): Generator<[string, string]> {
  for (const model of ['ecr/2015-09-21', 'autoscaling/2011-01-01']) {
    const file = join(BOTOCORE, model, 'service-2.json');
    const texts: string[] = [];
    JSON.parse(readFileSync(file, 'utf8'), (key, value) => {
      if (key === 'documentation' && typeof value === 'string') texts.push(value);
      return value;
    });
    for (const t of texts) yield [file, t];
  }
}

function declarations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? declarations(join(dir, e.name)) : e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

/** The comments of the stripe package's type declarations. */
function* stripeDocs(): Generator<[string, string]> {
  for (const file of declarations(join(root, 'node_modules/stripe'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g)) yield [file, m[0].replace(/^\s*\*/gm, ' ')];
  }
}

/** Each of our texts that shares a run with `theirs`, with the run and where it is theirs. */
function shared(theirs: Iterable<[string, string]>): string[] {
  const mine = runs(ours());
  const found = new Map<string, string>();
  for (const [where, text] of theirs) {
    const w = words(text);
    for (let i = 0; i + RUN <= w.length; i++) {
      const run = w.slice(i, i + RUN).join(' ');
      const at = mine.get(run);
      if (at && !found.has(at)) found.set(at, `${at}: "${run}" (${where.replace(`${root}/`, '')})`);
    }
  }
  return [...found.values()].sort();
}

describe('the docs and help pages are our own words', () => {
  it('the texts checked are all there: every operation, every command', () => {
    const texts = [...ours()];
    expect(texts.filter(([w]) => w.endsWith(' summary')).length).toBe(OPERATIONS.length);
    expect(texts.some(([w]) => w === 'help of svcctl')).toBe(true);
    expect(texts.length).toBeGreaterThan(OPERATIONS.length * 10);
  });

  it("no run of eight words is the AWS models' documentation", () => {
    expect(shared(awsDocs())).toEqual([]);
  });

  it("no run of eight words is a comment of the stripe package's types", () => {
    expect(shared(stripeDocs())).toEqual([]);
  });
});
