/**
 * `svcctl store import` checks every row before writing any (issue 25, item 6): a snapshot whose row the
 * service could not read back (a document that is not JSON or not of its resource's shape, a number column
 * holding text, a null, a key twice) is refused whole with 252, naming the table, the row and the column
 * or member, and the store is left as it was: every listing still works.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../helpers/cli.js';
import { failed, ok, paramValidation } from '../../helpers/cli-results.js';

type Snap = { tables: Record<string, { columns: string[]; rows: unknown[][] }> };

let source: Sandbox;
let snapshot: string;
beforeAll(async () => {
  source = sandbox({ SVCCTL_API_KEY: 'sk_test_import' });
  const run = async (argv: string[]) => expect((await source.run(argv)).code).toBe(0);
  await run([
    'create-repository',
    '--repository-name',
    'team/app',
    '--image-scanning-configuration',
    'scanOnPush=true',
  ]);
  await run(['create-repository', '--repository-name', 'team/web']);
  await run([
    'create-launch-configuration',
    '--launch-configuration-name',
    'lc',
    '--image-id',
    'ami-1',
    '--instance-type',
    't3.micro',
    '--block-device-mappings',
    'DeviceName=/dev/sdh,Ebs={VolumeSize=8}',
    '--user-data',
    'hi',
  ]);
  const token = (
    await source.run([
      'account-token',
      'create',
      '--display-name',
      'T',
      '--idempotency-key',
      'k1',
      '--query',
      'id',
      '--output',
      'text',
    ])
  ).stdout.trim();
  await run(['account', 'create', '--account-token', token]);
  await run(['meter-event', 'create', '--event-name', 'e', '--payload', 'value=1', '--identifier', 'x']);
  await run(['meter-event-adjustment', 'create', '--event-name', 'e', '--type', 'cancel', '--cancel', 'identifier=x']);
  snapshot = (await source.run(['store', 'export'])).stdout;
});
afterAll(() => source.cleanup());

/** Imports a changed copy of the snapshot into an empty store; the store must still list nothing afterwards when refused. */
async function importChanged(change: (snap: Snap) => void) {
  const sb = sandbox({ SVCCTL_API_KEY: 'sk_test_import' });
  try {
    const snap = JSON.parse(snapshot) as Snap;
    change(snap);
    const file = join(sb.cwd, 'state.json');
    writeFileSync(file, JSON.stringify(snap));
    const result = await sb.run(['store', 'import', '--file', file]);
    const listings = [
      await sb.run(['describe-repositories', '--query', 'length(repositories)']),
      await sb.run(['describe-launch-configurations', '--query', 'length(LaunchConfigurations)']),
      await sb.run(['service', 'resources', '--query', 'length(Resources)']),
    ];
    return { result, file, listings: listings.map((r) => [r.code, r.stdout.trim()].join(' ')) };
  } finally {
    sb.cleanup();
  }
}

const set = (table: string, row: number, column: string, value: unknown) => (snap: Snap) => {
  const t = snap.tables[table]!;
  t.rows[row]![t.columns.indexOf(column)] = value;
};
const doc = (table: string, row: number, edit: (d: Record<string, unknown>) => void) => (snap: Snap) => {
  const t = snap.tables[table]!;
  const i = t.columns.indexOf(table === 'idempotency_keys' ? 'response' : 'doc');
  const d = JSON.parse(t.rows[row]![i] as string) as Record<string, unknown>;
  edit(d);
  t.rows[row]![i] = JSON.stringify(d);
};

