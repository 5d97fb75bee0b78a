/**
 * `store export` and `store import` carry meters and meter events, and what the meters counted comes back with
 * them (issue 43): meter_usage is derived, so a snapshot holds none of it, and an import counts each event
 * again by the active meters of its name that existed when it was received (docs/compat.md row 370). A
 * cancelled event stays out of the summaries, and the error reports of the events are made again, the same.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, harness } from '../../helpers/harness.js';
import { createMeter, HOUR_S, usage } from '../../helpers/stripe-meters.js';
import { cancelEvent } from '../../helpers/stripe-v2.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(() => h?.close());

const summaries = (customer: string) => [
  'meter',
  'event-summaries',
  '--id',
  'mtr_test0001',
  '--customer',
  customer,
  '--start-time',
  String(HOUR_S),
  '--end-time',
  String(HOUR_S + 3600),
  '--query',
  'data[].aggregated_value',
  '--output',
  'text',
];

describe('store export and import: meters count their events again', () => {
  it('import --replace of a store with meters, events and a cancellation: the same summaries', async () => {
    const file = join(h.sb.cwd, 'state.json');
    for (const argv of [
      createMeter(),
      usage('e1', 'cus_1', '5'),
      usage('e2', 'cus_1', '7'),
      usage('e3', 'cus_2', '100'),
      cancelEvent('api_calls', 'e1'),
      // Of a name no meter has, and before the second meter of that name exists: neither counts it.
      usage('e4', 'cus_1', '1000', '--event-name', 'later_calls'),
      createMeter('later_calls'),
      usage('e5', 'cus_1', '3', '--event-name', 'later_calls'),
    ]) {
      // A second between steps: what was received before a meter existed is told apart by time on import.
      h.sb.clock.ms += 1000;
      expect(await h.embedded(argv), argv.join(' ')).toMatchObject({ code: 0 });
    }
    const before = await Promise.all(['cus_1', 'cus_2'].map((c) => h.embedded(summaries(c))));
    expect(before.map((r) => r.stdout)).toEqual(['7\n', '100\n']);
    const id = await h.embedded([
      'meter',
      'list',
      '--query',
      "data[?event_name=='later_calls'].id",
      '--output',
      'text',
    ]);
    const later = [...summaries('cus_1')];
    later[3] = id.stdout.trim();
    expect((await h.embedded(later)).stdout).toBe('3\n');

    // The error report of e4 (no meter of later_calls yet): made again by the import, with the same id.
    const reports = ['event', 'list', '--query', 'data[].[id, type, data.reason.error_count]', '--output', 'text'];
    const reported = await h.embedded(reports);
    expect(reported.stdout).toMatch(/^evt_test_\w{32}\tv1\.billing\.meter\.no_meter_found\t1\n$/);
    expect(await h.embedded(['store', 'export', '--file', file])).toEqual({ code: 0, stdout: '', stderr: '' });
    const imported = await h.embedded(['store', 'import', '--replace', '--file', file]);
    expect(imported.code, imported.stderr).toBe(0);
    const after = await Promise.all(['cus_1', 'cus_2'].map((c) => h.embedded(summaries(c))));
    expect(after).toEqual(before);
    expect(await h.embedded(later)).toEqual({ code: 0, stdout: '3\n', stderr: '' });
    expect(await h.embedded(reports)).toEqual(reported);
    // A reset of the meter events removes their reports.
    const reset = await h.embedded(['service', 'reset', '--kind', 'meter-events', '--yes', '--output', 'off']);
    expect(reset.code, reset.stderr).toBe(0);
    expect(await h.embedded(reports)).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
