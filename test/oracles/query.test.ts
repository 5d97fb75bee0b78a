/**
 * --query against python-jmespath 1.0.1 (the library the AWS CLI runs; Debian's python3-jmespath, called
 * through test/oracles/jmespath_eval.py): seeded random expressions over a fixed document, each giving
 * the same result, the same parse error or the same runtime error. The seed is printed on failure;
 * SVCCTL_ORACLE_SEED and SVCCTL_ORACLE_EXPRESSIONS change the run.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../src/output/query.js';
import { type Rng, seeded } from './random.js';

const ORACLE = fileURLToPath(new URL('./jmespath_eval.py', import.meta.url));
const SEED = Number(process.env.SVCCTL_ORACLE_SEED ?? 1123);
const COUNT = Number(process.env.SVCCTL_ORACLE_EXPRESSIONS ?? 5000);

const DATA = {
  a: [
    { b: 1, c: 'x', d: [1, 2, 3], e: { f: 'é' } },
    { b: 3, c: 'y', d: [], e: { f: 'z' } },
    { b: -2, c: 'Z', d: [4], e: null },
  ],
  foo: { bar: 'baz', n: 7, t: true, f: false, z: null, s: ['q', 'r', 'a'], nums: [2.5, -1, 10] },
  'with space': 'w',
  empty: [],
  nested: [[1, 2], [3, [4, 5]], []],
  names: [{ n: 'b' }, { n: 'c' }, { n: 'a' }],
};

const FIELDS = [
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'foo',
  'bar',
  'n',
  't',
  'z',
  's',
  'nums',
  '"with space"',
  'empty',
  'nested',
  'names',
  'missing',
];
const LITERALS = [
  '`1`',
  '`-3`',
  '`2.5`',
  '`"x"`',
  '`[1, 2]`',
  '`{"k": 1}`',
  '`null`',
  '`true`',
  '`false`',
  "'raw'",
  "'é'",
  '`""`',
  '`[]`',
  '`0`',
];
const FUNCS: Array<[string, number]> = [
  ['abs', 1],
  ['avg', 1],
  ['ceil', 1],
  ['contains', 2],
  ['ends_with', 2],
  ['floor', 1],
  ['join', 2],
  ['keys', 1],
  ['length', 1],
  ['max', 1],
  ['merge', 2],
  ['min', 1],
  ['not_null', 2],
  ['reverse', 1],
  ['sort', 1],
  ['starts_with', 2],
  ['sum', 1],
  ['to_array', 1],
  ['to_string', 1],
  ['to_number', 1],
  ['type', 1],
  ['values', 1],
];
const BY_FUNCS = ['max_by', 'min_by', 'sort_by', 'map'];

function expression(r: Rng, depth: number): string {
  if (depth > 3) return r.int(3) === 0 ? r.pick(LITERALS) : r.pick(FIELDS);
  switch (r.int(16)) {
    case 0:
    case 1:
      return r.pick(FIELDS);
    case 2:
      return `${expression(r, depth + 1)}.${r.pick(FIELDS)}`;
    case 3:
      return `${expression(r, depth + 1)}[${r.int(5) - 2}]`;
    case 4: {
      const part = () => (r.int(2) === 0 ? '' : String(r.int(7) - 3));
      return `${expression(r, depth + 1)}[${part()}:${part()}${r.int(2) === 0 ? '' : `:${r.pick(['1', '2', '-1', '0'])}`}]`;
    }
    case 5:
      return `${expression(r, depth + 1)}[*].${r.pick(FIELDS)}`;
    case 6:
      return `${expression(r, depth + 1)}[]`;
    case 7:
      return `${r.pick(FIELDS)}[?${expression(r, depth + 1)} ${r.pick(['<', '<=', '==', '!=', '>', '>='])} ${expression(r, depth + 1)}]`;
    case 8:
      return `[${expression(r, depth + 1)}, ${expression(r, depth + 1)}]`;
    case 9:
      return `{k1: ${expression(r, depth + 1)}, k2: ${expression(r, depth + 1)}}`;
    case 10:
      return `${expression(r, depth + 1)} | ${expression(r, depth + 1)}`;
    case 11:
      return `${expression(r, depth + 1)} ${r.pick(['||', '&&'])} ${expression(r, depth + 1)}`;
    case 12:
      return `!${expression(r, depth + 1)}`;
    case 13: {
      const [name, arity] = r.pick(FUNCS);
      return `${name}(${Array.from({ length: arity }, () => expression(r, depth + 1)).join(', ')})`;
    }
    case 14:
      return `${r.pick(BY_FUNCS)}(${r.pick(['a', 'names', 'foo.s', 'nested', 'a[*].e'])}, &${r.pick(['b', 'c', 'n', '@', 'd[0]', 'e.f'])})`;
    default:
      return r.pick(LITERALS);
  }
}

type Outcome = { result: unknown } | { parse_error: string } | { runtime_error: string };

function ours(expr: string): Outcome {
  let query;
  try {
    query = compileQuery(expr);
  } catch (err) {
    return { parse_error: (err as Error).message.replace(`Bad value for --query ${expr}: `, '') };
  }
  try {
    return { result: query.search(DATA) };
  } catch (err) {
    return { runtime_error: (err as Error).message };
  }
}

/** JSON as both sides print it: a Python float that is integral (2.0) reads back as the number 2. */
const normal = (o: Outcome) => JSON.parse(JSON.stringify(o)) as unknown;

