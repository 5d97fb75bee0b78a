/**
 * A differential generator over the store's doors (issue 44's final pass): random sequences of commands of
 * all four groups (account tokens; meters, meter events and adjustments, summaries; launch configurations
 * with paging; repositories, images and tags), with awkward values (unicode, boundary lengths and numbers,
 * duplicates, empty lists), each sequence played from an empty store on the embedded backend (SQLite and
 * PostgreSQL, SVCCTL_STORE_URL), through `svcctl serve` on SQLite and through `svcctl serve` on PostgreSQL.
 * Every step must give the same exit code, stdout and stderr on all four (docs/compat.md row 307: through
 * serve, ECR's registry names are serve's own). Then the store each made is exported, imported into the other kind of store (SQLite →
 * PostgreSQL and back, `--replace` and a merge into an empty store), and exported again: byte-identical.
 *
 * Bounded: RUNS sequences (SVCCTL_PROPERTY_RUNS to run more by hand); fast-check prints the seed and the
 * shrunk sequence of a failure, and SVCCTL_PROPERTY_SEED replays one.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliResult } from '../helpers/cli.js';
import { type Harness, harness } from '../helpers/harness.js';
import { type Postgres, startPostgres } from '../helpers/postgres.js';
import { throughServe } from '../operations/table.js';

const RUNS = Number(process.env.SVCCTL_PROPERTY_RUNS ?? 6);
const SEED = process.env.SVCCTL_PROPERTY_SEED === undefined ? undefined : Number(process.env.SVCCTL_PROPERTY_SEED);

let pg: Postgres;
let lite: Harness;
let onPg: Harness;
let pgUrl: string;
beforeAll(async () => {
  pg = await startPostgres();
  lite = await harness();
  pgUrl = await pg.createDatabase('differential');
  onPg = await harness({}, pgUrl);
});
afterAll(async () => {
  await lite?.close();
  await onPg?.close();
  await pg?.stop();
});

/** Awkward but often valid text: unicode of every width, boundary lengths, characters patterns refuse. */
const text = (max: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      'a',
      'é',
      '日本語',
      '😀',
      'a\u0301',
      '\u202e',
      'x'.repeat(max),
      'y'.repeat(max + 1),
      'Ω'.repeat(max),
    ),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  );
const repoName = fc.constantFrom(
  'ab',
  'ab',
  'team/app',
  'team/app',
  'a',
  'x'.repeat(256),
  'team//x',
  'UP',
  'a-b_c.d',
  'é',
);
const lcName = fc.constantFrom('web', 'web', 'wéb', 'w'.repeat(255), 'w'.repeat(256), ' ', 'a/b');
const number = fc.constantFrom(
  '0',
  '1',
  '-1',
  '2',
  '100',
  '101',
  '1000',
  '9007199254740993',
  '99999999999999999999',
  '1.5',
);
const eventName = fc.constantFrom('api_calls', 'api_calls', 'é', 'e'.repeat(100), 'e'.repeat(101));
const identifier = fc.constantFrom('evt_1', 'evt_1', 'evt_2', '', 'i'.repeat(100), 'i'.repeat(101), '😀');

const MANIFEST = JSON.stringify({
  schemaVersion: 2,
  mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
  config: {
    mediaType: 'application/vnd.docker.container.image.v1+json',
    size: 2,
    digest: `sha256:${'4'.repeat(64)}`,
  },
  layers: [],
});

