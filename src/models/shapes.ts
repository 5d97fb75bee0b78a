/**
 * Shapes describe operation inputs and outputs as data, in the spirit of botocore's service models.
 * Flags, validation, skeletons, help and shorthand parsing are all derived from these.
 */

export interface ShapeBase {
  /** One documentation sentence (member documentation when used as a member). */
  doc?: string;
}

export interface StringShape extends ShapeBase {
  type: 'string';
  min?: number;
  max?: number;
  /** A regular expression source the whole value must match (anchored by the validator). */
  pattern?: string;
  enum?: readonly string[];
  /** Value is a secret (masked in logs). */
  sensitive?: boolean;
  /** The command-line client base64-encodes this value before sending it (UserData). */
  clientBase64?: boolean;
}

export interface IntegerShape extends ShapeBase {
  type: 'integer';
  min?: number;
  max?: number;
}

export interface BooleanShape extends ShapeBase {
  type: 'boolean';
}

export interface TimestampShape extends ShapeBase {
  type: 'timestamp';
}

export interface BlobShape extends ShapeBase {
  type: 'blob';
}

export interface ListShape extends ShapeBase {
  type: 'list';
  member: Shape;
  min?: number;
  max?: number;
}

export interface MapShape extends ShapeBase {
  type: 'map';
  key: StringShape;
  value: Shape;
}

export interface StructureShape extends ShapeBase {
  type: 'structure';
  /** Members in the service model's order (output prints in this order). */
  members: Record<string, Shape>;
  required?: readonly string[];
  /** Default value of each member, as documented (informational: the service applies it). */
  defaults?: Record<string, unknown>;
}

export type Shape =
  | StringShape
  | IntegerShape
  | BooleanShape
  | TimestampShape
  | BlobShape
  | ListShape
  | MapShape
  | StructureShape;

export type ScalarShape = StringShape | IntegerShape | BooleanShape | TimestampShape | BlobShape;

export function isScalar(shape: Shape): shape is ScalarShape {
  return shape.type !== 'structure' && shape.type !== 'list' && shape.type !== 'map';
}

/** The same shape with member-specific documentation. */
export function doc<S extends Shape>(shape: S, text: string): S {
  return { ...shape, doc: text };
}

/** A copy of `value` with structure members in the shape's order (unknown members last), recursively. */
export function orderByShape(shape: Shape, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Uint8Array) return value;
  if (shape.type === 'list' && Array.isArray(value)) return value.map((v) => orderByShape(shape.member, v));
  if (shape.type === 'map') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = orderByShape(shape.value, v);
    return out;
  }
  if (shape.type !== 'structure' || Array.isArray(value)) return value;
  const src = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, member] of Object.entries(shape.members)) if (src[k] !== undefined) out[k] = orderByShape(member, src[k]);
  for (const [k, v] of Object.entries(src)) if (!(k in out) && v !== undefined) out[k] = v;
  return out;
}
