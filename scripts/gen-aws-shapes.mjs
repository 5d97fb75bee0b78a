#!/usr/bin/env node
/**
 * Generates src/models/generated/<service>-shapes.ts, the facts of the AWS operations svcctl has (shapes,
 * members, required members, enums, lengths, patterns, numeric ranges, list bounds, timestamps, blobs,
 * sensitive values, paginators), from botocore's service models and paginators. No documentation is carried
 * over: the doc strings are svcctl's own, in src/models/<service>.ts, which builds its operations from these tables.
 *
 *   node scripts/gen-aws-shapes.mjs SOURCE [--baseline OLDER]   write the generated files
 *   node scripts/gen-aws-shapes.mjs SOURCE --check              exit 1 if a generated file differs
 *   node scripts/gen-aws-shapes.mjs --facts SERVICE MODEL       print one model's facts as JSON
 *   node scripts/gen-aws-shapes.mjs --paginators SERVICE FILE   print one paginators-1.json's, as JSON
 *
 * SOURCE is the AWS CLI v2 source (a work tree, or a git directory whose branch v2 is read: its
 * awscli/botocore/data) or a botocore data directory (…/botocore/data); OLDER is an older data directory (Debian's
 * python3-botocore: /usr/lib/python3/dist-packages/botocore/data), whose differences from SOURCE the
 * generated file records, so that test/models/aws-shapes.test.ts can hold it to the older model, which CI
 * has, shape by shape. MODEL (--facts) is one service-2.json.
 *
 * Botocore to svcctl: string, integer (and long), double (and float), boolean, timestamp, blob, list, map and structure keep
 * their names; min, max, pattern, enum, sensitive, required and the members' order carry over. The
 * overrides and pattern rewrites of scripts/aws-shapes/config.mjs are applied on top, each with its reason.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATTERN_REWRITES, SERVICES } from './aws-shapes/config.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT_DIR = join(root, 'src/models/generated');
export const outputOf = (service) => join(OUTPUT_DIR, `${service}-shapes.ts`);

const FACT_KEYS = {
  string: ['min', 'max', 'pattern', 'enum', 'sensitive'],
  integer: ['min', 'max'],
  long: ['min', 'max'],
  double: ['min', 'max'],
  float: ['min', 'max'],
  boolean: [],
  timestamp: [],
  blob: ['sensitive'],
  list: ['min', 'max'],
  map: [],
  structure: [],
};

function rewritePattern(pattern) {
  let out = pattern;
  for (const [from, to] of PATTERN_REWRITES)
    out = typeof from === 'string' ? out.split(from).join(to) : out.replace(from, to);
  return out;
}

/**
 * The facts of `service`'s operations in `model` (a parsed service-2.json): { operations, shapes }, every
 * shape reachable from an operation's input or output by name, overrides applied.
 */
export function factsOf(service, model) {
  const config = SERVICES[service];
  if (!config) throw new Error(`no service ${service} in scripts/aws-shapes/config.mjs`);
  const shapes = {};
  const used = new Set();
  const visit = (name) => {
    if (shapes[name]) return;
    const src = model.shapes[name];
    if (!src) throw new Error(`${service}: the model has no shape ${name}`);
    const keys = FACT_KEYS[src.type];
    if (!keys) throw new Error(`${service}: shape ${name} has type ${src.type}, which svcctl's shapes do not have`);
    const out = { type: src.type === 'long' ? 'integer' : src.type === 'float' ? 'double' : src.type };
    shapes[name] = out;
    for (const k of keys) if (src[k] !== undefined) out[k] = k === 'pattern' ? rewritePattern(src[k]) : src[k];
    const override = config.shapes[name];
    if (override) {
      used.add(name);
      for (const [k, v] of Object.entries(override)) {
        if (v === null) delete out[k];
        else out[k] = v;
      }
    }
    if (src.type === 'list') {
      out.member = src.member.shape;
      visit(src.member.shape);
    } else if (src.type === 'map') {
      out.key = src.key.shape;
      out.value = src.value.shape;
      visit(src.key.shape);
      visit(src.value.shape);
    } else if (src.type === 'structure') {
      out.members = {};
      for (const [m, ref] of Object.entries(src.members)) {
        const key = `${name}.${m}`;
        const member = config.members[key];
        if (member) used.add(key);
        out.members[m] = member ? { shape: ref.shape, ...member } : ref.shape;
        visit(ref.shape);
      }
      if (src.required?.length) out.required = src.required;
    }
  };
  const operations = {};
  for (const op of config.operations) {
    const src = model.operations[op];
    if (!src) throw new Error(`${service}: the model has no operation ${op}`);
    operations[op] = { input: src.input?.shape ?? null, output: src.output?.shape ?? null };
    if (src.input) visit(src.input.shape);
    if (src.output) visit(src.output.shape);
  }
  const unused = [...Object.keys(config.shapes), ...Object.keys(config.members)].filter((k) => !used.has(k));
  if (unused.length)
    throw new Error(`${service}: overrides name no shape or member of its operations: ${unused.join(', ')}`);
  const sorted = Object.fromEntries(
    Object.keys(shapes)
      .sort()
      .map((k) => [k, shapes[k]]),
  );
  return { operations, shapes: sorted };
}

