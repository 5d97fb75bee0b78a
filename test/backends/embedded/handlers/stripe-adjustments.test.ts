/**
 * Meter event adjustments after creation: created pending, complete once processed
 * (meter_event_adjustment_processing_ms after creation, default 0: on any later read), read back with
 * `meter-event-adjustment get` (GET /v2/billing/meter_event_adjustments/:id, which the spec does not show).
 * An adjustment cancels a meter event of its mode received in the last 24 hours, once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sandbox, type Sandbox } from '../../../helpers/cli.js';
import { failed, ok, validationError } from '../../../helpers/cli-results.js';
import { adjustmentJson, cancelEvent, sendEvent, v2Failure } from '../../../helpers/stripe-v2.js';

let sb: Sandbox;
beforeEach(() => {
  sb = sandbox();
});
afterEach(() => sb.cleanup());

const send = async (identifier = 'evt_1', name = 'api_calls') =>
  expect((await sb.run(sendEvent(name, identifier))).code).toBe(0);
const create = (identifier = 'evt_1') => sb.run(cancelEvent('api_calls', identifier));
const status = async (id: string) =>
  (await sb.run(['meter-event-adjustment', 'get', '--id', id, '--query', 'status', '--output', 'text'])).stdout;

describe('meter event adjustment processing', () => {
  it('is created pending and read back complete (default: processed by the next read)', async () => {
    await send();
    expect(JSON.parse((await create()).stdout)).toMatchObject({ id: 'mtr_event_adj_test0001', status: 'pending' });
    expect(await sb.run(['meter-event-adjustment', 'get', '--id', 'mtr_event_adj_test0001'])).toEqual(
      ok(adjustmentJson('complete')),
    );
  });

  it('stays pending for meter_event_adjustment_processing_ms, fixed when it is created', async () => {
    await send();
    await sb.run(['service', 'settings', 'set', 'meter_event_adjustment_processing_ms', '60000']);
    await create();
    await sb.run(['service', 'settings', 'reset', 'meter_event_adjustment_processing_ms']);
    expect(await status('mtr_event_adj_test0001')).toBe('pending\n');
    sb.clock.ms += 59_999;
    expect(await status('mtr_event_adj_test0001')).toBe('pending\n');
    sb.clock.ms += 1;
    expect(await status('mtr_event_adj_test0001')).toBe('complete\n');
  });

  it('an idempotent replay answers with the first response (pending), as the API replays responses', async () => {
    await send('x', 'e');
    const argv = cancelEvent('e', 'x', '--idempotency-key', 'k');
    const first = await sb.run(argv);
    expect(await status('mtr_event_adj_test0001')).toBe('complete\n');
    expect(await sb.run(argv)).toEqual(first);
  });

  it('cancels only an event received in the last 24 hours, once; a refusal writes nothing', async () => {
    const refused = (why: string) =>
      v2Failure(
        'CreateMeterEventAdjustment',
        'invalid_cancel_configuration',
        `The cancel configuration is invalid: ${why}`,
      );
    const notReceived = (id: string) =>
      refused(
        `no event with identifier '${id}' was received in this mode in the last 24 hours; only such an event can be cancelled.`,
      );
    expect(await create('evt_never_sent')).toEqual(notReceived('evt_never_sent'));
    await send('evt_old');
    sb.clock.ms += 86_400_000;
    expect(await create('evt_old')).toEqual(notReceived('evt_old'));
    await send('evt_new');
    sb.clock.ms += 86_399_999;
    expect(JSON.parse((await create('evt_new')).stdout)).toMatchObject({ status: 'pending' });
    expect(await create('evt_new')).toEqual(
      refused("the event with identifier 'evt_new' has already been cancelled; an event can be cancelled once."),
    );
    const kinds = await sb.run(['service', 'resources', '--query', 'Resources[].Kind', '--output', 'text']);
    expect(kinds).toEqual(ok('meter-event-adjustments\tmeter-events\tmeter-events\n'));
  });

  it('an identifier received again after 24 hours is a new event, which can be cancelled', async () => {
    await send('evt_1');
    expect(JSON.parse((await create('evt_1')).stdout)).toMatchObject({ status: 'pending' });
    sb.clock.ms += 86_400_001;
    await send('evt_1');
    expect(JSON.parse((await create('evt_1')).stdout)).toMatchObject({ status: 'pending' });
  });

  it('an unknown id is not_found (404)', async () => {
    expect(await sb.run(['meter-event-adjustment', 'get', '--id', 'mtr_event_adj_nope'])).toEqual(
      v2Failure('RetrieveMeterEventAdjustment', 'not_found', "No such meter event adjustment: 'mtr_event_adj_nope'"),
    );
  });
});

describe('an empty event name (issue 19, item 10)', () => {
  it('is refused before any call, as every empty required string is (252), and nothing is stored', async () => {
    expect(await sb.run(cancelEvent('', 'evt_1'))).toEqual(
      failed(252, validationError('Invalid length for parameter event_name, value: 0, valid min length: 1')),
    );
    await send();
    expect((await create()).stdout).toContain('"id": "mtr_event_adj_test0001"');
  });
});
