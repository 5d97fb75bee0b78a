/**
 * Shapes described for people: type labels, constraints, defaults, nested members, and the shorthand
 * and JSON syntax of structures and lists, as the AWS CLI's help pages show them.
 */
import { P1 } from '../models/common.js';
import type { Shape, StructureShape } from '../models/shapes.js';
import { verbatim, wrap } from './text.js';

export function typeLabel(shape: Shape): string {
  return shape.type;
}

function range(min: number | undefined, max: number | undefined, what: string, unit = ''): string | undefined {
  if (min !== undefined && max !== undefined) return `${what} ${min}-${max}${unit}`;
  if (min !== undefined) return `min ${what} ${min}${unit}`;
  if (max !== undefined) return `max ${what} ${max}${unit}`;
  return undefined;
}

/** The shape's own constraints in words: `length 2-256`, `pattern: [0-9]{12}`, `1-5 items`, `value 1-64`. */
export function constraints(shape: Shape): string[] {
  const out: (string | undefined)[] = [];
  if (shape.type === 'string') {
    out.push(range(shape.min, shape.max, 'length'));
    if (shape.pattern === P1) out.push('any characters except control characters other than tab, CR and LF');
    else if (shape.pattern && !shape.enum) out.push(`pattern: ${shape.pattern}`);
  } else if (shape.type === 'integer' || shape.type === 'double') {
    out.push(range(shape.min, shape.max, 'value'));
  } else if (shape.type === 'list') {
    if (shape.min !== undefined && shape.max !== undefined) out.push(`${shape.min}-${shape.max} items`);
    else if (shape.max !== undefined) out.push(`at most ${shape.max} items`);
    else if (shape.min !== undefined) out.push(`at least ${shape.min} items`);
  }
  return out.filter((c): c is string => c !== undefined);
}

function enumOf(shape: Shape): readonly string[] | undefined {
  return shape.type === 'string' ? shape.enum : undefined;
}

