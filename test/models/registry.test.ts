/** The operation registry: each key names its own model (tsc checks that every operation has a handler). */
import { describe, expect, it } from 'vitest';
import { MODELS, OPERATIONS } from '../../src/models/registry.js';

describe('MODELS', () => {
  for (const [name, model] of Object.entries(MODELS)) it(name, () => expect(model.name).toBe(name));
  it('OPERATIONS lists each model once', () => expect(OPERATIONS.map((op) => op.name)).toEqual(Object.keys(MODELS)));
});
