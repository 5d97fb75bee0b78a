/**
 * svcctl as a library: `import { serve } from 'svcctl'` starts `svcctl serve` in-process for a test suite
 * (README, "In your own tests"). The types of what the services return are generated from the models
 * (models.ts).
 */
export { serve } from './serve.js';
export type { Principal, ServeHandle, ServeOptions, ServeSettings, SettingName } from './serve.js';
export type { ResetKind } from '../models/resource-kinds.js';
export type { FaultRuleName } from '../models/faults.js';
export type { ServiceSettingName } from '../models/service-settings.js';
/**
 * What serve(), reset() and settings reject with: a bad option or setting (InputError), a configuration serve refuses
 * (ConfigError), a misspelt option or a call after close() (UsageError), an address serve cannot listen on, such as a
 * port already taken (TransportError); each a CliError.
 */
export { CliError, ConfigError, InputError, TransportError, UsageError } from '../core/errors.js';
export type { JournalEntry } from '../backends/embedded/index.js';
export type * from './models.js';
