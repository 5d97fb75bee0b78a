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
import { PyFloat, parseJsonPython } from '../../src/core/pynum.js';
import { compileQuery } from '../../src/output/query.js';
import { type Rng, seeded } from './random.js';

const ORACLE = fileURLToPath(new URL('./jmespath_eval.py', import.meta.url));
const SEED = Number(process.env.SVCCTL_ORACLE_SEED ?? 1123);
const COUNT = Number(process.env.SVCCTL_ORACLE_EXPRESSIONS ?? 20000);

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
  // Numbers past a double: a float infinity, ints past 1.8e308 (whose doubles are infinite) and past 2^53.
  '`1e400`',
  '`-1e400`',
  `\`1${'0'.repeat(400)}\``,
  `\`-1${'0'.repeat(401)}\``,
  '`9007199254740993`',
  '`9007199254740992.0`',
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
  switch (r.int(17)) {
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
    case 15:
      return `${expression(r, depth + 1)} ${r.pick(['<', '<=', '==', '!=', '>', '>='])} ${expression(r, depth + 1)}`;
    case 14:
      return `${r.pick(BY_FUNCS)}(${r.pick(['a', 'names', 'foo.s', 'nested', 'a[*].e'])}, &${r.pick(['b', 'c', 'n', '@', 'd[0]', 'e.f'])})`;
    default:
      return r.pick(LITERALS);
  }
}

type Outcome = { result: unknown } | { parse_error: string } | { runtime_error: string };

/** svcctl's outcome of an expression over data (the random expressions' DATA unless given). */
function ours(expr: string, data: unknown = DATA): Outcome {
  let query;
  try {
    query = compileQuery(expr);
  } catch (err) {
    return { parse_error: (err as Error).message.replace(`Bad value for --query ${expr}: `, '') };
  }
  try {
    return { result: query.search(data) };
  } catch (err) {
    return { runtime_error: (err as Error).message };
  }
}

/**
 * An outcome as text both sides can be compared by: a Python float that is integral (2.0) is the number 2, an
 * int past 2^53 its digits, and a non-finite float its name (tagged, so that the string "Infinity" differs).
 */
const normal = (o: Outcome): string =>
  JSON.stringify(o, (_key, v: unknown) =>
    v instanceof PyFloat
      ? v.value
      : typeof v === 'bigint'
        ? { int: String(v) }
        : typeof v === 'number' && !Number.isFinite(v)
          ? { float: String(v) }
          : v,
  );
/** The oracle's answer, read as svcctl reads Python's json.dumps (exact ints, NaN and Infinity). */
const python = (text: string) => parseJsonPython(text) as Outcome[];

describe(`--query against python-jmespath 1.0.1 (seed ${SEED})`, () => {
  it(`${COUNT} random expressions: the same result, parse error or runtime error`, () => {
    const r = seeded(SEED);
    // One in ten is cut short somewhere: parse errors (with the caret line) must match too.
    const expressions = Array.from({ length: COUNT }, () => {
      const e = expression(r, 0);
      return r.int(10) === 0 ? e.slice(0, 1 + r.int(e.length)) : e;
    });
    const theirs = python(
      execFileSync('/usr/bin/python3', [ORACLE], {
        input: JSON.stringify({ cases: expressions.map((expression) => ({ expression, data: DATA })) }),
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      }),
    );
    const differ: string[] = [];
    const kinds = { result: 0, parse_error: 0, runtime_error: 0 };
    expressions.forEach((expr, i) => {
      const mine = ours(expr);
      kinds[Object.keys(theirs[i]!)[0] as keyof typeof kinds]++;
      if (normal(mine) !== normal(theirs[i]!))
        differ.push(`${expr}\n  python: ${normal(theirs[i]!)}\n  svcctl: ${normal(mine)}`);
    });
    console.log(
      `--query: ${COUNT} random expressions (seed ${SEED}) against python-jmespath 1.0.1: ${COUNT - differ.length} identical (${kinds.result} results, ${kinds.parse_error} parse errors, ${kinds.runtime_error} runtime errors)`,
    );
    expect(differ.slice(0, 5), `seed ${SEED}: ${differ.length} differ`).toEqual([]);
  });
});

/**
 * Numbers where a double and a Python number part: every pair of these, under every comparator and the
 * functions that order or merge them (the random expressions above rarely meet two of them at once).
 */
const NUMBERS = [
  '0',
  '-0.0',
  '1',
  '1.0',
  '2.5',
  '9007199254740992',
  '9007199254740993',
  '9007199254740992.0',
  '1e308',
  `1${'0'.repeat(308)}`,
  `1${'0'.repeat(400)}`,
  `-1${'0'.repeat(401)}`,
  '1e400',
  '-1e400',
];

describe('--query on numbers past a double, every pair, against python-jmespath 1.0.1', () => {
  it('the same result or runtime error for each comparison, sort, max, min, sum and avg of two', () => {
    const expressions = NUMBERS.flatMap((a) =>
      NUMBERS.flatMap((b) => [
        ...['<', '<=', '==', '!=', '>', '>='].map((op) => `\`${a}\` ${op} \`${b}\``),
        ...['sort', 'max', 'min', 'sum', 'avg'].map((f) => `${f}([\`${a}\`, \`${b}\`])`),
        `[\`${a}\`] == [\`${b}\`]`,
        `merge(\`{"k": ${a}}\`, \`{"k": ${b}}\`).k`,
      ]),
    );
    const theirs = python(
      execFileSync('/usr/bin/python3', [ORACLE], {
        input: JSON.stringify({ cases: expressions.map((expression) => ({ expression, data: {} })) }),
        encoding: 'utf8',
      }),
    );
    const differ = expressions.flatMap((expr, i) => {
      const mine = normal(ours(expr, {}));
      return mine === normal(theirs[i]!) ? [] : [`${expr}\n  python: ${normal(theirs[i]!)}\n  svcctl: ${mine}`];
    });
    expect(differ.slice(0, 5), `${differ.length} of ${expressions.length} differ`).toEqual([]);
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
  const answers = python(
    execFileSync('/usr/bin/python3', [ORACLE], {
      input: JSON.stringify({ cases: rows.map(([, expression, data]) => ({ expression, data })) }),
      encoding: 'utf8',
    }),
  );
  it.each(rows.map((row, i) => [...row, answers[i]!] as const))(
    '%s: svcctl as python, npm not',
    (_name, expression, data, theirs) => {
      expect(normal(ours(expression, data))).toBe(normal(theirs));
      let npmOutcome: Outcome;
      try {
        npmOutcome = { result: npm.search(data, expression) };
      } catch (err) {
        npmOutcome = { runtime_error: (err as Error).message };
      }
      expect(normal(npmOutcome)).not.toBe(normal(theirs));
    },
  );
});
