/**
 * docs/operating-serve.md names every kind a reset takes, as `service reset --kind` (RESET_KINDS) does.
 * Hostile pass 22c: its list had no `meters`, which --kind's help, the library's ResetKind and POST /_svcctl/reset take.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { RESET_KINDS } from '../../src/models/resource-kinds.js';

const DOC = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'operating-serve.md'), 'utf8');

it("the reset section's list of kinds is RESET_KINDS, in its order", () => {
  const at = DOC.indexOf('\nKinds: ');
  expect(at).toBeGreaterThan(0);
  const list = DOC.slice(at, DOC.indexOf('without `--kind`', at));
  // Each kind is a backticked word before the images' parenthesis, or the word images itself.
  const named = [...list.replace(/\([^)]*\)/g, '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
  expect(named).toEqual([...RESET_KINDS]);
});
