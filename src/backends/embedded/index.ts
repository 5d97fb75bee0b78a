/**
 * The embedded service's front door (issue 40): the one module of backends/embedded/ that code outside it
 * imports (test/architecture/layers.test.ts fails on an import past it). Inside, `store/` holds the drivers,
 * the pool and the snapshots, `handlers/` the resource handlers, and the files beside them the service's
 * policy: the gate, faults, idempotency, leases, versions, service settings, the journal, admin reads.
 */
export {
  EmbeddedBackend,
  EmbeddedService,
  handlerOf,
  type ServiceOptions,
} from './embedded.js';
export { actOnFault, FAULT_FIRED, type FiredFault } from './faults.js';
export { awsValidationError, type HandlerContext } from './handlers/handler.js';
export { parseKey, v2Error } from './handlers/stripe.js';
export { DEFAULT_JOURNAL_SIZE, type JournalEntry, type JournalRecord, listEntries } from './journal.js';
export { HOLD_ENDED } from './leases.js';
export {
  type KindSummary,
  listResources,
  RESET_KINDS,
  RESOURCE_KINDS,
  type ResetCounts,
  type Resource,
  type ResourceKind,
  resetStore,
  resetTakesKeys,
} from './resources.js';
export { parseSettingsFile } from './settings-file.js';
export {
  checkPair,
  checkPairs,
  checkSetting,
  knownSetting,
  resetSettings,
  settingName,
  settingValues,
  writeSettings,
} from './settings-store.js';
export type { Database } from './store/db.js';
export {
  asStoreProblem,
  openEmbeddedStore,
  openSpecStore,
  openSpecStoreFor,
  type StoreSpec,
  type StoreUse,
  specKind,
  specName,
  storePlace,
  withEmbeddedStore,
} from './store/open.js';
export {
  CHUNK_BYTES,
  type Piece,
  RECLAIM_EVERY_MS,
  type RegistryRequest,
  type RepoRef,
  referencedReason,
  segmentOf,
  type StoredImage,
  type Upload,
} from './store/registry-store.js';
export { checkCreatable, checkStoreFile, ownFileAt, storePath } from './store/store-file.js';
export { exportSnapshot, importSnapshot, resourceCount, type Snapshot, snapshotProblem } from './store/snapshot.js';
export { testHooks, type TestHooks } from './test-hooks.js';
export { readVersion, type VersionReading } from './versions.js';
