/**
 * svcctl as a library: `import { serve } from 'svcctl'` starts `svcctl serve` in-process for a test suite
 * (README, "In your own tests"). The types of what the services return are generated from the models
 * (models.ts).
 */
export { serve } from './serve.js';
export type { Principal, ServeHandle, ServeOptions, ServeSettings } from './serve.js';
export type { JournalEntry } from '../backends/embedded/index.js';
export type * from './models.js';
