/** The examples on each operation model (shown by help and docs/commands.md) run, in model order, in one sandbox. */
import { afterAll, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/models/registry.js';
import { docSandbox } from '../docs/runner.js';

const sb = docSandbox();
afterAll(() => sb.cleanup());

const examples = OPERATIONS.flatMap((op) =>
  (op.examples ?? []).map((ex) => [`${op.name}: ${ex.title}`, ex.argv] as const),
);

it('every operation has at least one example', () => {
  expect(OPERATIONS.filter((op) => (op.examples ?? []).length === 0).map((op) => op.name)).toEqual([]);
});

it.each(examples)('%s', async (_title, argv) => {
  const r = await sb.run([...argv]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
});
