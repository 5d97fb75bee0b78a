/**
 * The AWS services' shapes from their generated facts (src/models/generated/<service>-shapes.ts, written by
 * scripts/gen-aws-shapes.mjs from botocore's models) and svcctl's own doc strings and documented defaults.
 * A service's model file (ecr.ts, autoscaling.ts) holds no constraint of its own: it names shapes and
 * gives them words.
 */
import type { Shape, StringShape, StructureShape } from './shapes.js';

/**
 * A member: its shape's name, or the name with facts of its own (an override of the generator's input);
 * a fact given as null is one the member does not have.
 */
export type MemberFact =
  | string
  | ({ readonly shape: string } & {
      readonly [K in keyof Omit<StringShape, 'type' | 'doc'>]?: StringShape[K] | null;
    });

/** One shape's facts, as the generated tables hold them: nested shapes by name. */
export type ShapeFact =
  | (Readonly<Omit<StringShape, 'doc'>> & { readonly type: 'string' })
  | { readonly type: 'integer' | 'double'; readonly min?: number; readonly max?: number }
  | { readonly type: 'boolean' | 'timestamp' }
  | { readonly type: 'blob'; readonly sensitive?: boolean }
  | { readonly type: 'list'; readonly member: string; readonly min?: number; readonly max?: number }
  | { readonly type: 'map'; readonly key: string; readonly value: string }
  | {
      readonly type: 'structure';
      readonly members: Readonly<Record<string, MemberFact>>;
      readonly required?: readonly string[];
    };

export type ShapeTable = Readonly<Record<string, ShapeFact>>;

/**
 * svcctl's words for a service's shapes: `Shape` documents the shape wherever it is used, `Shape.member`
 * one member of a structure (botocore's member documentation), and takes precedence.
 */
export type ShapeDocs<T extends ShapeTable> = Partial<
  Record<(keyof T & string) | `${keyof T & string}.${string}`, string>
>;

/** The documented default of members, by structure name (help shows them; the embedded service fills them in). */
export type ShapeDefaults<T extends ShapeTable> = Partial<Record<keyof T & string, Record<string, unknown>>>;

/**
 * The service's shape builder: `shape(name)` is the named shape with its docs and defaults, members
 * resolved; the same name gives the same object. A doc or default that names no shape or member throws,
 * at load, so that a misspelt key cannot go unseen.
 */
export function shapeBuilder<T extends ShapeTable>(
  table: T,
  docs: ShapeDocs<T>,
  defaults: ShapeDefaults<T> = {},
): (name: keyof T & string) => Shape {
  for (const key of Object.keys(docs)) {
    const [name, member] = key.split('.');
    const fact = table[name];
    if (!fact || (member !== undefined && (fact.type !== 'structure' || !(member in fact.members))))
      throw new Error(`doc for ${key}: no such shape or member`);
  }
  for (const [name, values] of Object.entries(defaults)) {
    const fact = table[name];
    if (fact?.type !== 'structure' || Object.keys(values ?? {}).some((m) => !(m in fact.members)))
      throw new Error(`defaults for ${name}: no such structure or member`);
  }
  const built = new Map<string, Shape>();
  const docOf = (key: string) => (docs as Record<string, string | undefined>)[key];
  const build = (name: string): Shape => {
    const known = built.get(name);
    if (known) return known;
    const fact = table[name];
    if (!fact) throw new Error(`no shape ${name}`);
    const doc = docOf(name);
    let shape: Shape;
    switch (fact.type) {
      case 'list': {
        const { member, ...rest } = fact;
        shape = { ...rest, member: build(member) };
        break;
      }
      case 'map':
        shape = { type: 'map', key: build(fact.key) as StringShape, value: build(fact.value) };
        break;
      case 'structure': {
        const members: Record<string, Shape> = {};
        for (const [m, ref] of Object.entries(fact.members)) {
          const { shape: target, ...own } = typeof ref === 'string' ? { shape: ref } : ref;
          const memberDoc = docOf(`${name}.${m}`);
          const base = build(target);
          if (Object.keys(own).length === 0 && memberDoc === undefined) {
            members[m] = base;
            continue;
          }
          const member: Record<string, unknown> = { ...base, ...own };
          for (const [k, v] of Object.entries(own)) if (v === null) delete member[k];
          if (memberDoc !== undefined) member.doc = memberDoc;
          members[m] = member as unknown as Shape;
        }
        const structure: StructureShape = { type: 'structure', members };
        if (fact.required) structure.required = fact.required;
        const given = defaults[name];
        if (given) structure.defaults = given;
        shape = structure;
        break;
      }
      default:
        shape = { ...fact } as Shape;
    }
    if (doc !== undefined) shape.doc = doc;
    built.set(name, shape);
    return shape;
  };
  return build;
}

/** An operation's input and output: botocore's shapes by name, or an empty structure where it has none. */
export function operationShapes(
  names: { readonly input: string | null; readonly output: string | null },
  shape: (name: never) => Shape,
): { input: StructureShape; output: StructureShape } {
  const of = (name: string | null): StructureShape => {
    if (name === null) return { type: 'structure', members: {} };
    const s = (shape as (name: string) => Shape)(name);
    if (s.type !== 'structure') throw new Error(`${name} is no structure`);
    return s;
  };
  return { input: of(names.input), output: of(names.output) };
}
