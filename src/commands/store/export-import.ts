/**
 * `svcctl store export` and `svcctl store import`: a JSON snapshot of every resource
 * (backends/embedded/store/snapshot.ts), from and into the SQLite store of $SVCCTL_HOME or a PostgreSQL one (--store,
 * SVCCTL_STORE_URL, the profile's store_url), so that a state moves between the two.
 */
import {
  MAX_NESTING,
  echoPath,
  echoJsonString,
  jsonNestsDeeper,
  memberPath,
  valueProblem,
} from '../../core/input-rules.js';
import { parseJsonExact, stringifyJsonExact } from '../../core/pynum.js';
import { randomUUID } from 'node:crypto';
import { renameSync, rmSync, type Stats, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { givenPath, svcctlHome, type ProcessContext, writeTarget } from '../../core/context.js';
import {
  ConfigError,
  InputError,
  InterruptedError,
  StoreUnavailableError,
  UnknownOptionsError,
  osErrorText,
} from '../../core/errors.js';
import { configPath } from '../../profile/file.js';
import { openProfile } from '../../profile/profile.js';
import { pythonJsonError } from '../../input/python-json.js';
import {
  ConfigTextError,
  decodeConfigText,
  duplicateJsonKey,
  readConfigBytes,
  setTwice,
} from '../../core/config-text.js';
import { chooseStoreUrl } from '../../backends/store-url.js';
import {
  asStoreProblem,
  type Database,
  exportSnapshot,
  importSnapshot,
  openSpecStoreFor,
  resourceCount,
  type Snapshot,
  snapshotProblem,
  ownFileAt,
  specKind,
  specName,
  type StoreSpec,
  type StoreUse,
  storePath,
  testHooks,
} from '../../backends/embedded/index.js';

/** What `store export` and `store import` take, built where commander's flags are read (store.ts). */
export interface SnapshotOptions {
  ctx: ProcessContext;
  /** The words commander left over (none are taken). */
  words: string[];
  /** Every option as parsed, for the profile (`--profile`) that store_url is read from. */
  raw: Record<string, unknown>;
  store?: string;
  file?: string;
  replace?: boolean;
}

/** The store chosen (--store, SVCCTL_STORE_URL, store_url, else $SVCCTL_HOME's), opened for `use`: export reads. */
function chosenSpec({ ctx, store, raw }: SnapshotOptions): StoreSpec {
  const url = chooseStoreUrl(store, ctx.env, () => openProfile(ctx, raw, true).value('store_url'));
  return { home: svcctlHome(ctx), storeUrl: url, hooks: testHooks(ctx.env), oneShot: true };
}

function openChosen(spec: StoreSpec, use: StoreUse): { db: Database; name: string } {
  try {
    return { db: openSpecStoreFor(spec, use), name: specName(spec) };
  } catch (err) {
    if (err instanceof StoreUnavailableError)
      throw new ConfigError(`Unable to reach the store: ${err.message.replace(/ Retry the request\.$/, '')}`);
    throw err;
  }
}

function noWords(words: string[]): void {
  if (words.length > 0) throw new UnknownOptionsError(words);
}

/**
 * The global flags these commands cannot honour are refused, not ignored (issue 44). --endpoint-url: the
 * snapshot is of a store, never of what an endpoint serves, so `--endpoint-url http://ci:4566 store import
 * --replace` must not replace the local store. A configured endpoint (SVCCTL_ENDPOINT_URL, the profile's
 * endpoint_url) is not read: it names where the other commands go, often a serve on this same store.
 * --query and an --output other than json: the snapshot is written whole as JSON, and import prints one line;
 * the profile's output setting is not read either.
 */
function notUsed(sub: 'export' | 'import', raw: Record<string, unknown>): void {
  if (typeof raw.endpointUrl === 'string' && raw.endpointUrl !== '')
    throw new InputError(
      `store ${sub} works on a store, not through an endpoint: --endpoint-url is not used by it. ` +
        'Leave --endpoint-url out for the SQLite store of $SVCCTL_HOME, or give --store postgres://… for a PostgreSQL one.',
    );
  const named =
    raw.query !== undefined
      ? '--query'
      : raw.output !== undefined && raw.output !== 'json'
        ? `--output ${String(raw.output)}`
        : undefined;
  if (named === undefined) return;
  throw new InputError(
    sub === 'export'
      ? `store export does not take ${named}: the snapshot is written whole, as JSON.`
      : `store import does not take ${named}: it prints one line, what it imported.`,
  );
}

/**
 * The snapshot into --file: a regular file (or none yet) is replaced whole, by a private temporary file
 * renamed over it, so that a write cut short (a full disk) leaves the file as it was and an existing
 * readable file does not keep its mode; a symbolic link's file is the one replaced. A device or FIFO
 * (`/dev/stdout`) is written as it is.
 */
function writeSnapshot(path: string, text: string): void {
  let st: Stats | undefined;
  try {
    st = statSync(path);
  } catch {
    st = undefined; // nothing there yet: the write says why it cannot
  }
  if ((st !== undefined && !st.isFile()) || path.endsWith('/')) {
    try {
      writeFileSync(path, text); // a directory, or a path ending in / (givenPath keeps it), answers EISDIR here
    } catch (err) {
      // A pipe's reader that went away (`--file /dev/stdout | head`, a FIFO) chose to stop, as `store export | head`'s
      // does: not an error (compat.md #40); it was 252 '[Errno 32] Broken pipe' (hostile pass 21b).
      if ((err as NodeJS.ErrnoException).code === 'EPIPE' && (st?.isFIFO() || st?.isSocket())) return;
      throw err;
    }
    return;
  }
  const target = writeTarget(path); // a dangling link's file is made through it, as open() makes it
  const tmp = join(dirname(target), `.${basename(target)}.${randomUUID()}.tmp`);
  try {
    writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

export function storeExport(flags: SnapshotOptions): number {
  const { ctx } = flags;
  noWords(flags.words);
  notUsed('export', flags.raw);
  const spec = chosenSpec(flags);
  // Never over the store it reads, nor $SVCCTL_HOME's when it reads a PostgreSQL one: the rename replaced the store
  // with its snapshot, exit 0 (hostile pass 18a). Nor over svcctl's config ($SVCCTL_HOME/config, keys among its
  // settings).
  const home = storePath(spec.home);
  const own = flags.file === undefined ? undefined : ownFileAt(ctx.cwd, flags.file, configPath(ctx), [home]);
  if (own?.kind === 'config')
    throw new InputError(
      `Unable to write --file ${echoPath(flags.file!)}: it is svcctl's config file (${echoPath(own.file)}): give --file another file.`,
    );
  if (own !== undefined)
    throw new InputError(
      `Unable to write --file ${echoPath(flags.file!)}: it is ${specKind(spec) === 'sqlite' ? 'the store being exported' : "$SVCCTL_HOME's store"} (${echoPath(home)}), or a file SQLite keeps beside it: give --file another file.`,
    );
  const { db } = openChosen(spec, 'read');
  let text: string;
  let images: number;
  try {
    text = `${stringifyJsonExact(exportSnapshot(db), undefined, 2)}\n`;
    images = Number((db.prepare('SELECT count(*) AS n FROM images').get() as { n: number | string }).n);
  } finally {
    db.close();
  }
  // Said where the user looks, not only in --help: a snapshot does not carry serve's registry.
  if (images > 0)
    ctx.stderr.write(
      `The snapshot holds no image of serve's registry: the ${images} image${images === 1 ? '' : 's'} of this store (manifests, tags and blobs) stay in it; store import does not bring them.\n`,
    );
  if (flags.file === undefined) {
    ctx.stdout.write(text);
    return 0;
  }
  try {
    // The snapshot holds tokens' and accounts' details and the page-token secret: private, as the store is.
    writeSnapshot(givenPath(flags.ctx.cwd, flags.file), text); // the command's directory, as every path it is given
  } catch (err) {
    throw new InputError(
      `Unable to write --file ${echoPath(flags.file)}: ${osErrorText(err as NodeJS.ErrnoException)}`,
    );
  }
  return 0;
}

/**
 * The most `store import` reads: a snapshot is JSON text, and past this its text is longer than the longest
 * string V8 holds (2^29 - 24 characters), so it could not be parsed anyway.
 */
const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024 - 64;

export async function storeImport(flags: SnapshotOptions): Promise<number> {
  const { ctx } = flags;
  noWords(flags.words);
  notUsed('import', flags.raw);
  // Given: a required option (store.ts), checked before any command runs (cli/program.ts).
  if (flags.file === undefined) throw new Error('store import: --file is required');
  let bytes: Buffer;
  try {
    // Bounded: /dev/zero or an endless FIFO stops at the bound instead of growing until memory runs out.
    bytes = readConfigBytes(givenPath(flags.ctx.cwd, flags.file), MAX_SNAPSHOT_BYTES);
  } catch (err) {
    throw new InputError(`Unable to read --file ${echoPath(flags.file)}: ${osErrorText(err as NodeJS.ErrnoException)}`);
  }
  let text: string;
  try {
    // Strict UTF-8, a bad byte named by its line and character, as every file svcctl reads (core/config-text.ts).
    text = decodeConfigText(bytes);
  } catch (err) {
    if (!(err instanceof ConfigTextError)) throw err;
    throw new InputError(`--file ${echoPath(flags.file)} cannot be imported: ${err.message}.`);
  }
  // Depth and text (core/input-rules.ts): the snapshot nests 4 levels, its documents are text of their own.
  if (jsonNestsDeeper(text))
    throw new InputError(
      `--file ${echoPath(flags.file)} cannot be imported: it nests deeper than ${MAX_NESTING} levels.`,
    );
  let doc: unknown;
  try {
    doc = parseJsonExact(text);
  } catch (err) {
    throw new InputError(
      `--file ${echoPath(flags.file)} is not JSON: ${pythonJsonError(text, false) ?? (err as Error).message}`,
    );
  }
  // A key given twice: JSON.parse keeps the last, so a hand-edited table or member given twice would lose the
  // first without a word (and --replace then write over the store). Refused with both lines, as every file
  // svcctl reads refuses one (core/config-text.ts).
  const dup = duplicateJsonKey(text);
  if (dup)
    throw new InputError(
      `--file ${echoPath(flags.file)} cannot be imported: line ${dup.line}: ${setTwice(echoJsonString(dup.key), dup.first)}.`,
    );
  const bad = valueProblem(doc);
  if (bad)
    throw new InputError(
      `--file ${echoPath(flags.file)} cannot be imported: ${memberPath('', bad.path).slice(1) || 'it'} ${bad.detail}.`,
    );
  const problem = snapshotProblem(doc);
  if (problem) throw new InputError(`--file ${echoPath(flags.file)} cannot be imported: ${problem}.`);
  // A Ctrl-C while the file was read and checked (synchronous work) is handled here, before anything is
  // written: the import stops (130) with the store as it was. One that comes during the write's transaction
  // (synchronous too) cannot stop it: the import then finishes, says so, and exits 0 (ctx.finished).
  await new Promise((resolve) => setImmediate(resolve));
  if (ctx.signal?.aborted) throw new InterruptedError();
  const { db, name } = openChosen(chosenSpec(flags), 'write');
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
