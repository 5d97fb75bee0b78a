/**
 * `svcctl store export` and `svcctl store import`: a JSON snapshot of every resource (backends/embedded/
 * snapshot.ts), from and into the SQLite store of $SVCCTL_HOME or a PostgreSQL one (--store,
 * SVCCTL_STORE_URL, the profile's store_url), so that a state moves between the two.
 */
import { jsonNestsDeeper, MAX_NESTING, memberPath, valueProblem } from '../../core/input-rules.js';
import { parseJsonExact, stringifyJsonExact } from '../../core/pynum.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { svcctlHome, type ProcessContext } from '../../core/context.js';
import {
  ConfigError,
  InputError,
  InterruptedError,
  StoreUnavailableError,
  UnknownOptionsError,
  UsageError,
} from '../../core/errors.js';
import { openProfile } from '../../profile/profile.js';
import type { Database } from '../../backends/embedded/store/db.js';
import { openPgStore } from '../../backends/embedded/store/pg-store.js';
import { chooseStoreUrl, maskStoreUrl } from '../../backends/store-url.js';
import {
  exportSnapshot,
  importSnapshot,
  resourceCount,
  type Snapshot,
  snapshotProblem,
} from '../../backends/embedded/store/snapshot.js';
import { asStoreProblem, openStore, storePath } from '../../backends/embedded/store/sqlite-store.js';
import { testHooks } from '../../backends/embedded/test-hooks.js';

export interface SnapshotFlags {
  store?: string;
  file?: string;
  replace?: boolean;
}

function openChosen(
  ctx: ProcessContext,
  flags: SnapshotFlags,
  raw: Record<string, unknown>,
): { db: Database; name: string } {
  const url = chooseStoreUrl(flags.store, ctx.env, () => openProfile(ctx, raw, true).value('store_url'));
  if (url === undefined) {
    const home = svcctlHome(ctx);
    return { db: openStore(home, testHooks(ctx.env)), name: storePath(home) };
  }
  try {
    return { db: openPgStore({ url, hooks: testHooks(ctx.env) }), name: maskStoreUrl(url) };
  } catch (err) {
    if (err instanceof StoreUnavailableError)
      throw new ConfigError(`Unable to reach the store: ${err.message.replace(/ Retry the request\.$/, '')}`);
    throw err;
  }
}

function noWords(words: string[]): void {
  if (words.length > 0) throw new UnknownOptionsError(words);
}

export function storeExport(
  ctx: ProcessContext,
  flags: SnapshotFlags,
  words: string[],
  raw: Record<string, unknown>,
): number {
  noWords(words);
  const { db } = openChosen(ctx, flags, raw);
  let text: string;
  try {
    text = `${stringifyJsonExact(exportSnapshot(db), undefined, 2)}\n`;
  } finally {
    db.close();
  }
  if (flags.file === undefined) {
    ctx.stdout.write(text);
    return 0;
  }
  try {
    // The snapshot holds tokens' and accounts' details and the page-token secret: private, as the store is.
    writeFileSync(flags.file, text, { mode: 0o600 });
  } catch (err) {
    throw new InputError(`Unable to write --file ${flags.file}: ${(err as Error).message}`);
  }
  return 0;
}

export async function storeImport(
  ctx: ProcessContext,
  flags: SnapshotFlags,
  words: string[],
  raw: Record<string, unknown>,
): Promise<number> {
  noWords(words);
  if (flags.file === undefined) throw new UsageError('the following arguments are required: --file');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(flags.file));
  } catch (err) {
    if (err instanceof TypeError)
      throw new InputError(`--file ${flags.file} cannot be imported: it is not valid UTF-8.`);
    throw new InputError(`Unable to read --file ${flags.file}: ${(err as Error).message}`);
  }
  // Depth and text (core/input-rules.ts): the snapshot nests 4 levels, its documents are text of their own.
  if (jsonNestsDeeper(text))
    throw new InputError(`--file ${flags.file} cannot be imported: it nests deeper than ${MAX_NESTING} levels.`);
  let doc: unknown;
  try {
    doc = parseJsonExact(text);
  } catch (err) {
    throw new InputError(`--file ${flags.file} is not JSON: ${(err as Error).message}`);
  }
  const bad = valueProblem(doc);
  if (bad)
    throw new InputError(
      `--file ${flags.file} cannot be imported: ${memberPath('', bad.path).slice(1) || 'it'} ${bad.detail}.`,
    );
  const problem = snapshotProblem(doc);
  if (problem) throw new InputError(`--file ${flags.file} cannot be imported: ${problem}.`);
  // A Ctrl-C while the file was read and checked (synchronous work) is handled here, before anything is
  // written: the import stops (130) with the store as it was. One that comes during the write's transaction
  // (synchronous too) cannot stop it: the import then finishes, says so, and exits 0 (ctx.finished).
  await new Promise((resolve) => setImmediate(resolve));
  if (ctx.signal?.aborted) throw new InterruptedError();
  const { db, name } = openChosen(ctx, flags, raw);
  try {
    const held = flags.replace ? 0 : resourceCount(db);
    if (held > 0)
      throw new ConfigError(
        `The store ${name} already holds ${held} resource rows: import into an empty store, or add --replace to delete them first.`,
      );
    const counts = importSnapshot(db, doc as Snapshot, flags.replace === true);
    ctx.stdout.write(
      `Imported into ${name}: ${Object.entries(counts)
        .map(([t, n]) => `${n} ${t}`)
        .join(', ')}\n`,
    );
    ctx.finished = true;
  } catch (err) {
    throw asStoreProblem(db, name, ctx.env, err);
  } finally {
    db.close();
  }
  return 0;
}
