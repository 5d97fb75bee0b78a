import { afterAll, beforeAll } from 'vitest';
import { type Harness, harness } from '../helpers/harness.js';
import { contractSuite } from './contract-suite.js';

let h: Harness;
beforeAll(async () => {
  h = await harness();
});
afterAll(async () => h.close());

contractSuite('the same scenarios through the local backend and through HTTP to svcctl serve (one store)', () => h);
