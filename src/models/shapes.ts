/**
 * Shapes describe operation inputs and outputs as data, in the spirit of botocore's service models.
 * Flags, validation, skeletons, help and shorthand parsing are all derived from these.
 */

import { mapEntries } from '../core/keys.js';
import { PyFloat } from '../core/pynum.js';
import { Timestamp } from '../core/timestamp.js';

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
  /**
   * `date-time`: a timestamp carried as a string, RFC 3339 in UTC with milliseconds
   * (`2026-11-20T23:21:51.327Z`), as the v2 API writes them (OpenAPI's `format: date-time`).
   */
  format?: 'date-time';
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

/** A floating-point number (botocore's double and float: a CVSS score), printed as one. */
export interface DoubleShape extends ShapeBase {
  type: 'double';
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
  /**
   * Default value of each member, as documented: help shows it, and the embedded service fills it into every
   * answer where the structure is present and the member is not (`fillDefaults`, at every depth).
   */
  defaults?: Record<string, unknown>;
}

export type Shape =
  | StringShape
  | IntegerShape
  | DoubleShape
  | BooleanShape
  | TimestampShape
  | BlobShape
  | ListShape
  | MapShape
  | StructureShape;

export type ScalarShape = StringShape | IntegerShape | DoubleShape | BooleanShape | TimestampShape | BlobShape;

export function isScalar(shape: Shape): shape is ScalarShape {
  return shape.type !== 'structure' && shape.type !== 'list' && shape.type !== 'map';
}

/** The same shape with member-specific documentation. */
export function doc<S extends Shape>(shape: S, text: string): S {
  return { ...shape, doc: text };
}

const memberOrder = new WeakMap<StructureShape, Map<string, number>>();

function orderOf(shape: StructureShape): Map<string, number> {
  let order = memberOrder.get(shape);
  if (!order) {
    order = new Map(Object.keys(shape.members).map((k, i) => [k, i]));
    memberOrder.set(shape, order);
  }
  return order;
}

/**
 * `value` with structure members in the shape's order (unknown members last), recursively. Values that
 * are already in order are returned as they are, so the common case (stored documents) copies nothing.
 */
export function orderByShape(shape: Shape, value: unknown): unknown {
  if (
    value === null ||
    typeof value !== 'object' ||
    value instanceof Date ||
    value instanceof Uint8Array ||
    value instanceof Timestamp ||
    value instanceof PyFloat
  )
    return value;
  if (Array.isArray(value)) {
    if (shape.type !== 'list') return value;
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const o = orderByShape(shape.member, v);
      if (o !== v) (out ??= value.slice())[i] = o;
    });
    return out ?? value;
  }
  if (shape.type === 'map') {
    return mapEntries(value, (v) => orderByShape(shape.value, v));
  }
  if (shape.type !== 'structure') return value;
  return orderStructure(shape, value as Record<string, unknown>);
}

function orderStructure(shape: StructureShape, src: Record<string, unknown>): Record<string, unknown> {
  const order = orderOf(shape);
  let inOrder = true;
  let last = -1;
  let changed: Record<string, unknown> | undefined;
  for (const [k, v] of Object.entries(src)) {
    const pos = order.get(k);
    if (v === undefined || pos === undefined || pos < last) inOrder = false;
    else last = pos;
    const member = shape.members[k];
    const o = member ? orderByShape(member, v) : v;
    if (o !== v) (changed ??= {})[k] = o;
  }
  if (inOrder && !changed) return src;
  const value = (k: string) => (changed && k in changed ? changed[k] : src[k]);
  const out: Record<string, unknown> = {};
  for (const k of order.keys()) if (src[k] !== undefined) out[k] = value(k);
  for (const k of Object.keys(src)) if (!(k in out) && src[k] !== undefined) out[k] = value(k);
  return out;
}

const carriesDefaults = new WeakMap<Shape, boolean>();

/** Whether a structure at or under the shape documents a default (so that a walk can stop early). */
function hasDefaults(shape: Shape): boolean {
  // Known after the first call for a shape: no walk (and no allocation) on a request's path.
  return carriesDefaults.get(shape) ?? findDefaults(shape, new Set<Shape>());
}

function findDefaults(shape: Shape, seen: Set<Shape>): boolean {
  const known = carriesDefaults.get(shape);
  if (known !== undefined) return known;
  if (seen.has(shape)) return false;
  seen.add(shape);
  let found = false;
  if (shape.type === 'list') found = findDefaults(shape.member, seen);
  else if (shape.type === 'map') found = findDefaults(shape.value, seen);
  else if (shape.type === 'structure')
    found =
      Object.keys(shape.defaults ?? {}).length > 0 || Object.values(shape.members).some((m) => findDefaults(m, seen));
  carriesDefaults.set(shape, found);
  return found;
}

const memberLists = new WeakMap<StructureShape, Array<readonly [string, Shape]>>();

/** A structure's members as [name, shape] pairs, made once per shape (fillDefaults walks them on every answer). */
function membersOf(shape: StructureShape): Array<readonly [string, Shape]> {
  let list = memberLists.get(shape);
  if (!list) {
    list = Object.entries(shape.members);
    memberLists.set(shape, list);
  }
  return list;
}

/**
 * `value` with the documented default (a structure's `defaults`) of every member it leaves out, at every
 * depth: inside lists, maps and nested structures, wherever a structure is present. A structure that is
 * absent stays absent (its parent's own default, if any, decides). Values that lack nothing are returned
 * as they are, so the common case copies nothing.
 */
export function fillDefaults(shape: Shape, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || !hasDefaults(shape)) return value;
  if (Array.isArray(value)) {
    if (shape.type !== 'list') return value;
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const o = fillDefaults(shape.member, v);
      if (o !== v) (out ??= value.slice())[i] = o;
    });
    return out ?? value;
  }
  if (shape.type === 'map') {
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const o = fillDefaults(shape.value, v);
      if (o !== v) (out ??= { ...value })[k] = o;
    }
    return out ?? value;
  }
  if (shape.type !== 'structure') return value;
  const src = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const [name, member] of membersOf(shape)) {
    const v = src[name];
    const o = v === undefined ? shape.defaults?.[name] : fillDefaults(member, v);
    if (o !== v) (out ??= { ...src })[name] = o;
  }
  return out ?? value;
}
