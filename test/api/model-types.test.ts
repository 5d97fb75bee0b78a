/**
 * src/api/models.ts, the types the package exports for what the services take and return, is generated from
 * the operation models: this test renders them and fails when the file differs (a model changed without
 * the types). `UPDATE_TYPES=1 npx vitest run test/api/model-types.test.ts` writes it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { launchConfigurationShape } from '../../src/models/autoscaling.js';
import { repositoryShape } from '../../src/models/ecr.js';
import { OPERATIONS } from '../../src/models/registry.js';
import type { Shape, StructureShape } from '../../src/models/shapes.js';
import { accountShape, accountTokenShape, meterEventAdjustmentShape } from '../../src/models/stripe.js';

const FILE = fileURLToPath(new URL('../../src/api/models.ts', import.meta.url));

/** The resources, by the name their type gets; a structure that is one of them is named, not spelt out. */
const NAMED: Array<[string, StructureShape]> = [
  ['Repository', repositoryShape],
  ['LaunchConfiguration', launchConfigurationShape],
  ['AccountToken', accountTokenShape],
  ['Account', accountShape],
  ['MeterEventAdjustment', meterEventAdjustmentShape],
];

const comment = (doc: string | undefined, pad: string) =>
  doc === undefined ? '' : `${pad}/** ${doc.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ')} */\n`;

function render(shape: Shape, pad: string, self?: StructureShape): string {
  // A member spelt `{ ...repositoryShape, doc }` is the resource still: the same members (registry.ts copies
  // each member table, so they are compared by name).
  const same = (s: StructureShape) =>
    shape.type === 'structure' && Object.keys(s.members).join() === Object.keys(shape.members).join();
  const named = NAMED.find(([, s]) => s !== self && (s === shape || same(s)));
  if (named) return named[0];
  switch (shape.type) {
    case 'string':
      return shape.enum ? shape.enum.map((v) => JSON.stringify(v)).join(' | ') : 'string';
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'timestamp':
    case 'blob':
      return 'string';
    case 'list': {
      const member = render(shape.member, pad);
      return /[ |]/.test(member) && !member.startsWith('{') ? `Array<${member}>` : `${member}[]`;
    }
    case 'map':
      return `Record<string, ${render(shape.value, pad)}>`;
    case 'structure': {
      const inner = `${pad}  `;
      const required = new Set(shape.required ?? []);
      const members = Object.entries(shape.members).map(
        ([name, member]) =>
          `${comment(member.doc, inner)}${inner}${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}${required.has(name) ? '' : '?'}: ${render(member, inner)};\n`,
      );
      return `{\n${members.join('')}${pad}}`;
    }
  }
}

function generate(): string {
  const out = [
    '// Generated from the operation models (src/models/) by test/api/model-types.test.ts: do not edit;',
    '// `UPDATE_TYPES=1 npx vitest run test/api/model-types.test.ts` writes it again. The objects as the',
    "// services' JSON carries them (svcctl's --output json, the v2 API): timestamps and blobs are strings.",
    '',
  ];
  for (const [name, shape] of NAMED)
    out.push(`${comment(shape.doc, '')}export interface ${name} ${render(shape, '', shape)}\n`);
  for (const op of OPERATIONS) {
    out.push(`/** The input of ${op.name}: ${op.summary.replace(/\*\//g, '*\\/')} */`);
    out.push(`export interface ${op.name}Input ${render(op.input, '')}\n`);
    out.push(`/** The output of ${op.name}. */`);
    const output = render(op.output, '');
    out.push(
      output.startsWith('{')
        ? `export interface ${op.name}Output ${output}\n`
        : `export type ${op.name}Output = ${output};\n`,
    );
  }
  return `${out.join('\n').trimEnd()}\n`;
}

describe('src/api/models.ts', () => {
  it('is what the models generate', () => {
    const text = generate();
    if (process.env.UPDATE_TYPES === '1') writeFileSync(FILE, text);
    expect(readFileSync(FILE, 'utf8')).toBe(text);
  });

  it('names each resource, and each operation has its input and output', () => {
    const text = readFileSync(FILE, 'utf8');
    const names = [...text.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]);
    expect(names.slice(0, NAMED.length)).toEqual(NAMED.map(([n]) => n));
    expect(names.length).toBe(NAMED.length + 2 * OPERATIONS.length);
    expect(text).toContain('export interface CreateRepositoryOutput {\n');
    expect(text).toMatch(/\n {2}repository\?: Repository;\n/);
  });
});
