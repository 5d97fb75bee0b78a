/**
 * The meter event stream is authenticated by a meter event session's token alone (docs/v2.md). Given no token
 * (no --api-key, SVCCTL_API_KEY or profile api_key), both backends refuse before any call (253), saying what it
 * takes. Hostile pass 22d: the embedded backend sent its own test key and answered "Invalid session token
 * provided: sk_test_***********dded", a key the caller never gave (254); through an endpoint the 253 said "svcctl
 * serve takes any sk_test_ key", which the stream refuses.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../helpers/cli.js';
import { failed } from '../helpers/cli-results.js';
import { type Fake, fakeServer, reply } from '../helpers/fake-server.js';
import { AWS_ENV } from '../helpers/harness.js';

const EVENT = 'event_name=api_calls,payload={stripe_customer_id=cus_1,value=2}';
const NO_TOKEN = failed(
  253,
  "\nsvcctl: [ERROR]: An error occurred (Configuration): No meter event session token: meter-event-stream create is authenticated by a meter event session's authentication_token, not an API key. Make one with svcctl meter-event-session create (valid 15 minutes) and give it with --api-key, SVCCTL_API_KEY or the profile's api_key.\n",
);

describe('meter-event-stream create without a session token', () => {
  let sb: Sandbox;
  let fake: Fake | undefined;
  beforeEach(() => {
    sb = sandbox({ ...AWS_ENV, SVCCTL_API_KEY: undefined });
  });
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
    sb.cleanup();
  });

  it('embedded: 253 naming the session token, and no event stored', async () => {
    expect(await sb.run(['meter-event-stream', 'create', '--events', EVENT])).toEqual(NO_TOKEN);
    expect(await sb.run(['service', 'resources', '--query', 'length(Resources[?Kind==`meter-events`])'])).toMatchObject(
      { code: 0, stdout: '0\n' },
    );
  });

  it('through an endpoint: the same 253, before sending anything', async () => {
    fake = await fakeServer(reply(200, '{}'));
    expect(await sb.run(['meter-event-stream', 'create', '--events', EVENT, '--endpoint-url', fake.url])).toEqual(
      NO_TOKEN,
    );
    expect(fake.seen.length).toBe(0);
  });

  it('a token given by SVCCTL_API_KEY is the one sent: no session has it, api_key_invalid (254)', async () => {
    const result = await sb.run(['meter-event-stream', 'create', '--events', EVENT], {
      env: { SVCCTL_API_KEY: 'mes_token_none' },
    });
    expect(result.code).toBe(254);
    expect(result.stderr).toContain('(api_key_invalid)');
  });
});
