/**
 * `svcctl store import` checks every row before writing any (issue 25, item 6): a snapshot whose row the
 * service could not read back (a document that is not JSON or not of its resource's shape, a number column
 * holding text, a null, a key twice) is refused whole with 252, naming the table, the row and the column
 * or member, and the store is left as it was: every listing still works.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
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
  await run(['meter-event-session', 'create']);
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

/** The first account token's expiry: its column and its document's expires_at alike. */
const tokenExpires = (ms: number) => (snap: Snap) => {
  set('account_tokens', 0, 'expires_ms', ms)(snap);
  doc('account_tokens', 0, (d) => {
    (d.token as Record<string, unknown>).expires_at = new Date(ms).toISOString();
  })(snap);
};

/** The first account token's id: its column, its document's token.id and the account that used it. */
const tokenId = (id: string) => (snap: Snap) => {
  set('account_tokens', 0, 'id', id)(snap);
  doc('account_tokens', 0, (d) => {
    (d.token as Record<string, unknown>).id = id;
  })(snap);
  set('accounts', 0, 'token_id', id)(snap);
};

/** The first repository renamed: its row, its document and the ARN and URI that name it. */
const renameRepository = (name: string) => (snap: Snap) => {
  const t = snap.tables.repositories!;
  const d = JSON.parse(t.rows[0]![t.columns.indexOf('doc')] as string) as Record<string, unknown>;
  d.repositoryName = name;
  d.repositoryArn = (d.repositoryArn as string).replace('team/app', name);
  d.repositoryUri = (d.repositoryUri as string).replace('team/app', name);
  t.rows[0]![t.columns.indexOf('name')] = name;
  t.rows[0]![t.columns.indexOf('doc')] = JSON.stringify(d);
};