/**
 * The paginators of `service`'s operations in `paginators` (a parsed paginators-1.json), in svcctl's names
 * (src/models/operation.ts's Paginator): an operation without one is left out. A form svcctl's paginator
 * does not take (several tokens, more_results) fails the generator.
 */
export function paginatorsOf(service, paginators) {
  const out = {};
  for (const op of SERVICES[service].operations) {
    const src = paginators.pagination[op];
    if (!src) continue;
    for (const k of Object.keys(src))
      if (!['input_token', 'output_token', 'limit_key', 'result_key', 'non_aggregate_keys'].includes(k))
        throw new Error(`${service}: ${op}'s paginator has ${k}, which svcctl's paginator does not take`);
    if (typeof src.input_token !== 'string' || typeof src.output_token !== 'string')
      throw new Error(`${service}: ${op}'s paginator has several tokens, which svcctl's paginator does not take`);
    out[op] = {
      inputToken: src.input_token,
      outputToken: src.output_token,
      limitKey: src.limit_key,
      resultKey: src.result_key,
      ...(src.non_aggregate_keys ? { nonAggregateKeys: src.non_aggregate_keys } : {}),
    };
  }
  return out;
}

/** Every shape and fact in which `older` differs from `current`: { Shape: { fact: older's value or null } }. */
export function differences(current, older) {
  const out = {};
  for (const [name, shape] of Object.entries(current.shapes)) {
    const old = older.shapes[name];
    if (!old) {
      out[name] = null;
      continue;
    }
    const keys = new Set([...Object.keys(shape), ...Object.keys(old)]);
    const diff = {};
    for (const k of [...keys].sort())
      if (JSON.stringify(shape[k]) !== JSON.stringify(old[k])) diff[k] = old[k] === undefined ? null : old[k];
    if (Object.keys(diff).length) out[name] = diff;
  }
  return out;
}

