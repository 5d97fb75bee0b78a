/**
 * A latency fault rule's wait (src/core/wait.ts) lasts at least its milliseconds by `performance.now()`, the
 * clock serve's journal and metrics measure with. A plain `setTimeout` does not: it counts from the event
 * loop's time in whole milliseconds and can end up to 1 ms early (a few times in a few hundred 2 ms timers
 * here), which put a latency=200 answer's journal entry at 199.x ms on a loaded CI run. A lower bound:
 * load only makes the waits longer.
 */
import { describe, expect, it } from 'vitest';
import { waitAtLeast } from '../../src/core/wait.js';

describe('waitAtLeast', () => {
  it('never ends early by performance.now(), over 1,000 short waits', async () => {
    const early: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const start = performance.now();
      await waitAtLeast(2);
      const took = performance.now() - start;
      if (took < 2) early.push(took);
    }
    expect(early).toEqual([]);
  });
});