describe('store import', () => {
  it('takes a snapshot of every kind it exported, and the resources list as before', async () => {
    const { result, listings } = await importChanged(() => {});
    expect(result.code).toBe(0);
    expect(listings).toEqual(['0 2', '0 1', '0 8']);
  });

  const refused: Array<[string, (snap: Snap) => void, string]> = [
    [
      'a doc that is not JSON',
      set('repositories', 1, 'doc', '{not json'),
      'table repositories, row 2: column doc: is not JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1))',
    ],
    [
      'a doc holding Infinity',
      set('repositories', 1, 'doc', '{"a": Infinity}'),
      'table repositories, row 2: column doc: is not JSON (Expecting value: line 1 column 7 (char 6))',
    ],
    [
      'a doc that is JSON but not an object',
      set('launch_configurations', 0, 'doc', '[1]'),
      'table launch_configurations, row 1: column doc: is not a JSON object',
    ],
    [
      'created_ms that is not a number',
      set('repositories', 0, 'created_ms', 'yesterday'),
      'table repositories, row 1: column created_ms is "yesterday", not a whole number of 0 or more',
    ],
    [
      'created_ms that is a fraction',
      set('accounts', 0, 'created_ms', 1.5),
      'table accounts, row 1: column created_ms is 1.5, not a whole number of 0 or more',
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
    // A member given twice: JSON.parse kept the last, so a hand-edited document lost the first silently
    // (issue 44's final hostile hour, 8c).
    [
      'a member given twice in a doc',
      (snap: Snap) => {
        const t = snap.tables.repositories!;
        const i = t.columns.indexOf('doc');
        t.rows[0]![i] = (t.rows[0]![i] as string).replace(/}$/, ',"imageTagMutability":"IMMUTABLE"}');
      },
      'table repositories, row 1: column doc: member imageTagMutability is given twice',
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
    // Issue 44, item 4: every row goes through the same gate as the create it stands for (the model's rules and
    // the handler's), and what that create would store must be the document; each setting through `settings set`.
    [
      'a member no create stores (later printed as if ECR returned it)',
      doc('repositories', 0, (d) => {
        d.imageDigest = 'sha256:0';
      }),
      'table repositories, row 1: column doc: member imageDigest is not one a create stores',
    ],
    [
      'a __proto__ member',
      (snap) => {
        const t = snap.tables.launch_configurations!;
        const i = t.columns.indexOf('doc');
        t.rows[0]![i] = (t.rows[0]![i] as string).replace(/^\{/, '{"__proto__":{"x":1},');
      },
      "table launch_configurations, row 1: column doc: CreateLaunchConfiguration would refuse it: 1 validation error detected: Value '{\"x\":1}' at '__proto__' failed to satisfy constraint: Member is not a known parameter",
    ],
    [
      "a repository name outside ECR's pattern",
      renameRepository('Team/App'),
      "table repositories, row 1: column doc: CreateRepository would refuse it: Invalid parameter at 'repositoryName' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*'",
    ],
    [
      'a repository name holding NUL',
      renameRepository('team/a\u0000b'),
      "table repositories, row 1: column doc: CreateRepository would refuse it: Invalid parameter at 'repositoryName' failed to satisfy constraint: 'Member must satisfy regular expression pattern: [a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*(\\/[a-z0-9]+((\\.|_|__|-+)[a-z0-9]+)*)*'",
    ],
    [
      'a launch configuration name holding NUL',
      (snap) => {
        const t = snap.tables.launch_configurations!;
        const d = JSON.parse(t.rows[0]![t.columns.indexOf('doc')] as string) as Record<string, unknown>;
        d.LaunchConfigurationName = 'l\u0000c';
        d.LaunchConfigurationARN = (d.LaunchConfigurationARN as string).replace(/lc$/, 'l\u0000c');
        t.rows[0]![t.columns.indexOf('name')] = 'l\u0000c';
        t.rows[0]![t.columns.indexOf('doc')] = JSON.stringify(d);
      },
      "table launch_configurations, row 1: column doc: CreateLaunchConfiguration would refuse it: 1 validation error detected: Value 'l\\u0000c' at 'launchConfigurationName' failed to satisfy constraint: Member must satisfy regular expression pattern: [\\u0020-\\uD7FF\\uE000-\\uFFFD\\u{10000}-\\u{10FFFF}\\r\\n\\t]*",
    ],
    [
      '51 tags',
      doc('repositories', 0, (d) => {
        d.tags = Array.from({ length: 51 }, (_, i) => ({ Key: `k${i}`, Value: 'v' }));
      }),
      'table repositories, row 1: column doc: CreateRepository would refuse it: The repository would have 51 tags: the maximum number of tags that can be applied to a repository is 50',
    ],
    [
      'the region US-EAST-1',
      set('repositories', 0, 'region', 'US-EAST-1'),
      'table repositories, row 1: column region is "US-EAST-1", not a region name (lower-case letters, digits and hyphens)',
    ],
    [
      'a region of 300 characters, quoted whole (the echo rule: values past 1,024 characters are cut; final pass 5c)',
      set('repositories', 0, 'region', 'é'.repeat(300)),
      `table repositories, row 1: column region is "${'é'.repeat(300)}", not a region name (lower-case letters, digits and hyphens)`,
    ],
    [
      'a region of 2,000 characters, cut with its length as every echo is (was cut at 57, without its length)',
      set('repositories', 0, 'region', `\u001b[2J${'a'.repeat(1996)}`),
      `table repositories, row 1: column region is "\\u001b[2J${'a'.repeat(60)}..." (2000 characters), not a region name (lower-case letters, digits and hyphens)`,
    ],
    [
      'cn-north-1 with an arn:aws: ARN',
      set('repositories', 0, 'region', 'cn-north-1'),
      'table repositories, row 1: column doc: member repositoryArn is "arn:aws:ecr:us-east-1:000000000000:repository/team/app", where a create stores "arn:aws-cn:ecr:cn-north-1:000000000000:repository/team/app"',
    ],
    [
      'a negative created_ms',
      set('launch_configurations', 0, 'created_ms', -1),
      'table launch_configurations, row 1: column created_ms is -1, not a whole number of 0 or more',
    ],
    [
      'a repository created after the year 9999 (was imported; describe-repositories then said "Invalid time value", 255)',
      set('repositories', 0, 'created_ms', 9_000_000_000_000_000),
      'table repositories, row 1: column created_ms is 9000000000000000, later than 9999-12-31T23:59:59.999Z (the last time the service writes)',
    ],
    [
      'an idempotency key kept until after the year 9999 (it would never expire)',
      set('idempotency_keys', 0, 'created_ms', 253_402_300_800_000),
      'table idempotency_keys, row 1: column created_ms is 253402300800000, later than 9999-12-31T23:59:59.999Z (the last time the service writes)',
    ],
    [
      "a meter event whose timestamp_ms is not its document's timestamp (its usage was counted at another time)",
      set('meter_events', 0, 'timestamp_ms', 0),
      "table meter_events, row 1: column timestamp_ms is 0, not the document's timestamp 2026-11-20T23:21:51.327Z (1795216911327)",
    ],
    [
      "a meter event session whose expires_ms is not its document's expires_at (its token worked for 31 years)",
      set('meter_event_sessions', 0, 'expires_ms', 1795216911327 + 10 ** 12),
      "table meter_event_sessions, row 1: column expires_ms is 2795216911327, not the document's expires_at 2026-11-20T23:36:51.327Z (1795217811327)",
    ],
    [
      'a meter event adjustment that completes before it was created',
      set('meter_event_adjustments', 0, 'completes_ms', 0),
      'table meter_event_adjustments, row 1: column completes_ms is 0, before the adjustment was created (created_ms 1795216911327)',
    ],
    // Final hostile pass 11c: the siblings of the session's expires_ms. A create sets these columns from a
    // setting's value at the time (account_token_lifetime_seconds, meter_event_adjustment_processing_ms), so they
    // lie within that setting's range after created_ms; past it, a token was used 8,000 years on.
    [
      'an account token that expires in the year 9999 (it was imported and then took a create for ever)',
      tokenExpires(253_402_300_799_000),
      'table account_tokens, row 1: column expires_ms is 253402300799000, not created_ms 1795216911327 plus a lifetime a create gives (0 to 86400 whole seconds: account_token_lifetime_seconds)',
    ],
    [
      'an account token that expires before it was created',
      tokenExpires(1795216911327 - 1000),
      'table account_tokens, row 1: column expires_ms is 1795216910327, not created_ms 1795216911327 plus a lifetime a create gives (0 to 86400 whole seconds: account_token_lifetime_seconds)',
    ],
    [
      'an account token whose lifetime is not whole seconds',
      tokenExpires(1795216911327 + 600_500),
      'table account_tokens, row 1: column expires_ms is 1795217511827, not created_ms 1795216911327 plus a lifetime a create gives (0 to 86400 whole seconds: account_token_lifetime_seconds)',
    ],
    // Final hostile pass 11c: an id column held whatever the file said; an empty one could not be looked up
    // (`account-token get --id ''` is refused), one of another kind's form was no id a create makes.
    [
      'an account token whose id is empty',
      tokenId(''),
      'table account_tokens, row 1: column id is "", not an id a create makes ("accttok_" and then letters and digits, 255 characters at most)',
    ],
    [
      "an account token with an account's id",
      tokenId('acct_test0009'),
      'table account_tokens, row 1: column id is "acct_test0009", not an id a create makes ("accttok_" and then letters and digits, 255 characters at most)',
    ],
    [
      'an account token whose id holds a slash',
      tokenId('accttok_a/b'),
      'table account_tokens, row 1: column id is "accttok_a/b", not an id a create makes ("accttok_" and then letters and digits, 255 characters at most)',
    ],
    // Final hostile pass 12: the account's token_id, the one id column the check did not list, held anything
    // (a token a reset of account tokens deleted is named by an id still).
    [
      "an account whose token's id is empty",
      set('accounts', 0, 'token_id', ''),
      'table accounts, row 1: column token_id is "", not an id a create makes ("accttok_" and then letters and digits, 255 characters at most)',
    ],
    [
      "an account whose token's id is 256 characters",
      set('accounts', 0, 'token_id', `accttok_${'a'.repeat(248)}`),
      `table accounts, row 1: column token_id is "accttok_${'a'.repeat(248)}", not an id a create makes ("accttok_" and then letters and digits, 255 characters at most)`,
    ],
    [
      "a meter event session whose token is another session's form",
      (snap) => {
        set('meter_event_sessions', 0, 'token', 'tok')(snap);
        doc('meter_event_sessions', 0, (d) => {
          d.authentication_token = 'tok';
        })(snap);
      },
      'table meter_event_sessions, row 1: column token is "tok", not an id a create makes ("mes_token_" and then letters and digits, 255 characters at most)',
    ],
    [
      'a meter event adjustment that stays pending until the year 9999',
      set('meter_event_adjustments', 0, 'completes_ms', 253_402_300_799_999),
      'table meter_event_adjustments, row 1: column completes_ms is 253402300799999, later than a create makes it (created_ms 1795216911327 plus at most 86400000 ms: meter_event_adjustment_processing_ms)',
    ],
    [
      'an account whose account token is unused (was imported; the token then made a second account: "UNIQUE constraint failed", 255)',
      set('account_tokens', 0, 'used', 0),
      'table accounts, row 1: column token_id is "accttok_test0002", which table account_tokens, row 1 holds unused (used 0), where the create that made the account used it',
    ],
    [
      'an account of another form',
      set('meter_event_adjustments', 0, 'owner', 'acct'),
      'table meter_event_adjustments, row 1: column owner is "acct", not an account id (12 digits)',
    ],
    [
      'an account token whose data a create refuses',
      doc('account_tokens', 0, (d) => {
        (d.data as Record<string, unknown>).display_name = 7;
      }),
      'table account_tokens, row 1: column doc: member data.display_name must be of type string, not 7',
    ],
    [
      'an account that says it is live in a test-mode row',
      doc('accounts', 0, (d) => {
        d.livemode = true;
      }),
      'table accounts, row 1: column doc: member livemode is true, where a create stores false',
    ],
    [
      'a meter event with a member no create stores',
      doc('meter_events', 0, (d) => {
        d.value = 10;
      }),
      'table meter_events, row 1: column doc: member value is not one a create stores',
    ],
    [
      'a meter event whose timestamp is 36 days before it was received',
      doc('meter_events', 0, (d) => {
        d.timestamp = new Date(Date.parse(d.created as string) - 36 * 86_400_000).toISOString();
      }),
      "table meter_events, row 1: column doc: CreateMeterEvent would refuse it: The event's timestamp 2026-10-15T23:21:51.327Z is more than 35 days before the time it was received (2026-11-20T23:21:51.327Z)",
    ],
    [
      'a meter event session whose doc is of another mode',
      doc('meter_event_sessions', 0, (d) => {
        d.livemode = true;
      }),
      'table meter_event_sessions, row 1: column doc: member livemode is true, where a create stores false',
    ],
    [
      'a repository whose scanOnPush is null (a create drops a null member: compat row 411)',
      doc('repositories', 0, (d) => {
        d.imageScanningConfiguration = { scanOnPush: null };
      }),
      'table repositories, row 1: column doc: member imageScanningConfiguration.scanOnPush is null, which no create stores',
    ],
    [
      'a meter event without its timestamp (was 255 "Invalid time value")',
      doc('meter_events', 0, (d) => {
        delete d.timestamp;
      }),
      'table meter_events, row 1: column doc: member timestamp is missing; a create stores "2026-11-20T23:21:51.327Z"',
    ],
    [
      'a meter event whose timestamp is null (was 255 "Invalid time value"; a create drops a null member)',
      doc('meter_events', 0, (d) => {
        d.timestamp = null;
      }),
      'table meter_events, row 1: column doc: member timestamp is null, which no create stores',
    ],
    [
      'an idempotency key of an account of another form (final pass 5c: its rows were not checked)',
      set('idempotency_keys', 0, 'owner', 'x'),
      'table idempotency_keys, row 1: column owner is "x", not an account id (12 digits)',
    ],
    [
      'an empty idempotency key (a request without one keeps none)',
      set('idempotency_keys', 0, 'key', ''),
      'table idempotency_keys, row 1: column key is "": an Idempotency-Key is 1 to 255 characters',
    ],
    [
      'an idempotency key of 256 characters',
      set('idempotency_keys', 0, 'key', 'k'.repeat(256)),
      `table idempotency_keys, row 1: column key is "${'k'.repeat(256)}": an Idempotency-Key is 1 to 255 characters`,
    ],
    // Hostile round 9: keys no request can send (the rule of the request path's Idempotency-Key:
    // core/header-value.ts) were imported.
    [
      'an idempotency key holding a NUL',
      set('idempotency_keys', 0, 'key', 'a\u0000b'),
      'table idempotency_keys, row 1: column key is "a\\u0000b": an Idempotency-Key cannot be sent in an HTTP header: character 2 is U+0000, a control character (a header takes tabs and printable Latin-1 characters only)',
    ],
    [
      'an idempotency key holding an ESC',
      set('idempotency_keys', 0, 'key', 'k\u001b[31m'),
      'table idempotency_keys, row 1: column key is "k\\u001b[31m": an Idempotency-Key cannot be sent in an HTTP header: character 2 is U+001B, a control character (a header takes tabs and printable Latin-1 characters only)',
    ],
    [
      'an idempotency key ending in a space (HTTP drops it)',
      set('idempotency_keys', 0, 'key', 'k '),
      'table idempotency_keys, row 1: column key is "k ": an Idempotency-Key cannot be sent in an HTTP header: it ends with white space, which HTTP drops',
    ],
    [
      'an idempotency key of an operation that keeps none',
      set('idempotency_keys', 0, 'operation', 'CreateRepository'),
      'table idempotency_keys, row 1: column operation is "CreateRepository", not an operation that keeps Idempotency-Keys (CreateAccountToken, CreateAccount, CreateMeterEvent, CreateMeterEventSession, CreateMeterEventAdjustment, CreateMeter, UpdateMeter, DeactivateMeter, ReactivateMeter)',
    ],
    [
      'an idempotency key whose fingerprint is not a SHA-256',
      set('idempotency_keys', 0, 'fingerprint', ''),
      'table idempotency_keys, row 1: column fingerprint is "", not a request\'s SHA-256 (64 hex digits)',
    ],
    [
      'an idempotency key whose answer is of the other mode',
      doc('idempotency_keys', 0, (d) => {
        d.livemode = true;
      }),
      "table idempotency_keys, row 1: column response: member livemode is true, where the row's livemode is 0",
    ],
    [
      'an idempotency answer with a member the operation never answers (was replayed as {"x": null}, exit 0)',
      doc('idempotency_keys', 0, (d) => {
        d.x = null;
      }),
      'table idempotency_keys, row 1: column response: member x is not one CreateAccountToken answers',
    ],
    [
      "an idempotency answer of another operation's object",
      doc('idempotency_keys', 0, (d) => {
        d.object = 'v2.core.account';
      }),
      'table idempotency_keys, row 1: column response: member object is "v2.core.account", where CreateAccountToken answers "v2.core.account_token"',
    ],
    [
      'an idempotency answer without its object',
      doc('idempotency_keys', 0, (d) => {
        delete d.object;
      }),
      'table idempotency_keys, row 1: column response: member object is missing, where CreateAccountToken answers "v2.core.account_token"',
    ],
    [
      'an idempotency answer whose member is of another type',
      doc('idempotency_keys', 0, (d) => {
        d.created = 5;
      }),
      'table idempotency_keys, row 1: column response: member created must be of type string, not 5',
    ],
    [
      'the setting launch_configurations_per_region = -5',
      (snap) => {
        snap.tables.settings!.rows.push(['launch_configurations_per_region', '-5']);
      },
      "table settings, row 1: Invalid value for launch_configurations_per_region: '-5'. Expected none or a whole number from 0 to 100000000",
    ],
    [
      'a setting svcctl does not know',
      (snap) => {
        snap.tables.settings!.rows.push(['colour', 'blue']);
      },
      "table settings, row 1: Unknown service setting 'colour'. Valid settings are: platform_registered, accounts_v2_min_version, account_update_concurrency_limit, account_update_hold_ms, account_token_lifetime_seconds, meter_event_adjustment_processing_ms, launch_configurations_per_region, repositories_per_region, and fault rules (fault.<service>.<Operation>, see docs/operating-serve.md)",
    ],
  ];
  it.each(refused)('refuses %s whole (252), naming the row, and writes nothing', async (_name, change, problem) => {
    const { result, file, listings } = await importChanged(change);
    expect(result).toEqual(failed(252, paramValidation(`--file ${file} cannot be imported: ${problem}.`)));
    expect(listings).toEqual(['0 0', '0 0', '0 0']);
  });
});

/** Imports the bytes as the snapshot file into an empty store. */
async function importBytes(bytes: Buffer | string) {
  const sb = sandbox({ SVCCTL_API_KEY: 'sk_test_import' });
  try {
    const file = join(sb.cwd, 'state.json');
    writeFileSync(file, bytes);
    const result = await sb.run(['store', 'import', '--file', file]);
    const count = await sb.run(['service', 'resources', '--query', 'length(Resources)']);
    return { result, file, count: [count.code, count.stdout.trim()].join(' ') };
  } finally {
    sb.cleanup();
  }
}

const NO_TABLES = 'cannot be imported: its "tables" is not an object of tables by name.';

// The file as a whole, in the words every other reader of a JSON text uses (found in the final hostile
// hour of issue 44): Python's json module's, with the line and column, as --cli-input-json and a row's doc.
describe('a file that is not a snapshot', () => {
  it.each([
    ['an empty file', '', 'is not JSON: Expecting value: line 1 column 1 (char 0)'],
    [
      'a file after a byte order mark',
      '\ufeff{}',
      'is not JSON: Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)',
    ],
    ['a cut file', '{"format":', 'is not JSON: Expecting value: line 1 column 11 (char 10)'],
    ['a key without a value', '{\n  "format"\n}', "is not JSON: Expecting ':' delimiter: line 3 column 1 (char 13)"],
    // Hostile pass 16b: NaN, Infinity and -Infinity, which json.loads reads but a snapshot never holds, were
    // refused in V8's words ("Unexpected token 'N', …", "No number after minus sign in JSON at position 12").
    ['NaN', '{"version": NaN}', 'is not JSON: Expecting value: line 1 column 13 (char 12)'],
    ['-Infinity', '{"version": -Infinity}', 'is not JSON: Expecting value: line 1 column 13 (char 12)'],
    // Where, as every other reader of a file says it (core/config-text.ts): the line and character.
    [
      'a byte that is not UTF-8',
      Buffer.from('{"format": "svcctl-store-snapshot",\n "version": 1, "x": "caf\xe9"}', 'latin1'),
      'cannot be imported: line 2: not valid UTF-8 (byte 0xe9 at character 25).',
    ],
    // Numbers as the file wrote them: 1.0 showed the parser's wrapper ({"value":1}), a big one a stack-less
    // "Do not know how to serialize a BigInt" (255).
    [
      'a version of 1.0',
      '{"format": "svcctl-store-snapshot", "version": 1.0, "tables": {}}',
      'cannot be imported: it is a snapshot of version 1.0; this svcctl reads version 1.',
    ],
    [
      'a version past 2^64',
      '{"format": "svcctl-store-snapshot", "version": 99999999999999999999, "tables": {}}',
      'cannot be imported: it is a snapshot of version 99999999999999999999; this svcctl reads version 1.',
    ],
    // A key given twice (a table twice, the second of no rows): JSON.parse kept the last, so the first
    // table's rows were dropped without a word, and --replace then wrote over the store (8c). Refused as every
    // other file svcctl reads refuses one (core/config-text.ts): the line of each.
    [
      'a table given twice',
      '{"format": "svcctl-store-snapshot", "version": 1, "tables": {\n "settings": {"columns": ["name", "value"], "rows": [["launch_configurations_per_region", "7"]]},\n "settings": {"columns": ["name", "value"], "rows": []}}}',
      'cannot be imported: line 3: "settings" is set twice (first at line 2).',
    ],
    [
      'a member given twice at the top',
      '{"format": "svcctl-store-snapshot", "version": 1, "tables": {},\n"tables": {}}',
      'cannot be imported: line 2: "tables" is set twice (first at line 1).',
    ],
    // The shape around the rows: a null read as an object failed with V8's TypeError (255), and a list or
    // no tables at all was a snapshot of nothing, which --replace then wrote over the store.
    ['tables of null', '{"format": "svcctl-store-snapshot", "version": 1, "tables": null}', NO_TABLES],
    ['tables as a list', '{"format": "svcctl-store-snapshot", "version": 1, "tables": []}', NO_TABLES],
    ['no tables', '{"format": "svcctl-store-snapshot", "version": 1}', NO_TABLES],
    [
      'a table of null',
      '{"format": "svcctl-store-snapshot", "version": 1, "tables": {"repositories": null}}',
      'cannot be imported: table repositories is null, not an object of columns and rows.',
    ],
    [
      'a table that is text',
      '{"format": "svcctl-store-snapshot", "version": 1, "tables": {"settings": "x"}}',
      'cannot be imported: table settings is "x", not an object of columns and rows.',
    ],
    // Hostile pass 19c: a member no snapshot holds, at the top or in a table, was ignored without a word,
    // where a table this svcctl does not know, or a member of a row's doc, is refused.
    [
      'a member no snapshot holds at the top',
      '{"format": "svcctl-store-snapshot", "version": 1, "tables": {}, "Tables": {"settings": {}}}',
      'cannot be imported: it holds members this svcctl does not know: Tables.',
    ],
    [
      'a member of a table other than columns and rows',
      '{"format": "svcctl-store-snapshot", "version": 1, "tables": {"settings": {"columns": ["name", "value"], "rows": [], "row": []}}}',
      'cannot be imported: table settings holds members other than columns and rows: row.',
    ],
    [
      'a column name that is a big number',
      '{"format": "svcctl-store-snapshot", "version": 1, "tables": {"settings": {"columns": [99999999999999999999, 2.0], "rows": []}}}',
      'cannot be imported: table settings has columns [99999999999999999999,2.0], not ["name","value"].',
    ],
    // Hostile pass 20a: a number past a double (1e400, which json.loads reads as inf) was named as null ('column
    // created_ms is null', where the docs say a column is never null), and a version of any length was echoed
    // whole.
    [
      'a version of 1e400',
      '{"format": "svcctl-store-snapshot", "version": 1e400, "tables": {}}',
      'cannot be imported: it is a snapshot of version Infinity; this svcctl reads version 1.',
    ],
    [
      'a version of 100,000 characters',
      `{"format": "svcctl-store-snapshot", "version": "${'v'.repeat(100_000)}", "tables": {}}`,
      `cannot be imported: it is a snapshot of version "${'v'.repeat(64)}..." (100000 characters); this svcctl reads version 1.`,
    ],
    [
      'a table of -1e400',
      '{"format": "svcctl-store-snapshot", "version": 1, "tables": {"settings": -1e400}}',
      'cannot be imported: table settings is -Infinity, not an object of columns and rows.',
    ],
    [
      'a cell of 1e400',
      '{"format": "svcctl-store-snapshot", "version": 1, "tables": {"settings": {"columns": ["name", "value"], "rows": [["launch_configurations_per_region", 1e400]]}}}',
      'cannot be imported: table settings, row 1: column value is Infinity, not a string.',
    ],
  ])('refuses %s (252), saying why, and writes nothing', async (_name, text, problem) => {
    const { result, file, count } = await importBytes(text);
    expect(result).toEqual(failed(252, paramValidation(`--file ${file} ${problem}`)));
    expect(count).toBe('0 0');
  });
});

// A file that cannot be read or written is named with the OS's reason in the AWS CLI's form, as every other
// file error of svcctl is (core/errors.ts osErrorText); it gave node's "ENOENT: no such file or directory,
// open '…'" (issue 44's final hostile hour).
describe('a --file that cannot be read or written', () => {
  it('import: a missing file and a directory (252)', async () => {
    const sb = sandbox({});
    try {
      const missing = join(sb.cwd, 'nope.json');
      expect(await sb.run(['store', 'import', '--file', missing])).toEqual(
        failed(252, paramValidation(`Unable to read --file ${missing}: [Errno 2] No such file or directory`)),
      );
      expect(await sb.run(['store', 'import', '--file', sb.cwd])).toEqual(
        failed(252, paramValidation(`Unable to read --file ${sb.cwd}: [Errno 21] Is a directory`)),
      );
    } finally {
      sb.cleanup();
    }
  });

  it("an empty --file is no file, as Python's open(''), not the working directory (252)", async () => {
    // It was resolved against the working directory: "[Errno 21] Is a directory" for a path never given, as when
    // `--file "$SNAPSHOT"` has an unset variable (hostile pass 14b).
    const sb = sandbox({});
    try {
      expect(await sb.run(['store', 'import', '--file', ''])).toEqual(
        failed(252, paramValidation("Unable to read --file '': [Errno 2] No such file or directory")),
      );
      expect(await sb.run(['store', 'export', '--file', ''])).toEqual(
        failed(252, paramValidation("Unable to write --file '': [Errno 2] No such file or directory")),
      );
    } finally {
      sb.cleanup();
    }
  });

  it('a --file ending in / names a directory, as open() reads it: nothing is written or read (252)', async () => {
    // resolve() dropped the slash: `store export --file out/` wrote a file named out, and `store import --file
    // snap.json/` read snap.json (hostile pass 15a). Python: [Errno 21] Is a directory, [Errno 20] Not a directory.
    const sb = sandbox({});
    try {
      expect(await sb.run(['store', 'export', '--file', 'out/'])).toEqual(
        failed(252, paramValidation('Unable to write --file out/: [Errno 21] Is a directory')),
      );
      expect(existsSync(join(sb.cwd, 'out'))).toBe(false);
      writeFileSync(join(sb.cwd, 'snap.json'), '{}');
      expect(await sb.run(['store', 'import', '--file', 'snap.json/'])).toEqual(
        failed(252, paramValidation('Unable to read --file snap.json/: [Errno 20] Not a directory')),
      );
    } finally {
      sb.cleanup();
    }
  });

  it('import: a file past the bound (512 MiB, past what V8 holds as text) is refused unread (252, issue 44)', async () => {
    const sb = sandbox({});
    try {
      const big = join(sb.cwd, 'big.json');
      writeFileSync(big, '');
      truncateSync(big, 512 * 1024 * 1024);
      expect(await sb.run(['store', 'import', '--file', big])).toEqual(
        failed(252, paramValidation(`Unable to read --file ${big}: [Errno 27] File too large`)),
      );
    } finally {
      sb.cleanup();
    }
  });

  it("export through a dangling symbolic link makes the link's file, as open() does; the link stays (hostile pass 16a)", async () => {
    // realpath() failed on the dangling link and the rename replaced the link with a regular file, silently.
    const sb = sandbox({});
    try {
      const link = join(sb.cwd, 'snap.json');
      symlinkSync(join(sb.cwd, 'real.json'), link);
      expect(await sb.run(['store', 'export', '--file', 'snap.json'])).toEqual(ok());
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(JSON.parse(readFileSync(join(sb.cwd, 'real.json'), 'utf8'))).toHaveProperty('version');
      const lost = join(sb.cwd, 'lost.json');
      symlinkSync(join(sb.cwd, 'no', 'x.json'), lost);
      expect(await sb.run(['store', 'export', '--file', 'lost.json'])).toEqual(
        failed(252, paramValidation('Unable to write --file lost.json: [Errno 2] No such file or directory')),
      );
      expect(lstatSync(lost).isSymbolicLink()).toBe(true);
    } finally {
      sb.cleanup();
    }
  });

  it("export through a link whose '..' follows a linked directory writes the file open() would (hostile pass 18a)", async () => {
    // snap.json -> sub/../real.json, sub a link to elsewhere/deep: the snapshot went to ./real.json, a file the link
    // does not name (path.resolve read 'sub/..' as text), exit 0.
    const sb = sandbox({});
    try {
      mkdirSync(join(sb.cwd, 'elsewhere', 'deep'), { recursive: true });
      symlinkSync(join(sb.cwd, 'elsewhere', 'deep'), join(sb.cwd, 'sub'));
      symlinkSync('sub/../real.json', join(sb.cwd, 'snap.json'));
      expect(await sb.run(['store', 'export', '--file', 'snap.json'])).toEqual(ok());
      expect(JSON.parse(readFileSync(join(sb.cwd, 'elsewhere', 'real.json'), 'utf8'))).toHaveProperty('version');
      expect(existsSync(join(sb.cwd, 'real.json'))).toBe(false);
    } finally {
      sb.cleanup();
    }
  });

  it('export through a loop of symbolic links is refused as open() refuses it; the links stay (hostile pass 17c)', async () => {
    // writeTarget gave up after 40 hops and returned one of the links: the rename replaced it with a regular file (rc 0).
    const sb = sandbox({});
    try {
      const link = join(sb.cwd, 'snap.json');
      symlinkSync('other.json', link);
      symlinkSync('snap.json', join(sb.cwd, 'other.json'));
      expect(await sb.run(['store', 'export', '--file', 'snap.json'])).toEqual(
        failed(252, paramValidation('Unable to write --file snap.json: [Errno 40] Too many levels of symbolic links')),
      );
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(lstatSync(join(sb.cwd, 'other.json')).isSymbolicLink()).toBe(true);
    } finally {
      sb.cleanup();
    }
  });

  it('export refuses a --file that is the store it reads, by any name, or a file SQLite keeps beside it (252); the store stays (hostile pass 18a)', async () => {
    // 'store export --file $SVCCTL_HOME/state.db' exited 0: the rename replaced the store with its snapshot.
    const sb = sandbox({ SVCCTL_STORE_URL: undefined }); // the SQLite store of $SVCCTL_HOME in every project
    try {
      expect((await sb.run(['ecr', 'create-repository', '--repository-name', 'kept'])).code).toBe(0);
      const store = join(sb.env.SVCCTL_HOME!, 'state.db');
      symlinkSync(store, join(sb.cwd, 'link.json'));
      for (const file of [store, 'link.json', `${store}-wal`, join(sb.env.SVCCTL_HOME!, '.', 'state.db')])
        expect(await sb.run(['store', 'export', '--file', file])).toEqual(
          failed(
            252,
            paramValidation(
              `Unable to write --file ${file}: it is the store being exported (${store}), or a file SQLite keeps beside it: give --file another file.`,
            ),
          ),
        );
      expect(
        await sb.run(['ecr', 'describe-repositories', '--query', 'repositories[].repositoryName', '--output', 'text']),
      ).toEqual(ok('kept\n'));
    } finally {
      sb.cleanup();
    }
  });

  it("export refuses a --file that is svcctl's config, by any name (252); the config stays (hostile pass 18a)", async () => {
    // 'store export --file $SVCCTL_HOME/config' exited 0: the config (keys among its settings) was the snapshot.
    const sb = sandbox({});
    try {
      expect((await sb.run(['configure', 'set', 'region', 'eu-west-2'])).code).toBe(0);
      const config = join(sb.env.SVCCTL_HOME!, 'config');
      symlinkSync(config, join(sb.cwd, 'cfg-link.json'));
      for (const file of [config, 'cfg-link.json'])
        expect(await sb.run(['store', 'export', '--file', file])).toEqual(
          failed(
            252,
            paramValidation(
              `Unable to write --file ${file}: it is svcctl's config file (${config}): give --file another file.`,
            ),
          ),
        );
      expect(readFileSync(config, 'utf8')).toBe('[default]\nregion = eu-west-2\n');
    } finally {
      sb.cleanup();
    }
  });

  it('export: a directory, a missing parent, a full device (252)', async () => {
    const sb = sandbox({});
    try {
      const lost = join(sb.cwd, 'no', 'x.json');
      expect(await sb.run(['store', 'export', '--file', sb.cwd])).toEqual(
        failed(252, paramValidation(`Unable to write --file ${sb.cwd}: [Errno 21] Is a directory`)),
      );
      expect(await sb.run(['store', 'export', '--file', lost])).toEqual(
        failed(252, paramValidation(`Unable to write --file ${lost}: [Errno 2] No such file or directory`)),
      );
      expect(await sb.run(['store', 'export', '--file', '/dev/full'])).toEqual(
        failed(252, paramValidation('Unable to write --file /dev/full: [Errno 28] No space left on device')),
      );
    } finally {
      sb.cleanup();
    }
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

// A meter's name, status and times change after its create (update, deactivate, reactivate): the import
// took whatever the document said for them (final pass 5c). Each is held to what those changes make.
describe("a meter's changes since its create", () => {
  let meterSnapshot: string;
  beforeAll(async () => {
    const sb = sandbox({ SVCCTL_API_KEY: 'sk_test_import' });
    try {
      const create = ['meter', 'create', '--display-name', 'M', '--event-name', 'api_calls'];
      expect((await sb.run([...create, '--default-aggregation', 'formula=sum'])).code).toBe(0);
      meterSnapshot = (await sb.run(['store', 'export'])).stdout;
    } finally {
      sb.cleanup();
    }
  });

  const meterDoc = (edit: (d: Record<string, unknown>) => void) => (snap: Snap) => {
    const t = snap.tables.meters!;
    const i = t.columns.indexOf('doc');
    const d = JSON.parse(t.rows[0]![i] as string) as Record<string, unknown>;
    edit(d);
    t.rows[0]![i] = JSON.stringify(d);
  };

  it.each([
    [
      'updated before its create',
      meterDoc((d) => (d.updated = -5)),
      'member updated is -5, where a create stores 1795216911',
    ],
    [
      'no status_transitions',
      meterDoc((d) => delete d.status_transitions),
      'member status_transitions is missing; a create stores {"deactivated_at":null}',
    ],
    [
      'status_transitions of another shape',
      meterDoc((d) => (d.status_transitions = {})),
      'member status_transitions.deactivated_at is missing; a create stores null',
    ],
    [
      'an inactive meter never deactivated',
      (snap: Snap) => {
        const t = snap.tables.meters!;
        t.rows[0]![t.columns.indexOf('status')] = 'inactive';
        meterDoc((d) => (d.status = 'inactive'))(snap);
      },
      'member status_transitions.deactivated_at is null, where a create stores 1795216911',
    ],
  ])('refuses %s (252), naming the member', async (_name, change, problem) => {
    const sb = sandbox({ SVCCTL_API_KEY: 'sk_test_import' });
    try {
      const snap = JSON.parse(meterSnapshot) as Snap;
      change(snap);
      const file = join(sb.cwd, 'state.json');
      writeFileSync(file, JSON.stringify(snap));
      expect(await sb.run(['store', 'import', '--file', file])).toEqual(
        failed(252, paramValidation(`--file ${file} cannot be imported: table meters, row 1: column doc: ${problem}.`)),
      );
      expect(await sb.run(['meter', 'list', '--query', 'length(data)'])).toEqual(ok('0\n'));
    } finally {
      sb.cleanup();
    }
  });
});