/** A string literal: single quotes, double quotes if the text has a single quote and no double one. */
function quote(s) {
  const escaped = s.replace(/\\/g, '\\\\');
  if (s.includes("'") && !s.includes('"')) return `"${escaped}"`;
  return `'${escaped.replace(/'/g, "\\'")}'`;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function literal(value) {
  if (value === null) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  const entries = Object.entries(value).map(([k, v]) => `${IDENT.test(k) ? k : quote(k)}: ${literal(v)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
}

function table(value, pad = '') {
  if (Object.keys(value).length === 0) return '{}';
  return `{\n${Object.entries(value)
    .map(([k, v]) => `${pad}  ${IDENT.test(k) ? k : quote(k)}: ${literal(v)},`)
    .join('\n')}\n${pad}}`;
}

export function generate(service, facts, paginators, source, baseline) {
  const { model } = SERVICES[service];
  const NAME = service.toUpperCase();
  return `// generated by scripts/gen-aws-shapes.mjs, do not edit: change scripts/aws-shapes/config.mjs and run it again.
// The facts of botocore's ${model} model (${source}) for the operations svcctl has: shapes by
// name, their members, required members, enums, lengths, patterns, ranges and list bounds, with the overrides
// of scripts/aws-shapes/config.mjs. No documentation: src/models/${service}.ts gives the doc strings.
import type { ShapeTable } from '../aws-shapes.js';
import type { Paginator } from '../operation.js';

/** Each operation's input and output shape, by name. */
export const ${NAME}_OPERATION_SHAPES = ${table(facts.operations)} as const;

export const ${NAME}_SHAPES = ${table(facts.shapes)} as const satisfies ShapeTable;

/** The paginated operations' paginators (botocore's paginators-1.json), in svcctl's names. */
export const ${NAME}_PAGINATORS = ${table(paginators)} as const satisfies Record<string, Paginator>;

/**
 * Where an older model (\`source\`) differs, shape by shape: its value of each fact that differs (null: it
 * has none; a shape null: it has no such shape). test/models/aws-shapes.test.ts reads that model (CI has
 * it) and requires exactly these differences, so a fact edited here by hand fails.
 */
export const ${NAME}_BASELINE = {
  source: ${quote(baseline.source)},
  differences: ${table(baseline.differences, '  ')},
} as const;
`;
}

/** The model files of a source: an AWS CLI source tree, its git directory, or a botocore data directory. */
function reader(source) {
  if (existsSync(join(source, 'awscli/botocore/data')))
    return { read: (p) => readFileSync(join(source, 'awscli/botocore/data', p), 'utf8'), version: cliVersion(source) };
  if (existsSync(join(source, 'HEAD')) && existsSync(join(source, 'objects'))) {
    const show = (p) =>
      execFileSync('git', ['-C', source, 'show', `v2:${p}`], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
    const version = /__version__ = '([^']+)'/.exec(show('awscli/__init__.py'))[1];
    return { read: (p) => show(`awscli/botocore/data/${p}`), version: `AWS CLI ${version}` };
  }
  if (existsSync(join(source, 'ecr'))) {
    const init = join(source, '..', '__init__.py');
    const m = existsSync(init) ? /__version__ = '([^']+)'/.exec(readFileSync(init, 'utf8')) : null;
    return { read: (p) => readFileSync(join(source, p), 'utf8'), version: `botocore ${m ? m[1] : 'data'}` };
  }
  throw new Error(`${source}: neither an AWS CLI source, its git directory, nor a botocore data directory`);
}

function cliVersion(source) {
  const m = /__version__ = '([^']+)'/.exec(readFileSync(join(source, 'awscli/__init__.py'), 'utf8'));
  return `AWS CLI ${m[1]}`;
}

export const DEBIAN_DATA = '/usr/lib/python3/dist-packages/botocore/data';

function main(argv) {
  if (argv[0] === '--paginators') {
    const [, service, file] = argv;
    process.stdout.write(`${JSON.stringify(paginatorsOf(service, JSON.parse(readFileSync(file, 'utf8'))))}\n`);
    return;
  }
  if (argv[0] === '--facts') {
    const [, service, file] = argv;
    process.stdout.write(`${JSON.stringify(factsOf(service, JSON.parse(readFileSync(file, 'utf8'))))}\n`);
    return;
  }
  const source = argv[0];
  if (!source || source.startsWith('--')) {
    console.error('usage: node scripts/gen-aws-shapes.mjs SOURCE [--baseline OLDER] [--check]');
    process.exit(2);
  }
  const b = argv.indexOf('--baseline');
  const older = reader(b >= 0 ? argv[b + 1] : DEBIAN_DATA);
  const current = reader(source);
  let stale = false;
  mkdirSync(OUTPUT_DIR, { recursive: true });
  for (const [service, { model }] of Object.entries(SERVICES)) {
    const file = `${model}/service-2.json`;
    const facts = factsOf(service, JSON.parse(current.read(file)));
    const old = factsOf(service, JSON.parse(older.read(file)));
    const paginators = paginatorsOf(service, JSON.parse(current.read(`${model}/paginators-1.json`)));
    const text = generate(service, facts, paginators, current.version, {
      source: b >= 0 ? older.version : `${older.version} (Debian's python3-botocore)`,
      differences: differences(facts, old),
    });
    const out = outputOf(service);
    if (argv.includes('--check')) {
      if (!existsSync(out) || readFileSync(out, 'utf8') !== text) {
        console.error(`${out} is out of date: run node scripts/gen-aws-shapes.mjs ${source}`);
        stale = true;
      }
    } else writeFileSync(out, text);
  }
  if (stale) process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
