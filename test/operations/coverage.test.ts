/** Every operation of the registry has its case table here, named after its command: a new operation adds one. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/models/registry.js';

const dir = join(import.meta.dirname, '.');

describe('per-operation case tables', () => {
  it.each(OPERATIONS.map((op) => [op.name, `${op.paths[0]!.join('-')}.test.ts`] as const))(
    '%s has its table in test/operations/%s',
    (name, file) => {
      const path = join(dir, file);
      expect(existsSync(path), `test/operations/${file}`).toBe(true);
      expect(readFileSync(path, 'utf8')).toContain(`operation: '${name}',`);
    },
  );
});
