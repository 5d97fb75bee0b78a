/**
 * --idempotency-key is the v2 API's (the Idempotency-Key header): an AWS operation was given it and ignored it,
 * exit 0, so that `create-repository --idempotency-key k` run twice failed the second time with
 * RepositoryAlreadyExistsException where the user expected a replay (issue 44: accepted, then ignored). It is
 * refused (252) before the call, and nothing is created.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed, ok, paramValidation } from '../helpers/cli-results.js';

let sb: Sandbox | undefined;
afterEach(() => sb?.cleanup());

describe('--idempotency-key on an AWS operation', () => {
  it.each([
    [['create-repository', '--repository-name', 'idem/one'], 'CreateRepository'],
    [['describe-repositories'], 'DescribeRepositories'],
    [['autoscaling', 'describe-launch-configurations'], 'DescribeLaunchConfigurations'],
  ])('refuses it on %j and creates nothing', async (argv, op) => {
    sb = sandbox();
    expect(await sb.run([...argv, '--idempotency-key', 'k1'])).toEqual(
      failed(
        252,
        paramValidation(
          `--idempotency-key is the v2 API's (account-token, account, meter-event…): ${op} is an AWS operation, which takes none.`,
        ),
      ),
    );
    expect(await sb.run(['describe-repositories', '--query', 'length(repositories)'])).toEqual(ok('0\n'));
  });

  it.each([
    ['--api-key', 'sk_test_idem'],
    ['--service-version', '2025-12-15.clover'],
  ])('refuses the other v2 header flag %s too, and creates nothing', async (flag, value) => {
    sb = sandbox();
    expect(await sb.run(['create-repository', '--repository-name', 'idem/two', flag, value])).toEqual(
      failed(
        252,
        paramValidation(
          `${flag} is the v2 API's (account-token, account, meter-event…): CreateRepository is an AWS operation, which takes none.`,
        ),
      ),
    );
    expect(await sb.run(['describe-repositories', '--query', 'length(repositories)'])).toEqual(ok('0\n'));
    // The variable is not refused: it is the profile's setting for the v2 commands, read by them alone.
    expect(
      await sb.run(['describe-repositories', '--query', 'length(repositories)'], {
        env: { SVCCTL_API_KEY: 'sk_test_x' },
      }),
    ).toEqual(ok('0\n'));
  });

  it('still takes it on a v2 command', async () => {
    sb = sandbox();
    const argv = ['meter-event-session', 'create', '--idempotency-key', 'k1', '--query', 'id', '--output', 'text'];
    const first = await sb.run(argv);
    expect([first.code, first.stderr]).toEqual([0, '']);
    expect(await sb.run(argv)).toEqual(first);
  });

  // The matrix of test/cli/global-options-matrix.test.ts found it ignored on a v2 GET: only a POST sends it.
  it.each([
    [['meter', 'list'], 'meter list', 'GET /v1/billing/meters'],
    [['account', 'get', '--id', 'acct_x'], 'account get', 'GET /v2/core/accounts/{id}'],
    [['event', 'list'], 'event list', 'GET /v2/core/events'],
  ])('refuses it on the v2 read %j, which sends no Idempotency-Key', async (argv, command, request) => {
    sb = sandbox();
    expect(await sb.run([...argv, '--idempotency-key', 'k1'])).toEqual(
      failed(
        252,
        paramValidation(
          `--idempotency-key is sent with a POST only: ${command} is a read (${request}), which sends none.`,
        ),
      ),
    );
  });

  // Final hostile pass 11c: a POST that keeps no Idempotency-Key (the meter event stream, whose requests are
  // authenticated by a session's token) took the flag and ignored it: the same key twice sent its events twice.
  it('refuses it on meter-event-stream create, which keeps none, and sends nothing', async () => {
    sb = sandbox();
    const token = (
      await sb.run(['meter-event-session', 'create', '--query', 'authentication_token', '--output', 'text'])
    ).stdout.trim();
    const events = '[{"event_name":"e","payload":{"value":"1","stripe_customer_id":"cus_1"}}]';
    const argv = ['meter-event-stream', 'create', '--events', events, '--api-key', token];
    expect(await sb.run([...argv, '--idempotency-key', 'k1'])).toEqual(
      failed(
        252,
        paramValidation(
          '--idempotency-key is kept by no meter-event-stream create request (POST /v2/billing/meter_event_stream): its requests, authenticated by a session token, keep no Idempotency-Key.',
        ),
      ),
    );
    expect(await sb.run(['service', 'resources', '--query', 'length(Resources[?Kind==`meter-events`])'])).toEqual(
      ok('0\n'),
    );
    expect((await sb.run(argv)).code).toBe(0);
  });
});

describe('--no-sign-request on a v2 operation', () => {
  it.each([[['meter', 'list']], [['meter-event-session', 'create']]])(
    'refuses it on %j: a v2 request carries its API key, it is never signed',
    async (argv) => {
      sb = sandbox();
      expect(await sb.run([...argv, '--no-sign-request'])).toEqual(
        failed(
          252,
          paramValidation(
            `--no-sign-request is the AWS operations' (SigV4): ${argv.slice(0, 2).join(' ')} is a v2 command, which sends its API key unsigned.`,
          ),
        ),
      );
    },
  );
});