function showValue(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

export interface MemberFacts {
  required?: boolean;
  default?: unknown;
}

/** Documentation, constraints, default and possible values of one shape, indented. */
export function shapeDetails(shape: Shape, facts: MemberFacts, indent: number): string[] {
  const lines: string[] = [];
  if (shape.doc) lines.push(...wrap(shape.doc, indent));
  const c = constraints(shape);
  if (c.length > 0) lines.push(...wrap(`Constraints: ${c.join('; ')}.`, indent));
  if (facts.default !== undefined) lines.push(...wrap(`Default: ${showValue(facts.default)}.`, indent));
  const values = enumOf(shape);
  if (values) lines.push(...wrap(`Possible values: ${values.join(', ')}.`, indent));
  return lines;
}

/** `Key -> (string) [required]` and its details, then its own members, recursively. */
export function memberLines(name: string, shape: Shape, facts: MemberFacts, indent: number, depth = 0): string[] {
  const head = `${' '.repeat(indent)}${name} -> (${typeLabel(shape)})${facts.required ? ' [required]' : ''}`;
  return [head, ...shapeDetails(shape, facts, indent + 3), ...nestedLines(shape, indent + 3, depth + 1)];
}

/** The members inside a structure or list, each documented; a list of structures shows `(structure)` first. */
export function nestedLines(shape: Shape, indent: number, depth = 0): string[] {
  if (depth > 8) return [];
  if (shape.type === 'structure') return structureMembers(shape, indent, depth);
  if (shape.type === 'list' && (shape.member.type === 'structure' || shape.member.type === 'list')) {
    const inner = shape.member;
    const head = `${' '.repeat(indent)}(${typeLabel(inner)})`;
    return ['', head, ...(inner.doc ? wrap(inner.doc, indent + 3) : []), ...nestedLines(inner, indent + 3, depth + 1)];
  }
  if (shape.type === 'list') {
    const c = constraints(shape.member);
    const values = enumOf(shape.member);
    const facts = [
      ...(c.length > 0 ? [`Each item: ${c.join('; ')}.`] : []),
      ...(values ? [`Possible values: ${values.join(', ')}.`] : []),
    ];
    return facts.length > 0
      ? ['', `${' '.repeat(indent)}(${typeLabel(shape.member)})`, ...wrap(facts.join(' '), indent + 3)]
      : [];
  }
  if (shape.type === 'map')
    return ['', `${' '.repeat(indent)}key -> (string)`, ...memberLines('value', shape.value, {}, indent, depth)];
  return [];
}

function structureMembers(shape: StructureShape, indent: number, depth: number): string[] {
  const required = new Set(shape.required ?? []);
  const lines: string[] = [];
  for (const [name, member] of Object.entries(shape.members)) {
    lines.push(
      '',
      ...memberLines(name, member, { required: required.has(name), default: shape.defaults?.[name] }, indent, depth),
    );
  }
  return lines;
}

/** The shorthand form: `Key=string,Value=string ...`, nested structures in braces. */
export function shorthandSyntax(shape: Shape): string | undefined {
  if (shape.type === 'structure') return structureShorthand(shape, 0);
  if (shape.type === 'list') {
    if (shape.member.type === 'structure') return `${structureShorthand(shape.member, 0)} ...`;
    if (shape.member.type !== 'list' && shape.member.type !== 'map')
      return `${scalarWord(shape.member)} ${scalarWord(shape.member)} ...`;
  }
  return undefined;
}

function scalarWord(shape: Shape): string {
  const values = enumOf(shape);
  return values ? values.join('|') : shape.type;
}

function structureShorthand(shape: StructureShape, depth: number): string {
  return Object.entries(shape.members)
    .map(([name, member]) => `${name}=${shorthandValue(member, depth + 1)}`)
    .join(',');
}

function shorthandValue(shape: Shape, depth: number): string {
  if (depth > 6) return '...';
  if (shape.type === 'structure') return `{${structureShorthand(shape, depth)}}`;
  if (shape.type === 'list') {
    if (shape.member.type === 'structure')
      return `[{${structureShorthand(shape.member, depth)}},{${structureShorthand(shape.member, depth)}}]`;
    return `${scalarWord(shape.member)},${scalarWord(shape.member)}`;
  }
  if (shape.type === 'map')
    return `{KeyName1=${shorthandValue(shape.value, depth)},KeyName2=${shorthandValue(shape.value, depth)}}`;
  return scalarWord(shape);
}

/** The JSON form, two-space indented, enums as `"A"|"B"`, booleans `true|false`, lists ending `...`. */
export function jsonSyntax(shape: Shape, indent = 0): string {
  const pad = '  '.repeat(indent);
  switch (shape.type) {
    case 'structure': {
      const members = Object.entries(shape.members).map(([k, m]) => `${pad}  "${k}": ${jsonSyntax(m, indent + 1)}`);
      return members.length === 0 ? '{}' : `{\n${members.join(',\n')}\n${pad}}`;
    }
    case 'list':
      return `[\n${pad}  ${jsonSyntax(shape.member, indent + 1)}\n${pad}  ...\n${pad}]`;
    case 'map':
      return `{"string": ${jsonSyntax(shape.value, indent + 1)}\n${pad}  ...}`;
    case 'string':
      return shape.enum ? shape.enum.map((v) => `"${v}"`).join('|') : '"string"';
    case 'boolean':
      return 'true|false';
    case 'integer':
      return 'integer';
    case 'double':
      return 'double';
    case 'timestamp':
      return 'timestamp';
    case 'blob':
      return 'blob';
  }
}

/** The `Shorthand Syntax:` and `JSON Syntax:` blocks of an option taking a structure or list. */
export function syntaxBlocks(shape: Shape, indent: number): string[] {
  if (shape.type !== 'structure' && shape.type !== 'list' && shape.type !== 'map') return [];
  const lines: string[] = [];
  const short = shorthandSyntax(shape);
  if (short) lines.push('', `${' '.repeat(indent)}Shorthand Syntax:`, '', ...wrapSyntax(short, indent + 3));
  lines.push('', `${' '.repeat(indent)}JSON Syntax:`, '', ...verbatim(jsonSyntax(shape), indent + 3));
  return lines;
}

/** Long shorthand lines are broken after commas, never inside a word. */
function wrapSyntax(text: string, indent: number): string[] {
  const pad = ' '.repeat(indent);
  if (pad.length + text.length <= 80) return [pad + text];
  const parts = text.split(/(?<=,)/);
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    if (line !== '' && pad.length + line.length + part.length > 80) {
      lines.push(pad + line);
      line = part;
    } else line += part;
  }
  if (line !== '') lines.push(pad + line);
  return lines;
}
