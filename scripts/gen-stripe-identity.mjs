#!/usr/bin/env node
/**
 * Generates src/models/stripe-identity.ts, the `identity` member of account tokens, from the trimmed
 * extract of Stripe's published OpenAPI schema in scripts/stripe/account-token-identity.json.
 *
 *   node scripts/gen-stripe-identity.mjs          write the model file
 *   node scripts/gen-stripe-identity.mjs --check  exit 1 if the model file is not what it generates
 *
 * OpenAPI to model shapes: an object with properties is a structure (members and `required` in the
 * schema's order), an object with only additionalProperties a map of string keys, an array a list,
 * string, integer and boolean the same types; a maxLength the string's `max`; an enum is the member's value set, `format: decimal` a
 * decimal-number pattern. The extract keeps no descriptions (Stripe's prose stays Stripe's): each member's
 * doc is made from its name and its parent's (\`docOf\`), and help and the types show its facts beside it.
 * test/models/stripe-identity.test.ts checks the file against the extract member by member.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const EXTRACT = join(root, 'scripts/stripe/account-token-identity.json');
export const OUTPUT = join(root, 'src/models/stripe-identity.ts');

/** The pattern a `format: decimal` string must match: Stripe's decimal strings ("25", "-0.5"). */
export const DECIMAL_PATTERN = '-?[0-9]+(\\.[0-9]+)?';

/** The identity's own doc (svcctl's words). */
export const IDENTITY_DOC = 'Who the account is: the company or individual behind it, and what they attest.';

const words = (name) => name.replace(/\[\]$/, '').replace(/_/g, ' ');

/**
 * A member's doc, from its path below the identity and its type (`individual.address.city`: "The city
 * of the address."). A list's items and a map's values have none (the list or map has one).
 */
export function docOf(path, type) {
  if (path === '') return IDENTITY_DOC;
  const segments = path.split('.');
  const name = segments.at(-1);
  if (name.endsWith('[]') || name === '*') return undefined;
  const parent = segments.at(-2);
  const of =
    parent === undefined
      ? 'the identity'
      : parent.endsWith('[]')
        ? `each ${words(parent)} entry`
        : `the ${words(parent)}`;
  if (type === 'boolean') return `${words(name).replace(/^./, (c) => c.toUpperCase())} (true or false), of ${of}.`;
  return `The ${words(name)} of ${of}.`;
}

/**
 * The identity's secret members, marked `sensitive: true` (src/models/secrets.ts masks them in every error,
 * log, journal entry and --as-cli line): the id numbers (a tax id, a social security number), for which
 * Stripe's schema has no marker. Paths below `identity`,
 * `[]` for a list's items. A path that no longer names a string member fails the generator.
 */
export const SECRET_MEMBERS = ['business_details.id_numbers[].value', 'individual.id_numbers[].value'];

/** The model shape of one OpenAPI schema (plain data, as src/models/shapes.ts defines it). */
export function shapeOf(schema, path = '', marked = new Set()) {
  const doc = docOf(path, schema.type);
  const withDoc = (shape) => (doc ? { type: shape.type, doc, ...shape } : shape);
  switch (schema.type) {
    case 'object':
      if (schema.properties) {
        const members = Object.fromEntries(
          Object.entries(schema.properties).map(([k, v]) => [k, shapeOf(v, path === '' ? k : `${path}.${k}`, marked)]),
        );
        return withDoc({ type: 'structure', members, ...(schema.required ? { required: schema.required } : {}) });
      }
      return withDoc({
        type: 'map',
        key: { type: 'string' },
        value: shapeOf(schema.additionalProperties, `${path}.*`, marked),
      });
    case 'array':
      return withDoc({ type: 'list', member: shapeOf(schema.items, `${path}[]`, marked) });
    case 'string':
      if (SECRET_MEMBERS.includes(path)) marked.add(path);
      return withDoc({
        type: 'string',
        ...(schema.maxLength !== undefined ? { max: schema.maxLength } : {}),
        ...(schema.enum ? { enum: schema.enum } : {}),
        ...(schema.format === 'decimal' ? { pattern: DECIMAL_PATTERN } : {}),
        ...(SECRET_MEMBERS.includes(path) ? { sensitive: true } : {}),
      });
    case 'integer':
    case 'boolean':
      return withDoc({ type: schema.type });
    default:
      throw new Error(`no model type for OpenAPI type ${schema.type}`);
  }
}

/** A string literal: single quotes, double quotes if the text has a single quote and no double one. */
function quote(s) {
  const escaped = s.replace(/\\/g, '\\\\');
  if (s.includes("'") && !s.includes('"')) return `"${escaped}"`;
  return `'${escaped.replace(/'/g, "\\'")}'`;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function literal(value, indent) {
  if (typeof value === 'string') return quote(value);
  if (typeof value !== 'object') return String(value);
  const pad = '  '.repeat(indent + 1);
  if (Array.isArray(value)) {
    const flat = `[${value.map((v) => literal(v, indent)).join(', ')}]`;
    return flat.length <= 100
      ? flat
      : `[\n${value.map((v) => `${pad}${literal(v, indent + 1)},`).join('\n')}\n${'  '.repeat(indent)}]`;
  }
  const entries = Object.entries(value).map(
    ([k, v]) => `${IDENT.test(k) ? k : literal(k, 0)}: ${literal(v, indent + 1)}`,
  );
  const flat = `{ ${entries.join(', ')} }`;
  if (flat.length <= 100 && !flat.includes('\n')) return flat;
  return `{\n${entries.map((e) => `${pad}${e},`).join('\n')}\n${'  '.repeat(indent)}}`;
}

/** The identity's model shape, its secret members marked (every one of SECRET_MEMBERS, else an error). */
export function identityShape(extract) {
  const marked = new Set();
  const shape = shapeOf(extract.identity, '', marked);
  const missing = SECRET_MEMBERS.filter((p) => !marked.has(p));
  if (missing.length > 0) throw new Error(`secret members not in the schema as strings: ${missing.join(', ')}`);
  return shape;
}

export function generate(extract) {
  const { source } = extract;
  return `// generated by scripts/gen-stripe-identity.mjs, do not edit: change the extract and run it again.
/**
 * From scripts/stripe/account-token-identity.json: the \`identity\` member of POST /v2/core/account_tokens as Stripe publishes it
 * (${source.repository}, ${source.path} at ${source.commit.slice(0, 12)}, API version ${source.version}).
 */
import type { StructureShape } from './shapes.js';

export const identity: StructureShape = ${literal(identityShape(extract), 0)};
`;
}

function main() {
  const text = generate(JSON.parse(readFileSync(EXTRACT, 'utf8')));
  if (process.argv.includes('--check')) {
    if (readFileSync(OUTPUT, 'utf8') !== text) {
      console.error(`${OUTPUT} is out of date: run node scripts/gen-stripe-identity.mjs`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(OUTPUT, text);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
