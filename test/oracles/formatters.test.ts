/**
 * svcctl's text, table, yaml and yaml-stream formatters against the AWS CLI's own (Debian's awscli 2.9.19,
 * called through test/oracles/awscli_format.py) on seeded random documents: every output byte-identical,
 * or both fail. The seed is printed on failure; SVCCTL_ORACLE_SEED and SVCCTL_ORACLE_DOCS change the run.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '../../src/output/render.js';
import { type Rng, seeded } from './random.js';

const ORACLE = fileURLToPath(new URL('./awscli_format.py', import.meta.url));
const SEED = Number(process.env.SVCCTL_ORACLE_SEED ?? 20261123);
const DOCS = Number(process.env.SVCCTL_ORACLE_DOCS ?? 1000);

const WORDS = [
  'a',
  'b',
  'Name',
  'Id',
  'Arn',
  'tags',
  'Enabled',
  'x y',
  'é',
  '日本',
  '',
  'null',
  'true',
  '123',
  '1.5',
  'a:b',
  '- x',
  '#c',
  "it's",
  'line\nbreak',
  '\t',
];

function scalar(r: Rng): unknown {
  switch (r.int(7)) {
    case 0:
      return r.pick(WORDS);
    case 1:
      return r.int(2000) - 1000;
    case 2:
      return (r.int(200000) - 100000) / 64 + 1 / 128; // never integral: Python keeps the float
    case 3:
      return r.int(2) === 0;
    case 4:
      return null;
    case 5:
      return `2026-11-${String(1 + r.int(28)).padStart(2, '0')}T0${r.int(10)}:00:00.${String(r.int(1e6)).padStart(6, '0')}+00:00`;
    default:
      return r.pick(WORDS) + r.pick(WORDS);
  }
}

function value(r: Rng, depth: number): unknown {
  const k = depth > 3 ? 0 : r.int(10);
  if (k < 5) return scalar(r);
  if (k < 8) return struct(r, depth + 1);
  const n = r.int(4);
  const kind = r.int(3);
  return Array.from({ length: n }, () =>
    kind === 0
      ? scalar(r)
      : kind === 1
        ? struct(r, depth + 1)
        : r.int(4) === 0
          ? [scalar(r), scalar(r)]
          : struct(r, depth + 1),
  );
}

function struct(r: Rng, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = r.int(5); i > 0; i--)
    out[r.pick(['Name', 'Id', 'Arn', 'Tags', 'Items', 'Enabled', 'Size', 'Created', 'b', 'A', 'é', 'Zeta'])] = value(
      r,
      depth,
    );
  return out;
}

type Format = 'json' | 'text' | 'table' | 'yaml' | 'yaml-stream';
const FORMATS: Format[] = ['json', 'text', 'table', 'yaml', 'yaml-stream'];

/** What svcctl prints for a command's (non-paginated) result in that format: the CLI's own renderer. */
async function ours(format: Format, data: unknown): Promise<{ out?: string; error?: string }> {
  try {
    return { out: await renderDocument(format, 'DescribeThings', data) };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

describe(`svcctl's formatters against the AWS CLI's (seed ${SEED})`, () => {
  it(`${DOCS} random documents over ${FORMATS.join(', ')}: the same bytes, or both fail`, async () => {
    const r = seeded(SEED);
    const cases = Array.from({ length: DOCS }, (_, i) => ({
      format: FORMATS[i % FORMATS.length]!,
      data: struct(r, 0),
    }));
    const theirs = JSON.parse(
      execFileSync('/usr/bin/python3', [ORACLE], {
        input: JSON.stringify({ cases: cases.map((c) => ({ ...c, title: 'DescribeThings' })) }),
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      }),
    ) as Array<{ out?: string; error?: string }>;
    const differ: string[] = [];
    for (const [i, c] of cases.entries()) {
      const mine = await ours(c.format, c.data);
      const same = theirs[i]!.out !== undefined ? mine.out === theirs[i]!.out : mine.error !== undefined;
      if (!same)
        differ.push(
          `#${i} ${c.format} ${JSON.stringify(c.data)}\n  aws:    ${JSON.stringify(theirs[i])}\n  svcctl: ${JSON.stringify(mine)}`,
        );
    }
    console.log(
      `formatters: ${cases.length} random documents (seed ${SEED}) rendered by the AWS CLI and svcctl: ${cases.length - differ.length} identical`,
    );
    expect(differ.slice(0, 5), `seed ${SEED}: ${differ.length} differ`).toEqual([]);
  });
});
