/**
 * --generate-cli-skeleton yaml-input, laid out as the AWS CLI's ruamel.yaml dump of its
 * YAMLArgumentGenerator: block style, sequences at their key's indentation, and an end-of-line comment
 * per member: `[REQUIRED]`, the first sentence of its documentation, its valid values. Within a
 * mapping the first commented member's comment is set off by two spaces, the others by one (ruamel
 * takes the column of a neighbouring comment; the first has none).
 */
import type { Shape, StructureShape } from '../models/shapes.js';
import { placeholder } from './placeholder.js';

/** The documentation's first sentence, ended by a "." or ":" followed by a space (or the end); "e.g." and "i.e." end none. */
export function docOverview(doc: string | undefined): string {
  if (!doc) return '';
  const first = doc.split(/(?<!\b(?:e\.g|i\.e))[.:]+(?=\s|$)/, 1)[0]!.replace(/[\r\n]/g, ' ');
  return first ? `${first}.` : '';
}

function memberComment(shape: Shape, required: boolean): string {
  const parts: string[] = [];
  if (required) parts.push('[REQUIRED]');
  parts.push(docOverview(shape.doc));
  if (shape.type === 'string' && shape.enum) parts.push(`Valid values are: ${shape.enum.join(', ')}.`);
  const comment = parts.join(' ');
  return comment.trim() === '' ? '' : comment;
}

/** A scalar as ruamel writes it: plain when YAML reads it back as the same string, else single-quoted. */
function scalar(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  const plain = /^[A-Za-z_/][A-Za-z0-9_./-]*$/.test(value) && !/^(true|false|null|yes|no|on|off|y|n|~)$/i.test(value);
  return plain ? value : `'${value.replaceAll("'", "''")}'`;
}

interface Line {
  text: string;
  comment?: string;
}

/** The lines of a value written as a block at `indent`. */
function block(shape: Shape, indent: string): Line[] {
  if (shape.type === 'structure') return mapping(shape, indent);
  if (shape.type === 'list') return sequence(shape.member, indent);
  if (shape.type === 'map') return [...valueLines('KeyName', shape.value, indent, undefined)];
  return [{ text: `${indent}${scalar(placeholder(shape))}` }];
}

function isBlock(shape: Shape): boolean {
  return (
    (shape.type === 'structure' && Object.keys(shape.members).length > 0) ||
    shape.type === 'list' ||
    shape.type === 'map'
  );
}

function sequence(member: Shape, indent: string): Line[] {
  // ruamel puts an item that is itself a sequence on the lines after `- -`, four columns in.
  if (member.type === 'list') return [{ text: `${indent}- -` }, ...block(member.member, `${indent}    `)];
  if (!isBlock(member)) return [{ text: `${indent}- ${scalar(placeholder(member))}` }];
  const inner = block(member, `${indent}  `);
  return inner.map((line, i) =>
    i === 0 ? { ...line, text: `${indent}- ${line.text.slice(indent.length + 2)}` } : line,
  );
}

function valueLines(name: string, shape: Shape, indent: string, comment: string | undefined): Line[] {
  if (!isBlock(shape)) {
    const value = shape.type === 'structure' ? '{}' : scalar(placeholder(shape));
    return [{ text: `${indent}${name}: ${value}`, comment }];
  }
  const nested = shape.type === 'list' ? indent : `${indent}  `;
  return [{ text: `${indent}${name}:`, comment }, ...block(shape, nested)];
}

/**
 * ruamel's CommentedMap._yaml_get_column: a comment takes the column of the previous key's comment, or
 * of a commented key before it that sorts lower; with neither it carries its own leading space.
 */
function ownSpace(keys: string[], index: number, commented: Set<string>): boolean {
  const key = keys[index]!;
  if (index > 0 && commented.has(keys[index - 1]!)) return false;
  for (const k of keys) {
    if (k >= key) break;
    if (commented.has(k)) return false;
  }
  return true;
}

function mapping(shape: StructureShape, indent: string): Line[] {
  const required = new Set(shape.required ?? []);
  const keys = Object.keys(shape.members);
  const commented = new Set<string>();
  const lines: Line[] = [];
  keys.forEach((name, i) => {
    const member = shape.members[name]!;
    const text = memberComment(member, required.has(name));
    const comment = text === '' ? undefined : `${ownSpace(keys, i, commented) ? ' ' : ''}# ${text}`;
    if (text !== '') commented.add(name);
    lines.push(...valueLines(name, member, indent, comment));
  });
  return lines;
}

export function yamlSkeleton(input: StructureShape): string {
  if (Object.keys(input.members).length === 0) return '{}\n';
  return mapping(input, '')
    .map((line) => (line.comment === undefined ? line.text : `${line.text} ${line.comment}`))
    .join('\n')
    .concat('\n');
}
