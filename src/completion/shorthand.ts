/**
 * Completion inside a shorthand value being typed: member names (`Ebs={Vol` → `Ebs={VolumeSize=`,
 * `Ebs={VolumeType=`) and enum or boolean values (`VolumeType=g` → `gp2`, `gp3`), from the model.
 */
import type { Shape, StructureShape } from '../models/shapes.js';

interface Scan {
  /** The structure whose member is being typed, or whose member's value is being typed. */
  struct?: StructureShape;
  state: 'key' | 'value' | 'done';
  key: string;
  /** Where the key or value being typed starts. */
  start: number;
  /** Keys already given in the current structure. */
  given: Set<string>;
}

/** The structure a list or structure option's word stands for. */
function wordShape(shape: Shape): StructureShape | undefined {
  if (shape.type === 'structure') return shape;
  if (shape.type === 'list' && shape.member.type === 'structure') return shape.member;
  return undefined;
}

function scan(root: StructureShape, text: string): Scan | undefined {
  const stack: Scan[] = [];
  let s: Scan = { struct: root, state: 'key', key: '', start: 0, given: new Set() };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return undefined;
      i = end;
    } else if (s.state === 'key' && c === '=') {
      s.key = text.slice(s.start, i);
      s.given.add(s.key);
      s.state = 'value';
      s.start = i + 1;
    } else if (s.state === 'value' && c === '{' && i === s.start) {
      const member = s.struct?.members[s.key];
      stack.push(s);
      s = { struct: member ? wordShape(member) : undefined, state: 'key', key: '', start: i + 1, given: new Set() };
    } else if (c === ',' && s.state !== 'key') {
      s.state = 'key';
      s.start = i + 1;
    } else if (c === '}') {
      const outer = stack.pop();
      if (!outer) return undefined;
      s = { ...outer, state: 'done' };
    }
  }
  return s;
}

function valuesOf(shape: Shape | undefined): readonly string[] {
  if (!shape) return [];
  if (shape.type === 'string') return shape.enum ?? [];
  if (shape.type === 'boolean') return ['true', 'false'];
  if (shape.type === 'structure') return ['{'];
  return [];
}

/** Candidates for the whole current word, or [] when the shape has no shorthand to offer. */
export function shorthandCandidates(shape: Shape, current: string): string[] {
  const root = wordShape(shape);
  if (!root) return [];
  const s = scan(root, current);
  if (!s?.struct || s.state === 'done') return [];
  const typed = current.slice(s.start);
  const before = current.slice(0, s.start);
  if (s.state === 'key') {
    return Object.keys(s.struct.members)
      .filter((k) => k.startsWith(typed) && !(s.given.has(k) && k !== typed))
      .map((k) => `${before}${k}=`);
  }
  return valuesOf(s.struct.members[s.key])
    .filter((v) => v.startsWith(typed))
    .map((v) => `${before}${v}`);
}
