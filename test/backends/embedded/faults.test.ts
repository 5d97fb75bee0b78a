/**
 * Fault rules' decisions (src/backends/embedded/faults.ts) on a real SQLite store: probability against a given
 * random number, nth and next counted in the store, the most specific rule first, every counting rule
 * counting each call, account and region, and this run's rules over the store's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/backends/embedded/store/db.js';
import { decideFault, listFaults } from '../../../src/backends/embedded/faults.js';
import { openStore } from '../../../src/backends/embedded/store/sqlite-store.js';
import { setRunSettings, writeSettings } from '../../../src/backends/embedded/settings-store.js';
import { parseFaultRule } from '../../../src/models/faults.js';

let dir: string;
let db: Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'svcctl-faults-unit-'));
  db = openStore(dir);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const CALL = { service: 'ecr', operation: 'CreateRepository', account: '123456789012', region: 'us-east-1' };
/** The label of the rule that fired on one call, or null. */
const fired = (random = 0.5, call = CALL) => decideFault(db, call, 'all', () => random)?.label ?? null;

describe('fault rules decide', () => {
  it('p=P fires when the random number is below P', () => {
    writeSettings(db, [['fault.ecr', '500;p=0.25']]);
    expect([fired(0.2), fired(0.25), fired(0.9)]).toEqual(['fault.ecr.*: 500;p=0.25', null, null]);
  });

  it('nth=N fires on the Nth matching call only; next=K on the next K; setting a rule again starts its count', () => {
    writeSettings(db, [['fault.ecr.CreateRepository', 'throttle;nth=2']]);
    expect([fired(), fired(), fired()]).toEqual([null, 'fault.ecr.CreateRepository: throttle;nth=2', null]);
    writeSettings(db, [['fault.ecr.CreateRepository', 'close;next=2']]);
    const rule = 'fault.ecr.CreateRepository: close;next=2';
    expect([fired(), fired(), fired()]).toEqual([rule, rule, null]);
    expect(listFaults(db)).toEqual([
      { Name: 'fault.ecr.CreateRepository', Rule: 'close;next=2', Source: 'set', Calls: 3 },
    ]);
  });

  it('the most specific rule that fires wins, and every counting rule counts each call', () => {
    writeSettings(db, [
      ['fault.*', '503;nth=2'],
      ['fault.ecr', 'latency=5;next=1'],
      ['fault.ecr.CreateRepository', '500;nth=3'],
    ]);
    expect([fired(), fired(), fired(), fired()]).toEqual([
      'fault.ecr.*: latency=5;next=1',
      'fault.*.*: 503;nth=2',
      'fault.ecr.CreateRepository: 500;nth=3',
      null,
    ]);
  });

  it('account and region narrow the match; other services and operations are not matched', () => {
    writeSettings(db, [['fault.ecr.CreateRepository', 'throttle;account=123456789012;region=eu-west-1']]);
    expect(fired(0.5, { ...CALL, region: 'eu-west-1' })).toBe(
      'fault.ecr.CreateRepository: throttle;account=123456789012;region=eu-west-1',
    );
    expect(fired(0.5, CALL)).toBeNull();
    expect(fired(0.5, { ...CALL, region: 'eu-west-1', account: '000000000000' })).toBeNull();
    expect(fired(0.5, { ...CALL, region: 'eu-west-1', operation: 'DeleteRepository' })).toBeNull();
    expect(fired(0.5, { ...CALL, region: 'eu-west-1', service: 'autoscaling' })).toBeNull();
  });

  it("this run's rules count in memory and win over the store's of the same name", () => {
    writeSettings(db, [['fault.ecr', '500']]);
    setRunSettings(db, [['fault.ecr', '503;next=1']]);
    expect([fired(), fired()]).toEqual(['fault.ecr.*: 503;next=1', null]);
    expect(decideFault(db, CALL, 'store')?.label).toBe('fault.ecr.*: 500');
    expect(listFaults(db)).toEqual([{ Name: 'fault.ecr.*', Rule: '503;next=1', Source: 'run', Calls: 2 }]);
  });

  it('parses a rule to its parts', () => {
    expect(parseFaultRule('fault.autoscaling.describe-launch-configurations', 'LATENCY = 300 ; p=.5')).toEqual({
      name: 'fault.autoscaling.DescribeLaunchConfigurations',
      service: 'autoscaling',
      operation: 'DescribeLaunchConfigurations',
      action: { kind: 'latency', ms: 300 },
      when: { kind: 'p', p: 0.5 },
    });
  });
});
