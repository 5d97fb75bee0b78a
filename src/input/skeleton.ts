/**
 * --generate-cli-skeleton: templates derived from the models, touching no backend.
 * input: every input member with a placeholder (first enum value, "", 0, true, one-element lists);
 * yaml-input: the same as YAML with each member's documentation as a comment and [REQUIRED] marks;
 * output: a sample output document that satisfies the output model's own constraints.
 */
import type { Operation } from '../models/operation.js';
import type { Shape, StructureShape } from '../models/shapes.js';

function placeholder(shape: Shape, depth = 0): unknown {
  switch (shape.type) {
    case 'string':
      return shape.enum ? shape.enum[0] : '';
    case 'integer':
      return 0;
    case 'boolean':
      return true;
    case 'timestamp':
      return '1970-01-01T00:00:00';
    case 'blob':
      return '';
    case 'list':
      return depth > 8 ? [] : [placeholder(shape.member, depth + 1)];
    case 'map':
      return { KeyName: placeholder(shape.value, depth + 1) };
    case 'structure':
      return inputSkeleton(shape, [], depth + 1);
  }
}

function inputSkeleton(shape: StructureShape, hidden: readonly string[] = [], depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(shape.members)) {
    if (!hidden.includes(name)) out[name] = placeholder(member, depth);
  }
  return out;
}

/** A value that satisfies the shape's own constraints (lengths, ranges, enums, patterns we know). */
function sample(shape: Shape, name: string): unknown {
  switch (shape.type) {
    case 'string': {
      if (shape.enum) return shape.enum[0];
      if (shape.pattern === '[0-9]{12}') return '000000000000';
      const min = shape.min ?? 0;
      const base = shape.pattern && !shape.pattern.startsWith('[\\u0020') ? 'sample' : name || 'string';
      return base.length >= min ? base.slice(0, shape.max ?? base.length) : base.padEnd(min, 'x');
    }
    case 'integer':
      return shape.min ?? 0;
    case 'boolean':
      return true;
    case 'timestamp':
      return '1970-01-01T00:00:00+00:00';
    case 'blob':
      return '';
    case 'list':
      return [sample(shape.member, name)];
    case 'map':
      return { KeyName: sample(shape.value, name) };
    case 'structure': {
      const out: Record<string, unknown> = {};
      for (const [k, m] of Object.entries(shape.members)) out[k] = sample(m, k);
      return out;
    }
  }
}

function yamlComment(shape: Shape, required: boolean, indent: string): string {
  const doc = shape.doc ? ` ${shape.doc}` : '';
  const enums = shape.type === 'string' && shape.enum ? ` Valid values are: ${shape.enum.join(', ')}.` : '';
  return `${indent}#${required ? ' [REQUIRED]' : ''}${doc}${enums}`.trimEnd();
}

async function yamlSkeleton(shape: StructureShape, hidden: readonly string[]): Promise<string> {
  const { stringify } = await import('yaml');
  const lines: string[] = [];
  const walk = (s: StructureShape, indent: string, omit: readonly string[]) => {
    const required = new Set(s.required ?? []);
    for (const [name, member] of Object.entries(s.members)) {
      if (omit.includes(name)) continue;
      const comment = yamlComment(member, required.has(name), '');
      if (member.type === 'structure') {
        lines.push(`${indent}${name}:${comment ? `  ${comment}` : ''}`);
        walk(member, `${indent}  `, []);
        continue;
      }
      const value = stringify({ [name]: placeholder(member) }, { indent: 2 }).trimEnd().split('\n');
      lines.push(`${indent}${value[0]}${comment ? `  ${comment}` : ''}`);
      for (const rest of value.slice(1)) lines.push(`${indent}${rest}`);
    }
  };
  walk(shape, '', hidden);
  return `${lines.join('\n')}\n`;
}

export async function generateSkeleton(op: Operation, kind: 'input' | 'yaml-input' | 'output'): Promise<string> {
  const hidden = op.hiddenMembers ?? [];
  if (kind === 'yaml-input') return yamlSkeleton(op.input, hidden);
  const doc = kind === 'input' ? inputSkeleton(op.input, hidden) : sample(op.output, '');
  return `${JSON.stringify(doc, null, 4)}\n`;
}
