/**
 * The library's handle on the store serve was given, SQLite or PostgreSQL (in the `postgres` project, this
 * file's database): its settings and journal answer there as they do in memory, and a setting given at start
 * is changed and reset by the handle as the handle's own settings are (hostile pass 3b, issue 44).
 *
 * On PostgreSQL serve runs the store's calls in a pool thread, which is dist/executor.js: this file uses the
 * built package (dist/api.js, built once by test/setup/build.ts), as a team's tests do.
 */
import { CreateRepositoryCommand, ECRClient } from '@aws-sdk/client-ecr';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ON_POSTGRES, testStoreUrl } from '../helpers/store.js';
import { failure } from '../helpers/failure.js';

type Api = typeof import('../../src/api/index.js');
const api = async (): Promise<Api> => (await import('../../dist/api.js' as string)) as Api;
const store = () => (ON_POSTGRES ? testStoreUrl() : 'memory');

const ecr = (url: string) =>
  new ECRClient({
    endpoint: url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    maxAttempts: 1,
  });
const stripe = (port: number) =>
  new Stripe('sk_test_store', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

describe('the handle on the store serve was given', () => {
  it('settings.get, set and reset, and journal(), answer from that store', async () => {
    const { serve } = await api();
    const h = await serve({ store: store() });
    try {
      expect(await h.settings.get('platform_registered')).toBe('true');
      await h.settings.set('platform_registered', false);
      expect((await h.settings.get()).platform_registered).toBe('false');
      const err = await failure(stripe(h.port).v2.core.accountTokens.create({ display_name: 'x' }));
      expect(err.code).toBe('platform_registration_required');
      await h.settings.reset();
      expect(await h.settings.get('platform_registered')).toBe('true');
      const entries = await h.journal();
      expect(entries.map((e) => [e.Operation, e.Status])).toEqual([['CreateAccountToken', 400]]);
      expect(await h.journal({ after: entries[0]!.Seq })).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('journal() refuses what GET /_svcctl/journal refuses, in its words (InputError), and a misspelt option or options that are no object as serve() does (UsageError)', async () => {
    const { serve, InputError, UsageError } = await api();
    const h = await serve({ store: store() });
    try {
      for (const [opts, text] of [
        [{ limit: 1.5 }, "limit must be a whole number, not '1.5'."],
        [{ limit: -1 }, "limit must be a whole number, not '-1'."],
        [{ after: Number.NaN }, "after must be a whole number, not 'NaN'."],
        [{ after: '3' as unknown as number }, "after must be a whole number, not '3'."],
        // Hostile pass 19b: a bigint was "not '1'", as if the number 1 were refused.
        [{ limit: 1n as unknown as number }, 'limit must be a whole number, not a bigint (1n).'],
        [{ after: [3] as unknown as number }, 'after must be a whole number, not an array.'],
        // A whole number past the rule's nine digits: said so, not "must be a whole number" (hostile pass 5d).
        [{ limit: 1_000_000_000 }, "limit is at most 999999999, not '1000000000'."],
        [{ after: 2 ** 53 }, "after is at most 999999999, not '9007199254740992'."],
      ] as const) {
        const err = await failure(h.journal(opts));
        expect([err instanceof InputError, err.message]).toEqual([true, text]);
      }
      // Hostile pass 22c: these were InputErrors, where serve()'s misspelt option and options of the wrong type are
      // UsageErrors (README, and the exported classes' doc: "a misspelt option … (UsageError)").
      for (const [opts, text] of [
        // A misspelt option was ignored (every entry listed), as serve()'s were (siblings pass).
        [
          { lmit: 1 } as unknown as { limit: number },
          "Unknown option 'lmit' of journal(): its options are after, limit.",
        ],
        // From JavaScript: it was "Cannot read properties of null (reading 'after')", and 5 listed every entry.
        [null as unknown as { limit: number }, 'The options of journal() are an object ({ after, limit }), not null.'],
        [5 as unknown as { limit: number }, 'The options of journal() are an object ({ after, limit }), not 5.'],
        [
          [] as unknown as { limit: number },
          'The options of journal() are an object ({ after, limit }), not an array.',
        ],
      ] as const) {
        const err = await failure(h.journal(opts));
        expect([err.name, err instanceof UsageError, err.message]).toEqual(['UsageError', true, text]);
      }
    } finally {
      await h.close();
    }
  });
});

describe('reset(kind) and the idempotency keys of that kind (hostile pass 22c)', () => {
  it("a kind's reset takes the keys that made its objects: the same key then makes a new object, not the deleted one", async () => {
    const { serve } = await api();
    const h = await serve({ store: store() });
    try {
      await h.reset();
      const create = (key: string) =>
        stripe(h.port).v2.core.accountTokens.create({ display_name: 'Kept' }, { idempotencyKey: key });
      const first = await create('k-22c');
      // Another kind's reset leaves the key: the same request is still a replay of the token, which exists.
      expect((await h.reset('repositories')).repositories).toBe(0);
      expect((await create('k-22c')).id).toBe(first.id);
      // It was replayed, after reset('account-tokens'), as the token the reset had just deleted.
      expect((await h.reset('account-tokens'))['account-tokens']).toBe(1);
      const again = await create('k-22c');
      expect(again.id).not.toBe(first.id);
      expect((await stripe(h.port).v2.core.accountTokens.retrieve(again.id)).id).toBe(again.id);
      // Another account's reset of the kind leaves this account's keys (the caller here is 000000000000).
      const resetOf = (account: string) =>
        fetch(`${h.url}/_svcctl/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ kind: 'account-tokens', account }),
        }).then((r) => r.status);
      expect(await resetOf('111111111111')).toBe(200);
      expect((await create('k-22c')).id).toBe(again.id);
      expect(await resetOf('000000000000')).toBe(200);
      expect((await create('k-22c')).id).not.toBe(again.id);
    } finally {
      await h.close();
    }
  });
});

describe('a setting given at start (serve({ settings }))', () => {
  it('settings.set changes it, and settings.reset puts it back to the default, as for a fault rule given at start', async () => {
    const { serve } = await api();
    const h = await serve({
      store: store(),
      settings: { repositories_per_region: 1, 'fault.ecr.DescribeRepositories': 'throttle' },
    });
    try {
      await h.settings.set('repositories_per_region', 2);
      expect(await h.settings.get('repositories_per_region')).toBe('2');
      await ecr(h.url).send(new CreateRepositoryCommand({ repositoryName: 'start/one' }));
      await ecr(h.url).send(new CreateRepositoryCommand({ repositoryName: 'start/two' }));
      const over = await failure(ecr(h.url).send(new CreateRepositoryCommand({ repositoryName: 'start/three' })));
      expect(over.name).toBe('LimitExceededException');
      await h.settings.reset('repositories_per_region');
      expect(await h.settings.get('repositories_per_region')).toBe('100000');
      await ecr(h.url).send(new CreateRepositoryCommand({ repositoryName: 'start/three' }));
      await h.settings.reset();
      expect(await h.settings.get('fault.ecr.DescribeRepositories')).toBe('none');
    } finally {
      await h.close();
    }
  });
});

describe('an account update holding its lease (account_update_hold_ms), on that store (hostile pass 5d)', () => {
  /** A token create: its status, or 'dropped' when serve closed the connection instead of answering. */
  const create = (url: string) =>
    fetch(`${url}/v2/core/account_tokens`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_store', 'content-type': 'application/json' },
      body: '{"display_name":"held"}',
    }).then(
      async (res) => {
        await res.arrayBuffer();
        return res.status;
      },
      () => 'dropped' as const,
    );
  /** Once the create holds its lease: with a limit of 1, a token read is refused (429) while it does. */
  const holding = async (url: string) => {
    for (;;) {
      const res = await fetch(`${url}/v2/core/account_tokens/accttok_none`, {
        headers: { authorization: 'Bearer sk_test_store' },
      });
      await res.arrayBuffer();
      if (res.status === 429) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('reset() and then close() end the hold: the creates are dropped, nothing stored, no wait for the grace', async () => {
    const { serve } = await api();
    const lines: string[] = [];
    const h = await serve({ store: store(), log: (line) => lines.push(line) });
    try {
      await h.settings.set({ account_update_hold_ms: 60000, account_update_concurrency_limit: 1 });
      const first = create(h.url);
      await holding(h.url);
      await h.reset();
      expect(await first).toBe('dropped');
      const second = create(h.url);
      await holding(h.url);
      await h.settings.reset();
      await h.close();
      expect(await second).toBe('dropped');
      expect(lines.filter((line) => line.includes('still unanswered'))).toEqual([]);
    } finally {
      await h.close();
    }
    const again = await serve({ store: store() });
    try {
      expect(await again.reset('account-tokens')).toEqual({ 'account-tokens': 0 });
    } finally {
      await again.close();
    }
  });
});
