/**
 * The examples on each operation model (shown by help and docs/commands.md) run, each in a sandbox of its own
 * (issue 30, item 2), so that the order of a service's operations in its model file does not matter.
 *
 * What an example reads or changes is made first by replaying the examples of its service's creating
 * operations (the model's `creates`), in registry order (test/helpers/example-setup.ts). The sandbox's ids
 * are seeded, so an id an example names (`get --id`) is the one its creating example makes in a new sandbox.
 */
import { expect, it } from 'vitest';
import { OPERATIONS } from '../../src/models/registry.js';
import { docSandbox } from '../docs/runner.js';
import { exampleSetup } from '../helpers/example-setup.js';

const examples = OPERATIONS.flatMap((op) =>
  (op.examples ?? []).map((ex) => [`${op.name}: ${ex.title}`, op, ex.argv, ex.needs] as const),
);

it('every operation has at least one example', () => {
  expect(OPERATIONS.filter((op) => (op.examples ?? []).length === 0).map((op) => op.name)).toEqual([]);
});

it.each(examples)('%s', async (_title, op, argv, needs) => {
  const sb = docSandbox();
  try {
    for (const setup of exampleSetup(op)) {
      const r = await sb.run([...setup]);
      expect({ setup: setup.join(' '), code: r.code, stderr: r.stderr }).toEqual({
        setup: setup.join(' '),
        code: 0,
        stderr: '',
      });
    }
    const r = await sb.run([...argv]);
    // An example that needs what no example makes (a pushed image) meets its service's refusal here.
    if (needs !== undefined) expect(r.code, r.stderr).toBe(254);
    else expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  } finally {
    sb.cleanup();
  }
});
