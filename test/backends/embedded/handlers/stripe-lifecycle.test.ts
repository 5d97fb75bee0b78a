/**
 * The life of an account token through svcctl: created, used once by `account create`, refused when used
 * again, expired or of the other mode; which keys each v2 operation takes; objects of one mode invisible
 * to the other, for every object type; idempotent replays of account creation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../../helpers/cli.js';
import { ok } from '../../../helpers/cli-results.js';
import { openTestStore } from '../../../helpers/store.js';
import {
  cancelEvent,
  sendEvent,
  LIVE_TOKEN_NEEDS_PUBLISHABLE_KEY,
  secretKeyRequired,
  v2err,
  v2Failure,
} from '../../../helpers/stripe-v2.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const json = (r: { stdout: string }) => JSON.parse(r.stdout) as Record<string, unknown>;

const IDENTITY =
  'entity_type=company,business_details={registered_name=Rosen Ltd},attestations={terms_of_service={account={shown_and_accepted=true}}}';

describe('account create uses a token up', () => {
  it("creates the account from the token's data; the token then shows used: true", async () => {
    await sb.run([
      'account-token',
      'create',
      '--contact-email',
      'jenny@example.com',
      '--contact-phone',
      '+15555550100',
      '--display-name',
      'Jenny Rosen',
      '--identity',
      IDENTITY,
    ]);
    expect(await sb.run(['account', 'create', '--account-token', 'accttok_test0001'])).toEqual(
      ok(`{
    "id": "acct_test0002",
    "object": "v2.core.account",
    "applied_configurations": [],
    "contact_email": "jenny@example.com",
    "contact_phone": "+15555550100",
    "created": "2026-11-20T23:21:51.327Z",
    "display_name": "Jenny Rosen",
    "identity": {
        "attestations": {
            "terms_of_service": {
                "account": {
                    "shown_and_accepted": true
                }
            }
        },
        "business_details": {
            "registered_name": "Rosen Ltd"
        },
        "entity_type": "company"
    },
    "livemode": false
}
`),
    );
    expect(
      await sb.run([
        'account-token',
        'get',
        '--id',
        'accttok_test0001',
        '--query',
        '[used, expires_at]',
        '--output',
        'text',
      ]),
    ).toEqual(ok('True\t2026-11-20T23:31:51.327Z\n'));
    expect(json(await sb.run(['account', 'get', '--id', 'acct_test0002']))).toMatchObject({
      id: 'acct_test0002',
      display_name: 'Jenny Rosen',
    });
  });

  it('refuses a second use with token_already_used', async () => {
    await sb.run(['account-token', 'create']);
    expect(await sb.run(['account', 'create', '--account-token', 'accttok_test0001'])).toMatchObject({ code: 0 });
    expect(await sb.run(['account', 'create', '--account-token', 'accttok_test0001'])).toEqual(
      v2Failure(
        'CreateAccount',
        'token_already_used',
        "The account token 'accttok_test0001' has already been used: a token can be used only once.",
      ),
    );
  });

  it('refuses an expired token with token_expired: usable until just before expires_at', async () => {
    await sb.run(['account-token', 'create']);
    await sb.run(['account-token', 'create']);
    sb.clock.ms += 600_000 - 1;
    expect(await sb.run(['account', 'create', '--account-token', 'accttok_test0001'])).toMatchObject({
      code: 0,
      stderr: '',
    });
    sb.clock.ms += 1;
    expect(await sb.run(['account', 'create', '--account-token', 'accttok_test0002'])).toEqual(
      v2Failure(
        'CreateAccount',
        'token_expired',
        "The account token 'accttok_test0002' expired at 2026-11-20T23:31:51.327Z: create a new token.",
      ),
    );
    expect(json(await sb.run(['account-token', 'get', '--id', 'accttok_test0002']))).toMatchObject({ used: false });
  });

  it('account_token_lifetime_seconds sets expires_at; 0 makes tokens expired at once', async () => {
    await sb.run(['service', 'settings', 'set', 'account_token_lifetime_seconds', '60']);
    expect(json(await sb.run(['account-token', 'create']))).toMatchObject({
      created: '2026-11-20T23:21:51.327Z',
      expires_at: '2026-11-20T23:22:51.327Z',
    });
    await sb.run(['service', 'settings', 'set', 'account_token_lifetime_seconds', '0']);
    expect(json(await sb.run(['account-token', 'create']))).toMatchObject({
      id: 'accttok_test0002',
      expires_at: '2026-11-20T23:21:51.327Z',
    });
    expect(await sb.run(['account', 'create', '--account-token', 'accttok_test0002'])).toMatchObject({
      code: 254,
      stderr: expect.stringContaining('(token_expired)'),
    });
  });

  it('a token of the other mode, or an unknown one, is not found (404)', async () => {
    await sb.run(['account-token', 'create']);
    expect(
      await sb.run(['account', 'create', '--account-token', 'accttok_test0001', '--api-key', 'sk_live_1']),
    ).toEqual(v2Failure('CreateAccount', 'not_found', "No such account token: 'accttok_test0001'"));
    expect(await sb.run(['account', 'create', '--account-token', 'accttok_nope'])).toEqual(
      v2Failure('CreateAccount', 'not_found', "No such account token: 'accttok_nope'"),
    );
    expect(json(await sb.run(['account-token', 'get', '--id', 'accttok_test0001']))).toMatchObject({ used: false });
  });

  it('replays an account creation with the same Idempotency-Key: same account, the token used once, no error', async () => {
    await sb.run(['account-token', 'create']);
    await sb.run(['account-token', 'create']);
    const argv = ['account', 'create', '--account-token', 'accttok_test0001', '--idempotency-key', 'acct-k1'];
    const first = await sb.run(argv);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(await sb.run(argv)).toEqual(first);
    expect(
      await sb.run(['account', 'create', '--account-token', 'accttok_test0002', '--idempotency-key', 'acct-k1']),
    ).toEqual(
      v2Failure(
        'CreateAccount',
        'idempotency_error',
        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than 'acct-k1' if you meant to execute a different request.",
        'idempotency_error',
      ),
    );
    expect(json(await sb.run(['account-token', 'get', '--id', 'accttok_test0002']))).toMatchObject({ used: false });
  });
});

describe('keys: which operation takes which key', () => {
  const RESTRICTED_TOKEN =
    'Restricted keys (rk_...) cannot be used to create account tokens: use a publishable key, or in test mode a secret key.';
  const cases: Array<[string, string[], string, string | undefined]> = [
    ['a test secret key creates tokens', ['account-token', 'create'], 'sk_test_1', undefined],
    ['a test publishable key creates tokens', ['account-token', 'create'], 'pk_test_1', undefined],
    ['a live publishable key creates tokens', ['account-token', 'create'], 'pk_live_1', undefined],
    [
      'a test restricted key does not create tokens (403)',
      ['account-token', 'create'],
      'rk_test_1',
      v2err('CreateAccountToken', 'restricted_key_not_allowed', RESTRICTED_TOKEN),
    ],
    [
      'a live restricted key does not create tokens (spec 5: live mode is publishable only)',
      ['account-token', 'create'],
      'rk_live_1',
      v2err('CreateAccountToken', 'token_must_be_created_with_publishable_key', LIVE_TOKEN_NEEDS_PUBLISHABLE_KEY),
    ],
    [
      'a restricted key does not read tokens (403)',
      ['account-token', 'get', '--id', 'accttok_x'],
      'rk_test_1',
      v2err(
        'RetrieveAccountToken',
        'restricted_key_not_allowed',
        'Restricted keys (rk_...) cannot be used to retrieve account tokens: use a secret or publishable key.',
      ),
    ],
    [
      'a publishable key does not create accounts (403)',
      ['account', 'create', '--account-token', 'accttok_x'],
      'pk_test_1',
      v2err('CreateAccount', 'secret_key_required', secretKeyRequired('accounts')),
    ],
    [
      'a publishable key does not read accounts (403)',
      ['account', 'get', '--id', 'acct_x'],
      'pk_test_1',
      v2err('RetrieveAccount', 'secret_key_required', secretKeyRequired('accounts')),
    ],
    ['a restricted key creates meter event adjustments', cancelEvent('e', 'x'), 'rk_test_1', undefined],
    [
      'a publishable key does not read meter event adjustments (403)',
      ['meter-event-adjustment', 'get', '--id', 'mtr_event_adj_x'],
      'pk_test_1',
      v2err('RetrieveMeterEventAdjustment', 'secret_key_required', secretKeyRequired('meter event adjustments')),
    ],
    [
      'a key of no known kind or mode is malformed (401)',
      ['account-token', 'create'],
      'sk_prod_1',
      v2err('CreateAccountToken', 'api_key_invalid', 'Invalid API Key provided: ****'),
    ],
  ];
  it.each(cases)('%s', async (_n, argv, key, stderr) => {
    // The adjustment's event, sent with the secret key of the mode.
    if (argv[1] === 'create' && argv[0] === 'meter-event-adjustment')
      expect((await sb.run(sendEvent('e', 'x', '--api-key', 'sk_test_1'))).code).toBe(0);
    const r = await sb.run([...argv, '--api-key', key]);
    if (stderr === undefined) expect(r).toMatchObject({ code: 0, stderr: '' });
    else expect(r).toEqual({ code: 254, stdout: '', stderr });
  });

  it('a restricted key creates an account from a token', async () => {
    await sb.run(['account-token', 'create']);
    expect(
      await sb.run(['account', 'create', '--account-token', 'accttok_test0001', '--api-key', 'rk_test_1']),
    ).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('modes: objects of one mode do not exist for keys of the other', () => {
  async function createAll(key: string, tokenKey: string): Promise<Record<string, string>> {
    const token = json(await sb.run(['account-token', 'create', '--api-key', tokenKey])).id as string;
    const account = json(await sb.run(['account', 'create', '--account-token', token, '--api-key', key])).id as string;
    expect((await sb.run(sendEvent('e', 'x', '--api-key', key))).code).toBe(0);
    const adjustment = json(await sb.run(cancelEvent('e', 'x', '--api-key', key))).id as string;
    return { token, account, adjustment };
  }

  const gets = (ids: Record<string, string>) =>
    [
      [['account-token', 'get', '--id', ids.token!], 'RetrieveAccountToken', `No such account token: '${ids.token}'`],
      [['account', 'get', '--id', ids.account!], 'RetrieveAccount', `No such account: '${ids.account}'`],
      [
        ['meter-event-adjustment', 'get', '--id', ids.adjustment!],
        'RetrieveMeterEventAdjustment',
        `No such meter event adjustment: '${ids.adjustment}'`,
      ],
    ] as const;

  it.each([
    ['test', 'sk_test_1', 'sk_test_1', 'sk_live_1', false],
    ['live', 'sk_live_1', 'pk_live_1', 'sk_test_1', true],
  ])('%s-mode objects: found in their mode, 404 in the other', async (_mode, key, tokenKey, otherKey, livemode) => {
    const ids = await createAll(key, tokenKey);
    for (const [argv, op, message] of gets(ids)) {
      expect(json(await sb.run([...argv, '--api-key', key]))).toMatchObject({ livemode });
      expect(await sb.run([...argv, '--api-key', otherKey])).toEqual(v2Failure(op, 'not_found', message));
    }
  });

  it('an Idempotency-Key is remembered per mode: the same key in the other mode is a new request', async () => {
    const argv = cancelEvent('e', 'x', '--idempotency-key', 'k');
    for (const key of ['sk_test_1', 'sk_live_1'])
      expect((await sb.run(sendEvent('e', 'x', '--api-key', key))).code).toBe(0);
    const test = json(await sb.run([...argv, '--api-key', 'sk_test_1']));
    const live = json(await sb.run([...argv, '--api-key', 'sk_live_1']));
    expect([test.id, test.livemode, live.id, live.livemode]).toEqual([
      'mtr_event_adj_test0001',
      false,
      'mtr_event_adj_test0002',
      true,
    ]);
    expect(json(await sb.run([...argv, '--api-key', 'sk_live_1'])).id).toBe('mtr_event_adj_test0002');
  });
});

describe('idempotency of v2 POSTs on the embedded backend', () => {
  it('the same key and body for 24 hours: the first response again, nothing done twice; after that the key is forgotten', async () => {
    const argv = ['account-token', 'create', '--display-name', 'Once', '--idempotency-key', 'tok-1'];
    const first = await sb.run(argv);
    expect(json(first)).toMatchObject({ id: 'accttok_test0001' });
    sb.clock.ms += 24 * 60 * 60 * 1000 - 1;
    expect(await sb.run(argv)).toEqual(first);
    expect(await sb.run(['account-token', 'get', '--id', 'accttok_test0002'])).toMatchObject({
      code: 254,
      stderr: expect.stringContaining('(not_found)'),
    });
    expect((await sb.run([...argv.slice(0, 3), 'Other', ...argv.slice(4)])).stderr).toContain('(idempotency_error)');
    sb.clock.ms += 1;
    expect(json(await sb.run(argv))).toMatchObject({ id: 'accttok_test0001' });
    sb.clock.ms += 1;
    expect(json(await sb.run(argv))).toMatchObject({ id: 'accttok_test0002', created: '2026-11-21T23:21:51.328Z' });
  });

  it('a request clears its own expired key and at most 16 other expired ones (a cost that does not grow with them)', async () => {
    const create = (i: number) => ['account-token', 'create', '--idempotency-key', `k-${i}`];
    for (let i = 1; i <= 40; i++) expect((await sb.run(create(i))).code).toBe(0);
    const kept = () => {
      const db = openTestStore(sb.env.SVCCTL_HOME!);
      try {
        return Number((db.prepare('SELECT count(*) AS n FROM idempotency_keys').get() as { n: number | string }).n);
      } finally {
        db.close();
      }
    };
    expect(kept()).toBe(40);
    sb.clock.ms += 24 * 60 * 60 * 1000 + 1;
    // The newest key, not among the 16 oldest: forgotten all the same, so a new token, not a replay.
    expect(json(await sb.run(create(40)))).toMatchObject({ id: 'accttok_test0041' });
    expect(kept()).toBe(40 - 16 - 1 + 1);
    expect(json(await sb.run(create(41)))).toMatchObject({ id: 'accttok_test0042' });
    expect(kept()).toBe(24 - 16 + 1);
  });
});
