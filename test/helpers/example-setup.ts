/**
 * What the examples on the operation models need before they run (issue 30, item 2). An example reads or
 * changes what its service's creating operations (the model's `creates`) make, so their examples are
 * replayed first, in registry order: all of them before an operation that does not create, and those before
 * it for one that does (`account create` takes the token that `account-token create` made). In a sandbox
 * with seeded ids (test/docs/runner.ts's `docSandbox`), an id an example names is the one its creating
 * example makes there.
 */
import type { Operation } from '../../src/models/operation.js';
import { OPERATIONS } from '../../src/models/registry.js';

/** The example command lines replayed before `op`'s examples. */
export function exampleSetup(op: Operation): string[][] {
  const service = OPERATIONS.filter((o) => o.service === op.service);
  const before = op.creates ? service.slice(0, service.indexOf(op)) : service;
  return before.filter((o) => o.creates).flatMap((o) => (o.examples ?? []).map((ex) => ex.argv));
}