describe('store import', () => {
  it('takes a snapshot of every kind it exported, and the resources list as before', async () => {
    const { result, listings } = await importChanged(() => {});
    expect(result.code).toBe(0);
    expect(listings).toEqual(['0 2', '0 1', '0 7']);
  });

  const refused: Array<[string, (snap: Snap) => void, string]> = [
    [
      'a doc that is not JSON',
      set('repositories', 1, 'doc', '{not json'),
      'table repositories, row 2: column doc: is not JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))',
    ],
    [
      'a doc that is JSON but not an object',
      set('launch_configurations', 0, 'doc', '[1]'),
      'table launch_configurations, row 1: column doc: is not a JSON object',
    ],
    [
      'created_ms that is not a number',
      set('repositories', 0, 'created_ms', 'yesterday'),
      'table repositories, row 1: column created_ms is "yesterday", not a whole number',
    ],
    [
      'created_ms that is a fraction',
      set('accounts', 0, 'created_ms', 1.5),
      'table accounts, row 1: column created_ms is 1.5, not a whole number',
    ],
    [
      'a NULL cell',
      set('launch_configurations', 0, 'region', null),
      'table launch_configurations, row 1: column region is null, not a string',
    ],
    [
      'livemode other than 0 or 1',
      set('account_tokens', 0, 'livemode', 2),
      'table account_tokens, row 1: column livemode is 2, not 0 or 1',
    ],
    [
      'a member of the wrong type',
      doc('launch_configurations', 0, (d) => {
        d.ImageId = 42;
      }),
      'table launch_configurations, row 1: column doc: member ImageId must be of type string, not 42',
    ],
    [
      'a nested member of the wrong type',
      doc('launch_configurations', 0, (d) => {
        d.BlockDeviceMappings = [{ DeviceName: '/dev/sdh', Ebs: { VolumeSize: '8' } }];
      }),
      'table launch_configurations, row 1: column doc: member BlockDeviceMappings.1.Ebs.VolumeSize must be of type integer, not "8"',
    ],
    [
      'a required member missing',
      doc('launch_configurations', 0, (d) => {
        delete d.InstanceType;
      }),
      'table launch_configurations, row 1: column doc: member InstanceType is missing',
    ],
    [
      'a document naming another resource than its row',
      doc('repositories', 0, (d) => {
        d.repositoryName = 'other';
      }),
      'table repositories, row 1: column doc: member repositoryName is "other", not the row\'s name "team/app"',
    ],
    [
      'an account token without its token',
      doc('account_tokens', 0, (d) => {
        delete d.token;
      }),
      'table account_tokens, row 1: column doc: member token is missing',
    ],
    [
      'an idempotency response that is not an object',
      set('idempotency_keys', 0, 'response', '"ok"'),
      'table idempotency_keys, row 1: column response: is not a JSON object',
    ],
    [
      'the same key twice',
      (snap) => {
        const t = snap.tables.repositories!;
        t.rows[1] = [...t.rows[0]!];
      },
      'table repositories, row 2: the same region, registry_id, name as row 1 ("us-east-1", "000000000000", "team/app")',
    ],
    [
      'an account token used by two accounts',
      (snap) => {
        const t = snap.tables.accounts!;
        t.rows.push(
          t.rows[0]!.map((v, i) =>
            t.columns[i] === 'id'
              ? 'acct_other'
              : t.columns[i] === 'doc'
                ? JSON.stringify({ ...JSON.parse(v as string), id: 'acct_other' })
                : v,
          ),
        );
      },
      'table accounts, row 2: the same token_id as row 1 ("accttok_test0002")',
    ],
  ];
  it.each(refused)('refuses %s whole (252), naming the row, and writes nothing', async (_name, change, problem) => {
    const { result, file, listings } = await importChanged(change);
    expect(result).toEqual(failed(252, paramValidation(`--file ${file} cannot be imported: ${problem}.`)));
    expect(listings).toEqual(['0 0', '0 0', '0 0']);
  });
});

describe('settings on import', () => {
  it("without --replace an empty store keeps the settings the snapshot does not set; --replace leaves the snapshot's alone", async () => {
    const target = sandbox({ SVCCTL_API_KEY: 'sk_test_import' });
    try {
      const file = join(target.cwd, 'snapshot.json');
      writeFileSync(file, snapshot);
      const quota = ['service', 'settings', 'get', 'repositories_per_region'];
      expect(await target.run(['service', 'settings', 'set', 'repositories_per_region', '5'])).toEqual(ok());
      expect((await target.run(['store', 'import', '--file', file])).code).toBe(0);
      expect(await target.run(quota)).toEqual(ok('5\n'));
      expect((await target.run(['store', 'import', '--file', file, '--replace'])).code).toBe(0);
      expect(await target.run(quota)).toEqual(ok('100000\n'));
      expect(await target.run(['describe-repositories', '--query', 'length(repositories)'])).toEqual(ok('2\n'));
    } finally {
      target.cleanup();
    }
  });
});