const step: fc.Arbitrary<string[]> = fc.oneof(
  // account tokens
  fc
    .tuple(text(5000), fc.constantFrom('', 'a@b.c', 'x'.repeat(800)))
    .map(([name, email]) => [
      'account-token',
      'create',
      '--cli-input-json',
      JSON.stringify({ display_name: name, ...(email ? { contact_email: email } : {}) }),
    ]),
  fc
    .constantFrom('@accttok_0', '@accttok_1', '@accttok_9', 'accttok_', 'x')
    .map((id) => ['account-token', 'get', '--id', id]),
  // meters, meter events, adjustments, summaries
  fc
    .tuple(text(250), eventName)
    .map(([name, ev]) => [
      'meter',
      'create',
      '--cli-input-json',
      JSON.stringify({ display_name: name, event_name: ev, default_aggregation: { formula: 'sum' } }),
    ]),
  fc.tuple(number).map(([limit]) => ['meter', 'list', '--limit', limit]),
  fc
    .tuple(fc.constantFrom('deactivate', 'reactivate', 'deactivate'), fc.constantFrom('@mtr_0', '@mtr_1'))
    .map(([change, id]) => ['meter', change, '--id', id]),
  fc
    .tuple(fc.constantFrom('@mtr_0', '@mtr_1'), text(250))
    .map(([id, name]) => ['meter', 'update', '--id', id, '--display-name', name]),
  fc
    .tuple(eventName, identifier, fc.constantFrom('1', '0', '-1', '1.5', '999999999999999', '1e3', ''), text(30))
    .map(([ev, id, value, customer]) => [
      'meter-event',
      'create',
      '--cli-input-json',
      JSON.stringify({ event_name: ev, identifier: id, payload: { stripe_customer_id: customer, value } }),
    ]),
  fc
    .tuple(eventName, identifier)
    .map(([ev, id]) => [
      'meter-event-adjustment',
      'create',
      '--event-name',
      ev,
      '--type',
      'cancel',
      '--cli-input-json',
      JSON.stringify({ cancel: { identifier: id } }),
    ]),
  fc
    .tuple(fc.constantFrom('@mtr_0', '@mtr_1', 'mtr_'), text(30), number, number)
    .map(([id, customer, start, end]) => [
      'meter',
      'event-summaries',
      '--id',
      id,
      '--customer',
      customer || 'c',
      '--start-time',
      start,
      '--end-time',
      end,
    ]),
  // launch configurations
  fc
    .tuple(
      lcName,
      fc.constantFrom('ami-1', 'ami-' + 'f'.repeat(251), ''),
      fc.constantFrom([], ['sg-1'], ['sg-1', 'sg-1'], ['é']),
    )
    .map(([name, image, groups]) => [
      'create-launch-configuration',
      '--cli-input-json',
      JSON.stringify({
        LaunchConfigurationName: name,
        ImageId: image,
        InstanceType: 't3.micro',
        SecurityGroups: groups,
      }),
    ]),
  fc
    .tuple(fc.constantFrom([], ['web'], ['web', 'web'], ['nope', 'wéb']), fc.option(number), fc.option(number))
    .map(([names, page, max]) => [
      'describe-launch-configurations',
      '--cli-input-json',
      JSON.stringify({ LaunchConfigurationNames: names }),
      ...(page === null ? [] : ['--page-size', page]),
      ...(max === null ? [] : ['--max-items', max]),
    ]),
  fc
    .tuple(fc.constantFrom('1', '2', '100'), fc.constantFrom('1', '2'))
    .map(([page, max]) => [
      'describe-launch-configurations',
      '--starting-token',
      '@token',
      '--page-size',
      page,
      '--max-items',
      max,
    ]),
  lcName.map((name) => ['delete-launch-configuration', '--launch-configuration-name', name]),
  // repositories, images, tags
  fc
    .tuple(
      repoName,
      fc.constantFrom(
        [],
        [{ Key: 'k', Value: 'é' }],
        [
          { Key: 'k', Value: 'a' },
          { Key: 'k', Value: 'b' },
        ],
      ),
    )
    .map(([name, tags]) => ['create-repository', '--cli-input-json', JSON.stringify({ repositoryName: name, tags })]),
  fc
    .tuple(fc.constantFrom([], ['ab'], ['ab', 'ab'], ['team/app', 'nope']), fc.option(number))
    .map(([names, max]) => [
      'describe-repositories',
      ...(names.length ? ['--cli-input-json', JSON.stringify({ repositoryNames: names })] : []),
      ...(max === null ? [] : ['--max-items', max]),
    ]),
  fc
    .tuple(repoName, fc.constantFrom('v1', 'v1', 'é', 't'.repeat(300), 't'.repeat(301)))
    .map(([name, tag]) => ['put-image', '--repository-name', name, '--image-tag', tag, '--image-manifest', MANIFEST]),
  repoName.map((name) => ['list-images', '--repository-name', name]),
  fc
    .tuple(
      repoName,
      fc.constantFrom(
        [{ Key: 'é', Value: '' }],
        [],
        [
          { Key: 'a', Value: 'b' },
          { Key: 'a', Value: 'c' },
        ],
      ),
    )
    .map(([name, tags]) => [
      'tag-resource',
      '--cli-input-json',
      JSON.stringify({ resourceArn: `arn:aws:ecr:us-east-1:000000000000:repository/${name}`, tags }),
    ]),
  fc
    .tuple(repoName, fc.boolean())
    .map(([name, force]) => ['delete-repository', '--repository-name', name, ...(force ? ['--force'] : [])]),
);

/**
 * `@accttok_N` / `@mtr_N`: the Nth id of that kind printed so far (modulo their count); `@token`: the last
 * NextToken printed (the first page when none was).
 */