describe(`--query against python-jmespath 1.0.1 (seed ${SEED})`, () => {
  it(`${COUNT} random expressions: the same result, parse error or runtime error`, () => {
    const r = seeded(SEED);
    // One in ten is cut short somewhere: parse errors (with the caret line) must match too.
    const expressions = Array.from({ length: COUNT }, () => {
      const e = expression(r, 0);
      return r.int(10) === 0 ? e.slice(0, 1 + r.int(e.length)) : e;
    });
    const theirs = JSON.parse(
      execFileSync('/usr/bin/python3', [ORACLE], {
        input: JSON.stringify({ cases: expressions.map((expression) => ({ expression, data: DATA })) }),
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      }),
    ) as Outcome[];
    const differ: string[] = [];
    const kinds = { result: 0, parse_error: 0, runtime_error: 0 };
    expressions.forEach((expr, i) => {
      const mine = ours(expr);
      kinds[Object.keys(theirs[i]!)[0] as keyof typeof kinds]++;
      if (JSON.stringify(normal(mine)) !== JSON.stringify(normal(theirs[i]!)))
        differ.push(`${expr}\n  python: ${JSON.stringify(theirs[i])}\n  svcctl: ${JSON.stringify(mine)}`);
    });
    console.log(
      `--query: ${COUNT} random expressions (seed ${SEED}) against python-jmespath 1.0.1: ${COUNT - differ.length} identical (${kinds.result} results, ${kinds.parse_error} parse errors, ${kinds.runtime_error} runtime errors)`,
    );
    expect(differ.slice(0, 5), `seed ${SEED}: ${differ.length} differ`).toEqual([]);
  });
});

/** Why the npm package was replaced (README, "Dependencies"): each row runs both and python. */
describe('where the jmespath npm package (0.16.0, installed and run) differs from python-jmespath', () => {
  const npm = createRequire(import.meta.url)('jmespath') as { search(data: unknown, expression: string): unknown };
  const names = [{ n: 'b' }, { n: 'c' }, { n: 'a' }];
  const rows: Array<[string, string, unknown]> = [
    ['max_by with string keys', 'max_by(@, &n)', names],
    ['min_by with string keys', 'min_by(@, &n)', names],
    ['sort of numbers', 'sort(@)', [10, 9, 1]],
    ['strings in code point order', 'sort(@)', ['\u{1F600}', '\uFF5E', 'é', 'Z']],
    ['length counts code points', 'length(@)', 'a\u{1F600}'],
    ['to_number of an empty string', "to_number('')", null],
  ];
  const python = JSON.parse(
    execFileSync('/usr/bin/python3', [ORACLE], {
      input: JSON.stringify({ cases: rows.map(([, expression, data]) => ({ expression, data })) }),
      encoding: 'utf8',
    }),
  ) as Outcome[];
  it.each(rows.map((row, i) => [...row, python[i]!] as const))(
    '%s: svcctl as python, npm not',
    (_name, expression, data, theirs) => {
      expect(normal(ours2(expression, data))).toEqual(normal(theirs));
      let npmOutcome: Outcome;
      try {
        npmOutcome = { result: npm.search(data, expression) };
      } catch (err) {
        npmOutcome = { runtime_error: (err as Error).message };
      }
      expect(JSON.stringify(normal(npmOutcome))).not.toBe(JSON.stringify(normal(theirs)));
    },
  );

  function ours2(expression: string, data: unknown): Outcome {
    try {
      return { result: compileQuery(expression).search(data) };
    } catch (err) {
      return { runtime_error: (err as Error).message };
    }
  }
});
