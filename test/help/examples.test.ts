/**
 * The examples on each operation model (shown by help and docs/commands.md) run, each in a sandbox of its own
 * (issue 30, item 2), so that the order of a service's operations in its model file does not matter.
 *
 * What an example reads or changes is made first by replaying the examples of its service's creating
 * operations (the API name starts with `Create`), in registry order: all of them for an operation that does
 * not create, and those before it for one that does (`account create` takes the token that
 * `account-token create` made). The sandbox's ids are seeded, so an id an example names (`get --id`) is the
 * one its creating example makes in a new sandbox.
 */
import { expect, it } from 'vitest';
import type { Operation } from '../../src/models/operation.js';
import { OPERATIONS } from '../../src/models/registry.js';
import { docSandbox } from '../docs/runner.js';

const creates = (op: Operation) => op.name.startsWith('Create');

/** The example command lines replayed before `op`'s examples. */
function setupFor(op: Operation): string[][] {
  const service = OPERATIONS.filter((o) => o.service === op.service);
  const before = creates(op) ? service.slice(0, service.indexOf(op)) : service;
  return before.filter(creates).flatMap((o) => (o.examples ?? []).map((ex) => ex.argv));
}

const examples = OPERATIONS.flatMap((op) =>
  (op.examples ?? []).map((ex) => [`${op.name}: ${ex.title}`, op, ex.argv] as const),
);

it('every operation has at least one example', () => {
  expect(OPERATIONS.filter((op) => (op.examples ?? []).length === 0).map((op) => op.name)).toEqual([]);
});

it.each(examples)('%s', async (_title, op, argv) => {
  const sb = docSandbox();
  try {
    for (const setup of setupFor(op)) {
      const r = await sb.run([...setup]);
      expect({ setup: setup.join(' '), code: r.code, stderr: r.stderr }).toEqual({
        setup: setup.join(' '),
        code: 0,
        stderr: '',
      });
    }
    const r = await sb.run([...argv]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' });
  } finally {
    sb.cleanup();
  }
});
