/**
 * The generated AWS shapes (src/models/generated/, written by scripts/gen-aws-shapes.mjs from the AWS CLI
 * source) are held to the botocore model CI has, Debian's python3-botocore: every shape both models have
 * must carry the same facts, except exactly the differences the generated file records as the older
 * model's, so a fact edited by hand fails here. And every ECR and Auto Scaling operation's input and output
 * is those shapes, fact for fact: a model file spells no constraint of its own.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ShapeFact, ShapeTable } from '../../src/models/aws-shapes.js';
import { AUTOSCALING_OPERATIONS } from '../../src/models/autoscaling.js';
import { ECR_OPERATIONS } from '../../src/models/ecr.js';
import {
  AUTOSCALING_BASELINE,
  AUTOSCALING_OPERATION_SHAPES,
  AUTOSCALING_PAGINATORS,
  AUTOSCALING_SHAPES,
} from '../../src/models/generated/autoscaling-shapes.js';
import {
  ECR_BASELINE,
  ECR_OPERATION_SHAPES,
  ECR_PAGINATORS,
  ECR_SHAPES,
} from '../../src/models/generated/ecr-shapes.js';
import type { Operation, Paginator } from '../../src/models/operation.js';
import type { Shape } from '../../src/models/shapes.js';

const root = join(import.meta.dirname, '..', '..');
const DEBIAN = '/usr/lib/python3/dist-packages/botocore/data';

const SERVICES = [
  {
    service: 'ecr',
    model: 'ecr/2015-09-21',
    shapes: ECR_SHAPES as ShapeTable,
    operationShapes: ECR_OPERATION_SHAPES as Record<string, { input: string | null; output: string | null }>,
    baseline: ECR_BASELINE as { source: string; differences: Record<string, unknown> },
    operations: ECR_OPERATIONS as Record<string, Operation>,
    paginators: ECR_PAGINATORS as Record<string, Paginator>,
  },
  {
    service: 'autoscaling',
    model: 'autoscaling/2011-01-01',
    shapes: AUTOSCALING_SHAPES as ShapeTable,
    operationShapes: AUTOSCALING_OPERATION_SHAPES as Record<string, { input: string | null; output: string | null }>,
    baseline: AUTOSCALING_BASELINE as { source: string; differences: Record<string, unknown> },
    operations: AUTOSCALING_OPERATIONS as Record<string, Operation>,
    paginators: AUTOSCALING_PAGINATORS as Record<string, Paginator>,
  },
];

/** The older model's facts for the same operations, by the generator's own rules and overrides. */
function debianFacts(service: string, model: string): { shapes: Record<string, Record<string, unknown>> } {
  const out = execFileSync(
    process.execPath,
    [join(root, 'scripts/gen-aws-shapes.mjs'), '--facts', service, join(DEBIAN, model, 'service-2.json')],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

/** Shape by shape, the older model's value of every fact that differs (null: none; a shape null: absent). */
function differences(current: ShapeTable, older: Record<string, Record<string, unknown>>) {
  const out: Record<string, unknown> = {};
  for (const [name, shape] of Object.entries(current)) {
    const old = older[name];
    if (!old) {
      out[name] = null;
      continue;
    }
    const now = shape as Record<string, unknown>;
    const diff: Record<string, unknown> = {};
    for (const k of [...new Set([...Object.keys(now), ...Object.keys(old)])].sort())
      if (JSON.stringify(now[k]) !== JSON.stringify(old[k])) diff[k] = old[k] === undefined ? null : old[k];
    if (Object.keys(diff).length > 0) out[name] = diff;
  }
  return out;
}

/** A shape's facts with nested shapes spelt out, from the table alone (no docs, no defaults). */
function resolve(table: ShapeTable, name: string, own: Record<string, unknown> = {}): unknown {
  const fact = table[name] as ShapeFact;
  const merged: Record<string, unknown> = { ...fact, ...own };
  for (const [k, v] of Object.entries(own)) if (v === null) delete merged[k];
  if (fact.type === 'list') merged.member = resolve(table, fact.member);
  if (fact.type === 'map') Object.assign(merged, { key: resolve(table, fact.key), value: resolve(table, fact.value) });
  if (fact.type === 'structure')
    merged.members = Object.fromEntries(
      Object.entries(fact.members).map(([m, ref]) => {
        const { shape, ...rest } = typeof ref === 'string' ? { shape: ref } : ref;
        return [m, resolve(table, shape, rest)];
      }),
    );
  return sorted(merged);
}

/** A model shape's facts: without its words (doc) and documented defaults, keys sorted. */
function factsOf(shape: Shape): unknown {
  const { doc: _doc, ...rest } = shape as Shape & { defaults?: unknown };
  delete (rest as { defaults?: unknown }).defaults;
  const out: Record<string, unknown> = { ...rest };
  if (shape.type === 'list') out.member = factsOf(shape.member);
  if (shape.type === 'map') Object.assign(out, { key: factsOf(shape.key), value: factsOf(shape.value) });
  if (shape.type === 'structure')
    out.members = Object.fromEntries(Object.entries(shape.members).map(([m, s]) => [m, factsOf(s)]));
  return sorted(out);
}

function sorted(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, value[k]]),
  );
}

/** The older model's paginators for the same operations, by the generator's own rules. */
function debianPaginators(service: string, model: string): Record<string, Paginator> {
  const out = execFileSync(
    process.execPath,
    [join(root, 'scripts/gen-aws-shapes.mjs'), '--paginators', service, join(DEBIAN, model, 'paginators-1.json')],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

describe.each(SERVICES)('$service: the generated shapes', (s) => {
  const file = join(root, `src/models/generated/${s.service}-shapes.ts`);

  it('say on their first line that they are generated and by what', () => {
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe(
      '// generated by scripts/gen-aws-shapes.mjs, do not edit: change scripts/aws-shapes/config.mjs and run it again.',
    );
  });

  it(`agree with Debian's model on every shape both have, but for the differences the file records`, () => {
    expect(s.baseline.source).toMatch(/^botocore [0-9.]+ \(Debian's python3-botocore\)$/);
    const older = debianFacts(s.service, s.model).shapes;
    expect(differences(s.shapes, older)).toEqual(s.baseline.differences);
  });

  it('are the input and output of each of its operations, fact for fact, and name no other operation', () => {
    expect(Object.keys(s.operationShapes)).toEqual(Object.keys(s.operations));
    for (const [name, op] of Object.entries(s.operations)) {
      const names = s.operationShapes[name];
      const empty = { members: {}, type: 'structure' };
      expect(factsOf(op.input), `${name} input`).toEqual(names.input ? resolve(s.shapes, names.input) : empty);
      expect(factsOf(op.output), `${name} output`).toEqual(names.output ? resolve(s.shapes, names.output) : empty);
    }
  });

  it("are the paginators of its operations, those of Debian's model too, and an operation without one has none", () => {
    expect(debianPaginators(s.service, s.model)).toEqual(s.paginators);
    for (const [name, op] of Object.entries(s.operations)) expect(op.paginator, name).toEqual(s.paginators[name]);
  });
});
