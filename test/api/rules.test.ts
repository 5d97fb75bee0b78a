/**
 * The in-memory store keeps the service's rules as the SQLite file does (issue 32, item 2): the same
 * sequence of calls through the SDKs, on a serve() of each store, gives the same answers: unique names,
 * a token used once, an idempotency key replayed, a page token per store, the account-update limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AutoScalingClient,
  CreateLaunchConfigurationCommand,
  DescribeLaunchConfigurationsCommand,
} from '@aws-sdk/client-auto-scaling';
import { CreateRepositoryCommand, ECRClient } from '@aws-sdk/client-ecr';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type ServeHandle } from '../../src/api/index.js';

const aws = (h: ServeHandle) => ({
  endpoint: h.url,
  region: 'us-east-1',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  maxAttempts: 1,
});

/** What a call gave: its error's name and status, or what it returned (picked). */
async function outcome<T>(p: Promise<T>, pick: (v: T) => unknown = () => 'ok'): Promise<unknown> {
  try {
    return pick(await p);
  } catch (err) {
    const e = err as { name: string; code?: string; statusCode?: number; $metadata?: { httpStatusCode?: number } };
    return [e.code ?? e.name, e.statusCode ?? e.$metadata?.httpStatusCode];
  }
}

/** The same calls on one serve; what each gave, in order. */
async function script(h: ServeHandle): Promise<unknown[]> {
  const ecr = new ECRClient(aws(h));
  const asg = new AutoScalingClient(aws(h));
  const stripe = new Stripe('sk_test_rules', {
    host: '127.0.0.1',
    port: h.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const out: unknown[] = [];
  out.push(await outcome(ecr.send(new CreateRepositoryCommand({ repositoryName: 'team/app' }))));
  out.push(await outcome(ecr.send(new CreateRepositoryCommand({ repositoryName: 'team/app' }))));
  const lc = (name: string) =>
    asg.send(
      new CreateLaunchConfigurationCommand({
        LaunchConfigurationName: name,
        ImageId: 'ami-12345678',
        InstanceType: 't3.micro',
      }),
    );
  for (const name of ['a', 'b', 'c', 'a']) out.push(await outcome(lc(name)));
  const page = await asg.send(new DescribeLaunchConfigurationsCommand({ MaxRecords: 2 }));
  out.push(page.LaunchConfigurations?.map((l) => l.LaunchConfigurationName));
  out.push(
    await outcome(
      asg.send(new DescribeLaunchConfigurationsCommand({ MaxRecords: 2, NextToken: page.NextToken })),
      (p) => p.LaunchConfigurations?.map((l) => l.LaunchConfigurationName),
    ),
  );
  out.push(await outcome(asg.send(new DescribeLaunchConfigurationsCommand({ NextToken: 'not-a-token' }))));
  const token = await stripe.v2.core.accountTokens.create({ display_name: 'Jenny' });
  out.push(await outcome(stripe.v2.core.accounts.create({ account_token: token.id }), (a) => a.display_name));
  out.push(await outcome(stripe.v2.core.accounts.create({ account_token: token.id })));
  const key = { idempotencyKey: 'same-key' };
  const first = await stripe.v2.core.accountTokens.create({ display_name: 'Once' }, key);
  out.push(await outcome(stripe.v2.core.accountTokens.create({ display_name: 'Once' }, key), (t) => t.id === first.id));
  out.push(await outcome(stripe.v2.core.accountTokens.create({ display_name: 'Other' }, key)));
  await h.settings.set('account_update_concurrency_limit', 0);
  out.push(await outcome(stripe.v2.core.accountTokens.create({ display_name: 'Limited' })));
  return out;
}

describe('the in-memory store and the SQLite file answer the same calls the same way', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'svcctl-api-rules-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('unique names, pages, a token used once, an idempotency key, the update limit', async () => {
    const memory = await serve();
    const file = await serve({ store: join(dir, 'rules.db') });
    try {
      const [onMemory, onFile] = [await script(memory), await script(file)];
      expect(onMemory).toEqual(onFile);
      expect(onMemory).toEqual([
        'ok',
        ['RepositoryAlreadyExistsException', 400],
        'ok',
        'ok',
        'ok',
        ['AlreadyExistsFault', 400],
        ['a', 'b'],
        ['c'],
        ['InvalidNextToken', 400],
        'Jenny',
        ['token_already_used', 400],
        true,
        ['idempotency_error', 409],
        ['account_rate_limit_exceeded', 429],
      ]);
    } finally {
      await Promise.all([memory.close(), file.close()]);
    }
  });
});
