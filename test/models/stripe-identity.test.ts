/**
 * The identity of account tokens is Stripe's published schema: the model (src/models/stripe-identity.ts)
 * is checked member by member against the committed extract (scripts/stripe/account-token-identity.json),
 * and the generator must reproduce the committed model file, so neither can drift.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Shape, StructureShape } from '../../src/models/shapes.js';
import { identity } from '../../src/models/stripe-identity.js';
import { secretMembers } from '../../src/models/secrets.js';
import { createAccount, createAccountToken, getAccount } from '../../src/models/stripe.js';

const root = join(import.meta.dirname, '..', '..');

interface Schema {
  type: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema;
  required?: string[];
  items?: Schema;
  enum?: string[];
  format?: string;
}

const extract = JSON.parse(readFileSync(join(root, 'scripts/stripe/account-token-identity.json'), 'utf8')) as {
  identity: Schema;
  example: unknown;
};

/** Every difference between the schema and the shape at `path`, in words (the docs are svcctl's own). */
function differences(schema: Schema, shape: Shape, path: string): string[] {
  const out: string[] = [];
  const expected =
    schema.type === 'object'
      ? schema.properties
        ? 'structure'
        : 'map'
      : schema.type === 'array'
        ? 'list'
        : schema.type;
  if (shape.type !== expected) return [`${path}: ${shape.type}, the schema has ${schema.type}`];
  if (shape.type === 'structure') {
    const names = Object.keys(schema.properties!);
    if (JSON.stringify(Object.keys(shape.members)) !== JSON.stringify(names))
      out.push(`${path}: members ${Object.keys(shape.members)}, the schema has ${names}`);
    if (JSON.stringify(shape.required ?? []) !== JSON.stringify(schema.required ?? []))
      out.push(`${path}: required ${shape.required}, the schema has ${schema.required}`);
    for (const name of names)
      if (shape.members[name])
        out.push(...differences(schema.properties![name]!, shape.members[name]!, `${path}.${name}`));
  } else if (shape.type === 'list') {
    out.push(...differences(schema.items!, shape.member, `${path}[]`));
  } else if (shape.type === 'map') {
    out.push(...differences(schema.additionalProperties!, shape.value, `${path}{}`));
  } else if (shape.type === 'string') {
    if (JSON.stringify(shape.enum ?? null) !== JSON.stringify(schema.enum ?? null))
      out.push(`${path}: enum ${shape.enum}, the schema has ${schema.enum}`);
    if (Boolean(shape.pattern) !== (schema.format === 'decimal'))
      out.push(`${path}: pattern ${shape.pattern}, format ${schema.format}`);
  }
  return out;
}

/** Members at every depth (list items' members counted once). */
function count(schema: Schema): number {
  const inner = schema.properties ?? schema.items?.properties;
  return inner ? Object.values(inner).reduce((n, s) => n + count(s), Object.keys(inner).length) : 0;
}

describe("account tokens' identity", () => {
  it("is the extract of Stripe's schema: every member, type, required member and enum", () => {
    expect(differences(extract.identity, identity, 'identity')).toEqual([]);
    const props = extract.identity.properties!;
    expect(Object.keys(props)).toEqual(['attestations', 'business_details', 'entity_type', 'individual']);
    expect(
      [props.attestations!, props.business_details!, props.individual!].map((s) => Object.keys(s.properties!).length),
    ).toEqual([5, 13, 17]);
    expect(count(extract.identity)).toBe(202);
  });

  it("keeps no description of Stripe's: the extract's members have none, and their docs are made from names", () => {
    expect(JSON.stringify(extract.identity)).not.toContain('"description"');
    const city = (identity.members.individual as StructureShape).members.address as StructureShape;
    expect([identity.doc, city.doc, city.members.city!.doc]).toEqual([
      'Who the account is: the company or individual behind it, and what they attest.',
      'The address of the individual.',
      'The city of the address.',
    ]);
  });

  it("is the input member of account-token create, and its documented example is the API reference's", () => {
    expect(createAccountToken.input.members.identity).toBe(identity);
    expect(extract.example).toEqual({
      attestations: { terms_of_service: { account: { shown_and_accepted: true } } },
      entity_type: 'company',
      business_details: { registered_name: 'Furever' },
    });
  });

  it('marks the id numbers secret, and nothing else (the generator applies its SECRET_MEMBERS list)', () => {
    const ids = ['identity.business_details.id_numbers[].value', 'identity.individual.id_numbers[].value'];
    expect(secretMembers(createAccountToken)).toEqual({ input: ids, output: [] });
    expect(secretMembers(createAccount).output).toEqual(ids);
    expect(secretMembers(getAccount)).toEqual({ input: [], output: ids });
  });

  it('the committed model file is what scripts/gen-stripe-identity.mjs generates', () => {
    expect(
      execFileSync(process.execPath, [join(root, 'scripts/gen-stripe-identity.mjs'), '--check'], { encoding: 'utf8' }),
    ).toBe('');
  });
});