function resolve(argv: string[], before: CliResult[]): string[] {
  const printed = before.map((r) => r.stdout).join('\n');
  const token = [...printed.matchAll(/"NextToken": "([^"]+)"/g)].at(-1)?.[1];
  return argv.flatMap((word) => {
    if (word === '--starting-token' || word === '@token')
      return token === undefined ? [] : [word === '@token' ? token : word];
    const ref = /^@(accttok|mtr)_(\d+)$/.exec(word);
    if (!ref) return [word];
    const ids = [
      ...new Set([...printed.matchAll(new RegExp(`"id": "(${ref[1]}_[A-Za-z0-9]+)"`, 'g'))].map((m) => m[1]!)),
    ];
    return [ids.length ? ids[Number(ref[2]) % ids.length]! : `${ref[1]}_none`];
  });
}

async function play(h: Harness, via: 'embedded' | 'http', steps: string[][]): Promise<CliResult[]> {
  h.reset();
  const out: CliResult[] = [];
  for (const step of steps) {
    const argv = resolve(step, out);
    out.push(await (via === 'http' ? h.http(argv) : h.embedded(argv)));
  }
  return out;
}

const ok = (stdout: string, stderr = ''): CliResult => ({ code: 0, stdout, stderr });

/**
 * The two stores now hold what the same sequence made: their snapshots are equal; each imported into the
 * other (`--replace`, then a merge into an emptied store) exports the same snapshot again.
 */
async function roundTrip(): Promise<void> {
  const fromLite = await lite.embedded(['store', 'export']);
  const fromPg = await onPg.embedded(['store', 'export']);
  expect(fromLite.code, fromLite.stderr).toBe(0);
  const snapshot = fromLite.stdout;
  expect({ ...fromPg, stdout: '' }).toEqual({ ...fromLite, stdout: '' });
  // The page-token secret is each store's own, and so is the idempotency key the CLI makes for each v2 create
  // (a random UUID, which also orders those rows); everything else is what the sequence made.
  const unsecret = (text: string) => {
    const { tables } = JSON.parse(text) as { tables: Record<string, { columns: string[]; rows: unknown[][] }> };
    const keys = tables.idempotency_keys!;
    const at = keys.columns.indexOf('key');
    keys.rows = keys.rows
      .map((row) => row.map((v, i) => (i === at ? '(key)' : v)))
      .sort((x, y) => (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1));
    tables.settings!.rows = tables.settings!.rows.filter(([name]) => name !== 'page_token_secret');
    return JSON.stringify(tables, null, 1);
  };
  expect(unsecret(fromPg.stdout), 'PostgreSQL and SQLite hold the same').toBe(unsecret(snapshot));
  const file = join(lite.sb.env.SVCCTL_HOME!, 'snapshot.json');
  writeFileSync(file, snapshot);
  // The count of settings leaves out the page-token secret (the store's own, not a service setting).
  const { tables } = JSON.parse(snapshot) as { tables: Record<string, { rows: unknown[][] }> };
  const counts = Object.entries(tables)
    .map(
      ([table, { rows }]) =>
        `${rows.filter(([name]) => table !== 'settings' || name !== 'page_token_secret').length} ${table}`,
    )
    .join(', ');
  for (const [h, where] of [
    [onPg, pgUrl],
    [lite, join(lite.sb.env.SVCCTL_HOME!, 'state.db')],
  ] as const) {
    const imported = await h.embedded(['store', 'import', '--replace', '--file', file]);
    expect(imported).toEqual(ok(`Imported into ${where}: ${counts}\n`));
    expect(await h.embedded(['store', 'export'])).toEqual(ok(snapshot, fromLite.stderr));
    h.reset();
    h.withStore((db) => db.exec('DELETE FROM settings'));
    const merged = await h.embedded(['store', 'import', '--file', file]);
    expect(merged).toEqual(imported);
    expect(await h.embedded(['store', 'export'])).toEqual(ok(snapshot, fromLite.stderr));
  }
}

describe('random sequences on the embedded backend (SQLite), serve on SQLite and serve on PostgreSQL', () => {
  it('give the same exit code, stdout and stderr at every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const local = await play(lite, 'embedded', steps);
        const served = await play(lite, 'http', steps);
        const localPg = await play(onPg, 'embedded', steps);
        const servedPg = await play(onPg, 'http', steps);
        for (const [i, expected] of local.entries()) {
          const label = `step ${i + 1}: ${JSON.stringify(steps[i]).slice(0, 300)}`;
          const viaServe = (url: string): CliResult => ({
            ...expected,
            stdout: throughServe(expected.stdout, url),
            stderr: throughServe(expected.stderr, url),
          });
          expect(served[i], `serve on SQLite, ${label}`).toEqual(viaServe(lite.server.url));
          expect(localPg[i], `embedded on PostgreSQL (SVCCTL_STORE_URL), ${label}`).toEqual(expected);
          expect(servedPg[i], `serve on PostgreSQL, ${label}`).toEqual(viaServe(onPg.server.url));
        }
        await roundTrip();
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
